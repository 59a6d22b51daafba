"""The lab's study over many boards (npuzzle.lab.study), as three actions, so that the page
can share the boards out over its workers.

    >>> drawn = study_boards(count=2, depths="4,8", seed=1, algorithms="astar", heuristics="manhattan")
    >>> [job["depth"] for job in drawn["jobs"]], drawn["goal"]
    ([4, 4, 8, 8], '3x3:1,2,3,4,5,6,7,8,0')
    >>> results = [study_board(**job, goal=drawn["goal"], algorithms=drawn["algorithms"],
    ...                        heuristics=drawn["heuristics"])["runs"] for job in drawn["jobs"]]
    >>> [(r["depth"], r["boards"], r["solved"]) for r in study_table(results)["rows"]]
    [(4, 2, 2), (8, 2, 2)]
    >>> study_boards(boards="3x3:1,2,3,4,5,6,7,0,8\\n3x3:1,2,3")["line"]
    2

``study_boards`` checks the whole study (the size, the depths or the lines of boards, the
names) and gives its boards: drawn at random, the same seed draws the boards ``npuzzle
study --random N --depths ... --seed S`` draws; given one a line, their depth is found by
solving them.  ``study_board`` runs one board's algorithms x heuristics (any worker can
take any board), and ``study_table`` makes the table of all the boards' runs, with the
CSV ``npuzzle study --csv`` prints (the same writer) and the Markdown.  ``study`` runs a
whole study in one process, for Python: its reply (``study_reply``, a ``StudyReply``) is
what ``npuzzle study --json`` prints.  The rows come in the package's order of the names
(npuzzle.lab.in_order), whatever order they were named in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from .. import lab
from ..catalogue import InputError
from ..rules.board import default_goal
from ..rules.notation import format_board_id, format_wrap, parse_problem
from ..rules.solvability import solvability
from .checks import (
    MAX_NODES_RANGE,
    TIME_LIMIT_RANGE,
    Refused,
    board_size,
    check_text,
    check_whole,
    names_error,
    problem,
    replies,
    whole,
)
from .protocol import (
    DrawingProgress,
    ErrorReply,
    ProgressCallback,
    StudyBoardReply,
    StudyBoardsReply,
    StudyProgress,
    StudyReply,
    StudyRow,
    StudyRun,
    StudyTableReply,
)

__all__ = [
    "study_boards",
    "study_board",
    "study_table",
    "study",
    "study_reply",
    "StudyReply",
    "STUDY_COUNT_RANGE",
    "STUDY_MAX_BOARDS",
    "SEED_RANGE",
]

STUDY_COUNT_RANGE = (1, 1_000)  # random boards a depth: 1,000 x 4 depths is an hour of runs in a browser
STUDY_MAX_BOARDS = 10_000  # boards in one study, drawn or given
SEED_RANGE = (-(2**53 - 1), 2**53 - 1)  # the whole numbers JavaScript holds exactly
_DEPTH_RANGE = (0, 10**6)


def _depths(depths: object) -> list[int]:
    """The depths from a list of whole numbers or a comma-separated text."""
    if isinstance(depths, str):
        parts = [d.strip() for d in depths.split(",") if d.strip()]
        if not parts or not all(d.isdigit() and len(d) <= 7 for d in parts):
            raise InputError("study.depths", "depths", text=depths)
        return [int(d) for d in parts]
    if not isinstance(depths, list) or not depths or not all(whole(d) for d in depths):
        raise InputError("study.depths", "depths", text=str(depths))
    return depths


def first_size(boards: str) -> str | None:
    """The size of the first board of lines of boards (the page sends pasted boards with no
    size, so pasted 4x4 boards are solved towards the 4x4's goal); None when it cannot be
    read (the line is then refused with its number)."""
    for line in boards.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                t = parse_problem(line.replace("/", "\n") if ":" not in line else line).topology
            except InputError:
                return None
            return f"{t.width}x{t.height}"
    return None


def _names(algorithms: object, heuristics: object) -> tuple[list[str], list[str]]:
    chosen = []
    for name, given, choices in (("algorithm", algorithms, lab.ALGORITHMS), ("heuristic", heuristics, lab.HEURISTICS)):
        names, message = names_error(name, given, choices)
        if message is not None:
            raise Refused("options", message)
        assert names is not None  # (names_error gives names or a message)
        chosen.append(names)
    return chosen[0], chosen[1]


@replies
def study_boards(
    size: str | None = None,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    count: int | None = None,
    depths: list[int] | str | None = None,
    seed: int = 0,
    boards: str | None = None,
    algorithms: list[str] | str | None = None,
    heuristics: list[str] | str | None = None,
    progress: ProgressCallback | None = None,
) -> StudyBoardsReply:
    """A study's boards: ``{"ok", "goal", "wrap", "seed", "algorithms", "heuristics",
    "jobs": [{"board", "depth"}]}``.  Either count random boards at each of depths, drawn
    at exact depths (npuzzle.lab.depths: size, the random boards' WxH, at most 9 cells or a
    size with pattern databases such as the 4x4, solved towards its default goal unless
    goal is given), or boards, one a line (in every notation solve takes; the
    depth of each is found by solving it; with no size and no goal, towards the goal of the
    first board's size).  The algorithms and heuristics are checked and
    given back in the package's order (npuzzle.lab.in_order; empty: the command line's
    defaults, npuzzle.lab.study_names).  A bad line is refused with its
    number (ErrorReply's ``line``).  progress gets ``{"phase": "drawing", "drawn", "total"}``
    after each board drawn on a board too big to know every layer (a 4x4: a second or so a
    board at depth 40 in the browser)."""
    seed = 0 if seed is None else seed
    check_text({"boards": boards})
    check_whole("count", count, *STUDY_COUNT_RANGE)
    check_whole("seed", seed, *SEED_RANGE)
    if size is None and goal is None and boards is not None:
        size = first_size(boards)
    width, height = board_size("3x3" if size is None else size)
    goal_id = goal if goal is not None else format_board_id(width, height, default_goal(width, height))
    try:
        found = problem(goal_id, goal_id, wrap)
    except InputError as e:
        raise (e.at("goal") if e.field == "board" else e) from None
    t = found.topology
    wrap_id = format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height)
    goal_id = format_board_id(t.width, t.height, found.goal)
    algorithms, heuristics = _names(algorithms, heuristics)
    default_algorithms, default_heuristics = lab.study_names(found)
    algorithms, heuristics = lab.in_order(algorithms or default_algorithms, heuristics or default_heuristics)
    if any(a != "bfs" for a in algorithms):
        for name in heuristics:  # pattern databases where there are none: refused before any board runs
            lab.make_heuristic(name, found)
    if (boards is None) == (count is None):
        raise InputError("study.no_boards", "boards")
    drawn: Sequence[tuple[int | None, tuple[int, ...]]]  # (depth, or None: found by solving; board)
    if boards is not None:
        lines = boards.splitlines()
        if len(lines) > STUDY_MAX_BOARDS:
            raise InputError("study.too_many", "boards", count=len(lines), high=STUDY_MAX_BOARDS)
        try:
            drawn = lab.read_boards(lines, goal_id, wrap_id)
        except lab.LineError as e:
            raise Refused("boards", e.error, line=e.line) from None
    else:
        assert count is not None  # (boards or count, checked above)
        wanted = _depths(depths)
        if count * len(wanted) > STUDY_MAX_BOARDS:
            raise InputError("study.too_many", "count", count=count * len(wanted), high=STUDY_MAX_BOARDS)
        drawn = lab.boards_at_depths(
            found.goal, t, wanted, count, seed, None if progress is None else _drawing(progress)
        )
    if not drawn:
        raise InputError("study.no_boards", "boards")
    return {
        "ok": True,
        "goal": goal_id,
        "wrap": wrap_id,
        "seed": seed,
        "algorithms": algorithms,
        "heuristics": heuristics,
        "jobs": [{"board": format_board_id(t.width, t.height, board), "depth": depth} for depth, board in drawn],
    }


@replies
def study_board(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    depth: int | None = None,
    algorithms: list[str] | str | None = None,
    heuristics: list[str] | str | None = None,
    time_limit: float | None = lab.DEFAULT_TIME_LIMIT,
    max_nodes: int | None = lab.DEFAULT_MAX_NODES,
    progress: ProgressCallback | None = None,
) -> StudyBoardReply:
    """One board of a study: ``{"ok", "start", "depth", "runs"}``, a run per algorithm x
    heuristic (npuzzle.lab.study_board: compare's rows with the board's depth; None: the
    optimal length a run found).  Each run has its own budget, as in compare.  progress
    gets ``{"phase": "study", "run", "runs", "algorithm", "heuristic", "nodes"}`` as each
    run starts and about four times a second while it runs (StudyProgress), so the page
    shows the first board moving."""
    found = problem(
        board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE), "max_nodes": (max_nodes, *MAX_NODES_RANGE)}
    )
    check_whole("depth", depth, *_DEPTH_RANGE)
    algorithms, heuristics = _names(algorithms, heuristics)
    verdict = solvability(found.start, found.goal, found.topology)
    if not verdict.solvable:
        raise Refused("board", verdict.reason)
    t = found.topology
    job = (
        depth,
        found.start,
        found.goal,
        t.width,
        t.height,
        format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height),
        algorithms,
        heuristics,
        time_limit,
        None if max_nodes is None else int(max_nodes),
    )
    try:
        runs = lab.study_board(job, None if progress is None else _searching(progress))
    except ValueError as e:  # pattern databases asked for where there are none
        raise Refused("options", e) from e
    return {
        "ok": True,
        "start": format_board_id(t.width, t.height, found.start),
        "depth": runs[0]["depth"] if runs else depth,
        "runs": cast("list[StudyRun]", runs),  # compare's rows and the depth, as StudyRun has them
    }


def _drawing(progress: ProgressCallback) -> Callable[[int, int], None]:
    """boards_at_depths' reports, as the page's DrawingProgress."""
    return lambda drawn, total: progress(cast(DrawingProgress, {"phase": "drawing", "drawn": drawn, "total": total}))


def _searching(progress: ProgressCallback) -> Callable[[dict[str, Any]], None]:
    """compare's reports within a run, as the page's StudyProgress."""
    return lambda report: progress(cast(StudyProgress, {"phase": "study", **report}))


# What study_table reads of each run, and the types it must have.
_RUN_FIELDS = {
    "algorithm": (str,),
    "heuristic": (str, type(None)),
    "found": (bool,),
    "nodes_expanded": (int,),
    "nodes_generated": (int,),
    "seconds": (int, float),
    "depth": (int, type(None)),
}


def _check_results(results: object) -> None:
    if not isinstance(results, list):
        raise Refused("results", "results must be a list of each board's runs")
    for i, runs in enumerate(results):
        if not isinstance(runs, list):
            raise Refused("results", f"results[{i}] must be a list of runs")
        for j, run in enumerate(runs):
            if not isinstance(run, dict):
                raise Refused("results", f"results[{i}][{j}] must be a run (an object)")
            for key, kinds in _RUN_FIELDS.items():
                value = run.get(key, ...)
                fits = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
                if not fits:
                    raise Refused("results", f"results[{i}][{j}][{key!r}] is missing or not a {kinds[0].__name__}")


@replies
def study_table(results: list[list[StudyRun]]) -> StudyTableReply:
    """The study's table from every board's runs (study_board's ``runs``, in the boards'
    order): ``{"ok", "rows", "csv", "markdown"}``, a row per depth x algorithm x
    heuristic (npuzzle.lab.study_table), each with its cells worded for people
    (npuzzle.lab.cells), as ``npuzzle study --csv`` prints it and as Markdown."""
    _check_results(results)
    return _table(results)


def _table(results: Sequence[Sequence[StudyRun | Mapping[str, Any]]]) -> StudyTableReply:
    rows = [{**row, "cells": lab.cells(row, lab.STUDY_COLUMNS)} for row in lab.study_table(results)]
    typed = cast("list[StudyRow]", rows)  # lab.study_table's rows, as StudyRow has them, with their cells
    return {"ok": True, "rows": typed, "csv": lab.study_csv(rows), "markdown": lab.study_markdown(rows)}


def study_reply(
    goal: str,
    wrap: str,
    seed: int,
    algorithms: Sequence[str],
    heuristics: Sequence[str],
    results: Sequence[Sequence[StudyRun | Mapping[str, Any]]],
    seconds: float,
) -> StudyReply:
    """The reply of a whole study from every board's runs and the seconds the whole study
    took (drawing the boards included): what ``study`` returns and ``npuzzle study --json``
    prints (the command line runs the boards on its engines and makes its reply here, so
    the two cannot differ)."""
    algorithms, heuristics = lab.in_order(algorithms, heuristics)
    table = _table(results)
    return {
        "ok": True,
        "goal": goal,
        "wrap": wrap,
        "seed": seed,
        "algorithms": algorithms,
        "heuristics": heuristics,
        "rows": table["rows"],
        "csv": table["csv"],
        "markdown": table["markdown"],
        "seconds": round(seconds, 2),
    }


def study(
    size: str | None = None,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    count: int | None = None,
    depths: list[int] | str | None = None,
    seed: int = 0,
    boards: str | None = None,
    algorithms: list[str] | str | None = None,
    heuristics: list[str] | str | None = None,
    time_limit: float | None = lab.DEFAULT_TIME_LIMIT,
    max_nodes: int | None = lab.DEFAULT_MAX_NODES,
) -> StudyReply | ErrorReply:
    """A whole study in this process, for Python (the page shares its boards out over its
    workers with the three actions above): study_boards' arguments and study_board's
    budget in, the StudyReply out, the reply ``npuzzle study --json`` prints for the same
    study."""
    began = time.perf_counter()
    drawn = study_boards(
        size,
        goal,
        wrap,
        count=count,
        depths=depths,
        seed=seed,
        boards=boards,
        algorithms=algorithms,
        heuristics=heuristics,
    )
    if not drawn["ok"]:
        return drawn
    results = []
    for job in drawn["jobs"]:
        reply = study_board(
            job["board"],
            drawn["goal"],
            drawn["wrap"],
            depth=job["depth"],
            algorithms=drawn["algorithms"],
            heuristics=drawn["heuristics"],
            time_limit=time_limit,
            max_nodes=max_nodes,
        )
        if not reply["ok"]:
            return reply
        results.append(reply["runs"])
    seconds = time.perf_counter() - began
    return study_reply(
        drawn["goal"], drawn["wrap"], drawn["seed"], drawn["algorithms"], drawn["heuristics"], results, seconds
    )
