"""Optimal search: IDA* (the default) and A*, returning a Result, never printing.

    >>> from npuzzle.notation import parse_problem
    >>> r = solve(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    >>> r.moves, r.length, r.optimal
    ('RR', 2, True)

Both searches are optimal with an admissible heuristic.  Limits are explicit keyword
arguments: ``time_limit`` (seconds) for both, ``max_nodes`` for A*'s memory.  When a
limit stops a search the Result says so (``stopped``) and still carries what is known:
the proven ``lower_bound`` and the nodes expanded.  ``progress``, if given, is called
with a plain dict about four times a second.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from .board import Problem, tiles_moved
from .heuristics import HEURISTICS, Heuristic
from .solvability import solvability
from .topology import DIRECTIONS

__all__ = ["Result", "solve", "idastar", "WeightedSearch", "astar", "ALGORITHMS", "DEFAULT_MAX_NODES", "default_max_nodes"]

ALGORITHMS = ("idastar", "astar")
# About 250 bytes a stored 4x4 state: two million is roughly half a gigabyte.  A state's
# size grows with the board, so the default cap shrinks in proportion (default_max_nodes).
DEFAULT_MAX_NODES = 2_000_000
_CHECK_EVERY = 1 << 14  # nodes between looks at the clock (a power of two, for a mask)
_ASTAR_CHECK_EVERY = 1 << 10  # an A* expansion costs O(cells), so look more often


def default_max_nodes(cells: int) -> int:
    """A* states stored at most by default: two million on a 4x4, fewer on bigger boards."""
    return max(10_000, DEFAULT_MAX_NODES * 16 // cells)
_PROGRESS_SECONDS = 0.25

Progress = Callable[[dict], None]


@dataclass
class Result:
    """What a search found.  moves is '' both for a solved start and when nothing was found;
    look at ``found``."""

    solvable: bool
    found: bool
    moves: str
    tiles: list[int]
    length: int | None
    optimal: bool
    lower_bound: int
    nodes: int
    seconds: float
    algorithm: str
    heuristic: str
    stopped: str | None = None  # 'time limit' or 'node limit' when a limit ended the search
    reason: str = ""
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


class _Clock:
    """Start time, deadline and progress reporting, shared by both searches."""

    def __init__(self, algorithm: str, time_limit: float | None, progress: Progress | None):
        self.algorithm = algorithm
        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + time_limit
        self.progress = progress
        self.next_report = self.start

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def tick(self, nodes: int, bound: int) -> None:
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise _Stop("time limit")
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + _PROGRESS_SECONDS
            self.progress({"algorithm": self.algorithm, "bound": bound, "nodes": nodes,
                           "seconds": round(now - self.start, 3)})


def solve(problem: Problem, algorithm: str = "idastar", heuristic: str = "linear-conflict", *,
          time_limit: float | None = None, max_nodes: int | None = None,
          progress: Progress | None = None) -> Result:
    """Solve optimally; an unsolvable problem returns at once with the reason."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}: choose from {', '.join(ALGORITHMS)}")
    if heuristic not in HEURISTICS:
        raise ValueError(f"unknown heuristic {heuristic!r}: choose from {', '.join(HEURISTICS)}")
    verdict = solvability(problem.start, problem.goal, problem.topology)
    if not verdict.solvable:
        return Result(False, False, "", [], None, False, 0, 0, 0.0, algorithm, heuristic,
                      reason=verdict.reason)
    notes = []
    if heuristic == "pdb":  # --- pattern databases (npuzzle.pdb): their own IDA* kernel ---
        from . import pdb
        note = pdb.unavailable(problem, algorithm, progress)
        if note is None:
            # split passes, most promising subtrees first: over the cores in CPython, in
            # turn in Pyodide (Korf #60 there: about 7 s instead of 13-14 s)
            result = pdb.idastar_parallel(problem, pdb.default_processes(), time_limit=time_limit,
                                          progress=progress)
            result.reason = verdict.reason
            return result
        heuristic, notes = "linear-conflict", [note]  # --- end of pattern databases ---
    h = Heuristic.make(heuristic, problem.goal, problem.topology)
    if algorithm == "idastar":
        result = idastar(problem, h, time_limit=time_limit, progress=progress)
    else:
        result = astar(problem, h, time_limit=time_limit, max_nodes=max_nodes, progress=progress)
    result.reason = verdict.reason
    result.notes.extend(notes)
    return result


def _finish(problem: Problem, path: list[int] | None, bound: int, nodes: int, clock: _Clock,
            heuristic: Heuristic, stopped: str | None, optimal: bool = True) -> Result:
    """The Result of a search; bound is the proven lower bound (for an optimal search)."""
    if path is None:
        return Result(True, False, "", [], None, False, bound, nodes, clock.elapsed(),
                      clock.algorithm, heuristic.name, stopped)
    moves = "".join(DIRECTIONS[d] for d in path)
    return Result(True, True, moves, tiles_moved(problem.start, moves, problem.topology),
                  len(moves), optimal, len(moves) if optimal else bound, nodes, clock.elapsed(),
                  clock.algorithm, heuristic.name, stopped)


def idastar(problem: Problem, heuristic: Heuristic, *, time_limit: float | None = None,
            progress: Progress | None = None, weight: tuple[int, int] = (1, 1)) -> Result:
    """Iterative-deepening A*: depth-first passes with a growing bound on f = g + h.

    With weight (p, q) it is weighted IDA* on f = q g + p h (see _idastar).
    """
    return _idastar(problem, heuristic, time_limit, progress, weight, None)[0]


class WeightedSearch:
    """Weighted IDA* run in slices: each ``run(seconds)`` starts again from the beginning
    of the pass the last one stopped in, skipping the passes already done.  A slice loses
    the part of that pass it had searched, so a pass longer than the slice never ends:
    give slices that grow.  For trying several weights in turn (npuzzle.portfolio) when
    no one knows which finishes first.  ``heuristic`` None means the pattern databases
    (npuzzle.pdb, which must be loaded).
    """

    def __init__(self, problem: Problem, weight: tuple[int, int], heuristic: Heuristic | None = None):
        self.problem = problem
        self.weight = weight
        self.heuristic = heuristic
        self.bound: int | None = None  # the pass to start from; None: the first
        self.seconds = 0.0

    def run(self, time_limit: float, progress: Progress | None = None) -> Result:
        if self.heuristic is None:
            from . import pdb

            result, self.bound = pdb.weighted_pass(self.problem, self.weight, time_limit, progress, self.bound)
        else:
            result, self.bound = _idastar(self.problem, self.heuristic, time_limit, progress, self.weight,
                                          self.bound)
        self.seconds += result.seconds
        return result


def _idastar(problem: Problem, heuristic: Heuristic, time_limit: float | None, progress: Progress | None,
             weight: tuple[int, int], first_bound: int | None) -> tuple[Result, int]:
    """(idastar's Result, the bound of the pass it stopped in), starting at first_bound.

    With weight (p, q) it is weighted IDA* on f = g + (p/q) h, computed in integers as
    q g + p h: faster, and its answer is at most p/q times the optimum, but not optimal.

    Memory is the path only.  The inner loop is written for speed: neighbours come from a
    precomputed table, h is updated from per-tile tables when one tile moves, the board is
    one list changed in place and restored on the way back, and the move that would undo
    the last one (its direction xor 1) is skipped.  Nothing is allocated per node.
    """
    weighted = weight != (1, 1)
    clock = _Clock("weighted-idastar" if weighted else "idastar", time_limit, progress)
    board = list(problem.start)
    neighbors = problem.topology.neighbors
    lower_bound = heuristic.value(board)
    if weighted:
        heuristic = heuristic.scaled(weight[0])
    g_step = weight[1]
    cost = heuristic.cost
    lines = heuristic.lines
    h0 = heuristic.value(board)
    path: list[int] = []
    nodes = 0
    bound = h0 if first_bound is None else max(h0, first_bound)
    next_bound = 0

    def plain(blank: int, g: int, h: int, back: int) -> bool:
        # Misplaced tiles and Manhattan: h changes by the moved tile's table entries only.
        nonlocal nodes, next_bound
        nodes += 1
        if not nodes & (_CHECK_EVERY - 1):
            clock.tick(nodes, bound)
        g += g_step
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            t = board[cell]
            row = cost[t]
            h2 = h - row[cell] + row[blank]
            f = g + h2
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            board[blank] = t
            board[cell] = 0
            path.append(d)
            if h2 == 0 or plain(cell, g, h2, d ^ 1):
                return True
            path.pop()
            board[cell] = t
            board[blank] = 0
        return False

    if lines is not None:
        row_keys, col_keys = lines.keys(board)
        row_part, col_part = lines.row_part, lines.col_part
        row_values, col_values = lines.row_values, lines.col_values
        goal_row, goal_col = lines.goal_row, lines.goal_col
        w = problem.topology.width

    def conflicts(blank: int, g: int, h: int, back: int) -> bool:
        # Manhattan plus linear conflict.  A vertical move takes tile t from one row to the
        # next; only t's goal row can change value, and only when t enters or leaves it.
        # The move also shifts t within its column: if that is t's goal column its key
        # changes but not its value (the tiles keep their order).  Horizontal: the mirror.
        nonlocal nodes, next_bound
        nodes += 1
        if not nodes & (_CHECK_EVERY - 1):
            clock.tick(nodes, bound)
        g += g_step
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            t = board[cell]
            row = cost[t]
            h2 = h - row[cell] + row[blank]
            if d < 2:  # U or D
                line, a, b = goal_row[t], cell // w, blank // w
                keys, part, values = row_keys, row_part[t], row_values
                other, o_keys, o_part = goal_col[t], col_keys, col_part[t]
                o = blank % w
            else:
                line, a, b = goal_col[t], cell % w, blank % w
                keys, part, values = col_keys, col_part[t], col_values
                other, o_keys, o_part = goal_row[t], row_keys, row_part[t]
                o = blank // w
            if line == a or line == b:
                old = keys[line]
                new = old - part[cell] + part[blank]  # the other cell's part is 0
                h2 += values[new] - values[old]
            else:
                line = -1
            f = g + h2
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            board[blank] = t
            board[cell] = 0
            if line >= 0:
                keys[line] = new
            if other == o:
                o_old = o_keys[o]
                o_keys[o] = o_old - o_part[cell] + o_part[blank]
            path.append(d)
            if h2 == 0 or conflicts(cell, g, h2, d ^ 1):
                return True
            path.pop()
            if other == o:
                o_keys[o] = o_old
            if line >= 0:
                keys[line] = old
            board[cell] = t
            board[blank] = 0
        return False

    dfs = plain if lines is None else conflicts
    if h0 == 0:
        return _finish(problem, [], 0, 0, clock, heuristic, None), bound
    blank = board.index(0)
    try:
        while True:
            next_bound = 1 << 30
            if dfs(blank, 0, h0, -1):
                return _finish(problem, path, lower_bound if weighted else bound, nodes, clock,
                               heuristic, None, optimal=not weighted), bound
            bound = next_bound
            clock.tick(nodes, bound)
    except _Stop as stop:
        return _finish(problem, None, lower_bound if weighted else bound, nodes, clock, heuristic,
                       stop.why), bound


def astar(problem: Problem, heuristic: Heuristic, *, time_limit: float | None = None,
          max_nodes: int | None = None, progress: Progress | None = None) -> Result:
    """A*: best-first on f = g + h with a binary heap; at most max_nodes states are stored
    (default_max_nodes for the board's size when None).

    Heap entries are (f, -g, count, state): among equal f the deepest comes first, and the
    counter keeps ties from comparing states.  States are bytes (tuples past 256 cells).
    """
    clock = _Clock("astar", time_limit, progress)
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
                return _finish(problem, path, f, nodes, clock, heuristic, None)
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
                    raise _Stop("node limit")
                came[child] = (g + 1, state, d)
                count += 1
                heapq.heappush(heap, (g + 1 + heuristic.value(child), -g - 1, count, child))
    except _Stop as stop:
        return _finish(problem, None, bound, nodes, clock, heuristic, stop.why)
    raise AssertionError("A* ran out of states on a solvable problem")  # pragma: no cover
