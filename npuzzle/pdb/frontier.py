"""The split of an IDA* pass into subtrees: the nodes some moves below the start that the
pass reaches, and how deep to split so every worker has many of them (npuzzle.pdb.parallel
runs them as tasks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules.board import Problem
from .kernel import KORF_RANK, heuristic_value, in_order, korf_order

__all__ = [
    "split_frontier",
    "split_depth",
    "split_pass",
    "memo",
    "summed",
    "SPLIT_DEPTH",
    "TASKS_PER_WORKER",
    "MAX_SPLIT_DEPTH",
]

# The page's workers split the tree at this depth (parallel.split_jobs), and CPython's split
# passes never split it shallower: 54-80 subtrees on Korf's boards.  On paper
# (tools/split_balance.py, Korf #1-#10 and #60) 2/4/8 workers gain 1.97/3.80/4.40x at
# depth 5 against 1.46/1.62/1.62x at depth 3 (10-20 subtrees: a pass waited for its biggest
# one); in the page #60 from the first click went from 0.79 to 0.73 of one worker's time.
SPLIT_DEPTH = 5

# The split passes (split_search) go one move deeper until every worker has at least this
# many subtrees a pass, so the largest is a small share of a worker's part and the workers
# end a pass together (at 5 moves, 54-80 subtrees, 8 workers levelled off at 4.4x on
# paper).  Korf's 24-puzzle #38 split for 128 workers: the longest subtree 1-2 % of its
# pass; on paper 8 workers 8.0x, 32 workers 29.7x (bench.py split24, docs/benchmarks-record.md).
TASKS_PER_WORKER = 32
# Never deeper than this: a frontier's boards are listed and looked up in this process
# each pass (a 5x5's pass of bound 62, 56 above its h: 3,589 nodes at 16 moves, 3 s).
MAX_SPLIT_DEPTH = 16
# ... and no deeper than the level where the boards looked up reach this (about 2 s on a
# 24-puzzle with the six-tile databases).
LOOKUPS = 20_000


def memo(goal: tuple[int, ...]) -> Callable[[tuple[int, ...]], int]:
    """heuristic_value for this goal, each board's value kept (the frontier is the same
    boards every pass)."""
    values: dict[tuple[int, ...], int] = {}

    def h(board: tuple[int, ...]) -> int:
        value = values.get(board)
        if value is None:
            value = values[board] = heuristic_value(board, goal)
        return value

    return h


def split_frontier(
    problem: Problem, bound: int, depth: int, h: Callable[[tuple[int, ...]], int]
) -> tuple[list[tuple[tuple[int, ...], int, list[int]]], int, list[int] | None]:
    """The pass of `bound` down to `depth` moves below the start, never undoing a move:
    (the nodes it reaches there, lowest h first, or in Korf's order as his search meets
    them, each as (board, the cell the blank came from, the blank's cells from the
    start); the largest slack (bound - g - h < 0) of the nodes
    it prunes above them; the blank's cells to the goal if the pass meets it on the way)."""
    return split_pass(problem, bound, 0, h, depth)[1:]


def split_depth(problem: Problem, bound: int, workers: int, h: Callable[[tuple[int, ...]], int]) -> int:
    """The depth split_pass splits the pass of bound at for this many workers."""
    return split_pass(problem, bound, workers, h)[0]


def split_pass(
    problem: Problem, bound: int, workers: int, h: Callable[[tuple[int, ...]], int], depth: int | None = None
) -> tuple[int, list[tuple[tuple[int, ...], int, list[int]]], int, list[int] | None]:
    """The pass of bound split for `workers` (or at `depth`): (the depth, then what
    split_frontier gives).  Without a depth, the shallowest from SPLIT_DEPTH with
    TASKS_PER_WORKER nodes for every worker, else the deepest within MAX_SPLIT_DEPTH (and
    below bound) before LOOKUPS boards have been looked up: a thin tree (a low bound) is
    a small pass, not worth the time of listing it deeper."""
    neighbors, goal = problem.topology.neighbors, problem.goal
    korf = korf_order(problem)
    if korf:  # each node's children in Korf's order, so every level is in his search's order
        neighbors = in_order(neighbors, KORF_RANK)
    wanted = TASKS_PER_WORKER * workers
    deepest = depth if depth is not None else max(SPLIT_DEPTH, min(MAX_SPLIT_DEPTH, bound - 2))
    best, looked = -(1 << 30), 0
    level = [(problem.start, problem.topology.size, [problem.start.index(0)])]
    for g in range(deepest + 1):
        kept = []
        for node in level:
            slack = bound - g - h(node[0])
            if slack < 0:
                best = max(best, slack)
            elif node[0] == goal:
                return g, [], best, node[2]
            else:
                kept.append(node)
        looked += len(level)
        if g == deepest or depth is None and g >= SPLIT_DEPTH and (len(kept) >= wanted or looked >= LOOKUPS):
            if not korf:
                kept.sort(key=lambda node: h(node[0]))
            return g, kept, best, None
        level = [child for node in kept for child in children(node, neighbors)]
    raise AssertionError("unreachable")


def children(
    node: tuple[tuple[int, ...], int, list[int]], neighbors: Sequence[Sequence[tuple[int, int]]]
) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """A frontier node's children, never undoing its last move: (board, the cell the blank
    came from, the blank's cells so far)."""
    board, back, cells = node
    blank = cells[-1]
    found = []
    for _, c in neighbors[blank]:
        if c != back:
            b = list(board)
            b[blank], b[c] = b[c], 0
            found.append((tuple(b), blank, cells + [c]))
    return found


def summed(sizes: dict[tuple[int, ...], int], length: int) -> dict[tuple[int, ...], int]:
    """The nodes of a pass's subtrees (by the blank's cells) summed by their first `length`
    cells: a guess of a subtree's size in the next pass, which may be split at another depth."""
    summed: dict[tuple[int, ...], int] = {}
    for cells, n in sizes.items():
        summed[cells[:length]] = summed.get(cells[:length], 0) + n
    return summed
