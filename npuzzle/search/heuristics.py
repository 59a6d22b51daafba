"""Admissible heuristics: lower bounds on the number of moves left.

    >>> from npuzzle.rules.topology import Topology
    >>> from npuzzle.rules.board import default_goal
    >>> h = Heuristic.make("manhattan", default_goal(3, 3), Topology(3, 3))
    >>> h.value((1, 2, 3, 4, 5, 6, 0, 7, 8))
    2

- ``misplaced``: tiles not on their goal cell (the blank is not counted).
- ``manhattan``: sum over tiles of the fewest steps to the goal cell *in the board's own
  graph*: the Manhattan distance on a plain grid, the shortest path with wraps.
- ``linear-conflict``: Manhattan plus, for each row (column), 2 moves for every tile that
  must leave the row (column) to let tiles that belong there pass each other.  The fewest
  tiles to take out is (tiles in their goal line) minus the longest increasing run of
  their goal positions, the exact vertex cover of the conflicts, rather than the
  greedy count of the original paper.  It assumes a tile cannot go round a line, so on a
  wrapped board it reduces to Manhattan (graph distance).
All three are per-tile tables looked up by (tile, cell), so searches update them per move;
each Heuristic brings its own IDA* kernel (npuzzle.search.tile_kernel), as the pattern databases
(npuzzle.pdb.PatternDatabases) bring theirs.
"""

from __future__ import annotations

import copy
from bisect import bisect_left
from collections.abc import Collection, Sequence

from ..result import Progress, Result
from ..rules.board import Problem
from ..rules.topology import Topology
from . import tile_kernel

__all__ = ["TILE_HEURISTICS", "Heuristic", "LineTables", "lower_bound"]

# The heuristics made of per-tile tables.  (The pattern databases are npuzzle.pdb's.)
TILE_HEURISTICS = ("misplaced", "manhattan", "linear-conflict")


def _lis(seq: Sequence[int]) -> int:
    """Length of the longest strictly increasing subsequence."""
    tails: list[int] = []
    for x in seq:
        i = bisect_left(tails, x)
        tails[i : i + 1] = [x]
    return len(tails)


class _ConflictValues(dict):
    """key -> 2 * (tiles to remove) for one line, computed on first use and kept.

    A line's key packs, in base B, each cell's code: 0, or 1 + the goal position along the
    line of a tile whose goal is in this line.  Lazy because B**length keys would be too
    many to tabulate on big boards, while a search meets few of them.
    """

    def __init__(self, base: int, scale: int = 1):
        super().__init__()
        self.base = base
        self.scale = scale

    def __missing__(self, key: int) -> int:
        codes = []
        k = key
        while k:
            k, digit = divmod(k, self.base)
            if digit:
                codes.append(digit)
        value = 2 * (len(codes) - _lis(codes)) * self.scale
        self[key] = value
        return value


class LineTables:
    """Everything linear conflict needs, precomputed per goal and topology.

    row_part[t][cell] is tile t's contribution to the key of cell's row (0 unless the row
    is t's goal row); col_part likewise; row_values/col_values map keys to conflict cost.
    """

    def __init__(self, goal: Sequence[int], topology: Topology, only: Collection[int] | None = None):
        w, h, n = topology.width, topology.height, topology.size
        goal_cell = [0] * n
        for cell, t in enumerate(goal):
            goal_cell[t] = cell
        self.width, self.height = w, h
        self.goal_row = [goal_cell[t] // w if t else -1 for t in range(n)]
        self.goal_col = [goal_cell[t] % w if t else -1 for t in range(n)]
        self.row_part = [[0] * n for _ in range(n)]
        self.col_part = [[0] * n for _ in range(n)]
        for t in range(1, n) if only is None else only:
            gr, gc = divmod(goal_cell[t], w)
            for cell in range(n):
                r, c = divmod(cell, w)
                if r == gr:
                    self.row_part[t][cell] = (gc + 1) * (w + 1) ** c
                if c == gc:
                    self.col_part[t][cell] = (gr + 1) * (h + 1) ** r
        self.row_values = _ConflictValues(w + 1)
        self.col_values = _ConflictValues(h + 1)

    def keys(self, board: Sequence[int]) -> tuple[list[int], list[int]]:
        """Current key of every row and every column."""
        w = self.width
        rows = [0] * self.height
        cols = [0] * w
        for cell, t in enumerate(board):
            rows[cell // w] += self.row_part[t][cell]
            cols[cell % w] += self.col_part[t][cell]
        return rows, cols

    def value(self, board: Sequence[int]) -> int:
        rows, cols = self.keys(board)
        return sum(self.row_values[k] for k in rows) + sum(self.col_values[k] for k in cols)


_MADE_KEPT = 4  # whole-goal heuristics kept by Heuristic.make (a 30x30's take about 20 MB)
_made: dict = {}


class Heuristic:
    """A named heuristic for one goal and topology: cost[t][cell] plus optional line conflicts."""

    def __init__(self, name: str, cost: list[list[int]], lines: LineTables | None):
        self.name = name
        self.cost = cost
        self.lines = lines

    @classmethod
    def make(
        cls,
        name: str,
        goal: Sequence[int],
        topology: Topology,
        only: Collection[int] | None = None,
        *,
        keep: bool = True,
    ) -> Heuristic:
        """The named heuristic; with `only`, it counts just those tiles (a partial goal:
        h is 0 once they are all home, which staged searches use).  The last few made for
        whole goals are kept: a 30x30's tables take about 0.35 s to build, and the coach
        asks for the same goal's after every move; keep=False for a goal of the moment,
        such as shorten's stretches.  (Searches only read them; the conflict values they
        fill in on first use are the same for every search.)"""
        if only is not None or not keep:
            return cls._build(name, goal, topology, only)
        key = (name, tuple(goal), topology)
        if key in _made:
            _made[key] = _made.pop(key)  # the most recently used last
        else:
            if len(_made) >= _MADE_KEPT:
                del _made[next(iter(_made))]
            _made[key] = cls._build(name, goal, topology, None)
        return _made[key]

    @classmethod
    def _build(cls, name: str, goal: Sequence[int], topology: Topology, only: Collection[int] | None) -> Heuristic:
        if name not in TILE_HEURISTICS:
            raise ValueError(f"unknown heuristic {name!r}: choose from {', '.join(TILE_HEURISTICS)}")
        n = topology.size
        cost = [[0] * n for _ in range(n)]  # row 0 (the blank) stays zero
        if name == "misplaced":
            for goal_cell, t in enumerate(goal):
                if t and (only is None or t in only):
                    cost[t] = [int(cell != goal_cell) for cell in range(n)]
        else:
            dist = topology.distances()
            for goal_cell, t in enumerate(goal):
                if t and (only is None or t in only):
                    cost[t] = [dist[cell][goal_cell] for cell in range(n)]
        lines = None
        if name == "linear-conflict" and not topology.wrapped:
            lines = LineTables(goal, topology, only)
        return cls(name, cost, lines)

    def scaled(self, factor: int) -> Heuristic:
        """The same heuristic times factor (weighted searches use integer weights)."""
        lines = None
        if self.lines is not None:
            lines = copy.copy(self.lines)
            lines.row_values = _ConflictValues(self.lines.width + 1, factor)
            lines.col_values = _ConflictValues(self.lines.height + 1, factor)
        return Heuristic(self.name, [[c * factor for c in row] for row in self.cost], lines)

    def value(self, board: Sequence[int]) -> int:
        cost = self.cost
        h = sum(cost[t][cell] for cell, t in enumerate(board))
        if self.lines is not None:
            h += self.lines.value(board)
        return h

    def idastar(
        self,
        problem: Problem,
        *,
        weight: tuple[int, int] = (1, 1),
        time_limit: float | None = None,
        progress: Progress | None = None,
        first_bound: int | None = None,
    ) -> tuple[Result, int]:
        """(Weighted) IDA* with this heuristic from the pass with first_bound: (Result, the
        bound of the pass it stopped in)."""
        return tile_kernel.idastar(problem, self, time_limit, progress, weight, first_bound)

    def solve(self, problem: Problem, *, time_limit: float | None = None, progress: Progress | None = None) -> Result:
        """Optimal IDA* with this heuristic."""
        return self.idastar(problem, time_limit=time_limit, progress=progress)[0]


def lower_bound(board: Sequence[int], goal: Sequence[int], topology: Topology) -> int:
    """Manhattan (graph distance) plus linear conflict, computed directly without tables.

    The same value as Heuristic.make("linear-conflict", ...).value(board), but in O(cells)
    memory, for boards too big to tabulate (a 30x30 table has 810,000 entries a tile kind).
    """
    w, h, n = topology.width, topology.height, topology.size
    where = [0] * n
    for cell, t in enumerate(goal):
        where[t] = cell
    if topology.wrapped:
        dist = topology.distances()
        return sum(dist[cell][where[t]] for cell, t in enumerate(board) if t)
    total = 0
    rows: list[list[int]] = [[] for _ in range(h)]
    cols: list[list[int]] = [[] for _ in range(w)]
    for cell, t in enumerate(board):
        if t:
            r, c = divmod(cell, w)
            gr, gc = divmod(where[t], w)
            total += abs(r - gr) + abs(c - gc)
            if r == gr:
                rows[r].append(gc)
            if c == gc:
                cols[c].append(gr)
    # rows were filled in column order and columns in row order, as _lis needs
    return total + sum(2 * (len(s) - _lis(s)) for s in rows + cols)
