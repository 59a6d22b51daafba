"""Answer every board: optimal while it can finish, then near-optimal, then constructive.

    >>> from npuzzle.rules.notation import parse_problem
    >>> r = solve(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    >>> r.moves, r.optimal
    ('RR', True)

Strategies (``strategy=``):
- ``optimal``: IDA* or A* with the strongest heuristic available (pattern databases on
  3x3 and 4x4, and on 5x5 once built; linear conflict elsewhere); may run as long as the
  time limit allows.
- ``weighted``: weighted IDA* on f = g + w*h; an answer is at most w times the optimum.
  A ladder of weights takes turns (_weight_ladder): from 2 down to 6/5 where pattern
  databases are loaded (3x3, 4x4, 5x5 with the blank's goal in a corner), from 3 down
  to 4/3 with linear conflict elsewhere.
- ``constructive``: line by line, then the last 4x4 (or 3x3) optimally
  (npuzzle.search.constructive): under a second on 30x30, about 2x the optimum on 5x5.
- ``auto`` (the default): 3x3, 4x4 and boards of at most 12 cells get optimal search
  for up to a minute (or 3/4 of the time limit), then fall through to what follows.
  Bigger boards try optimal search for a quarter of the budget when the lower bound is
  small, then, up to 7x7, the ladder of weighted IDA* (on a 5x5 with its databases
  with an 8 s budget, after a beam search (npuzzle.search.beam) for nine tenths of it;
  elsewhere with linear conflict for half the time, then the
  constructive solver with its last two lines placed by search); bigger boards go to
  the constructive solver.
  The shortest answer found is returned, after its last tenth of the budget has
  shortened it (npuzzle.search.shorten: stretches re-solved optimally).

Every answer says ``optimal`` only when proven, and carries the admissible
``lower_bound`` (linear conflict, or the bound IDA* proved) so a person sees how close
it is.  ``notes`` list what was tried.
"""

from __future__ import annotations

import time
from dataclasses import replace

from .. import pdb
from ..catalogue import Text
from ..result import Progress, Result
from ..rules.board import Problem, tiles_moved
from ..rules.solvability import solvability
from . import constructive, optimal
from .constructive import SEARCH_MAX_CELLS
from .heuristics import Heuristic, lower_bound
from .shorten import shorten
from .stages import (
    BEAM_SHARE,
    LADDER,
    LC_LADDER,
    LC_LADDER_SHARE,
    SHORTEN_SHARE,
    Budget,
    Stage,
    beam_stage,
    constructive_stage,
    ladder_stage,
    length,
    optimal_stage,
    stopped_stage,
)

__all__ = [
    "STRATEGIES",
    "DEFAULT_BUDGET",
    "DATABASE_BUDGET",
    "Stage",
    "solve",
    "best_heuristic",
    "databases_needed",
    "split_seconds",
    "stopped_stage",
    "races",
    "RACE_LANES",
]

STRATEGIES = ("auto", "optimal", "weighted", "constructive")
# Seconds `auto` and `weighted` spend searching when no time limit is given: well inside
# the 10 s a person waits in the browser (where Python does about half as much in it).
DEFAULT_BUDGET = 4.0
# ...and on the 5x5 with its databases, where more time keeps buying shorter answers
# (korf24 in Pyodide, first 10: 1.17 x the optimum in 4 s, 1.10 in 8 s).
DATABASE_BUDGET = 8.0
_OPTIMAL_LIMIT = 60.0  # seconds of optimal search on 4x4, 3x3 and small boards...
_SMALL_OPTIMAL_SHARE = 0.75  # ...or this share of a given time limit
_OPTIMAL_TRY_BOUND = 55  # bigger boards try optimal search only below this lower bound...
_OPTIMAL_SHARE = 0.25  # ...for this share of the budget


def _databases_ready(problem: Problem) -> bool:
    """The databases for weighted search (3x3, 4x4, 5x5 with the blank's goal in a corner)
    are loaded or cached: never built here (minutes)."""
    t = problem.topology
    return pdb.supports(t, problem.goal) and pdb.prepare(problem.goal, t, build=False)


def databases_needed(
    problem: Problem, strategy: str = "auto", heuristic: str | None = None, algorithm: str = "idastar"
) -> set[str]:
    """The pattern databases solve() would use for this request: the page fetches these.

    (On a 5x5 with its own databases, the constructive solver's 4x4 ones are not among
    them: it runs only when no weight finished, and then ends on a 3x3 instead.)"""
    t, goal = problem.topology, problem.goal
    if heuristic not in (None, "pdb") or strategy not in STRATEGIES or algorithm != "idastar":
        return set()
    if strategy != "constructive" and pdb.supports(t, goal):
        return pdb.database_names(goal, t)
    if strategy in ("auto", "constructive") and heuristic is None:
        return constructive.databases_needed(goal, t)
    return set()


def best_heuristic(problem: Problem) -> str:
    """The strongest admissible heuristic for this board."""
    t = problem.topology
    if not pdb.supports(t, problem.goal) or (t.size == 25 and not _databases_ready(problem)):
        return "linear-conflict"  # the 5x5 databases take minutes to build: only when asked for
    return "pdb"


def _small(problem: Problem) -> bool:
    """Boards `auto` gives most of the time to optimal search."""
    t = problem.topology
    return t.size <= 12 or pdb.supports(t) and t.size == 16


def split_seconds(
    problem: Problem,
    algorithm: str = "idastar",
    heuristic: str | None = None,
    *,
    strategy: str = "auto",
    time_limit: float | None = None,
) -> tuple[bool, float | None]:
    """Whether solve() begins with optimal IDA* on the pattern databases (the split passes
    of npuzzle.pdb.parallel), and the seconds it gives it (None: no limit).  For the page's
    pool of workers, which runs those passes itself and then calls solve(tried=...)."""
    if strategy == "auto" and (heuristic is not None or algorithm != "idastar"):
        strategy = "optimal"
    if strategy not in ("auto", "optimal") or algorithm != "idastar" or (strategy == "auto" and not _small(problem)):
        return False, None
    if (heuristic or best_heuristic(problem)) != "pdb" or pdb.unavailable(problem) is not None:
        return False, None
    if not solvability(problem.start, problem.goal, problem.topology).solvable:
        return False, None
    if strategy == "optimal":
        return True, time_limit
    return True, _OPTIMAL_LIMIT if time_limit is None else time_limit * _SMALL_OPTIMAL_SHARE


# Workers a race uses at most: each worker racing a 5x5 loads its databases (about 130 MB).
RACE_LANES = 4


def races(
    problem: Problem, algorithm: str = "idastar", heuristic: str | None = None, *, strategy: str = "auto"
) -> bool:
    """Whether solve() would spend its time on a ladder of weights (`auto` on boards past
    4x4 up to 7x7, wrapped or odd-goal 4x4s and the like, and `weighted` on any): the
    page's pool of workers then races the ladder's weights over its workers, each taking
    a lane (see solve's `lane`), and keeps the shortest answer."""
    if strategy == "auto" and (heuristic is not None or algorithm != "idastar"):
        return False
    if strategy not in ("auto", "weighted") or (strategy == "auto" and _small(problem)):
        return False
    t = problem.topology
    if strategy == "auto" and t.size > SEARCH_MAX_CELLS:
        return False
    return solvability(problem.start, problem.goal, t).solvable


def _lane(ladder: tuple[tuple[int, int], ...], lane: tuple[int, int]) -> tuple[tuple[tuple[int, int], int], ...]:
    """The (weight, move order) runs of lane k of n, for linear conflict (one move order).
    Lane 0 runs the whole ladder, so a race never answers worse than one worker; the
    others share out its smaller half, each weight with the time of a whole worker: those
    are the weights that give short answers but seldom finish when they take turns with
    the others."""
    k, n = lane
    if k == 0:
        return tuple((w, 0) for w in ladder)
    half = ladder[len(ladder) // 2 :]
    return tuple((w, 0) for w in half[(k - 1) % len(half) :: n - 1])  # more lanes than weights: they repeat


def _database_lane(lane: tuple[int, int]) -> tuple[tuple[tuple[int, int], int], ...]:
    """The (weight, move order) runs of lane k of n with the databases: every lane runs the
    whole ladder, in a move order of its own (pdb.MOVE_ORDERS), so racing workers find
    different answers rather than the same one.  (Each weight in two orders in one lane:
    korf24, odd boards 1-49, 4.4 s: 1.128 x the optimum on average against 1.134, and
    #49 142 moves against 122: no better than luck.)"""
    k, _ = lane
    return tuple((w, k % len(pdb.MOVE_ORDERS)) for w in LADDER)


def solve(
    problem: Problem,
    algorithm: str = "idastar",
    heuristic: str | None = None,
    *,
    strategy: str = "auto",
    time_limit: float | None = None,
    max_nodes: int | None = None,
    progress: Progress | None = None,
    tried: Stage | None = None,
    lane: tuple[int, int] = (0, 1),
) -> Result:
    """Solve with the chosen strategy.  Naming a heuristic, or A*, asks for optimal search.

    tried: the optimal search `auto` begins with on small boards, already run to its time
    limit elsewhere (the page's pool of workers, see split_seconds): what it proved.
    lane (k, n): one of n workers racing (see races and _lane): lane 0 runs the whole
    ladder, the others a share of its smaller half, in the same time."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: choose from {', '.join(STRATEGIES)}")
    if strategy == "auto" and (heuristic is not None or algorithm != "idastar"):
        strategy = "optimal"
    if strategy == "optimal":
        return optimal.solve(
            problem,
            algorithm,
            heuristic or best_heuristic(problem),
            time_limit=time_limit,
            max_nodes=max_nodes,
            progress=progress,
        )
    verdict = solvability(problem.start, problem.goal, problem.topology)
    if not verdict.solvable:
        return optimal.solve(problem)  # the unsolvable Result, with its reason
    begun = time.perf_counter()
    t = problem.topology
    stages: list[Stage] = [Stage(bound=lower_bound(problem.start, problem.goal, t))]
    small = strategy == "auto" and _small(problem)
    if small:
        # Optimal search finishes here (Korf's 4x4s in under 6 s each), but the rare
        # hardest boards may take minutes: give it most of the time, then answer anyway.
        share = _OPTIMAL_LIMIT if time_limit is None else time_limit * _SMALL_OPTIMAL_SHARE
        stage = tried or optimal_stage(problem, best_heuristic(problem), share, progress)
        if isinstance(stage, Result):
            return stage
        stages.append(stage)
        time_limit = DEFAULT_BUDGET if time_limit is None else time_limit * (1 - _SMALL_OPTIMAL_SHARE)
    weighted = strategy == "weighted" or (strategy == "auto" and t.size <= SEARCH_MAX_CELLS)
    databases = weighted and _databases_ready(problem)
    # the budget's clock starts after loading the databases (about a second on 5x5)
    if time_limit is None:
        time_limit = DATABASE_BUDGET if databases and t.size > 16 else DEFAULT_BUDGET
    shortens = strategy != "constructive" and t.size <= SEARCH_MAX_CELLS
    budget = Budget(time_limit, time_limit * SHORTEN_SHARE if shortens else 0.0)

    bound = max(s.bound for s in stages)
    if strategy == "auto" and not small and bound < _OPTIMAL_TRY_BOUND:
        stage = optimal_stage(
            problem, "pdb" if databases else "linear-conflict", budget.seconds * _OPTIMAL_SHARE, progress
        )
        if isinstance(stage, Result):
            return stage
        stages.append(stage)
    if weighted and not databases and t.size == 25 and pdb.supports(t, problem.goal):
        stages.append(Stage(notes=(pdb.missing_note(5),)))
    if databases and strategy == "auto" and t.size > 16 and BEAM_SHARE > 0:
        stages.append(beam_stage(problem, lambda: budget.left(budget.seconds * (1 - BEAM_SHARE)), lane, progress))
    if databases:
        stages.append(
            ladder_stage(problem, pdb.PatternDatabases(problem.goal), _database_lane(lane), budget.left, progress)
        )
    else:
        # Up to 7x7 without databases: the ladder with linear conflict for half the time,
        # then the constructive solver with its last two lines placed by search (which
        # often wins on 6x6 and 7x7); the shortest answer is kept.
        if weighted:
            cut = (budget.seconds - budget.reserve) * (1 - LC_LADDER_SHARE) if strategy != "weighted" else 0.0
            h = Heuristic.make("linear-conflict", problem.goal, t)
            stages.append(ladder_stage(problem, h, _lane(LC_LADDER, lane), lambda: budget.left(cut), progress))
        if strategy != "weighted":
            stages.append(constructive_stage(problem, max(budget.left(), 0) if strategy == "auto" else None, progress))
    if not any(s.answers for s in stages):
        stages.append(constructive_stage(problem, None, progress))
    return _finish(problem, stages, budget, begun, verdict.reason)


def _finish(problem: Problem, stages: list[Stage], budget: Budget, begun: float, reason: str) -> Result:
    """The shortest answer of all stages, shortened in the reserved time, with the best
    bound, all the nodes and notes."""
    notes = [note for s in stages for note in s.notes]
    best = min((r for s in stages for r in s.answers), key=length)
    bound = max(s.bound for s in stages)
    moves = best.moves
    if budget.reserve and length(best) > bound:
        moves = shorten(problem.start, best.moves, problem.topology, time_limit=max(budget.rest(), 0.0))
        if len(moves) < length(best):
            notes.append(Text("note.shortened", before=best.length, after=len(moves)))
    bound = max(bound, best.lower_bound)
    return replace(
        best,
        moves=moves,
        length=len(moves),
        tiles=tiles_moved(problem.start, moves, problem.topology),
        lower_bound=bound,
        optimal=len(moves) == bound,
        nodes=sum(s.nodes for s in stages),
        seconds=time.perf_counter() - begun,
        reason=reason,
        notes=notes,
    )
