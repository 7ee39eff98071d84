#!/usr/bin/env bash
# The merge-policy study on the primary index (Mao's dissertation, chapter 3), as recorded in docs/experiments.md:
# append-only and update-heavy loads, eight policies, leveled with the chapter's B0 = 2, B = 4 (Table 4.1's column),
# 60 equal flushes per index partition. Needs a running cluster (./scripts/start --config experiment); run it from
# the repository root. Writes results/merge-policies-<time>/ for each workload.
set -euo pipefail
common=(--scale small --out results
  --param records=120000 --param recordsPerFlush=2000 --param lookups=3
  --param policyParameters=level0-components=2,size-ratio=4)
for workload in "$@"; do
  ./scripts/spatial-lsm experiment merge-policies "${common[@]}" --param workload="$workload"
done
