"""What every search shares: the Result it returns, progress reports, the clock and the stop.

    >>> from npuzzle.rules.topology import Topology
    >>> clock = Clock("idastar", time_limit=None, progress=None)
    >>> r = finish(Problem((1, 2, 3, 0), (1, 2, 3, 0), Topology(2, 2)), [], 0, 0, clock, "manhattan", None)
    >>> r.found, r.moves, r.length, r.optimal
    (True, '', 0, True)

The bottom layer of the searches: it imports only the rules (board, topology), so the
heuristics, their kernels, the strategies and the front ends all build on it and none of
them on each other sideways.  It is at the package's top, beside the message catalogue,
rather than in ``npuzzle.search``: the pattern databases' kernels (``npuzzle.pdb``) return
a Result too, and the searches import the databases.  Searches never print: they return a
Result, and report progress, if asked, by calling ``progress(dict)`` about four times a
second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from .rules.board import Problem, tiles_moved
from .rules.topology import DIRECTIONS

__all__ = ["Result", "Progress", "Clock", "Stop", "finish", "unsolvable", "CHECK_EVERY"]

CHECK_EVERY = 1 << 14  # nodes between looks at the clock (a power of two, for a mask)
PROGRESS_SECONDS = 0.25

Progress = Callable[[dict], None]


@dataclass(kw_only=True)
class Result:
    """What a search found.  moves is '' both for a solved start and when nothing was found;
    look at ``found``.  Built once, with keywords; strategies derive a changed copy with
    ``dataclasses.replace`` rather than changing one in place."""

    solvable: bool
    found: bool
    moves: str = ""
    tiles: list[int] = field(default_factory=list)
    length: int | None = None
    optimal: bool = False
    lower_bound: int = 0
    nodes: int = 0
    seconds: float = 0.0
    algorithm: str = ""
    heuristic: str = ""
    stopped: str | None = None  # 'time limit' or 'node limit' when a limit ended the search
    reason: str = ""
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def unsolvable(reason: str, algorithm: str, heuristic: str) -> Result:
    """The Result for a board that cannot reach its goal, with the reason."""
    return Result(solvable=False, found=False, algorithm=algorithm, heuristic=heuristic, reason=reason)


class Stop(Exception):
    """Raised inside a search when a limit ends it; ``why`` is the Result's ``stopped``."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class Clock:
    """Start time, deadline and progress reporting, shared by every search."""

    def __init__(self, algorithm: str, time_limit: float | None, progress: Progress | None):
        self.algorithm = algorithm
        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + time_limit
        self.progress = progress
        self.next_report = self.start

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float | None:
        """Seconds to the deadline (None: no deadline)."""
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def tick(self, nodes: int, bound: int) -> None:
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise Stop("time limit")
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + PROGRESS_SECONDS
            self.progress(
                {"algorithm": self.algorithm, "bound": bound, "nodes": nodes, "seconds": round(now - self.start, 3)}
            )

    def part(self, nodes_before: int, bound: int) -> _Part:
        """This clock for a part of the search that starts after nodes_before nodes."""
        return _Part(self, nodes_before, bound)


class _Part:
    """A clock as seen by one part of a search (a subtree of a split pass): its ticks
    add the nodes searched before it and report the whole search's bound, so progress
    counts never go backwards."""

    def __init__(self, clock: Clock, nodes_before: int, bound: int):
        self.clock = clock
        self.nodes_before = nodes_before
        self.bound = bound

    def tick(self, nodes: int, bound: int) -> None:
        self.clock.tick(self.nodes_before + nodes, self.bound)


def finish(
    problem: Problem,
    path: list[int] | None,
    bound: int,
    nodes: int,
    clock: Clock,
    heuristic: str,
    stopped: str | None,
    optimal: bool = True,
) -> Result:
    """The Result of a search from its path (direction numbers; None: nothing found).

    bound is the proven lower bound (for an optimal search); an optimal path's length is
    its own lower bound."""
    if path is None:
        return Result(
            solvable=True,
            found=False,
            lower_bound=bound,
            nodes=nodes,
            seconds=clock.elapsed(),
            algorithm=clock.algorithm,
            heuristic=heuristic,
            stopped=stopped,
        )
    moves = "".join(DIRECTIONS[d] for d in path)
    return Result(
        solvable=True,
        found=True,
        moves=moves,
        tiles=tiles_moved(problem.start, moves, problem.topology),
        length=len(moves),
        optimal=optimal,
        lower_bound=len(moves) if optimal else bound,
        nodes=nodes,
        seconds=clock.elapsed(),
        algorithm=clock.algorithm,
        heuristic=heuristic,
        stopped=stopped,
    )
