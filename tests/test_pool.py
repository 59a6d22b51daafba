"""The page's pool of workers without a browser: the api actions it calls (split_start,
split_pass, split_finish) against npuzzle.pdb.parallel, and web/solver/pool.js's coordinator
under Node (tests/pool_test.mjs) over CPython processes standing in for the workers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import korf24, korf100, node_executable

from npuzzle import Topology, api, apply_moves, pdb
from npuzzle.pdb import parallel

T4 = Topology(4, 4)
GOAL = tuple(range(16))
GOAL_ID = "4x4:" + ",".join(map(str, GOAL))
SCRIPT = Path(__file__).with_name("pool_test.mjs")


def board_id(board) -> str:
    return "4x4:" + ",".join(map(str, board))


@pytest.fixture(scope="module", autouse=True)
def databases():
    assert pdb.prepare(GOAL, T4)


@pytest.fixture(scope="module")
def databases5():
    assert pdb.prepare(tuple(range(25)), Topology(5, 5))


def passes_in_turn(start: dict) -> tuple[list[int], int, int]:
    """The coordinator's loop in Python over the api's actions: (cells, bound, nodes).
    Every pass after the first takes the subtrees most visited (in the pass before) first."""
    split = start["split"]
    jobs = split["jobs"]
    bound, nodes = split["bound"], split["nodes"]
    order, sizes = list(range(len(jobs))), [0] * len(jobs)
    while True:
        best, next_bound = -(1 << 30), None
        for i in order:
            job = jobs[i]
            r = api.split_pass(
                job["board"],
                GOAL_ID,
                back=job["back"],
                depth_left=bound - split["depth"],
                bound=bound,
                parity=split["parity"],
            )
            assert r["ok"] and r["stopped"] is None
            nodes += r["nodes"]
            best = max(best, r["best"])
            next_bound = r["next_bound"] if next_bound is None else min(next_bound, r["next_bound"])
            sizes[i] = r["nodes"]
            if r["found"]:
                return job["cells"] + r["cells"], bound, nodes
        # the least of the subtrees' next bounds, which the page takes, is the pass's
        assert next_bound == parallel.next_bound(bound, best, split["parity"])
        bound = next_bound
        order.sort(key=lambda i: -sizes[i])


@pytest.mark.cluster
def test_split_actions_find_the_optimum_as_idastar_parallel_does():
    board, optimum = korf100()[2]  # Korf #3, 59 moves: past the sequential first second
    start = api.split_start(board_id(board), GOAL_ID)
    split = start["split"]
    assert split["parity"] == optimum % 2 and split["bound"] <= optimum and split["depth"] == parallel.SPLIT_DEPTH
    assert split["left"] == pytest.approx(60 - split["seconds"])  # auto: a minute of optimal search
    depth = parallel.SPLIT_DEPTH  # up to 4 * 3 ** (depth - 1) subtrees, each path depth + 1 cells
    assert 1 < len(split["jobs"]) <= 4 * 3 ** (depth - 1) and all(
        len(job["cells"]) == depth + 1 for job in split["jobs"]
    )
    cells, bound, nodes = passes_in_turn(start)
    assert bound == optimum
    r = api.split_finish(board_id(board), GOAL_ID, cells=cells, bound=bound, nodes=nodes, seconds=1.5)
    assert r["ok"] and r["found"] and r["optimal"] and r["length"] == optimum == r["lower_bound"]
    assert r["nodes"] == nodes and r["seconds"] == 1.5 and r["id"] == board_id(board)
    assert apply_moves(board, r["moves"], T4) == GOAL
    alone = api.solve(board_id(board), GOAL_ID)
    assert set(r) == set(alone) and r["moves"] != "" and alone["length"] == optimum


def test_split_start_answers_itself_when_there_is_nothing_to_split():
    easy = api.split_start("3x3:1,2,3,4,5,6,0,7,8")
    assert easy["moves"] == "RR" and easy["optimal"] and "split" not in easy
    big = api.split_start(api.random(6, 6, seed=1)["id"], time_limit=1)  # not the databases' board
    assert big["ok"] and big["found"] and "split" not in big
    assert api.split_start("3x3:1,2,3")["field"] == "board"
    assert api.split_start("3x3:1,2,3,4,5,6,0,7,8", strategy="fly")["field"] == "options"
    unsolvable = api.split_start("3x3:2,1,3,4,5,6,7,8,0")
    assert unsolvable["ok"] and not unsolvable["solvable"]


def test_a_subtree_pass_stops_at_its_time_limit():
    board, _ = korf100()[59]  # Korf #60, 66 moves
    r = api.split_pass(board_id(board), GOAL_ID, back=16, depth_left=66, bound=66, parity=0, time_limit=0.2)
    assert r["ok"] and not r["found"] and r["stopped"] == "time limit" and r["nodes"] > 0
    assert api.split_pass(board_id(board), GOAL_ID, back=True, depth_left=1, bound=1, parity=0)["field"] == "options"
    assert api.split_pass(board_id(board), GOAL_ID, back=99, depth_left=1, bound=1, parity=0)["field"] == "options"
    assert api.split_pass(board_id(board), GOAL_ID, back=16, depth_left=1, bound=1, parity=2)["field"] == "options"
    assert (
        api.split_pass(api.random(6, 6, seed=1)["id"], back=36, depth_left=1, bound=1, parity=0)["field"] == "database"
    )


def test_split_finish_without_a_solution_goes_on_as_solve_would():
    board, _ = korf100()[59]
    optimal = api.split_finish(
        board_id(board), GOAL_ID, cells=None, bound=60, nodes=1000, seconds=2.0, strategy="optimal"
    )
    assert optimal["ok"] and not optimal["found"] and optimal["stopped"] == "time limit"
    assert optimal["lower_bound"] == 60 and optimal["nodes"] == 1000
    auto = api.split_finish(board_id(board), GOAL_ID, cells=None, bound=60, nodes=1000, seconds=2.0, time_limit=2.0)
    assert auto["ok"] and auto["found"] and not auto["optimal"] and auto["lower_bound"] >= 60
    assert auto["notes"][0] == "optimal IDA* stopped after 2.0 s, having proven at least 60 moves"
    assert auto["seconds"] > 2.0 and auto["nodes"] > 1000
    bad = api.split_finish(board_id(board), GOAL_ID, cells=[0, 5], bound=1, nodes=1, seconds=1.0)
    assert bad["field"] == "options"
    wrong = api.split_finish("3x3:1,2,3,4,5,6,0,7,8", cells=[6, 7], bound=1, nodes=1, seconds=1.0)
    assert wrong["field"] == "options"


def test_the_pool_actions_go_through_call_with_progress():
    board, _ = korf100()[59]
    seen = []
    text = api.call(
        "split_pass",
        json.dumps(
            {
                "board": board_id(board),
                "goal": GOAL_ID,
                "back": 16,
                "depth_left": 66,
                "bound": 66,
                "parity": 0,
                "time_limit": 0.6,
            }
        ),
        seen.append,
    )
    assert json.loads(text)["stopped"] == "time limit"
    assert seen and all(json.loads(s)["bound"] == 66 for s in seen)
    assert (
        json.loads(
            api.call("databases", json.dumps({"action": "split_pass", "board": board_id(board), "goal": GOAL_ID}))
        )["names"]
        == []
    )  # loaded here


def run_pool(workers: int, board, limit: float | None = None) -> dict:
    node = node_executable()
    out = subprocess.run(
        [node, str(SCRIPT), str(workers), board_id(board), GOAL_ID, *([str(limit)] if limit else [])],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHON": sys.executable},
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.cluster
@pytest.mark.parametrize("workers", [1, 2])
def test_the_coordinator_finds_korfs_optimum_over_worker_processes(workers):
    board, optimum = korf100()[2]
    out = run_pool(workers, board)
    r = out["result"]
    assert r["found"] and r["optimal"] and r["length"] == optimum == r["lower_bound"]
    assert apply_moves(board, r["moves"], T4) == GOAL
    nodes = [n for _, n in out["progress"]]
    bounds = [b for b, _ in out["progress"]]
    assert out["pooled"] > 0 and nodes == sorted(nodes) and bounds == sorted(bounds) and bounds[-1] == optimum
    assert r["nodes"] >= nodes[-1]
    actions = out["actions"]
    assert actions[0][0] == "split_start" and sum(a.count("split_finish") for a in actions) == 1
    assert all(set(a[1:] if i == 0 else a) <= {"split_pass", "split_finish"} for i, a in enumerate(actions))
    if workers == 2:
        assert actions[1].count("split_pass") > 0
    # the order of subtrees over a scripted worker: split_start's (lowest h first), then
    # most nodes in the pass before first; the pass that finds the solution stops there
    assert out["scripted"] == {
        "sent": ["50a", "50b", "50c", "50d", "52b", "52c", "52d", "52a", "54c", "54d"],
        "answer": {"ok": True, "cells": ["d"], "bound": 54},
    }
    # a split in Korf's order (reorder false: the 24-puzzle's) keeps split_start's every pass
    assert out["korf"] == ["50a", "50b", "50c", "50d", "52a", "52b", "52c", "52d", "54a", "54b", "54c", "54d"]
    # a helper not ready when Solve comes takes nothing until it has loaded and warmed, then
    # takes subtrees of the pass under way; between them every subtree is searched once a pass
    joining = out["joining"]
    assert joining["beforeReady"] == [] and joining["helperActions"][0] == "warm"
    assert joining["first"][0] == "50a" and "50a" not in joining["helper"] and joining["helper"]
    assert sorted(joining["first"] + joining["helper"]) == sorted(set(joining["first"] + joining["helper"]))
    assert {s for s in joining["first"] + joining["helper"] if s.startswith(("50", "52"))} == {
        f"{b}{x}" for b in (50, 52) for x in "abcd"
    }
    assert joining["answer"] == {"ok": True, "cells": ["d"], "bound": 54}
    # settled (the coach may start) once the helper has joined and the solve has ended, not during it
    assert joining["settled"] and set(joining["settled"]) == {2} and joining["listeners"] == 0
    # a race keeps what the lanes that answered found; the first worker's lane must answer
    assert out["race"] == {
        "helperFails": {"ok": True, "found": True, "length": 90, "lower_bound": 80, "nodes": 5, "optimal": False},
        "firstFails": "cancelled",
    }
    # a subtree refused mid-split is a refusal to word in the page's language, not a failure
    assert out["refused"] == {
        "kind": "bad-input",
        "code": "bad_time_limit",
        "message": "the time limit must be positive",
    }
    assert out["helpers"] == {
        "passOrder": [4, 1, 0, 2, 3],
        "defaults": [1, 1, 3, 4, 1, 2, 4, 1, 4],
        "links": [2, 1, 8, None],
        "bestOf": [  # the shortest answer, the best bound of all (which may prove it optimal), all the nodes
            {"ok": True, "found": True, "length": 100, "lower_bound": 74, "nodes": 12, "optimal": False},
            {"ok": True, "found": True, "length": 80, "lower_bound": 80, "nodes": 3, "optimal": True},
            {"ok": True, "found": False, "nodes": 3},
        ],
    }


@pytest.mark.cluster
def test_the_coordinator_stops_at_the_time_limit_and_answers_as_solve():
    board, _ = korf100()[59]
    r = run_pool(2, board, limit=2.0)["result"]  # auto: 1.5 s optimal, then the near-optimal ladder
    assert r["ok"] and r["found"] and not r["optimal"]
    # the optimal search's share of the time (about 1.5 s) is not asserted: a loaded machine stretches it
    assert re.fullmatch(r"optimal IDA\* stopped after [0-9.]+ s, having proven at least [0-9]+ moves", r["notes"][0])
    assert apply_moves(board, r["moves"], T4) == GOAL


@pytest.mark.slow
@pytest.mark.cluster
def test_a_ladder_is_raced_over_the_workers(databases5):
    """A 24-puzzle over two workers: split_start says race, each worker solves with its
    lane of the ladder's weights for the whole time, and the shortest answer comes back."""
    board, optimum = korf24()[0]
    board5 = "5x5:" + ",".join(map(str, board))
    goal5 = "5x5:" + ",".join(map(str, range(25)))
    assert api.split_start(board5, goal5, lanes=2) == {"ok": True, "race": 2}
    assert api.split_start(board5, goal5, lanes=8) == {"ok": True, "race": 4}  # portfolio.RACE_LANES
    assert "race" not in api.split_start(board5, goal5, lanes=2, strategy="constructive")
    assert api.split_start(board5, goal5, lanes=0)["field"] == "options"
    assert api.solve(board5, goal5, lane=[1, 1])["field"] == "options"
    node = node_executable()
    out = subprocess.run(
        [node, str(SCRIPT), "2", board5, goal5, "3"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHON": sys.executable},
    )
    assert out.returncode == 0, out.stderr
    raced = json.loads(out.stdout)
    r = raced["result"]
    assert [a[:2] for a in raced["actions"]] == [["split_start", "solve"], ["solve"]]
    assert r["found"] and optimum <= r["length"] and r["lower_bound"] <= optimum
    assert apply_moves(board, r["moves"], Topology(5, 5)) == tuple(range(25))
    # every lane runs a beam (lane 1 breaking ties the other way) and the ladder (in a move
    # order of its own), so the two answer differently
    lanes = [api.solve(board5, goal5, lane=[0, 2], time_limit=3), api.solve(board5, goal5, lane=(1, 2), time_limit=3)]
    for lane in lanes:
        assert any(n.startswith("beam search (width ") for n in lane["notes"])
        assert any(n.startswith("weighted IDA* ") for n in lane["notes"])
    assert lanes[0]["moves"] != lanes[1]["moves"]


def test_which_boards_race():
    """The boards the portfolio answers with a ladder of weights, where a pool races."""
    from npuzzle.rules.notation import parse_problem
    from npuzzle.search import portfolio

    def races(board, **options):
        return portfolio.races(parse_problem(board), **options)

    four, five = api.random(4, 4, seed=2)["id"], api.random(5, 5, seed=2)["id"]
    assert not races(four) and races(four, strategy="weighted")  # a 4x4: optimal search, split instead
    assert races(five) and races(api.random(7, 7, seed=2)["id"]) and not races(api.random(8, 8, seed=2)["id"])
    assert (
        not races(five, strategy="optimal") and not races(five, heuristic="pdb") and not races(five, algorithm="astar")
    )
    assert not races(five, strategy="constructive") and not races("3x3:2,1,3,4,5,6,7,8,0", strategy="weighted")
