#!/usr/bin/env bash
# Two builds of the bulk loader on one dataset: CREATE INDEX of SIF and SHB with asterixdb-extension's jar BEFORE,
# then AFTER, then BEFORE and AFTER again, restarting the cluster to swap the jar; the data stays. SIF goes first in
# the first two rounds, SHB in the last two. For docs/experiments.md ("Where a CREATE INDEX spends its time").
#
# usage: loader-sort.sh DIST BEFORE_JAR AFTER_JAR [RECORDS]
#   DIST        a built distribution (distribution/target/spatial-lsm-<version>) that this script may change: its
#               repo/asterixdb-extension-*.jar is replaced by BEFORE_JAR or AFTER_JAR for each round
#   RECORDS     tweets loaded once by 'bench index-join --keep' (default 400000); 0 reuses the data that an
#               interrupted run left in SPATIAL_LSM_VAR
#   SPATIAL_LSM_VAR   the cluster's data and logs (required: a scratch directory, emptied first unless RECORDS is 0)
#   SPATIAL_LSM_START_TIMEOUT  seconds a restart may take to become ACTIVE (default here 600: restarts under load)
#   OUT_DIR     where loader-sort.csv goes (default: this script's folder)
# Writes loader-sort.csv: one row per index partition and CREATE INDEX: the build, round, organisation, the
# statement's milliseconds as the client sees them, the 1-minute load average after it, then the loader's
# "spatial-lsm bulk load:" line's values (from the nodes' logs). Start it in a network namespace of its own.
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: loader-sort.sh DIST BEFORE_JAR AFTER_JAR [RECORDS]" >&2; exit 2; }
dist=$1 before=$2 after=$3 records=${4:-400000}
: "${SPATIAL_LSM_VAR:?set SPATIAL_LSM_VAR to a scratch directory}"
out=${OUT_DIR:-$(dirname "$0")}
keys="tuples entries runs spilledBytes waitMs receiveMs bufferMs spillMs mergeMs loadMs btreeEndMs totalMs"
jar=$(ls "$dist"/repo/asterixdb-extension-*.jar)
export SPATIAL_LSM_START_TIMEOUT=${SPATIAL_LSM_START_TIMEOUT:-600}
[ "$records" = 0 ] || { rm -rf "$SPATIAL_LSM_VAR" && mkdir -p "$SPATIAL_LSM_VAR"; }

start() {
  cp "$1" "$jar"
  "$dist/bin/start-cluster" "$dist/cluster-conf/experiment" > /dev/null || exit 1
}
stop() { "$dist/bin/stop-cluster" > /dev/null; }
q() { curl -s --max-time 1800 --data-urlencode "statement=$1" http://127.0.0.1:19002/query/service; }
declare -A seen
mark_logs() { for f in "$SPATIAL_LSM_VAR"/logs/nc-*.log; do seen[$f]=$(wc -l < "$f"); done; }
# The loader's lines that the nodes logged since mark_logs.
new_loader_lines() {
  for f in "$SPATIAL_LSM_VAR"/logs/nc-*.log; do tail -n +$((${seen[$f]:-0} + 1)) "$f"; done \
    | grep -a 'spatial-lsm bulk load:'
}

declare -A T=([shb]="TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m)" \
  [sif]="TYPE SIF(-180.0, -90.0, 180.0, 90.0)")
W='{"merge-policy": {"name": "binomial", "parameters": {"k": 8}}}'
echo "build,round,organisation,create_ms,load1,partition,${keys// /,}" > "$out/loader-sort.csv"
t0=$(date -u +%s)
start "$before"
if [ "$records" != 0 ]; then
  "$dist/bin/spatial-lsm" bench index-join --records "$records" --indexes rtree --joins 1 --warm-up-joins 0 \
    --radius 0.001 --keep > /dev/null
  echo "loaded $records tweets after $(( $(date -u +%s) - t0 )) s"
fi
round=0
for build in before after before after; do
  round=$((round + 1))
  [ $round -gt 1 ] && { stop; start "$([ $build = before ] && echo "$before" || echo "$after")"; }
  # Each build runs each organisation first once: the first CREATE INDEX after a restart runs cold.
  if [ $round -le 2 ]; then order="sif shb"; else order="shb sif"; fi
  for o in $order; do
    q "DROP INDEX SpatialLsmIndexJoinBench.Data.spatialIndex IF EXISTS;" > /dev/null
    mark_logs
    s=$(date +%s%N)
    r=$(q "USE SpatialLsmIndexJoinBench; CREATE INDEX spatialIndex ON Data(\`sender-location\`) ${T[$o]} WITH $W;")
    ms=$(( ($(date +%s%N) - s) / 1000000 ))
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "$r" | grep -q '"status": "success"' || echo "FAILED: $r" >&2
    sleep 2 # the nodes' log lines are flushed
    new_loader_lines | while read -r line; do
      partition=$(sed -E 's/.*index=[^ ]*\/(partition_[0-9]+)\/.*/\1/' <<< "$line")
      values=$(for k in $keys; do sed -E "s/.*( )$k=([0-9]+).*/\2/" <<< "$line"; done | paste -sd,)
      echo "$build,$round,$o,$ms,$load,$partition,$values"
    done | tee -a "$out/loader-sort.csv"
  done
done
q "DROP DATAVERSE SpatialLsmIndexJoinBench IF EXISTS;" > /dev/null
stop
echo "done after $(( $(date -u +%s) - t0 )) s"
