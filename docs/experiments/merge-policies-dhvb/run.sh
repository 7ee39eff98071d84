#!/usr/bin/env bash
# The merge-policy study on a DHVB-tree, as recorded in docs/experiments.md: half the primary study's reduced scale (20
# equal flushes of 500 records of 200 bytes, append-only, hashed keys), each record with a point uniform over the
# globe, indexed by a DHVB-tree under Binomial (its default k = 4) and under Leveled B0 = 2, B = 4, beside a
# primary index under Binomial k = 8. No point lookups: they would search the primary index, not the DHVB-tree.
# Needs a running cluster (./scripts/start --config experiment); run it from the repository root. Writes
# results/merge-policies-<time>/.
set -euo pipefail
./scripts/spatial-lsm experiment merge-policies --scale small --out results \
  --param records=10000 --param recordsPerFlush=500 --param recordBytes=200 --param lookups=0 \
  --param policyParameters=level0-components=2,size-ratio=4 --param workload=append --param index=dhvb \
  --param policies=binomial,leveled
