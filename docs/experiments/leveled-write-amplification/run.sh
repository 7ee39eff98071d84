#!/usr/bin/env bash
# The leveled write-amplification runs of docs/experiments.md ("The published results beside ours"): the four
# leveled configurations of the spatial study's Table 3, each under variants that change one decision at a time.
# Usage: run.sh OUT.jsonl [VARIANT_PATTERN [CONFIG_PATTERN [DISTRIBUTIONS [ORDER_PATTERN]]]] from the repository
# root (patterns are bash regular expressions; DISTRIBUTIONS defaults to "uniform osm-like", ORDER_PATTERN to
# '^random$', the simulator's default record order; RECORDS and PER_FLUSH override the scale, SPATIAL_LSM the
# command). Appends one JSON line per run: the simulator's summary plus "variant", "config" and "order".
set -euo pipefail
out=${1:?usage: run.sh OUT.jsonl [VARIANT_PATTERN]}
pattern=${2:-.}
config_pattern=${3:-.}
distributions=${4:-uniform osm-like}
order_pattern=${5:-^random$}
records=${RECORDS:-250000}
per_flush=${PER_FLUSH:-500}
cmd=${SPATIAL_LSM:-./scripts/spatial-lsm}
fork_grove="--partitioner-param alpha=1 --partitioner-param fallback=fork-strip"
half_cap="--param max-component-entries=$((per_flush / 2))"

configs=(
  "size-simple|--partitioning size --comparator simple"
  "str|--partitioning str --comparator hilbert"
  "size-hilbert|--partitioning size --comparator hilbert"
  "rstar-grove|--partitioning rstar-grove-area --comparator hilbert"
)
# variant|extra arguments for every configuration|for size partitioning only|for R*-Grove only
variants=(
  "default|||"
  "rewrite|--param rewrite=true||"
  "absolute|--param overlap-mode=absolute||"
  "pick-min-overlap-by-centre|--param pick=min-overlap-by-centre||"
  "cap-1.25-flush|--param max-component-entries=$((per_flush * 5 / 4))||"
  "size-half-cap||$half_cap|"
  "rstar-grove-fork|||$fork_grove"
  "study-code|--param rewrite=true --param pick=min-overlap-by-centre|$half_cap|$fork_grove"
)
# The insert phase's record order (docs/leveled.md, "Spatial mode"): random is id order, the others spatially ordered
# inputs a file or a feed could produce.
orders=(
  "random|"
  "hilbert|--record-order hilbert"
  "sorted-x|--record-order sorted-x"
  "hilbert-10-cycles|--record-order hilbert --record-order-cycles 10"
  "hilbert-regions-10|--record-order hilbert --region-flushes 10"
  "hilbert-regions-50|--record-order hilbert --region-flushes 50"
)
for cycles in 2 5 10 20 50 100; do
  orders+=("sorted-x-$cycles-cycles|--record-order sorted-x --record-order-cycles $cycles")
done
for order in "${orders[@]}"; do
  IFS='|' read -r order_name order_args <<<"$order"
  [[ $order_name =~ $order_pattern ]] || continue
  for distribution in $distributions; do
    for variant in "${variants[@]}"; do
      IFS='|' read -r name all size_only grove_only <<<"$variant"
      [[ $name =~ $pattern ]] || continue
      for config in "${configs[@]}"; do
        IFS='|' read -r label args <<<"$config"
        [[ $label =~ $config_pattern ]] || continue
        extra=$all
        [[ $args == *"--partitioning size"* ]] && extra="$extra $size_only"
        [[ $label == rstar-grove ]] && extra="$extra $grove_only"
        # R*-Grove's own parameters mean nothing to the other partitioners: skip the copies.
        [[ $name == rstar-grove-fork && $label != rstar-grove ]] && continue
        [[ $name == size-half-cap && $label != size-* ]] && continue
        # shellcheck disable=SC2086
        $cmd simulate --policy leveled $args $extra $order_args --distribution "$distribution" \
            --records "$records" --records-per-flush "$per_flush" --queries 200 --sigma 3,5 --every 1000000 \
            --format json | tail -1 \
          | jq -c --arg variant "$name" --arg config "$label" --arg order "$order_name" \
            '.summary + {variant: $variant, config: $config, order: $order}' >>"$out"
        echo "$order_name $distribution $name $label done" >&2
      done
    done
  done
done
