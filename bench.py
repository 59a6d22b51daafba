"""Benchmark: solve a named set of boards and print a row per board and a summary.

    python3 bench.py seeds                         # the seed documents' cases
    python3 bench.py korf100 --slice 0:10          # the first ten of Korf's 100
    python3 bench.py korf100 --heuristic manhattan --time-limit 60

Every row: board, known optimum, length found, whether it matches, nodes, seconds,
nodes/s.  The summary gives total and maximum seconds, total nodes, overall nodes/s,
median seconds, mean initial heuristic, and whether every length equals the known
optimum.  Speed claims in the README come from here, never from timed tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

from npuzzle import HEURISTICS, Heuristic, Problem, Topology, apply_moves, default_goal, solve

DATA = Path(__file__).parent / "tests" / "data"


def seeds() -> list[tuple[str, Problem, int | None]]:
    cases = json.loads((DATA / "seed_cases.json").read_text())["cases"]
    out = []
    for i, c in enumerate(cases):
        t = Topology(c["width"], c["height"], tuple(c["wrap_rows"]), tuple(c["wrap_cols"]))
        out.append((f"seed-{i:02d} {c['width']}x{c['height']}", Problem(tuple(c["start"]), tuple(c["goal"]), t),
                    c["optimal"]))
    return out


def _vector_file(name: str, side: int) -> list[tuple[str, Problem, int | None]]:
    n = side * side
    goal = tuple(range(n))  # Korf's convention: blank top-left
    t = Topology(side, side)
    out = []
    for i, line in enumerate((DATA / name).read_text().split("\n")):
        if line.strip():
            nums = list(map(int, line.split()))
            out.append((f"{name.split('.')[0]}-{i + 1:03d}", Problem(tuple(nums[:n]), goal, t), nums[n]))
    return out


SETS = {
    "seeds": seeds,
    "korf100": lambda: _vector_file("korf100.txt", 4),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("set", choices=sorted(SETS))
    parser.add_argument("--slice", default=":", help="Python slice of the set, e.g. 0:10")
    parser.add_argument("--algorithm", default="idastar")
    parser.add_argument("--heuristic", choices=HEURISTICS, default=None, help="default: the solver's default")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per board")
    args = parser.parse_args(argv)
    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]

    print(f"# {args.set} [{args.slice}], {args.algorithm}, heuristic {args.heuristic or 'default'}; "
          f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, {time.strftime('%Y-%m-%d')}")
    print(f"{'board':<16} {'opt':>4} {'len':>4} {'ok':>3} {'h0':>4} {'nodes':>12} {'seconds':>9} {'nodes/s':>10}")
    rows = []
    for name, problem, optimum in boards:
        options = {} if args.heuristic is None else {"heuristic": args.heuristic}
        r = solve(problem, args.algorithm, **options, time_limit=args.time_limit)
        h0 = Heuristic.make(r.heuristic, problem.goal, problem.topology).value(problem.start) if r.solvable else 0
        if r.found:
            assert apply_moves(problem.start, r.moves, problem.topology) == problem.goal
        ok = (r.length == optimum) if r.solvable else optimum is None
        rate = r.nodes / r.seconds if r.seconds else 0
        shown = r.length if r.found else ("-" if not r.solvable else "stop")
        print(f"{name:<16} {optimum if optimum is not None else '-':>4} {shown:>4} {'yes' if ok else 'NO':>3} "
              f"{h0:>4} {r.nodes:>12,} {r.seconds:>9.2f} {rate:>10,.0f}", flush=True)
        rows.append((ok, r, h0))
    seconds = [r.seconds for _, r, _ in rows]
    nodes = sum(r.nodes for _, r, _ in rows)
    solved = [h0 for _, r, h0 in rows if r.solvable]
    print(f"summary: {len(rows)} boards, all optimal lengths match: {'yes' if all(ok for ok, _, _ in rows) else 'NO'}; "
          f"total {sum(seconds):.1f} s, median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s; "
          f"{nodes:,} nodes, {nodes / max(sum(seconds), 1e-9):,.0f} nodes/s; "
          f"mean initial h {statistics.mean(solved) if solved else 0:.2f}")
    return 0 if all(ok for ok, _, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
