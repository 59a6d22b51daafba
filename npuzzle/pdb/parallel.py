"""IDA* with every pass split into subtrees shared out to worker processes (CPython), or
over the page's workers (web/pool.js calls split_jobs and subtree_pass through npuzzle.api).
Each pass searches what the sequential search's pass searches, in another order (a cut
subtree may let the next bound skip a pass, never past the optimum), so the first
solution found is optimal.  One process runs the ordered one-process search instead.
"""

from __future__ import annotations

import multiprocessing
import os
from contextlib import contextmanager
from contextvars import ContextVar

from ..board import Problem
from ..engine import PROGRESS_SECONDS, Clock, Progress, Stop, finish
from ..topology import Topology
from . import kernel
from .kernel import NAME, directions, heuristic_value, idastar, solution_parity
from .store import IN_BROWSER, prepare

__all__ = [
    "idastar_parallel",
    "default_processes",
    "quick_try",
    "split_jobs",
    "subtree_pass",
    "next_bound",
    "timed_pass",
    "split_over",
    "SEQUENTIAL_SECONDS",
    "SPLIT_DEPTH",
]

# Boards the ordered one-process search finishes in this are not split.  In the page,
# Korf's boards that one worker answered in 0.3-1 s took 1.5 times as long over two
# workers when split after 0.3 s (26 boards: 22.0 s against 14.5 s, 52 % more nodes: the
# split restarts the pass it interrupts and its first pass is not ordered by visits);
# those above 1 s gained 1.6 times.
SEQUENTIAL_SECONDS = 1.0
# The share of SEQUENTIAL_SECONDS after which the first try stops at the end of a pass.
PASS_END_AFTER = 0.5
# The tree is split at this depth: 54-80 subtrees on Korf's boards.  On paper
# (tools/split_balance.py, Korf #1-#10 and #60) 2/4/8 workers gain 1.97/3.80/4.40x at
# depth 5 against 1.46/1.62/1.62x at depth 3 (10-20 subtrees: a pass waited for its biggest
# one); in the page #60 from the first click went from 0.79 to 0.73 of one worker's time.
SPLIT_DEPTH = 5


def _frontier(problem: Problem, depth: int) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """Every node `depth` moves below the start, never undoing a move: (board, the cell
    the blank came from, the blank's cells so far)."""
    neighbors = problem.topology.neighbors
    nodes = [(problem.start, problem.topology.size, [problem.start.index(0)])]
    for _ in range(depth):
        deeper = []
        for board, back, cells in nodes:
            blank = cells[-1]
            for _, c in neighbors[blank]:
                if c != back:
                    b = list(board)
                    b[blank], b[c] = b[c], 0
                    deeper.append((tuple(b), blank, cells + [c]))
        nodes = deeper
    return nodes


def split_jobs(problem: Problem) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """The subtrees SPLIT_DEPTH moves below the start, most promising (lowest h) first:
    (board, the cell the blank came from, the blank's cells from the start).  The last
    pass stops as soon as one holds a solution (Korf #60: 3.4 s instead of 5.0 s in two
    processes; some boards lose a little)."""
    return sorted(_frontier(problem, SPLIT_DEPTH), key=lambda node: heuristic_value(node[0], problem.goal))


def quick_try(
    problem: Problem, time_limit: float | None, progress: Progress | None, *, seconds: float = SEQUENTIAL_SECONDS
):
    """The sequential search for SEQUENTIAL_SECONDS (or less, within time_limit): most
    boards are solved by it; its lower_bound is the bound the split passes start from.
    It also stops at the first end of a pass after PASS_END_AFTER of those seconds: the
    split then starts from the next pass and searches nothing twice (stopped in a pass,
    the split searches that pass again)."""
    seconds = seconds if time_limit is None else min(seconds, time_limit)
    return idastar(problem, time_limit=seconds, progress=progress, stop_between_passes=seconds * PASS_END_AFTER)


def next_bound(bound: int, best: int, parity: int) -> int:
    """The bound of the pass after one whose largest pruned slack was best (< 0), with the
    solutions' parity."""
    bound -= best
    return bound + ((bound ^ parity) & 1)


def subtree_pass(job: tuple, clock=None) -> tuple[bool, int, int, list[int]]:
    """One IDA* pass below a frontier node (in a worker process, a page's worker, or here
    with a clock that may stop it): (found, best, nodes, the blank's cells below the node).
    job = (board, goal, back, depth_left).  Its own parts are searched lowest h first
    (kernel.subtree_pass)."""
    board, goal, back, depth_left = job
    side = round(len(board) ** 0.5)
    problem = Problem(board, goal, Topology(side, side))
    return kernel.subtree_pass(problem, clock or Clock("idastar", None, None), depth_left, back)


def timed_pass(
    job: tuple, bound: int, time_limit: float | None, progress: Progress | None
) -> tuple[bool, int, int, list[int], str | None]:
    """subtree_pass for a page's worker: stopped by time_limit, its progress reporting the
    pass's bound and the nodes of this subtree: (found, best, nodes, cells, stopped)."""
    counted = _Counted(Clock("idastar", time_limit, progress).part(0, bound))
    try:
        return (*subtree_pass(job, counted), None)
    except Stop as stop:
        return False, 0, counted.nodes, [], stop.why


class _Counted:
    """A clock that remembers the last count it was told (the nodes of a stopped pass)."""

    def __init__(self, clock):
        self.clock, self.nodes = clock, 0

    def tick(self, nodes: int, bound: int) -> None:
        self.nodes = nodes
        self.clock.tick(nodes, bound)


# The engine split passes run on inside a `with split_over(engine)` block (None: this
# machine's processes).  A context variable, so a caller sets it for what it calls only.
_engine: ContextVar = ContextVar("npuzzle_split_engine", default=None)


@contextmanager
def split_over(engine):
    """Within the block, the split passes of any optimal search run as tasks on engine (an
    npuzzle.batch engine: worker processes, or a Dask cluster) over all its workers.

    The engine needs ``workers``, ``submit(fn, arg)``, ``wait(futures, timeout)`` and
    ``cancel(futures)``; this module never imports one."""
    if engine is None:  # nothing to change: callers need not test
        yield None
        return
    token = _engine.set(engine)
    try:
        yield engine
    finally:
        _engine.reset(token)


def default_processes() -> int:
    """Processes for the pattern-database search: the workers of the engine split_over
    gave, else the cores (at most 4), or $NPUZZLE_PROCESSES; one in Pyodide, which has no
    processes."""
    engine = _engine.get()
    if engine is not None:
        return engine.workers
    if IN_BROWSER:
        return 1
    wanted = os.environ.get("NPUZZLE_PROCESSES", "")
    return max(1, int(wanted)) if wanted.isdigit() else min(os.cpu_count() or 1, 4)


def idastar_parallel(
    problem: Problem, processes: int, *, time_limit: float | None = None, progress: Progress | None = None
):
    """IDA* with each pass split at SPLIT_DEPTH into subtrees, shared out to worker processes.

    Every pass is the sequential search's pass, so the first solution found is optimal,
    and the pass that finds it stops at once.  The first pass takes the subtrees lowest h
    first, every later one most visited (in the pass before) first, and each subtree its
    own parts lowest h first (kernel.subtree_pass).  With processes == 1 (Pyodide) it is
    the one-process search, which orders its passes itself (kernel.ORDER_DEPTH).  Boards
    that search finishes in SEQUENTIAL_SECONDS are solved by it alone (no start-up).
    """
    if processes <= 1:
        return idastar(problem, time_limit=time_limit, progress=progress)
    first = quick_try(problem, time_limit, progress)
    if first.found or first.stopped != "time limit" or (time_limit is not None and time_limit <= SEQUENTIAL_SECONDS):
        return first
    clock = Clock("idastar", None if time_limit is None else time_limit - first.seconds, progress)
    clock.start -= first.seconds
    goal = problem.goal
    parity = solution_parity(problem)
    frontier = split_jobs(problem)
    sizes = [0] * len(frontier)  # each subtree's nodes in the pass before
    order = list(range(len(frontier)))
    bound = first.lower_bound
    neighbors = problem.topology.neighbors
    engine = _engine.get()
    fork = multiprocessing.get_context("fork")
    # Each local worker process keeps the nodes it has searched so far in its slot, so
    # the count includes subtrees still under way (at the time limit a pass's big
    # subtrees would otherwise be searched and never counted).  An engine's workers
    # report only finished subtrees.
    live = fork.RawArray("q", processes) if engine is None else None
    pool = fork.Pool(processes, _count_into, (live, fork.Value("i", 0))) if engine is None else None
    pending: set = set()  # the engine's futures of the pass under way

    def searched(finished: int) -> int:
        """The nodes searched so far: the quick try's and, below it, the workers'."""
        return first.nodes + (finished if live is None else sum(live))

    def left() -> float | None:
        return None if clock.deadline is None else max(clock.deadline - clock.elapsed() - clock.start, 0.0)

    def passes(jobs):
        """(index, result) for each job, as they finish; raises Stop at the deadline."""
        if engine is not None:
            yield from engine_passes(jobs)
            return
        assert pool is not None  # (made when there is no engine)
        results = pool.imap_unordered(_pass_indexed, jobs)
        for _ in jobs:
            while True:  # wake for progress reports while the workers search
                wait = left()
                try:
                    yield results.next(timeout=PROGRESS_SECONDS if wait is None else min(wait, PROGRESS_SECONDS))
                    break
                except multiprocessing.TimeoutError:
                    clock.tick(searched(0), bound)  # raises Stop at the deadline

    def engine_passes(jobs):
        pending.update(engine.submit(_pass_indexed, job) for job in jobs)
        while pending:
            done, rest = engine.wait(pending, timeout=left())
            if not done:
                raise Stop("time limit")
            pending.intersection_update(rest)
            for future in done:
                yield future.result()

    finished = 0  # the nodes of the subtrees answered
    try:
        while True:
            best = -(1 << 30)
            jobs = [(i, (frontier[i][0], goal, frontier[i][1], bound - SPLIT_DEPTH)) for i in order]
            for i, (ok, b, n, cells) in passes(jobs):
                finished += n
                best = max(best, b)
                sizes[i] = n
                if ok:
                    found = frontier[i][2] + cells
                    return finish(problem, directions(neighbors, found), bound, searched(finished), clock, NAME, None)
            bound = next_bound(bound, best, parity)
            order.sort(key=lambda i: -sizes[i])
            clock.tick(searched(finished), bound)
    except Stop as stop:
        return finish(problem, None, bound, searched(finished), clock, NAME, stop.why)
    finally:
        if pool is not None:
            pool.terminate()
        elif pending:  # the rest of the pass that found the answer, or the one the time ended
            engine.cancel(pending)


# In a local worker process: (the shared counts, this worker's slot, its nodes so far).
_live: list = [None, 0, 0]


def _count_into(counts, slots) -> None:
    """The local pool's initializer: take the next slot of counts."""
    with slots.get_lock():
        _live[:] = [counts, slots.value, 0]
        slots.value += 1


class _LiveCount:
    """A worker's clock: each tick writes the worker's nodes so far into its slot."""

    def __init__(self, before: int):
        self.before = before

    def tick(self, nodes: int, bound: int) -> None:
        counts, slot, _ = _live
        counts[slot] = self.before + nodes


def _pass_indexed(item: tuple[int, tuple]) -> tuple[int, tuple]:
    i, job = item
    board, goal = job[0], job[1]
    # A forked worker has the parent's databases; an engine's worker (another process or
    # machine) loads them from its own cache the first time, then keeps them.
    prepare(goal, Topology(round(len(board) ** 0.5), round(len(board) ** 0.5)))
    counts, slot, before = _live
    if counts is None:  # an engine's worker
        return i, subtree_pass(job)
    result = subtree_pass(job, _LiveCount(before))
    _live[2] = before + result[2]
    counts[slot] = _live[2]
    return i, result
