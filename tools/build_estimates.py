"""Each pattern database's first estimate beside the time its build takes, in one run.

    NPUZZLE_CACHE is not touched: every table is built alone into an empty temporary
    directory, deleted after it.
    nice -n 10 python3 tools/build_estimates.py                  # the standard ones and 5x5-6a, 5x5-6b
    nice -n 10 python3 tools/build_estimates.py corner6 5x5-a    # those named

For each table, in this process, one after the other: the estimate calibrated in CPU time
(the process's own, so the load of other work counts little), the estimate as
``npuzzle databases build`` states it (the wall clock), then the build itself as that
command runs it (``store.write_databases``: built, packed and saved), timed on both
clocks.  A row a table: the estimates, the times taken and their ratios (time over
estimate), and the load average seen while it was built (its least and its most, sampled
every 5 s), which says how far the wall clock's figures are the machine's own.
Results: docs/benchmarks-record.md ("Building the databases, estimated and taken").
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from npuzzle.pdb import SHAPES, estimate, store

DEFAULT = [*SHAPES, "5x5-6a", "5x5-6b"]


def measured(name: str) -> dict:
    """One table's estimates (CPU and wall clock) and its build's times."""
    estimate._rates.clear()
    estimate.clock[0] = time.process_time
    cpu_estimate = estimate.estimate(name).seconds
    estimate._rates.clear()
    estimate.clock[0] = time.perf_counter
    wall_estimate = estimate.estimate(name).seconds
    loads = [os.getloadavg()[0]]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(5):
            loads.append(os.getloadavg()[0])

    threading.Thread(target=sample, daemon=True).start()
    folder = tempfile.mkdtemp(prefix="npuzzle-estimates-")
    os.environ["NPUZZLE_CACHE"] = folder
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        store.write_databases(store.cache_dir(), [name])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        done.set()
        store._tables.pop(name, None)
        store._files.pop(name, None)
        shutil.rmtree(folder)
    return {
        "name": name,
        "wall_estimate": wall_estimate,
        "wall": wall,
        "cpu_estimate": cpu_estimate,
        "cpu": cpu,
        "loads": (min(loads), max(loads)),
    }


def main(names: list[str]) -> None:
    unknown = [name for name in names if name not in estimate.ALL_SHAPES]
    if unknown:
        sys.exit(f"no pattern database called {unknown[0]!r}: choose from {', '.join(estimate.ALL_SHAPES)}")
    print(
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f} at the start"
    )
    print("| table | entries | estimate | built in | ratio | CPU estimate | CPU time | ratio | load average |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names or DEFAULT:
        row = measured(name)
        low, high = row["loads"]
        print(
            f"| {name} | {estimate.entries(name):,} | {row['wall_estimate']:.1f} s | {row['wall']:.1f} s | "
            f"{row['wall'] / row['wall_estimate']:.2f} | {row['cpu_estimate']:.1f} s | {row['cpu']:.1f} s | "
            f"{row['cpu'] / row['cpu_estimate']:.2f} | {low:.1f}-{high:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
