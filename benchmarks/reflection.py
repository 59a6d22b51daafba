"""The pattern databases with and without their reflected lookup, side by side.

    python3 bench.py reflection                               # Korf's first 10, optimal
    python3 bench.py reflection --slice 0:40 --repeat 2
    python3 bench.py reflection --set korf24 --slice 0:25 --weight 3/2 --time-limit 10

For a goal whose blank lies on a diagonal of the square, the second partition the
heuristic takes the maximum over is the first one mirrored about that diagonal: the
reflected lookup (npuzzle.pdb.shapes).  Here each board is solved by ``pdb.idastar``
with one partition (no reflection) and with two, in this one process, alternating the
order board by board so drift on a shared machine hits both alike.  Prints a row per
board (length, nodes and best CPU seconds of each) and the totals, their ratios (wall
time too) and the median ratio of the CPU times.  With ``--weight`` it is weighted IDA*
(the 24-puzzle's search), whose lengths may differ; with ``--time-limit`` (wall seconds)
a board may stop unanswered.  Under Pyodide, after ``python3 build.py``:

    node benchmarks/pyodide.mjs dist reflection --slice 0:40
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

# The page's databases (6-6-3 on 4x4) unless told otherwise: NPUZZLE_DATABASES=half7
# measures 7-7-1 and NPUZZLE_DATABASES=strong the strongest in the cache (7-8).
os.environ.setdefault("NPUZZLE_DATABASES", "standard")

from benchmarks.boards import SETS
from benchmarks.solve import cpu_seconds
from npuzzle import pdb

VARIANTS = {"one": 1, "reflected": 2}  # label -> partitions (npuzzle.pdb.MAX_PARTITIONS is 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("korf100", "korf24"), default="korf100")
    parser.add_argument("--slice", default="0:10")
    parser.add_argument("--weight", default="1/1", help="p/q: weighted IDA* on f = q g + p h")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per board and variant")
    parser.add_argument("--repeat", type=int, default=1, help="runs per board and variant (the best counts)")
    args = parser.parse_args(argv)
    p, _, q = args.weight.partition("/")
    weight = (int(p), int(q or 1))
    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]
    runtime = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    print(
        f"# {args.set} [{args.slice}], pdb.idastar weight {weight[0]}/{weight[1]}, time limit "
        f"{args.time_limit}, best of {args.repeat}; one partition against two (reflected); Python "
        f"{platform.python_version()} ({runtime}), {time.strftime('%Y-%m-%d')}"
    )
    print(
        f"{'board':<14} {'len 1':>6} {'len 2':>6} {'nodes 1':>12} {'nodes 2':>12} {'ratio':>6} "
        f"{'cpu s 1':>8} {'cpu s 2':>8} {'ratio':>6}"
    )
    # CPU seconds (steadier than wall time on a shared machine): Node.js's count under
    # Pyodide, whose own clock is wall time; elsewhere the finer process_time
    cpu = cpu_seconds() if sys.platform == "emscripten" else time.process_time
    total = {label: {"nodes": 0, "seconds": 0.0, "wall": 0.0, "answered": 0} for label in VARIANTS}
    ratios = []
    for k, (name, problem, _) in enumerate(boards):
        pdb.prepare(problem.goal, problem.topology)
        best = {}
        for rep in range(args.repeat):
            order = list(VARIANTS.items()) if (k + rep) % 2 == 0 else list(VARIANTS.items())[::-1]
            for label, limit in order:
                c, t = cpu(), time.perf_counter()
                r = pdb.idastar(problem, weight=weight, time_limit=args.time_limit, limit=limit)
                seconds, wall = cpu() - c, time.perf_counter() - t
                if label not in best or seconds < best[label][2]:
                    best[label] = (r.length if r.found else None, r.nodes, seconds, wall)
        (l1, n1, s1, _), (l2, n2, s2, _) = best["one"], best["reflected"]
        for label, (length, nodes, seconds, wall) in best.items():
            total[label]["nodes"] += nodes
            total[label]["seconds"] += seconds
            total[label]["wall"] += wall
            total[label]["answered"] += length is not None
        ratios.append(s2 / s1)
        print(
            f"{name:<14} {l1 if l1 is not None else '-':>6} {l2 if l2 is not None else '-':>6} {n1:>12,} {n2:>12,} "
            f"{n2 / max(n1, 1):>6.3f} {s1:>8.3f} {s2:>8.3f} {s2 / s1:>6.3f}",
            flush=True,
        )
    one, two = total["one"], total["reflected"]
    print(
        f"summary: {len(boards)} boards; answered {one['answered']} with one partition, {two['answered']} with two; "
        f"nodes {one['nodes']:,} and {two['nodes']:,} (ratio {two['nodes'] / max(one['nodes'], 1):.3f}); "
        f"CPU {one['seconds']:.2f} s and {two['seconds']:.2f} s (ratio {two['seconds'] / one['seconds']:.3f}); "
        f"wall {one['wall']:.2f} s and {two['wall']:.2f} s (ratio {two['wall'] / one['wall']:.3f}); "
        f"nodes a CPU second {one['nodes'] / one['seconds']:,.0f} and {two['nodes'] / two['seconds']:,.0f}; "
        f"median CPU time ratio {statistics.median(ratios):.3f}"
    )
    return 0
