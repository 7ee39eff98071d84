#!/usr/bin/env python3
"""Summarises rebuilds.csv and build-phases.csv (written by rebuilds.sh) as the Markdown table of
docs/experiments.md: per organisation the median CREATE INDEX time and, per index partition, the medians of the bulk
loader's phases in milliseconds, with its entries, spilled runs and bytes. Usage: phases.py [FOLDER]."""
import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)
jobs = defaultdict(list)
loads = []
for row in csv.DictReader(open(folder / "rebuilds.csv")):
    jobs[row["organisation"]].append(int(row["create_ms"]))
    loads.append(float(row["load1"]))
phases = defaultdict(lambda: defaultdict(list))
loader_total = defaultdict(dict)
for row in csv.DictReader(open(folder / "build-phases.csv")):
    for key, value in row.items():
        if key not in ("rep", "organisation", "partition"):
            phases[row["organisation"]][key].append(int(value))
    # The job waits for its slowest partition.
    job = loader_total[row["organisation"]]
    job[row["rep"]] = max(job.get(row["rep"], 0), int(row["totalMs"]))

med = statistics.median
rtree = med(jobs["rtree"])
print(f"load average (1 min) {min(loads):.1f} to {max(loads):.1f}; medians of 3 CREATE INDEX, loader phases per"
      " partition (ms)")
print()
print("| | " + " | ".join(o.upper() if o != "rtree" else "R-tree" for o in jobs) + " |")
print("|---" * (len(jobs) + 1) + "|")
print("| CREATE INDEX, ms (% of the R-tree) | " + " | ".join(
    f"{med(jobs[o]):,.0f} ({100 * med(jobs[o]) / rtree:.0f} %)" for o in jobs) + " |")


def cell(organisation, key, fmt="{:,.0f}"):
    values = phases[organisation].get(key)
    return fmt.format(med(values)) if values else "–"


rows = [("entries per partition", "entries"), ("spilled runs", "runs"), ("spilled bytes", "spilledBytes"),
        ("receiving (upstream merge + ours)", "receiveMs"), ("of which making and buffering entries", "bufferMs"),
        ("of which spilling", "spillMs"), ("last sort and merge", "mergeMs"), ("B-tree load", "loadMs"),
        ("B-tree end", "btreeEndMs"), ("loader total", "totalMs")]
for label, key in rows:
    print(f"| {label} | " + " | ".join(cell(o, key) for o in jobs) + " |")
print("| job before and after the loader (CREATE INDEX − slowest loader) | " + " | ".join(
    "–" if o not in loader_total else
    f"{med([j - loader_total[o][str(rep)] for rep, j in enumerate(jobs[o], 1)]):,.0f}" for o in jobs) + " |")
