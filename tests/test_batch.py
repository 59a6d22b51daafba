"""`npuzzle batch` as a researcher uses it: real processes, files, kills and a real Dask cluster."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import bfs, dask_cluster, dask_worker

from npuzzle import Topology, apply_moves, default_goal, parse_board, random_board, scramble
from npuzzle.batch import EXIT_BAD_LINES, EXIT_NOT_PROVEN, EXIT_UNSOLVABLE, Defaults, read_tasks
from npuzzle.batch import run as run_batch

T3 = Topology(3, 3)
GOAL3 = default_goal(3, 3)


def npuzzle(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args], input=stdin, capture_output=True, text=True, timeout=timeout
    )


def rows_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def eight_puzzles(n: int, seed: int = 0) -> list[str]:
    return [f"3x3:{','.join(map(str, random_board(GOAL3, T3, seed * 1000 + i)))}" for i in range(n)]


def test_every_notation_and_json_line_gives_its_row():
    lines = [
        "3x3:1,2,3,4,5,6,0,7,8",
        "1 2 3/4 5 6/7 0 8",
        "1,2,3,4,5,6,7,0,8",
        '{"id": "k", "start": "3x3:1,2,3,4,5,6,7,8,0", "goal": "3x3:1,2,3,4,5,6,7,0,8"}',
        '{"start": "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "heuristic": "manhattan", "time_limit": 5}',
        "",
        "# a comment",
    ]
    rows = []
    summary = run_batch(read_tasks(lines, Defaults()), rows.append)
    by_id = {row["id"]: row for row in rows}
    assert sorted(by_id, key=str) == [1, 2, 3, 5, "k"]
    assert [by_id[i]["length"] for i in (1, 2, 3, "k", 5)] == [2, 1, 1, 1, 1]
    assert by_id["k"]["moves"] == "L" and by_id[5]["heuristic"] == "manhattan"
    assert by_id[2]["start"] == "3x3:1,2,3,4,5,6,7,0,8"
    assert all(row["optimal"] for row in rows) and summary.exit_status() == 0


def test_bad_lines_name_their_line_and_field():
    lines = [
        "3x3:1,2",
        '{"start": 7}',
        '{"id": "x1", "start": "3x3:1,2,3,4,5,6,7,0,8"}',
        '{"id": "x1", "start": "x"}',
        "[1, 2]",
        '{"start": "3x3:1,2,3,4,5,6,7,0,8", "time_limit": -1}',
        '{"start": "3x3:1,2,3,4,5,6,7,0,8", "heuristic": "magic"}',
        '{"start": "3x3:1,2,3,4,5,6,7,0,8", "wrap": "r9"}',
        '{"goal": "3x3:1,2,3,4,5,6,7,0,8"}',
        "{nope",
        '{"start": null}',
    ]
    out = {row["line"]: row for row in read_tasks(lines, Defaults()) if isinstance(row, dict)}
    assert out[1] == {
        "id": 1,
        "line": 1,
        "field": "start",
        "error": "a 3x3 board needs 9 numbers, got 2",
        "code": "board.count",
    }
    assert out[2]["field"] == "start" and out[2]["error"] == "the start must be text, not int"
    assert 3 not in out
    assert out[4]["field"] == "id" and out[4]["error"] == "id 'x1' is used twice (first on line 3)"
    assert out[5]["field"] == "start"  # a bare list of two numbers is not a square board
    assert out[6]["field"] == "options" and "time_limit must be a number from" in out[6]["error"]
    assert out[7]["error"].startswith("unknown heuristic 'magic'")
    assert out[8]["field"] == "wrap" and out[8]["error"] == "wrapped row 9 is outside the board (0 to 2)"
    assert out[9]["field"] == "start" and out[9]["error"] == 'the line has no "start" board'
    assert out[11]["field"] == "start" and out[11]["error"] == 'the line has no "start" board'  # null is none
    assert out[10]["field"] == "line" and out[10]["error"].startswith("not valid JSON")


@pytest.mark.cluster
def test_a_thousand_bad_lines_among_a_hundred_good_ones(tmp_path):
    good = eight_puzzles(100)
    bad = ["3x3:1,2,3", "hello", '{"start": 1}', "4x4:" + ",".join(["1"] * 16), "{", "1 2/3"]
    lines, expected_bad = [], set()
    for i in range(1100):
        if i % 11 == 0:
            lines.append(good[i // 11])
        else:
            lines.append(bad[i % len(bad)])
            expected_bad.add(i + 1)
    source = tmp_path / "boards.txt"
    source.write_text("\n".join(lines) + "\n")
    p = npuzzle("batch", str(source), "--jobs", "2", "--progress", "none")
    assert p.returncode == EXIT_BAD_LINES, p.stderr
    assert "Traceback" not in p.stderr
    rows = rows_of(p.stdout)
    errors = [row for row in rows if "error" in row]
    answers = [row for row in rows if "error" not in row]
    assert len(errors) == 1000 and {row["line"] for row in errors} == expected_bad
    assert all(row["error"] and row["field"] for row in errors)
    truth = bfs(GOAL3, T3)
    assert len(answers) == 100 and all(row["length"] == truth[parse_board(row["start"])[2]] for row in answers)
    assert "100 answered (100 optimal), 1000 bad lines" in p.stderr


def test_exit_status_says_what_happened():
    rows = []
    lines = [
        "3x3:1,2,3,4,5,6,8,7,0",
        "3x3:1,2",
        "4x4:" + ",".join(map(str, random_board(default_goal(4, 4), Topology(4, 4), 5))),
    ]
    summary = run_batch(read_tasks(lines, Defaults(time_limit=0.001, strategy="optimal")), rows.append)
    assert summary.exit_status() == EXIT_UNSOLVABLE + EXIT_BAD_LINES + EXIT_NOT_PROVEN


def test_states_and_csv(tmp_path):
    states = tmp_path / "states.jsonl"
    out = tmp_path / "rows.csv"
    p = npuzzle(
        "batch",
        "-",
        "--csv",
        "--out",
        str(out),
        "--states",
        str(states),
        "--jobs",
        "1",
        stdin="\n".join(eight_puzzles(5, seed=3)) + "\n",
    )
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 5 and all(row["optimal"] == "True" for row in rows)
    truth = bfs(GOAL3, T3)
    seen = rows_of(states.read_text())
    assert len(seen) == sum(int(row["length"]) + 1 for row in rows)
    assert all(truth[parse_board(s["board"])[2]] == s["distance"] for s in seen)
    # running again appends nothing: every id is answered
    p = npuzzle(
        "batch", "-", "--csv", "--out", str(out), "--jobs", "1", stdin="\n".join(eight_puzzles(5, seed=3)) + "\n"
    )
    assert p.returncode == 0 and len(out.read_text().splitlines()) == 6 and "5 answered before" in p.stderr


def test_random_count_is_reproducible_and_feeds_batch():
    a = npuzzle("random", "--size", "3x3", "--count", "20", "--seed", "7").stdout.split()
    b = npuzzle("random", "--size", "3x3", "--count", "20", "--seed", "7").stdout.split()
    assert a == b and len(set(a)) == 20
    assert a[0] == npuzzle("random", "--size", "3x3", "--seed", "7").stdout.strip()
    p = npuzzle("batch", "-", "--jobs", "1", stdin="\n".join(a))
    assert p.returncode == 0 and len(rows_of(p.stdout)) == 20


def hard_boards(n: int) -> list[str]:
    """4x4 boards that take a few hundredths of a second to a second each."""
    t = Topology(4, 4)
    return [f"4x4:{','.join(map(str, scramble(default_goal(4, 4), t, 60, i)))}" for i in range(n)]


def wait_for_rows(path: Path, n: int, proc, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        assert proc.poll() is None, "the batch ended before it could be killed"
        time.sleep(0.05)
    raise AssertionError(f"fewer than {n} rows after {timeout} s")


# The kill -9 test's boards: enough that the kill comes mid-run (a quarter answered) on
# any machine; 100 took 28 s of two idle cores, to check the same thing.
BOARDS = 40


@pytest.mark.slow
@pytest.mark.cluster
def test_kill_9_then_run_again_gives_every_board_once(tmp_path):
    source = tmp_path / "boards.txt"
    source.write_text("\n".join(hard_boards(BOARDS)) + "\n")
    out = tmp_path / "rows.jsonl"
    args = [
        sys.executable,
        "-m",
        "npuzzle",
        "batch",
        str(source),
        "--out",
        str(out),
        "--jobs",
        "2",
        "--heuristic",
        "linear-conflict",
        "--progress",
        "none",
    ]
    first = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    wait_for_rows(out, BOARDS // 4, first)
    os.killpg(first.pid, signal.SIGKILL)  # the command and its worker processes
    first.wait()
    kept = out.read_text()
    before = {row["id"] for row in rows_of(kept[: kept.rfind("\n") + 1])}
    assert BOARDS // 4 <= len(before) < BOARDS
    second = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert second.returncode == 0, second.stderr
    rows = rows_of(out.read_text())
    ids = [row["id"] for row in rows]
    assert sorted(ids) == list(range(1, BOARDS + 1))  # every board once: no duplicate, none missing
    assert f"{BOARDS - len(before)} answered (" in second.stderr and f"{len(before)} answered before" in second.stderr
    for row in rows:
        start = parse_board(row["start"])[2]
        assert apply_moves(start, row["moves"], Topology(4, 4)) == default_goal(4, 4) and row["optimal"]


DASK_BOARDS = 20  # a worker is killed after 5: 40 took 16 s of two idle cores


@pytest.mark.slow
@pytest.mark.cluster
def test_dask_cluster_of_separate_processes_survives_a_killed_worker(tmp_path):
    with dask_cluster(tmp_path) as (address, procs):
        source = tmp_path / "boards.txt"
        source.write_text("\n".join(hard_boards(DASK_BOARDS)) + "\n")
        out = tmp_path / "rows.jsonl"
        batch = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "npuzzle",
                "batch",
                str(source),
                "--out",
                str(out),
                "--engine",
                "dask",
                "--scheduler",
                address,
                "--heuristic",
                "linear-conflict",
                "--progress",
                "none",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_rows(out, 5, batch)
        assert batch.poll() is None, "the batch ended before a worker could be killed"
        procs[1].kill()  # one of the two workers, mid-run
        _, err = batch.communicate(timeout=600)
        assert batch.returncode == 0, err
        ids = [row["id"] for row in rows_of(out.read_text())]
        assert sorted(ids) == list(range(1, DASK_BOARDS + 1))


@pytest.mark.cluster
def test_a_dask_engine_counts_the_workers_it_has_now(tmp_path):
    """Workers that join a cluster after the engine connected are used, lost ones no
    longer counted (a split pass is cut for the workers there are when it starts)."""
    from npuzzle.batch.engines import make_engine

    def becomes(n: int) -> bool:
        end = time.monotonic() + 60
        while engine.workers != n and time.monotonic() < end:
            time.sleep(0.2)
        return engine.workers == n

    with dask_cluster(tmp_path, workers=1) as (address, procs):
        engine = make_engine("dask", scheduler=address)
        try:
            assert becomes(1)
            procs.append(dask_worker(address))
            assert becomes(2)
            procs[1].kill()
            assert becomes(1)
        finally:
            engine.close()


def korf(number: int) -> tuple[str, str, int]:
    """Korf's board (1-based) as (start, goal) IDs, and its optimal length."""
    nums = (Path(__file__).parent / "data" / "korf100.txt").read_text().splitlines()[number - 1].split()
    return "4x4:" + ",".join(nums[:16]), "4x4:" + ",".join(map(str, range(16))), int(nums[16])


@pytest.mark.slow
@pytest.mark.cluster
def test_a_long_board_is_split_over_every_worker_and_stays_optimal():
    from npuzzle.batch import make_engine

    lines, optimum = [], {}
    for number in (3, 60):  # #60 runs for seconds: handed back after 0.3 s, then split
        start, goal, length = korf(number)
        lines.append(json.dumps({"id": number, "start": start, "goal": goal}))
        optimum[number] = length
    engine = make_engine("local", 2)
    rows = []
    try:
        run_batch(read_tasks(lines, Defaults(split_after=0.3)), rows.append, engine)
    finally:
        engine.close()
    assert {row["id"]: row["length"] for row in rows} == optimum and all(row["optimal"] for row in rows)
    for row in rows:
        assert apply_moves(parse_board(row["start"])[2], row["moves"], Topology(4, 4)) == parse_board(row["goal"])[2]


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.parametrize("engine", ["local", "dask"])
def test_solve_splits_one_board_over_an_engine(engine):
    if engine == "dask":
        pytest.importorskip("dask.distributed")
    start, goal, length = korf(60)
    p = npuzzle("solve", start, "--goal", goal, "--json", "--engine", engine, "--jobs", "2")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["length"] == length and data["optimal"]


# ---------------------------------------------------------------- study: the course reports' table at scale


def test_study_boards_are_exactly_their_depth_and_reproducible():
    from npuzzle import lab

    boards = lab.boards_at_depths(GOAL3, T3, [12, 20], 25, seed=4)
    truth = bfs(GOAL3, T3)
    assert [d for d, _ in boards] == [12] * 25 + [20] * 25
    assert all(truth[b] == d for d, b in boards) and len({b for _, b in boards}) == 50
    assert boards == lab.boards_at_depths(GOAL3, T3, [12, 20], 25, seed=4)
    assert boards != lab.boards_at_depths(GOAL3, T3, [12, 20], 25, seed=5)


def test_study_table_is_the_mean_of_each_boards_own_runs():
    from npuzzle import Problem, lab

    boards = lab.boards_at_depths(GOAL3, T3, [8, 14], 6, seed=2)
    results = [
        lab.study_board((d, b, GOAL3, 3, 3, "", ["astar", "idastar"], ["misplaced", "manhattan"], None, None))
        for d, b in boards
    ]
    rows = lab.study_table(results)
    assert [(r["depth"], r["algorithm"], r["heuristic"]) for r in rows] == [
        (d, a, h) for d in (8, 14) for a in ("astar", "idastar") for h in ("misplaced", "manhattan")
    ]
    for row in rows:
        runs = [
            lab.compare(Problem(b, GOAL3, T3), [row["algorithm"]], [row["heuristic"]])[0]
            for d, b in boards
            if d == row["depth"]
        ]
        assert all(r.length == row["depth"] for r in runs)
        assert row["mean_nodes_expanded"] == round(sum(r.nodes_expanded for r in runs) / 6, 1)
        assert row["mean_nodes_generated"] == round(sum(r.nodes_generated for r in runs) / 6, 1)
        assert row["boards"] == row["solved"] == 6
    # the heuristics' order in every course report: a better heuristic expands fewer nodes
    for d in (8, 14):
        by = {(r["algorithm"], r["heuristic"]): r["mean_nodes_expanded"] for r in rows if r["depth"] == d}
        assert by[("astar", "manhattan")] <= by[("astar", "misplaced")]


def test_study_command_table_csv_json_agree_and_boards_file(tmp_path):
    args = [
        "study",
        "--random",
        "5",
        "--depths",
        "6,10",
        "--seed",
        "3",
        "--algorithms",
        "astar,idastar",
        "--heuristics",
        "manhattan",
        "--jobs",
        "1",
    ]
    data = json.loads(npuzzle(*args, "--json").stdout)
    text = npuzzle(*args, "--csv").stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(data["rows"]) == 4
    # mean_seconds differs per run; cells are the worded cells the page shows, not in the CSV
    masked = lambda r: {k: v for k, v in r.items() if k not in ("mean_seconds", "cells")}  # noqa: E731
    assert [masked(r) for r in rows] == [
        masked({k: "" if v is None else str(v) for k, v in r.items()}) for r in data["rows"]
    ]
    table = npuzzle(*args).stdout
    assert table.splitlines()[0].split() == [
        "depth",
        "algorithm",
        "heuristic",
        "boards",
        "solved",
        "mean_nodes_expanded",
        "mean_nodes_generated",
        "mean_seconds",
        "ebf",
    ]
    # the same boards from a file: their depth is their optimal length
    from npuzzle import lab

    boards = tmp_path / "boards.txt"
    boards.write_text(
        "\n".join(f"3x3:{','.join(map(str, b))}" for _, b in lab.boards_at_depths(GOAL3, T3, [6, 10], 5, 3))
    )
    again = json.loads(
        npuzzle(
            "study",
            "--boards",
            str(boards),
            "--algorithms",
            "astar,idastar",
            "--heuristics",
            "manhattan",
            "--jobs",
            "2",
            "--json",
        ).stdout
    )
    assert [masked(r) for r in again["rows"]] == [masked(r) for r in data["rows"]]


def test_study_refuses_what_it_cannot_do():
    assert "at most 9 cells" in npuzzle("study", "--random", "5", "--depths", "6", "--size", "3x4").stderr
    assert "farthest are 31" in npuzzle("study", "--random", "5", "--depths", "40").stderr
    assert npuzzle("study", "--depths", "6").returncode == 2
