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

import dataclasses
import inspect
import json
import math
import time
from collections.abc import Callable

from . import coach as coach_module
from . import lab, pdb, portfolio, search
from .coach import advise
from .engine import Clock, finish
from .pdb import parallel, store
from .pdb.kernel import directions, solution_parity
from .board import MoveError, Problem, apply_moves, default_goal, tiles_moved
from .messages import InputError, Text, coded
from .notation import NotationError, format_board_id, format_wrap, parse_board, parse_moves, parse_problem
from .random_board import MAX_SCRAMBLE, random_board, scramble
from .solvability import solvability
from .topology import MAX_SIDE, MIN_SIDE, Topology

__all__ = ["check", "solve", "random", "replay", "databases", "register", "call",
           "number_error", "choice_error", "options_error", "compare", "explain", "step_start", "step_next",
           "step_stop", "tree", "cases", "names_error", "split_start", "split_pass", "split_finish"]


def _error(field: str, message: str | Exception) -> dict:
    """The error dict; an InputError or a Text brings its message's code and parameters."""
    if isinstance(message, InputError):
        return {**message.to_dict(), "field": field}
    if isinstance(message, Text):
        return {"ok": False, "field": field, "error": str(message), "code": message.code, "params": message.params}
    return {"ok": False, "field": field, "error": str(message)}


def number_error(name: str, value, low: float, high: float) -> InputError | None:
    """The error for a numeric option outside [low, high] (or not a number), else None.
    The CLI checks its options with this too, so each rule has one wording."""
    ok = (value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                            and math.isfinite(value) and low <= value <= high))
    return None if ok else InputError("option.number", "options", name=name, low=low, high=high, value=repr(value))


def choice_error(name: str, value, choices) -> InputError | None:
    """The error for an option that is not one of its choices, else None."""
    if value in choices:
        return None
    return InputError("option.choice", "options", name=name, value=repr(value), choices=", ".join(choices))


# The numeric options of solve and their ranges (seconds; states stored).
TIME_LIMIT_RANGE = (1e-3, 1e6)
MAX_NODES_RANGE = (1, 1e9)


def _types(text: dict, numbers: dict | None = None) -> dict | None:
    """The error dict for the first argument of the wrong type (JavaScript may send any)."""
    for field, value in text.items():
        if value is not None and not isinstance(value, str):
            return _error(field, InputError("input.type", field, name=field, kind=type(value).__name__))
    for name, (value, low, high) in (numbers or {}).items():
        message = number_error(name, value, low, high)
        if message:
            return _error("options", message)
    return None


def _problem(board: str, goal: str | None, wrap: str | None, numbers: dict | None = None) -> Problem | dict:
    """A Problem, or the error dict naming the field at fault (numbers: options checked
    first, as _types takes them)."""
    bad = _types({}, numbers) or _types({"board": board, "goal": goal, "wrap": wrap})
    if bad:
        return bad
    if board is None:
        return _error("board", InputError("board.empty"))
    try:
        return parse_problem(board, goal, wrap)
    except NotationError as e:
        return e.to_dict()


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
        "reason_code": coded(verdict.reason),
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


def _solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes) -> Problem | dict:
    """solve's arguments checked: the Problem, or the error dict."""
    problem = _problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE),
                                           "max_nodes": (max_nodes, *MAX_NODES_RANGE)})
    if isinstance(problem, dict):
        return problem
    message = options_error(algorithm, heuristic, strategy)
    return _error("options", message) if message else problem


def _answer(problem: Problem, result, max_nodes: int | None) -> dict:
    """solve's dict for a Result."""
    # A*'s cap on states stored, so a memory stop can say how many (None for the others)
    cap = (max_nodes or search.default_max_nodes(problem.topology.size)) if result.algorithm == "astar" else None
    return {"ok": True, **_describe(problem), **result.to_dict(), "max_nodes": cap,
            "reason_code": coded(result.reason), "note_codes": [coded(note) for note in result.notes]}


def solve(board: str, goal: str | None = None, wrap: str | None = None, *,
          algorithm: str = "idastar", heuristic: str | None = None, strategy: str = "auto",
          time_limit: float | None = None, max_nodes: int | None = None, lane: list[int] | None = None,
          progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (see npuzzle.portfolio).  The fields are check()'s and the CLI's --json ones,
    except that ``tiles`` is the list of tiles moved (the board is ``id``), and
    ``max_nodes``: A*'s cap on the states it stores (None for other searches).
    ``lane``: [k, n], for worker k of n racing the ladder's weights (see split_start)."""
    problem = _solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    if isinstance(problem, dict):
        return problem
    if lane is not None and not (isinstance(lane, (list, tuple)) and len(lane) == 2 and all(_whole(v) for v in lane)
                                 and 0 <= lane[0] < lane[1] <= MAX_LANES):
        return _error("options", f"lane must be [k, n] with 0 <= k < n <= {MAX_LANES}")
    result = portfolio.solve(problem, algorithm, heuristic, strategy=strategy, time_limit=time_limit,
                             max_nodes=max_nodes, progress=progress, lane=tuple(lane or (0, 1)))
    return _answer(problem, result, max_nodes)


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
        return _error("options", e)
    if not (goal and goal.strip()):
        goal = format_board_id(width, height, default_goal(width, height))
    problem = _problem(goal, goal, wrap)
    if isinstance(problem, dict):
        return {**problem, "field": "goal"} if problem["field"] == "board" else problem
    t = problem.topology
    if (t.width, t.height) != (width, height):
        return _error("goal", InputError("random.goal_size", "goal", gw=t.width, gh=t.height, width=width,
                                         height=height))
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
        return e.to_dict()
    return {"ok": True, "moves": letters, "tiles": tiles_moved(problem.start, letters, problem.topology),
            "end": list(end), "solved": end == problem.goal}


# The coach's actions, which search with the databases where the board has them.
_COACH_ACTIONS = ("coach", "warm")
# The lab's actions that may look up pattern databases, and the argument naming the heuristics.
_LAB_HEURISTICS = {"compare": "heuristics", "explain": "heuristic", "step_start": "heuristic", "tree": "heuristic"}


def databases(board: str | None = None, goal: str | None = None, wrap: str | None = None, *,
              action: str = "solve", algorithm: str = "idastar", heuristic: str | None = None,
              strategy: str = "auto", **options) -> dict:
    """The pattern databases the action (solve, coach, warm, or a lab action) with these
    arguments would use and this process has not loaded yet: ``{"ok": True, "names":
    [...]}``, for the page to fetch and register.  Bad arguments, or an action that needs none, give no names (the
    action itself explains what is wrong)."""
    none = {"ok": True, "names": []}
    if action in ("split_start", "split_finish"):
        action = "solve"
    elif action == "split_pass":  # a subtree of an optimal search with the databases
        action, strategy, heuristic, algorithm = "solve", "optimal", "pdb", "idastar"
    if action not in ("solve", *_COACH_ACTIONS, *_LAB_HEURISTICS):
        return none
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict):
        return none
    if action in _COACH_ACTIONS:
        # the coach's optimal search: the 4x4's databases (the 5x5's, 6.4 MB, would not
        # make its search finish: it gives a lower bound with linear conflict there)
        t = problem.topology
        needed = store.database_names(problem.goal, t) if t.size <= 16 else set()
    elif action == "solve":
        if options_error(algorithm, heuristic, strategy):
            return none
        needed = portfolio.databases_needed(problem, strategy, heuristic, algorithm)
    else:
        named = heuristic if action != "compare" else options.get("heuristics")
        names, _ = names_error("heuristic", named, lab.HEURISTICS)
        asked = "pdb" in (names or []) or (action == "compare" and not named)
        t = problem.topology
        needed = store.database_names(problem.goal, t) if asked and store.supports(t, problem.goal) else set()
    return {"ok": True, "names": sorted(name for name in needed if not store.loaded(name))}


def register(data: bytes) -> dict:
    """Load a pattern-database file's bytes (fetched by the page) into this process."""
    if hasattr(data, "to_bytes"):  # a JavaScript Uint8Array, in the page's worker
        data = data.to_bytes()
    try:
        return {"ok": True, "name": store.register(bytes(data))}
    except ValueError as e:
        return _error("database", str(e))


# --- the study lab (npuzzle.lab) -------------------------------------------------------------

WEIGHT_RANGE = (1, 100)     # weighted searches' w
STEP_EVENTS_RANGE = (1, 10_000)  # events a step_start / step_next call returns at most
LEVELS_RANGE = (0, 12)       # depth of a tree picture
TREE_STEPS_RANGE = (0, 10_000)
ITERATION_RANGE = (1, 1_000)
MAX_SESSIONS = 16  # step sessions kept; starting another forgets the oldest


def names_error(name: str, value, choices) -> tuple[list[str] | None, str | None]:
    """A list of names from a list or a comma-separated string: (names, None), or (None,
    the message for the first unknown one); None or empty gives ([], None)."""
    if value is None:
        return [], None
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None, f"{name}s must be a list of names or a comma-separated text"
    for v in value:
        message = choice_error(name, v, choices)
        if message:
            return None, message
    return value, None


def _lab_problem(board, goal, wrap, numbers: dict) -> Problem | dict:
    bad = _types({}, numbers)
    return bad if bad else _problem(board, goal, wrap)


def _ids(problem: Problem) -> dict:
    t = problem.topology
    return {"start": format_board_id(t.width, t.height, problem.start),
            "goal": format_board_id(t.width, t.height, problem.goal),
            "wrap": format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height)}


def compare(board: str, goal: str | None = None, wrap: str | None = None, *,
            algorithms: list[str] | str | None = None, heuristics: list[str] | str | None = None,
            weight: float = lab.DEFAULT_WEIGHT, time_limit: float | None = lab.DEFAULT_TIME_LIMIT,
            max_nodes: int | None = lab.DEFAULT_MAX_NODES,
            progress: Callable[[dict], None] | None = None) -> dict:
    """The lab's comparison (npuzzle.lab.compare): ``{"ok", "start", "goal", "wrap",
    "solvable", "reason", "rows", "csv", "markdown"}``, a row per algorithm x heuristic
    (none when unsolvable), and the table as ``npuzzle compare --csv`` prints it and as Markdown.
    Each run has its own budget: time_limit seconds, max_nodes nodes expanded.  progress
    gets ``{"done", "total", "row"}`` after each run."""
    weight = lab.DEFAULT_WEIGHT if weight is None else weight
    problem = _lab_problem(board, goal, wrap, {
        "weight": (weight, *WEIGHT_RANGE), "time_limit": (time_limit, *TIME_LIMIT_RANGE),
        "max_nodes": (max_nodes, *MAX_NODES_RANGE)})
    if isinstance(problem, dict):
        return problem
    algorithms, message = names_error("algorithm", algorithms, lab.ALGORITHMS)
    if message is None:
        heuristics, message = names_error("heuristic", heuristics, lab.HEURISTICS)
    if message:
        return _error("options", message)
    verdict = solvability(problem.start, problem.goal, problem.topology)
    answer = {"ok": True, **_ids(problem), "solvable": verdict.solvable, "reason": verdict.reason,
              "reason_code": coded(verdict.reason), "rows": []}
    if not verdict.solvable:
        return answer
    try:
        rows = lab.compare(problem, algorithms, heuristics, weight=weight, time_limit=time_limit,
                           max_nodes=None if max_nodes is None else int(max_nodes), progress=progress)
    except ValueError as e:  # pattern databases asked for where there are none
        return _error("options", e)
    # The table as the CLI's --csv prints it (the same writer) and as Markdown, so the page
    # writes neither format itself.
    return {**answer, "rows": [row.to_dict() for row in rows], "csv": lab.to_csv(rows),
            "markdown": lab.to_markdown(rows)}


def explain(board: str, goal: str | None = None, wrap: str | None = None, *,
            heuristic: str = "manhattan") -> dict:
    """A heuristic's value on the board and its parts (npuzzle.lab.explain): per tile
    (distance, cost), per line (linear conflict), per pattern group (pdb)."""
    problem = _lab_problem(board, goal, wrap, {})
    if isinstance(problem, dict):
        return problem
    message = choice_error("heuristic", heuristic, lab.HEURISTICS)
    if message:
        return _error("options", message)
    try:
        return {"ok": True, **_ids(problem), **lab.explain(problem, heuristic)}
    except ValueError as e:
        return _error("options", e)


# The open step sessions of this process (the page's worker), by number: the one piece of
# state the façade keeps, because a search stepped one event at a time must live between calls.
_sessions: dict[int, lab.Steps] = {}
_last_session = 0


def _events(session: int, steps: lab.Steps, n: int) -> dict:
    events = steps.next(int(n))
    if steps.done:
        _sessions.pop(session, None)
    return {"ok": True, "session": session, "events": events, "done": steps.done, "moves": steps.moves}


def _search_error(problem: Problem, algorithm: str, heuristic: str, algorithms) -> dict | None:
    """The error dict for a lab search's unknown algorithm or heuristic, or an unsolvable
    board; None when it can run."""
    message = choice_error("algorithm", algorithm, algorithms) or choice_error("heuristic", heuristic, lab.HEURISTICS)
    if message:
        return _error("options", message)
    verdict = solvability(problem.start, problem.goal, problem.topology)
    if not verdict.solvable:
        return _error("board", verdict.reason)
    return None


def step_start(board: str, goal: str | None = None, wrap: str | None = None, *, algorithm: str = "astar",
               heuristic: str = "manhattan", weight: float = lab.DEFAULT_WEIGHT, n: int = 1) -> dict:
    """Start stepping through a search: ``{"ok", "session", "events", "done", "moves"}``
    with its first n events (npuzzle.lab.searches describes them); step_next gives more.
    A finished session is forgotten; so is the oldest when MAX_SESSIONS are open."""
    global _last_session
    weight, n = (lab.DEFAULT_WEIGHT if weight is None else weight), (1 if n is None else n)
    problem = _lab_problem(board, goal, wrap, {"weight": (weight, *WEIGHT_RANGE), "n": (n, *STEP_EVENTS_RANGE)})
    if isinstance(problem, dict):
        return problem
    bad = _search_error(problem, algorithm, heuristic, lab.ALGORITHMS)
    if bad:
        return bad
    try:
        steps = lab.Steps(problem, algorithm, heuristic, weight=weight)
    except ValueError as e:
        return _error("options", e)
    _last_session += 1
    _sessions[_last_session] = steps
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[next(iter(_sessions))]
    return _events(_last_session, steps, n)


def step_next(session: int, n: int = 1) -> dict:
    """The next n events of a session (see step_start)."""
    n = 1 if n is None else n
    bad = _types({}, {"n": (n, *STEP_EVENTS_RANGE)})
    if bad:
        return bad
    steps = _sessions.get(session) if isinstance(session, int) and not isinstance(session, bool) else None
    if steps is None:
        return _error("session", InputError("lab.session", "session", session=session))
    return _events(session, steps, n)


def step_stop(session: int) -> dict:
    """Forget a session (stepping through another board, or leaving the lab)."""
    if isinstance(session, int) and not isinstance(session, bool):
        _sessions.pop(session, None)
    return {"ok": True}


def tree(board: str, goal: str | None = None, wrap: str | None = None, *, algorithm: str = "astar",
         heuristic: str = "manhattan", levels: int = 3, steps: int = 30, iteration: int = 1,
         weight: float = lab.DEFAULT_WEIGHT) -> dict:
    """The first levels of a search tree (npuzzle.lab.tree): ``{"ok", "nodes": [{"id",
    "parent", "move", "board", "g", "h", "f", "status"}], "threshold", "truncated", ...}``."""
    levels, steps, iteration = (3 if levels is None else levels), (30 if steps is None else steps), (
        1 if iteration is None else iteration)
    weight = lab.DEFAULT_WEIGHT if weight is None else weight
    problem = _lab_problem(board, goal, wrap, {
        "levels": (levels, *LEVELS_RANGE), "steps": (steps, *TREE_STEPS_RANGE),
        "iteration": (iteration, *ITERATION_RANGE), "weight": (weight, *WEIGHT_RANGE)})
    if isinstance(problem, dict):
        return problem
    bad = _search_error(problem, algorithm, heuristic, [a for a in lab.ALGORITHMS if a != "bfs"])
    if bad:
        return bad
    try:
        picture = lab.tree(problem, algorithm, heuristic, int(levels), steps=int(steps), iteration=int(iteration),
                           weight=weight)
    except ValueError as e:
        return _error("options", e)
    return {"ok": True, **_ids(problem), **picture}


def cases() -> dict:
    """The course reports' boards (npuzzle.lab.cases), with the algorithms and heuristics
    the lab offers and a sentence on each."""
    return {"ok": True, "cases": lab.course_cases(), "algorithms": dict(lab.DESCRIPTIONS),
            "heuristics": dict(lab.HEURISTIC_DESCRIPTIONS)}


def coach(board: str, goal: str | None = None, wrap: str | None = None, *,
          time_limit: float | None = None) -> dict:
    """How far the board is from the goal, and for each legal move of the blank whether
    it keeps to a shortest path (npuzzle.coach): ``distance``, ``exact`` (False: a lower
    bound), ``moves`` {letter: closer|further|unknown}, ``tiles`` {letter: tile moved},
    ``best`` (a first move of a shortest path)."""
    problem = _problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE)})
    if isinstance(problem, dict):
        return problem
    advice = advise(problem, coach_module.DEFAULT_SECONDS if time_limit is None else time_limit)
    return {"ok": True, **dataclasses.asdict(advice)}


def warm(board: str, goal: str | None = None, wrap: str | None = None) -> dict:
    """Get ready to answer quickly for this board's goal: the first search of a goal builds
    its small pattern tables and search kernels (0.2-0.7 s in the browser, for 3x3 and
    4x4), so the page asks for this while the person is still looking at the board, and
    the coach's first answer comes as fast as the next ones.  (The big databases must be
    loaded already, as for solve.)"""
    problem = _problem(board, goal, wrap)
    if isinstance(problem, dict):
        return problem
    t0 = time.perf_counter()
    portfolio.solve(Problem(problem.goal, problem.goal, problem.topology), strategy="optimal")
    return {"ok": True, "seconds": round(time.perf_counter() - t0, 4)}



# --- the page's pool of workers (web/pool.js) ------------------------------------------------
#
# Boards answered by a ladder of weights (5x5 and up) are raced instead: each worker takes
# a lane of the ladder's weights for the whole time, and the pool keeps the shortest answer.
# A solve over several workers: split_start in one worker (solve's answer, or the subtrees
# of the split passes), split_pass for each subtree in whichever worker is free, pass after
# pass (the loop of npuzzle.pdb.parallel.idastar_parallel, in JavaScript), then split_finish
# for the answer in solve's shape.

def split_start(board: str, goal: str | None = None, wrap: str | None = None, *,
                algorithm: str = "idastar", heuristic: str | None = None, strategy: str = "auto",
                time_limit: float | None = None, max_nodes: int | None = None, lanes: int | None = None,
                progress: Callable[[dict], None] | None = None) -> dict:
    """solve's first step for a pool of workers.  When solve would begin with optimal IDA*
    on the pattern databases and its sequential try (1 s) does not finish it:
    ``{"ok": True, "split": {"bound", "parity", "nodes", "seconds", "left", "depth", "jobs"}}``:
    the first pass's bound, the solutions' parity, the nodes and seconds so far, the seconds
    left for optimal search (None: no limit), and the subtrees ``depth`` moves below the
    start, most promising first, as ``{"board", "back", "cells"}`` (split_pass's arguments;
    cells: the blank's cells from the start).  With ``lanes`` (the pool's workers, more than
    one) and a board whose solve runs a ladder of weights (portfolio.races):
    ``{"ok": True, "race": n}``, n = lanes but at most portfolio.RACE_LANES: the pool then
    sends solve with ``lane`` [k, n] to each of n workers and keeps the shortest answer.
    Otherwise solve's own answer."""
    problem = _solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    if isinstance(problem, dict):
        return problem
    if lanes is not None and not (_whole(lanes) and 1 <= lanes <= MAX_LANES):
        return _error("options", f"lanes must be a whole number from 1 to {MAX_LANES}")
    if lanes and lanes > 1 and portfolio.races(problem, algorithm, heuristic, strategy=strategy):
        return {"ok": True, "race": min(lanes, portfolio.RACE_LANES)}
    split, seconds = portfolio.split_seconds(problem, algorithm, heuristic, strategy=strategy, time_limit=time_limit)
    if not split or (seconds is not None and seconds <= parallel.SEQUENTIAL_SECONDS):
        return solve(board, goal, wrap, algorithm=algorithm, heuristic=heuristic, strategy=strategy,
                     time_limit=time_limit, max_nodes=max_nodes, progress=progress)
    first = parallel.quick_try(problem, seconds, progress)
    if first.found or first.stopped != "time limit":
        reason = solvability(problem.start, problem.goal, problem.topology).reason
        return _answer(problem, dataclasses.replace(first, reason=reason), max_nodes)
    t = problem.topology
    jobs = [{"board": format_board_id(t.width, t.height, b), "back": back, "cells": cells}
            for b, back, cells in parallel.split_jobs(problem)]
    return {"ok": True, "split": {"bound": first.lower_bound, "parity": solution_parity(problem), "nodes": first.nodes,
                                  "seconds": first.seconds, "left": None if seconds is None else seconds - first.seconds,
                                  "depth": parallel.SPLIT_DEPTH, "jobs": jobs}}


MAX_LANES = 8  # the pool's workers at most (the page's pool reads it from shared.js)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def split_pass(board: str, goal: str | None = None, wrap: str | None = None, *, back: int, depth_left: int,
               bound: int, time_limit: float | None = None,
               progress: Callable[[dict], None] | None = None) -> dict:
    """One IDA* pass below a subtree's board (a job of split_start), ``depth_left`` moves
    deep, never first moving the blank back to ``back``: ``{"ok", "found", "best", "nodes",
    "cells", "stopped"}`` (best: the largest negative slack pruned; cells: the blank's
    cells below the board when found; stopped: "time limit" or None).  Progress reports
    give the whole pass's ``bound`` and this subtree's nodes."""
    problem = _problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE)})
    if isinstance(problem, dict):
        return problem
    if not all(_whole(v) for v in (back, depth_left, bound)) or not 0 <= back <= problem.topology.size:
        return _error("options", "back, depth_left and bound must be whole numbers (back a cell, or the size)")
    note = pdb.unavailable(problem)
    if note:
        return _error("database", note)
    found, best, nodes, cells, stopped = parallel.timed_pass((problem.start, problem.goal, back, depth_left), bound,
                                                             time_limit, progress)
    return {"ok": True, "found": found, "best": best, "nodes": nodes, "cells": cells, "stopped": stopped}


def split_finish(board: str, goal: str | None = None, wrap: str | None = None, *, cells: list[int] | None,
                 bound: int, nodes: int, seconds: float, algorithm: str = "idastar", heuristic: str | None = None,
                 strategy: str = "auto", time_limit: float | None = None, max_nodes: int | None = None,
                 progress: Callable[[dict], None] | None = None) -> dict:
    """solve's answer after the split passes: the solution along ``cells`` (the blank's
    cells from the start; optimal, bound its length), or, with cells None, what solve does
    when its optimal search ran out of time having proven ``bound`` (``auto`` goes on to
    the near-optimal stages).  nodes and seconds: the pool's, counted from split_start."""
    problem = _solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    if isinstance(problem, dict):
        return problem
    bad = _types({}, {"seconds": (seconds, 0, 1e9), "nodes": (nodes, 0, 1e18), "bound": (bound, 0, 1e6)})
    if bad:
        return bad
    reason = solvability(problem.start, problem.goal, problem.topology).reason
    clock = Clock("idastar", None, None)
    if cells is not None:
        neighbors = problem.topology.neighbors
        if not (isinstance(cells, list) and cells and all(_whole(c) and 0 <= c < len(neighbors) for c in cells)
                and cells[0] == problem.start.index(0)
                and all(any(c == b for _, c in neighbors[a]) for a, b in zip(cells, cells[1:]))):
            return _error("options", "cells must be the blank's way from the start, cell by cell")
        result = finish(problem, directions(neighbors, cells), bound, int(nodes), clock, pdb.NAME, None)
        if apply_moves(problem.start, result.moves, problem.topology) != problem.goal:
            return _error("options", "cells must lead the blank to the goal")
        return _answer(problem, dataclasses.replace(result, seconds=seconds, reason=reason), max_nodes)
    split, _ = portfolio.split_seconds(problem, algorithm, heuristic, strategy=strategy, time_limit=time_limit)
    if strategy == "auto" and heuristic is None and algorithm == "idastar" and split:
        result = portfolio.solve(problem, strategy="auto", time_limit=time_limit, progress=progress,
                                 tried=portfolio.stopped_stage(seconds, int(nodes), int(bound)))
        return _answer(problem, dataclasses.replace(result, seconds=seconds + result.seconds), max_nodes)
    result = finish(problem, None, int(bound), int(nodes), clock, pdb.NAME, "time limit")
    return _answer(problem, dataclasses.replace(result, seconds=seconds, reason=reason), max_nodes)


_ACTIONS = {"check": check, "coach": coach, "warm": warm, "solve": solve, "random": random, "replay": replay, "databases": databases,
            "compare": compare, "explain": explain, "step_start": step_start, "step_next": step_next,
            "step_stop": step_stop, "tree": tree, "cases": cases,
            "split_start": split_start, "split_pass": split_pass, "split_finish": split_finish}


# the actions that take a progress callback
_REPORTING = ("solve", "compare", "split_start", "split_pass", "split_finish")


def call(action: str, args_json: str, report: Callable[[str], None] | None = None) -> str:
    """One request from the page: the action's keyword arguments as JSON in, its dict as
    JSON out.  ``report`` receives solve's and compare's progress dicts as JSON text.

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
    if action in _REPORTING and report is not None:
        args["progress"] = lambda info: report(json.dumps(info))
    return json.dumps(function(**args))
