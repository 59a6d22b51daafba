"""Every board gets an answer: the constructive solver, weighted IDA* and the portfolio."""

from __future__ import annotations

import random

import pytest
from support import bfs

from npuzzle import Heuristic, Problem, Topology, apply_moves, default_goal, random_board, solvability, solve
from npuzzle.search.constructive import cancel_pairs, constructive_moves
from npuzzle.search.heuristics import lower_bound
from npuzzle.search.optimal import idastar
from npuzzle.search.portfolio import databases_needed
from npuzzle.search.shorten import shorten

SHAPES = [
    (3, 3, (), ()),
    (4, 4, (), ()),
    (5, 5, (), ()),
    (2, 5, (), ()),
    (5, 2, (), ()),
    (3, 7, (), ()),
    (7, 4, (), ()),
    (2, 8, (), ()),
    (9, 3, (), ()),
    (10, 10, (), ()),
    (5, 5, (2,), (2,)),
    (3, 3, (1,), ()),
    (4, 3, (), (1,)),
    (6, 4, (0,), (1,)),
    (5, 5, tuple(range(5)), tuple(range(5))),
]


def _goal(w, h, seed):
    """The default goal, or (for odd seeds) a random arrangement with the blank anywhere."""
    if seed % 2 == 0:
        return default_goal(w, h)
    tiles = list(range(w * h))
    random.Random(seed).shuffle(tiles)
    return tuple(tiles)


@pytest.mark.parametrize(
    "w, h, rows, cols", SHAPES, ids=[f"{s[0]}x{s[1]}{'-wrap' if s[2] or s[3] else ''}" for s in SHAPES]
)
def test_constructive_answers_replay_to_the_goal(w, h, rows, cols):
    t = Topology(w, h, rows, cols)
    for seed in range(6):
        goal = _goal(w, h, seed)
        start = random_board(goal, t, seed)
        moves = constructive_moves(start, goal, t)
        assert apply_moves(start, moves, t) == goal
        assert moves == cancel_pairs(moves)
        assert len(moves) >= lower_bound(start, goal, t)


def test_a_30x30_board():
    t = Topology(30, 30)
    goal = default_goal(30, 30)
    start = random_board(goal, t, 3)
    r = solve(Problem(start, goal, t))
    assert r.found and not r.optimal and r.algorithm == "constructive"
    assert apply_moves(start, r.moves, t) == goal
    assert r.lower_bound == lower_bound(start, goal, t) < r.length


def test_the_plain_grid_parity_is_fixed_through_a_wrap():
    t = Topology(5, 5, (2,), (2,))
    goal = default_goal(5, 5)
    start = (2, 1) + goal[2:]  # one swap: unsolvable on the plain grid, solvable with the wraps
    assert not solvability(start, goal, Topology(5, 5)).solvable
    moves = constructive_moves(start, goal, t)
    assert apply_moves(start, moves, t) == goal


def test_lower_bound_is_linear_conflict():
    t = Topology(6, 4)
    rng = random.Random(5)
    for _ in range(50):
        goal = list(range(24))
        rng.shuffle(goal)
        board = random_board(tuple(goal), t, rng.randrange(1000))
        assert lower_bound(board, goal, t) == Heuristic.make("linear-conflict", goal, t).value(board)


def test_weighted_idastar_stays_within_its_weight():
    goal = default_goal(3, 3)
    t = Topology(3, 3)
    dist = bfs(goal, t)
    h = Heuristic.make("linear-conflict", goal, t)
    for board in random.Random(2).sample(sorted(dist), 150):
        r = idastar(Problem(board, goal, t), h, weight=(2, 1))
        assert r.found and not r.optimal or r.length == 0
        assert dist[board] <= r.length <= 2 * dist[board]
        assert apply_moves(board, r.moves, t) == goal
        assert r.lower_bound <= dist[board]


@pytest.mark.parametrize("strategy", ["auto", "weighted", "constructive"])
def test_portfolio_on_a_5x5(strategy):
    t = Topology(5, 5)
    goal = default_goal(5, 5)
    start = random_board(goal, t, 11)
    r = solve(Problem(start, goal, t), strategy=strategy, time_limit=2)
    assert r.found and apply_moves(start, r.moves, t) == goal
    assert r.lower_bound <= r.length and not r.optimal and r.notes
    assert r.algorithm in ("weighted-idastar", "constructive") or strategy == "auto" and r.algorithm == "beam"


def test_portfolio_proves_optimal_when_it_can():
    t = Topology(5, 5, (2,), (2,))
    start = (6, 1, 2, 5, 10, 11, 7, 9, 4, 15, 20, 12, 13, 8, 0, 16, 21, 18, 14, 19, 22, 17, 3, 23, 24)
    r = solve(Problem(start, default_goal(5, 5), t))
    assert r.optimal and r.length == r.lower_bound == 28


def test_portfolio_reports_unsolvable():
    t = Topology(6, 6)
    goal = default_goal(6, 6)
    start = (2, 1) + goal[2:]
    r = solve(Problem(start, goal, t))
    assert not r.solvable and not r.found and r.reason.startswith("unsolvable")


def test_shorten_replays_and_never_lengthens():
    t = Topology(3, 3)
    goal = default_goal(3, 3)
    dist = bfs(goal, t)
    for seed in range(20):  # an optimal answer with three loops round a 2x2 block after it
        start = random_board(goal, t, seed)
        moves = idastar(Problem(start, goal, t), Heuristic.make("manhattan", goal, t)).moves
        end_blank = goal.index(0)
        loop = "ULDR" * 3 if end_blank % 3 and end_blank // 3 else "DRUL" * 3
        padded = moves + loop
        assert apply_moves(start, padded, t) == goal
        assert len(shorten(start, padded, t, time_limit=2.0)) == dist[start]
    t5, goal5 = Topology(5, 5), default_goal(5, 5)
    start = random_board(goal5, t5, 3)
    long = idastar(Problem(start, goal5, t5), Heuristic.make("linear-conflict", goal5, t5), weight=(3, 1)).moves
    short = shorten(start, long, t5, time_limit=2.0)
    assert apply_moves(start, short, t5) == goal5
    assert len(short) < len(long) and (len(long) - len(short)) % 2 == 0


@pytest.mark.parametrize(
    "w, h, goal_blank, strategy, heuristic, expected",
    [
        (5, 5, 24, "auto", None, {"5x5-a", "5x5-b", "5x5-c", "5x5-d", "5x5-e"}),
        (5, 5, 0, "weighted", "pdb", {"5x5-a", "5x5-b", "5x5-c", "5x5-d", "5x5-e"}),
        (5, 5, 24, "auto", "manhattan", set()),
        (5, 5, 12, "auto", None, {"corner6", "ring6"}),  # no corner: the constructive finish on a 4x4
        (5, 5, 24, "constructive", None, {"corner6"}),
        (4, 4, 15, "auto", None, {"corner6"}),
        (4, 4, 5, "optimal", None, {"corner6", "ring6"}),
        (6, 6, 35, "auto", None, {"corner6"}),
        (6, 6, 35, "optimal", None, set()),
        (9, 9, 80, "auto", None, set()),
    ],
)
def test_databases_needed(w, h, goal_blank, strategy, heuristic, expected):
    tiles = list(range(1, w * h))
    tiles.insert(goal_blank, 0)
    goal = tuple(tiles)
    assert databases_needed(Problem(goal, goal, Topology(w, h)), strategy, heuristic) == expected


def test_an_easy_5x5_is_answered_optimally_without_the_databases(monkeypatch, tmp_path):
    from npuzzle.pdb import store
    from npuzzle.rules.random_board import scramble

    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))  # nothing cached: linear conflict only
    monkeypatch.setattr(store, "_tables", {})
    t, goal = Topology(5, 5), default_goal(5, 5)
    start = scramble(goal, t, 20, 5)
    r = solve(Problem(start, goal, t))
    assert r.optimal and r.found and r.length == r.lower_bound <= 20 and r.heuristic == "linear-conflict"
    hard = random_board(goal, t, 1)
    r = solve(Problem(hard, goal, t), time_limit=1.0)
    assert r.found and not r.optimal and any(n.startswith("the 5x5 pattern databases are not built") for n in r.notes)
