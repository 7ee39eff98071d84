#!/usr/bin/env bash
# Repeated CREATE INDEX of each organisation on one dataset of 400,000 tweets (loaded once by bench index-join,
# kept), in alternating order, against the running cluster (./scripts/start --config experiment). Writes to OUT_DIR
# (default: this script's folder) rebuilds.csv (rep, organisation, milliseconds as the client sees them, the load
# average) and build-phases.csv: per index partition, the phases of the organisations' bulk loader, from the
# "spatial-lsm bulk load:" lines it logs at INFO in the nodes' logs (one per partition and CREATE INDEX, taken in
# job order; the R-tree, AsterixDB's own, logs none). `rebuilds.sh --phases` only extracts build-phases.csv again
# from the logs and rebuilds.csv. For docs/experiments.md. Run from the repository root; the scratch dataverse is
# dropped at the end.
set -uo pipefail
D=./scripts/spatial-lsm
out=${OUT_DIR:-$(dirname "$0")}
logs=${SPATIAL_LSM_VAR:-./var}/logs
keys="tuples entries runs spilledBytes waitMs receiveMs bufferMs spillMs mergeMs loadMs btreeEndMs totalMs"

# The loader's lines of every node, by job number then partition, as "partition k=v ...".
phase_lines() {
  cat "$logs"/nc-*.log | grep -a 'spatial-lsm bulk load:' \
    | sed -E 's/.*JID:[0-9]+\.([0-9]+):.*index=[^ ]*\/(partition_[0-9]+)\/[^ ]* (.*)/\1 \2 \3/' | sort -k1,1n -k2,2
}

# Pairs the organisations' CREATE INDEX rows of rebuilds.csv, in order, with the loader's lines of their jobs.
phases() {
  echo "rep,organisation,partition,${keys// /,}"
  local partitions
  partitions=$(phase_lines | awk '{print $2}' | sort -u | wc -l)
  paste -d' ' <(tail -n +2 "$out/rebuilds.csv" | grep -v ',rtree,' | cut -d, -f1,2 \
      | while read -r row; do for ((p = 0; p < partitions; p++)); do echo "$row"; done; done) \
    <(phase_lines | cut -d' ' -f2-) \
    | while read -r row partition line; do
        values=$(for k in $keys; do sed -E "s/(^| )$k=([0-9]+).*/\n\2/; s/.*\n//" <<< " $line"; done | paste -sd,)
        echo "$row,$partition,$values"
      done
}

if [ "${1:-}" = --phases ]; then
  phases > "$out/build-phases.csv"
  exit 0
fi
start=$(date -u +%s)
$D bench index-join --records 400000 --indexes rtree --joins 1 --warm-up-joins 0 --radius 0.001 --keep
echo "loaded after $(( $(date -u +%s) - start )) s"
q() { curl -s --max-time 900 --data-urlencode "statement=$1" http://127.0.0.1:19002/query/service; }
W='{"merge-policy": {"name": "binomial", "parameters": {"k": 8}}}'
declare -A T=([rtree]="TYPE RTREE" [dhb]="TYPE DHBTREE" [dhvb]="TYPE DHVBTREE" \
  [shb]="TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m)" [sif]="TYPE SIF(-180.0, -90.0, 180.0, 90.0)")
echo "rep,organisation,create_ms,load1" > "$out/rebuilds.csv"
for rep in 1 2 3; do
  if [ $((rep % 2)) = 1 ]; then order="rtree dhb dhvb shb sif"; else order="sif shb dhvb dhb rtree"; fi
  for o in $order; do
    q "DROP INDEX SpatialLsmIndexJoinBench.Data.spatialIndex IF EXISTS;" > /dev/null
    t0=$(date +%s%N)
    r=$(q "USE SpatialLsmIndexJoinBench; CREATE INDEX spatialIndex ON Data(\`sender-location\`) ${T[$o]} WITH $W;")
    t1=$(date +%s%N)
    echo "$rep,$o,$(( (t1 - t0) / 1000000 )),$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/rebuilds.csv"
    echo "$r" | grep -q '"status": "success"' || echo "FAILED: $r" >&2
  done
done
q "DROP DATAVERSE SpatialLsmIndexJoinBench IF EXISTS;" > /dev/null
phases > "$out/build-phases.csv"
echo "done after $(( $(date -u +%s) - start )) s"
