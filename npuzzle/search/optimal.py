"""Optimal search: IDA* (the default) and A*, returning a Result, never printing.

    >>> from npuzzle.rules.notation import parse_problem
    >>> r = solve(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    >>> r.moves, r.length, r.optimal
    ('RR', 2, True)

Both searches are optimal with an admissible heuristic.  Limits are explicit keyword
arguments: ``time_limit`` (seconds) for both, ``max_nodes`` for A*'s memory.  When a
limit stops a search the Result says so (``stopped``) and still carries what is known:
the proven ``lower_bound`` and the nodes expanded.  ``progress``, if given, is called
with a plain dict about four times a second.

A heuristic is an object with a ``name``, ``value(board)`` and its own IDA* kernel
(``idastar`` for one run, ``solve`` for optimal search): npuzzle.search.heuristics.Heuristic
for the per-tile tables, npuzzle.pdb.PatternDatabases for the databases.  This module
picks one by name (``make_heuristic``) and runs it; A* is written here, over ``value``.
"""

from __future__ import annotations

import heapq
from dataclasses import replace

from .. import pdb
from ..result import Clock, Progress, Result, Stop, finish, unsolvable
from ..rules.board import Problem
from ..rules.solvability import solvability
from .heuristics import TILE_HEURISTICS, Heuristic

__all__ = [
    "Result",
    "Progress",
    "solve",
    "make_heuristic",
    "idastar",
    "WeightedSearch",
    "astar",
    "ALGORITHMS",
    "HEURISTICS",
    "DEFAULT_MAX_NODES",
    "default_max_nodes",
]

ALGORITHMS = ("idastar", "astar")
HEURISTICS = (*TILE_HEURISTICS, pdb.PatternDatabases.name)
# About 250 bytes a stored 4x4 state: two million is roughly half a gigabyte.  A state's
# size grows with the board, so the default cap shrinks in proportion (default_max_nodes).
DEFAULT_MAX_NODES = 2_000_000
_ASTAR_CHECK_EVERY = 1 << 10  # an A* expansion costs O(cells), so look at the clock often


def default_max_nodes(cells: int) -> int:
    """A* states stored at most by default: two million on a 4x4, fewer on bigger boards."""
    return max(10_000, DEFAULT_MAX_NODES * 16 // cells)


def make_heuristic(
    name: str, problem: Problem, algorithm: str = "idastar", progress: Progress | None = None
) -> tuple[Heuristic | pdb.PatternDatabases, list[str]]:
    """The named heuristic for this problem, and notes.  Pattern databases the problem
    cannot use (another board, A*, not built or not loaded) give linear conflict, with a
    note saying why; loading or building them reports to progress."""
    if name not in HEURISTICS:
        raise ValueError(f"unknown heuristic {name!r}: choose from {', '.join(HEURISTICS)}")
    if name == pdb.PatternDatabases.name:
        note = pdb.unavailable(problem, algorithm, progress)
        if note is None:
            return pdb.PatternDatabases(problem.goal), []
        return Heuristic.make("linear-conflict", problem.goal, problem.topology), [note]
    return Heuristic.make(name, problem.goal, problem.topology), []


def solve(
    problem: Problem,
    algorithm: str = "idastar",
    heuristic: str = "linear-conflict",
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    progress: Progress | None = None,
) -> Result:
    """Solve optimally; an unsolvable problem returns at once with the reason."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}: choose from {', '.join(ALGORITHMS)}")
    if heuristic not in HEURISTICS:
        raise ValueError(f"unknown heuristic {heuristic!r}: choose from {', '.join(HEURISTICS)}")
    verdict = solvability(problem.start, problem.goal, problem.topology)
    if not verdict.solvable:
        return unsolvable(verdict.reason, algorithm, heuristic)
    h, notes = make_heuristic(heuristic, problem, algorithm, progress)
    if algorithm == "idastar":
        result = h.solve(problem, time_limit=time_limit, progress=progress)
    else:
        assert isinstance(h, Heuristic)  # the databases serve IDA* only: make_heuristic said so in a note
        result = astar(problem, h, time_limit=time_limit, max_nodes=max_nodes, progress=progress)
    return replace(result, reason=verdict.reason, notes=result.notes + notes)


def idastar(
    problem: Problem,
    heuristic: Heuristic,
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
    weight: tuple[int, int] = (1, 1),
) -> Result:
    """Iterative-deepening A*: depth-first passes with a growing bound on f = g + h.

    With weight (p, q) it is weighted IDA* on f = q g + p h: its answer is at most p/q
    times the optimum.  The kernel is the heuristic's own."""
    return heuristic.idastar(problem, weight=weight, time_limit=time_limit, progress=progress)[0]


class WeightedSearch:
    """Weighted IDA* run in slices: each ``run(seconds)`` starts again from the beginning
    of the pass the last one stopped in, skipping the passes already done.  A slice loses
    the part of that pass it had searched, so a pass longer than the slice never ends:
    give slices that grow.  For trying several weights in turn (npuzzle.search.portfolio) when
    no one knows which finishes first.
    """

    def __init__(
        self, problem: Problem, weight: tuple[int, int], heuristic: Heuristic | pdb.PatternDatabases, order: int = 0
    ):
        self.problem = problem
        self.weight = weight
        self.heuristic = heuristic
        self.order = order  # the databases' pdb.MOVE_ORDERS; other heuristics have order 0 only
        self.bound: int | None = None  # the pass to start from; None: the first
        self.seconds = 0.0

    def run(self, time_limit: float, progress: Progress | None = None) -> Result:
        other = {"order": self.order} if self.order else {}
        result, self.bound = self.heuristic.idastar(
            self.problem, weight=self.weight, time_limit=time_limit, progress=progress, first_bound=self.bound, **other
        )
        self.seconds += result.seconds
        return result


def astar(
    problem: Problem,
    heuristic: Heuristic,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    progress: Progress | None = None,
) -> Result:
    """A*: best-first on f = g + h with a binary heap; at most max_nodes states are stored
    (default_max_nodes for the board's size when None).

    Heap entries are (f, -g, count, state): among equal f the deepest comes first, and the
    counter keeps ties from comparing states.  States are bytes (tuples past 256 cells).
    """
    clock = Clock("astar", time_limit, progress)
    topology = problem.topology
    if max_nodes is None:
        max_nodes = default_max_nodes(topology.size)
    step = topology.step
    goal = problem.goal
    encode = bytes if topology.size <= 256 else tuple
    start = encode(problem.start)
    target = encode(goal)
    h0 = heuristic.value(problem.start)
    # came[state] = (g, parent state, direction index)
    came: dict = {start: (0, None, -1)}
    heap = [(h0, 0, 0, start)]
    count = 0
    nodes = 0
    bound = h0
    try:
        while heap:
            f, neg_g, _, state = heapq.heappop(heap)
            g = -neg_g
            if came[state][0] < g:
                continue  # a stale entry: a shorter way here was found later
            bound = f
            if state == target:
                path = []
                while came[state][1] is not None:
                    _, parent, d = came[state]
                    path.append(d)
                    state = parent
                path.reverse()
                return finish(problem, path, f, nodes, clock, heuristic.name, None)
            nodes += 1
            if not nodes & (_ASTAR_CHECK_EVERY - 1):
                clock.tick(nodes, bound)
            board = list(state)
            blank = board.index(0)
            for d, cell in enumerate(step[blank]):
                if cell < 0:
                    continue
                t = board[cell]
                board[blank] = t
                board[cell] = 0
                child = encode(board)
                board[cell] = t
                board[blank] = 0
                seen = came.get(child)
                if seen is not None and seen[0] <= g + 1:
                    continue
                if len(came) >= max_nodes:
                    raise Stop("node limit")
                came[child] = (g + 1, state, d)
                count += 1
                heapq.heappush(heap, (g + 1 + heuristic.value(child), -g - 1, count, child))
    except Stop as stop:
        return finish(problem, None, bound, nodes, clock, heuristic.name, stop.why)
    raise AssertionError("A* ran out of states on a solvable problem")  # pragma: no cover
