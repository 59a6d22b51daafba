"""The stages of a solve (npuzzle.search.portfolio): optimal search for a while, the ladder of
weighted IDA* that take turns, the beam search on the 5x5, the constructive solver.  Each
returns a Stage, its answers and what it proved; the portfolio runs them and keeps the
shortest answer.

    >>> from npuzzle.rules.notation import parse_problem
    >>> stage = constructive_stage(parse_problem("3x3:1,2,3,4,5,6,0,7,8"), None, None)
    >>> [r.length for r in stage.answers], fraction((7, 4))
    ([2], '7/4')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import pdb
from ..catalogue import Text
from ..result import Progress, Result
from ..rules.board import Problem, tiles_moved
from . import optimal
from .beam import beam_search
from .constructive import constructive_moves
from .heuristics import Heuristic

# Weighted IDA* with the databases, from the biggest weight down.  How long one weight
# takes is erratic (korf24 #4: w = 2 4.5 s, 7/4 0.10 s, 5/3 0.05 s, 8/5 3.9 s), so they
# take turns in slices that double each round, each resuming where it stopped; once one
# finishes, only smaller weights go on.  (korf24, CPython, each weight alone within 20 s:
# 2 finished 50 of 50 boards at 1.47 x the optimum, 3/2 46 at 1.14 (median 0.4 s),
# 4/3 10 of the first 19 within 10 s at 1.07.)
LADDER = ((2, 1), (7, 4), (5, 3), (8, 5), (3, 2), (7, 5), (4, 3), (5, 4), (6, 5))
FIRST_SLICE = 0.05  # seconds

# On a 5x5 with its databases a beam search (npuzzle.search.beam) comes first, with this share of
# the budget: a narrow beam of FIRST_WIDTH times the machine, then the widest beam that
# fits (at most MAX_WIDTH boards a depth, for memory), BEAM_SAFETY keeping a margin.
BEAM_SHARE = 0.9
FIRST_WIDTH = 500
BEAM_SAFETY = 0.9
MAX_WIDTH = 30000
BEAM_BEND = 25
SHORTEN_SHARE = 0.1  # of the budget, kept for shortening the answer


# Without databases (linear conflict: wrapped boards, other goals, up to 7x7) the ladder
# starts higher: there w = 2 may need seconds where 3 takes a fraction of one.
LC_LADDER = ((3, 1), (5, 2), (2, 1), (7, 4), (5, 3), (3, 2), (4, 3))
# ...for this share of the time, the constructive solver having the rest (wrapped 5x5,
# 6x6, 2x8, 7x4 boards of `bench.py solve wrapped` and `random`: 4 % fewer moves in all than
# w = 2, the constructive solver and w = 5/3 in turn; a 3/4 share: 4 % more)
LC_LADDER_SHARE = 0.5


@dataclass(frozen=True)
class Stage:
    """What one stage of a solve produced: its answers (not proven optimal unless one
    says so), notes for the person, nodes searched and the lower bound it proved."""

    answers: tuple[Result, ...] = ()
    notes: tuple[str, ...] = ()
    nodes: int = 0
    bound: int = 0


class Budget:
    """One clock for the stages after the optimal try: ``seconds`` in all, of which the
    last ``reserve`` are kept for shortening the answer."""

    def __init__(self, seconds: float, reserve: float):
        self.seconds = seconds
        self.reserve = reserve
        self.start = time.perf_counter()

    def left(self, keep: float = 0.0) -> float:
        """Seconds left for searching, keeping the reserve and ``keep`` more."""
        return self.seconds - self.reserve - keep - (time.perf_counter() - self.start)

    def rest(self) -> float:
        """Seconds left in all, the reserve included."""
        return self.seconds - (time.perf_counter() - self.start)


def optimal_stage(problem: Problem, heuristic: str, seconds: float, progress: Progress | None) -> Stage | Result:
    """Optimal IDA* for at most ``seconds``: its Result when it finishes, else a Stage
    with the bound it proved."""
    r = optimal.solve(problem, "idastar", heuristic, time_limit=seconds, progress=progress)
    return r if r.found else stopped_stage(r.seconds, r.nodes, r.lower_bound)


def stopped_stage(seconds: float, nodes: int, bound: int) -> Stage:
    """The Stage of an optimal search stopped by its time limit, having proven bound."""
    return Stage(notes=(Text("note.optimal_stopped", seconds=seconds, bound=bound),), nodes=nodes, bound=bound)


def length(answer: Result) -> int:
    """The length of an answer found (every stage's answers are)."""
    assert answer.length is not None
    return answer.length


def ladder_stage(
    problem: Problem,
    heuristic: Heuristic | pdb.PatternDatabases,
    ladder: tuple[tuple[tuple[int, int], int], ...],
    left: Callable[[], float],
    progress: Progress | None,
) -> Stage:
    """Weighted IDA* with each (weight, move order) of the ladder in turn while left() > 0
    (slices that double each round; once one finishes, only the same weight in other
    orders and smaller weights go on).

    Progress reports count nodes and seconds over all the slices, and add the weight
    being tried and the best length so far."""
    label = "pattern databases" if heuristic.name == pdb.PatternDatabases.name else heuristic.name
    pending = [optimal.WeightedSearch(problem, w, heuristic, order) for w, order in ladder]
    found: list[Result] = []
    notes: list[str] = []
    nodes = 0
    seconds = FIRST_SLICE
    t0 = time.perf_counter()

    def report(info: dict[str, Any], weight: str) -> None:
        assert progress is not None  # (report is passed on only when there is progress)
        best = min((length(r) for r in found), default=None)
        progress(
            {
                **info,
                "nodes": nodes + info["nodes"],
                "seconds": round(time.perf_counter() - t0, 3),
                "weight": weight,
                "best": best,
            }
        )

    while pending and left() > 0:
        for run in list(pending):
            if run not in pending or left() <= 0:
                continue
            each = None if progress is None else lambda info, w=fraction(run.weight): report(info, w)  # noqa: B008  (bound now, per run)
            r = run.run(min(seconds, left()), each)
            nodes += r.nodes
            if r.found:
                p, q = run.weight
                notes.append(
                    Text(
                        "note.weighted_found",
                        w=fraction(run.weight),
                        label=label,
                        length=r.length,
                        seconds=run.seconds,
                        factor=p / q,
                    )
                )
                found.append(r)
                pending = [x for x in pending if x is not run and x.weight[0] * q <= p * x.weight[1]]
        seconds *= 2
    if pending:
        notes.append(
            Text(
                "note.weighted_unfinished",
                label=label,
                weights=", ".join(fraction(r.weight) for r in pending),
                seconds=max(r.seconds for r in pending),
            )
        )
    return Stage(tuple(found), tuple(notes), nodes, max((r.lower_bound for r in found), default=0))


def beam_stage(problem: Problem, left: Callable[[], float], lane: tuple[int, int], progress: Progress | None) -> Stage:
    """Beam search with the databases (npuzzle.search.beam) as wide as fits in left(): a narrow
    beam first times this machine, then the wide one.  Racing lanes break ties in turn
    one way and the other, so two workers find different answers."""
    tie = lane[0] % 2
    first = beam_search(problem, FIRST_WIDTH, time_limit=max(left(), 0.0), tie=tie)
    answers, nodes = [first], first.nodes
    width = min(int(FIRST_WIDTH * widening(BEAM_SAFETY * left() / max(first.seconds, 1e-3))), MAX_WIDTH)
    if width > FIRST_WIDTH:
        wide = beam_search(problem, width, time_limit=max(left(), 0.0), progress=progress, tie=tie)
        answers.append(wide)
        nodes += wide.nodes
    found = tuple(r for r in answers if r.found)
    best = min(found, key=length, default=None)
    notes = (
        ()
        if best is None
        else (
            Text(
                "note.beam_found",
                width=max(width, FIRST_WIDTH),
                length=best.length,
                seconds=sum(r.seconds for r in answers),
            ),
        )
    )
    return Stage(found, notes, nodes, max(r.lower_bound for r in answers))


def widening(times: float) -> float:
    """How many times wider than the first beam a beam can be to take ``times`` as long.
    A beam's time grows faster than its width (likely its boards outgrowing the
    processor's caches): w times wider is taken to need w (1 + w / BEAM_BEND) times as
    long, fitted to the page's solves: in Pyodide on Korf's 24-puzzles the wide beam
    (13 to 17 times wider) then takes 5.6-6.1 s of the 6 s left to it.  A beam run alone
    grows a little slower (CPython, 20 and 40 times wider: 30 and 80 times as long, where
    this says 36 and 104): the narrowing catches the one and the other errs short."""
    return max(1.0, (math.sqrt(1 + 4 * max(times, 0.0) / BEAM_BEND) - 1) * BEAM_BEND / 2)


def constructive_stage(problem: Problem, seconds: float | None, progress: Progress | None) -> Stage:
    """The constructive solver: line by line, the last rectangle optimally."""
    t0 = time.perf_counter()
    moves = constructive_moves(problem.start, problem.goal, problem.topology, time_limit=seconds, progress=progress)
    answer = Result(
        solvable=True,
        found=True,
        moves=moves,
        tiles=tiles_moved(problem.start, moves, problem.topology),
        length=len(moves),
        seconds=time.perf_counter() - t0,
        algorithm="constructive",
        heuristic="none",
    )
    return Stage((answer,), (Text("note.constructive", length=len(moves)),))


def fraction(weight: tuple[int, int]) -> str:
    p, q = weight
    return str(p) if q == 1 else f"{p}/{q}"
