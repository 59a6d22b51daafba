"""A constructive solver for boards of any size: fast, never stuck, not optimal.

    >>> from npuzzle.rules.topology import Topology
    >>> from npuzzle.rules.board import apply_moves, default_goal
    >>> from npuzzle.rules.random_board import random_board
    >>> t = Topology(7, 5)
    >>> start = random_board(default_goal(7, 5), t, seed=1)
    >>> apply_moves(start, constructive_moves(start, default_goal(7, 5), t), t) == default_goal(7, 5)
    True

The method people use by hand, made exact.  Solve the longer side's outer line (a row
or a column), lock it, and repeat on the smaller rectangle until a 3x3 (or, up to 7x7
with the 4x4 pattern databases at hand, a 4x4) is left, which IDA* finishes optimally.
Within a line every tile but the last two is walked home: one greedy step at a time
(the blank going round it by breadth-first search over the unlocked cells) while it is
far, then by the fewest moves, a breadth-first search over (tile, blank) in a window of
at most 25 cells.  The last two would fight each other at the corner, so they are
brought near it and placed together by a search over (tile a, tile b, blank) inside a
3x3 window: at most 8*7*6 states, and never a special case to get wrong.  Up to 7x7,
the two lines around the final 4x4 may instead be placed by weighted IDA* on a partial
goal (see _search_lines).

Lines are taken from the side far from the blank's goal cell, so the final rectangle
holds it when it can.  When it cannot (a blank goal in the middle of a big board), the
target is the goal with the blank walked into the final rectangle, and the walk is
undone at the end.  Moves are those of the plain grid; on a board whose wraps make every
arrangement solvable, one trip of the blank round a wrapped line of odd length first
fixes the plain grid's parity.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Hashable, Sequence
from typing import Any

from .. import pdb
from ..result import Progress
from ..rules.board import Board, Problem, apply_moves
from ..rules.solvability import solvability
from ..rules.topology import DIRECTIONS, OPPOSITE, Topology
from .heuristics import Heuristic

Rect = tuple[int, int, int, int]  # (first row, first column, rows, columns)
# a line to place: its cells in solving order, the window its last tiles turn in, and the
# rectangle still unsolved before it
Line = tuple[list[int], list[int], Rect]

__all__ = ["constructive_moves", "cancel_pairs"]

_FINAL_AREA = 9  # lines are solved until the rest is at most this many cells...
_FINAL_SIDE = 4  # ...or fits in 4x4, when pattern databases can finish it
_FINAL_SECONDS = 2.0  # the optimal 4x4 finish, when no time limit is given...
_FINAL_SECONDS_MIN = 0.5  # ...and at least this much of a given one
_STAGED_SHARE = 0.7  # of a time limit, for the searched lines (the rest: the 4x4)
SEARCH_MAX_CELLS = 49  # up to 7x7 searching pays: the 4x4 finish, searched lines, weighted IDA*
_PAIR_WINDOW = 25  # a tile is placed by the fewest moves once its window is this small (measured:
# 25 beats 64 on both length and time on 10x10 and 30x30)


class _Stuck(Exception):
    """The blank cannot reach the cell it needs (a bug if it ever escapes)."""


class _Board:
    """The board being solved: tiles, tile positions, locked cells and the moves so far."""

    def __init__(self, board: Sequence[int], topology: Topology):
        self.w, self.h = topology.width, topology.height
        self.step = topology.step
        self.board = list(board)
        self.pos = [0] * len(board)
        for cell, t in enumerate(board):
            self.pos[t] = cell
        self.locked = bytearray(len(board))
        self.moves: list[int] = []

    def move(self, d: int) -> None:
        blank = self.pos[0]
        cell = self.step[blank][d]
        t = self.board[cell]
        self.board[blank] = t
        self.pos[t] = blank
        self.board[cell] = 0
        self.pos[0] = cell
        self.moves.append(d)

    def blank_to(self, goals: set[int] | frozenset[int], avoid: tuple[int, ...] = ()) -> None:
        """Walk the blank by a shortest path to any cell of goals, over unlocked cells and
        not through the cells in avoid."""
        start = self.pos[0]
        if start in goals:
            return
        came = {start: (-1, -1)}
        queue = deque([start])
        step, locked = self.step, self.locked
        while queue:
            a = queue.popleft()
            for d, b in enumerate(step[a]):
                if b < 0 or b in came or locked[b] or b in avoid:
                    continue
                came[b] = (a, d)
                if b in goals:
                    path = []
                    while b != start:
                        b, d = came[b]
                        path.append(d)
                    for d in reversed(path):
                        self.move(d)
                    return
                queue.append(b)
        raise _Stuck(f"blank cannot reach {sorted(goals)[:4]}")

    def _follow(self, came: dict[Any, tuple[Any, int] | None], state: Hashable) -> None:
        """Make the moves of a breadth-first search's path: came[state] = (parent, direction)."""
        path = []
        while (link := came[state]) is not None:
            state, d = link
            path.append(d)
        for d in reversed(path):
            self.move(d)

    def tile_to(self, t: int, target: int, stop: frozenset[int] = frozenset()) -> None:
        """Bring tile t home (or into stop): by the fewest moves once the tile, its target
        and the blank fit in a small window, one greedy step at a time before that."""
        while self.pos[t] != target and self.pos[t] not in stop:
            window = self._window(self.pos[t], target, self.pos[0])
            if len(window) <= _PAIR_WINDOW and self._pair_search(t, target, stop, window):
                return
            self._greedy_step(t, target)

    def _window(self, *cells: int) -> set[int]:
        """Unlocked cells of the bounding box of cells, grown by one on every side."""
        w = self.w
        rows = [c // w for c in cells]
        cols = [c % w for c in cells]
        r0, r1 = max(min(rows) - 1, 0), min(max(rows) + 1, self.h - 1)
        c0, c1 = max(min(cols) - 1, 0), min(max(cols) + 1, w - 1)
        return {r * w + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if not self.locked[r * w + c]}

    def _pair_search(self, t: int, target: int, stop: frozenset[int], window: set[int]) -> bool:
        """Breadth-first search over (tile, blank) inside window; False if it cannot."""
        step = self.step
        start = (self.pos[t], self.pos[0])
        came: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            p, blank = state
            if p == target or p in stop:
                self._follow(came, state)
                return True
            for d, n in enumerate(step[blank]):
                if n in window:
                    child = (blank, n) if n == p else (p, n)
                    if child not in came:
                        came[child] = (state, d)
                        queue.append(child)
        return False

    def _greedy_step(self, t: int, target: int) -> None:
        """Move tile t one cell closer to target, the blank going round it."""
        w = self.w
        tr, tc = divmod(target, w)
        p = self.pos[t]
        pr, pc = divmod(p, w)
        options = []  # steps that bring the tile closer, the longer way first
        if pr != tr:
            options.append(p + w if tr > pr else p - w)
        if pc != tc:
            options.append(p + 1 if tc > pc else p - 1)
        if abs(pc - tc) > abs(pr - tr):
            options.reverse()
        for n in options:
            if self.locked[n]:
                continue
            try:
                self.blank_to({n}, avoid=(p,))
            except _Stuck:
                continue
            self.move(self.step[n].index(p))
            return
        raise _Stuck(f"tile {t} cannot move from {p} towards {target}")

    def greedy_line(self, cells: list[int], window: list[int], target: Sequence[int]) -> None:
        """Solve one line tile by tile, the last two together, and lock it."""
        for c in cells[:-2]:
            self.tile_to(target[c], c)
            self.locked[c] = 1
        a_cell, b_cell = cells[-2], cells[-1]
        self.place_pair(target[a_cell], target[b_cell], a_cell, b_cell, window)
        self.locked[a_cell] = self.locked[b_cell] = 1

    def place_pair(self, a: int, b: int, cell_a: int, cell_b: int, window: list[int]) -> None:
        """Put tiles a and b on cell_a and cell_b (the end of a line) together."""
        if self.pos[a] == cell_a and self.pos[b] == cell_b:
            return
        inside = frozenset(window)
        self.tile_to(a, cell_b)
        self.locked[cell_b] = 1
        self.tile_to(b, cell_a, stop=inside)
        self.locked[cell_b] = 0
        self.blank_to(inside, avoid=(self.pos[a], self.pos[b]))
        self._window_search(a, b, cell_a, cell_b, inside)

    def _window_search(self, a: int, b: int, cell_a: int, cell_b: int, inside: frozenset[int]) -> None:
        step = self.step
        start = (self.pos[a], self.pos[b], self.pos[0])
        came: dict[tuple[int, int, int], tuple[tuple[int, int, int], int] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            pa, pb, blank = state
            if pa == cell_a and pb == cell_b:
                self._follow(came, state)
                return
            for d, n in enumerate(step[blank]):
                if n not in inside or self.locked[n]:
                    continue
                child = (blank if n == pa else pa, blank if n == pb else pb, n)
                if child not in came:
                    came[child] = (state, d)
                    queue.append(child)
        raise _Stuck("the last two tiles of a line cannot be placed")  # pragma: no cover


def cancel_pairs(moves: str) -> str:
    """Drop every move that is immediately undone (LR, UD, ...), repeatedly."""
    out: list[str] = []
    for m in moves:
        if out and out[-1] == OPPOSITE[m]:
            out.pop()
        else:
            out.append(m)
    return "".join(out)


def _plan(w: int, h: int, blank_goal: int, final_side: int = 0) -> tuple[list[Line], Rect]:
    """The order of lines and the final rectangle, in real coordinates.

    Returns (lines, final) where each line is (cells in solving order, window cells,
    the rectangle still unsolved before it) and final is (row0, col0, rows, cols): at most 9 cells, or at most final_side a side.
    Rows are taken from the top when the blank's goal
    is in the lower half, else from the bottom; columns likewise.
    """
    br, bc = divmod(blank_goal, w)
    rows_down = br >= h / 2  # solve from row 0 downwards
    cols_right = bc >= w / 2  # solve from column 0 rightwards

    def cell(vr: int, vc: int) -> int:  # view coordinates -> real cell
        r = vr if rows_down else h - 1 - vr
        c = vc if cols_right else w - 1 - vc
        return r * w + c

    def rect() -> Rect:  # the active rectangle in real coordinates
        corners = [cell(top, left), cell(bottom - 1, right - 1)]
        rs = sorted(x // w for x in corners)
        cs = sorted(x % w for x in corners)
        return rs[0], cs[0], rs[1] - rs[0] + 1, cs[1] - cs[0] + 1

    top, left, bottom, right = 0, 0, h, w
    lines: list[Line] = []
    while (bottom - top) * (right - left) > _FINAL_AREA and not (
        bottom - top <= final_side and right - left <= final_side
    ):
        active = rect()
        if bottom - top >= right - left:
            cells = [cell(top, c) for c in range(left, right)]
            window = [
                cell(r, c)
                for r in range(top, top + 3)
                for c in range(max(left, right - 3), right)
                if r > top or c >= right - 2
            ]
            top += 1
        else:
            cells = [cell(r, left) for r in range(top, bottom)]
            window = [
                cell(r, c)
                for c in range(left, left + 3)
                for r in range(max(top, bottom - 3), bottom)
                if c > left or r >= bottom - 2
            ]
            left += 1
        lines.append((cells, window, active))
    return lines, rect()


def _walk_into(blank: int, final: Rect, w: int) -> str:
    """Moves taking the blank from a cell to the nearest cell of the final rectangle."""
    r, c = divmod(blank, w)
    r0, c0, rows, cols = final
    moves = ""
    if r < r0:
        moves += "D" * (r0 - r)
    elif r >= r0 + rows:
        moves += "U" * (r - (r0 + rows - 1))
    if c < c0:
        moves += "R" * (c0 - c)
    elif c >= c0 + cols:
        moves += "L" * (c - (c0 + cols - 1))
    return moves


def _layout(goal: Sequence[int], w: int, h: int, final_side: int) -> tuple[list[Line], Rect, str, Board]:
    """(lines, final rectangle, the blank's walk, the target) for a goal: the target is
    the goal with the blank walked into the final rectangle."""
    lines, final = _plan(w, h, goal.index(0), final_side)
    walk = _walk_into(goal.index(0), final, w)
    return lines, final, walk, apply_moves(goal, walk, Topology(w, h))


def _sub_problem(
    board: Sequence[int], target: Sequence[int], rect: Rect, w: int
) -> tuple[Problem, list[int], dict[int, int]]:
    """The rectangle of board as a puzzle of its own, tiles renumbered 1.. by their target."""
    r0, c0, rows, cols = rect
    region = [(r0 + r) * w + c0 + c for r in range(rows) for c in range(cols)]
    label = {t: i for i, t in enumerate(sorted(target[x] for x in region if target[x]), 1)}
    label[0] = 0
    return (
        Problem(tuple(label[board[x]] for x in region), tuple(label[target[x]] for x in region), Topology(cols, rows)),
        region,
        label,
    )


def _uses_databases(topology: Topology) -> bool:
    w, h = topology.width, topology.height
    return min(w, h) >= _FINAL_SIDE and w * h <= SEARCH_MAX_CELLS


def databases_needed(goal: Sequence[int], topology: Topology) -> set[str]:
    """The pattern databases constructive_moves would use to finish this goal's board
    (the web worker fetches just these)."""
    if not _uses_databases(topology):
        return set()
    w, h = topology.width, topology.height
    _, final, _, target = _layout(goal, w, h, _FINAL_SIDE)
    sub, _, _ = _sub_problem(target, target, final, w)
    return pdb.database_names(sub.goal, sub.topology) if pdb.supports(sub.topology) else set()


def constructive_moves(
    start: Sequence[int],
    goal: Sequence[int],
    topology: Topology,
    *,
    databases: bool = True,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> str:
    """Moves (U/D/L/R of the blank) taking start to goal; start must be solvable.

    Up to 7x7, with databases (when the 4x4 pattern databases are loaded, or can be
    built here), the lines stop at 4x4, finished optimally by pattern-database IDA*;
    given a time_limit, the two lines around that 4x4 are placed by weighted IDA* (see
    _search_lines) when it finishes in time.  On 5x5 these take the answer from about 2x
    to about 1.3x the optimum.  Otherwise, and on bigger boards, where they would change
    the length by a percent or two for seconds of work, the lines stop at 3x3.
    """
    deadline = time.perf_counter() + (time_limit or 0)
    w, h = topology.width, topology.height
    plain = Topology(w, h)
    layout = None
    if databases and _uses_databases(topology):
        layout = _layout(goal, w, h, _FINAL_SIDE)
        sub, _, _ = _sub_problem(layout[3], layout[3], layout[1], w)
        # only databases already loaded or cached: building one takes minutes
        if layout[1][2:] != (4, 4) or not pdb.prepare(sub.goal, sub.topology, build=False):
            layout = None
    lines, final, walk, target = layout or _layout(goal, w, h, 0)
    prefix = ""
    if not solvability(start, target, plain).solvable:
        prefix = _parity_fix(start, topology)
        start = apply_moves(start, prefix, topology)
    s = _Board(start, plain)
    staged = layout is not None and len(lines) >= 2 and bool(time_limit)
    for cells, window, _ in lines[:-2] if staged else lines:
        s.greedy_line(cells, window, target)
    if staged and not _search_lines(s, target, lines[-2:], (time_limit or 0) * _STAGED_SHARE):
        for cells, window, _ in lines[-2:]:
            s.greedy_line(cells, window, target)
    # the last rectangle, optimally
    problem, _, _ = _sub_problem(s.board, target, final, w)
    if layout is not None:
        # a 4x4 takes up to seconds: within the budget, else line by line to a 3x3
        left = _FINAL_SECONDS if time_limit is None else max(_FINAL_SECONDS_MIN, deadline - time.perf_counter())
        found = pdb.idastar(problem, time_limit=left)
        tail = (
            found.moves
            if found.found
            else constructive_moves(problem.start, problem.goal, problem.topology, databases=False)
        )
    else:
        tail = Heuristic.make("linear-conflict", problem.goal, problem.topology).solve(problem).moves
    body = "".join(DIRECTIONS[d] for d in s.moves)
    undo_walk = "".join(OPPOSITE[m] for m in reversed(walk))
    return cancel_pairs(prefix + body + tail + undo_walk)


def _search_lines(s: _Board, target: Sequence[int], lines: list[Line], time_limit: float) -> bool:
    """Place the last two lines by weighted IDA* (w = 2) on the rectangle they border.

    The search counts only the tiles of these lines (a partial goal), first the first
    line's, then both; the rest of the rectangle is left to the pattern databases.  On
    Korf's 24-puzzles this cuts the answer from about 1.8x to about 1.3x the optimum.
    Returns False, having moved at most the first line, when a search runs out of time.
    """
    deadline = time.perf_counter() + time_limit
    whole, region, label = _sub_problem(s.board, target, lines[0][2], s.w)
    sub, goal = whole.topology, whole.goal
    keep: set[int] = set()
    for i, (cells, _, _) in enumerate(lines):
        keep |= {label[target[c]] for c in cells}
        start = tuple(label[s.board[x]] for x in region)
        share = (deadline - time.perf_counter()) / (len(lines) - i)
        if share <= 0:
            return False
        h = Heuristic.make("linear-conflict", goal, sub, only=keep)
        found, _ = h.idastar(Problem(start, goal, sub), weight=(2, 1), time_limit=share)
        if not found.found:
            return False
        for m in found.moves:
            s.move(DIRECTIONS.index(m))
    for cells, _, _ in lines:
        for c in cells:
            s.locked[c] = 1
    return True


def _parity_fix(start: Sequence[int], topology: Topology) -> str:
    """Moves that flip the plain grid's parity: the blank goes once round an odd wrapped line."""
    w, h = topology.width, topology.height
    blank = list(start).index(0)
    br, bc = divmod(blank, w)
    for r in topology.wrap_rows:
        if w % 2:
            return ("U" * (br - r) if br > r else "D" * (r - br)) + "L" * w
    for c in topology.wrap_cols:
        if h % 2:
            return ("L" * (bc - c) if bc > c else "R" * (c - bc)) + "U" * h
    raise ValueError("the start cannot reach the goal")
