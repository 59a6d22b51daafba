"""Compact tables (npuzzle.pdb.compact) against the dense ones, side by side: 7-8.

    NPUZZLE_CACHE=... python3 bench.py compact --set korf100 --slice 0:100
    NPUZZLE_CACHE=... python3 bench.py compact --set hardest80 --slice 0:17

Each board is solved by ``pdb.idastar`` (the ordered search ``solve`` runs in one
process) twice in this one process, with half7h and half8 read dense (half8 mapped from
its file, half7h's 256 MiB in memory) and compact (NAME.compact from the cache when
there, ``tools/compact_tables.py`` writes them, else converted here), the order turned
board by board so drift on a shared machine hits both alike.  Both must give the
published optimum and the same nodes (else it stops).  Prints a row per board and a
summary: nodes a board, CPU seconds (the median board, the total) and each against
dense, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from benchmarks.boards import SETS

NAMES = ("half7h", "half8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("korf100", "hardest80"), default="korf100")
    parser.add_argument("--slice", default="0:100")
    args = parser.parse_args(argv)
    os.environ["NPUZZLE_DATABASES"] = "half7h"
    from npuzzle import pdb
    from npuzzle.pdb import shapes, store

    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]
    goal, topology = boards[0][1].goal, boards[0][1].topology
    assert pdb.prepare(goal, topology, build=False), "the databases are not built: npuzzle databases build half8"
    assert shapes.strong() == "half7h", "7-8 needs half7h and half8 in the cache"
    t = time.perf_counter()
    store.use_compact(NAMES)
    loaded = time.perf_counter() - t
    print(
        f"# {args.set} [{args.slice}], pdb.idastar in one process, 7-8 (half7h, half8) dense and compact "
        f"(compact loaded in {loaded:.1f} s); Python {platform.python_version()} "
        f"({platform.python_implementation()}), {time.strftime('%Y-%m-%d %H:%M')}, nice {os.nice(0)}, "
        f"load {os.getloadavg()[0]:.2f}"
    )
    forms = {"dense": store.use_dense, "compact": store.use_compact}
    for use in forms.values():  # untimed: each kernel compiled
        use(NAMES)
        pdb.idastar(boards[0][1])
    print(f"{'board':<10} {'len':>4} " + " ".join(f"{v + ' nodes':>14} {'cpu s':>7}" for v in forms), flush=True)
    rows: dict[str, list[tuple[int, float]]] = {v: [] for v in forms}
    labels = list(forms)
    for k, (name, problem, optimum) in enumerate(boards):
        got = {}
        for label in labels[k % 2 :] + labels[: k % 2]:
            forms[label](NAMES)
            c = time.process_time()
            r = pdb.idastar(problem)
            got[label] = (r.nodes, time.process_time() - c)
            if r.length != optimum:
                raise SystemExit(f"{name}: {label} gave {r.length} moves, the optimum is {optimum}")
        if got["dense"][0] != got["compact"][0]:
            raise SystemExit(f"{name}: dense {got['dense'][0]:,} nodes, compact {got['compact'][0]:,}")
        for label in labels:
            rows[label].append(got[label])
        cells = " ".join(f"{got[v][0]:>14,} {got[v][1]:>7.3f}" for v in labels)
        print(f"{name.split()[0]:<10} {optimum:>4} {cells}", flush=True)
    n = len(boards)
    print(f"summary, {n} boards, all at the published optima, the same nodes; load {os.getloadavg()[0]:.2f}:")
    print(f"{'form':<8} {'nodes a board':>14} {'median cpu s':>13} {'ratio':>6} {'cpu s':>8} {'ratio':>6}")
    for label in labels:
        cpu = sum(r[1] for r in rows[label])
        median = statistics.median(r[1] for r in rows[label])
        base_median = statistics.median(r[1] for r in rows["dense"])
        base = sum(r[1] for r in rows["dense"])
        nodes = sum(r[0] for r in rows[label]) / n
        print(f"{label:<8} {nodes:>14,.0f} {median:>13.4f} {median / base_median:>6.3f} {cpu:>8.2f} {cpu / base:>6.3f}")
    return 0
