"""The game: check, solve, random, coach, warm, and the pattern databases a request needs."""

from typing import Literal, Required, TypedDict

from .common import CodedText, ProblemArgs, ProblemFields

__all__ = [
    "CheckArgs",
    "BoardReply",
    "CheckReply",
    "RandomReply",
    "SolveOptions",
    "SolveArgs",
    "SolveReply",
    "RandomArgs",
    "CoachArgs",
    "CoachReply",
    "WarmArgs",
    "WarmReply",
    "DatabasesArgs",
    "DatabasesReply",
    "RegisterReply",
]


class CheckArgs(ProblemArgs, total=False):
    """check's arguments: the problem alone."""


class BoardReply(ProblemFields):
    """check's and random's reply."""

    tiles: list[int]
    """The start, row by row, 0 the blank."""


CheckReply = BoardReply
"""check's reply."""

RandomReply = BoardReply
"""random's reply."""


class SolveOptions(ProblemArgs, total=False):
    """The options of solve, split_start and split_finish (npuzzle.search.portfolio.solve's)."""

    algorithm: str
    """npuzzle.search.optimal.ALGORITHMS (default "idastar")."""
    heuristic: str | None
    """npuzzle.search.optimal.HEURISTICS, or None: the strategy chooses."""
    strategy: str
    """npuzzle.search.portfolio.STRATEGIES (default "auto")."""
    time_limit: float | None
    """Seconds (None: no limit)."""
    max_nodes: int | None
    """A*'s cap on the states it stores (None: its default for the board's size)."""


class SolveArgs(SolveOptions, total=False):
    """solve's arguments."""

    lane: list[int] | None
    """[k, n]: this worker is k of n racing the ladder's weights (see split_start)."""


class SolveReply(ProblemFields):
    """solve's reply (and split_start's or split_finish's): the problem's fields and the
    search's (npuzzle.result.Result), as the command line's --json prints them; ``reason``
    is the search's."""

    found: bool
    moves: str
    """The blank's moves, U, D, L, R ("" when nothing was found, or the start is the goal)."""
    tiles: list[int]
    """The tile each move slides (the board is ``id``)."""
    length: int | None
    optimal: bool
    """Proven shortest."""
    lower_bound: int
    """A proven lower bound on the length of a shortest solution."""
    nodes: int
    seconds: float
    algorithm: str
    heuristic: str
    stopped: str | None
    """"time limit" or "node limit" when a limit ended the search."""
    notes: list[str]
    """What the solver tried and chose, in English."""
    note_codes: list[CodedText]
    """The notes, to show in the person's language."""
    max_nodes: int | None
    """A*'s cap on the states it stores, so a memory stop can say how many (None for the
    other searches)."""
    mtm: int | None
    """The answer's multi-tile moves (runs of one letter; None when nothing was found)."""


class RandomArgs(TypedDict, total=False):
    """random's arguments: a uniformly random solvable board, or the goal scrambled."""

    width: Required[int]
    height: Required[int]
    goal: str | None
    """The goal (default: the default goal of that size)."""
    wrap: str | None
    seed: int | None
    """The random generator's seed (None: a fresh one)."""
    moves: int | None
    """Scramble the goal by this many random moves instead (None: uniformly random)."""


class CoachArgs(ProblemArgs, total=False):
    """coach's arguments."""

    time_limit: float | None
    """Seconds for the coach's search (None: npuzzle.speedsolving.coach.DEFAULT_SECONDS)."""


class CoachReply(TypedDict):
    """coach's reply (npuzzle.speedsolving.coach.Advice)."""

    ok: Literal[True]
    solvable: bool
    distance: int | None
    """Moves left to the goal: exact, or a proven lower bound (None: unsolvable)."""
    exact: bool
    """``distance`` is exact (else only a lower bound)."""
    moves: dict[str, str]
    """For each legal move of the blank: "closer", "further" or "unknown"."""
    tiles: dict[str, int]
    """For each legal move, the tile it slides."""
    best: str
    """A first move of a shortest path ("" when not exact)."""
    seconds: float
    reason: str


class WarmArgs(ProblemArgs, total=False):
    """warm's arguments: the problem whose goal the next searches will have."""


class WarmReply(TypedDict):
    """warm's reply."""

    ok: Literal[True]
    seconds: float
    """Time spent building the goal's tables and kernels."""


class DatabasesArgs(TypedDict, total=False):
    """databases's arguments: another request's arguments, with its action.  Any other
    argument is taken and ignored, so the worker can pass a request's as they are."""

    board: str | None
    goal: str | None
    wrap: str | None
    action: str
    """The request's action (default "solve")."""
    algorithm: str
    heuristic: str | None
    strategy: str
    strong: bool
    """Whether the person asked for the strongest 4x4 tables (7-8: PAGE_LEVEL's), which a
    4x4 solve then needs too where they apply to its goal."""


class DatabasesReply(TypedDict):
    """databases's reply: the pattern databases the request will use that this process
    has not loaded yet (none for bad arguments: the action itself will say what is wrong)."""

    ok: Literal[True]
    names: list[str]
    """Database names, keys of the site's manifest.json ``pdb``."""


class RegisterReply(TypedDict):
    """register's reply (not an action: the worker calls npuzzle.api.register with a file's
    bytes); an error has the field "database"."""

    ok: Literal[True]
    name: str
