"""A study by depth (npuzzle.lab.depths): boards drawn at an exact optimal depth, on the
8-puzzle from its whole layer and on the 15-puzzle by walks the optimal solver proves;
the same seed draws the same boards; how far the walks are from uniform, measured where
every layer is known; a run's progress while it runs; the command line's table of a
small 4x4 study is the api's."""

from __future__ import annotations

import json
import random

import pytest

from npuzzle import api
from npuzzle.cli import main
from npuzzle.lab.depths import boards_at_depths, walk_board, walk_chances, walk_spread
from npuzzle.rules.board import Problem, distances
from npuzzle.rules.topology import Topology
from npuzzle.search.optimal import solve

EIGHT = (1, 2, 3, 4, 5, 6, 7, 8, 0)
FIFTEEN = (*range(1, 16), 0)
T3, T4 = Topology(3, 3), Topology(4, 4)


@pytest.fixture(scope="module")
def by_bfs() -> dict:
    return distances(EIGHT, T3)


def test_every_walk_kept_on_the_8_puzzle_is_exactly_its_depth(by_bfs):
    rng = random.Random(3)
    for depth in (1, 2, 5, 10, 15, 20, 25):
        boards = [walk_board(EIGHT, T3, depth, rng, lambda b, d: by_bfs[b] < d) for _ in range(20)]
        assert {by_bfs[b] for b in boards} == {depth}


def test_the_8_puzzles_boards_are_exactly_their_depth(by_bfs):
    drawn = boards_at_depths(EIGHT, T3, [4, 12, 20, 31], 5, seed=2)
    assert [d for d, _ in drawn] == [4] * 5 + [12] * 5 + [20] * 5 + [31, 31]  # only two boards are 31 moves away
    assert all(by_bfs[board] == depth for depth, board in drawn)


def test_the_15_puzzles_boards_are_proven_by_the_optimal_solver():
    drawn = boards_at_depths(FIFTEEN, T4, [10, 16, 20], 2, seed=4)
    assert [d for d, _ in drawn] == [10, 10, 16, 16, 20, 20]
    for depth, board in drawn:
        result = solve(Problem(board, FIFTEEN, T4), "idastar", "pdb")
        assert result.found and result.optimal and result.length == depth


def test_the_same_seed_draws_the_same_boards():
    first = boards_at_depths(FIFTEEN, T4, [20, 24], 3, seed=1)
    assert first == boards_at_depths(FIFTEEN, T4, [20, 24], 3, seed=1)
    assert first != boards_at_depths(FIFTEEN, T4, [20, 24], 3, seed=2)
    # the first board of seed 1 at depth 20, on every machine, in CPython and in Pyodide
    assert first[0] == (20, (6, 7, 0, 4, 1, 5, 2, 3, 9, 10, 11, 8, 13, 14, 15, 12))


def test_how_far_the_walks_are_from_uniform_on_the_8_puzzle():
    # The exact distribution of the walks kept, over each layer (docs/lab.md quotes these):
    # total variation distance from uniform, and the most likely board's chance over the least's.
    spread = {d: walk_spread(EIGHT, T3, d) for d in (8, 12, 16, 20)}
    assert {d: (round(tv, 3), round(ratio)) for d, (tv, ratio) in spread.items()} == {
        8: (0.234, 9),
        12: (0.263, 27),
        16: (0.324, 81),
        20: (0.343, 243),
    }


def test_the_walks_drawn_follow_their_computed_chances(by_bfs):
    # walk_chances is what walk_board draws: 6,000 walks at depth 8 (116 boards) come
    # within 0.06 of it, while uniform is 0.23 away.
    chance = walk_chances(EIGHT, T3, 8)
    rng = random.Random(5)
    n = 6000
    seen: dict = {}
    for _ in range(n):
        board = walk_board(EIGHT, T3, 8, rng, lambda b, d: by_bfs[b] < d)
        seen[board] = seen.get(board, 0) + 1
    assert set(seen) <= set(chance)
    assert 0.5 * sum(abs(seen.get(b, 0) / n - p) for b, p in chance.items()) < 0.06


def test_a_depth_out_of_reach_of_the_walks_is_refused():
    reply = api.study_boards("4x4", count=2, depths="20,60")
    assert (reply["ok"], reply["field"], reply["code"]) == (False, "depths", "study.walk_depth")
    assert reply["error"] == "depth 60: boards at an exact depth on this size are drawn from 1 to 50 moves"


def test_a_board_reports_each_run_while_it_runs():
    heard: list[dict] = []
    reply = api.study_board(
        "4x4:5,3,6,2,13,1,7,0,14,10,9,12,11,15,8,4",
        depth=40,
        algorithms="idastar",
        heuristics="manhattan,pdb",
        max_nodes=20_000,
        progress=heard.append,
    )
    assert [r["nodes_expanded"] for r in reply["runs"]][0] == 20_000  # Manhattan stopped by its budget
    assert heard[0] == {
        "phase": "study",
        "run": 1,
        "runs": 2,
        "algorithm": "idastar",
        "heuristic": "manhattan",
        "nodes": 0,
    }
    during = [p for p in heard if p["run"] == 1 and p["nodes"] > 0]  # while the first run runs (a report every 0.25 s)
    assert heard[-1]["run"] == 2 and all(0 < p["nodes"] < 20_000 for p in during)
    drawing: list[dict] = []
    api.study_boards("4x4", count=2, depths="20", seed=1, progress=drawing.append)
    assert drawing == [{"phase": "drawing", "drawn": 1, "total": 2}, {"phase": "drawing", "drawn": 2, "total": 2}]


def test_a_4x4_study_on_the_command_line_is_the_apis(capsys):
    args = ["--size", "4x4", "--random", "2", "--depths", "12,16", "--seed", "1", "--algorithms", "astar,idastar"]
    names = ["--heuristics", "linear-conflict,pdb", "--jobs", "1", "--progress", "none"]
    assert main(["study", *args, *names, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reply = api.study(
        "4x4", count=2, depths="12,16", seed=1, algorithms="astar,idastar", heuristics="linear-conflict,pdb"
    )
    times = ("seconds", "mean_seconds")
    steady = [{k: v for k, v in r.items() if k not in times and k != "cells"} for r in data["rows"]]
    assert steady == [{k: v for k, v in r.items() if k not in times and k != "cells"} for r in reply["rows"]]
    assert [(r["depth"], r["algorithm"], r["heuristic"], r["boards"], r["solved"]) for r in data["rows"]] == [
        (12, "astar", "linear-conflict", 2, 2),
        (12, "astar", "pdb", 2, 2),
        (12, "idastar", "linear-conflict", 2, 2),
        (12, "idastar", "pdb", 2, 2),
        (16, "astar", "linear-conflict", 2, 2),
        (16, "astar", "pdb", 2, 2),
        (16, "idastar", "linear-conflict", 2, 2),
        (16, "idastar", "pdb", 2, 2),
    ]
    assert isinstance(data["seconds"], float) and data["seconds"] > 0
    # the table for people ends with the whole study's time
    assert main(["study", *args, *names]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("4 boards, 16 runs, ") and last.endswith(" s in all (drawing the boards included).")


def test_a_4x4_study_leaves_out_misplaced_tiles_unless_asked():
    drawn = api.study_boards("4x4", count=1, depths="10", seed=1)
    assert drawn["algorithms"] == ["astar", "idastar"]
    assert drawn["heuristics"] == ["manhattan", "linear-conflict", "pdb"]
    assert api.study_boards("3x3", count=1, depths="10")["heuristics"][0] == "misplaced"


def test_pasted_boards_are_solved_towards_the_goal_of_their_size():
    lines = "# the course's 56 and 62 moves\n4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0\n4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3"
    drawn = api.study_boards(boards=lines)
    assert drawn["goal"] == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0" and len(drawn["jobs"]) == 2
    assert api.databases(action="study_boards", boards=lines, heuristics=["pdb"])["ok"]
    refused = api.study_boards(boards="4x4:1,2,3\n")
    assert (refused["field"], refused["line"]) == ("boards", 1)
