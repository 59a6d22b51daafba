"""Compact tables (npuzzle.pdb.compact) against the dense ones, side by side: 7-8.

    NPUZZLE_CACHE=... python3 bench.py compact --set korf100 --slice 0:100
    NPUZZLE_CACHE=... python3 bench.py compact --set hardest80 --slice 0:17
    NPUZZLE_COMPACT=DIR node benchmarks/pyodide.mjs dist compact --set hardest80 --forms compact

Each board is solved by ``pdb.idastar`` (the ordered search ``solve`` runs in one
process) twice in this one process, with half7h and half8 read dense (half8 mapped from
its file, half7h's 256 MiB in memory) and compact (NAME.compact from the cache when
there, ``tools/compact_tables.py`` writes them, else converted here), the order turned
board by board so drift on a shared machine hits both alike.  Both must give the
published optimum and the same nodes (else it stops).  Prints a row per board and a
summary: nodes a board, CPU seconds (the median board, the total) and each against
dense, and the load average before and after.  Under Pyodide (``--forms compact``: half8
dense does not fit in wasm32) the compact tables are DIR's NAME.compact files, registered
as a worker would after fetching them; the wasm memory is printed too.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from benchmarks.boards import SETS

NAMES = ("half7h", "half8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("korf100", "hardest80"), default="korf100")
    parser.add_argument("--slice", default="0:100")
    parser.add_argument("--forms", default="dense,compact", help="of dense, compact (Pyodide: compact)")
    args = parser.parse_args(argv)
    os.environ["NPUZZLE_DATABASES"] = "half7h"
    from npuzzle import pdb
    from npuzzle.pdb import shapes, store

    start, _, stop = args.slice.partition(":")
    boards = SETS[args.set]()[slice(int(start) if start else None, int(stop) if stop else None)]
    goal, topology = boards[0][1].goal, boards[0][1].topology
    if store.IN_BROWSER:  # the tables registered (benchmarks/pyodide.mjs), as the page would
        shapes.use_strong(store.strongest_level(store.loaded))
    assert pdb.prepare(goal, topology, build=False), "the databases are not built: npuzzle databases build half8"
    assert shapes.strong() == "half7h", "7-8 needs half7h and half8 in the cache"
    t = time.perf_counter()
    store.use_compact(NAMES)  # registered already under Pyodide
    loaded = time.perf_counter() - t
    print(
        f"# {args.set} [{args.slice}], pdb.idastar in one process, 7-8 (half7h, half8) {args.forms.replace(',', ' and ')} "
        f"(compact loaded in {loaded:.1f} s); Python {platform.python_version()} "
        f"({platform.python_implementation()}, {sys.platform}), {time.strftime('%Y-%m-%d %H:%M')}, {_load()}"
    )
    uses = {"dense": store.use_dense, "compact": store.use_compact}
    forms = {label: uses[label] for label in args.forms.split(",")}
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
        if len({nodes for nodes, _ in got.values()}) > 1:
            raise SystemExit(f"{name}: dense {got['dense'][0]:,} nodes, compact {got['compact'][0]:,}")
        for label in labels:
            rows[label].append(got[label])
        cells = " ".join(f"{got[v][0]:>14,} {got[v][1]:>7.3f}" for v in labels)
        print(f"{name.split()[0]:<10} {optimum:>4} {cells}", flush=True)
    n = len(boards)
    print(f"summary, {n} boards, all at the published optima, the same nodes; {_load()}{_memory()}:")
    print(f"{'form':<8} {'nodes a board':>14} {'median cpu s':>13} {'ratio':>6} {'cpu s':>8} {'ratio':>6}")
    for label in labels:
        cpu = sum(r[1] for r in rows[label])
        median = statistics.median(r[1] for r in rows[label])
        base_median = statistics.median(r[1] for r in rows[labels[0]])
        base = sum(r[1] for r in rows[labels[0]])
        nodes = sum(r[0] for r in rows[label]) / n
        print(f"{label:<8} {nodes:>14,.0f} {median:>13.4f} {median / base_median:>6.3f} {cpu:>8.2f} {cpu / base:>6.3f}")
    return 0


def _load() -> str:
    """The nice value and load average, where the platform has them (not in Pyodide)."""
    try:
        return f"nice {os.nice(0)}, load {os.getloadavg()[0]:.2f}"
    except (OSError, AttributeError):
        return "no load average here"


def _memory() -> str:
    """Under Pyodide, the wasm memory's size (it never shrinks: the peak)."""
    if sys.platform != "emscripten":
        return ""
    import pyodide_js  # type: ignore[import-not-found]

    return f", wasm memory {pyodide_js._module.HEAP8.buffer.byteLength / 2**20:,.0f} MiB"
