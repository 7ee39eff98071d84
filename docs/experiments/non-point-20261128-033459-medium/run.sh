#!/usr/bin/env bash
# Kim's rectangles (houses, lakes) at the medium preset, I/O-bound, as recorded in docs/experiments.md ("Recorded
# run: non-point at medium scale, I/O-bound"): 1,000,000 tweets of 1 KB with a square each, in 50 flushes of
# 20,000, the R-tree against the SHB-tree (2^30 cells), index-only selects and joins. Needs a running cluster
# (./scripts/start --config experiment: a buffer cache of 4 MB per node); run it from the repository root. Writes
# results/non-point-<time>/. Tables: docs/experiments/kim-organisations/summarise.py RUN_FOLDER.
set -euo pipefail
./scripts/spatial-lsm experiment non-point --scale medium --out results
