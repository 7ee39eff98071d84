#!/usr/bin/env bash
# The Bloom filters of the primary index under the merge-policy study's load, as recorded in docs/experiments.md:
# the primary study's reduced scale (40 equal flushes of 500 records of 200 bytes, three point lookups of existing
# records per flush), append-only, so that every INSERT's duplicate check looks up a key the index does not hold;
# Binomial k = 4 (a stack) against Leveled B0 = 2, B = 4. point-lookups.csv of each configuration holds the counts.
# Needs a running cluster (./scripts/start --config experiment); run it from the repository root. Writes
# results/merge-policies-<time>/.
set -euo pipefail
./scripts/spatial-lsm experiment merge-policies --scale small --out results \
  --param records=20000 --param recordsPerFlush=500 --param recordBytes=200 --param lookups=3 \
  --param policyParameters=level0-components=2,size-ratio=4 --param workload=append \
  --param policies=binomial,leveled
