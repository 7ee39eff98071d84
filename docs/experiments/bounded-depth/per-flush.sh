#!/usr/bin/env bash
# The most writes of one record after each of flushes 1..100 (count model, k = 4), Binomial and MinLatency against
# the bounded-depth optimum d (the smallest d with C(d + k, k) - 1 >= n), for docs/experiments.md. Usage: per-flush.sh
# from the repository root (SPATIAL_LSM overrides the command); prints the runs of n with equal values. Seconds.
set -euo pipefail
cmd=${SPATIAL_LSM:-./scripts/spatial-lsm}
k=4
n=100
writes() {
  $cmd simulate --policy "$1" --param k=$k --flushes $n --format json | jq -r 'select(.flush) | .maxWritesPerRecord'
}
optimum() {
  awk -v k=$k -v n=$n 'function c(a, b,  r, i) { r = 1; for (i = 1; i <= b; i++) r = r * (a - b + i) / i; return r }
    BEGIN { d = 1; for (t = 1; t <= n; t++) { while (c(d + k, k) - 1 < t) d++; print d } }'
}
echo "flushes,optimum d,binomial,min-latency"
paste -d, <(seq $n) <(optimum) <(writes binomial) <(writes min-latency) \
  | awk -F, '{ key = $2 "," $3 "," $4 } key != last { if (NR > 1) print from "-" prev "," last; from = $1 }
      { last = key; prev = $1 } END { print from "-" prev "," last }'
