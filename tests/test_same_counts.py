"""A search's node count and answer do not depend on what its process did before: the
same searches give the same counts in a fresh process, after other searches, and again.

They once did: the first try of the split search (npuzzle.pdb.parallel.quick_try) was
measured in seconds, and a process's first search also builds or loads its tables within
that time, so a 3x3 towards a custom goal with the databases counted 16 nodes on a fresh
process's first search and 29 on later ones (and a loaded machine split boards an idle
one did not).  The first try is now measured in nodes (parallel.QUICK_NODES).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import korf100

from npuzzle import Problem, Topology, api
from npuzzle.pdb import parallel

BOARD = "3x3:1,2,3,4,5,6,0,7,8"
GOAL = "3x3:1,2,6,4,5,8,7,0,3"
EIGHT = "3x3:8,6,7,2,5,4,3,0,1"
CENTRE = "4x4:1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15"  # a 4x4 goal with the blank on cell 5
BLANK_FIRST = "4x4:" + ",".join(map(str, range(16)))


def _korf(i: int) -> str:
    return "4x4:" + ",".join(map(str, korf100()[i][0]))


# (board, goal, solve's keyword arguments): several sizes, custom goals, the databases and not
SEARCHES: list[tuple[str, str | None, dict]] = [
    (BOARD, GOAL, {"heuristic": "pdb"}),  # the case that counted 16, then 29
    (BOARD, GOAL, {}),
    (EIGHT, GOAL, {"heuristic": "pdb"}),
    (EIGHT, None, {"heuristic": "linear-conflict"}),
    (EIGHT, GOAL, {"heuristic": "manhattan", "algorithm": "astar"}),
    (_korf(0), BLANK_FIRST, {}),
    (_korf(6), BLANK_FIRST, {"heuristic": "pdb"}),
    ("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", None, {}),
    ("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", CENTRE, {"heuristic": "pdb"}),
    ("5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,0,21,22,23,24", None, {"heuristic": "pdb"}),
    ("5x5:6,1,2,3,4,11,7,8,9,5,16,12,13,14,10,0,17,18,19,15,21,22,23,24,20", None, {}),
]

OTHERS: list[tuple[str, str | None, dict]] = [  # searches a process may have made before
    (EIGHT, None, {"heuristic": "pdb"}),
    (_korf(3), BLANK_FIRST, {"heuristic": "pdb"}),
    ("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", CENTRE, {}),
    (BOARD, "3x3:8,7,6,5,4,3,2,1,0", {"heuristic": "pdb"}),
]


def run(searches: list[tuple[str, str | None, dict]]) -> list[list]:
    """Each search's nodes, length, moves and lower bound."""
    found = []
    for board, goal, options in searches:
        reply = api.solve(board, goal=goal, **options)
        assert reply["ok"] and reply["found"], reply
        found.append([reply["nodes"], reply["length"], reply["moves"], reply["lower_bound"], reply["heuristic"]])
    return found


@pytest.fixture
def two_processes(monkeypatch):
    """Searches that may split (the first try's budget applies only with more than one)."""
    monkeypatch.setenv("NPUZZLE_PROCESSES", "2")


def fresh() -> list[list]:
    """run(SEARCHES) in a new process, this one's environment (databases, cache)."""
    here = Path(__file__).resolve().parent
    code = f"import json, sys; sys.path[:0] = {[str(here), str(here.parent)]!r}; import test_same_counts as t; print(json.dumps(t.run(t.SEARCHES)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_same_searches_count_the_same_in_a_fresh_process_and_after_others(two_processes):
    first = fresh()
    run(OTHERS)
    after = run(SEARCHES)
    assert after == first
    assert run(list(reversed(SEARCHES))) == list(reversed(first))
    assert first[0] == [29, 15, "UURRDLULDDRURDL", 15, "pdb"]


def test_a_slow_clock_does_not_change_a_count(two_processes, monkeypatch):
    # What made the first search differ: a clock that has run on (here one second a look)
    # while the search built its tables.  The counts are the nodes', not the clock's.
    expected = run(SEARCHES[:3])
    now = [time.perf_counter()]

    def slow() -> float:
        now[0] += 1.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", slow)
    assert run(SEARCHES[:3]) == expected


def test_the_first_try_stops_by_its_node_budget(two_processes, monkeypatch):
    # Past the budget the search goes on in split passes; where the first try stopped is
    # a matter of nodes: the same lower bound and nodes every time, however slow the clock.
    board, length = korf100()[59]
    problem = Problem(board, tuple(range(16)), Topology(4, 4))
    tries = [parallel.quick_try(problem, None, None, budget=50_000) for _ in range(2)]
    assert [t.stopped for t in tries] == ["time limit"] * 2
    assert tries[0].nodes == tries[1].nodes and tries[0].lower_bound == tries[1].lower_bound < length
    assert 25_000 <= tries[0].nodes < 50_000 + (1 << 14)
