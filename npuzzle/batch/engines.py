"""Where a batch's boards are solved: an engine submits a task and says which have finished.

    engine = make_engine("local", jobs=2)        # processes on this machine (the default)
    engine = make_engine("dask", jobs=2)         # a dask.distributed LocalCluster of 2 workers
    engine = make_engine("dask", scheduler="tcp://host:8786")   # an existing Dask cluster

Every engine has the same few members, so another one (a job queue, a cloud service)
needs only these: ``workers`` (how many tasks it can work on at once, asked again as it
goes: a cluster grows and shrinks), ``submit(fn,
arg)`` (a future), ``wait(futures, timeout)`` (the finished ones and the rest, once one
finishes or the time is up), ``cancel(futures)`` and ``close()``.  ``lost(error)`` tells a task whose worker died from one that
failed; the runner submits a lost task again.  An engine may also number split passes
(``next_pass``) and stop them (``stop_passes``): the local one does, so that a split
board's answer ends its last pass without ending the workers, which keep their tables.  The scheduling itself is never ours: the
local engine is the standard library's process pool, the other is Dask's scheduler, which
also moves a dead worker's tasks to the others.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable
from concurrent import futures as cf
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

__all__ = ["EngineError", "InlineEngine", "LocalEngine", "DaskEngine", "make_engine", "ENGINES"]

ENGINES = ("local", "dask")
# A Dask engine asks its scheduler for the workers' count at most this often.
WORKERS_SECONDS = 1.0


class EngineError(Exception):
    """An engine that cannot start (dask missing, no scheduler at the address): the message says why."""


# A task's future: concurrent.futures' Future, or a Dask Future (the same few methods).
Future = Any


class Engine(Protocol):
    """What the batch runner asks of an engine."""

    @property
    def workers(self) -> int:
        """How many tasks it can work on at once now (a cluster's may change)."""
        ...

    def submit(self, fn: Callable[[Any], Any], arg: Any) -> Future: ...
    def wait(self, pending: Iterable[Future], timeout: float | None = None) -> tuple[set[Future], set[Future]]: ...
    def cancel(self, futures: Iterable[Future]) -> None: ...
    def lost(self, error: BaseException) -> bool: ...
    def close(self) -> None: ...


class InlineEngine:
    """One board at a time in this process: no start-up, and Ctrl-C stops the search at once."""

    workers = 1

    def submit(self, fn: Callable[[Any], Any], arg: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(arg))
        except Exception as e:
            future.set_exception(e)
        return future

    def wait(self, pending: Iterable[Future], timeout: float | None = None) -> tuple[set[Future], set[Future]]:
        return set(pending), set()

    def cancel(self, futures: Iterable[Future]) -> None:
        pass

    def lost(self, error: BaseException) -> bool:
        return False

    def close(self) -> None:
        pass


class LocalEngine:
    """Worker processes on this machine (``concurrent.futures.ProcessPoolExecutor``).
    Each keeps the pattern databases it loads, so they are read once a process.  The
    workers ignore Ctrl-C: this process gets it, says in one line where the run stopped
    and ends them (close), instead of every worker printing its own traceback."""

    def __init__(self, jobs: int):
        self.workers = jobs
        # Split passes (npuzzle.pdb.parallel) are numbered; a worker's subtree stops at its
        # next look at the clock once its pass's number is at most this, so the rest of a
        # pass that found the answer ends without ending the workers and their tables.
        self.cancelled = multiprocessing.RawValue("q", 0)
        self.passes = 0
        self._pool = self._new_pool()

    def _new_pool(self) -> cf.ProcessPoolExecutor:
        return cf.ProcessPoolExecutor(max_workers=self.workers, initializer=_worker_start, initargs=(self.cancelled,))

    def next_pass(self) -> int:
        """The number of a split pass about to be submitted."""
        self.passes += 1
        return self.passes

    def stop_passes(self, futures: Iterable[Future], seconds: float) -> None:
        """Stop the split passes submitted so far: their subtrees come back at once (those
        still running at their next look at the clock); any not back within seconds is
        cancelled as by cancel."""
        self.cancelled.value = self.passes
        _, rest = cf.wait(futures, timeout=seconds)
        if rest:
            self.cancel(rest)

    def _restart(self, kill: bool = False) -> None:
        old = self._pool
        self._pool = self._new_pool()
        _stopped(old, kill)

    def submit(self, fn: Callable[[Any], Any], arg: Any) -> cf.Future[Any]:
        try:
            return self._pool.submit(fn, arg)
        except BrokenProcessPool:  # a worker was killed: start a new pool, as Dask would
            self._restart()
            return self._pool.submit(fn, arg)

    def wait(self, pending: Iterable[Future], timeout: float | None = None) -> tuple[set[Future], set[Future]]:
        done, rest = cf.wait(pending, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return done, rest

    def cancel(self, futures: Iterable[Future]) -> None:
        """Cancel the tasks; running ones are stopped by replacing the workers (split
        passes: the rest of a pass that found the answer would otherwise run on)."""
        left = [f for f in futures if not f.done()]
        if any(f.running() for f in left):
            self._restart(kill=True)
        elif not all(f.cancel() or f.done() for f in left):  # one started meanwhile
            self._restart(kill=True)

    def lost(self, error: BaseException) -> bool:
        return isinstance(error, BrokenProcessPool)

    def close(self) -> None:
        """Ends the workers, killed: after Ctrl-C or an error some may still run a task
        (they ignore Ctrl-C, and the pool cannot stop a running task), and a command that
        ends at once after Ctrl-C (cli.run) must leave none waiting for work."""
        _stopped(self._pool, kill=True)


def _worker_start(cancelled: Any) -> None:
    """A local worker's initializer: Ctrl-C reaches every process of the command; the
    command's own process handles it and ends the workers (LocalEngine.close).  The
    split passes' subtrees look at cancelled (LocalEngine.stop_passes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ..pdb.workers import watch_passes

    watch_passes(cancelled)


def _stopped(pool: cf.ProcessPoolExecutor, kill: bool) -> None:
    """Shuts a process pool down without waiting; with kill, its processes are ended first
    (their tasks end as BrokenProcessPool)."""
    if kill:  # the standard pool cannot stop a running task: end its processes
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.kill()
        # Cancelling its tasks as well would race the pool's own clean-up thread
        # (CPython 3.11: InvalidStateError in that thread).
        pool.shutdown(wait=False)
    else:
        pool.shutdown(wait=False, cancel_futures=True)


class DaskEngine:
    """Tasks on a Dask cluster: a LocalCluster of ``jobs`` single-threaded worker processes,
    or the cluster whose scheduler is at ``scheduler`` (also ``$DASK_SCHEDULER_ADDRESS``)."""

    def __init__(self, jobs: int, scheduler: str | None = None):
        try:
            from dask import distributed
        except ImportError:
            raise EngineError("the dask engine needs dask.distributed: pip install 'npuzzle[cluster]'") from None
        self._distributed = distributed
        address = scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS")
        try:
            if address:
                self._cluster = None
                self._client = distributed.Client(address, timeout="20s")
            else:
                # One thread a worker: a board's search is pure Python and holds the GIL.
                self._cluster = distributed.LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self._client = distributed.Client(self._cluster)
        except OSError as e:
            raise EngineError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        self._threads, self._asked = 1, -WORKERS_SECONDS

    @property
    def workers(self) -> int:
        """The cluster's worker threads now (at least 1): workers that join later are used
        from the next pass or board on, and lost ones stop counting.  Asked of the
        scheduler at most once every WORKERS_SECONDS."""
        now = time.monotonic()
        if now - self._asked >= WORKERS_SECONDS:
            self._threads, self._asked = max(sum(self._client.nthreads().values()), 1), now
        return self._threads

    def submit(self, fn: Callable[[Any], Any], arg: Any) -> Future:
        # pure=False: two equal boards are two tasks (their rows differ by id)
        return self._client.submit(fn, arg, pure=False)

    def wait(self, pending: Iterable[Future], timeout: float | None = None) -> tuple[set[Future], set[Future]]:
        try:
            result = self._distributed.wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set(), set(pending)
        return set(result.done), set(result.not_done)

    def cancel(self, futures: Iterable[Future]) -> None:
        # A task already running finishes in its worker (a thread cannot be stopped);
        # the others are dropped from the scheduler.
        self._client.cancel(list(futures))

    def lost(self, error: BaseException) -> bool:
        return isinstance(error, self._distributed.KilledWorker)

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def make_engine(name: str, jobs: int | None = None, scheduler: str | None = None) -> Engine:
    """The engine called name; jobs defaults to every core."""
    jobs = jobs or os.cpu_count() or 1
    if name == "dask" or scheduler:
        return DaskEngine(jobs, scheduler)
    return InlineEngine() if jobs == 1 else LocalEngine(jobs)
