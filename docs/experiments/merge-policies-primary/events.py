#!/usr/bin/env python3
"""Replays a merge-policy study's io-events.csv per index partition, for docs/experiments.md.

Usage: events.py CONFIGURATION_FOLDER... (for example docs/experiments/merge-policies-primary/append/leveled).
For every index partition it prints
  - transient space: the run's maximum (as summary.csv has it: bytes on disk after a flush or while a merge runs,
    its inputs and output included, over the bytes flushed so far), the flush and the merge that set it, the maximum
    over the second half of the run's flushes, and the value of the last merge;
  - every merge that took all components: its flush, its transient space, the bytes on disk before it over the bytes
    flushed, and its output over its inputs;
  - the bytes of a component against its entries: a least-squares line over the single-output merges, and what it
    predicts for the mean flush (where the events carry entry counts).
"""
import csv
import sys
from collections import defaultdict


def partitions(folder):
    by_partition = defaultdict(list)
    with open(folder + "/io-events.csv", newline="") as events:
        for row in csv.DictReader(events):
            by_partition[(row["index"], row["node"], row["partition"])].append(row)
    return by_partition


def number(text):
    return int(text) if text else 0


def transient_space(rows):
    flushed = on_disk = components = flushes = 0
    steps = []  # (flush, value, what)
    full_merges = []
    for row in rows:
        read, written = number(row["bytes_in"]), number(row["bytes_out"])
        if row["kind"] == "flush":
            flushes += 1
            flushed += written
            on_disk += written
            components += 1
            steps.append((flushes, on_disk / flushed, "flush"))
            continue
        merged, outputs = number(row["components_in"]), number(row["components_out"]) or 1
        during = on_disk + written
        steps.append((flushes, during / flushed, "merge of %d of %d components (%d bytes in, %d out)"
                      % (merged, components, read, written)))
        if merged == components:
            full_merges.append("flush %d: %.3f (on disk %.3f of flushed, output %.3f of inputs)"
                               % (flushes, during / flushed, on_disk / flushed, written / read))
        on_disk += written - read
        components += outputs - merged
    largest = max(steps, key=lambda step: step[1])
    second_half = max(value for flush, value, _ in steps if flush > flushes / 2)
    last_merge = [value for _, value, what in steps if what != "flush"]
    print("  transient space %.3f at flush %d, %s; second half (flushes %d-%d) %.3f; last merge %s"
          % (largest[1], largest[0], largest[2], flushes // 2 + 1, flushes, second_half,
             "%.3f" % last_merge[-1] if last_merge else "-"))
    print("  merges of every component: " + ("; ".join(full_merges) or "none"))


def bytes_per_entry(rows):
    flushes = [(number(r["entries_out"]), number(r["bytes_out"])) for r in rows
               if r["kind"] == "flush" and r["entries_out"]]
    outputs = [(number(r["entries_out"]), number(r["bytes_out"])) for r in rows
               if r["kind"] != "flush" and r["components_out"] == "1" and r["entries_out"]]
    if not flushes or len(outputs) < 3:
        sizes = sorted({number(r["bytes_out"]) for r in rows if r["kind"] == "flush"})
        print("  no entry counts; flush sizes in bytes: %s" % sizes[:5])
        return
    n = len(outputs)
    sx, sy = sum(e for e, _ in outputs), sum(b for _, b in outputs)
    sxx, sxy = sum(e * e for e, _ in outputs), sum(e * b for e, b in outputs)
    slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    fixed = (sy - slope * sx) / n
    entries = sum(e for e, _ in flushes) / len(flushes)
    size = sum(b for _, b in flushes) / len(flushes)
    print("  %d merge outputs of %d to %d entries: bytes = %.0f + %.1f x entries; the mean flush, %.0f entries,"
          " is %.0f bytes, the line says %.0f (%.3f)" % (n, min(e for e, _ in outputs), max(e for e, _ in outputs),
                                                         fixed, slope, entries, size, fixed + slope * entries,
                                                         size / (fixed + slope * entries)))


for folder in sys.argv[1:]:
    for (index, node, partition), rows in sorted(partitions(folder).items()):
        print("%s: %s on %s (partition %s)" % (folder, index, node, partition))
        transient_space(rows)
        bytes_per_entry(rows)
