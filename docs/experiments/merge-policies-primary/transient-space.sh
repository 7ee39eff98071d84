#!/usr/bin/env bash
# Transient space of the merge-policy study's policies in the simulator, for docs/experiments.md: the flush at which
# each stack policy first reaches 2 (count model), the maximum with the engine's component sizes (flushes of 116 KB,
# 63 KB of them fixed per component, as the recorded run's io-events.csv give them: events.py) and with flushes of a
# 4 MB memory component half to two thirds full (2,600 KB), and Leveled's largest per-flush value over windows of
# flushes. Usage: run.sh from the repository root; SPATIAL_LSM overrides the command. 5 min 22 s under load average 38.
set -euo pipefail
cmd=${SPATIAL_LSM:-./scripts/spatial-lsm}
sizes=$(mktemp)
trap 'rm -f "$sizes"' EXIT
echo "policy,first flush at 2 (count model),40 flushes of 116 KB with 63 KB per component,1000 flushes of 2600 KB with 63 KB"
while read -r policy params; do
  args=(--policy "$policy")
  for p in $params; do args+=(--param "$p"); done
  first=$($cmd simulate "${args[@]}" --flushes 40 --format json < /dev/null \
    | jq -s '[.[] | select(.transientSpaceAmplification == 2) | .flush] | first // "-"')
  seq 40 | sed "s/.*/116/" > "$sizes"
  small=$($cmd simulate "${args[@]}" --flushes 40 --flush-sizes "$sizes" --component-overhead 63 --every 40 \
    --format json < /dev/null | tail -1 | jq '.summary.transientSpaceAmplification * 1000 | round / 1000')
  seq 1000 | sed "s/.*/2600/" > "$sizes"
  large=$($cmd simulate "${args[@]}" --flushes 1000 --flush-sizes "$sizes" --component-overhead 63 --every 1000 \
    --format json < /dev/null | tail -1 | jq '.summary.transientSpaceAmplification * 1000 | round / 1000')
  echo "$policy $params,$first,$small,$large"
done <<'POLICIES'
binomial k=4
min-latency k=4
tiered size-ratio=4 high-bucket=1.2
bigtable k=4
exploring
POLICIES
echo
echo "leveled level0-components=2 size-ratio=4 (count model): flushes,largest per-flush transient space,run maximum"
$cmd simulate --policy leveled --param level0-components=2 --param size-ratio=4 --flushes 1000 --format json < /dev/null \
  | jq -r -s '[.[] | select(.flush)] as $s
      | [[1, 10], [11, 20], [21, 40], [41, 100], [101, 1000]][] as [$a, $b]
      | [$s[] | select(.flush >= $a and .flush <= $b)] as $w
      | "\($a)-\($b),\([$w[].transientSpaceOfFlush] | max * 1000 | round / 1000),\($w[-1].transientSpaceAmplification * 1000 | round / 1000)"'
