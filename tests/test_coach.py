"""The coach's distance and advice against breadth-first search."""

from __future__ import annotations

import random

from support import bfs

from npuzzle import Problem, Topology, api
from npuzzle.rules.board import default_goal
from npuzzle.rules.topology import DIRECTIONS
from npuzzle.speedsolving.coach import advise


def test_distance_and_advice_equal_breadth_first_search_on_3x3():
    t = Topology(3, 3)
    goal = default_goal(3, 3)
    dist = bfs(goal, t)
    rng = random.Random(11)
    for board in rng.sample(sorted(dist), 40) + [goal, max(dist, key=dist.get)]:
        a = advise(Problem(board, goal, t))
        assert a.exact and a.distance == dist[board], board
        blank = board.index(0)
        for d, cell in enumerate(t.step[blank]):
            if cell < 0:
                continue
            after = list(board)
            after[blank], after[cell] = after[cell], 0
            expected = "closer" if dist[tuple(after)] < dist[board] else "further"
            assert a.moves[DIRECTIONS[d]] == expected, (board, DIRECTIONS[d])
            assert a.tiles[DIRECTIONS[d]] == board[cell]
        assert (a.best == "") == (dist[board] == 0)
        assert not a.best or a.moves[a.best] == "closer"


def test_wrapped_board_and_api():
    t = Topology(3, 3, (2,), ())  # row 2 wraps: its two end cells are neighbours
    goal = default_goal(3, 3)
    dist = bfs(goal, t)
    for board in random.Random(5).sample(sorted(dist), 15):
        r = api.coach("3x3:" + ",".join(map(str, board)), wrap="r2")
        assert r["ok"] and r["exact"] and r["distance"] == dist[board]
        blank = board.index(0)
        for d, cell in enumerate(t.step[blank]):
            if cell >= 0:
                after = list(board)
                after[blank], after[cell] = after[cell], 0
                assert r["moves"][DIRECTIONS[d]] == ("closer" if dist[tuple(after)] < dist[board] else "further")
    assert api.coach("3x3:1,2,3,4,5,6,8,7,0")["solvable"] is False
    assert api.coach("3x3:1,2")["field"] == "board"


def test_a_15_puzzle_gets_exact_advice():
    a = advise(Problem((5, 1, 3, 4, 2, 7, 8, 12, 9, 6, 11, 15, 0, 13, 10, 14), default_goal(4, 4), Topology(4, 4)))
    assert a.exact and a.distance == 15
    assert sorted(a.moves.values()).count("closer") >= 1 and "unknown" not in a.moves.values()


def test_warm_gets_a_goal_ready():
    r = api.warm("3x3:8,6,7,2,5,4,3,0,1", goal="3x3:0,1,2,3,4,5,6,7,8")
    assert r["ok"] and r["seconds"] >= 0
    assert api.warm("3x3:1,2")["field"] == "board"
    assert api.coach("3x3:8,6,7,2,5,4,3,0,1", goal="3x3:0,1,2,3,4,5,6,7,8")["distance"] == 27


def test_the_coach_and_warm_ask_for_the_4x4_databases():
    """The worker fetches what api.databases names before each request (web/solver/worker.js)."""
    from npuzzle.pdb import store

    board = "4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"
    names = store.database_names(tuple(range(1, 16)) + (0,), Topology(4, 4))
    assert names
    for action in ("coach", "warm"):
        asked = api.databases(board, action=action)["names"]
        assert set(asked) == {n for n in names if not store.loaded(n)}
        assert api.databases("3x3:1,2,3,4,5,6,0,7,8", action=action)["names"] == []
        assert api.databases(api.random(5, 5, seed=1)["id"], action=action)["names"] == []
    assert api.databases(board, action="fly")["names"] == []
