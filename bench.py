"""Benchmark: solve a named set of boards and print a row per board and a summary.

    python3 bench.py seeds                         # the seed documents' cases
    python3 bench.py korf100 --slice 0:10          # the first ten of Korf's 100
    python3 bench.py korf100 --heuristic manhattan --time-limit 60

Every row: board, known optimum, length found, whether it matches, nodes, seconds,
nodes/s.  The summary gives total and maximum seconds, total nodes, overall nodes/s,
median seconds, mean initial heuristic, and whether every length equals the known
optimum.  Speed figures in docs/benchmarks.md come from here, never from timed tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from npuzzle import (
    HEURISTICS,
    STRATEGIES,
    Heuristic,
    Problem,
    Topology,
    apply_moves,
    default_goal,
    pdb,
    random_board,
    scramble,
    solve,
)
from npuzzle.heuristics import lower_bound

DATA = Path(__file__).parent / "tests" / "data"


def seeds() -> list[tuple[str, Problem, int | None]]:
    cases = json.loads((DATA / "seed_cases.json").read_text())["cases"]
    out = []
    for i, c in enumerate(cases):
        t = Topology(c["width"], c["height"], tuple(c["wrap_rows"]), tuple(c["wrap_cols"]))
        out.append(
            (f"seed-{i:02d} {c['width']}x{c['height']}", Problem(tuple(c["start"]), tuple(c["goal"]), t), c["optimal"])
        )
    return out


def _vector_file(name: str, side: int, goal: tuple[int, ...] | None = None) -> list[tuple[str, Problem, int | None]]:
    n = side * side
    goal = goal or tuple(range(n))  # Korf's convention: blank top-left
    t = Topology(side, side)
    out = []
    lines = [line for line in (DATA / name).read_text().split("\n") if line.strip() and not line.startswith("#")]
    for i, line in enumerate(lines):
        if True:
            nums = list(map(int, line.split()))
            out.append((f"{name.split('.')[0]}-{i + 1:03d}", Problem(tuple(nums[:n]), goal, t), nums[n]))
    return out


def random_sizes() -> list[tuple[str, Problem, int | None]]:
    """Uniformly random boards, default goal: three each of 5x5 to 30x30, and rectangles."""
    out = []
    for w, h in ((5, 5), (6, 6), (8, 8), (10, 10), (15, 15), (20, 20), (30, 30), (2, 8), (3, 5), (7, 4)):
        t = Topology(w, h)
        for seed in range(3 if w * h > 16 else 1):
            out.append(
                (
                    f"random {w}x{h} #{seed}",
                    Problem(random_board(default_goal(w, h), t, seed), default_goal(w, h), t),
                    None,
                )
            )
    return out


def wrapped() -> list[tuple[str, Problem, int | None]]:
    """Seed 004's board (row 2 and column 2 wrap), scrambles and random boards on it, and a torus."""
    out = [b for b in seeds() if b[1].topology.wrapped]
    goal = default_goal(5, 5)
    for name, t in (("r2,c2", Topology(5, 5, (2,), (2,))), ("torus", Topology(5, 5, tuple(range(5)), tuple(range(5))))):
        for seed in range(2):
            out.append((f"5x5 {name} s40 #{seed}", Problem(scramble(goal, t, 40, seed), goal, t), None))
        for seed in range(3):
            out.append((f"5x5 {name} rnd #{seed}", Problem(random_board(goal, t, seed), goal, t), None))
    return out


def korf100_default_goal() -> list[tuple[str, Problem, int | None]]:
    """Korf's boards turned 180 degrees and renamed, so the goal is 1..15 then the blank."""
    goal = default_goal(4, 4)
    out = []
    for name, p, optimum in _vector_file("korf100.txt", 4):
        turned = p.start[::-1]  # cell c goes to 15 - c
        board = tuple(goal[15 - t] for t in turned)  # tile t's goal cell t is now 15 - t
        out.append((name + "-turned", Problem(board, goal, p.topology), optimum))
    return out


def _cpu_seconds():
    """A function giving this process's CPU seconds: steadier than wall time on a shared
    machine.  Under Pyodide the emscripten clock is wall time, so ask Node.js."""
    if sys.platform == "emscripten":
        import js

        return lambda: (lambda u: (u.user + u.system) / 1e6)(js.process.cpuUsage())

    def with_children() -> float:  # the parallel search's worker processes count too
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    return with_children


SETS = {
    "seeds": seeds,
    "korf100": lambda: _vector_file("korf100.txt", 4),
    "korf100-default": korf100_default_goal,
    "korf24": lambda: _vector_file("korf24.txt", 5),
    "hardest80": lambda: _vector_file("hardest80.txt", 4, default_goal(4, 4)),  # Korf and Schultze's seventeen
    "random": random_sizes,
    "wrapped": wrapped,
}


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
    cpu_seconds = _cpu_seconds()
    rows = []
    h0s: list[int] = []
    cpus: list[float] = []
    for name, problem, optimum in boards:
        cpu = cpu_seconds()
        r = solve(problem, args.algorithm, args.heuristic, strategy=args.strategy, time_limit=args.time_limit)
        cpu = cpu_seconds() - cpu
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
    root = Path(__file__).parent
    subprocess.run([sys.executable, str(root / "build.py")], check=True)  # the Pyodide runtime, wheel and databases
    site = root / "dist"
    script = root / "tools" / "bench_pyodide.mjs"
    status |= subprocess.call(["node", str(script), str(site), *passed])
    return status


if __name__ == "__main__":
    sys.exit(main())
