"""The game's actions: check a board, solve it, make a random one, replay moves, coach a
player, and warm up for a goal.

    >>> check("3x3:1,2,3,4,5,6,0,7,8")["solvable"]
    True
    >>> solve("3x3:1,2,3,4,5,6,0,7,8")["moves"]
    'RR'
    >>> replay("3x3:1,2,3,4,5,6,0,7,8", "RR")["solved"]
    True

Each returns its reply (``npuzzle.api.protocol``: CheckReply, SolveReply, ...) or an
ErrorReply; the checks it makes are ``npuzzle.api.checks``'.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from ..catalogue import InputError, coded
from ..result import Result
from ..rules.board import Problem, apply_moves, default_goal, tiles_moved
from ..rules.notation import format_board_id, format_wrap, parse_moves
from ..rules.random_board import MAX_SCRAMBLE, random_board, scramble
from ..rules.solvability import solvability
from ..rules.topology import MAX_SIDE, MIN_SIDE, Topology
from ..search import optimal, portfolio
from ..speedsolving import coach as coach_module
from ..speedsolving.coach import advise
from ..speedsolving.metrics import mtm
from .checks import (
    MAX_LANES,
    TIME_LIMIT_RANGE,
    Refused,
    check_numbers,
    check_text,
    problem,
    replies,
    reporter,
    solve_problem,
    whole,
)
from .protocol import BoardReply, CoachReply, ProgressCallback, SolveReply, WarmReply

__all__ = ["check", "solve", "random", "replay", "coach", "warm", "describe", "solve_reply"]


def describe(problem: Problem) -> BoardReply:
    """check's reply for a problem."""
    t = problem.topology
    verdict = solvability(problem.start, problem.goal, t)
    return {
        "ok": True,
        "width": t.width,
        "height": t.height,
        "tiles": list(problem.start),
        "goal": list(problem.goal),
        "wrap_rows": list(t.wrap_rows),
        "wrap_cols": list(t.wrap_cols),
        "id": format_board_id(t.width, t.height, problem.start),
        "goal_id": format_board_id(t.width, t.height, problem.goal),
        "wrap": format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height),
        "default_goal": problem.default_goal,
        "solvable": verdict.solvable,
        "reason": verdict.reason,
        "reason_code": coded(verdict.reason),
    }


def solve_reply(problem: Problem, result: Result, max_nodes: int | None) -> SolveReply:
    """solve's reply for a search's Result."""
    # A*'s cap on states stored, so a memory stop can say how many (None for the others)
    cap = (max_nodes or optimal.default_max_nodes(problem.topology.size)) if result.algorithm == "astar" else None
    # the Result's fields are SolveReply's (tests/test_protocol.py holds them equal)
    return {  # type: ignore[typeddict-item]
        "ok": True,
        **describe(problem),
        **result.to_dict(),
        "max_nodes": cap,
        "mtm": mtm(result.moves) if result.found else None,
        "reason_code": coded(result.reason),
        "note_codes": [coded(note) for note in result.notes],
    }


@replies
def check(board: str, goal: str | None = None, wrap: str | None = None) -> BoardReply:
    """Validate a board (and goal and wrap) and say whether it is solvable."""
    return describe(problem(board, goal, wrap))


@replies
def solve(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    algorithm: str = "idastar",
    heuristic: str | None = None,
    strategy: str = "auto",
    time_limit: float | None = None,
    max_nodes: int | None = None,
    lane: list[int] | None = None,
    progress: ProgressCallback | None = None,
) -> SolveReply:
    """Solve (see npuzzle.search.portfolio).  The fields are check()'s and the CLI's --json ones,
    except that ``tiles`` is the list of tiles moved (the board is ``id``), and
    ``max_nodes``: A*'s cap on the states it stores (None for other searches).
    ``lane``: [k, n], for worker k of n racing the ladder's weights (see split_start)."""
    found = solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    if lane is not None and not (
        isinstance(lane, (list, tuple))
        and len(lane) == 2
        and all(whole(v) for v in lane)
        and 0 <= lane[0] < lane[1] <= MAX_LANES
    ):
        raise Refused("options", f"lane must be [k, n] with 0 <= k < n <= {MAX_LANES}")
    result = portfolio.solve(
        found,
        algorithm,
        heuristic,
        strategy=strategy,
        time_limit=time_limit,
        max_nodes=max_nodes,
        progress=reporter(progress),
        lane=(lane[0], lane[1]) if lane else (0, 1),
    )
    return solve_reply(found, result, max_nodes)


@replies
def random(
    width: int,
    height: int,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    seed: int | None = None,
    moves: int | None = None,
) -> BoardReply:
    """A uniformly random solvable board, or the goal scrambled by `moves` random moves."""
    check_numbers(
        {
            "width": (width, MIN_SIDE, MAX_SIDE),
            "height": (height, MIN_SIDE, MAX_SIDE),
            "moves": (moves, 0, MAX_SCRAMBLE),
            "seed": (seed, -(2**63), 2**63),
        }
    )
    width, height = int(width), int(height)
    moves = None if moves is None else int(moves)
    try:
        Topology(width, height)
    except ValueError as e:
        raise Refused("options", e) from e
    check_text({"goal": goal})
    if not (goal and goal.strip()):
        goal = format_board_id(width, height, default_goal(width, height))
    try:
        found = problem(goal, goal, wrap)
    except InputError as e:  # the goal is read as a start too: its errors are the goal's
        raise (Refused("goal", e) if e.field == "board" else e) from None
    t = found.topology
    if (t.width, t.height) != (width, height):
        raise InputError("random.goal_size", "goal", gw=t.width, gh=t.height, width=width, height=height)
    if moves is None:
        tiles = random_board(found.goal, t, seed)
    else:
        tiles = scramble(found.goal, t, moves, seed)
    return describe(Problem(tiles, found.goal, t))


@replies
def replay(board: str, moves: str, goal: str | None = None, wrap: str | None = None) -> dict[str, Any]:
    """Every board along a move string, and the tiles moved; an error names the bad move:
    ``{"ok", "moves", "tiles", "end", "solved"}``.  (For Python: the page replays moves
    itself, with rules.js.)"""
    found = problem(board, goal, wrap)
    check_text({"moves": moves})
    letters = parse_moves(moves or "")
    end = apply_moves(found.start, letters, found.topology)
    return {
        "ok": True,
        "moves": letters,
        "tiles": tiles_moved(found.start, letters, found.topology),
        "end": list(end),
        "solved": end == found.goal,
    }


@replies
def coach(
    board: str, goal: str | None = None, wrap: str | None = None, *, time_limit: float | None = None
) -> CoachReply:
    """How far the board is from the goal, and for each legal move of the blank whether
    it keeps to a shortest path (npuzzle.speedsolving.coach): ``distance``, ``exact`` (False: a lower
    bound), ``moves`` {letter: closer|further|unknown}, ``tiles`` {letter: tile moved},
    ``best`` (a first move of a shortest path)."""
    found = problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE)})
    advice = advise(found, coach_module.DEFAULT_SECONDS if time_limit is None else time_limit)
    return {"ok": True, **dataclasses.asdict(advice)}  # type: ignore[typeddict-item]  # Advice's fields


@replies
def warm(board: str, goal: str | None = None, wrap: str | None = None) -> WarmReply:
    """Get ready to answer quickly for this board's goal: the first search of a goal builds
    its small pattern tables and search kernels (0.2-0.7 s in the browser, for 3x3 and
    4x4), so the page asks for this while the person is still looking at the board, and
    the coach's first answer comes as fast as the next ones.  (The big databases must be
    loaded already, as for solve.)"""
    found = problem(board, goal, wrap)
    t0 = time.perf_counter()
    portfolio.solve(Problem(found.goal, found.goal, found.topology), strategy="optimal")
    return {"ok": True, "seconds": round(time.perf_counter() - t0, 4)}
