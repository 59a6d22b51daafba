"""Boards to solve, read one a line, and the row each one's answer becomes.

    >>> tasks = list(read_tasks(["3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2"], Defaults()))
    >>> tasks[0].id, tasks[0].start
    (1, '3x3:1,2,3,4,5,6,0,7,8')
    >>> tasks[1]["error"]
    'a 3x3 board needs 9 numbers, got 2'
    >>> solve_task(tasks[0])["moves"]
    'RR'

A line is a board in any notation the command line takes on one line (a board ID
``3x3:1,2,...``, a bare list ``1 2 3 ...``, or rows separated by ``/``), or a JSON object
``{"id", "start", "goal", "wrap", "heuristic", "time_limit"}`` whose missing keys come
from the command's options.  Blank lines and lines starting with ``#`` are skipped.  A
bad line becomes an error row (its line number, the field at fault, the message) and
never reaches an engine.  Tasks and rows are plain data, so any engine can carry them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .. import api
from ..catalogue import InputError
from ..pdb import parallel
from ..result import Result
from ..rules.board import Problem, boards_along
from ..rules.notation import format_board_id, format_wrap, parse_problem
from ..rules.solvability import solvability
from ..search import optimal, portfolio

__all__ = ["Defaults", "Task", "ROW_FIELDS", "read_tasks", "solve_task", "error_row"]

# A row's fields, in the CSV's column order (JSON rows have the same keys).
ROW_FIELDS = (
    "id",
    "line",
    "start",
    "goal",
    "wrap",
    "solvable",
    "length",
    "optimal",
    "lower_bound",
    "nodes",
    "seconds",
    "moves",
    "stopped",
    "algorithm",
    "heuristic",
    "field",
    "error",
)
_JSON_KEYS = ("id", "start", "goal", "wrap", "heuristic", "time_limit")


@dataclass(frozen=True)
class Defaults:
    """What a line leaves out: the command's options."""

    goal: str | None = None
    wrap: str | None = None
    heuristic: str | None = None
    time_limit: float | None = None
    strategy: str = "auto"
    states: bool = False  # also return every board along the answer with its distance
    # An optimal search still running after this many seconds in one worker is handed
    # back, and its board is then searched by all the workers at once (split passes).
    split_after: float | None = None


@dataclass(frozen=True)
class Task:
    """One board to solve, checked already: its text exactly as the line gave it."""

    id: str | int
    line: int
    start: str
    goal: str | None
    wrap: str | None
    heuristic: str | None
    time_limit: float | None
    strategy: str = "auto"
    states: bool = False
    split_after: float | None = None


def error_row(id: str | int, line: int, field: str, message: str | Exception) -> dict:
    """The row for a line that could not be solved: the field at fault and why."""
    code = getattr(message, "code", None)
    return {"id": id, "line": line, "field": field, "error": str(message), **({"code": code} if code else {})}


def _from_json(text: str, line: int) -> dict[str, Any]:
    """A JSON line's fields; raises InputError naming the field at fault."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError("batch.json", "line", detail=e.msg, column=e.colno) from None
    if not isinstance(data, dict):
        raise InputError("batch.json_object", "line", kind=type(data).__name__)
    for key in data:
        if key not in _JSON_KEYS:
            raise InputError("batch.json_key", "line", key=key, keys=", ".join(_JSON_KEYS))
    for key in ("id", "start", "goal", "wrap", "heuristic"):
        value = data.get(key)
        kinds = (str, int) if key == "id" else (str,)
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise InputError("input.type", key, name=key, kind=type(value).__name__)
    if data.get("start") is None:  # missing, or null
        raise InputError("batch.json_start", "start")
    return data


def _rows(text: str) -> str:
    """Rows on one line, split by '/' (as speedsolvers write scrambles), as rows a line."""
    return text if ":" in text else text.replace("/", "\n")


def read_tasks(lines: Iterable[str], defaults: Defaults) -> Iterator[Task | dict]:
    """A Task for each good line, an error row for each bad one, in input order."""
    seen: dict[str, int] = {}
    for number, text in enumerate(lines, 1):
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        id: str | int = number
        try:
            data: dict[str, Any] = _from_json(text, number) if text.startswith("{") else {"start": text}
            id = data.get("id", number)
            if str(id) in seen:
                raise InputError("batch.id_twice", "id", id=id, first=seen[str(id)])
            seen[str(id)] = number
            heuristic = data.get("heuristic", defaults.heuristic)
            time_limit = data.get("time_limit", defaults.time_limit)
            message = api.number_error("time_limit", time_limit, *api.TIME_LIMIT_RANGE) or (
                heuristic is not None and api.choice_error("heuristic", heuristic, optimal.HEURISTICS)
            )
            if message:
                raise message
            start = _rows(data["start"])
            goal = data.get("goal", defaults.goal)
            goal = None if goal is None else _rows(goal)
            wrap = data.get("wrap", defaults.wrap)
            parse_problem(start, goal, wrap)  # checked here, so engines get good boards only
        except InputError as e:  # NotationError included: its field is board, goal or wrap
            yield error_row(id, number, "start" if e.field == "board" else e.field, e)
            continue
        yield Task(
            id,
            number,
            start,
            goal,
            wrap,
            heuristic,
            time_limit,
            defaults.strategy,
            defaults.states,
            defaults.split_after,
        )


def solve_task(task: Task) -> dict:
    """Solve one board (in whatever process the engine chose) and return its row.

    With ``task.split_after``, a board whose optimal search (on the pattern databases) is
    not done by then comes back as ``{"split": True, "nodes", "seconds"}``, for the
    runner to search over every worker (npuzzle.pdb.parallel.split_over)."""
    # One board a process: an engine runs as many processes as it has cores, so the
    # split search's own processes would only compete with the other boards.
    os.environ["NPUZZLE_PROCESSES"] = "1"
    problem = parse_problem(task.start, task.goal, task.wrap)
    if task.split_after is not None:
        split, seconds = portfolio.split_seconds(
            problem, "idastar", task.heuristic, strategy=task.strategy, time_limit=task.time_limit
        )
        if split and (seconds is None or seconds > task.split_after):
            first = parallel.quick_try(problem, task.split_after, None, seconds=task.split_after)
            if first.found:
                reason = solvability(problem.start, problem.goal, problem.topology).reason
                return _row(task, problem, replace(first, reason=reason))
            return {"id": task.id, "line": task.line, "split": True, "nodes": first.nodes, "seconds": first.seconds}
    result = portfolio.solve(problem, "idastar", task.heuristic, strategy=task.strategy, time_limit=task.time_limit)
    return _row(task, problem, result)


def _row(task: Task, problem: Problem, result: Result) -> dict[str, Any]:
    t = problem.topology
    row: dict[str, Any] = {
        "id": task.id,
        "line": task.line,
        "start": format_board_id(t.width, t.height, problem.start),
        "goal": format_board_id(t.width, t.height, problem.goal),
        "wrap": format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height),
        "solvable": result.solvable,
        "length": result.length if result.found else None,
        "optimal": result.optimal,
        "lower_bound": result.lower_bound,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
        "moves": result.moves if result.found else None,
        "stopped": result.stopped or (None if result.solvable else result.reason),
        "algorithm": result.algorithm,
        "heuristic": result.heuristic,
    }
    if task.states and result.found and result.optimal:
        along = boards_along(problem.start, result.moves, t)
        row["states"] = [[format_board_id(t.width, t.height, b), len(along) - 1 - i] for i, b in enumerate(along)]
    return row
