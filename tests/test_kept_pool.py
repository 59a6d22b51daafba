"""The split search's kept pool (npuzzle.pdb.parallel.kept_pool: worker processes started
once and reused for every board, as bench.py versions runs them) and its going on with the
pass the quick try stopped in (npuzzle.pdb.kernel.interrupted_pass).

A split search's count includes the subtrees under way when the answer came, which
depends on timing; every pass before that one is counted subtree by subtree (the
``timed`` records), and those counts, the lengths and the passes must be the same in a
kept pool as in a fresh one, board after board and again."""

from __future__ import annotations

import pytest
from support import korf100

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.batch.engines import LocalEngine
from npuzzle.pdb import kernel, parallel
from npuzzle.pdb.frontier import memo

T4 = Topology(4, 4)
GOAL = tuple(range(16))
# The quick try's budget here, so that these boards split after a fraction of a second
# (the standard databases the tests use).
BUDGET = 40_000
BOARDS = (0, 7)  # Korf #1 and #8: 57 and 50 moves, each a split pass or more


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    assert pdb.prepare(GOAL, T4)
    monkeypatch.setattr(parallel, "QUICK_NODES", BUDGET)


def searches(boards) -> list[tuple]:
    """Each board's (length, optimal, its finished split passes: bound, depth and every
    subtree's blank cells and nodes)."""
    rows = []
    for index in boards:
        board, optimum = korf100()[index]
        timed: list = []
        r = parallel.idastar_parallel(Problem(board, GOAL, T4), 2, timed=timed)
        assert (r.length, r.optimal, r.found) == (optimum, True, True)
        assert apply_moves(board, r.moves, T4) == GOAL
        passes = [(bound, depth, sorted((tuple(c), n) for c, n, _ in subtrees)) for bound, depth, subtrees in timed]
        assert passes, "the board was not split"
        assert r.nodes > sum(n for _, _, subtrees in passes for _, n in subtrees)
        rows.append((r.length, r.optimal, passes))
    return rows


@pytest.mark.cluster
def test_a_kept_pool_gives_the_same_answers_and_counts_as_a_fresh_one_each_time():
    fresh = searches(BOARDS)  # a pool started and ended for each board
    with parallel.kept_pool() as keeper:
        kept = searches(BOARDS)
        workers = keeper.kept
        assert workers is not None  # kept after each answer: the pass's other subtrees cancelled
        assert searches(BOARDS) == kept == fresh
        assert keeper.kept is workers  # the same processes served every board
    assert keeper.kept is None  # ended with the block


@pytest.mark.cluster
def test_a_local_engine_keeps_its_workers_after_a_split_answer():
    # npuzzle batch's split mode: the passes run on the engine's workers, which load the
    # tables once; the pass that found the answer is stopped, not its workers
    fresh = searches(BOARDS)
    engine = LocalEngine(2)
    try:
        with parallel.split_over(engine):
            first = searches(BOARDS[:1])
            workers = engine._pool
            assert first + searches(BOARDS[1:]) == fresh
        assert engine._pool is workers and engine.cancelled.value == engine.passes > 0
    finally:
        engine.close()


@pytest.mark.cluster
def test_the_split_goes_on_with_the_subtrees_the_quick_try_had_not_searched():
    board, optimum = korf100()[0]
    problem = Problem(board, GOAL, T4)
    first = parallel.quick_try(problem, None, None, budget=BUDGET)
    assert not first.found and first.stopped == "time limit"
    bound, depth, finished = kernel.interrupted_pass()
    assert bound == first.lower_bound < optimum and depth == kernel.ORDER_DEPTH
    nodes, _, found = parallel.split_frontier(problem, bound, depth, memo(GOAL))
    every = {tuple(cells) for _, _, cells in nodes}
    assert found is None and finished and set(finished) < every
    assert sum(n for n, _ in finished.values()) < first.nodes
    # the same every time: a matter of nodes
    parallel.quick_try(problem, None, None, budget=BUDGET)
    assert kernel.interrupted_pass() == (bound, depth, finished)
    # the split's first pass is that pass's other subtrees, and nothing of it twice
    timed: list = []
    r = parallel.idastar_parallel(problem, 2, timed=timed)
    assert r.length == optimum and timed[0][:2] == (bound, depth)
    assert {tuple(c) for c, _, _ in timed[0][2]} == every - set(finished)
    # a search that ends, or stops between passes, leaves no pass behind
    assert pdb.idastar(problem).length == optimum and kernel.interrupted_pass() is None


@pytest.mark.cluster
def test_a_kept_pool_is_started_again_when_what_its_workers_took_changes(monkeypatch):
    # forked workers have this process's tables and settings as they were at the fork
    with parallel.kept_pool() as keeper:
        first = keeper.workers(2)
        assert keeper.workers(2) is first
        monkeypatch.setenv("NPUZZLE_ORDER", "korf")
        second = keeper.workers(2)
        assert second is not first and keeper.workers(3) is not second
