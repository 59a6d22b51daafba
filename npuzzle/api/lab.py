"""The study lab's actions (npuzzle.lab): compare searches, explain a heuristic, step
through a search, draw its tree, and the course's boards.

    >>> compare("3x3:1,2,3,4,5,6,0,7,8", algorithms="astar", heuristics="manhattan")["rows"][0]["length"]
    2
    >>> first = step_start("3x3:1,2,3,4,5,6,0,7,8", n=1)
    >>> [e["type"] for e in first["events"]], first["done"]
    (['expand'], False)
    >>> [e["type"] for e in step_next(first["session"], n=5)["events"]]
    ['expand', 'goal']

Each returns its reply (``npuzzle.api.protocol``) or an ErrorReply.  A stepped search lives
between calls in ``SESSIONS``, the one piece of state the api keeps.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypedDict, cast

from .. import lab
from ..catalogue import InputError, coded
from ..result import Progress
from ..rules.board import Problem
from ..rules.notation import format_board_id, format_wrap
from ..rules.solvability import solvability
from .checks import (
    MAX_NODES_RANGE,
    TIME_LIMIT_RANGE,
    Refused,
    check_numbers,
    choice_error,
    names_error,
    problem,
    replies,
    whole,
)
from .protocol import (
    Case,
    CasesReply,
    CompareProgress,
    CompareReply,
    CompareRow,
    ExplainReply,
    OkReply,
    ProgressCallback,
    StepReply,
    TreeReply,
    WordedRow,
)
from .study import _searching  # a run's reports within compare, as within a study's board

__all__ = [
    "compare",
    "explain",
    "step_start",
    "step_next",
    "step_stop",
    "tree",
    "cases",
    "Sessions",
    "SESSIONS",
    "WEIGHT_RANGE",
    "STEP_EVENTS_RANGE",
    "LEVELS_RANGE",
    "TREE_STEPS_RANGE",
    "ITERATION_RANGE",
    "MAX_SESSIONS",
]

WEIGHT_RANGE = (1, 100)  # weighted searches' w
STEP_EVENTS_RANGE = (1, 10_000)  # events a step_start / step_next call returns at most
LEVELS_RANGE = (0, 12)  # depth of a tree picture
TREE_STEPS_RANGE = (0, 10_000)
ITERATION_RANGE = (1, 1_000)
MAX_SESSIONS = 16  # step sessions kept; starting another forgets the oldest


def _problem(
    board: str, goal: str | None, wrap: str | None, numbers: dict[str, tuple[object, float, float]]
) -> Problem:
    """The lab's problem: its numeric options checked first."""
    check_numbers(numbers)
    return problem(board, goal, wrap)


class _Ids(TypedDict):
    start: str
    goal: str
    wrap: str


def _ids(found: Problem) -> _Ids:
    t = found.topology
    return {
        "start": format_board_id(t.width, t.height, found.start),
        "goal": format_board_id(t.width, t.height, found.goal),
        "wrap": format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height),
    }


def _check_search(found: Problem, algorithm: str, heuristic: str, algorithms: Collection[str]) -> None:
    """Refuse a lab search's unknown algorithm or heuristic, or an unsolvable board."""
    message = choice_error("algorithm", algorithm, algorithms) or choice_error("heuristic", heuristic, lab.HEURISTICS)
    if message:
        raise message
    verdict = solvability(found.start, found.goal, found.topology)
    if not verdict.solvable:
        raise Refused("board", verdict.reason)


@replies
def compare(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    algorithms: list[str] | str | None = None,
    heuristics: list[str] | str | None = None,
    weight: float = lab.DEFAULT_WEIGHT,
    time_limit: float | None = lab.DEFAULT_TIME_LIMIT,
    max_nodes: int | None = lab.DEFAULT_MAX_NODES,
    progress: ProgressCallback | None = None,
) -> CompareReply:
    """The lab's comparison (npuzzle.lab.compare): ``{"ok", "start", "goal", "wrap",
    "solvable", "reason", "rows", "csv", "markdown"}``, a row per algorithm x heuristic
    (none when unsolvable), and the table as ``npuzzle compare --csv`` prints it and as Markdown.
    Each run has its own budget: time_limit seconds, max_nodes nodes expanded.  progress
    gets ``{"done", "total", "row"}`` after each run, and StudyProgress (``{"phase": "study",
    "run", "runs", "algorithm", "heuristic", "nodes"}``) as each run starts and about four
    times a second while it runs."""
    weight = lab.DEFAULT_WEIGHT if weight is None else weight
    found = _problem(
        board,
        goal,
        wrap,
        {
            "weight": (weight, *WEIGHT_RANGE),
            "time_limit": (time_limit, *TIME_LIMIT_RANGE),
            "max_nodes": (max_nodes, *MAX_NODES_RANGE),
        },
    )
    chosen_algorithms, message = names_error("algorithm", algorithms, lab.ALGORITHMS)
    chosen_heuristics: list[str] | None = None
    if message is None:
        chosen_heuristics, message = names_error("heuristic", heuristics, lab.HEURISTICS)
    if message:
        raise Refused("options", message)
    verdict = solvability(found.start, found.goal, found.topology)
    answer: CompareReply = {
        "ok": True,
        **_ids(found),
        "solvable": verdict.solvable,
        "reason": verdict.reason,
        "reason_code": coded(verdict.reason),
        "rows": [],
    }
    if not verdict.solvable:
        return answer
    try:
        rows = lab.compare(
            found,
            chosen_algorithms,
            chosen_heuristics,
            weight=weight,
            time_limit=time_limit,
            max_nodes=None if max_nodes is None else int(max_nodes),
            progress=_with_cells(progress),
            # the run in progress, as a study's board reports it (StudyProgress)
            searching=None if progress is None else _searching(progress),
        )
    except ValueError as e:  # pattern databases asked for where there are none
        raise Refused("options", e) from e
    # The table as the CLI's --csv prints it (the same writer) and as Markdown, so the page
    # writes neither format itself; each row with its cells worded for people.
    return {
        **answer,
        "rows": [_worded(cast(CompareRow, row.to_dict())) for row in rows],  # a Row's fields are CompareRow's
        "csv": lab.to_csv(rows),
        "markdown": lab.to_markdown(rows),
    }


def _with_cells(progress: ProgressCallback | None) -> Progress | None:
    """compare's progress as the searches give it, each row with its cells for the page."""
    if progress is None:
        return None
    page = progress  # bound here, for mypy's sake and the closure's

    def report(p: dict[str, Any]) -> None:
        page(cast(CompareProgress, {**p, "row": _worded(p["row"])}))

    return report


def _worded(row: CompareRow) -> WordedRow:
    """A row with its cells as people read them (npuzzle.lab.cells), which the page shows."""
    return {**row, "cells": lab.cells(row)}


@replies
def explain(
    board: str, goal: str | None = None, wrap: str | None = None, *, heuristic: str = "manhattan"
) -> ExplainReply:
    """A heuristic's value on the board and its parts (npuzzle.lab.explain): per tile
    (distance, cost), per line (linear conflict), per pattern group (pdb)."""
    found = _problem(board, goal, wrap, {})
    message = choice_error("heuristic", heuristic, lab.HEURISTICS)
    if message:
        raise message
    try:
        return {"ok": True, **_ids(found), **lab.explain(found, heuristic)}  # type: ignore[typeddict-item]  # its parts
    except ValueError as e:
        raise Refused("options", e) from e


class Sessions:
    """Searches being stepped through, by number: a search stepped one event at a time
    must live between calls.  A finished session is forgotten; so is the oldest when
    ``limit`` are open and another starts."""

    def __init__(self, limit: int = MAX_SESSIONS):
        self.limit = limit
        self._open: dict[int, lab.Steps] = {}
        self._last = 0

    def open(self, steps: lab.Steps) -> int:
        """Keep a new session; its number."""
        self._last += 1
        self._open[self._last] = steps
        while len(self._open) > self.limit:
            del self._open[next(iter(self._open))]
        return self._last

    def get(self, session: object) -> lab.Steps | None:
        """The session of that number, if it is open."""
        return self._open.get(session) if whole(session) else None

    def close(self, session: object) -> None:
        """Forget a session (nothing if it is not open)."""
        if whole(session):
            self._open.pop(session, None)

    def events(self, session: int, n: int) -> StepReply:
        """The session's next n events (it is forgotten once done)."""
        steps = self._open[session]
        events = steps.next(int(n))
        if steps.done:
            self.close(session)
        return {"ok": True, "session": session, "events": events, "done": steps.done, "moves": steps.moves}


SESSIONS = Sessions()  # this process's (the page's lab worker's)


@replies
def step_start(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    weight: float = lab.DEFAULT_WEIGHT,
    n: int = 1,
) -> StepReply:
    """Start stepping through a search: ``{"ok", "session", "events", "done", "moves"}``
    with its first n events (npuzzle.lab.searches describes them); step_next gives more.
    A finished session is forgotten; so is the oldest when MAX_SESSIONS are open."""
    weight, n = (lab.DEFAULT_WEIGHT if weight is None else weight), (1 if n is None else n)
    found = _problem(board, goal, wrap, {"weight": (weight, *WEIGHT_RANGE), "n": (n, *STEP_EVENTS_RANGE)})
    _check_search(found, algorithm, heuristic, lab.ALGORITHMS)
    try:
        steps = lab.Steps(found, algorithm, heuristic, weight=weight)
    except ValueError as e:
        raise Refused("options", e) from e
    return SESSIONS.events(SESSIONS.open(steps), n)


@replies
def step_next(session: int, n: int = 1) -> StepReply:
    """The next n events of a session (see step_start)."""
    n = 1 if n is None else n
    check_numbers({"n": (n, *STEP_EVENTS_RANGE)})
    if SESSIONS.get(session) is None:
        raise InputError("lab.session", "session", session=session)
    return SESSIONS.events(session, n)


@replies
def step_stop(session: int) -> OkReply:
    """Forget a session (stepping through another board, or leaving the lab)."""
    SESSIONS.close(session)
    return {"ok": True}


@replies
def tree(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    levels: int = 3,
    steps: int = 30,
    iteration: int = 1,
    weight: float = lab.DEFAULT_WEIGHT,
    path: str = "",
) -> TreeReply:
    """The first levels of a search tree (npuzzle.lab.tree): ``{"ok", "nodes": [{"id",
    "parent", "move", "board", "g", "h", "f", "status", "on_path"}], "threshold",
    "truncated", ...}``; with ``path`` (the solution's moves, U D L R), its nodes below
    ``levels`` too, marked ``on_path`` with the rest of the path."""
    path = "" if path is None else path
    if not isinstance(path, str) or set(path) - set("UDLR"):
        raise Refused("path", InputError("lab.path", "path", path=path))
    levels, steps, iteration = (
        (3 if levels is None else levels),
        (30 if steps is None else steps),
        (1 if iteration is None else iteration),
    )
    weight = lab.DEFAULT_WEIGHT if weight is None else weight
    found = _problem(
        board,
        goal,
        wrap,
        {
            "levels": (levels, *LEVELS_RANGE),
            "steps": (steps, *TREE_STEPS_RANGE),
            "iteration": (iteration, *ITERATION_RANGE),
            "weight": (weight, *WEIGHT_RANGE),
        },
    )
    _check_search(found, algorithm, heuristic, [a for a in lab.ALGORITHMS if a != "bfs"])
    try:
        picture = lab.tree(
            found,
            algorithm,
            heuristic,
            int(levels),
            steps=int(steps),
            iteration=int(iteration),
            weight=weight,
            path=path,
        )
    except ValueError as e:
        raise Refused("options", e) from e
    return {"ok": True, **_ids(found), **picture}  # type: ignore[typeddict-item]  # the tree's fields


@replies
def cases() -> CasesReply:
    """The course reports' boards (npuzzle.lab.cases), with the algorithms and heuristics
    the lab offers and a sentence on each."""
    return {
        "ok": True,
        "cases": cast("list[Case]", lab.course_cases()),  # the cases' dicts, as Case has them
        "algorithms": dict(lab.DESCRIPTIONS),
        "heuristics": dict(lab.HEURISTIC_DESCRIPTIONS),
    }
