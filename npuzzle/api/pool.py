"""The actions of the page's pool of workers (web/solver/pool.js): a solve split over several.

    >>> split_start("3x3:1,2,3,4,5,6,0,7,8")["moves"]  # solve's own answer: nothing to split
    'RR'

A solve over several workers: split_start in one worker (solve's answer, or the subtrees
of the split passes), split_pass for each subtree in whichever worker is free, pass after
pass (the loop of npuzzle.pdb.parallel.idastar_parallel, in JavaScript), then split_finish
for the answer in solve's shape.  Boards answered by a ladder of weights (5x5 and up) are
raced instead: split_start says so, each worker takes a lane of the ladder's weights for
the whole time (solve with ``lane``), and the pool keeps the shortest answer.
"""

from __future__ import annotations

import dataclasses

from .. import pdb
from ..pdb import parallel
from ..pdb.kernel import directions, korf_order, solution_parity
from ..result import Clock, finish
from ..rules.board import apply_moves
from ..rules.notation import format_board_id
from ..rules.solvability import solvability
from ..search import portfolio
from .checks import (
    MAX_LANES,
    TIME_LIMIT_RANGE,
    Refused,
    check_numbers,
    problem,
    replies,
    reporter,
    solve_problem,
    whole,
)
from .game import solve, solve_reply
from .protocol import ErrorReply, ProgressCallback, SolveReply, SplitJob, SplitPassReply, SplitStartReply

__all__ = ["split_start", "split_pass", "split_finish"]


@replies
def split_start(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    algorithm: str = "idastar",
    heuristic: str | None = None,
    strategy: str = "auto",
    time_limit: float | None = None,
    max_nodes: int | None = None,
    lanes: int | None = None,
    progress: ProgressCallback | None = None,
) -> SplitStartReply | ErrorReply:  # (solve, asked again, refuses nothing split_start passed)
    """solve's first step for a pool of workers.  When solve would begin with optimal IDA*
    on the pattern databases and its sequential try (1 s) does not finish it:
    ``{"ok": True, "split": {"bound", "parity", "nodes", "seconds", "left", "depth", "jobs", "reorder"}}``:
    the first pass's bound, the solutions' parity, the nodes and seconds so far, the seconds
    left for optimal search (None: no limit), and the subtrees ``depth`` moves below the
    start, most promising first, as ``{"board", "back", "cells"}`` (split_pass's arguments;
    cells: the blank's cells from the start); reorder: whether later passes take them most
    visited first (False on the 24-puzzle: Korf's order, the jobs' own, every pass).  With ``lanes`` (the pool's workers, more than
    one) and a board whose solve runs a ladder of weights (portfolio.races):
    ``{"ok": True, "race": n}``, n = lanes but at most portfolio.RACE_LANES: the pool then
    sends solve with ``lane`` [k, n] to each of n workers and keeps the shortest answer.
    Otherwise solve's own answer."""
    found = solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    if lanes is not None and not (whole(lanes) and 1 <= lanes <= MAX_LANES):
        raise Refused("options", f"lanes must be a whole number from 1 to {MAX_LANES}")
    if lanes and lanes > 1 and portfolio.races(found, algorithm, heuristic, strategy=strategy):
        return {"ok": True, "race": min(lanes, portfolio.RACE_LANES)}
    split, seconds = portfolio.split_seconds(found, algorithm, heuristic, strategy=strategy, time_limit=time_limit)
    if not split or (seconds is not None and seconds <= parallel.SEQUENTIAL_SECONDS):
        return solve(
            board,
            goal,
            wrap,
            algorithm=algorithm,
            heuristic=heuristic,
            strategy=strategy,
            time_limit=time_limit,
            max_nodes=max_nodes,
            progress=progress,
        )
    first = parallel.quick_try(found, seconds, reporter(progress))
    if first.found or first.stopped != "time limit":
        reason = solvability(found.start, found.goal, found.topology).reason
        return solve_reply(found, dataclasses.replace(first, reason=reason), max_nodes)
    t = found.topology
    jobs: list[SplitJob] = [
        {"board": format_board_id(t.width, t.height, b), "back": back, "cells": cells}
        for b, back, cells in parallel.split_jobs(found)
    ]
    return {
        "ok": True,
        "split": {
            "bound": first.lower_bound,
            "parity": solution_parity(found),
            "nodes": first.nodes,
            "seconds": first.seconds,
            "left": None if seconds is None else seconds - first.seconds,
            "depth": parallel.SPLIT_DEPTH,
            "jobs": jobs,
            "reorder": not korf_order(found),
        },
    }


@replies
def split_pass(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    back: int,
    depth_left: int,
    bound: int,
    parity: int,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SplitPassReply:
    """One IDA* pass below a subtree's board (a job of split_start), ``depth_left`` moves
    deep, never first moving the blank back to ``back``: ``{"ok", "found", "best", "next_bound",
    "nodes", "cells", "stopped"}`` (best: the largest negative slack pruned; next_bound: the
    next pass's bound by this subtree, keeping the solutions' ``parity``, so the page's
    coordinator takes the least and has no rule of its own; cells: the blank's
    cells below the board when found; stopped: "time limit" or None).  Progress reports
    give the whole pass's ``bound`` and this subtree's nodes."""
    found = problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE)})
    if (
        not all(whole(v) for v in (back, depth_left, bound))
        or not 0 <= back <= found.topology.size
        or parity not in (0, 1)
        or not whole(parity)
    ):
        raise Refused(
            "options", "back, depth_left and bound must be whole numbers (back a cell, or the size), parity 0 or 1"
        )
    note = pdb.unavailable(found)
    if note:
        raise Refused("database", note)
    hit, best, nodes, cells, stopped = parallel.timed_pass(
        (found.start, found.goal, back, depth_left), bound, time_limit, reporter(progress)
    )
    next_bound = parallel.next_bound(bound, best, parity)
    return {
        "ok": True,
        "found": hit,
        "best": best,
        "next_bound": next_bound,
        "nodes": nodes,
        "cells": cells,
        "stopped": stopped,
    }


@replies
def split_finish(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    cells: list[int] | None,
    bound: int,
    nodes: int,
    seconds: float,
    algorithm: str = "idastar",
    heuristic: str | None = None,
    strategy: str = "auto",
    time_limit: float | None = None,
    max_nodes: int | None = None,
    progress: ProgressCallback | None = None,
) -> SolveReply:
    """solve's answer after the split passes: the solution along ``cells`` (the blank's
    cells from the start; optimal, bound its length), or, with cells None, what solve does
    when its optimal search ran out of time having proven ``bound`` (``auto`` goes on to
    the near-optimal stages).  nodes and seconds: the pool's, counted from split_start."""
    found = solve_problem(board, goal, wrap, algorithm, heuristic, strategy, time_limit, max_nodes)
    check_numbers({"seconds": (seconds, 0, 1e9), "nodes": (nodes, 0, 1e18), "bound": (bound, 0, 1e6)})
    reason = solvability(found.start, found.goal, found.topology).reason
    clock = Clock("idastar", None, None)
    if cells is not None:
        neighbors = found.topology.neighbors
        if not (
            isinstance(cells, list)
            and cells
            and all(whole(c) and 0 <= c < len(neighbors) for c in cells)
            and cells[0] == found.start.index(0)
            and all(any(c == b for _, c in neighbors[a]) for a, b in zip(cells, cells[1:]))
        ):
            raise Refused("options", "cells must be the blank's way from the start, cell by cell")
        result = finish(found, directions(neighbors, cells), bound, int(nodes), clock, pdb.NAME, None)
        if apply_moves(found.start, result.moves, found.topology) != found.goal:
            raise Refused("options", "cells must lead the blank to the goal")
        return solve_reply(found, dataclasses.replace(result, seconds=seconds, reason=reason), max_nodes)
    split, _ = portfolio.split_seconds(found, algorithm, heuristic, strategy=strategy, time_limit=time_limit)
    if strategy == "auto" and heuristic is None and algorithm == "idastar" and split:
        result = portfolio.solve(
            found,
            strategy="auto",
            time_limit=time_limit,
            progress=reporter(progress),
            tried=portfolio.stopped_stage(seconds, int(nodes), int(bound)),
        )
        return solve_reply(found, dataclasses.replace(result, seconds=seconds + result.seconds), max_nodes)
    result = finish(found, None, int(bound), int(nodes), clock, pdb.NAME, "time limit")
    return solve_reply(found, dataclasses.replace(result, seconds=seconds, reason=reason), max_nodes)
