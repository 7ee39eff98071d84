#!/usr/bin/env bash
# Repeated CREATE INDEX of each organisation on one dataset of 400,000 tweets (loaded once by bench index-join,
# kept), in alternating order, against the running cluster (./scripts/start --config experiment); prints CSV
# (rep, organisation, milliseconds as the client sees them, the load average). For docs/experiments.md.
# Run from the repository root; the scratch dataverse is dropped at the end.
set -uo pipefail
D=./scripts/spatial-lsm
start=$(date -u +%s)
$D bench index-join --records 400000 --indexes rtree --joins 1 --warm-up-joins 0 --radius 0.001 --keep
echo "loaded after $(( $(date -u +%s) - start )) s"
q() { curl -s --max-time 900 --data-urlencode "statement=$1" http://127.0.0.1:19002/query/service; }
W='{"merge-policy": {"name": "binomial", "parameters": {"k": 8}}}'
declare -A T=([rtree]="TYPE RTREE" [dhb]="TYPE DHBTREE" [dhvb]="TYPE DHVBTREE" \
  [shb]="TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m)" [sif]="TYPE SIF(-180.0, -90.0, 180.0, 90.0)")
echo "rep,organisation,create_ms,load1"
for rep in 1 2 3; do
  if [ $((rep % 2)) = 1 ]; then order="rtree dhb dhvb shb sif"; else order="sif shb dhvb dhb rtree"; fi
  for o in $order; do
    q "DROP INDEX SpatialLsmIndexJoinBench.Data.spatialIndex IF EXISTS;" > /dev/null
    t0=$(date +%s%N)
    r=$(q "USE SpatialLsmIndexJoinBench; CREATE INDEX spatialIndex ON Data(\`sender-location\`) ${T[$o]} WITH $W;")
    t1=$(date +%s%N)
    echo "$rep,$o,$(( (t1 - t0) / 1000000 )),$(cut -d' ' -f1 /proc/loadavg)"
    echo "$r" | grep -q '"status": "success"' || echo "FAILED: $r" >&2
  done
done
q "DROP DATAVERSE SpatialLsmIndexJoinBench IF EXISTS;" > /dev/null
echo "done after $(( $(date -u +%s) - start )) s"
