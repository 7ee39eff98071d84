#!/usr/bin/env python3
"""Summarises loader-sort CSVs (written by loader-sort.sh) as the Markdown table of docs/experiments.md: per
organisation and build, each CREATE INDEX's milliseconds, and medians over the rebuilds of the slowest partition's
loader and of the per-partition phases. Usage: loader-sort.py CSV..."""
import csv
import statistics
import sys
from collections import defaultdict

rebuilds = defaultdict(dict)  # (organisation, build) -> (file, round) -> rows of its partitions
for path in sys.argv[1:]:
    for row in csv.DictReader(open(path)):
        rebuilds[(row["organisation"], row["build"])].setdefault((path, row["round"]), []).append(row)

loads = [float(rows[0]["load1"]) for runs in rebuilds.values() for rows in runs.values()]
print(f"load average (1 min) {min(loads):.1f} to {max(loads):.1f}")
print()
print("| | rebuilds | `CREATE INDEX`, ms | loader (slowest partition), median | sorting and spilling full batches |"
      " sorting the last batch, merging | B-tree load |")
print("|---|---|---|---|---|---|---|")
med = statistics.median
for (organisation, build), runs in sorted(rebuilds.items(), key=lambda item: (item[0][0], item[0][1] != "before")):
    creates = [int(rows[0]["create_ms"]) for rows in runs.values()]
    slowest = [max(int(row["totalMs"]) for row in rows) for rows in runs.values()]
    partitions = [row for rows in runs.values() for row in rows]

    def phase(key):
        return f"{med(int(row[key]) for row in partitions):,.0f}"

    print(f"| {organisation.upper()}, {build} | {len(runs)} | {', '.join(f'{c:,}' for c in creates)} |"
          f" {med(slowest):,.0f} | {phase('spillMs')} | {phase('mergeMs')} | {phase('loadMs')} |")
