"""Benchmark the pattern-database solver on Korf's 100 (or a slice of them).

    python bench_pdb.py                 # all 100
    python bench_pdb.py --slice 0:10    # the first ten
    python bench_pdb.py --goal default  # the same boards turned and renamed for 1..15,0

One row per board (length, optimal?, nodes, seconds, CPU seconds, initial h), then a
summary.  CPU seconds are shown next to wall seconds because the machine may be shared.
``run`` is the entry point for other scripts (bench.py); it returns the rows and summary.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from npuzzle import Problem, Topology, pdb, solve

DATA = Path(__file__).parent / "tests" / "data" / "korf100.txt"
BLANK_FIRST = tuple(range(16))
DEFAULT = tuple(range(1, 16)) + (0,)
TURN = tuple(range(15, -1, -1))  # 180 degrees: cell c goes to 15 - c


def korf100(path: Path = DATA) -> list[tuple[tuple[int, ...], int]]:
    rows = [list(map(int, line.split())) for line in path.read_text().splitlines() if line.strip()]
    return [(tuple(r[:16]), r[16]) for r in rows]


def for_default_goal(board: tuple[int, ...]) -> tuple[int, ...]:
    """Korf's board turned 180 degrees and renamed so that the goal is 1..15 then blank."""
    turned = [0] * 16
    for cell, t in enumerate(board):
        turned[TURN[cell]] = t
    # Tile t's goal cell t goes to 15 - t, where the default goal has DEFAULT[15 - t].
    return tuple(DEFAULT[TURN[t]] for t in turned)


def _cpu_clock():
    """CPU seconds of this process; under Node.js (Pyodide) Node's own count, since the
    emscripten clock is wall time and the machine may be shared."""
    if sys.platform == "emscripten":
        try:
            import js

            usage = js.process.cpuUsage
            return lambda: (lambda u: (u.user + u.system) / 1e6)(usage())
        except (ImportError, AttributeError):
            pass
    return time.process_time


def run(first: int = 0, last: int = 100, goal: str = "korf", out=print) -> dict:
    topology = Topology(4, 4)
    target = BLANK_FIRST if goal == "korf" else DEFAULT
    pdb.prepare(target, topology)
    rows = []
    cpu_clock = _cpu_clock()
    out(f"{'#':>3} {'len':>4} {'opt':>4} {'nodes':>10} {'s':>7} {'cpu s':>7} {'h0':>3}")
    for i, (board, optimal) in enumerate(korf100()[first:last], first):
        if goal != "korf":
            board = for_default_goal(board)
        h0 = pdb.heuristic_value(board, target)
        cpu = cpu_clock()
        r = solve(Problem(board, target, topology), heuristic="pdb")
        cpu = cpu_clock() - cpu
        row = {"index": i, "length": r.length, "optimal": r.length == optimal, "nodes": r.nodes,
               "seconds": r.seconds, "cpu": cpu, "h0": h0}
        rows.append(row)
        out(f"{i:>3} {r.length:>4} {'yes' if row['optimal'] else 'NO':>4} {r.nodes:>10} "
            f"{r.seconds:>7.2f} {cpu:>7.2f} {h0:>3}")
    total = sum(r["seconds"] for r in rows)
    nodes = sum(r["nodes"] for r in rows)
    summary = {"boards": len(rows), "all_optimal": all(r["optimal"] for r in rows),
               "total_s": total, "max_s": max(r["seconds"] for r in rows),
               "cpu_s": sum(r["cpu"] for r in rows), "nodes": nodes,
               "nodes_per_s": nodes / total if total else 0.0,
               "mean_h0": statistics.fmean(r["h0"] for r in rows),
               "python": sys.version.split()[0], "platform": sys.platform}
    out(f"summary: {summary['boards']} boards, all optimal: {summary['all_optimal']}, "
        f"total {total:.1f} s (cpu {summary['cpu_s']:.1f} s), max {summary['max_s']:.2f} s, "
        f"{nodes} nodes, {summary['nodes_per_s'] / 1e6:.2f} M nodes/s, "
        f"mean initial h {summary['mean_h0']:.2f}, Python {summary['python']} ({sys.platform})")
    return {"rows": rows, "summary": summary}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", default="0:100", help="first:last boards (default 0:100)")
    parser.add_argument("--goal", choices=("korf", "default"), default="korf")
    args = parser.parse_args(argv)
    first, _, last = args.slice.partition(":")
    run(int(first or 0), int(last or 100), args.goal)


if __name__ == "__main__":
    main()
