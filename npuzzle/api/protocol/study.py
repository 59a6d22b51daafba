"""The study lab over many boards: draw them (study_boards), run one (study_board), make the table (study_table)."""

from typing import Literal, TypedDict

from .common import CodedText, ProblemArgs
from .lab import CompareRow

__all__ = [
    "StudyBoardsArgs",
    "StudyJob",
    "StudyBoardsReply",
    "StudyBoardArgs",
    "StudyProgress",
    "DrawingProgress",
    "StudyRun",
    "StudyBoardReply",
    "StudyTableArgs",
    "StudyRow",
    "StudyTableReply",
    "StudyReply",
]


class StudyBoardsArgs(TypedDict, total=False):
    """study_boards' arguments: count random boards at each of depths, or boards one a line."""

    size: str | None
    """WxH of the random boards (default "3x3"; pasted boards: the first one's size), solved
    towards its goal unless goal is given: at most 9 cells, or a size with pattern
    databases (the 4x4), where walks proven by the optimal solver draw them
    (npuzzle.lab.depths)."""
    goal: str | None
    wrap: str | None
    count: int | None
    """Random boards at each depth (npuzzle.api.STUDY_COUNT_RANGE)."""
    depths: list[int] | str | None
    """Solution lengths, a list or a text like "12,16,20,24"."""
    seed: int
    """The same seed draws the same boards, as ``npuzzle study --seed`` (default 0)."""
    boards: str | None
    """Boards one a line, in every notation solve takes (instead of count and depths)."""
    algorithms: list[str] | str | None
    heuristics: list[str] | str | None


class StudyJob(TypedDict):
    """One board of a study: what study_board takes besides the goal, wrap and names."""

    board: str
    depth: int | None
    """Its optimal length (random boards), None for a given board (found by solving it)."""


class StudyBoardsReply(TypedDict):
    """study_boards' reply: the boards, with the goal, wrap and names each is run with."""

    ok: Literal[True]
    goal: str
    wrap: str
    seed: int
    algorithms: list[str]
    """The algorithms to run (the command line's defaults when none were given)."""
    heuristics: list[str]
    jobs: list[StudyJob]


class StudyBoardArgs(ProblemArgs, total=False):
    """study_board's arguments: a board of the study, and its runs' names and budget."""

    depth: int | None
    algorithms: list[str] | str | None
    heuristics: list[str] | str | None
    time_limit: float | None
    """Seconds for each run."""
    max_nodes: int | None
    """Nodes each run may expand."""


class StudyProgress(TypedDict):
    """study_board's progress: as each run starts and about four times a second while it runs."""

    phase: Literal["study"]
    run: int
    """The run's place on this board, from 1."""
    runs: int
    algorithm: str
    heuristic: str | None
    nodes: int
    """Nodes expanded so far by this run."""


class DrawingProgress(TypedDict):
    """study_boards' progress: after each board drawn by a proven walk (a 4x4)."""

    phase: Literal["drawing"]
    drawn: int
    total: int
    """The boards wanted (fewer are drawn where a depth has fewer)."""


class StudyRun(CompareRow):
    """One run on a board of a study: compare's row, with the board's depth."""

    depth: int | None
    """The board's depth (a given board's: the length an optimal run found, else None)."""


class StudyBoardReply(TypedDict):
    """study_board's reply: a run per algorithm x heuristic."""

    ok: Literal[True]
    start: str
    depth: int | None
    runs: list[StudyRun]


class StudyTableArgs(TypedDict):
    """study_table's argument: every board's runs (study_board's ``runs``), in the boards' order."""

    results: list[list[StudyRun]]


class StudyRow(TypedDict):
    """A row of the study's table (npuzzle.lab.study.STUDY_COLUMNS): means over the boards solved."""

    depth: int | None
    algorithm: str
    heuristic: str | None
    boards: int
    solved: int
    mean_nodes_expanded: float | None
    mean_nodes_generated: float | None
    mean_seconds: float | None
    ebf: float | None
    """The effective branching factor of the mean nodes generated."""
    cells: dict[str, CodedText]
    """The row's cells as people read them, by column (npuzzle.lab.cells)."""


class StudyTableReply(TypedDict):
    """study_table's reply: the table, as ``npuzzle study --csv`` prints it and as Markdown."""

    ok: Literal[True]
    rows: list[StudyRow]
    csv: str
    markdown: str


class StudyReply(StudyTableReply):
    """A whole study in one reply (``npuzzle.api.study``, and ``npuzzle study --json``): the
    table (study_table's reply) with the goal, wrap, seed and names it was run with
    (study_boards')."""

    goal: str
    wrap: str
    seed: int
    algorithms: list[str]
    heuristics: list[str]
    seconds: float
    """The whole study's wall time, drawing the boards included."""
