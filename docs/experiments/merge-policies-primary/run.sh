#!/usr/bin/env bash
# The merge-policy study on the primary index (Mao's dissertation, chapter 3), as recorded in docs/experiments.md:
# 40 equal flushes of 500 records of 200 bytes, three point lookups per flush, leveled with the chapter's B0 = 2,
# B = 4 (Table 4.1's column). First the append-only load under eight policies, then the update-heavy load under
# four. Needs a running cluster (./scripts/start --config experiment); run it from the repository root. Writes
# results/merge-policies-<time>/ per load.
set -euo pipefail
common=(--scale small --out results
  --param records=20000 --param recordsPerFlush=500 --param recordBytes=200 --param lookups=3
  --param policyParameters=level0-components=2,size-ratio=4)
./scripts/spatial-lsm experiment merge-policies "${common[@]}" --param workload=append
./scripts/spatial-lsm experiment merge-policies "${common[@]}" --param workload=update \
  --param policies=binomial,min-latency,tiered,leveled
