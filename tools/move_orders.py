"""How much the order of an optimal search's last pass matters: the nodes of the kernel's
optimal IDA* over a set of boards, its subtrees ordered (as `solve` runs it) or in the
natural order, the blank's moves tried up-down-left-right or up-left-right-down (Korf's).

    NPUZZLE_DATABASES=standard python3 tools/move_orders.py            # Korf's 100
    NPUZZLE_CACHE=... python3 tools/move_orders.py korf24 37:40        # a slice of another set

Every pass but the last searches the same nodes in any order; the last one ends at its
first solution, so the totals differ only by where each order meets it.  Each length is
checked against the known optimum.  Results: docs/benchmarks-record.md ("The 24-puzzle
optimally").
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.boards import SETS
from npuzzle import pdb
from npuzzle.pdb import kernel

UDLR, ULRD = 0, len(kernel.MOVE_ORDERS)  # the kernel's default, and Korf's (added below)
NATURAL = 1 << 30  # an ORDER_DEPTH no search reaches: no subtrees reordered
CONFIGS = (
    ("ordered, UDLR", UDLR, kernel.ORDER_DEPTH),
    ("ordered, ULRD", ULRD, kernel.ORDER_DEPTH),
    ("natural, UDLR", UDLR, NATURAL),
    ("natural, ULRD", ULRD, NATURAL),
)


def main(argv: list[str]) -> None:
    name = argv[0] if argv else "korf100"
    first, last = (argv[1] if len(argv) > 1 else ":").split(":")
    boards = SETS[name]()[int(first) if first else None : int(last) if last else None]
    pdb.prepare(boards[0][1].goal, boards[0][1].topology, build=False)
    kernel.MOVE_ORDERS = (*kernel.MOVE_ORDERS, kernel.KORF_RANK)  # as ULRD below
    nodes: dict[str, list[int]] = {}
    for label, order, depth in CONFIGS:
        kernel.ORDER_DEPTH = depth
        began, nodes[label] = time.perf_counter(), []
        for _, problem, optimum in boards:
            result, _ = kernel.weighted_pass(problem, (1, 1), None, None, None, order=order)
            assert result.length == optimum, (label, result.length, optimum)
            nodes[label].append(result.nodes)
        print(f"{label:14} {sum(nodes[label]):>14,} nodes {time.perf_counter() - began:7.1f} s", flush=True)
    base = CONFIGS[0][0]
    for label, counts in nodes.items():
        ratios = [a / b for a, b in zip(counts, nodes[base])]
        print(
            f"{label:14} total against {base}: {sum(counts) / sum(nodes[base]):.3f}, "
            f"median board {statistics.median(ratios):.3f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
