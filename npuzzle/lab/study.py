"""A study: every algorithm x heuristic over a set of boards, the course reports' table.

    >>> boards = boards_at_depths((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3), [4, 8], 3, seed=1)
    >>> [depth for depth, _ in boards]
    [4, 4, 4, 8, 8, 8]
    >>> results = [study_board((depth, board, (1, 2, 3, 4, 5, 6, 7, 8, 0), 3, 3, "", ["astar"], ["manhattan"],
    ...                         None, None)) for depth, board in boards]
    >>> [(r["depth"], r["algorithm"], r["boards"], r["solved"]) for r in table(results)]
    [(4, 'astar', 3, 3), (8, 'astar', 3, 3)]
    >>> read_boards(["# two boards", "3x3:1,2,3,4,5,6,7,0,8", "1 2 3/4 5 6/0 7 8"], "3x3:1,2,3,4,5,6,7,8,0", "")
    [(None, (1, 2, 3, 4, 5, 6, 7, 0, 8)), (None, (1, 2, 3, 4, 5, 6, 0, 7, 8))]
    >>> read_boards(["3x3:1,2,3"], "3x3:1,2,3,4,5,6,7,8,0", "")
    Traceback (most recent call last):
    ...
    npuzzle.lab.study.LineError: line 1: a 3x3 board needs 9 numbers, got 3

For each solution length (the *depth*), the mean nodes expanded and generated, the mean
time, and the effective branching factor of the mean nodes generated, as the seed
reports tabulate by hand, board by board.  Boards of an exact depth are drawn
(``npuzzle.lab.depths``: uniformly from the whole layer on the 8-puzzle, by walks the
optimal solver proves on the 15-puzzle), or given one a line (``read_boards``; their depth
is their optimal length).
Each board is one task (``study_board``: plain data in and out, so an engine of
npuzzle.batch or the page's workers can run it); ``table`` makes the rows.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..catalogue import InputError
from ..rules.board import Problem
from ..rules.notation import parse_problem
from ..rules.solvability import solvability
from ..rules.topology import Topology
from .compare import BFS_CELLS, compare, default_algorithms, default_heuristics, run_order, shown
from .depths import boards_at_depths, layers
from .searches import OPTIMAL, ebf

__all__ = [
    "STUDY_COLUMNS",
    "LineError",
    "boards_at_depths",
    "read_boards",
    "study_names",
    "layers",
    "study_board",
    "table",
    "study_csv",
    "study_markdown",
    "study_text",
]

STUDY_COLUMNS = (
    "depth",
    "algorithm",
    "heuristic",
    "boards",
    "solved",
    "mean_nodes_expanded",
    "mean_nodes_generated",
    "mean_seconds",
    "ebf",
)


def study_names(problem: Problem) -> tuple[list[str], list[str]]:
    """A study's algorithms and heuristics when none are named: compare's defaults, but on
    boards bigger than BFS_CELLS cells without misplaced tiles, which cannot reach the
    depths studied there (a 4x4 at depth 40) within a run's budget."""
    heuristics = default_heuristics(problem)
    if problem.topology.size > BFS_CELLS:
        heuristics = [h for h in heuristics if h != "misplaced"]
    return default_algorithms(problem), heuristics


class LineError(ValueError):
    """A line of boards that cannot be studied: ``line`` counts from 1, ``error`` is the
    board's InputError or, for a board that cannot reach the goal, the reason (a Text, a str)."""

    def __init__(self, line: int, error: InputError | str):
        super().__init__(f"line {line}: {error}")
        self.line = line
        self.error = error


def read_boards(lines: Sequence[str], goal: str, wrap: str) -> list[tuple[None, tuple[int, ...]]]:
    """The boards of lines, one a line, in every notation solve takes (an ID, or a board's
    rows split by '/'), as (None, board): their depth is found by solving them.  Blank
    lines and lines starting with # are skipped; the first bad or unsolvable line raises
    LineError."""
    boards: list[tuple[None, tuple[int, ...]]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            given = parse_problem(line.replace("/", "\n") if ":" not in line else line, goal, wrap)
        except InputError as e:
            raise LineError(number, e) from None
        verdict = solvability(given.start, given.goal, given.topology)
        if not verdict.solvable:
            raise LineError(number, verdict.reason)
        boards.append((None, given.start))
    return boards


def study_board(job: tuple[Any, ...], searching: Callable[[dict], None] | None = None) -> list[dict[str, Any]]:
    """One board's runs: job = (depth or None, board, goal, width, height, wrap, algorithms,
    heuristics, time_limit, max_nodes); each compare row with the board's depth (None:
    the optimal length a run found).  searching: compare's reports within each run."""
    depth, board, goal, width, height, wrap, algorithms, heuristics, time_limit, max_nodes = job
    from ..rules.notation import parse_wrap

    rows, cols = parse_wrap(wrap, width, height)
    problem = Problem(tuple(board), tuple(goal), Topology(width, height, rows, cols))
    runs = [
        row.to_dict()
        for row in compare(
            problem, algorithms, heuristics, time_limit=time_limit, max_nodes=max_nodes, searching=searching
        )
    ]
    if depth is None:
        depth = next((r["length"] for r in runs if r["found"] and r["algorithm"] in OPTIMAL), None)
    return [{**r, "depth": depth} for r in runs]


def table(results: Sequence[Sequence[Mapping[str, Any]]]) -> list[dict]:
    """The study's rows, one per depth x algorithm x heuristic (by depth, then in the
    package's order of the names, ``run_order``, whatever order the runs came in): boards,
    those solved, means over the solved ones, and b* of the mean nodes generated.  Seconds
    are rounded to 0.1 ms; every other figure is exact."""
    groups: dict[tuple, list[Mapping[str, Any]]] = {}
    for runs in results:
        for r in runs:
            groups.setdefault((r["depth"], r["algorithm"], r["heuristic"]), []).append(r)
    rows = []
    for (depth, algorithm, heuristic), runs in sorted(
        groups.items(), key=lambda kv: (-1 if kv[0][0] is None else kv[0][0], run_order(*kv[0][1:]))
    ):
        solved = [r for r in runs if r["found"]]
        n = len(solved)
        mean = (lambda key: round(sum(r[key] for r in solved) / n, 1)) if n else (lambda key: None)  # noqa: B023  (called at once)
        generated: float | None = mean("nodes_generated")
        rows.append(
            {
                "depth": depth,
                "algorithm": algorithm,
                "heuristic": heuristic,
                "boards": len(runs),
                "solved": n,
                "mean_nodes_expanded": mean("nodes_expanded"),
                "mean_nodes_generated": generated,
                "mean_seconds": round(sum(r["seconds"] for r in solved) / n, 4) if n else None,
                "ebf": ebf(round(generated), depth) if generated is not None and depth else None,
            }
        )
    return rows


def study_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """The table as CSV with a header (the CLI's --csv and the page's CSV button)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STUDY_COLUMNS)
    for row in rows:
        writer.writerow("" if row[c] is None else row[c] for c in STUDY_COLUMNS)
    return out.getvalue()


_LEFT = ("algorithm", "heuristic")


def study_markdown(rows: Sequence[Mapping[str, Any]]) -> str:
    """The table in Markdown, to paste into a report."""
    lines = [
        "| " + " | ".join(STUDY_COLUMNS) + " |",
        "|" + "|".join("---" if c in _LEFT else "---:" for c in STUDY_COLUMNS) + "|",
    ]
    lines += ["| " + " | ".join(shown(row, c) for c in STUDY_COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def study_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """The table as aligned columns for a terminal (numbers to the right)."""
    cells = [[shown(row, c) for c in STUDY_COLUMNS] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(STUDY_COLUMNS)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.ljust(w) if c in _LEFT else v.rjust(w) for v, w, c in zip(values, widths, STUDY_COLUMNS)
        ).rstrip()

    return "\n".join([line(STUDY_COLUMNS)] + [line(r) for r in cells])
