"""A speedsolver's tools: the move-by-move analysis of a solve, and every optimal solution.

    >>> from npuzzle.rules.notation import parse_problem
    >>> p = parse_problem("3x3:1,2,3,4,5,6,0,7,8")
    >>> a = analyse(p, "UDRR")                      # U loses 2 moves, D takes it back
    >>> [(r.move, r.before, r.after, r.lost, r.better) for r in a.rows]
    [('U', 2, 3, 2, 'R'), ('D', 3, 2, 0, ''), ('R', 2, 1, 0, ''), ('R', 1, 0, 0, '')]
    >>> a.optimum, a.length, a.lost, a.first_loss
    (2, 4, 2, 1)
    >>> s = optimal_solutions(p, keep=5)
    >>> s.length, s.count, s.solutions
    (2, 1, ['RR'])

Analysis.  Each row is one move of the solve: the blank's letter, the exact moves left
before and after it, the moves it lost (0 or 2), and a better move where it lost.  On a
plain board every move changes the distance by exactly one (its cells colour like a
chessboard), so after one optimal solve of the start each step needs at most one
bounded search, never a full solve: the analysis keeps a shortest path from the current
position; a move along it is one closer with no search at all; any other move is one
closer exactly when one IDA* pass with the bound (moves left - 1) finds a solution from
the position it leads to (that pass also gives the new shortest path), else it lost two
moves (and a pass with the bound moves left + 1 gives the path).  This is exact on the
3x3 and 4x4 boards whose pattern databases are loaded; elsewhere each row gives bounds:
``before``/``after`` the linear-conflict lower bound and ``before_upper``/``after_upper``
the moves the solve itself still took (when it reached the goal), ``lost`` None.

Every optimal solution.  One optimal solve gives the length d; one more IDA* pass with
the bound d that counts each solution and goes on, rather than stopping at the first,
visits every one of them (``PatternDatabases.count``).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from .. import pdb
from ..result import Clock, Progress, Stop
from ..rules.board import Board, Problem, walk
from ..rules.solvability import solvability
from ..rules.topology import OPPOSITE
from ..search.heuristics import Heuristic
from .metrics import MTM_CELLS, mtm, optimal_mtm

__all__ = ["Row", "Analysis", "Solutions", "analyse", "optimal_solutions", "exact_for"]


@dataclass(frozen=True)
class Row:
    """One move of a solve.  move: the blank's letter; tile: the tile it slid; before,
    after: moves left (exact, or lower bounds when ``exact`` is False); lost: 2 when the
    move took the position one further from the goal, 0 when one closer (None: not known);
    better: a move of the blank on a shortest path from the position before, where it lost."""

    move: str
    tile: int
    before: int
    after: int
    lost: int | None
    better: str = ""
    before_upper: int | None = None
    after_upper: int | None = None


@dataclass(frozen=True)
class Analysis:
    """The rows and the summary: optimum (the start's exact distance, or a lower bound),
    length and mtm (the solve's single- and multi-tile moves), lost (moves lost in all),
    first_loss (the number of the first move that lost moves; None: none did), solved (the
    moves end on the goal), stopped ('time limit' when the time ran out: fewer rows)."""

    exact: bool
    rows: list[Row]
    optimum: int | None
    length: int
    mtm: int
    lost: int | None
    first_loss: int | None
    solved: bool
    optimal_mtm: int | None = None
    seconds: float = 0.0
    stopped: str | None = None
    reason: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Solutions:
    """Every optimal solution of a board: their length, how many there are, the first
    ``keep`` of them (the blank's letters), nodes searched and seconds."""

    length: int
    count: int
    solutions: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)


def exact_for(problem: Problem) -> bool:
    """Whether the analysis and the optimal solutions are exact here: a plain 3x3 or 4x4
    board whose pattern databases are loaded (in the command line: built or loaded now)."""
    t = problem.topology
    return (
        t.width == t.height and t.width in (3, 4) and pdb.supports(t, problem.goal) and pdb.unavailable(problem) is None
    )


def analyse(
    problem: Problem, moves: str, *, time_limit: float | None = None, progress: Progress | None = None
) -> Analysis:
    """The analysis of a solve: the start and the blank's moves (validated: MoveError on a
    move off the board).  ``progress`` gets {"phase": "analyse", "done", "total",
    "seconds"} after each row; ``time_limit`` stops it with the rows done so far."""
    t0 = time.perf_counter()
    t = problem.topology
    steps = list(walk(problem.start, moves, t))  # raises on a bad move before any search
    solved = (steps[-1][0] if steps else problem.start) == problem.goal
    count = mtm(moves)
    fewest_mtm = None
    if t.size <= MTM_CELLS:
        found = optimal_mtm(problem)
        fewest_mtm = None if found is None else found[0]
    verdict = solvability(problem.start, problem.goal, t)
    if not verdict.solvable:
        return Analysis(
            False, [], None, len(moves), count, None, None, False, None, time.perf_counter() - t0, None, verdict.reason
        )
    clock = Clock("analyse", time_limit, None)
    if exact_for(problem):
        rows, optimum, stopped = _exact_rows(problem, moves, steps, clock, progress, t0)
        lost = sum(r.lost or 0 for r in rows)  # exact rows always know it
        first = next((i for i, r in enumerate(rows, 1) if r.lost), None)
        return Analysis(
            True, rows, optimum, len(moves), count, lost, first, solved, fewest_mtm, time.perf_counter() - t0, stopped
        )
    rows = _bound_rows(problem, moves, steps, solved)
    optimum = rows[0].before if rows else Heuristic.make("linear-conflict", problem.goal, t).value(problem.start)
    return Analysis(
        False, rows, optimum, len(moves), count, None, None, solved, fewest_mtm, time.perf_counter() - t0, None
    )


def _exact_rows(
    problem: Problem, moves: str, steps: list[tuple[Board, int]], clock: Clock, progress: Progress | None, t0: float
) -> tuple[list[Row], int | None, str | None]:
    """(rows, the start's distance, stopped) by one bounded pass a step at most."""
    databases = pdb.PatternDatabases(problem.goal)
    goal, t = problem.goal, problem.topology
    rows: list[Row] = []
    try:
        first = pdb.idastar(problem, time_limit=clock.left())
        if not first.found:
            return rows, None, first.stopped
        distance, path = first.length, first.moves
        for i, (board, tile) in enumerate(steps):
            move = moves[i]
            if path[:1] == move:  # along the shortest path known: one closer, no search
                after, path, better = distance - 1, path[1:], ""
            elif distance == 0:  # a move away from the goal: one further, and back is shortest
                after, path, better = 1, OPPOSITE[move], ""
            else:
                better = path[:1]
                here = Problem(board, goal, t)
                found = "" if board == goal else databases.path(here, distance - 1, _left(clock))
                if found is not None:
                    after, path, better = distance - 1, found, ""
                else:
                    after, path = distance + 1, databases.path(here, distance + 1, _left(clock)) or ""
            rows.append(Row(move, tile, distance, after, 2 if after > distance else 0, better))
            distance = after
            if progress is not None:
                progress(
                    {
                        "phase": "analyse",
                        "done": i + 1,
                        "total": len(moves),
                        "seconds": round(time.perf_counter() - t0, 3),
                    }
                )
    except Stop as stop:
        return rows, (rows[0].before if rows else None), stop.why
    return rows, first.length, None


def _left(clock: Clock) -> float | None:
    left = clock.left()
    if left is not None and left <= 0:
        raise Stop("time limit")
    return left


def _bound_rows(problem: Problem, moves: str, steps: list[tuple[Board, int]], solved: bool) -> list[Row]:
    """Rows of bounds: linear conflict below, the solve's own remaining moves above."""
    h = Heuristic.make("linear-conflict", problem.goal, problem.topology)
    n = len(moves)
    boards = [problem.start] + [board for board, _ in steps]
    low = [h.value(b) for b in boards]
    high = [n - i if solved else None for i in range(n + 1)]
    return [
        Row(moves[i], tile, low[i], low[i + 1], None, "", high[i], high[i + 1]) for i, (_, tile) in enumerate(steps)
    ]


def optimal_solutions(
    problem: Problem, keep: int = 10, *, time_limit: float | None = None, progress: Progress | None = None
) -> Solutions:
    """How many optimal solutions the board has and the first ``keep`` (3x3 and 4x4 with
    their databases: ValueError elsewhere, or for a board that cannot reach its goal;
    engine.Stop when the time runs out)."""
    if not exact_for(problem):
        raise ValueError(
            "every optimal solution is counted on the plain 3x3 and 4x4 boards, with their pattern databases"
        )
    if not solvability(problem.start, problem.goal, problem.topology).solvable:
        raise ValueError("the board cannot reach its goal")
    t0 = time.perf_counter()
    first = pdb.idastar(problem, time_limit=time_limit, progress=progress)
    if not first.found:
        raise Stop(first.stopped or "time limit")
    left = None if time_limit is None else max(time_limit - (time.perf_counter() - t0), 1e-3)
    count, found, nodes = pdb.PatternDatabases(problem.goal).count(problem, first.length, keep, left, progress)
    return Solutions(first.length, count, found, first.nodes + nodes, time.perf_counter() - t0)
