"""The speedsolvers' tools: analyse a solve, list every optimal solution."""

from typing import Literal, Required, TypedDict

from .common import ProblemArgs

__all__ = [
    "AnalyseArgs",
    "AnalyseRow",
    "AnalyseReply",
    "SolutionsArgs",
    "SolutionsReply",
    "CstimerArgs",
    "CstimerSolve",
    "CstimerSession",
    "CstimerReply",
]


class AnalyseArgs(ProblemArgs, total=False):
    """analyse's arguments: a solve, as its start (any board notation, Slidysim's too) and moves."""

    moves: Required[str]
    """The solve's moves in ``notation``; a number after a letter repeats it ("R3D2L")."""
    notation: str
    """"gap" (default: each letter the way the blank goes) or "tile" (the way a tile goes,
    Slidysim's)."""
    solve_time: float | None
    """Seconds the solve took, for TPS and the export line (None: not known)."""
    time_limit: float | None
    """Seconds for the analysis (None: no limit); when it runs out, the rows done so far."""


class AnalyseRow(TypedDict):
    """One move of the solve (npuzzle.speedsolving.analysis.Row)."""

    move: str
    """The blank's letter (the page writes it in the chosen notation)."""
    tile: int
    """The tile it slid."""
    before: int
    """Moves left before it: exact, or a lower bound when the analysis is not ``exact``."""
    after: int
    lost: int | None
    """2 when the move took the position one further from the goal, 0 when one closer
    (None: bounds only)."""
    better: str
    """Where it lost: a move of the blank on a shortest path from the position before ("" otherwise)."""
    before_upper: int | None
    """Bounds only: the moves the solve itself still took (None when it did not reach the goal)."""
    after_upper: int | None


class AnalyseReply(TypedDict):
    """analyse's reply (npuzzle.speedsolving.analysis.Analysis)."""

    ok: Literal[True]
    exact: bool
    """Exact distances (3x3 and 4x4 with their databases), else bounds."""
    rows: list[AnalyseRow]
    optimum: int | None
    """The start's distance (a lower bound when not exact)."""
    length: int
    """Single-tile moves (STM)."""
    mtm: int
    """Multi-tile moves (MTM): runs of one letter."""
    lost: int | None
    first_loss: int | None
    """The number of the first move that lost moves (None: none did)."""
    solved: bool
    """The moves end on the goal."""
    optimal_mtm: int | None
    """The fewest MTM moves (boards of at most 9 cells; None elsewhere)."""
    seconds: float
    stopped: str | None
    """"time limit" when the time ran out (fewer rows than moves)."""
    reason: str
    """Why the board cannot reach its goal ("" when it can)."""
    moves: str
    """The blank's letters."""
    notation: str
    solution: str
    """The moves in ``notation`` (tile notation with counts)."""
    export: str
    """The solve on one line: scramble, solution, time, moves (STM, MTM), TPS."""


class SolutionsArgs(ProblemArgs, total=False):
    """solutions's arguments."""

    keep: int
    """How many solutions to list (default 10, at most npuzzle.api.speed.MAX_KEEP)."""
    notation: str
    """"gap" (default) or "tile": how ``solutions`` are written."""
    time_limit: float | None


class SolutionsReply(TypedDict):
    """solutions's reply (npuzzle.speedsolving.analysis.Solutions)."""

    ok: Literal[True]
    length: int
    """The optimal length."""
    count: int
    """How many optimal solutions there are."""
    moves: list[str]
    """The first ``keep``, as the blank's letters."""
    solutions: list[str]
    """The same in ``notation``."""
    notation: str
    nodes: int
    seconds: float


class CstimerArgs(TypedDict):
    """cstimer's arguments: csTimer's export file."""

    text: str
    """The file's whole text (one JSON text, as csTimer's "export to file" writes it)."""


class CstimerSolve(TypedDict):
    """A solve as the page keeps it (web/practice/session.js's Solve)."""

    date: int
    """When it ended, ms since 1970."""
    type: str
    """"random": csTimer's scrambles are random states."""
    ms: int
    """The time in ms, without the penalty."""
    penalty: str
    """"", "+2" or "DNF"."""
    scramble: str
    """The board ID the scramble leaves from the solved board."""
    moves: str
    """Empty: csTimer keeps no moves."""
    times: list[int] | None
    optimum: int | None
    assisted: bool


class CstimerSession(TypedDict):
    """A 15-puzzle or 8-puzzle session of the file."""

    name: str
    """Its name in csTimer."""
    kind: str
    """"4x4" or "3x3"."""
    solves: list[CstimerSolve]


class CstimerReply(TypedDict):
    """cstimer's reply (npuzzle.speedsolving.cstimer.CsTimerFile)."""

    ok: Literal[True]
    sessions: list[CstimerSession]
    """The sliding-puzzle sessions, in csTimer's order."""
    left_out: list[str]
    """The names of the sessions with solves that are not sliding puzzles (cubes...), left out."""
