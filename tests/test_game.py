"""web/game/game.js and web/game/address.js without a browser: tests/game_test.mjs drives them under
Node and prints what happened; every outcome is checked exactly."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import node_executable

from npuzzle import Topology, parse_board, tiles_moved
from npuzzle.rules.board import default_goal
from npuzzle.rules.solvability import solvability

SCRIPT = Path(__file__).with_name("game_test.mjs")
WRAP_HELP = "write wraps like r2,c2 (row 2 and column 2, counted from 0), or 'all' for a torus"
OK = "3x3:1,2,3,4,5,6,7,8,0"
# A link, and the message it gives (None: a board, no error)
LINKS = [
    ("", None),
    ("#", None),
    ("#id=3x3:1,2", "in id=, a 3x3 board needs 9 numbers, got 2"),
    ("#id=", "in id=, the board is empty"),
    ("#id=banana", "in id=, a board ID looks like 4x4:1,2,3,...,15,0"),
    ("#id=3x3:1,2,3,4,5,6,7,8,0,9", "in id=, a 3x3 board needs 9 numbers, got 10"),
    ("#id=4x4:%3Cscript%3E", "in id=, '<script>' is not a tile number"),
    ("#id=%3Cimg%20src=x%20onerror=alert(1)%3E", "in id=, a board ID looks like 4x4:1,2,3,...,15,0"),
    ("#id=99999999x3:1", "in id=, width 99999999... is out of range: boards are 2 to 30 cells a side"),
    (f"#id={OK}&goal=4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "in goal=, the goal is 4x4 but the start is 3x3"),
    (f"#id={OK}&goal=3x3:1,1", "in goal=, a 3x3 board needs 9 numbers, got 2"),
    (f"#id={OK}&wrap=r99", "in wrap=, wrapped row 99 is outside the board (0 to 2)"),
    (f"#id={OK}&wrap=%3Cb%3Ex%3C%2Fb%3E", f"in wrap=, bad wrap '<b>x</b>': {WRAP_HELP}"),
    (f"#id={OK}&moves=XYZ", "in moves=, bad move letter 'X' at move 1: use U, D, L or R"),
    (f"#id={OK}&moves=D", "in moves=, move 1 (D) takes the blank off the board"),
    (f"#id={OK}&moves=UUU", "in moves=, move 3 (U) takes the blank off the board"),
    (f"#id={OK}&id=3x3:1,2,3,4,5,6,7,0,8", "the link gives id twice"),
    (f"#id={OK}&id={OK}", None),
    ("#id=%E0%A4%A", "the link's id is not readable text"),
    ("#board=1", "the link has no board (id=...)"),
    ("#id=3x3:1,2,3,4,5,6,0,7,8&moves=r%20r", None),
    ("#id=3x3:" + "x" * 5000, "in id=, '" + "x" * 190 + "…"),  # cut to 200 characters
]


SEED003 = "id=3x3:1,2,3,4,5,6,0,7,8&goal=3x3:1,2,6,4,5,8,7,0,3"
NO_LAB = {
    "view": None,
    "algorithms": None,
    "heuristics": None,
    "weight": None,
    "timeLimit": None,
    "maxNodes": None,
    "size": None,
    "count": None,
    "depths": None,
    "seed": None,
    "boards": None,
    "run": None,
}
# A link with the lab's settings, and what it gives: the settings, or the message
LAB_LINKS = [
    (f"#{SEED003}", None),
    (f"#{SEED003}&lab=compare", {**NO_LAB, "view": "compare"}),
    (
        f"#{SEED003}&lab=step&algorithms=IDAstar&heuristics=pdb,linear-conflict&weight=3&time=0.5&nodes=100",
        {
            **NO_LAB,
            "view": "step",
            "algorithms": ["idastar"],
            "heuristics": ["pdb", "linear-conflict"],
            "weight": 3,
            "timeLimit": 0.5,
            "maxNodes": 100,
        },
    ),
    # a study: its settings are text here, checked by Python when it runs
    (
        f"#{SEED003}&lab=study&size=3x3&count=100&depths=12,16&seed=7",
        {**NO_LAB, "view": "study", "size": "3x3", "count": "100", "depths": "12,16", "seed": "7"},
    ),
    (f"#{SEED003}&algorithms=bfs", {**NO_LAB, "algorithms": ["bfs"]}),
    # only run=1 runs the lab as the link opens ("Link to this comparison"); a reload's address has no run
    (f"#{SEED003}&lab=compare&run=1", {**NO_LAB, "view": "compare", "run": True}),
    (f"#{SEED003}&lab=compare&run=yes", {**NO_LAB, "view": "compare"}),
    (f"#{SEED003}&lab=compar", "in lab=, unknown lab view 'compar': choose compare, study or step"),
    (f"#{SEED003}&lab=compare&algorithms=a%20b;c", "in algorithms=, 'ab;c' is not a list of names like astar,idastar"),
    (f"#{SEED003}&lab=compare&weight=-1", "in weight=, '-1' is not a positive number"),
    (f"#{SEED003}&lab=compare&nodes=lots", "in nodes=, 'lots' is not a positive number"),
]


@pytest.fixture(scope="module")
def js() -> dict:
    node = node_executable()
    out = subprocess.run(
        [node, str(SCRIPT), json.dumps([h for h, _ in LINKS]), json.dumps([h for h, _ in LAB_LINKS])],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    return json.loads(out)


def test_moves_are_undone_and_redone_by_action(js):
    rows = [
        (r["what"], r.get("value"), r["board"], r["moves"], r["groups"], r["undo"], r["redo"], r["solved"])
        for r in js["moves"]
    ]
    goal = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    slid = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15"
    up = "4x4:1,2,3,4,5,6,7,8,0,10,11,12,9,13,14,15"
    right = "4x4:1,2,3,4,5,6,7,8,10,0,11,12,9,13,14,15"
    bottom = "4x4:1,2,3,4,5,6,7,8,10,13,11,12,9,0,14,15"
    assert rows == [
        ("load", None, goal, 0, [], False, False, True),
        ("LLL (a click sliding three tiles)", 3, slid, 3, [3], True, False, False),
        ("U", 1, up, 4, [3, 1], True, False, False),
        ("D then a move off the board: the rest is dropped", 1, slid, 5, [3, 1, 1], True, False, False),
        ("undo", None, up, 4, [3, 1], True, True, False),
        ("undo", None, slid, 3, [3], True, True, False),
        ("undo", None, goal, 0, [], False, True, True),  # the three-tile click in one step
        ("undo with nothing to undo", None, goal, 0, [], False, True, True),
        ("redo", None, slid, 3, [3], True, True, False),
        ("redo", None, up, 4, [3, 1], True, True, False),
        ("a new move clears redo", 1, right, 5, [3, 1, 1], True, False, False),
        ("down to the bottom row", 1, bottom, 6, [3, 1, 1, 1], True, False, False),
        ("an impossible move", 0, bottom, 6, [3, 1, 1, 1], True, False, False),
        ("a bad letter", 0, bottom, 6, [3, 1, 1, 1], True, False, False),
        ("reset", None, goal, 0, [], False, False, True),
    ]
    assert [r["reset"] for r in js["moves"]] == [False] + [True] * 5 + [False, False] + [True] * 6 + [False]
    assert js["events"] == ["new game"] + ["change"] * 10 + ["new game"]  # nothing for moves not made


def test_timer_runs_from_the_first_move_until_solved(js):
    assert [(r["what"], r["running"], r["elapsed"], r["solved"]) for r in js["timer"]] == [
        ("loaded, no move yet", False, 0, False),
        ("first move starts the clock", True, 0, False),
        ("solved: the clock stops", False, 2500, True),
        ("later", False, 2500, True),
        ("undo: not solved, the clock still stopped", False, 2500, False),
        ("a move goes on from the time counted", True, 3500, False),
        ("a new game at its goal", False, 0, True),
        ("a move off the goal does not start the clock", False, 0, False),
        ("the next one does", True, 0, False),
        ("running", True, 1500, False),
    ]
    assert js["stopwatch"] == {"elapsed": 61500, "clock": "1:01.500", "zero": "0:00.000", "long": "59:59.999"}


def test_solution_cursor_follows_the_board(js):
    s = js["solution"]
    assert (s["optimal"], s["origin"], s["tiles"]) == (True, "solver", [7, 8])
    start, one, goal, off = "3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,3,4,5,6,7,0,8", OK, "3x3:1,2,3,4,0,6,7,5,8"
    rows = [
        (r["what"], r.get("value"), r["index"], r["next"], r["remaining"], r["finished"], r["board"], r["moves"])
        for r in s["log"]
    ]
    assert rows == [
        ("set", None, 0, "R", "RR", False, start, 0),
        ("step forward", True, 1, "R", "R", False, one, 1),
        ("step forward", True, 2, None, "", True, goal, 2),
        ("step forward at the end", False, 2, None, "", True, goal, 2),
        ("step back (undoes the step)", True, 1, "R", "R", False, one, 1),
        ("step back", True, 0, "R", "RR", False, start, 0),
        ("step back at the start", False, 0, "R", "RR", False, start, 0),
        ("a person's move along the solution", 1, 1, "R", "R", False, one, 1),
        ("a move that leaves it", 1, None, None, "", False, off, 2),
        ("step forward when off it", False, None, None, "", False, off, 2),
        ("undo: back one move, but only the start finds it again", None, None, None, "", False, one, 1),
        ("reset keeps it, at its start", None, 0, "R", "RR", False, start, 0),
        ("a click of two from the start leaves it", 2, None, None, "", False, goal, 2),
    ]
    assert all(r["kept"] for r in s["log"])
    assert [(r["what"], r["index"], r["board"], r["moves"]) for r in js["solutionAfterUndo"]] == [
        ("set after a move", 0, start, 1),
        ("undo takes the board one move along", 1, one, 0),
        ("step back", 0, start, 1),  # the opposite move, as there was no action to undo
    ]
    assert js["solutionAfterNewGame"] is None
    assert js["linkSolution"] == {"optimal": False, "origin": "link", "index": 0}
    assert js["mismatch"] == "a solution lists one tile per move"
    assert js["problem"] == {"board": start, "goal": goal, "wrap": ""}
    assert js["generation"] == 6  # the games loaded, the first by the constructor


def test_address_round_trips(js):
    a = js["address"]
    board = "5x5:6,1,2,5,10,11,7,9,4,15,20,12,13,8,0,16,21,18,14,19,22,17,3,23,24"
    assert a["written"] == [
        f"id={board}&wrap=r2,c2",
        f"id={board}&wrap=r2,c2&moves=LU",
        "id=3x3:1,2,3,4,5,6,7,8,0&goal=3x3:0,1,2,3,4,5,6,7,8&wrap=all",
    ]
    default5 = "5x5:" + ",".join(map(str, default_goal(5, 5)))
    assert a["roundTrip"][0] == {
        "error": None,
        "id": board,
        "goal": default5,
        "wrap": [[2], [2]],
        "moves": None,
        "tiles": None,
    }
    _, _, start = parse_board(board)
    moved = tiles_moved(start, "LU", Topology(5, 5, (2,), (2,)))
    assert a["roundTrip"][1] == {**a["roundTrip"][0], "moves": "LU", "tiles": moved}
    assert a["roundTrip"][2] == {
        "error": None,
        "id": OK,
        "goal": "3x3:0,1,2,3,4,5,6,7,8",
        "wrap": [[0, 1, 2], [0, 1, 2]],
        "moves": None,
        "tiles": None,
    }


@pytest.mark.parametrize("index", range(len(LINKS)))
def test_a_link_gives_its_board_or_a_precise_message_and_the_default_board(js, index):
    hash_, message = LINKS[index]
    got = js["address"]["read"][index]
    assert got["error"] == message
    if message is None and "id=" in hash_:
        _, _, tiles = parse_board(hash_.split("id=")[1].split("&")[0])
        assert got["id"] == "3x3:" + ",".join(map(str, tiles))
    else:  # the default board: a 4x4 scramble, solvable
        assert got["id"].startswith("4x4:") and got["moves"] is None
        _, _, tiles = parse_board(got["id"])
        assert sorted(tiles) == list(range(16)) and solvability(tiles, default_goal(4, 4), Topology(4, 4)).solvable
    if "moves=r%20r" in hash_:
        assert (got["moves"], got["tiles"]) == ("RR", [7, 8])


def test_default_boards_are_random_and_solvable(js):
    boards = js["defaultBoards"]
    assert len(set(boards)) == 3
    for board in boards:
        _, _, tiles = parse_board(board)
        assert solvability(tiles, default_goal(4, 4), Topology(4, 4)).solvable


def test_each_move_is_by_the_person_the_solver_or_a_hint_and_undo_is_not_a_move(js):
    rows = [
        (
            r["what"],
            r["moves"],
            "".join(b[0] for b in r["by"]),
            r["ending"] and {k: v for k, v in r["ending"].items() if k not in ("ms", "tps")},
        )
        for r in js["who"]
    ]
    own = {"moves": 2, "solver": 0, "hints": 0, "own": True, "mtm": 1}  # (the time and TPS vary)
    assert rows == [
        ("loaded", 0, "", None),
        ("the person solves it", 2, "pp", own),
        ("undo is not a move", 0, "", None),
        ("a hint makes the last move (the hint is counted where it is asked)", 1, "h", None),
        ("hinted", 1, "h", None),
        ("reset keeps the hints", 0, "", None),
        ("a solution set", 0, "", None),
        (
            "the solution played, all in one change (5 asked, 2 there)",
            2,
            "ss",
            {"moves": 2, "solver": 2, "hints": 1, "own": False, "mtm": 1},
        ),
        (
            "one step by the solver, one move by the person",
            2,
            "sp",
            {"moves": 2, "solver": 1, "hints": 0, "own": False, "mtm": 1},
        ),
        ("played, then undone by the person", 0, "", None),
        ("redone: still the solver's moves", 2, "ss", {"moves": 2, "solver": 2, "hints": 0, "own": False, "mtm": 1}),
        ("a new game: the person's own", 2, "pp", own),
    ]
    # the cells each change touched (None: a new game or a solution, drawn whole)
    assert js["whoCells"][:8] == [None, [6, 7, 8], [6, 7, 8], [6, 7], None, None, [6, 7, 8], None]


STATUS = Path(__file__).with_name("status_test.mjs")


@pytest.fixture(scope="module")
def messages() -> dict:
    node = node_executable()
    return json.loads(
        subprocess.run([node, str(STATUS)], capture_output=True, text=True, timeout=60, check=True).stdout
    )


def test_the_status_line_is_computed_from_the_state_it_describes(messages):
    ready = "Solver ready."  # the version is the About line's
    assert messages["status"] == {
        "ready": f"New random board. {ready}",
        "loading": "New random board. Loading the Python runtime…",
        "failed": "New random board. The solver could not start: no WebAssembly. You can still play.",
        "shuffled": f"New random board: shuffle 3 of this visit. {ready}",  # each Shuffle changes the line
        "link": f"Board from the link. {ready}",
        "linkMoves": f"This link carries a solution of 1 move: press Play to watch it. {ready}",
        "editor": "Board loaded from the editor. Press Solve to solve it.",
        "wrapWarning": f"New random board. Cannot wrap this board: x. {ready}",
        "unsolvable": "New random board. This board is unsolvable: parity differs",
        "solvable": f"New random board. {ready}",  # a solvable board's reason is no message
        "busy": "Looking for a good next move… 0 s",
        "progress": "Thinking… 0 s",
        "noteOfThisGame": "The editor did not take the board: number 5 is used twice",
        "noteOfAnOldGame": f"New random board. {ready}",  # a note goes with its game...
        "hintOfThisBoard": "Hint: move 7 (on a shortest path).",
        "hintOfAnOldBoard": f"New random board. {ready}",  # ...and a hint with its board
        "cancelled": "Cancelled. Restarting the solver: Installing the solver…",
        "cancelledReady": "Cancelled. Solver ready again.",
        "unsolvableNote": "This board is unsolvable: parity differs",
    }


def test_a_running_search_speaks_to_the_player_and_keeps_its_figures_under_details(messages):
    """The line says what a player needs (thinking, for how long, the best so far); the
    engine's words (bound, nodes, search) go under Details; the version to the About line."""
    assert messages["searching"]["en"] == {
        "bound": ["Thinking… 3 s", "Solving with IDA*: bound 55, 16,895 nodes, 0.0 s"],
        "best": [
            "Best so far: 117 moves; still looking for a shorter one… 12 s",
            "Solving with weighted IDA* (w = 4/3): best so far 117 moves, 163,507 nodes, 2.0 s",
        ],
        "noneYet": ["Thinking… 0 s", "Solving with weighted IDA* (w = 4/3): best so far none yet, 9 nodes, 0.0 s"],
        "hint": ["Looking for a good next move… 1 s", ""],
        "notBuilt": [
            "This server is still building the solver's tables, so this search goes on without them and can take "
            "longer. Reload in a few minutes for faster answers.",
            "Could not load the pattern databases: not built yet on this server; reload later. Solving without them…",
        ],
        "dbFailed": [
            "The solver's tables did not load, so this search goes on without them and can take longer.",
            "Could not load the pattern databases: HTTP 404. Solving without them…",
        ],
        "shuffle": ["Shuffling…", ""],
        "about": "Version: npuzzle 1.0",
    }
    assert messages["searching"]["zh"] == {
        "bound": ["正在思考… 3 秒", "正在用 IDA* 求解：界限 55，16,895 个节点，0.0 秒"],
        "best": [
            "目前最好：117 步；还在找更短的… 12 秒",
            "正在用加权 IDA*求解（w = 4/3）：目前最好 117 步，163,507 个节点，2.0 秒",
        ],
        "noneYet": ["正在思考… 0 秒", "正在用加权 IDA*求解（w = 4/3）：目前最好 暂无，9 个节点，0.0 秒"],
        "hint": ["正在寻找好的下一步… 1 秒", ""],
        "notBuilt": [
            "服务器还在生成求解器用的数据表，这次搜索不用它们继续，可能要久一些。过几分钟刷新页面，求解会更快。",
            "无法加载模式数据库：本服务器还没有生成它们，请稍后刷新。不用它们继续求解…",
        ],
        "dbFailed": [
            "求解器用的数据表没有加载成功，这次搜索不用它们继续，可能要久一些。",
            "无法加载模式数据库：HTTP 404。不用它们继续求解…",
        ],
        "shuffle": ["正在打乱…", ""],
        "about": "版本：npuzzle 1.0",
    }


def test_every_stop_has_its_own_words(messages):
    assert messages["stops"] == [
        "No solution found: memory limit: A* stored 2,000,000 states (1,031,517 nodes expanded in 11.6 s); "
        "the shortest solution has at least 33 moves. IDA* needs little memory: choose it in Solver options.",
        "No solution found: time limit: IDA* stopped after 11.6 s and 1,031,517 nodes; "
        "the shortest solution has at least 33 moves.",
        "No solution found: node limit: IDA* stopped after 1,031,517 nodes.",
    ]


def test_hints_endings_and_progress_totals(messages):
    assert messages["hints"] == [
        "Hint: move 7 (on a shortest path).",
        "Hint: move 12 (best move found in 2 s, not proven shortest); it is highlighted.",
        "Hint: move 3 (from the solution found, not proven shortest).",
    ]
    assert messages["endings"] == [
        "Solution played: 52 moves.",
        "Solved in 40 moves with 3 hints (1:05.000).",
        # each count named: the person's (as the Moves counter has it), the solver's, the total
        "Solved: 10 moves yours and 30 moves by the solver, 40 moves in all with 1 hint (1:05.000).",
        "Solved in 1 move (0:05.000)!",
        "This is the goal. Shuffle to play.",
        "",
    ]
    assert messages["totals"] == [10, 500, 900, 920, 1300, 1305]  # a new stage's count adds on


def test_the_lab_settings_travel_in_the_link(js):
    a = js["labAddress"]
    assert a["written"] == [
        f"{SEED003}&lab=compare&algorithms=astar,idastar&heuristics=manhattan&weight=1.5&time=5&nodes=20000",
        f"{SEED003}&lab=step",
        SEED003,
        f"{SEED003}&lab=compare&run=1",  # "Link to this comparison": a link that runs the lab
    ]
    assert a["roundTrip"] == [
        {
            **NO_LAB,
            "view": "compare",
            "algorithms": ["astar", "idastar"],
            "heuristics": ["manhattan"],
            "weight": 1.5,
            "timeLimit": 5,
            "maxNodes": 20000,
        },
        {**NO_LAB, "view": "step"},
        None,
        {**NO_LAB, "view": "compare", "run": True},
    ]


@pytest.mark.parametrize("index", range(len(LAB_LINKS)))
def test_a_lab_link_gives_its_settings_or_a_precise_message(js, index):
    _, expected = LAB_LINKS[index]
    got = js["labAddress"]["read"][index]
    if isinstance(expected, str):
        assert got == {"error": expected, "lab": None}
    else:
        assert got == {"error": None, "lab": expected}


def test_a_game_round_trips_through_its_saved_form(js):
    k = js["keep"]
    assert k["saved"] == {
        "version": 1,
        "problem": {"board": "3x3:1,2,3,4,5,6,0,7,8", "goal": "3x3:1,2,3,4,5,6,7,8,0", "wrap": "r1"},
        "past": "RU",
        "pastGroups": [[1, 2]],
        "pastBy": [["p", 1], ["h", 1]],
        "future": "LD",
        "futureGroups": [[2, 1]],
        "futureBy": [["p", 2]],  # Redo's stack: the last undone last
        "hints": 1,
        "origin": {"kind": "random"},
        "timer": {"ms": 2000, "running": True},
        "solution": {
            "start": "3x3:1,2,3,4,0,6,7,5,8",
            "moves": "R",
            "optimal": True,
            "origin": "solver",
            "summary": "1 move, optimal",
            "notes": ["tried IDA*"],
            "index": 0,
        },
    }
    assert k["same"] and k["again"]  # every part of the game comes back, and saves the same again
    assert k["state"]["by"] == ["person", "hint"] and k["state"]["solution"]["tiles"] == [6]
    assert k["timer"] == [2000, True, 3000]  # the clock goes on from what it had counted
    assert k["undoRedo"][0] == k["undoRedo"][1]  # Undo and Redo do the same in the restored game
    # a long playback is kept as runs: 1,000 moves of one action each by the solver
    assert k["long"] == {"past": 1000, "groups": [[1, 1000]], "by": [["s", 1000]], "restored": 1000}


def test_a_saved_game_that_does_not_hold_together_is_refused(js):
    assert js["keep"]["refused"] == [
        "not a saved game of this version",
        "move 4 (U) takes the blank off the board",
        "the moves made and their actions differ",
        "a run is not [value, count]",
        "move 2 (U) takes the blank off the board",  # a move Redo would make
        "a 3x3 board needs 9 numbers, got 2",
        "the board is not where the solution says",
        "the time is not a number of milliseconds",
        "restored",  # unchanged: it is one
    ]


def test_the_store_finds_a_game_by_its_address_and_keeps_a_few(js):
    s = js["store"]
    assert s["found"] == "U" and s["other"] is None
    assert s["limit"] == [3, None]  # the oldest of four went
    assert s["emptied"] == 2  # a game with nothing to keep drops its entry
    assert s["full"] == {"saves": [True] * 4, "kept": 2}  # storage full: the oldest make room
    assert s["refused"] == [False, None]  # storage refused: nothing kept, nothing thrown
    assert s["hash"] == ["811c9dc5", "cbc98bfd"]


def test_storage_never_throws_and_settings_keep_to_their_values(js):
    s = js["storage"]
    assert s["json"] == [True, {"x": [1, 2]}, '{"x":[1,2]}', None, None]  # damaged JSON: as if none
    assert s["text"] == [True, "show", True, None]
    assert s["refused"] == [False, None, None, False]  # refused: nothing kept, nothing thrown
    assert s["lazy"] == ['{"x":[1,2]}', '{"x":[1,2]}', ["looked"]]  # the same storage, found once
    assert s["hidden"] == [False, None, False]
    assert s["setting"] == [
        "make",  # none kept: the fallback
        True,
        "show",
        True,
        "make",  # a value it may not be: the fallback
        True,
        False,
        None,
        True,
        {"kind": "builtin", "name": "rings"},
        '{"kind":"builtin","name":"rings"}',
    ]


def test_a_bad_link_gives_its_own_texts_and_the_part_at_fault(js):
    none = {"id": None, "goal": None, "wrap": None, "moves": None}
    assert js["badLinks"] == [
        {"key": "id", "texts": {**none, "id": "3x3:1,2"}},
        {"key": "wrap", "texts": {**none, "id": OK, "wrap": "r99", "moves": "UU"}},
        {"key": None, "texts": none},
        {"key": "id", "texts": {**none, "id": OK}},
    ]


def test_each_tile_shows_its_goal_cells_part_of_the_picture(js):
    by_shape = {(p["w"], p["h"], p["aspect"]): p for p in js["pictures"]}
    square = by_shape[(3, 3, 1)]
    assert square["size"] == "300% 300%"
    assert square["positions"] == [
        "0% 0%",
        "50% 0%",
        "100% 0%",
        "0% 50%",
        "50% 50%",
        "100% 50%",
        "0% 100%",
        "50% 100%",
        "100% 100%",
    ]
    assert by_shape[(3, 3, 2)]["size"] == "600% 300%"  # a wide picture is cut at both sides
    assert by_shape[(3, 3, 2)]["positions"][:3] == ["30% 0%", "50% 0%", "70% 0%"]
    assert by_shape[(5, 5, 0)]["size"] == "500% 500%"  # no size of its own: square
    for p in js["pictures"]:
        w, h = p["w"], p["h"]
        cover = p["cover"]
        # the picture covers the board and overflows in one direction only, equally on both sides
        assert cover["w"] >= w - 1e-9 and cover["h"] >= h - 1e-9
        assert min(cover["w"] - w, cover["h"] - h) < 1e-9
        for cell, position in enumerate(p["positions"]):
            x, y = (float(v.rstrip("%")) / 100 for v in position.split())
            # a position p shows the window starting p * (size - 1) cells into the picture:
            # the goal cell's own, offset by the overflow cut off on the left and top
            assert abs(x * (cover["w"] - 1) - ((cover["w"] - w) / 2 + cell % w)) < 1e-3
            assert abs(y * (cover["h"] - 1) - ((cover["h"] - h) / 2 + cell // w)) < 1e-3
            assert 0 <= x <= 1 and 0 <= y <= 1  # every window inside the picture


def test_the_status_line_speaks_a_players_words_and_details_hold_the_solvers_figures(messages):
    figures = "193,537 nodes searched, 0.17 s solving, 0.17 s in all"
    assert messages["players"]["en"] == {
        "optimal": [
            "Solution: 57 moves, the shortest possible.",
            f"IDA* with pattern databases: {figures}; 57 single-tile moves (STM), 44 multi-tile moves (MTM)",
        ],
        "bounded": [
            "Solution: 62 moves (the shortest is at least 58).",
            f"Weighted IDA* with Manhattan distance + linear conflict: {figures}; "
            "62 single-tile moves (STM), 44 multi-tile moves (MTM)",
        ],
        "unproven": [
            "Solution: 62 moves (maybe not the shortest).",
            f"Weighted IDA* with Manhattan distance + linear conflict: {figures}",
        ],
        "stopped": [
            "No solution found within the solver's limits; the shortest solution has at least 33 moves.",
            "No solution found: time limit: IDA* stopped after 11.6 s and 1,031,517 nodes; "
            "the shortest solution has at least 33 moves.",
        ],
        "memory": [
            "No solution found: A* ran out of memory; the shortest solution has at least 33 moves. "
            "IDA* needs little memory: choose it in Solver options.",
            "No solution found: memory limit: A* stored 2,000,000 states (1,031,517 nodes expanded in 11.6 s); "
            "the shortest solution has at least 33 moves. IDA* needs little memory: choose it in Solver options.",
        ],
        "undoable": "New random board. Undo brings back your game (5 moves). Solver ready.",
    }
    zh = messages["players"]["zh"]
    assert [zh[k][0] for k in ("optimal", "bounded", "unproven")] == [
        "解：57 步，已是最短。",
        "解：62 步（最短解至少 58 步）。",
        "解：62 步（可能不是最短）。",
    ]
    assert zh["optimal"][1] == (
        "IDA*（启发函数：模式数据库）：搜索了 193,537 个节点，求解 0.17 秒，共 0.17 秒；单步 57 步（STM），多步 44 步（MTM）"
    )
    assert zh["undoable"] == "新的随机棋盘。“撤销”可找回你的棋局（5 步）。求解器已就绪。"
    assert all("节点" not in zh[k][0] for k in zh if k != "undoable")


def test_the_persons_moves_and_time_are_their_own_and_a_replaced_game_comes_back(js):
    rows = [(r["what"], r["own"], r["all"], r["running"], r["ms"], r["undo"], r["undoable"]) for r in js["players"]]
    assert rows == [
        ("two moves of the person's: the clock runs", 2, 2, True, 1000, True, 0),
        ("playback: not counted, the clock paused", 2, 5, False, 1000, True, 0),
        ("the person takes over: their count and clock go on", 3, 6, True, 2000, True, 0),
        ("a new game: the last one kept for Undo", 0, 0, False, 0, True, 3),
        ("another, with no move: it replaces nothing", 0, 0, False, 0, True, 3),
        ("undo brings the game with moves back", 3, 6, True, 2000, True, 0),
        ("and then undoes its last move", 2, 5, True, 2000, True, 0),
        ("after Reset, nothing kept: undo has nothing", 0, 0, False, 0, False, 0),
    ]
    assert js["players"][5]["board"] == "3x3:1,0,3,4,2,6,7,5,8"  # the game as it was left
