"""Beam search with the pattern databases (npuzzle.search.beam)."""

from __future__ import annotations

import pytest
from support import bfs, korf24

from npuzzle import Problem, Topology, apply_moves, pdb, random_board, scramble
from npuzzle.search.beam import beam_search

T3, T5 = Topology(3, 3), Topology(5, 5)
K24_GOAL = tuple(range(25))


@pytest.fixture(scope="module")
def databases5():
    assert pdb.prepare(K24_GOAL, T5)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("tie", [0, 1])
def test_beam_answers_replay_on_3x3(seed, tie):
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    start = random_board(goal, T3, seed)
    dist = bfs(goal, T3)
    r = beam_search(Problem(start, goal, T3), 50, tie=tie)
    assert r.found and apply_moves(start, r.moves, T3) == goal
    assert r.lower_bound <= dist[start] <= r.length and r.algorithm == "beam" and not r.optimal


def test_a_wide_beam_is_optimal_on_3x3():
    # wider than any depth of the 3x3's graph holds: breadth-first search, so shortest
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    dist = bfs(goal, T3)
    for seed in range(4):
        start = random_board(goal, T3, seed)
        assert beam_search(Problem(start, goal, T3), 200_000).length == dist[start]


def test_beam_at_the_goal():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    r = beam_search(Problem(goal, goal, T3), 10)
    assert r.found and r.moves == "" and r.length == 0


def test_a_24_puzzle(databases5):
    board, optimum = korf24()[0]
    wide = beam_search(Problem(board, K24_GOAL, T5), 1000)
    narrow = beam_search(Problem(board, K24_GOAL, T5), 50, tie=1)
    for r in (wide, narrow):
        assert r.found and apply_moves(board, r.moves, T5) == K24_GOAL
        assert pdb.heuristic_value(board, K24_GOAL) == r.lower_bound <= optimum <= r.length
    assert wide.length <= 1.25 * optimum and wide.length < narrow.length
    assert wide.nodes > 5 * narrow.nodes


def test_a_beam_short_of_time_narrows_and_still_answers(databases5):
    board, optimum = korf24()[0]
    r = beam_search(Problem(board, K24_GOAL, T5), 100_000, time_limit=0.2)
    assert r.found and apply_moves(board, r.moves, T5) == K24_GOAL
    assert (
        r.seconds < 20
    )  # its 0.2 s, loosely (a loaded machine overshoots): a beam 100,000 wide all the way takes minutes


def test_a_scramble_is_answered_within_its_moves(databases5):
    start = scramble(K24_GOAL, T5, 30, seed=3)
    r = beam_search(Problem(start, K24_GOAL, T5), 100)
    assert r.found and r.length <= 30 and apply_moves(start, r.moves, T5) == K24_GOAL


def test_a_beam_with_time_to_spare_keeps_its_width(databases5):
    # the same boards with a time limit it does not need as with none: no narrowing
    board, _ = korf24()[0]
    free = beam_search(Problem(board, K24_GOAL, T5), 300)
    timed = beam_search(Problem(board, K24_GOAL, T5), 300, time_limit=60)
    assert (timed.moves, timed.nodes) == (free.moves, free.nodes)


@pytest.mark.parametrize("times", [1.0, 2.5, 10.0, 37.5, 400.0])
def test_the_widening_inverts_the_time_model(times):
    from npuzzle.search.stages import BEAM_BEND as _BEAM_BEND
    from npuzzle.search.stages import widening as _widening

    w = _widening(times)
    assert w * (1 + w / _BEAM_BEND) == pytest.approx(times) if times > 1.04 else w == 1.0
    assert _widening(times * 1.1) >= w
