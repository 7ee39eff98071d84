#!/usr/bin/env python3
"""Summarises loader-sort CSVs (written by loader-sort.sh) as the Markdown table of docs/experiments.md: per
organisation, build and position, each CREATE INDEX's milliseconds and medians of the slowest partition's loader
and of the per-partition phases. Position: "cold" is the first CREATE INDEX after a cluster start; "warm" is the
second one of a round, or the first after the data load (the lowest round of a file, round 0 or 1: in
loader-sort-1.csv round 0 followed the load and round 1 a start). Usage: loader-sort.py CSV..."""
import csv
import statistics
import sys
from collections import defaultdict

rebuilds = defaultdict(list)  # (organisation, build, position) -> [(create ms, slowest loader ms, partitions)]
loads = []
for path in sys.argv[1:]:
    rounds = defaultdict(list)  # round -> rows in the order they ran
    for row in csv.DictReader(open(path)):
        rounds[int(row["round"])].append(row)
    after_load = min(rounds)
    for number, rows in rounds.items():
        order = list(dict.fromkeys(row["organisation"] for row in rows))
        for index, organisation in enumerate(order):
            partitions = [row for row in rows if row["organisation"] == organisation]
            position = "cold" if index == 0 and number != after_load else "warm"
            rebuilds[(organisation, partitions[0]["build"], position)].append(
                (int(partitions[0]["create_ms"]), max(int(row["totalMs"]) for row in partitions), partitions))
            loads.append(float(partitions[0]["load1"]))

med = statistics.median
print(f"load average (1 min) {min(loads):.1f} to {max(loads):.1f}")
print()
print("| | rebuilds | `CREATE INDEX`, ms | loader (slowest partition), median | sorting and spilling full batches |"
      " sorting the last batch, merging | B-tree load |")
print("|---|---|---|---|---|---|---|")
for (organisation, build, position), runs in sorted(rebuilds.items(),
                                                   key=lambda item: (item[0][0], item[0][2], item[0][1] != "before")):
    partitions = [row for run in runs for row in run[2]]

    def phase(key):
        return f"{med(int(row[key]) for row in partitions):,.0f}"

    print(f"| {organisation.upper()}, {position}, {build} | {len(runs)} | {', '.join(f'{run[0]:,}' for run in runs)}"
          f" | {med(run[1] for run in runs):,.0f} | {phase('spillMs')} | {phase('mergeMs')} | {phase('loadMs')} |")
