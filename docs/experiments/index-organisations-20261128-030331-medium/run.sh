#!/usr/bin/env bash
# Kim's organisations on points at the medium preset, I/O-bound, as recorded in docs/experiments.md ("Recorded run:
# index-organisations at medium scale, I/O-bound"): 1,000,000 tweets of 1 KB in 50 flushes of 20,000, the R-tree,
# DHB, DHVB, SHB (2^30 cells) and SIF, index-only selects and joins. Needs a running cluster
# (./scripts/start --config experiment: a buffer cache of 4 MB per node); run it from the repository root. Writes
# results/index-organisations-<time>/. Tables: docs/experiments/kim-organisations/summarise.py RUN_FOLDER.
set -euo pipefail
./scripts/spatial-lsm experiment index-organisations --scale medium --out results
