"""The lab's study over many boards as the page runs it (npuzzle.api.study): the boards
study_boards draws are the command line's for the same seed, one board's runs at a time
add up to the command line's table, and every bad input is refused with its field (and
a bad line with its number)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle import api, lab
from npuzzle.rules.notation import parse_problem

ROOT = Path(__file__).resolve().parents[1]
GOAL3 = "3x3:1,2,3,4,5,6,7,8,0"
NAMES = {"algorithms": ["astar", "idastar"], "heuristics": ["misplaced", "manhattan"]}


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", "study", *args, "--jobs", "1", "--progress", "none"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def masked(text: str) -> list[list[str]]:
    """CSV rows without mean_seconds, the only figure that changes from run to run."""
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index("mean_seconds")
    return [r[:at] + r[at + 1 :] for r in rows]


def run_study(drawn: dict, **budget) -> list[list[dict]]:
    """Each board's runs, one study_board call a board, as the page's workers make them."""
    common = {
        "goal": drawn["goal"],
        "wrap": drawn["wrap"],
        "algorithms": drawn["algorithms"],
        "heuristics": drawn["heuristics"],
        **budget,
    }
    replies = [api.study_board(**job, **common) for job in drawn["jobs"]]
    assert all(r["ok"] for r in replies)
    return [r["runs"] for r in replies]


def test_the_boards_are_the_command_lines_and_the_table_too():
    drawn = api.study_boards(count=4, depths="6,10", seed=7, **NAMES)
    assert drawn["ok"] and drawn["goal"] == GOAL3 and drawn["wrap"] == "" and drawn["seed"] == 7
    problem = parse_problem(GOAL3)
    expected = lab.boards_at_depths(problem.goal, problem.topology, [6, 10], 4, seed=7)  # what `npuzzle study` draws
    assert [(j["depth"], parse_problem(j["board"]).start) for j in drawn["jobs"]] == expected
    assert drawn == api.study_boards(count=4, depths=[6, 10], seed=7, **NAMES)  # a list or a text
    table = api.study_table(run_study(drawn))
    assert table["ok"]
    out = cli(
        "--random",
        "4",
        "--depths",
        "6,10",
        "--seed",
        "7",
        "--algorithms",
        "astar,idastar",
        "--heuristics",
        "misplaced,manhattan",
        "--csv",
    )
    assert out.returncode == 0, out.stderr
    assert masked(table["csv"]) == masked(out.stdout)
    assert table["csv"].count("\n") == out.stdout.count("\n") == 9
    lines = table["markdown"].splitlines()
    assert lines[0] == "| " + " | ".join(lab.STUDY_COLUMNS) + " |" and len(lines) == 10


def test_each_boards_runs_add_up_to_the_table():
    drawn = api.study_boards(count=3, depths="8,12", seed=2, **NAMES)
    results = run_study(drawn)
    rows = api.study_table(results)["rows"]
    for row in rows:
        runs = [
            r
            for board in results
            for r in board
            if (r["depth"], r["algorithm"], r["heuristic"]) == (row["depth"], row["algorithm"], row["heuristic"])
        ]
        assert len(runs) == row["boards"] == row["solved"] == 3
        assert row["mean_nodes_expanded"] == round(sum(r["nodes_expanded"] for r in runs) / 3, 1)
        assert row["mean_nodes_generated"] == round(sum(r["nodes_generated"] for r in runs) / 3, 1)
        assert all(r["length"] == row["depth"] for r in runs)
    # the same as the package's own, the boards run in one go
    problem = parse_problem(GOAL3)
    jobs = [
        (d, b, problem.goal, 3, 3, "", NAMES["algorithms"], NAMES["heuristics"], None, None)
        for d, b in lab.boards_at_depths(problem.goal, problem.topology, [8, 12], 3, seed=2)
    ]
    same = lab.study_table([lab.study_board(job) for job in jobs])
    without_time = lambda rs: [{k: v for k, v in r.items() if k not in ("mean_seconds", "cells")} for r in rs]  # noqa: E731
    assert without_time(rows) == without_time(same)


def test_pasted_boards_take_their_optimal_length_as_depth():
    lines = "# the course's boards\n3x3:1,2,3,4,5,6,0,7,8\n\n1 2 3/4 5 6/7 0 8\n"
    drawn = api.study_boards(boards=lines, **NAMES)
    assert [j["depth"] for j in drawn["jobs"]] == [None, None]
    assert [j["board"] for j in drawn["jobs"]] == ["3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,3,4,5,6,7,0,8"]
    results = run_study(drawn)
    assert [r["depth"] for r in results[0]] == [2, 2, 2, 2] and results[1][0]["depth"] == 1
    rows = api.study_table(results)["rows"]
    assert [(r["depth"], r["boards"]) for r in rows] == [(1, 1)] * 4 + [(2, 1)] * 4


@pytest.mark.parametrize(
    "args, field, code, line",
    [
        ({"boards": "3x3:1,2,3,4,5,6,7,0,8\n3x3:1,2"}, "boards", "board.count", 2),
        ({"boards": "\n\n3x3:2,1,3,4,5,6,7,8,0"}, "boards", "unsolvable.parity", 3),
        ({"boards": "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "size": "3x3"}, "boards", "goal.size", 1),
        ({"count": 5, "depths": "4,40"}, "depths", "study.depth", None),
        ({"count": 5, "depths": "4,x"}, "depths", "study.depths", None),
        ({"count": 5, "depths": []}, "depths", "study.depths", None),
        ({"count": 5000, "depths": "4"}, "count", "option.whole", None),
        ({"count": 0, "depths": "4"}, "count", "option.whole", None),
        ({"count": "many", "depths": "4"}, "count", "option.whole", None),
        ({"count": 5, "depths": "4", "seed": 1.5}, "seed", "option.whole", None),
        ({"count": 5, "depths": "4", "size": "3x4"}, "size", "study.cells", None),
        ({"count": 5, "depths": "4", "size": "3y3"}, "size", "study.size", None),
        ({"count": 5, "depths": "4", "size": "40x3"}, "size", "board.side_range", None),
        ({"count": 5, "depths": "4", "algorithms": "fly"}, "options", "option.choice", None),
        ({"count": 1, "depths": "2", "size": "2x3", "heuristics": "pdb"}, "options", "lab.pdb.not_covered", None),
        ({}, "boards", "study.no_boards", None),
        ({"count": 5, "depths": "4", "boards": "3x3:1,2,3,4,5,6,7,0,8"}, "boards", "study.no_boards", None),
        ({"boards": "# nothing but a comment"}, "boards", "study.no_boards", None),
        ({"boards": "3x3:1,2,3,4,5,6,7,0,8\n" * 10_001}, "boards", "study.too_many", None),
    ],
)
def test_a_bad_study_is_refused_with_its_field(args, field, code, line):
    r = api.study_boards(**args)
    assert (r["ok"], r["field"], r["code"], r.get("line")) == (False, field, code, line), r
    assert r["error"]  # the English, as the command line words it


def test_the_json_api_answers_the_study_and_refuses_bad_runs():
    drawn = json.loads(api.call("study_boards", json.dumps({"count": 1, "depths": [3], "seed": 0, **NAMES})))
    job = drawn["jobs"][0]
    one = json.loads(api.call("study_board", json.dumps({**job, "goal": drawn["goal"], **NAMES})))
    assert one["ok"] and one["depth"] == 3 and len(one["runs"]) == 4 and one["start"] == job["board"]
    table = json.loads(api.call("study_table", json.dumps({"results": [one["runs"]]})))
    assert [r["boards"] for r in table["rows"]] == [1, 1, 1, 1]
    assert api.study_board("3x3:2,1,3,4,5,6,7,8,0")["code"] == "unsolvable.parity"
    assert api.study_board(GOAL3, depth=-1)["field"] == "depth"
    assert api.study_board(GOAL3, time_limit=0)["code"] == "option.number"
    assert api.study_table([[{"algorithm": "astar"}]])["field"] == "results"
    assert api.study_table("rows")["field"] == "results"
    # the page's worker fetches the databases a study names, for its boards' goal
    assert (
        api.databases("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", action="study_board", heuristics=["pdb"])["names"]
        == api.databases("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", action="compare", heuristics=["pdb"])["names"]
    )
    assert (
        api.databases(action="study_boards", size="4x4", heuristics="pdb")["names"]
        == api.databases("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", action="compare", heuristics="pdb")["names"]
    )


def test_the_command_line_names_a_bad_line_of_its_boards_file(tmp_path):
    boards = tmp_path / "boards.txt"
    boards.write_text("3x3:1,2,3,4,5,6,7,0,8\n3x3:2,1,3,4,5,6,7,8,0\n")
    out = cli("--boards", str(boards))
    assert out.returncode == 2
    assert f"{boards} line 2: unsolvable: the permutation" in out.stderr
