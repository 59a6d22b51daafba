"""The page's pool of workers: a solve split over several (split_start, split_pass, split_finish), or raced."""

from typing import Literal, Required, TypedDict

from .common import ProblemArgs
from .game import SolveOptions, SolveReply

__all__ = [
    "SplitStartArgs",
    "SplitJob",
    "Split",
    "SplitReply",
    "RaceReply",
    "SplitStartReply",
    "SplitPassArgs",
    "SplitPassReply",
    "SplitFinishArgs",
    "SplitFinishReply",
]


class SplitStartArgs(SolveOptions, total=False):
    """split_start's arguments: solve's, and the pool's size (no ``lane``)."""

    lanes: int | None
    """The pool's workers."""


class SplitJob(TypedDict):
    """A subtree of a split search: split_pass's arguments."""

    board: str
    back: int
    """The cell the blank must not move back to first (the size: none)."""
    cells: list[int]
    """The blank's cells from the start to this board."""


class Split(TypedDict):
    """Where a split search stands after its first pass."""

    bound: int
    """The next pass's bound."""
    parity: int
    """The solutions' length parity."""
    nodes: int
    seconds: float
    left: float | None
    """Seconds left for optimal search (None: no limit)."""
    depth: int
    """The subtrees' depth below the start."""
    jobs: list[SplitJob]
    """Most promising first, or in Korf's search's order."""
    reorder: bool
    """Whether each pass after the first runs the subtrees most nodes first (by the pass
    before); False: in the jobs' order every pass (Korf's order, the 24-puzzle's)."""


class SplitReply(TypedDict):
    """split_start's reply when the pool is to split the search."""

    ok: Literal[True]
    split: Split


class RaceReply(TypedDict):
    """split_start's reply when the pool is to race the ladder's weights: it sends solve
    with ``lane`` [k, race] to ``race`` workers and keeps the shortest answer."""

    ok: Literal[True]
    race: int


SplitStartReply = SplitReply | RaceReply | SolveReply
"""split_start's reply: split the search, race, or solve's own answer (done in its first
second, or a board that is not split)."""


class SplitPassArgs(ProblemArgs, total=False):
    """split_pass's arguments: one IDA* pass below a subtree's board."""

    back: Required[int]
    depth_left: Required[int]
    """Moves left below the board within the bound."""
    bound: Required[int]
    parity: Required[int]
    """The solutions' parity (split_start's), which every pass's bound keeps."""
    time_limit: float | None


class SplitPassReply(TypedDict):
    """split_pass's reply."""

    ok: Literal[True]
    found: bool
    best: int
    """The largest negative slack pruned."""
    next_bound: int
    """The bound of the next pass as far as this subtree knows (npuzzle.pdb.parallel.next_bound):
    the pass's next bound is the least of its subtrees'."""
    nodes: int
    cells: list[int]
    """The blank's cells below the board, when found."""
    stopped: str | None


class SplitFinishArgs(SolveOptions, total=False):
    """split_finish's arguments: solve's (no ``lane``), and what the passes found."""

    cells: Required[list[int] | None]
    """The blank's cells from the start (None: nothing found in time)."""
    bound: Required[int]
    nodes: Required[int]
    seconds: Required[float]
    """The pool's, counted from split_start."""


SplitFinishReply = SolveReply
"""split_finish's reply."""
