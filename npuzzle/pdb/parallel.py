"""IDA* with every pass split into subtrees shared out to worker processes (CPython), or
over the page's workers (web/solver/pool.js calls split_jobs and subtree_pass through npuzzle.api).
Each pass searches what the sequential search's pass searches, in another order (a cut
subtree may let the next bound skip a pass, never past the optimum), so the first
solution found is optimal.  One process runs the one-process search instead.  On the
24-puzzle both run in Korf's order (kernel.korf_order).
"""

from __future__ import annotations

import multiprocessing
import os
from contextlib import contextmanager
from contextvars import ContextVar

from ..result import PROGRESS_SECONDS, Clock, Progress, Stop, finish
from ..rules.board import Problem
from .checkpoint import Checkpoint, CheckpointError, Interrupted
from .frontier import (
    SPLIT_DEPTH,
    TASKS_PER_WORKER,
    children,
    memo,
    split_depth,
    split_frontier,
    split_pass,
    summed,
)
from .kernel import (
    KORF_RANK,
    NAME,
    directions,
    heuristic_value,
    idastar,
    in_order,
    interrupted_pass,
    korf_order,
    solution_parity,
)
from .store import IN_BROWSER
from .workers import SETTLE_SECONDS, Workers, current_keeper, kept_pool, pass_indexed, subtree_pass, watch_passes

__all__ = [
    "idastar_parallel",
    "split_search",
    "split_frontier",
    "split_depth",
    "CheckpointError",
    "Interrupted",
    "TASKS_PER_WORKER",
    "default_processes",
    "quick_try",
    "split_jobs",
    "subtree_pass",
    "next_bound",
    "timed_pass",
    "split_over",
    "kept_pool",
    "watch_passes",
    "SEQUENTIAL_SECONDS",
    "QUICK_NODES",
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
# In CPython the first try is measured in nodes, not seconds: about a quarter of a second
# of the kernel on one core (1.0-1.7 M nodes/s with 6-6-3 and with 7-8), while the other
# core waits.  1,000,000 before: 250,000 took the seventeen 80-move positions over two
# processes from 0.566 to 0.533 of one process's longest board, and Korf's 100 with 6-6-3
# over two from 16.8 s to 15.4 s, side by side (docs/benchmarks.md).
# Measured in seconds, whether a board was split (and so its node count) depended on the
# machine's load and on the process's past: a process's first search also builds or
# loads its tables, so a 3x3 towards a custom goal counted 16 nodes on a fresh process's
# first search and 29 on later ones.  Counted, the same search counts the same nodes.
QUICK_NODES = 250_000


def _frontier(
    problem: Problem, depth: int, rank: tuple[int, ...] | None = None
) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """Every node `depth` moves below the start, never undoing a move: (board, the cell
    the blank came from, the blank's cells so far), in the order of a depth-first search
    trying the blank's moves by `rank` (kernel.KORF_RANK; None: the topology's order)."""
    neighbors = problem.topology.neighbors
    if rank is not None:
        neighbors = in_order(neighbors, rank)
    nodes = [(problem.start, problem.topology.size, [problem.start.index(0)])]
    for _ in range(depth):
        nodes = [child for node in nodes for child in children(node, neighbors)]
    return nodes


def split_jobs(problem: Problem) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """The subtrees SPLIT_DEPTH moves below the start, most promising (lowest h) first, or in
    Korf's order where kernel.korf_order says so (the page's pool then keeps that order
    every pass): (board, the cell the blank came from, the blank's cells from the start).  The last
    pass stops as soon as one holds a solution (Korf #60: 3.4 s instead of 5.0 s in two
    processes; some boards lose a little)."""
    if korf_order(problem):
        return _frontier(problem, SPLIT_DEPTH, KORF_RANK)  # in his search's order
    return sorted(_frontier(problem, SPLIT_DEPTH), key=lambda node: heuristic_value(node[0], problem.goal))


def quick_try(
    problem: Problem,
    time_limit: float | None,
    progress: Progress | None,
    *,
    seconds: float = SEQUENTIAL_SECONDS,
    budget: int | None = None,
):
    """The sequential search for SEQUENTIAL_SECONDS (or less, within time_limit): most
    boards are solved by it; its lower_bound is the bound the split passes start from.
    It also stops at the first end of a pass after PASS_END_AFTER of those seconds: the
    split then starts from the next pass and searches nothing twice (stopped in a pass,
    the split searches that pass again).  With a budget (nodes; QUICK_NODES) it is
    measured in nodes instead, and time_limit alone is the clock's."""
    if budget is not None:
        return idastar(problem, time_limit=time_limit, progress=progress, budget=budget)
    seconds = seconds if time_limit is None else min(seconds, time_limit)
    return idastar(problem, time_limit=seconds, progress=progress, stop_between_passes=seconds * PASS_END_AFTER)


def next_bound(bound: int, best: int, parity: int) -> int:
    """The bound of the pass after one whose largest pruned slack was best (< 0), with the
    solutions' parity."""
    bound -= best
    return bound + ((bound ^ parity) & 1)


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
# The checkpoint file of the split passes (None: none), set the same way.
_checkpoint: ContextVar = ContextVar("npuzzle_split_checkpoint", default=None)


@contextmanager
def split_over(engine, checkpoint: str | os.PathLike | None = None):
    """Within the block, the split passes of any optimal search run as tasks on engine (an
    npuzzle.batch engine: worker processes, or a Dask cluster; None: this machine's
    processes) over all its workers, and are recorded in the checkpoint file if one is
    given (npuzzle.pdb.checkpoint: a search with that file resumes where it stopped).

    The engine needs ``workers``, ``submit(fn, arg)``, ``wait(futures, timeout)``,
    ``cancel(futures)`` and ``lost(error)``; this module never imports one."""
    tokens = [_engine.set(engine), _checkpoint.set(checkpoint)]
    try:
        yield engine
    finally:
        _checkpoint.reset(tokens[1])
        _engine.reset(tokens[0])


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
    problem: Problem,
    processes: int,
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
    timed: list | None = None,
):
    """IDA* with each pass split into subtrees (split_frontier), shared out to worker processes
    or an engine's workers (split_over).

    Every pass is the sequential search's pass, so the first solution found is optimal,
    and the pass that finds it stops at once.  With processes == 1 (Pyodide) it is the
    one-process search, which orders its passes itself (kernel.ORDER_DEPTH).  Boards that
    search finishes in QUICK_NODES nodes are solved by it alone (no start-up); when it
    stops inside a pass, the split goes on with that pass's subtrees it had not searched
    (kernel.interrupted_pass: on the seventeen 80-move boards it had searched up to
    0.9 M nodes of that pass, which the split used to search again; in Korf's order,
    which has no subtrees, the split searches that pass again).  With a
    checkpoint file (split_over) the split passes are recorded as they finish, and a run
    with that file starts where the last one stopped (one process: a pool of one).  timed:
    as split_search's (each split pass that ended without the answer).
    """
    mark = Checkpoint(_checkpoint.get(), problem.start, problem.goal)
    saved = mark.load()  # a checkpoint file is read (and checked) however many processes
    if processes <= 1 and mark.path is None:
        return idastar(problem, time_limit=time_limit, progress=progress)
    if saved is None:
        first = quick_try(problem, time_limit, progress, budget=QUICK_NODES)
        if first.found or first.stopped != "time limit" or (time_limit is not None and first.seconds >= time_limit):
            return first
        saved = {"bound": first.lower_bound, "nodes": first.nodes, "seconds": first.seconds}
        part = interrupted_pass()
        if part is not None and part[0] == first.lower_bound:  # go on with the pass it stopped in
            _, depth, finished = part
            saved.update(depth=depth, finished=finished, nodes=first.nodes - sum(n for n, _ in finished.values()))
    return split_search(problem, processes, saved, mark, time_limit=time_limit, progress=progress, timed=timed)


def split_search(
    problem: Problem,
    processes: int,
    saved: dict,
    mark: Checkpoint | None = None,
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
    timed: list | None = None,
    split_for: int | None = None,
):
    """The split passes from saved["bound"] on (saved: a checkpoint's state, or the
    bound, nodes and seconds of the quick try before them), over `processes` local worker
    processes or split_over's engine.  Each pass is split at the depth that gives every
    worker TASKS_PER_WORKER subtrees (split_depth, chosen again each pass: the frontier
    grows with the bound); they run largest first, by the nodes below their first moves
    in the pass before, then lowest h first, or in Korf's search's order where
    kernel.korf_order says so.  For bench.py split24: timed, if given, gets
    (bound, depth, [(the blank's cells, nodes, seconds) of each subtree]) for every
    finished pass, and split_for splits as for that many workers."""
    mark = mark or Checkpoint(None, problem.start, problem.goal)
    clock = Clock("idastar", None if time_limit is None else time_limit - saved.get("seconds", 0.0), progress)
    clock.start -= saved.get("seconds", 0.0)
    goal, neighbors = problem.goal, problem.topology.neighbors
    parity = solution_parity(problem)
    bound, passes = saved["bound"], saved.get("passes", 0)
    done: dict[tuple[int, ...], tuple[int, int]] = dict(saved.get("finished", {}))  # this pass's, by path
    base = saved["nodes"]  # the nodes of the finished passes (and the quick try)
    if saved.get("solution") is not None:  # a finished run's checkpoint: its answer again
        nodes = base + sum(n for n, _ in done.values())
        return finish(problem, directions(neighbors, saved["solution"]), bound, nodes, clock, NAME, None)
    engine = _engine.get()
    h, korf = memo(goal), korf_order(problem)
    depth = saved.get("depth")  # the pass's (a checkpoint's, else chosen at each pass)
    keeper = current_keeper() if engine is None else None
    local = None if engine is not None else keeper.workers(processes) if keeper else Workers(processes)
    # Each local worker process keeps the nodes it has searched so far in its slot, so
    # the count includes subtrees still under way (at the time limit a pass's big
    # subtrees would otherwise be searched and never counted).  An engine's workers
    # report only finished subtrees.
    live = None if local is None else local.live
    offset = 0 if live is None else sum(live)  # a kept pool's nodes of the searches before
    flight: list = [None, 0]  # the local pool's results of the pass under way, and how many to come
    settle = False  # whether a kept pool may be kept (the search ended by an answer or its clock)
    pending: set = set()  # the engine's futures of the pass under way
    # an engine whose workers stop a cancelled pass's subtrees themselves (LocalEngine)
    numbered = getattr(engine, "next_pass", None) if engine is not None else None
    sizes: dict[tuple[int, ...], int] = {}  # each subtree's nodes in the pass before
    ran = 0  # the nodes of the subtrees this run has finished (an engine's count)
    tasks = 0

    def searched() -> int:
        """The nodes searched so far: the finished passes' and this pass's."""
        now = sum(n for n, _ in done.values())
        return base + now + (0 if live is None else sum(live) - offset - ran)

    def waits() -> float:
        left = clock.left()
        return PROGRESS_SECONDS if left is None else max(0.0, min(left, PROGRESS_SECONDS))

    def passes_of(jobs):
        """(index, result, seconds) for each job, as they finish; raises Stop at the deadline."""
        if engine is not None:
            yield from engine_passes(jobs)
            return
        assert local is not None  # (made when there is no engine)
        results = local.pool.imap_unordered(pass_indexed, jobs)
        flight[:] = [results, len(jobs)]
        for _ in jobs:
            while True:  # wake for progress reports while the workers search
                try:
                    item = results.next(timeout=waits())
                    break
                except multiprocessing.TimeoutError:
                    clock.tick(searched(), bound)  # raises Stop at the deadline
            flight[1] -= 1
            yield item

    def engine_passes(jobs):
        owner = {engine.submit(pass_indexed, job): job for job in jobs}
        pending.update(owner)
        while pending:
            finished, rest = engine.wait(pending, timeout=waits())
            if not finished:
                clock.tick(searched(), bound)  # raises Stop at the deadline
                continue
            pending.intersection_update(rest)
            for future in finished:
                try:
                    result = future.result()
                except Exception as error:
                    if not engine.lost(error):
                        raise
                    again = engine.submit(pass_indexed, owner[future])  # its worker died: run it again
                    owner[again] = owner[future]
                    pending.add(again)
                    continue
                yield result

    try:
        while True:
            # each pass split for the workers there are now (a cluster may grow or lose some)
            workers = split_for or (engine.workers if engine is not None else processes)
            depth, nodes, best, found = split_pass(problem, bound, workers, h, depth)
            if found is not None:
                settle = True
                mark.save(bound, depth, base, passes, done, found)
                return finish(problem, directions(neighbors, found), bound, searched(), clock, NAME, None)
            for _, n_best in done.values():
                best = max(best, n_best)
            order = [i for i in range(len(nodes)) if tuple(nodes[i][2]) not in done]
            if not korf:  # Korf's order: as split_pass lists them, his search's
                share = min([depth + 1, *map(len, sizes)])  # the first cells both passes' paths have
                guess = summed(sizes, share)
                order.sort(key=lambda i: -guess.get(tuple(nodes[i][2][:share]), 0))  # stable: lowest h next
            tasks = len(nodes)
            mark_pass = local.next_pass() if local is not None else numbered() if numbered else 0
            jobs = [(i, (nodes[i][0], goal, nodes[i][1], bound - depth), mark_pass) for i in order]
            seconds: list[tuple[list[int], int, float]] = []
            for i, (ok, b, n, cells), took in passes_of(jobs):
                if live is not None:
                    ran += n
                done[tuple(nodes[i][2])] = (n, b)
                best = max(best, b)
                seconds.append((nodes[i][2], n, took))
                if ok:
                    settle = True
                    path = nodes[i][2] + cells
                    mark.save(bound, depth, base, passes, done, path)
                    return finish(problem, directions(neighbors, path), bound, searched(), clock, NAME, None)
                mark.save(bound, depth, base, passes, done, now=False)
            if timed is not None:
                timed.append((bound, depth, seconds))
            sizes = {path: n for path, (n, _) in done.items()}
            base, done, passes, tasks, depth = base + sum(sizes.values()), {}, passes + 1, 0, None
            ended, bound = bound, next_bound(bound, best, parity)
            mark.save(bound, depth, base, passes, done)
            mark.passed(ended)
            clock.tick(searched(), bound)
    except Stop as stop:
        settle = True
        mark.save(bound, depth, base, passes, done)
        return finish(problem, None, bound, searched(), clock, NAME, stop.why)
    except KeyboardInterrupt:
        mark.save(bound, depth, base, passes, done)
        raise Interrupted(mark.stopped_line(bound, len(done), tasks)) from None
    finally:
        if local is not None and not (keeper is not None and settle and local.settle(flight)):
            local.close()
            if keeper is not None:
                keeper.kept = None
        elif pending:  # the rest of the pass that found the answer, or the one the time ended
            if numbered is not None and settle:
                engine.stop_passes(pending, SETTLE_SECONDS)  # its workers keep their tables
            else:
                engine.cancel(pending)
