#!/usr/bin/env bash
# kNN queries at I/O-bound scale through the three index organisations that knn-medium-io-bound left out, as recorded
# in docs/experiments.md ("Recorded run: knn at medium scale, I/O-bound"): the medium preset's 500,000 records of 1 KB
# in two rounds (250,000, then 500,000), 20 query points per k, plan and round instead of medium's 50, and the DHB,
# SHB and SIF indexes, on uniform and osm-like points. Needs a running cluster (./scripts/start --config experiment:
# a buffer cache of 4 MB per node); run it from the repository root. Writes results/knn-<time>/.
set -euo pipefail
./scripts/spatial-lsm experiment knn --scale medium --out results \
  --param queries=20 --param indexes=dhb,shb,sif
