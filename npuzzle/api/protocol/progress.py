"""Progress: what a reporting action sends while it runs (npuzzle.api.REPORTING)."""

from collections.abc import Callable
from typing import Literal, NotRequired, TypedDict

from .lab import WordedRow
from .study import DrawingProgress, StudyProgress

__all__ = [
    "SearchProgress",
    "CompareProgress",
    "BuildingProgress",
    "DatabasesProgress",
    "AnalyseProgress",
    "Progress",
    "ProgressCallback",
]


class SearchProgress(TypedDict):
    """A search's progress, about four times a second (solve, split_start, split_pass,
    split_finish; npuzzle.result.Clock)."""

    algorithm: str
    bound: int
    """The current pass's bound (IDA*) or f (A*)."""
    nodes: int
    seconds: float
    weight: NotRequired[str]
    """Weighted stages: the weight being tried ("3/2")."""
    best: NotRequired[int | None]
    """Weighted stages: the shortest length found so far."""


class CompareProgress(TypedDict):
    """compare's progress, after each run."""

    done: int
    total: int
    row: WordedRow


class BuildingProgress(TypedDict):
    """A pattern database being built (the command line; the page's are built by the site)."""

    phase: Literal["building"]
    database: str
    states: int
    total: int


class DatabasesProgress(TypedDict):
    """Pattern databases downloading (sent by the page's worker, before the action runs)."""

    phase: Literal["databases"]
    loaded: int
    """Bytes so far."""
    total: int
    failed: NotRequired[str]
    """Why they did not load (the action then runs without them)."""
    unpacking: NotRequired[str]
    """The file being registered."""


class AnalyseProgress(TypedDict):
    """analyse's progress, after each row."""

    phase: Literal["analyse"]
    done: int
    total: int
    seconds: float


Progress = (
    SearchProgress
    | CompareProgress
    | BuildingProgress
    | DatabasesProgress
    | AnalyseProgress
    | StudyProgress
    | DrawingProgress
)
"""Any progress message."""

ProgressCallback = Callable[[Progress], None]
"""What a reporting action calls with each progress dict (``call`` sends them on as JSON)."""
