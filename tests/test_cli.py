"""The command line as scripts use it: real processes, exit codes, stdout and stderr."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from npuzzle import Topology, apply_moves, default_goal, parse_board


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def test_solve_json():
    p = run("solve", "3x3:1,2,3,4,5,6,0,7,8", "--json")
    assert p.returncode == 0 and p.stderr == ""
    data = json.loads(p.stdout)
    assert {
        "solvable",
        "moves",
        "length",
        "optimal",
        "lower_bound",
        "nodes",
        "seconds",
        "algorithm",
        "heuristic",
    } <= set(data)
    assert data["moves"] == "RR" and data["length"] == 2 and data["optimal"] is True
    assert data["tiles"] == [7, 8] and data["algorithm"] == "idastar"


def test_solve_with_goal_file_and_stdin(tmp_path):
    goal = tmp_path / "goal.txt"
    goal.write_text("1 2 6\n4 5 8\n7 0 3\n")
    p = run("solve", "-", "--goal", str(goal), "--json", "--algorithm", "astar", stdin="1 2 3\n4 5 6\n0 7 8\n")
    data = json.loads(p.stdout)
    assert p.returncode == 0 and data["length"] == 15 and data["algorithm"] == "astar"
    t = Topology(3, 3)
    assert apply_moves((1, 2, 3, 4, 5, 6, 0, 7, 8), data["moves"], t) == parse_board(goal.read_text())[2]


def test_wrapped_seed_board():
    p = run(
        "solve",
        "5x5:6,1,2,5,10,11,7,9,4,15,20,12,13,8,0,16,21,18,14,19,22,17,3,23,24",
        "--wrap-rows",
        "2",
        "--wrap-cols",
        "2",
        "--json",
    )
    data = json.loads(p.stdout)
    assert p.returncode == 0 and data["length"] == 28 and data["optimal"]
    t = Topology(5, 5, (2,), (2,))
    assert apply_moves(parse_board(data["id"])[2], data["moves"], t) == default_goal(5, 5)


def test_a_bare_list_of_numbers_is_a_board():
    p = run("solve", "1 2 3 4 5 6 0 7 8", "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["moves"] == "RR"


def test_readable_output_and_steps():
    p = run("solve", "3x3:1,2,3,4,5,6,0,7,8", "--steps")
    assert p.returncode == 0
    assert "Solved in 2 moves (optimal)." in p.stdout
    assert "Blank moves: RR" in p.stdout and "Tiles moved: 7 8" in p.stdout
    assert "move 2: R (tile 8)\n1 2 3\n4 5 6\n7 8 0" in p.stdout


def test_unsolvable_exit_1_with_json():
    p = run("solve", "3x3:1,2,3,4,5,6,8,7,0", "--json")
    assert p.returncode == 1
    data = json.loads(p.stdout)
    assert data["solvable"] is False and data["moves"] == "" and "odd" in data["reason"]
    p = run("solve", "3x3:1,2,3,4,5,6,8,7,0")
    assert p.returncode == 1 and p.stdout.startswith("Unsolvable: ")


def test_time_limit_exit_3():
    p = run(
        "solve",
        "4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3",
        "--heuristic",
        "manhattan",
        "--time-limit",
        "0.5",
        "--json",
    )
    assert p.returncode == 3
    data = json.loads(p.stdout)
    assert data["stopped"] == "time limit" and data["moves"] == "" and data["lower_bound"] >= 43


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "3x3:1,2,3,4,5,6,7,8"], "a 3x3 board needs 9 numbers, got 8"),
        (["solve", "3x3:1,2,3,4,5,6,7,7,0"], "number 7 is used twice"),
        (["solve", "3x3:1,2,3,4,x,6,7,8,0"], "'x' is not a tile number"),
        (["solve", "3x3:1,2,3,4,5,6,7,8,0", "--goal", "2x2:1,2,3,0"], "the goal is 2x2 but the start is 3x3"),
        (["solve", "40x40:1"], "width 40 is out of range: boards are 2 to 30 cells a side"),
        (["solve", "nosuchfile"], "start 'nosuchfile' is neither a board ID (like 3x3:1,2,3,4,5,6,7,8,0) nor a file"),
        (["solve", "3x3:1,2,3,4,5,6,7,8,0", "--wrap-rows", "9"], "wrapped row 9 is outside the board (0 to 2)"),
        (["solve", "3x3:1,2,3,4,5,6,7,8,0", "--heuristic", "magic"], "argument --heuristic: invalid choice: 'magic'"),
        (
            ["solve", "3x3:1,2,3,4,5,6,7,8,0", "--time-limit", "-1"],
            "--time-limit must be a number from 0.001 to 1e+06, not -1.0",
        ),
        (["solve", "3x3:1,2,3,4,5,6,7,8,0", "--max-nodes", "0"], "--max-nodes must be a number from 1 to 1e+09, not 0"),
        (["random", "--size", "4by4"], "--size '4by4' should look like 4x4 (width x height)"),
        (["frobnicate"], "argument command: invalid choice: 'frobnicate'"),
        (["random", "--size", "99999x99999"], "--size '99999x99999' is out of range: boards are 2 to 30 cells a side"),
        (
            ["random", "--size", "3x3", "--moves", "100000000"],
            "--moves must be a number from 0 to 1e+06, not 100000000",
        ),
        (
            ["solve", "3x3:1,2,3,4,5,6,7,8,0", "--time-limit", "nan"],
            "--time-limit must be a number from 0.001 to 1e+06, not nan",
        ),
        (
            ["solve", "3x3:1,2,3,4,5,6,7,8," + "9" * 5000],
            "number 99999999... is out of range (boards have at most 900 cells)",
        ),
        (["solve", "9" * 5000 + "x3:1"], "width 99999999... is out of range: boards are 2 to 30 cells a side"),
        (["solve", "-", "--goal", "-"], "only one of the start and the goal can come from standard input"),
    ],
)
def test_invalid_input_exit_2_one_line(args, message):
    p = run(*args)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    assert p.stderr.startswith("npuzzle: error: " + message)


def test_random_is_reproducible_and_solvable():
    a = run("random", "--size", "4x4", "--seed", "5")
    b = run("random", "--size", "4x4", "--seed", "5")
    assert a.returncode == 0 and a.stdout == b.stdout and a.stdout.startswith("4x4:")
    check = run("check", a.stdout.strip())
    assert check.returncode == 0 and check.stdout.startswith("Solvable")
    scrambled = run("random", "--size", "3x2", "--moves", "7", "--seed", "1")
    solved = json.loads(run("solve", scrambled.stdout.strip(), "--json").stdout)
    assert solved["length"] <= 7


def test_progress_line_for_search_and_database_building(capsys):
    from npuzzle.cli.progress import StatusLine

    line = StatusLine()
    line.search({"phase": "building", "database": "corner6", "states": 50, "total": 100})
    line.search({"algorithm": "idastar", "bound": 52, "nodes": 123456, "seconds": 1.5})
    err = capsys.readouterr().err
    assert "building pattern database corner6 (once): [###############" in err and "50%" in err
    assert "idastar: bound 52, 123,456 nodes, 1.5 s" in err


def test_databases_command(monkeypatch, capsys, tmp_path):
    from npuzzle import cli
    from npuzzle.pdb import store

    p = run("databases", "--size", "4x4")  # from the cache the test session fills
    assert p.returncode == 0, p.stderr
    assert [line.rsplit("/", 1)[-1] for line in p.stdout.split()] == ["corner6.pdb", "ring6.pdb"]
    monkeypatch.setattr(store, "can_build", lambda: False)
    monkeypatch.setattr(store, "_tables", {})
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))  # nothing cached here
    assert cli.main(["databases", "--size", "4x4"]) == 2
    assert capsys.readouterr().err == (
        "npuzzle: error: building the pattern databases (corner6, ring6) needs numpy: pip install numpy\n"
    )
    assert run("databases", "--size", "6x6").returncode == 2


def test_a_damaged_database_is_said_in_one_line_and_the_search_goes_on_without_it(monkeypatch, tmp_path):
    from npuzzle.pdb import store

    folder = tmp_path / "pdb"
    folder.mkdir()
    for name in ("corner6", "ring6"):  # the standard 4x4 ones, sound, from the session's cache
        (folder / f"{name}.pdb").write_bytes((store.cache_dir() / f"{name}.pdb").read_bytes())
    (folder / "half7.pdb").write_bytes(b"half a file")
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.delenv("NPUZZLE_DATABASES", raising=False)
    listed = run("databases", "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[-3:] == [
        "4x4 boards are solved with 6-6-3.",
        "5x5 boards are solved with 5-5-5-5-4.",
        "half7's file is damaged (not an npuzzle pattern database): npuzzle databases build half7 makes it again.",
    ]
    assert [line for line in lines if line.startswith("half7 ")] == [
        f"half7    4x4, 7 tiles, 256 MiB in memory, on request: {folder / 'half7.pdb'} "
        "(damaged: not an npuzzle pattern database)"
    ]
    assert [line for line in lines if line.startswith("corner6")][0].endswith("corner6.pdb")  # sound: no remark
    korf_1 = "4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"
    solved = run("solve", korf_1, "--goal", "4x4:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "--json")
    assert solved.returncode == 0 and json.loads(solved.stdout)["length"] == 57
    assert solved.stderr == (
        "npuzzle: half7's file is damaged (not an npuzzle pattern database): npuzzle databases build half7 "
        "makes it again; went on without it\n"
    )


def test_databases_names_and_lists_and_says_when_memory_runs_out(monkeypatch, tmp_path, capsys):
    from collections import namedtuple

    from npuzzle import cli

    shutil_usage = namedtuple("usage", "total used free")
    from npuzzle.cli import cache
    from npuzzle.pdb import store
    from npuzzle.pdb.estimate import Estimate, entries

    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    for name in ("half7", "half7h", "half8"):
        monkeypatch.delitem(store._tables, name, raising=False)  # loaded by an earlier test, perhaps
    assert cli.main(["databases", "list"]) == 0
    listed = capsys.readouterr().out
    assert "half7    4x4, 7 tiles, 256 MiB in memory, on request: not built" in listed
    assert listed.endswith("\n4x4 boards are solved with 6-6-3.\n5x5 boards are solved with 5-5-5-5-4.\n")
    # the list says which partition the files give (their contents are checked by the
    # test below: here only their presence counts)
    monkeypatch.setattr(store, "check_file", lambda path: None)
    monkeypatch.delenv("NPUZZLE_DATABASES", raising=False)  # set again after the test
    (tmp_path / "pdb").mkdir()
    (tmp_path / "pdb" / "half8.pdb").write_bytes(b"")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n4x4 boards are solved with 6-6-3; half8 is used only with half7h or half7: "
        "npuzzle databases build half7h.\n"
        "5x5 boards are solved with 5-5-5-5-4.\n"
    )
    (tmp_path / "pdb" / "half7.pdb").write_bytes(b"")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n4x4 boards are solved with 7-8 (half7 and half8), when the goal's blank is in a corner (else 6-6-3); "
        "half7h, half7 built with the blank in its corner, is stronger: npuzzle databases build half7h.\n"
        "5x5 boards are solved with 5-5-5-5-4.\n"
    )
    (tmp_path / "pdb" / "half7h.pdb").write_bytes(b"")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n4x4 boards are solved with 7-8 (half7h and half8), when the goal's blank is in a corner (else 6-6-3).\n"
        "5x5 boards are solved with 5-5-5-5-4.\n"
    )
    assert cache.wanted(["half8"], "4x4") == ["half7h", "half8"]  # 7-8 takes both
    (tmp_path / "pdb" / "5x5-6b.pdb").write_bytes(b"")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n5x5 boards are solved with 5-5-5-5-4; 6-6-6-6 takes both 5x5-6a and 5x5-6b: npuzzle databases build 5x5-6a.\n"
    )
    (tmp_path / "pdb" / "5x5-6a.pdb").write_bytes(b"")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n5x5 boards are solved with 6-6-6-6 (5x5-6a and 5x5-6b), when the goal's blank is in a corner.\n"
    )
    assert cache.wanted(["5x5-6b"], "4x4") == ["5x5-6b", "5x5-6a"]  # 6-6-6-6 takes both
    monkeypatch.setenv("NPUZZLE_DATABASES", "half7")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n4x4 boards are solved with 7-7-1 (half7) (NPUZZLE_DATABASES=half7), when the "
        "goal's blank is in a corner (else 6-6-3).\n"
        "5x5 boards are solved with 6-6-6-6 (5x5-6a and 5x5-6b), when the goal's blank is in a corner.\n"
    )
    monkeypatch.setenv("NPUZZLE_DATABASES", "standard")
    assert cli.main(["databases", "list"]) == 0
    assert capsys.readouterr().out.endswith(
        "\n4x4 boards are solved with 6-6-3 (NPUZZLE_DATABASES=standard).\n5x5 boards are solved with 5-5-5-5-4.\n"
    )
    monkeypatch.delenv("NPUZZLE_DATABASES")
    for name in ("half7", "half7h", "half8", "5x5-6a", "5x5-6b"):
        (tmp_path / "pdb" / f"{name}.pdb").unlink()
    assert cli.main(["databases", "build", "eighth"]) == 2
    assert "no pattern database called 'eighth'" in capsys.readouterr().err

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(store, "write_databases", no_memory)
    monkeypatch.setattr(store, "can_build", lambda: True)
    # the time is a measured rate times the entries (tests/test_build_estimate.py): here a made-up rate
    monkeypatch.setattr(cache, "estimate", lambda name: Estimate(name, entries(name), 1e-6, 1))
    assert cli.main(["databases", "build", "half7"]) == 2
    err = capsys.readouterr().err
    assert (
        "building half7: 256 MiB in memory (and about 1.3 GB while building), 30 MiB on disk\n"
        "half7: 57,657,600 entries at 1.00 µs each (measured now): about 58 s\n"
    ) in err
    assert "not enough memory to build the pattern databases (half7 about 1.3 GB)" in err

    def refused(*args, **kwargs):
        raise ValueError("build_regions: 4,151,347,200 placements are too many")

    monkeypatch.setattr(store, "write_databases", refused)
    assert cli.main(["databases", "build", "half7"]) == 2
    assert capsys.readouterr().err.endswith(
        f"npuzzle: error: could not build or save the pattern databases in "
        f"{tmp_path / 'pdb'}: build_regions: 4,151,347,200 placements are too many\n"
    )
    # 7-8 takes both halves; the disk space is said, and checked, before it starts
    monkeypatch.setattr("shutil.disk_usage", lambda path: shutil_usage(total=1 << 40, used=0, free=1 << 30))
    assert cli.main(["databases", "build", "half8"]) == 2
    err = capsys.readouterr().err
    assert "building half7h: 256 MiB in memory" in err
    assert "building half8: 4096 MiB in memory (and about 6 GB while building), 4096 MiB on disk\n" in err
    assert "entries at" not in err  # no rate measured for a build that cannot start
    assert (
        f"npuzzle: error: not enough disk space in {tmp_path / 'pdb'} for half7h, half8: 4126 MiB needed, 1024 MiB free"
        in err
    )
    # a cache that cannot be written is said before the build starts, and a cut-off file goes
    (tmp_path / "pdb" / "half8.tmp").write_bytes(b"cut off")
    monkeypatch.setattr("shutil.disk_usage", lambda path: shutil_usage(total=1 << 40, used=0, free=1 << 40))
    assert cli.main(["databases", "build", "half8"]) == 2
    assert not (tmp_path / "pdb" / "half8.tmp").exists()
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path / "a-file"))
    (tmp_path / "a-file").write_text("not a folder")
    assert cli.main(["databases", "build", "half8"]) == 2
    assert (
        f"npuzzle: error: cannot write the pattern databases into {tmp_path / 'a-file' / 'pdb'}"
        in capsys.readouterr().err
    )


def test_a_databases_setting_that_is_not_one_is_refused(monkeypatch, capsys):
    from npuzzle import cli

    monkeypatch.setenv("NPUZZLE_DATABASES", "7-8")
    assert cli.main(["solve", "3x3:1,2,3,4,5,6,7,0,8"]) == 2
    assert capsys.readouterr().err == (
        "npuzzle: error: NPUZZLE_DATABASES=7-8 is not a setting: use standard (6-6-3), "
        "half7 (7-7-1), half8 (7-8 with half7) or half7h (7-8 with half7h), or leave it unset "
        "for the strongest built\n"
    )


def test_an_order_setting_that_is_not_one_is_refused(monkeypatch, capsys):
    from npuzzle import cli

    monkeypatch.setenv("NPUZZLE_ORDER", "ULRD")
    assert cli.main(["solve", "3x3:1,2,3,4,5,6,7,0,8"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == (
        "npuzzle: error: NPUZZLE_ORDER=ULRD is not a setting: use korf (Korf's move order, "
        "nothing reordered, for his counts), ordered (the last pass's subtrees most visited first), "
        "or leave it unset (Korf's on the 24-puzzle, ordered below)\n"
    )
