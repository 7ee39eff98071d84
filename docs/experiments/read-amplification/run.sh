#!/usr/bin/env bash
# Components opened, components in the index, and pages read per window query, per round and sigma, from a
# spatial-policies run folder, for docs/experiments.md ("Components opened, pages read and latency per window").
# Usage: run.sh [RUN_FOLDER] from the repository root (default: the committed medium run). Prints CSV.
set -euo pipefail
run=${1:-docs/experiments/spatial-policies-20261127-104625-medium}
echo "configuration,round,sigma,queries,components opened,components in the index,pages read,p50 ms"
for queries in "$run"/*/queries.csv; do
  configuration=$(basename "$(dirname "$queries")")
  # Columns: phase,query_kind,sigma,query_no,latency_ms,results,components_opened,components_skipped,pages_read
  tail -n +2 "$queries" | sort -t, -k1,1 -k3,3n -k5,5g | awk -F, -v c="$configuration" '
    function emit() {
      if (n == 0) return
      printf "%s,%s,%s,%d,%.2f,%.1f,%.2f,%.1f\n", c, substr(key, 6), sigma, n, opened / n, total / n, pages / n,
          latency[int((n + 1) / 2)]
    }
    { k = $1 "|" $3 }
    k != key { emit(); key = $1; sigma = $3; n = opened = total = pages = 0; delete latency; key = $1 "|" $3 }
    { n++; opened += $7; total += $7 + $8; pages += $9; latency[n] = $5 }
    END { emit() }' | sed -E 's/^([^,]*),([^|]*)\|[^,]*,/\1,\2,/'
done
