#!/usr/bin/env bash
# The stack policies' write amplification at 1,000 flushes and k = 3, 4, 10 (count model), for the comparison with
# the bounded-depth optimum in docs/experiments.md. Usage: run.sh (from the repository root; SPATIAL_LSM overrides
# the command).
set -euo pipefail
cmd=${SPATIAL_LSM:-./scripts/spatial-lsm}
echo "policy,k,W,W_logged,max components,max writes per record"
for policy in min-latency binomial bigtable exploring constant-all; do
  for k in 3 4 10; do
    $cmd simulate --policy "$policy" --param k="$k" --flushes 1000 --every 1000 --format json | tail -1 \
      | jq -r --arg p "$policy" --arg k "$k" \
          '.summary | [$p, $k, .writeAmplification, .writeAmplificationLogged, .maxReadAmplification,
            .maxWritesPerRecord] | @csv'
  done
done
