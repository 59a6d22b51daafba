"""The study lab: counts that are the searches' own, lengths that agree with breadth-first
search, heuristics whose parts add up, step events that replay, and the front ends'
contracts (CLI columns and exit codes, the worker's JSON)."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys

import pytest
from support import DATA, bfs, left_out_under, seed_cases

from npuzzle import Problem, Topology, api, apply_moves, lab, random_board
from npuzzle.lab.searches import Budget, Stats, run, start
from npuzzle.pdb import database_names
from npuzzle.rules.notation import parse_problem

# Small boards where breadth-first search is the ground truth (the issue's list).
BOARDS = [
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3)),
    ((1, 2, 6, 4, 5, 8, 7, 0, 3), Topology(3, 3)),  # seed 003's goal
    ((1, 2, 3, 4, 5, 0), Topology(2, 3)),
    ((1, 2, 3, 4, 5, 6, 7, 0), Topology(4, 2)),
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3, wrap_rows=(1,), wrap_cols=(1,))),
]
IDS = ["3x3", "3x3-seed003-goal", "2x3", "4x2", "3x3-wrapped"]
SAMPLES = 6


def _heuristics(problem: Problem) -> list[str]:
    return lab.default_heuristics(problem)


def _samples(goal, topology, count=SAMPLES, seed=1):
    rng = random.Random(seed)
    return [Problem(random_board(goal, topology, rng.randrange(10**9)), goal, topology) for _ in range(count)]


@pytest.mark.parametrize("goal, topology", BOARDS, ids=IDS)
def test_optimal_rows_agree_with_breadth_first_search(goal, topology):
    truth = bfs(goal, topology)
    for problem in _samples(goal, topology):
        optimum = truth[problem.start]
        rows = lab.compare(problem, lab.ALGORITHMS, _heuristics(problem), weight=1.5, time_limit=None)
        assert rows[0].algorithm == "bfs" and rows[0].heuristic is None and rows[0].initial_h is None
        for row in rows:
            assert row.found and row.stopped is None, row
            assert apply_moves(problem.start, row.moves, topology) == goal
            assert row.length == len(row.moves)
            if row.algorithm in lab.OPTIMAL:
                assert row.optimal and row.length == optimum, row
            else:
                assert not row.optimal
            if row.algorithm.startswith("weighted"):
                assert row.length <= 1.5 * optimum and row.weight == 1.5
            if row.algorithm in ("idastar", "weighted-idastar"):
                assert row.iterations >= 1
                if row.algorithm == "idastar":  # no pass goes deeper than the optimum
                    assert row.max_stored <= row.length + 1
            else:
                assert row.iterations is None


def test_rows_count_what_the_searches_count():
    problem = parse_problem("3x3:8,6,7,2,5,4,3,0,1")  # 31 moves, one of the two hardest 3x3 boards
    rows = lab.compare(problem, lab.ALGORITHMS, ["manhattan", "pdb"], time_limit=None)
    for row in rows:
        h = None if row.heuristic is None else lab.make_heuristic(row.heuristic, problem)
        stats = Stats()
        moves = run(start(row.algorithm, problem, h, stats, Budget(), weight=(2, 1)))
        assert (row.nodes_expanded, row.nodes_generated, row.max_stored, row.iterations, row.moves) == (
            stats.nodes_expanded,
            stats.nodes_generated,
            stats.max_stored,
            stats.iterations,
            moves,
        )
        if row.found and row.length:
            assert row.ebf == lab.ebf(row.nodes_generated, row.length)
    again = lab.compare(problem, lab.ALGORITHMS, ["manhattan", "pdb"], time_limit=None)
    assert [(r.nodes_expanded, r.nodes_generated, r.moves) for r in again] == [
        (r.nodes_expanded, r.nodes_generated, r.moves) for r in rows
    ]  # deterministic
    by = {(r.algorithm, r.heuristic): r for r in rows}
    assert by["bfs", None].length == by["astar", "manhattan"].length == by["idastar", "pdb"].length == 31
    assert by["astar", "pdb"].nodes_expanded < by["astar", "manhattan"].nodes_expanded < by["bfs", None].nodes_expanded


def test_the_effective_branching_factor_solves_its_equation():
    for n, d in ((40, 15), (5555, 15), (3, 2), (1000, 1)):
        b = lab.ebf(n, d)
        assert abs(sum(b**i for i in range(1, d + 1)) - n) < n * 2e-3
    assert lab.ebf(10, 0) is None and lab.ebf(10, None) is None and lab.ebf(15, 15) == 1.0


def test_each_run_has_its_own_budget():
    problem = parse_problem("4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0")  # seed 001 #1, 56 moves
    rows = lab.compare(problem, ["astar", "idastar"], ["misplaced", "pdb"], max_nodes=2000, time_limit=None)
    assert [(r.heuristic, r.found, r.stopped) for r in rows[:3]] == [
        ("misplaced", False, "node limit"),
        ("pdb", False, "node limit"),
        ("misplaced", False, "node limit"),
    ]
    assert all(r.nodes_expanded == 2000 and r.length is None and r.ebf is None for r in rows[:3])
    assert rows[3].stopped == "node limit" and rows[3].iterations == 5 and rows[3].initial_h == 42
    easy = parse_problem("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14")  # seed 001 #5, 15 moves
    rows = lab.compare(easy, ["bfs", "idastar"], ["pdb"], max_nodes=2000, time_limit=None)
    assert [(r.found, r.stopped, r.length) for r in rows] == [(False, "node limit", None), (True, None, 15)]
    timed = lab.compare(problem, ["bfs", "astar"], ["manhattan"], time_limit=0.05)
    assert [(r.found, r.stopped) for r in timed] == [(False, "time limit")] * 2
    assert all(r.seconds < 10 for r in timed)  # 0.05 s each, loosely: a loaded machine overshoots


BOARDS_EXPLAINED = BOARDS + [
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0), Topology(4, 4)),
    ((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), Topology(4, 4)),
    (tuple(range(1, 25)) + (0,), Topology(5, 5, (2,), (2,))),
    (tuple(range(1, 12)) + (0,), Topology(4, 3)),
]


@pytest.mark.parametrize("goal, topology", BOARDS_EXPLAINED, ids=IDS + ["4x4", "4x4-blank-first", "5x5-wrapped", "4x3"])
def test_explained_parts_add_up_to_the_heuristic(goal, topology):
    for problem in _samples(goal, topology, 8, seed=2):
        for name in _heuristics(problem):
            e = lab.explain(problem, name)
            value = lab.make_heuristic(name, problem).value(problem.start)
            assert e["value"] == value, name
            parts = sum(t["cost"] for t in e["tiles"]) + sum(line["cost"] for line in e["lines"])
            if name == "pdb":
                totals = [p["total"] for p in e["partitions"]]
                assert totals[e["chosen"]] == max(totals) == value
                for p in e["partitions"]:
                    assert sum(g["value"] for g in p["groups"]) == p["total"]
                    cells = sorted(c for g in p["groups"] for c in g["cells"])
                    assert cells == sorted(c for c in range(topology.size) if goal[c])  # every tile once
                assert parts == 0
            else:
                assert parts == value, name
            dist = topology.distances()
            assert all(t["distance"] == dist[t["cell"]][t["goal_cell"]] for t in e["tiles"])
            for line in e["lines"]:
                assert line["cost"] == 2 * len(line["leave"]) and set(line["leave"]) <= set(line["tiles"])
                assert all(a in line["tiles"] and b in line["tiles"] for a, b in line["pairs"])
            assert json.loads(json.dumps(e)) == e


def test_a_linear_conflict_shown_on_the_board():
    e = lab.explain(parse_problem("3x3:3,2,1,4,5,6,7,8,0"), "linear-conflict")
    assert e["value"] == 8  # Manhattan 4, and two of 3 2 1 must leave the top row
    assert e["lines"] == [
        {"line": "row", "index": 0, "tiles": [3, 2, 1], "pairs": [[3, 2], [3, 1], [2, 1]], "leave": [2, 1], "cost": 4}
    ]


@pytest.mark.parametrize("algorithm", ["astar", "weighted-astar", "greedy"])
def test_a_star_steps_replay(algorithm):
    problem = parse_problem("3x3:1,2,3,4,5,6,7,8,0", "3x3:1,2,6,4,5,8,7,0,3")  # seed 003's board
    problem = Problem((1, 2, 3, 4, 5, 6, 0, 7, 8), problem.goal, problem.topology)
    h = lab.make_heuristic("manhattan", problem)
    steps = lab.Steps(problem, algorithm, "manhattan", weight=2)
    events = steps.next(10**6)
    assert steps.done and events[-1]["type"] == "goal"
    assert all(e["type"] == "expand" for e in events[:-1])
    for i, e in enumerate(events):
        assert e["board"] == list(apply_moves(problem.start, e["moves"], problem.topology))
        assert e["g"] == len(e["moves"]) and e["h"] == h.value(e["board"])
        assert e["f"] == {"astar": e["g"] + e["h"], "weighted-astar": e["g"] + 2 * e["h"], "greedy": e["h"]}[algorithm]
        if e["type"] == "expand":
            assert e["step"] == i + 1
            # a state reached again by a shorter path leaves the closed list (weighted A*)
            assert e["closed_size"] == i + 1 if algorithm == "astar" else e["closed_size"] <= i + 1
            for c in e["children"]:
                assert c["g"] == e["g"] + 1
                if c["status"] != "duplicate":
                    assert c["h"] == h.value(c["board"])
            tops = e["open_top"]
            assert len(tops) <= lab.searches.OPEN_TOP and [t["f"] for t in tops] == sorted(t["f"] for t in tops)
            if i + 1 < len(events):
                assert tops[0]["id"] == events[i + 1]["id"]  # the top of the open list is taken next
    stats = Stats()
    moves = run(start(algorithm, problem, h, stats, Budget(), weight=(2, 1)))
    assert events[-1]["length"] == len(moves) and events[-1]["moves"] == moves == steps.moves
    assert events[-1]["nodes_expanded"] == stats.nodes_expanded


def test_ida_star_steps_replay():
    problem = parse_problem("3x3:8,6,7,2,5,4,3,0,1")
    h = lab.make_heuristic("linear-conflict", problem)
    steps = lab.Steps(problem, "idastar", "linear-conflict")
    events = steps.next(10**6)
    assert events[0] == {
        "type": "iteration",
        "iteration": 1,
        "threshold": h.value(problem.start),
        "nodes_expanded": 0,
        "nodes_generated": 0,
    }
    thresholds = [e["threshold"] for e in events if e["type"] == "iteration"]
    assert thresholds == sorted(set(thresholds))
    cutoffs = 0
    for e in events:
        if e["type"] in ("expand", "cutoff", "goal"):
            assert e["board"] == list(apply_moves(problem.start, e["moves"], problem.topology))
            assert e["f"] == e["g"] + e["h"] == len(e["moves"]) + h.value(e["board"])
            assert (e["f"] > e["threshold"]) == (e["type"] == "cutoff")
            cutoffs += e["type"] == "cutoff"
        if e["type"] == "iteration_end":
            assert e["next_threshold"] > e["threshold"]
    goal = events[-1]
    assert goal["type"] == "goal" and goal["length"] == 31 == len(steps.moves)
    (row,) = lab.compare(problem, ["idastar"], ["linear-conflict"])
    assert (row.nodes_expanded, row.nodes_generated, row.iterations) == (
        goal["nodes_expanded"],
        goal["nodes_generated"],
        goal["iteration"],
    )
    assert cutoffs == sum(1 for e in events if e["type"] == "cutoff") > 0


def test_search_trees():
    problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3")
    picture = lab.tree(problem, "astar", "manhattan", levels=2, steps=4)
    nodes = {n["id"]: n for n in picture["nodes"]}
    assert nodes[0]["parent"] is None and nodes[0]["status"] == "expanded" and nodes[0]["step"] == 1
    assert sum(n["status"] == "expanded" for n in nodes.values()) <= 4
    for n in nodes.values():
        assert n["g"] <= 2
        if n["parent"] is not None:
            parent = nodes[n["parent"]]
            assert parent["status"] == "expanded" and n["g"] == parent["g"] + 1
            assert n["board"] == list(apply_moves(parent["board"], n["move"], problem.topology))
        if n["status"] != "duplicate":
            assert n["f"] == n["g"] + n["h"]
    ida = lab.tree(problem, "idastar", "manhattan", levels=3)
    assert ida["threshold"] == lab.make_heuristic("manhattan", problem).value(problem.start)
    assert {n["status"] for n in ida["nodes"]} <= {"expanded", "cut-off", "goal"}
    for n in ida["nodes"]:
        assert (n["f"] > ida["threshold"]) == (n["status"] == "cut-off") and n["g"] <= 3
    second = lab.tree(problem, "idastar", "manhattan", levels=3, iteration=2)
    assert second["threshold"] > ida["threshold"] and len(second["nodes"]) > len(ida["nodes"])


def test_a_tree_that_reaches_the_goal_marks_it():
    """A* reaching the goal within the steps asked (the goal's event carries no move: its
    node came as a child); this raised KeyError before."""
    picture = api.tree("3x3:1,2,3,4,5,6,0,7,8", algorithm="astar", levels=3, steps=3)
    assert picture["ok"]
    goal = [n for n in picture["nodes"] if n["status"] == "goal"]
    assert [(n["g"], n["board"], n["move"]) for n in goal] == [(2, [1, 2, 3, 4, 5, 6, 7, 8, 0], "R")]


def test_a_finished_tree_goes_down_the_solution_s_path():
    problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3")
    # each search's answer with Manhattan distance, 15 moves (IDA*'s in its 6th pass)
    for algorithm, moves, options in (
        ("astar", "RRUULDRDLUURDDL", {"steps": 200}),
        ("idastar", "UURRDLULDDRURDL", {"iteration": 6}),
    ):
        r = lab.tree(problem, algorithm, "manhattan", 3, path=moves, **options)
        path = [n for n in r["nodes"] if n["on_path"]]
        assert [n["move"] for n in path] == [None, *moves] and path[-1]["status"] == "goal"
        assert all(n["g"] <= 3 for n in r["nodes"] if not n["on_path"])  # below depth 3, the path only
        # A*'s first levels hold more than the path (IDA*'s last pass goes straight down it)
        assert sum(n["g"] <= 3 for n in r["nodes"]) > 4 or algorithm == "idastar"
    assert all(not n["on_path"] for n in lab.tree(problem, "astar", "manhattan", 3)["nodes"])
    assert api.tree("3x3:1,2,3,4,5,6,0,7,8", path="RX")["error"] == "path must be moves U, D, L and R, not 'RX'"


def test_a_tree_says_how_many_nodes_it_left_out_under_each_node():
    """A node's "hidden" is the number of nodes below it in the whole tree (the same search
    drawn to any depth) that the picture leaves out, A*'s and IDA*'s, finished or not."""
    problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3")
    for algorithm, moves, options, left_out in (
        ("astar", "RRUULDRDLUURDDL", {"steps": 200}, 161),
        ("idastar", "UURRDLULDDRURDL", {"iteration": 6}, 22),
        ("astar", "", {"steps": 30}, 40),
        ("idastar", "", {"iteration": 4}, 44),
    ):
        drawn = lab.tree(problem, algorithm, "manhattan", 3, path=moves, **options)["nodes"]
        whole = lab.tree(problem, algorithm, "manhattan", 99, path=moves, **options)["nodes"]
        assert all(n["hidden"] == 0 for n in whole)
        under = left_out_under(whole, {n["id"] for n in drawn})
        assert {n["id"]: n["hidden"] for n in drawn} == under
        assert sum(under.values()) == len(whole) - len(drawn) == left_out


def test_course_cases_are_the_test_vectors():
    vectors = seed_cases()
    cases = lab.course_cases()
    assert len(cases) == len(vectors)
    for case, v in zip(cases, vectors):
        problem = parse_problem(case["board"], case["goal"], case["wrap"])
        assert problem.start == tuple(v["start"]) and problem.goal == tuple(v["goal"])
        t = problem.topology
        assert (t.width, t.height, list(t.wrap_rows), list(t.wrap_cols)) == (
            v["width"],
            v["height"],
            v["wrap_rows"],
            v["wrap_cols"],
        )
        assert case["optimal"] == v["optimal"] and case["source"] == v["source"]
    assert len({c["name"] for c in cases}) == len(cases) and cases[16]["name"] == "003 #1"
    shared = DATA / "seed_cases.json"
    assert json.loads(shared.read_text())["cases"] == vectors


# --- the command line ------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", "compare", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_json_and_csv():
    board = "3x3:1,2,3,4,5,6,0,7,8"
    p = cli(
        board,
        "--goal",
        "3x3:1,2,3,4,5,6,7,8,0",
        "--algorithms",
        "bfs,astar",
        "--heuristics",
        "misplaced,manhattan",
        "--json",
    )
    assert p.returncode == 0 and p.stderr == ""
    data = json.loads(p.stdout)
    assert data["ok"] and data["start"] == board and data["solvable"] and data["csv"] == lab.to_csv(data["rows"])
    assert [(r["algorithm"], r["heuristic"]) for r in data["rows"]] == [
        ("bfs", None),
        ("astar", "misplaced"),
        ("astar", "manhattan"),
    ]
    assert set(lab.COLUMNS) <= set(data["rows"][0])
    assert data["rows"][1]["nodes_expanded"] == 2 and data["rows"][1]["stopped"] is None
    p = cli(board, "--csv", "--algorithms", "idastar", "--heuristics", "manhattan")
    assert p.returncode == 0
    assert p.stdout.splitlines()[0] == (
        "algorithm,heuristic,found,length,optimal,nodes_expanded,"
        "nodes_generated,max_stored,seconds,iterations,ebf,initial_h,stopped"
    )
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert len(rows) == 1 and rows[0]["found"] == "true" and rows[0]["iterations"] == "1"
    assert rows[0]["stopped"] == ""


def test_cli_table_and_exit_codes():
    p = cli("3x3:1,2,3,4,5,6,0,7,8", "--algorithms", "astar,weighted-idastar", "--heuristics", "pdb", "--weight", "1.5")
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert lines[0].split() == list(lab.COLUMNS)
    assert lines[1].split()[:5] == ["astar", "pdb", "yes", "2", "yes"]
    assert lines[2].startswith("weighted-idastar (w=1.5)  pdb")
    assert len({len(line) for line in lines[:1]}) == 1
    p = cli("3x3:1,2,3,4,5,6,8,7,0")
    assert p.returncode == 1 and p.stdout.startswith("Unsolvable:")
    p = cli("3x3:1,2,3,4,5,6,8,7,0", "--json")
    assert p.returncode == 1 and json.loads(p.stdout)["rows"] == []
    stopped = cli(
        "4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0",
        "--algorithms",
        "astar",
        "--heuristics",
        "manhattan",
        "--max-nodes",
        "50",
        "--json",
    )
    (row,) = json.loads(stopped.stdout)["rows"]
    assert stopped.returncode == 0 and row["stopped"] == "node limit" and row["found"] is False


def test_a_heuristic_that_cannot_serve_the_board_skips_only_its_own_rows():
    """Pattern databases on a 3x2 (none cover it): their rows say why, with no counts, in
    the table, the CSV and the page's cells; the other rows run as ever."""
    p = cli("3x2:1,2,3,4,0,5", "--algorithms", "astar,greedy", "--heuristics", "manhattan,pdb", "--csv")
    why = "pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's goal in a corner"
    rows = list(csv.reader(io.StringIO(p.stdout)))
    assert p.returncode == 0 and [r[:6] + r[-1:] for r in rows[1:]] == [
        ["astar", "manhattan", "true", "1", "true", "1", ""],
        ["astar", "pdb", "false", "", "false", "0", why],
        ["greedy", "manhattan", "true", "1", "false", "1", ""],
        ["greedy", "pdb", "false", "", "false", "0", why],
    ]
    reply = api.compare("3x2:1,2,3,4,0,5", algorithms="astar", heuristics="manhattan,pdb")
    assert reply["ok"] and reply["csv"] == lab.to_csv(reply["rows"])
    assert {
        c: (cell["code"], cell["text"]) for c, cell in reply["rows"][1]["cells"].items() if cell["text"] != "-"
    } == {
        "algorithm": ("lab.algorithm.astar", "A*"),
        "heuristic": ("lab.heuristic.pdb", "Pattern databases"),
        "found": ("lab.not_run", "not run"),
        "stopped": ("lab.pdb.not_covered", why),
    }
    table = cli("3x2:1,2,3,4,0,5", "--algorithms", "astar", "--heuristics", "pdb").stdout.splitlines()
    assert table[1].split()[:4] == ["astar", "pdb", "not", "run"] and table[1].endswith(why)


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["3x3:1,2,3,4,5,6,0,7,8", "--algorithms", "dfs"],
            "unknown algorithm 'dfs': choose from bfs, astar, idastar, weighted-astar, weighted-idastar, greedy",
        ),
        (
            ["3x3:1,2,3,4,5,6,0,7,8", "--heuristics", "manhattan,euclid"],
            "unknown heuristic 'euclid': choose from misplaced, manhattan, linear-conflict, pdb",
        ),
        (["3x3:1,2,3,4,5,6,0,7,8", "--weight", "0.5"], "--weight must be a number from 1 to 100, not 0.5"),
        (["3x3:1,2,3,4,5,6,0,7,8", "--time-limit", "0"], "--time-limit must be a number from 0.001 to 1e+06, not 0.0"),
        (["3x3:1,2,3,4,5,6,0,7,8", "--max-nodes", "0"], "--max-nodes must be a number from 1 to 1e+09, not 0"),
        (["3x3:1,2,3,4,5,6,0,7"], "a 3x3 board needs 9 numbers, got 8"),
        (["3x3:1,2,3,4,5,6,0,7,8", "--json", "--csv"], "argument --csv: not allowed with argument --json"),
    ],
)
def test_cli_invalid_input(args, message):
    p = cli(*args)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == f"npuzzle: error: {message}\n"


# --- the worker's façade -------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, field, message",
    [
        (lambda: api.compare("3x3:1,2,3"), "board", "a 3x3 board needs 9 numbers, got 3"),
        (
            lambda: api.compare("3x3:1,2,3,4,5,6,0,7,8", algorithms=["dfs"]),
            "options",
            "unknown algorithm 'dfs': choose from bfs, astar, idastar, weighted-astar, weighted-idastar, greedy",
        ),
        (
            lambda: api.compare("3x3:1,2,3,4,5,6,0,7,8", heuristics=7),
            "options",
            "heuristics must be a list of names or a comma-separated text",
        ),
        (
            lambda: api.compare("3x3:1,2,3,4,5,6,0,7,8", weight="x"),
            "options",
            "weight must be a number from 1 to 100, not 'x'",
        ),
        (
            lambda: api.explain("3x3:1,2,3,4,5,6,0,7,8", heuristic="euclid"),
            "options",
            "unknown heuristic 'euclid': choose from misplaced, manhattan, linear-conflict, pdb",
        ),
        (lambda: api.explain("3x3:1,2,3,4,5,6,0,7,8", wrap=3), "wrap", "the wrap must be text, not int"),
        (
            lambda: api.step_start("3x3:1,2,3,4,5,6,0,7,8", algorithm="dfs"),
            "options",
            "unknown algorithm 'dfs': choose from bfs, astar, idastar, weighted-astar, weighted-idastar, greedy",
        ),
        (lambda: api.step_start("3x3:1,2,3,4,5,6,0,7,8", n=0), "options", "n must be a number from 1 to 10000, not 0"),
        (
            lambda: api.step_start("3x3:1,2,3,4,5,6,8,7,0"),
            "board",
            "unsolvable: the permutation from start to goal is odd but the blank's distance parity is even; "
            "every move changes both, so they can never agree",
        ),
        (
            lambda: api.step_next(10**9),
            "session",
            "no step session 1000000000: it finished, was stopped or was never started",
        ),
        (lambda: api.step_next("x"), "session", "no step session 'x': it finished, was stopped or was never started"),
        (
            lambda: api.tree("3x3:1,2,3,4,5,6,0,7,8", algorithm="bfs"),
            "options",
            "unknown algorithm 'bfs': choose from astar, idastar, weighted-astar, weighted-idastar, greedy",
        ),
        (
            lambda: api.tree("3x3:1,2,3,4,5,6,0,7,8", levels=99),
            "options",
            "levels must be a number from 0 to 12, not 99",
        ),
    ],
)
def test_api_errors_name_the_field(call, field, message):
    r = call()
    assert {k: r[k] for k in ("ok", "field", "error")} == {"ok": False, "field": field, "error": message}


def test_api_compare_through_call_with_progress():
    seen = []
    text = api.call(
        "compare",
        json.dumps({"board": "3x3:8,6,7,2,5,4,3,0,1", "algorithms": "astar,idastar", "heuristics": ["manhattan"]}),
        seen.append,
    )
    data = json.loads(text)
    assert data["ok"] and data["solvable"] and data["start"] == "3x3:8,6,7,2,5,4,3,0,1"
    assert [r["length"] for r in data["rows"]] == [31, 31]
    heard = [json.loads(s) for s in seen]
    done = [p for p in heard if "done" in p]
    assert [p["done"] for p in done] == [1, 2] and done[-1]["row"] == data["rows"][-1]
    # each run named as it starts (the page's status line says it), before its row
    starts = [p for p in heard if p.get("phase") == "study" and p["nodes"] == 0]
    assert starts == [
        {"phase": "study", "run": 1, "runs": 2, "algorithm": "astar", "heuristic": "manhattan", "nodes": 0},
        {"phase": "study", "run": 2, "runs": 2, "algorithm": "idastar", "heuristic": "manhattan", "nodes": 0},
    ]
    assert heard.index(starts[1]) > heard.index(done[0])
    unsolvable = api.compare("3x3:1,2,3,4,5,6,8,7,0")
    assert unsolvable["ok"] and not unsolvable["solvable"] and unsolvable["rows"] == []


def test_api_step_sessions():
    first = json.loads(
        api.call(
            "step_start",
            json.dumps({"board": "3x3:1,2,3,4,5,0,7,8,6", "algorithm": "idastar", "heuristic": "manhattan", "n": 2}),
        )
    )
    assert first["ok"] and not first["done"] and [e["type"] for e in first["events"]] == ["iteration", "expand"]
    session = first["session"]
    rest = json.loads(api.call("step_next", json.dumps({"session": session, "n": 1000})))
    assert rest["done"] and rest["moves"] == "D" and rest["events"][-1]["type"] == "goal"
    assert api.step_next(session)["field"] == "session"  # a finished session is forgotten
    other = api.step_start("3x3:8,6,7,2,5,4,3,0,1", heuristic="pdb")
    assert api.step_stop(other["session"]) == {"ok": True} and api.step_next(other["session"])["ok"] is False
    sessions = [api.step_start("3x3:8,6,7,2,5,4,3,0,1")["session"] for _ in range(api.MAX_SESSIONS + 1)]
    assert api.step_next(sessions[0])["field"] == "session" and api.step_next(sessions[-1])["ok"]


def test_api_explain_tree_and_cases_are_json_safe():
    for data in (
        api.explain("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", heuristic="pdb"),
        api.tree("3x3:8,6,7,2,5,4,3,0,1", algorithm="weighted-astar", heuristic="linear-conflict"),
        api.cases(),
    ):
        assert data["ok"] and json.loads(json.dumps(data)) == data
    assert api.explain("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", heuristic="pdb")["value"] == 15
    assert set(api.cases()["algorithms"]) == set(lab.ALGORITHMS)
    assert set(api.cases()["heuristics"]) == set(lab.HEURISTICS)


def test_ida_star_passes_add_up_and_follow_the_thresholds():
    problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3")  # seed 003
    for row in lab.compare(problem, ["idastar", "weighted-idastar", "astar"], ["misplaced", "manhattan"]):
        if "idastar" not in row.algorithm:
            assert row.passes is None
            continue
        assert len(row.passes) == row.iterations
        assert sum(p["nodes_expanded"] for p in row.passes) == row.nodes_expanded
        thresholds = [p["threshold"] for p in row.passes]
        assert thresholds == sorted(set(thresholds)) and thresholds[0] == row.initial_h * (row.weight or 1)
    stopped = lab.compare(problem, ["idastar"], ["misplaced"], max_nodes=100)[0]
    assert stopped.stopped == "node limit" and sum(p["nodes_expanded"] for p in stopped.passes) == 100


def test_one_csv_writer_for_the_cli_and_the_page():
    board, goal = "3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3"
    page = api.compare(board, goal, algorithms="bfs,astar,idastar", heuristics="misplaced,manhattan")
    cli_csv = cli(
        board, "--goal", goal, "--algorithms", "bfs,astar,idastar", "--heuristics", "misplaced,manhattan", "--csv"
    ).stdout
    assert page["csv"] == lab.to_csv(page["rows"])

    def without_seconds(text):  # the one column that is the machine's, not the search's
        rows = list(csv.reader(io.StringIO(text)))
        at = rows[0].index("seconds")
        return [r[:at] + r[at + 1 :] for r in rows]

    assert without_seconds(page["csv"]) == without_seconds(cli_csv)
    lines = page["markdown"].splitlines()
    assert len(lines) == 2 + len(page["rows"]) and lines[2].startswith("| bfs | - | yes | 15 | yes | 3164 |")


def test_databases_named_for_the_lab_actions():
    korf = "4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"
    assert api.databases(korf, action="compare", heuristics="manhattan,pdb")["ok"]
    wanted = database_names(parse_problem(korf).goal, Topology(4, 4))  # less those loaded already
    for action, args in (
        ("compare", {"heuristics": ["pdb"]}),
        ("explain", {"heuristic": "pdb"}),
        ("step_start", {"heuristic": "pdb"}),
        ("tree", {"heuristic": "pdb"}),
    ):
        names = api.databases(korf, action=action, **args)["names"]
        assert set(names) <= wanted and names == sorted(names)
    for action, args in (
        ("compare", {"heuristics": ["manhattan"]}),
        ("explain", {"heuristic": "manhattan"}),
        ("cases", {}),
        ("step_next", {"session": 1}),
    ):
        assert api.databases(korf if action != "cases" else None, action=action, **args)["names"] == []
    assert api.databases("3x3:1,2,3,4,5,6,0,7,8", action="compare", heuristics="pdb")["names"] == []
    assert json.loads(api.call("databases", json.dumps({"action": "step_next", "session": 3}))) == {
        "ok": True,
        "names": [],
    }


def test_every_name_the_lab_shows_has_english_and_chinese():
    """The page holds no names: every algorithm, heuristic, column and stop reason, and a
    weighted run's label, is the package's, in both languages."""
    from support import worded

    from npuzzle.catalogue import text

    codes = [f"lab.algorithm.{a}" for a in lab.ALGORITHMS] + [f"lab.heuristic.{h}" for h in lab.HEURISTICS]
    codes += [f"lab.column.{c}" for c in (*lab.COLUMNS, *lab.STUDY_COLUMNS)]
    codes += [f"lab.stopped.{why}" for why in lab.STOP_REASONS] + ["lab.yes", "lab.no"]
    codes += [f"lab.run.{a}" for a in lab.ALGORITHMS if a.startswith("weighted")]
    # the search tree's nodes (npuzzle.lab.steps.tree, TreeNode.status)
    codes += [
        f"lab.status.{status}" for status in ("expanded", "in open", "duplicate", "superseded", "cut-off", "goal")
    ]
    for code in codes:
        assert text(code, weight=1.5) and worded(code, "zh", weight=1.5), code
    assert [worded(f"lab.heuristic.{h}", "zh") for h in lab.HEURISTICS] == [
        "错位数",
        "曼哈顿距离",
        "线性冲突",
        "模式数据库",
    ]
    assert [text(f"lab.algorithm.{a}") for a in lab.ALGORITHMS] == [
        "Breadth-first search",
        "A*",
        "IDA*",
        "Weighted A*",
        "Weighted IDA*",
        "Greedy best-first",
    ]


def test_cells_are_worded_by_the_package_and_the_csv_keeps_identifiers():
    reply = api.compare(
        "3x3:8,6,7,2,5,4,3,0,1", algorithms="bfs,weighted-idastar", heuristics="misplaced", weight=1.5, max_nodes=50
    )
    bfs_row, weighted = reply["rows"]
    assert {c: cell["text"] for c, cell in bfs_row["cells"].items()} == {
        "algorithm": "Breadth-first search",
        "heuristic": "-",
        "found": "no",
        "length": "-",
        "optimal": "no",
        "nodes_expanded": "50",
        "nodes_generated": str(bfs_row["nodes_generated"]),
        "max_stored": str(bfs_row["max_stored"]),
        "seconds": f"{bfs_row['seconds']:.4f}",
        "iterations": "-",
        "ebf": "-",
        "initial_h": "-",
        "stopped": "node limit",
    }
    assert weighted["cells"]["algorithm"] == {
        "code": "lab.run.weighted-idastar",
        "params": {"weight": "1.5"},  # as the text shows it ({weight:g})
        "text": "Weighted IDA* (w = 1.5)",
    }
    assert weighted["cells"]["heuristic"]["code"] == "lab.heuristic.misplaced"
    assert weighted["cells"]["stopped"]["code"] == "lab.stopped.node limit"
    # for scripts and reports: identifiers, the weight as :g
    assert reply["csv"].splitlines()[2].startswith("weighted-idastar,misplaced,false,")
    assert reply["markdown"].splitlines()[3].startswith("| weighted-idastar (w=1.5) | misplaced | no |")
    runs = api.study_board("3x3:1,2,3,4,5,6,0,7,8", algorithms="astar", heuristics="manhattan")["runs"]
    [row] = api.study_table([runs])["rows"]
    assert [row["cells"][c]["text"] for c in lab.STUDY_COLUMNS[:6]] == [
        "2",
        "A*",
        "Manhattan distance",
        "1",
        "1",
        "2.0",
    ]
