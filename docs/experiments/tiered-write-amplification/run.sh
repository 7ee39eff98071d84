#!/usr/bin/env bash
# Tiered's write amplification against its unit, for docs/experiments.md ("The published results beside ours"):
# the count model at the spatial study's R-tree flush count (about 1,200), B = 4 and 10, unit = high-bucket x the
# mean flush. Usage: run.sh (from the repository root; FLUSHES and SPATIAL_LSM override the defaults).
set -euo pipefail
flushes=${FLUSHES:-1200}
cmd=${SPATIAL_LSM:-./scripts/spatial-lsm}
echo "high-bucket,size-ratio,W,W_logged,average components"
for high_bucket in 1.2 6 12 24 30 33 36 38 40 42 45 48 60 100; do
  for size_ratio in 4 10; do
    $cmd simulate --policy tiered --param size-ratio="$size_ratio" --param high-bucket="$high_bucket" \
        --flushes "$flushes" --every "$flushes" --format json | tail -1 \
      | jq -r --arg hb "$high_bucket" --arg b "$size_ratio" \
          '.summary | [$hb, $b, .writeAmplification, .writeAmplificationLogged, .readAmplification] | @csv'
  done
done
