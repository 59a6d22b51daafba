"""The coach: how far a position is from the goal, and which moves keep to a shortest path.

    >>> from npuzzle.rules.notation import parse_problem
    >>> a = advise(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    >>> a.distance, a.exact, a.moves
    (2, True, {'U': 'further', 'R': 'closer'})

For a player who asks "how many moves are left?" and "was that a good move?".  The
distance is exact when optimal search proves it within the time given, else the best
lower bound proven (``exact`` False).  Each legal move of the blank is ``closer`` (the
position it leads to is one move nearer: it is on a shortest path), ``further``, or
``unknown`` when there was no time to tell.  Every move changes the distance by exactly
one on a board whose cells can be coloured like a chessboard, and by at most one on any
board, so a move is closer exactly when the next position's distance is one less.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules.board import Problem
from ..rules.solvability import solvability
from ..rules.topology import DIRECTIONS
from ..search import optimal
from ..search.portfolio import best_heuristic

__all__ = ["Advice", "advise"]

DEFAULT_SECONDS = 2.0


@dataclass(frozen=True)
class Advice:
    """distance: moves left (exact, or a proven lower bound); moves: blank move letter ->
    'closer' | 'further' | 'unknown'; tiles: the tile each move slides."""

    solvable: bool
    distance: int | None
    exact: bool
    moves: dict[str, str] = field(default_factory=dict)
    tiles: dict[str, int] = field(default_factory=dict)
    best: str = ""  # the first move of a shortest path, when exact
    seconds: float = 0.0
    reason: str = ""


def advise(problem: Problem, time_limit: float = DEFAULT_SECONDS) -> Advice:
    """The distance to the goal and how each legal move changes it, within time_limit."""
    t0 = time.perf_counter()
    verdict = solvability(problem.start, problem.goal, problem.topology)
    step = problem.topology.step
    blank = problem.start.index(0)
    letters = [DIRECTIONS[d] for d in range(4) if step[blank][d] >= 0]
    tiles = {m: problem.start[step[blank][DIRECTIONS.index(m)]] for m in letters}
    if not verdict.solvable:
        return Advice(False, None, False, tiles=tiles, reason=verdict.reason)
    heuristic = best_heuristic(problem)
    here = optimal.solve(problem, "idastar", heuristic, time_limit=time_limit)
    if not here.found:
        return Advice(
            True, here.lower_bound, False, {m: "unknown" for m in letters}, tiles, seconds=time.perf_counter() - t0
        )
    distance = here.length
    assert distance is not None  # found
    h = optimal.make_heuristic(heuristic, problem)[0]
    moves = {}
    for m in letters:
        if here.moves[:1] == m:
            moves[m] = "closer"  # the shortest path found starts with it
            continue
        if distance == 0:
            moves[m] = "further"
            continue
        nxt = Problem(_after(problem, m), problem.goal, problem.topology)
        if h.value(nxt.start) >= distance:
            moves[m] = "further"  # its lower bound alone says it is no nearer
            continue
        left = time_limit - (time.perf_counter() - t0)
        if left <= 0:
            moves[m] = "unknown"
            continue
        if hasattr(h, "reaches"):  # one pass with the bound distance - 1 tells
            near = h.reaches(nxt, distance - 1, left)
            moves[m] = "unknown" if near is None else "closer" if near else "further"
            continue
        r = optimal.solve(nxt, "idastar", heuristic, time_limit=left)
        if r.found and r.length is not None:
            moves[m] = "closer" if r.length < distance else "further"
        elif r.lower_bound >= distance:
            moves[m] = "further"  # proven at least as far: not on a shortest path
        else:
            moves[m] = "unknown"
    return Advice(True, distance, True, moves, tiles, here.moves[:1], time.perf_counter() - t0)


def _after(problem: Problem, letter: str) -> tuple[int, ...]:
    board = list(problem.start)
    blank = board.index(0)
    cell = problem.topology.step[blank][DIRECTIONS.index(letter)]
    board[blank], board[cell] = board[cell], 0
    return tuple(board)
