"""Dual lookups and BPMX (npuzzle.pdb.lookups) against the plain kernel, side by side.

    NPUZZLE_CACHE=... python3 bench.py lookups --slice 0:100    # Korf's 100, 7-8 (half7h, half8)
    python3 bench.py lookups --slice 0:10 --databases standard  # the page's 6-6-3

Each board is solved by ``pdb.idastar`` (the ordered search ``solve`` runs in one process)
in each variant in this one process: plain, with the dual look-up, with BPMX, with both,
with BPMX's cut alone (a child pruned 3 or more past the bound prunes its parent: no
child's value raised, no second loop over the children), the dual with the cut; the
variants' order turned board by board so drift on a shared machine hits all alike.  Every
length must be the board's published optimum (else it stops).  Prints a row per board
(each variant's nodes and CPU seconds) and a summary: nodes a board (mean), CPU seconds
(the median board and the total) and wall seconds in all, and each against plain.  The
dual with 7-8 reads half7 as well (built with the blank anywhere), loaded from the cache.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from benchmarks.boards import SETS

VARIANTS = {
    "plain": (False, False, False),
    "dual": (True, False, False),
    "bpmx": (False, True, False),
    "both": (True, True, False),
    "cut": (False, False, True),  # BPMX's cut alone: no child's value raised, no second loop
    "dual+cut": (True, False, True),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("korf100", "hardest80"), default="korf100")
    parser.add_argument("--slice", default="0:100")
    parser.add_argument("--databases", default="half7h", help="NPUZZLE_DATABASES (default half7h: 7-8)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"of {', '.join(VARIANTS)}")
    args = parser.parse_args(argv)
    os.environ["NPUZZLE_DATABASES"] = args.databases
    from npuzzle import pdb
    from npuzzle.pdb import lookups, shapes

    chosen = args.variants.split(",")
    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]
    goal, topology = boards[0][1].goal, boards[0][1].topology
    assert pdb.prepare(goal, topology, build=False), "the databases are not built: npuzzle databases build"
    print(
        f"# {args.set} [{args.slice}], pdb.idastar in one process, databases {shapes.strong() or '6-6-3'} "
        f"{[[k for k, _, _ in g] for g in pdb.partitions(goal)]}; Python {platform.python_version()} "
        f"({platform.python_implementation()}), {time.strftime('%Y-%m-%d')}, nice {os.nice(0)}"
    )
    print(f"{'board':<10} {'len':>4} " + " ".join(f"{v + ' nodes':>12} {'cpu s':>7}" for v in chosen), flush=True)
    for label in chosen:  # untimed: each kernel compiled, and half7 loaded for the dual
        lookups.use_lookups(*VARIANTS[label])
        pdb.idastar(boards[0][1])
    rows: dict[str, list[tuple[int, float, float]]] = {v: [] for v in chosen}
    for k, (name, problem, optimum) in enumerate(boards):
        order = chosen[k % len(chosen) :] + chosen[: k % len(chosen)]
        got = {}
        for label in order:
            lookups.use_lookups(*VARIANTS[label])
            c, t = time.process_time(), time.perf_counter()
            r = pdb.idastar(problem)
            got[label] = (r.nodes, time.process_time() - c, time.perf_counter() - t)
            if r.length != optimum:
                raise SystemExit(f"{name}: {label} gave {r.length} moves, the optimum is {optimum}")
        for label in chosen:
            rows[label].append(got[label])
        cells = " ".join(f"{got[v][0]:>12,} {got[v][1]:>7.3f}" for v in chosen)
        print(f"{name.split()[0]:<10} {optimum:>4} {cells}", flush=True)
    lookups.use_lookups()
    base = chosen[0]
    n = len(boards)
    print(f"summary, {n} boards, all at the published optima:")
    print(
        f"{'variant':<8} {'nodes a board':>14} {'ratio':>6} {'median cpu s':>13} {'cpu s':>8} {'ratio':>6} {'wall s':>8}"
    )
    for label in chosen:
        nodes = sum(r[0] for r in rows[label])
        cpu = sum(r[1] for r in rows[label])
        wall = sum(r[2] for r in rows[label])
        nb = sum(r[0] for r in rows[base])
        cb = sum(r[1] for r in rows[base])
        median = statistics.median(r[1] for r in rows[label])
        print(
            f"{label:<8} {nodes / n:>14,.0f} {nodes / nb:>6.3f} {median:>13.4f} {cpu:>8.2f} {cpu / cb:>6.3f} {wall:>8.2f}"
        )
    return 0
