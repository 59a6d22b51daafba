"""Solve a named set of boards (benchmarks/boards.py) and print a row per board and a summary.

    python3 bench.py solve seeds                         # the seed documents' cases
    python3 bench.py solve korf100 --slice 0:10          # the first ten of Korf's 100
    python3 bench.py solve korf100 --heuristic manhattan --time-limit 60
    python3 bench.py solve korf100 --slice 0:10 --runtime both   # and inside Pyodide

Every row: board, known optimum, length found, whether it matches, nodes, seconds,
nodes/s.  The summary gives total and maximum seconds, total nodes, overall nodes/s,
median seconds, mean initial heuristic, and whether every length equals the known
optimum.  Speed figures in docs/benchmarks.md come from here, never from timed tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.boards import SETS
from npuzzle import HEURISTICS, STRATEGIES, Heuristic, Problem, apply_moves, pdb, solve
from npuzzle.search.heuristics import lower_bound


def cpu_seconds() -> Callable[[], float]:
    """A function giving this process's CPU seconds: steadier than wall time on a shared
    machine.  Under Pyodide the emscripten clock is wall time, so ask Node.js."""
    if sys.platform == "emscripten":
        import js

        return lambda: (lambda u: (u.user + u.system) / 1e6)(js.process.cpuUsage())

    def with_children() -> float:  # the parallel search's worker processes count too
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    return with_children


def initial_h(problem: Problem, heuristic: str) -> int:
    """The heuristic's value at the start: a stronger heuristic shows here first."""
    if heuristic == "pdb":
        return pdb.heuristic_value(problem.start, problem.goal)
    name = heuristic if heuristic in HEURISTICS else "linear-conflict"
    if name == "linear-conflict":
        return lower_bound(problem.start, problem.goal, problem.topology)
    return Heuristic.make(name, problem.goal, problem.topology).value(problem.start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("set", choices=sorted(SETS))
    parser.add_argument("--slice", default=":", help="Python slice of the set, e.g. 0:10")
    parser.add_argument("--strategy", choices=STRATEGIES, default="auto")
    parser.add_argument("--algorithm", default="idastar")
    parser.add_argument("--heuristic", choices=HEURISTICS, default=None, help="default: the strongest available")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per board")
    parser.add_argument(
        "--runtime",
        choices=("cpython", "pyodide", "both"),
        default="cpython",
        help="pyodide: the same run inside Pyodide under Node.js (builds the site first)",
    )
    args = parser.parse_args(argv)
    if args.runtime != "cpython":
        return _other_runtimes(args, argv if argv is not None else sys.argv[1:])
    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]

    print(
        f"# {args.set} [{args.slice}], strategy {args.strategy}, {args.algorithm}, heuristic "
        f"{args.heuristic or 'default'}; Python {platform.python_version()} "
        f"({'Pyodide' if sys.platform == 'emscripten' else platform.python_implementation()}), "
        f"{platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    print(
        f"{'board':<22} {'opt':>4} {'h0':>4} {'len':>6} {'lb':>6} {'len/lb':>6} {'len/opt':>7} {'proven':>6} "
        f"{'nodes':>12} {'seconds':>8} {'cpu s':>7} {'nodes/s':>10}  answered by"
    )
    cpu_clock = cpu_seconds()
    rows = []
    h0s: list[int] = []
    cpus: list[float] = []
    for name, problem, optimum in boards:
        cpu = cpu_clock()
        r = solve(problem, args.algorithm, args.heuristic, strategy=args.strategy, time_limit=args.time_limit)
        cpu = cpu_clock() - cpu
        h0 = initial_h(problem, r.heuristic) if r.solvable else 0
        if r.found:
            assert apply_moves(problem.start, r.moves, problem.topology) == problem.goal, name
        ok = (r.length == optimum if optimum is not None else r.found) if r.solvable else optimum is None
        rate = r.nodes / r.seconds if r.seconds else 0
        shown = r.length if r.found else ("-" if not r.solvable else "stop")
        by_lb = f"{r.length / r.lower_bound:.2f}" if r.found and r.lower_bound else "-"
        by_opt = f"{r.length / optimum:.3f}" if r.found and optimum else "-"
        print(
            f"{name:<22} {optimum if optimum is not None else '-':>4} {h0:>4} {shown:>6} {r.lower_bound:>6} {by_lb:>6} "
            f"{by_opt:>7} {'yes' if r.optimal else 'no':>6} {r.nodes:>12,} {r.seconds:>8.2f} {cpu:>7.2f} {rate:>10,.0f}  "
            f"{r.algorithm} ({r.heuristic})",
            flush=True,
        )
        rows.append((ok, r, optimum))
        h0s.append(h0)
        cpus.append(cpu)
    seconds = [r.seconds for _, r, _ in rows]
    nodes = sum(r.nodes for _, r, _ in rows)
    known = [r.length / opt for _, r, opt in rows if r.found and opt]
    bounds = [r.length / r.lower_bound for _, r, _ in rows if r.found and r.lower_bound]
    if any(opt for _, _, opt in rows):
        exact = "yes" if all(ok for ok, _, _ in rows) else "no"
    else:
        exact = "no optimum known"
    print(
        f"summary: {len(rows)} boards; every length equals the known optimum: {exact}; "
        f"total {sum(seconds):.1f} s (CPU {sum(cpus):.1f} s), median {statistics.median(seconds):.2f} s, "
        f"max {max(seconds):.2f} s (CPU {max(cpus):.2f} s); "
        f"{nodes:,} nodes, {nodes / max(sum(seconds), 1e-9):,.0f} nodes/s; mean initial h {statistics.mean(h0s):.2f}"
        + (f"; mean length/optimum {statistics.mean(known):.3f}" if known else "")
        + (f"; mean length/lower bound {statistics.mean(bounds):.2f}" if bounds else "")
    )
    return 0


def _other_runtimes(args, argv: list[str]) -> int:
    """Run this benchmark under CPython (for "both") and inside Pyodide under Node.js."""
    import subprocess

    passed = [
        a
        for i, a in enumerate(argv)
        if a != "--runtime" and (i == 0 or argv[i - 1] != "--runtime") and not a.startswith("--runtime=")
    ]
    status = 0
    if args.runtime == "both":
        status |= main(passed)
        print(flush=True)
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, str(root / "build.py")], check=True)  # the Pyodide runtime, wheel and databases
    site = root / "dist"
    script = Path(__file__).parent / "pyodide.mjs"
    status |= subprocess.call(["node", str(script), str(site), "solve", *passed])
    return status
