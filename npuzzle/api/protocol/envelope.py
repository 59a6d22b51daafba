"""The envelope: the messages between the page and a worker, around every action's arguments and reply.

The page sends a WorkerRequest; the worker answers it with a WorkerResult (the action's
reply, or an ErrorReply: bad input is a reply) or a WorkerError (no reply at all), and
sends WorkerProgress while it runs.  WorkerLoading, WorkerReady and WorkerFailed tell how
the worker's start goes.  These messages are built by web/solver/worker.js, not by Python: they
are typed here so that one file defines every type the page and the package share.
"""

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from .progress import Progress, SearchProgress

__all__ = [
    "WorkerRequest",
    "WorkerResult",
    "WorkerError",
    "WorkerProgress",
    "WorkerLoading",
    "Timings",
    "WorkerReady",
    "WorkerFailed",
    "WorkerMessage",
    "PoolProgress",
]


class WorkerRequest(TypedDict):
    """A request from the page to a worker (solver.js sends it): the action's keyword
    arguments in ``args``; ``id`` pairs the answer with it."""

    id: int
    action: str
    """A key of npuzzle.api.dispatch.ACTIONS ("solve")."""
    args: dict[str, Any]
    """The action's ``<Action>Args``."""
    strong: NotRequired[bool]
    """The person asked for the strongest 4x4 tables (Solver options): the worker fetches
    them too where the action's search can use them (DatabasesArgs' ``strong``)."""


class WorkerResult(TypedDict):
    """The worker's answer to a request: the action's reply (``<Action>Reply`` or
    ``ErrorReply``: bad input is a reply, never an error)."""

    id: int
    result: dict[str, Any]


class WorkerError(TypedDict):
    """The worker's answer to a request that could not be answered: the worker did not
    start, or Python raised (a bug).  Solver.request rejects with an Error of this text."""

    id: int
    error: str


class WorkerProgress(TypedDict):
    """Progress of a request under way: the pattern databases downloading, then the
    action's own (the actions of npuzzle.api.REPORTING)."""

    type: Literal["progress"]
    id: int
    progress: Progress


class WorkerLoading(TypedDict):
    """The worker while it starts: ``step`` names the stage for the page's messages,
    ``text`` says it in English."""

    type: Literal["loading"]
    step: Literal["runtime", "install"]
    text: str


# A field is named `import`, a Python keyword: so this one type is written in TypedDict's
# call form, its fields' documentation in Annotated.
Timings = TypedDict(
    "Timings",
    {
        "runtime": Annotated[float, "Loading Pyodide with micropip, or from the memory snapshot."],
        "wheel": Annotated[float, "Installing the npuzzle wheel (0 from the snapshot)."],
        "import": Annotated[float, "Importing npuzzle.api."],
        "snapshot": Annotated[str, '"used", "none" (the site has none) or "failed: <why>" (a normal start followed).'],
        "snapshot_rate": Annotated[
            float | None,
            "The snapshot's download rate in MB/s over its first 0.3 s, or None (it came sooner, "
            "or the site has none).",
        ],
    },
)
"""Seconds the worker spent starting."""


class WorkerReady(TypedDict):
    """The worker can answer requests."""

    type: Literal["ready"]
    version: str
    """npuzzle.__version__"""
    timings: Timings


class WorkerFailed(TypedDict):
    """The worker could not start (its requests are answered with a WorkerError)."""

    type: Literal["failed"]
    error: str


WorkerMessage = WorkerResult | WorkerError | WorkerProgress | WorkerLoading | WorkerReady | WorkerFailed
"""Any message from a worker to the page."""


class PoolProgress(SearchProgress):
    """What the pool's split or raced solve reports to the page (web/solver/pool.js; not sent by a
    worker): SearchProgress with its nodes added over the workers, never going back."""

    workers: int
    """The workers searching."""
