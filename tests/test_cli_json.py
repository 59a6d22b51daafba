"""One JSON vocabulary: ``npuzzle COMMAND ... --json`` prints the api's reply for the same
action and input (npuzzle.api), key for key and type for type, so a script reads one
format from the command line, from Python and from the page's worker.

The seconds a run took are the one thing that differs between two runs: they are
compared by type (``steady``).  The lab's rows come in the package's order whatever order
the names were given in, so the page's CSV (made from the api's replies) is the command
line's.
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from npuzzle import api, lab
from npuzzle.cli import main

BOARD = "3x3:1,2,3,4,5,6,0,7,8"
EIGHT = "3x3:8,6,7,2,5,4,3,0,1"  # 31 moves from the goal: a real search
GOAL = "3x3:1,2,6,4,5,8,7,0,3"
UNSOLVABLE = "3x3:1,2,3,4,5,6,8,7,0"
TIMES = {"seconds", "mean_seconds"}  # the machine's, not the search's


def steady(value: object) -> object:
    """The value with every time replaced by its type's name, and the tables that show
    times (csv, markdown) by theirs: what two runs of the same input share."""
    if isinstance(value, dict):
        return {k: type(v).__name__ if k in TIMES or k in ("csv", "markdown") else steady(v) for k, v in value.items()}
    if isinstance(value, list):
        return [steady(v) for v in value]
    return value


def cli_json(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> dict:
    """What ``npuzzle ARGS`` prints on stdout, read as JSON, after checking its exit status."""
    assert main(list(args)) == status
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object, one line
    return json.loads(out)


def without_times(text: str, column: str) -> list[list[str]]:
    """A CSV's rows without its time column."""
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index(column)
    return [r[:at] + r[at + 1 :] for r in rows]


def test_steady_keeps_everything_but_the_times():
    assert steady({"seconds": 0.5, "rows": [{"mean_seconds": None, "n": 2}], "csv": "x"}) == {
        "seconds": "float",
        "rows": [{"mean_seconds": "NoneType", "n": 2}],
        "csv": "str",
    }


@pytest.mark.parametrize(
    "args, call",
    [
        ([BOARD], {}),
        ([EIGHT, "--heuristic", "manhattan", "--algorithm", "astar"], {"heuristic": "manhattan", "algorithm": "astar"}),
        ([BOARD, "--goal", GOAL, "--heuristic", "linear-conflict"], {"goal": GOAL, "heuristic": "linear-conflict"}),
        (["3x3:1,2,3,4,5,6,7,0,8", "--wrap-rows", "1"], {"wrap": "r1"}),
    ],
)
def test_solve_prints_the_api_solve_reply(capsys, args, call):
    data = cli_json(capsys, "solve", *args, "--json")
    reply = api.solve(args[0], **call)
    assert reply["ok"] and steady(data) == steady(reply)
    assert list(data) == list(reply)  # the same keys, in the same order
    assert data["goal"] == list(reply["goal"]) and isinstance(data["goal"], list)


def test_an_unsolvable_solve_prints_the_api_reply_with_exit_status_1(capsys):
    data = cli_json(capsys, "solve", UNSOLVABLE, "--json", status=1)
    assert data == json.loads(json.dumps(api.solve(UNSOLVABLE))) and data["solvable"] is False


def test_a_stopped_solve_prints_the_api_reply_with_exit_status_3(capsys):
    board = "4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3"
    options = ["--algorithm", "astar", "--heuristic", "manhattan", "--max-nodes", "1000"]
    data = cli_json(capsys, "solve", board, *options, "--json", status=3)
    reply = api.solve(board, algorithm="astar", heuristic="manhattan", max_nodes=1000)
    assert steady(data) == steady(reply) and data["found"] is False and data["stopped"]


def test_all_optimal_adds_the_api_solutions_reply(capsys):
    board = "1 2 3/4 5 6/0 7 8"
    data = cli_json(capsys, "solve", board, "--notation", "tile", "--all-optimal", "3", "--json")
    every = data.pop("solutions")
    assert steady(data) == steady(api.solve(board))
    assert steady(every) == steady(api.solutions(board, keep=3, notation="tile"))
    assert every["solutions"] == ["L2"] and every["moves"] == ["RR"]


@pytest.mark.parametrize("board", [BOARD, UNSOLVABLE])
def test_check_prints_the_api_check_reply(capsys, board):
    data = cli_json(
        capsys, "check", board, "--goal", "3x3:1,2,3,4,5,6,7,8,0", "--json", status=1 if board == UNSOLVABLE else 0
    )
    assert data == json.loads(json.dumps(api.check(board, "3x3:1,2,3,4,5,6,7,8,0")))


def test_analyse_prints_the_api_analyse_reply(capsys):
    board, moves = "1 2 3/4 5 6/0 7 8", "L2"
    data = cli_json(capsys, "analyse", board, moves, "--notation", "tile", "--time", "1.5", "--json")
    reply = api.analyse(board, moves, notation="tile", solve_time=1.5)
    assert steady(data) == steady(reply) and list(data) == list(reply)
    assert data["export"] == reply["export"] and data["solution"] == "L2" and data["moves"] == "RR"


def test_compare_prints_the_api_compare_reply(capsys):
    names = {"algorithms": "bfs,astar,idastar", "heuristics": "misplaced,manhattan"}
    options = ["--algorithms", names["algorithms"], "--heuristics", names["heuristics"]]
    data = cli_json(capsys, "compare", BOARD, "--goal", GOAL, *options, "--json")
    reply = api.compare(BOARD, GOAL, **names)
    assert steady(data) == steady(reply) and list(data) == list(reply)
    assert data["csv"] == lab.to_csv(data["rows"]) and data["markdown"] == lab.to_markdown(data["rows"])
    unsolvable = cli_json(capsys, "compare", UNSOLVABLE, "--json", status=1)
    assert unsolvable == json.loads(json.dumps(api.compare(UNSOLVABLE))) and unsolvable["rows"] == []


STUDY = ["--random", "3", "--depths", "4,8", "--seed", "5", "--jobs", "1", "--progress", "none"]


def test_study_prints_the_api_study_reply(capsys):
    data = cli_json(capsys, "study", *STUDY, "--algorithms", "astar,idastar", "--heuristics", "manhattan", "--json")
    reply = api.study(count=3, depths="4,8", seed=5, algorithms="astar,idastar", heuristics="manhattan")
    assert steady(data) == steady(reply) and list(data) == list(reply)
    assert data["csv"] == lab.study_csv(data["rows"]) and data["markdown"] == lab.study_markdown(data["rows"])
    assert [(r["depth"], r["algorithm"], r["boards"]) for r in data["rows"]] == [
        (4, "astar", 3),
        (4, "idastar", 3),
        (8, "astar", 3),
        (8, "idastar", 3),
    ]


def test_a_study_gives_its_rows_in_the_packages_order_whatever_the_order_named(capsys):
    def study_csv(algorithms: str, heuristics: str) -> str:
        assert main(["study", *STUDY, "--algorithms", algorithms, "--heuristics", heuristics, "--csv"]) == 0
        return capsys.readouterr().out

    named = study_csv("astar,idastar", "misplaced,linear-conflict")
    swapped = study_csv("idastar,astar", "linear-conflict,misplaced")
    assert without_times(named, "mean_seconds") == without_times(swapped, "mean_seconds")
    assert [tuple(r[1:3]) for r in without_times(swapped, "mean_seconds")[1:5]] == [
        ("astar", "misplaced"),
        ("astar", "linear-conflict"),
        ("idastar", "misplaced"),
        ("idastar", "linear-conflict"),
    ]
    # the page's CSV: study_boards, study_board on each board, study_table (web/lab/lab_study.js),
    # whatever order its names come in
    drawn = api.study_boards(
        count=3, depths="4,8", seed=5, algorithms="idastar,astar", heuristics="linear-conflict,misplaced"
    )
    assert drawn["algorithms"] == ["astar", "idastar"] and drawn["heuristics"] == ["misplaced", "linear-conflict"]
    names = {k: drawn[k] for k in ("goal", "wrap", "algorithms", "heuristics")}
    results = [api.study_board(job["board"], depth=job["depth"], **names)["runs"] for job in drawn["jobs"]]
    page = api.study_table(results)["csv"]
    assert without_times(page, "mean_seconds") == without_times(named, "mean_seconds")
    # and a table of runs given in another order still has its rows in the package's order
    backwards = api.study_table([list(reversed(runs)) for runs in results])["csv"]
    assert without_times(backwards, "mean_seconds") == without_times(page, "mean_seconds")


def test_compare_gives_its_rows_in_the_packages_order_whatever_the_order_named(capsys):
    def compare_csv(algorithms: str, heuristics: str) -> str:
        options = ["--algorithms", algorithms, "--heuristics", heuristics, "--csv"]
        assert main(["compare", BOARD, "--goal", GOAL, *options]) == 0
        return capsys.readouterr().out

    named = compare_csv("greedy,astar", "linear-conflict,misplaced")
    swapped = compare_csv("astar,greedy", "misplaced,linear-conflict")
    assert without_times(named, "seconds") == without_times(swapped, "seconds")
    assert [tuple(r[:2]) for r in without_times(named, "seconds")[1:]] == [
        ("astar", "misplaced"),
        ("astar", "linear-conflict"),
        ("greedy", "misplaced"),
        ("greedy", "linear-conflict"),
    ]
    page = api.compare(BOARD, GOAL, algorithms=["astar", "greedy"], heuristics=["misplaced", "linear-conflict"])["csv"]
    assert without_times(page, "seconds") == without_times(named, "seconds")
