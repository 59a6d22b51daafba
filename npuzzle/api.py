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

import inspect
import json
import math
from collections.abc import Callable

from . import portfolio, search
from . import pdb as store
from .board import MoveError, Problem, apply_moves, default_goal, tiles_moved
from .notation import NotationError, format_board_id, format_wrap, parse_board, parse_moves, parse_problem
from .random_board import MAX_SCRAMBLE, random_board, scramble
from .solvability import solvability
from .topology import MAX_SIDE, MIN_SIDE, Topology

__all__ = ["check", "solve", "random", "replay", "databases", "register", "call",
           "number_error", "choice_error", "options_error"]


def _error(field: str, message: str) -> dict:
    return {"ok": False, "field": field, "error": message}


def number_error(name: str, value, low: float, high: float) -> str | None:
    """The message for a numeric option outside [low, high] (or not a number), else None.
    The CLI checks its options with this too, so each rule has one wording."""
    ok = (value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                            and math.isfinite(value) and low <= value <= high))
    return None if ok else f"{name} must be a number from {low:g} to {high:g}, not {value!r}"


def choice_error(name: str, value, choices) -> str | None:
    """The message for an option that is not one of its choices, else None."""
    return None if value in choices else f"unknown {name} {value!r}: choose from {', '.join(choices)}"


# The numeric options of solve and their ranges (seconds; states stored).
TIME_LIMIT_RANGE = (1e-3, 1e6)
MAX_NODES_RANGE = (1, 1e9)


def _types(text: dict, numbers: dict | None = None) -> dict | None:
    """The error dict for the first argument of the wrong type (JavaScript may send any)."""
    for field, value in text.items():
        if value is not None and not isinstance(value, str):
            return _error(field, f"the {field} must be text, not {type(value).__name__}")
    for name, (value, low, high) in (numbers or {}).items():
        message = number_error(name, value, low, high)
        if message:
            return _error("options", message)
    return None


def _problem(board: str, goal: str | None, wrap: str | None) -> Problem | dict:
    """A Problem, or the error dict naming the field at fault."""
    bad = _types({"board": board, "goal": goal, "wrap": wrap})
    if bad:
        return bad
    if board is None:
        return _error("board", "the board is empty")
    try:
        return parse_problem(board, goal, wrap)
    except NotationError as e:
        return _error(e.field, str(e))


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


def options_error(algorithm: str, heuristic: str | None, strategy: str) -> str | None:
    """The message for an unknown algorithm, heuristic or strategy, else None."""
    return (choice_error("algorithm", algorithm, search.ALGORITHMS)
            or (heuristic is not None and choice_error("heuristic", heuristic, search.HEURISTICS))
            or choice_error("strategy", strategy, portfolio.STRATEGIES) or None)


def solve(board: str, goal: str | None = None, wrap: str | None = None, *,
          algorithm: str = "idastar", heuristic: str | None = None, strategy: str = "auto",
          time_limit: float | None = None, max_nodes: int | None = None,
          progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (see npuzzle.portfolio).  The fields are check()'s and the CLI's --json ones,
    except that ``tiles`` is the list of tiles moved (the board is ``id``), and
    ``max_nodes``: A*'s cap on the states it stores (None for other searches)."""
    bad = _types({}, {"time_limit": (time_limit, *TIME_LIMIT_RANGE), "max_nodes": (max_nodes, *MAX_NODES_RANGE)})
    if bad:
        return bad
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict):
        return problem
    message = options_error(algorithm, heuristic, strategy)
    if message:
        return _error("options", message)
    result = portfolio.solve(problem, algorithm, heuristic, strategy=strategy, time_limit=time_limit,
                             max_nodes=max_nodes, progress=progress)
    # A*'s cap on states stored, so a memory stop can say how many (None for the others)
    cap = (max_nodes or search.default_max_nodes(problem.topology.size)) if result.algorithm == "astar" else None
    return {"ok": True, **_describe(problem), **result.to_dict(), "max_nodes": cap}


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


def databases(board: str, goal: str | None = None, wrap: str | None = None, *,
              algorithm: str = "idastar", heuristic: str | None = None, strategy: str = "auto",
              **_solve_options) -> dict:
    """The pattern databases solve() with these arguments would use and this process has
    not loaded yet: ``{"ok": True, "names": [...]}``, for the page to fetch and register.
    Bad arguments give no names (solve itself explains them)."""
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict) or options_error(algorithm, heuristic, strategy):
        return {"ok": True, "names": []}
    needed = portfolio.databases_needed(problem, strategy, heuristic, algorithm)
    return {"ok": True, "names": sorted(name for name in needed if not store.loaded(name))}


def register(data: bytes) -> dict:
    """Load a pattern-database file's bytes (fetched by the page) into this process."""
    if hasattr(data, "to_bytes"):  # a JavaScript Uint8Array, in the page's worker
        data = data.to_bytes()
    try:
        return {"ok": True, "name": store.register(bytes(data))}
    except ValueError as e:
        return _error("database", str(e))


_ACTIONS = {"check": check, "solve": solve, "random": random, "replay": replay, "databases": databases}


def call(action: str, args_json: str, report: Callable[[str], None] | None = None) -> str:
    """One request from the page: the action's keyword arguments as JSON in, its dict as
    JSON out.  ``report`` receives solve's progress dicts as JSON text.

        >>> call("check", '{"board": "2x2:1,2,3,0"}')[:30]
        '{"ok": true, "width": 2, "heig'
        >>> json.loads(call("fly", "{}"))["error"]
        "unknown action 'fly'"
    """
    function = _ACTIONS.get(action)
    if function is None:
        return json.dumps(_error("action", f"unknown action {action!r}"))
    try:
        args = json.loads(args_json)
    except ValueError as e:
        return json.dumps(_error("action", f"the arguments are not JSON: {e}"))
    if not isinstance(args, dict):
        return json.dumps(_error("action", "the arguments must be a JSON object"))
    try:
        inspect.signature(function).bind(**args)
    except TypeError as e:  # an argument the action does not take, or one missing
        return json.dumps(_error("action", f"{action}: {e}"))
    if action == "solve" and report is not None:
        args["progress"] = lambda info: report(json.dumps(info))
    return json.dumps(function(**args))
