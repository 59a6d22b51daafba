"""Nodes searched in the same time by one process and by several, side by side.

    python3 bench.py processes                       # hardest80 #1, 60 s, 1 and 2 processes
    python3 bench.py processes --board 3 --seconds 30 --processes 1,2 --repeat 3
    python3 bench.py processes --set korf100 --board 88 --seconds 20

The optimal search (`npuzzle.pdb.idastar_parallel`, what `solve` runs) gets a time limit;
each run reports the nodes it searched (those of subtrees still under way included), its
wall time and the CPU time of this process and its workers, user and system apart.  The
process counts alternate run by run, so drift on a shared machine hits them alike; the
summary gives medians and each count's nodes against one process's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import time

from benchmarks.boards import SETS
from npuzzle import pdb


def cpu() -> tuple[float, float]:
    """(user, system) seconds of this process and its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + kids.ru_utime, me.ru_stime + kids.ru_stime


def run(problem, processes: int, seconds: float) -> dict:
    user, system = cpu()
    start = time.perf_counter()
    r = pdb.idastar_parallel(problem, processes, time_limit=seconds)
    wall = time.perf_counter() - start
    user2, system2 = cpu()
    return {
        "processes": processes,
        "nodes": r.nodes,
        "bound": r.lower_bound,
        "found": r.found,
        "length": r.length,
        "wall": round(wall, 2),
        "user": round(user2 - user, 2),
        "system": round(system2 - system, 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="hardest80", choices=sorted(SETS))
    ap.add_argument("--board", type=int, default=1, help="the board's number in the set, from 1")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--processes", default="1,2", help="comma-separated process counts")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the runs as JSON lines too")
    args = ap.parse_args(argv)
    name, problem, _ = SETS[args.set]()[args.board - 1]
    counts = [int(p) for p in args.processes.split(",")]
    pdb.prepare(problem.goal, problem.topology)
    runs: dict[int, list[dict]] = {p: [] for p in counts}
    print(
        f"{name}, {args.seconds:g} s a run; {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"{'processes':>9} {'nodes':>13} {'bound':>5} {'wall s':>7} {'user s':>7} {'system s':>8}")
    for _ in range(args.repeat):
        for p in counts:
            row = run(problem, p, args.seconds)
            runs[p].append(row)
            print(f"{p:>9} {row['nodes']:>13,} {row['bound']:>5} {row['wall']:>7} {row['user']:>7} {row['system']:>8}")
            if args.json:
                print(json.dumps(row))
    base = statistics.median(r["nodes"] for r in runs[counts[0]])
    print("median nodes, and against", counts[0], "process(es):")
    for p in counts:
        med = statistics.median(r["nodes"] for r in runs[p])
        print(
            f"{p:>9} {med:>13,.0f} {med / base:>6.2f}x  system {statistics.median(r['system'] for r in runs[p]):.2f} s"
        )
    return 0
