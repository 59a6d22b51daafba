"""The façade the web worker calls: plain strings and numbers in, JSON-safe dicts out.

    >>> check("3x3:1,2,3,4,5,6,0,7,8")["solvable"]
    True
    >>> solve("3x3:1,2,3,4,5,6,0,7,8")["moves"]
    'RR'
    >>> check("3x3:1,2,3")["error"]
    'a 3x3 board needs 9 numbers, got 3'

Every function returns ``{"ok": True, ...}`` or ``{"ok": False, "field": F, "error": M}``
where F names the input at fault ("board", "goal", "wrap", "moves", "options") and M is a
message fit to show a person.  Nothing here raises on bad input.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from . import portfolio, search
from .board import MoveError, Problem, apply_moves, default_goal, tiles_moved
from .heuristics import HEURISTICS
from .notation import NotationError, format_board_id, format_wrap, parse_board, parse_moves, parse_problem
from .random_board import MAX_SCRAMBLE, random_board, scramble
from .solvability import solvability
from .topology import MAX_SIDE, MIN_SIDE, Topology

__all__ = ["check", "solve", "random", "replay"]


def _error(field: str, message: str) -> dict:
    return {"ok": False, "field": field, "error": message}


def _types(text: dict, numbers: dict | None = None) -> dict | None:
    """The error dict for the first argument of the wrong type (JavaScript may send any)."""
    for field, value in text.items():
        if value is not None and not isinstance(value, str):
            return _error(field, f"the {field} must be text, not {type(value).__name__}")
    for name, (value, low, high) in (numbers or {}).items():
        ok = (value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                                and math.isfinite(value) and low <= value <= high))
        if not ok:
            return _error("options", f"{name} must be a number from {low} to {high:g}, not {value!r}")
    return None


def _problem(board: str, goal: str | None, wrap: str | None) -> Problem | dict:
    """A Problem, or the error dict naming the field at fault."""
    bad = _types({"board": board, "goal": goal, "wrap": wrap})
    if bad:
        return bad
    if board is None:
        return _error("board", "the board is empty")
    try:
        width, height, _ = parse_board(board)
    except NotationError as e:
        return _error("board", str(e))
    if goal and goal.strip():
        try:
            parse_board(goal)
        except NotationError as e:
            return _error("goal", str(e))
    try:
        return parse_problem(board, goal, wrap)
    except NotationError as e:
        message = str(e)
        field = "goal" if message.startswith("the goal") else "wrap"
        return _error(field, message)


def _describe(problem: Problem) -> dict:
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
    }


def check(board: str, goal: str | None = None, wrap: str | None = None) -> dict:
    """Validate a board (and goal and wrap) and say whether it is solvable."""
    problem = _problem(board, goal, wrap)
    return problem if isinstance(problem, dict) else _describe(problem)


def solve(board: str, goal: str | None = None, wrap: str | None = None, *,
          algorithm: str = "idastar", heuristic: str | None = None, strategy: str = "auto",
          time_limit: float | None = None, max_nodes: int | None = None,
          progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (see npuzzle.portfolio).  The fields are check()'s and the CLI's --json ones,
    except that ``tiles`` is the list of tiles moved (the board is ``id``)."""
    bad = _types({}, {"time_limit": (time_limit, 1e-3, 1e6), "max_nodes": (max_nodes, 1, 1e9)})
    if bad:
        return bad
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict):
        return problem
    if algorithm not in search.ALGORITHMS:
        return _error("options", f"unknown algorithm {algorithm!r}: choose from {', '.join(search.ALGORITHMS)}")
    if heuristic is not None and heuristic not in HEURISTICS:
        return _error("options", f"unknown heuristic {heuristic!r}: choose from {', '.join(HEURISTICS)}")
    if strategy not in portfolio.STRATEGIES:
        return _error("options", f"unknown strategy {strategy!r}: choose from {', '.join(portfolio.STRATEGIES)}")
    result = portfolio.solve(problem, algorithm, heuristic, strategy=strategy, time_limit=time_limit,
                             max_nodes=max_nodes, progress=progress)
    return {"ok": True, **_describe(problem), **result.to_dict()}


def random(width: int, height: int, goal: str | None = None, wrap: str | None = None, *,
           seed: int | None = None, moves: int | None = None) -> dict:
    """A uniformly random solvable board, or the goal scrambled by `moves` random moves."""
    bad = _types({}, {"width": (width, MIN_SIDE, MAX_SIDE), "height": (height, MIN_SIDE, MAX_SIDE),
                      "moves": (moves, 0, MAX_SCRAMBLE), "seed": (seed, -2**63, 2**63)})
    if bad:
        return bad
    width, height = int(width), int(height)
    moves = None if moves is None else int(moves)
    try:
        Topology(width, height)
    except ValueError as e:
        return _error("options", str(e))
    if not (goal and goal.strip()):
        goal = format_board_id(width, height, default_goal(width, height))
    problem = _problem(goal, goal, wrap)
    if isinstance(problem, dict):
        return {**problem, "field": "goal"} if problem["field"] == "board" else problem
    t = problem.topology
    if (t.width, t.height) != (width, height):
        return _error("goal", f"the goal is {t.width}x{t.height}, not {width}x{height}")
    if moves is None:
        tiles = random_board(problem.goal, t, seed)
    else:
        tiles = scramble(problem.goal, t, moves, seed)
    return _describe(Problem(tiles, problem.goal, t))


def replay(board: str, moves: str, goal: str | None = None, wrap: str | None = None) -> dict:
    """Every board along a move string, and the tiles moved; an error names the bad move."""
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict):
        return problem
    bad = _types({"moves": moves})
    if bad:
        return bad
    try:
        letters = parse_moves(moves or "")
        end = apply_moves(problem.start, letters, problem.topology)
    except MoveError as e:
        return _error("moves", str(e))
    return {"ok": True, "moves": letters, "tiles": tiles_moved(problem.start, letters, problem.topology),
            "end": list(end), "solved": end == problem.goal}
