#!/usr/bin/env python3
"""Prints, as Markdown tables, what docs/experiments.md compares with Kim's chapter 4 (or 5) from an
index-organisations or non-point run folder: per configuration the load's rate, the rebuild's time and size against
the R-tree's and the buffer cache, and per radius the mean pages read, the p50 and p99 latency, the mean entries read
(an organisation's candidates; the R-tree's window searches do not count them) and the mean results of the selects
and joins.
Usage: summarise.py RUN_FOLDER"""
import csv
import json
import statistics
import sys
from pathlib import Path


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def p50(values):
    values = sorted(values)
    return values[(len(values) + 1) // 2 - 1] if values else float("nan")


def p99(values):
    values = sorted(values)
    return values[-(-99 * len(values) // 100) - 1] if values else float("nan")


def mean_of(qs, column, fmt):
    values = [float(q[column]) for q in qs if q.get(column)]
    return fmt.format(statistics.mean(values)) if values else "–"


def main(run):
    info = json.loads((run / "run.json").read_text())
    # Configurations an interrupted run did not finish are left out.
    configurations = [c["id"] for c in info["configurations"] if (run / c["id"] / "complete.json").exists()]
    cache = {v["configuration"]: v["cacheBytes"] for v in info["indexVsCache"] if v["index"] == "spatialIndex"}
    summary = {}
    for c in configurations:
        folder = run / c
        throughput = rows(folder / "throughput.csv")
        first, last = float(throughput[0]["t_ms"]), float(throughput[-1]["t_ms"])
        records = float(throughput[-1]["records_ingested"])
        build = rows(folder / "builds.csv")[-1]
        events = rows(folder / "io-events.csv")
        spatial = [e for e in events if e["index"] == "spatialIndex"]
        flushed = sum(float(e["bytes_out"]) for e in spatial if e["kind"] == "flush")
        written = sum(float(e["bytes_out"]) for e in spatial)
        queries = {}
        for q in rows(folder / "queries.csv"):
            queries.setdefault((q["query_kind"], float(q["sigma"])), []).append(q)
        summary[c] = dict(rate=records / ((last - first) / 1000 + 1), build=float(build["duration_ms"]) / 1000,
                          bytes=float(build["index_bytes"]), wa=written / flushed if flushed else float("nan"),
                          merges=sum(1 for e in spatial if e["kind"] == "merge"), queries=queries)
    print("| configuration | load records/s | WA (bytes) | merges | rebuild s | % of R-tree | index MiB | % of R-tree "
          "| × cache |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in configurations:
        s, r = summary[c], summary[c.split("-")[0] + "-rtree"]
        print(f"| `{c}` | {s['rate']:,.0f} | {s['wa']:.2f} | {s['merges']} | {s['build']:.1f} | "
              f"{100 * s['build'] / r['build']:.0f} | {s['bytes'] / 2**20:.1f} | {100 * s['bytes'] / r['bytes']:.0f} | "
              f"{s['bytes'] / cache[c]:.1f} |")
    keys = sorted({k for s in summary.values() for k in s["queries"]})
    for kind in ("circle", "join"):
        print()
        print(f"{kind}: mean pages read / p50 ms / p99 ms / mean entries read / mean results, per σ")
        print("| configuration | " + " | ".join(f"σ {sigma:g}" for k, sigma in keys if k == kind) + " |")
        print("|---|" + "---|" * sum(1 for k, _ in keys if k == kind))
        for c in configurations:
            cells = []
            for key in (k for k in keys if k[0] == kind):
                qs = summary[c]["queries"].get(key, [])
                latencies = [float(q["latency_ms"]) for q in qs]
                # An R-tree's window searches do not count their entries (the column holds 0 or nothing).
                entries = "–" if c.endswith("-rtree") else mean_of(qs, "entries_read", "{:.0f}")
                cells.append(f"{mean_of(qs, 'pages_read', '{:.1f}')} / {p50(latencies):.0f} / {p99(latencies):.0f} / "
                             f"{entries} / {mean_of(qs, 'results', '{:.0f}')}")
            print(f"| `{c}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
