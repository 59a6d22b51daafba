"""The split search's local worker processes (npuzzle.pdb.parallel): a pool forked from
this process, so it shares the tables loaded here, each worker counting its nodes in a
shared slot; the subtree pass every worker (a local one or an engine's) runs; and a pool
kept from one search to the next (kept_pool), whose passes are numbered so that the rest
of a pass that found the answer can be told to stop instead of the workers being ended.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ..result import Clock, Stop
from ..rules.board import Problem
from ..rules.topology import Topology
from . import kernel
from .shapes import six, strong
from .store import loaded_names, prepare

__all__ = ["kept_pool", "current_keeper", "Workers", "subtree_pass", "pass_indexed", "watch_passes", "SETTLE_SECONDS"]

# A kept pool's workers stop the rest of a pass that found the answer at their next look
# at the clock (CHECK_EVERY nodes); one that has not returned by then is ended instead.
SETTLE_SECONDS = 30.0


def subtree_pass(job: tuple, clock: Any = None) -> tuple[bool, int, int, list[int]]:
    """One IDA* pass below a frontier node (in a worker process, a page's worker, or here
    with a clock that may stop it): (found, best, nodes, the blank's cells below the node).
    job = (board, goal, back, depth_left).  Its own parts are searched lowest h first, or
    in Korf's order where kernel.korf_order says so (kernel.subtree_pass)."""
    board, goal, back, depth_left = job
    side = round(len(board) ** 0.5)
    problem = Problem(board, goal, Topology(side, side))
    return kernel.subtree_pass(problem, clock or Clock("idastar", None, None), depth_left, back)


# The local worker processes kept for every split search inside a `with kept_pool()`
# block (None: each split search starts its own and ends them).
_kept: ContextVar = ContextVar("npuzzle_kept_pool", default=None)


@contextmanager
def kept_pool() -> Iterator[_Keeper]:
    """Within the block, the split passes' local worker processes are started once, forked
    after the tables are loaded, and kept for every search: no start, no table to map or
    fault in again, for each board of a benchmark's set (bench.py versions).  A pass that
    finds the answer cancels the rest of its subtrees (each stops at its next look at its
    clock) instead of ending the workers.  They are started again when the tables loaded
    here, the NPUZZLE_ settings or the number of processes change, and ended at the block's
    end, or at Ctrl-C or an error in a search."""
    keeper = _Keeper()
    token = _kept.set(keeper)
    try:
        yield keeper
    finally:
        _kept.reset(token)
        keeper.close()


def current_keeper() -> _Keeper | None:
    """The kept_pool block's keeper this search runs in, else None."""
    return _kept.get()


class Workers:
    """Local worker processes forked from this one, so they share its tables (loaded or
    mapped before the fork), with a slot each for the nodes they have searched and the
    number of the last pass cancelled, which their clocks look at."""

    def __init__(self, processes: int):
        fork = multiprocessing.get_context("fork")
        self.key = _settings(processes)
        self.live = fork.RawArray("q", processes)
        self.cancelled = fork.RawValue("q", 0)
        self.passes = 0  # the passes handed out, numbered from 1
        self.pool = _started_pool(fork, processes, self.live, self.cancelled)

    def next_pass(self) -> int:
        self.passes += 1
        return self.passes

    def settle(self, flight: list) -> bool:
        """Cancel the rest of the last pass and wait for its subtrees to come back (each
        stops at its next look at its clock), so the workers are idle and their counts
        still: whether they all came back within SETTLE_SECONDS."""
        self.cancelled.value = self.passes
        results, left = flight
        try:
            for _ in range(left):
                results.next(timeout=SETTLE_SECONDS)
        except Exception:  # a worker that does not stop, or failed
            return False
        return True

    def close(self) -> None:
        self.pool.terminate()


class _Keeper:
    """kept_pool's workers: started at the first split search, again when _settings change."""

    def __init__(self) -> None:
        self.kept: Workers | None = None

    def workers(self, processes: int) -> Workers:
        if self.kept is not None and self.kept.key != _settings(processes):
            self.close()  # forked before a table was loaded, or for other settings
        if self.kept is None:
            self.kept = Workers(processes)
        return self.kept

    def close(self) -> None:
        if self.kept is not None:
            self.kept.close()
            self.kept = None


def _settings(processes: int) -> tuple:
    """What a forked worker took from this process and searches by: the processes, the
    tables loaded, the databases chosen and the NPUZZLE_ settings."""
    env = sorted((k, v) for k, v in os.environ.items() if k.startswith("NPUZZLE_"))
    return processes, loaded_names(), strong(), six(), tuple(env)


# In a local worker process: (the shared counts, this worker's slot, its nodes so far,
# the number of the last pass cancelled).
_live: list = [None, 0, 0, None]


def _started_pool(fork: Any, processes: int, live: Any, cancelled: Any) -> Any:
    """The local worker processes.  Ctrl-C is held back while they start, so that none is
    interrupted before its initializer ignores it (a traceback from a worker that was
    starting); one pressed meanwhile reaches this process once they have started."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return fork.Pool(processes, _count_into, (live, fork.Value("i", 0), cancelled))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def watch_passes(cancelled: Any) -> None:
    """In an engine's worker process (LocalEngine's initializer): the split passes' subtrees
    stop once their pass's number is at most cancelled's value."""
    _live[3] = cancelled


def _count_into(counts: Any, slots: Any, cancelled: Any) -> None:
    """The local pool's initializer: take the next slot of counts.  Ctrl-C is left to the
    parent, which records the checkpoint and ends the pool (no worker's traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held back while the pool started
    with slots.get_lock():
        _live[:] = [counts, slots.value, 0, cancelled]
        slots.value += 1


class _LiveCount:
    """A worker's clock: each tick writes the worker's nodes so far into its slot, and
    stops the subtree once its pass is cancelled (a kept pool's pass that found the answer)."""

    def __init__(self, before: int, mark_pass: int):
        self.before, self.mark_pass, self.nodes = before, mark_pass, 0

    def tick(self, nodes: int, bound: int) -> None:
        counts, slot, _, cancelled = _live
        self.nodes = nodes
        if counts is not None:
            counts[slot] = self.before + nodes
        if cancelled.value >= self.mark_pass:
            raise Stop("cancelled")


def pass_indexed(item: tuple[int, tuple, int]) -> tuple[int, tuple | None, float]:
    """subtree_pass in a worker: (the job's index, its result, the seconds it took); the
    result is None for a subtree of a cancelled pass (a local worker's, item's third
    member: the pass's number)."""
    started = time.perf_counter()
    i, job, mark_pass = item
    board, goal = job[0], job[1]
    # A forked worker has the parent's databases; an engine's worker (another process or
    # machine) loads them from its own cache the first time, then keeps them.
    prepare(goal, Topology(round(len(board) ** 0.5), round(len(board) ** 0.5)))
    counts, slot, before, cancelled = _live
    if cancelled is None:  # an engine's worker that cannot be told (Dask's)
        return i, subtree_pass(job), time.perf_counter() - started
    if cancelled.value >= mark_pass:
        return i, None, 0.0
    clock = _LiveCount(before, mark_pass)
    try:
        result: tuple | None = subtree_pass(job, clock)
        searched = result[2]  # type: ignore[index]
    except Stop:
        result, searched = None, clock.nodes
    if counts is not None:  # a local pool's worker
        _live[2] = before + searched
        counts[slot] = _live[2]
    return i, result, time.perf_counter() - started
