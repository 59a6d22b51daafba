"""The speedsolvers' move counts: single-tile moves (STM), multi-tile moves (MTM), and
moves per second (TPS).

    >>> stm("LLLUUR"), mtm("LLLUUR")
    (6, 3)
    >>> tps("LLLUUR", 1.5)
    4.0
    >>> from npuzzle.rules.notation import parse_problem
    >>> optimal_mtm(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    (1, 'RR')
    >>> export_line(3, (1, 2, 3, 4, 5, 6, 0, 7, 8), "RR", 0.5)
    'Scramble: 1 2 3/4 5 6/0 7 8; Solution: L2; Time: 0.500; Moves: 2 (STM), 1 (MTM); TPS: 4.000'

Vocabulary.  A *single-tile move* is one letter: one tile slides one cell.  A
*multi-tile move* slides a run of tiles of one line together, the gap going several
cells one way: so consecutive letters of the blank that are the same make one MTM move
(``LLL`` is 1), and the MTM count of a move list is its number of runs of one letter.
On a wrapped line a run may go round; it is still one move.  TPS counts single-tile
moves, from the first move to the last, as Slidysim does.  ``export_line`` writes a
finished solve on one line a speedsolver can paste elsewhere: the scramble and the
solution in Slidysim's notation, the time, both move counts and TPS.

The fewest MTM moves (``optimal_mtm``) is found by breadth-first search over MTM moves
from both ends at once, for boards of at most ``MTM_CELLS`` cells (the 3x3 has 181,440
positions; every MTM move is reversible: the same run back).  On larger boards the MTM
count of the STM-optimal answer is what a solver can give: ``mtm(result.moves)``,
labelled as that, never as the MTM optimum.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules.board import Board, Problem
from ..rules.notation import format_moves, format_slidysim
from ..rules.solvability import solvability
from ..rules.topology import DIRECTIONS, OPPOSITE, Topology

# one side of the two-way search: board -> (parent board, the blank's letters from the parent), None at its root
_Side = dict[Board, tuple[Board, str] | None]

__all__ = ["stm", "mtm", "tps", "optimal_mtm", "export_line", "MTM_CELLS"]

MTM_CELLS = 9


def stm(moves: str) -> int:
    """Single-tile moves: one a letter."""
    return len(moves)


def mtm(moves: str) -> int:
    """Multi-tile moves: the runs of one letter."""
    return sum(1 for i, letter in enumerate(moves) if i == 0 or moves[i - 1] != letter)


def tps(moves: str, seconds: float) -> float | None:
    """Single-tile moves per second over `seconds` (from the first move), to 3 places,
    halves up, worked out in whole milliseconds and integers so that the page's twin
    (rules.js's movesPerSecond) gives the same figure; None when the time is under 1 ms."""
    ms = math.floor(seconds * 1000 + 1e-6) if seconds else 0  # the whole ms shown (1e-6: 1.621 * 1000 is 1620.99...)
    if ms <= 0:
        return None
    return (2 * len(moves) * 1_000_000 + ms) // (2 * ms) / 1000


def export_line(width: int, start: Sequence[int], moves: str, seconds: float | None = None) -> str:
    """A finished solve on one line: scramble and solution as Slidysim writes them (the
    solution in tile notation), the time in seconds, STM and MTM, and TPS."""
    parts = [f"Scramble: {format_slidysim(width, start)}", f"Solution: {format_moves(moves, 'tile')}"]
    if seconds:
        parts.append(f"Time: {seconds:.3f}")
    parts.append(f"Moves: {stm(moves)} (STM), {mtm(moves)} (MTM)")
    rate = tps(moves, seconds or 0)
    if rate is not None:
        parts.append(f"TPS: {rate:.3f}")
    return "; ".join(parts)


def optimal_mtm(problem: Problem) -> tuple[int, str] | None:
    """(the fewest MTM moves, the blank's letters of one such solution), by breadth-first
    search from the start and the goal at once; None when the board cannot reach its goal.
    Raises ValueError on boards of more than MTM_CELLS cells."""
    t = problem.topology
    if t.size > MTM_CELLS:
        raise ValueError(f"the fewest multi-tile moves are searched on boards of at most {MTM_CELLS} cells")
    if not solvability(problem.start, problem.goal, t).solvable:
        return None
    start, goal = problem.start, problem.goal
    if start == goal:
        return 0, ""
    # each side: board -> (parent board, the blank's letters from the parent to it)
    sides: tuple[_Side, _Side] = ({start: None}, {goal: None})
    depths: tuple[dict[Board, int], dict[Board, int]] = ({start: 0}, {goal: 0})
    fronts = ([start], [goal])
    while fronts[0] and fronts[1]:
        k = 0 if len(fronts[0]) <= len(fronts[1]) else 1  # grow the smaller frontier
        seen, depth, other = sides[k], depths[k], depths[1 - k]
        grown = []
        meet: Board | None = None  # the meeting board of the shortest path through this layer
        for board in fronts[k]:
            d = depth[board] + 1
            for nxt, letters in _slides(board, t):
                if nxt in seen:
                    continue
                seen[nxt] = (board, letters)
                depth[nxt] = d
                grown.append(nxt)
                if nxt in other and (meet is None or other[nxt] < other[meet]):
                    meet = nxt
        fronts = (grown, fronts[1]) if k == 0 else (fronts[0], grown)
        if meet is not None:
            return _join(sides, meet)
    return None  # (not reached: a solvable board meets the goal)


def _slides(board: Board, t: Topology) -> list[tuple[Board, str]]:
    """Every board one MTM move away, with the blank's letters for it."""
    blank = board.index(0)
    out = []
    for d in range(4):
        cells = list(board)
        at, n = blank, 0
        while True:
            nxt = t.step[at][d]
            if nxt < 0 or nxt == blank:
                break
            cells[at], cells[nxt] = cells[nxt], 0
            at, n = nxt, n + 1
            out.append((tuple(cells), DIRECTIONS[d] * n))
    return out


def _join(sides: tuple[_Side, _Side], meet: Board) -> tuple[int, str]:
    """The solution through `meet`: the start's half as walked, the goal's half reversed."""
    head, node = [], meet
    while (link := sides[0][node]) is not None:
        node, letters = link
        head.append(letters)
    tail, node = [], meet
    while (link := sides[1][node]) is not None:
        node, letters = link
        tail.append("".join(OPPOSITE[c] for c in letters))
    runs = head[::-1] + tail
    return len(runs), "".join(runs)
