"""Every action's real replies, and its progress, fit the types npuzzle/api/protocol/ declares.

Each action is asked as the page's worker asks it (``npuzzle.api.call``: JSON in, JSON
out) on real boards: 3x3, 4x4, 5x5, wrapped, unsolvable, and bad input.  The reply must
fit its declared type field by field, recursively (``shapes.mismatches``): every required
field there, no field the type does not declare, each value of its declared type.  The
check can fail: a reply that gains a field, loses one or changes a field's type is caught,
in the api itself too (an action replaced by one whose reply has a field more).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import korf100

from npuzzle import Topology, api, pdb
from npuzzle.api import protocol
from npuzzle.api.dispatch import ACTIONS
from npuzzle.api.protocol.shapes import mismatches

HARD3 = "3x3:8,6,7,2,5,4,3,0,1"  # 31 moves, the most a 3x3 board needs
NEAR3 = "3x3:1,2,3,4,5,6,0,7,8"  # RR
MID3 = "3x3:4,1,3,7,2,6,0,5,8"  # 6 moves
UNSOLVABLE3 = "3x3:2,1,3,4,5,6,7,8,0"
WRAPPED = "3x4:1,2,3,4,5,6,7,8,9,10,0,11"
NEAR4 = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
RANDOM4 = api.random(4, 4, seed=3)["id"]
RANDOM5 = api.random(5, 5, seed=1)["id"]


def ask(action: str, /, **args) -> tuple[dict, list[dict]]:
    """An action asked as the page's worker asks it: its reply and its progress messages."""
    progress: list[dict] = []
    reply = json.loads(api.call(action, json.dumps(args), lambda text: progress.append(json.loads(text))))
    return reply, progress


def declared(action: str):
    """The reply type npuzzle.api.protocol declares for an action ("step_start": StepStartReply)."""
    return getattr(protocol, "".join(part.title() for part in action.split("_")) + "Reply")


def assert_fits(value, expected) -> None:
    found = mismatches(value, expected)
    assert found == [], f"does not fit {getattr(expected, '__name__', expected)}: {found}"


def asked(action: str, /, **args) -> dict:
    """The action's reply, checked: {"ok": true} and its declared type, its progress Progress."""
    reply, progress = ask(action, **args)
    assert reply["ok"] is True, reply
    assert_fits(reply, declared(action))
    for message in progress:
        assert_fits(message, protocol.Progress)
    return reply


# Each action but those that need another's reply first (tested below), on boards that
# reach every shape of its reply: optional fields present and absent, None and not.
ANSWERED = [
    ("check", {"board": NEAR3}),
    ("check", {"board": UNSOLVABLE3}),
    ("check", {"board": WRAPPED, "wrap": "r1", "goal": None}),
    ("solve", {"board": NEAR3}),
    ("solve", {"board": HARD3, "algorithm": "astar", "heuristic": "manhattan"}),
    ("solve", {"board": UNSOLVABLE3}),
    ("solve", {"board": NEAR4}),
    ("solve", {"board": RANDOM4, "algorithm": "astar", "heuristic": "manhattan", "max_nodes": 2000}),
    ("solve", {"board": WRAPPED, "wrap": "r1"}),
    ("solve", {"board": RANDOM5, "time_limit": 0.3}),
    ("solve", {"board": RANDOM5, "lane": [0, 2], "time_limit": 0.3}),
    ("random", {"width": 4, "height": 4, "seed": 1}),
    ("random", {"width": 3, "height": 3, "seed": 1, "moves": 7, "wrap": "all"}),
    ("coach", {"board": HARD3}),
    ("coach", {"board": UNSOLVABLE3}),
    ("coach", {"board": RANDOM4, "time_limit": 0.2}),
    ("warm", {"board": HARD3}),
    ("databases", {"action": "solve", "board": NEAR4}),
    ("databases", {"action": "compare", "board": HARD3, "heuristic": "pdb", "extra": 1}),
    ("compare", {"board": NEAR3}),
    ("compare", {"board": UNSOLVABLE3}),
    ("compare", {"board": MID3, "algorithms": "bfs,astar,idastar,weighted-astar,weighted-idastar,greedy"}),
    ("compare", {"board": HARD3, "algorithms": ["astar"], "heuristics": ["misplaced"], "max_nodes": 50}),
    ("compare", {"board": RANDOM4, "algorithms": "idastar", "heuristics": "manhattan", "time_limit": 0.05}),
    *[("explain", {"board": HARD3, "heuristic": h}) for h in ("misplaced", "manhattan", "linear-conflict", "pdb")],
    ("explain", {"board": WRAPPED, "wrap": "r1"}),
    ("step_start", {"board": HARD3, "n": 5}),
    ("step_start", {"board": NEAR3, "algorithm": "bfs", "n": 100}),
    *[
        ("tree", {"board": HARD3, "algorithm": a, "steps": 5, "levels": 3})
        for a in ("astar", "idastar", "greedy", "weighted-astar", "weighted-idastar")
    ],
    ("tree", {"board": HARD3, "algorithm": "idastar", "iteration": 2}),
    ("cases", {}),
    ("study_boards", {"count": 2, "depths": "4,8", "seed": 1}),
    ("study_boards", {"boards": "3x3:1,2,3,4,5,6,7,0,8\n3x3:1,2,3,4,5,6,0,7,8"}),
    ("split_start", {"board": NEAR3}),
    ("split_start", {"board": RANDOM5, "lanes": 2}),
    ("analyse", {"board": HARD3, "moves": "LURDRUULDDRUULDLDRRULLURDLDRURD"}),
    ("analyse", {"board": HARD3, "moves": "LURD", "notation": "gap", "solve_time": 3.5}),
    ("analyse", {"board": NEAR4, "moves": "LRR"}),
    ("solutions", {"board": HARD3, "keep": 3, "notation": "tile"}),
    ("cstimer", {"text": (Path(__file__).parent / "data" / "cstimer_export.txt").read_text(encoding="utf-8")}),
]

# The actions that need another's reply first, each with a test of its own below.
CHAINED = {"step_next", "step_stop", "study_board", "study_table", "split_pass", "split_finish"}


def test_every_action_is_asked():
    assert {action for action, _ in ANSWERED} | CHAINED == set(ACTIONS)


@pytest.mark.parametrize(("action", "args"), ANSWERED, ids=[f"{a}-{i}" for i, (a, _) in enumerate(ANSWERED)])
def test_a_reply_fits_its_declared_type(action, args):
    asked(action, **args)


def test_progress_fits_its_types():
    """compare reports a CompareProgress a run (and a StudyProgress as each run starts and
    while it runs), analyse an AnalyseProgress a move, and a search a SearchProgress at its
    first look at the clock (then about four a second)."""
    _, progress = ask("compare", board=HARD3, algorithms="astar,idastar", heuristics="manhattan")
    done = [p for p in progress if p.get("phase") != "study"]
    assert [(p["done"], p["total"]) for p in done] == [(1, 2), (2, 2)]
    assert all(mismatches(p, protocol.CompareProgress) == [] for p in done)
    running = [p for p in progress if p.get("phase") == "study"]
    assert [p["run"] for p in running if p["nodes"] == 0] == [1, 2]
    assert all(mismatches(p, protocol.StudyProgress) == [] for p in running)
    _, progress = ask("analyse", board=HARD3, moves="LURD")
    assert [p["done"] for p in progress] == [1, 2, 3, 4]
    assert all(mismatches(p, protocol.AnalyseProgress) == [] for p in progress)
    _, progress = ask("solve", board=RANDOM4, algorithm="astar", heuristic="manhattan", max_nodes=2000)
    assert progress and all(mismatches(p, protocol.SearchProgress) == [] for p in progress)


def test_a_step_session_fits_its_types():
    session = asked("step_start", board=HARD3, n=3)["session"]
    assert not asked("step_next", session=session, n=2)["done"]
    assert asked("step_stop", session=session) == {"ok": True}


def test_a_study_fits_its_types():
    drawn = asked("study_boards", count=2, depths=[4, 8], seed=1, algorithms="astar,idastar", heuristics="manhattan")
    names = {"goal": drawn["goal"], "algorithms": drawn["algorithms"], "heuristics": drawn["heuristics"]}
    results = [asked("study_board", **job, **names)["runs"] for job in drawn["jobs"]]
    given = asked("study_board", board=NEAR3, depth=None, **names)  # a given board: its depth found
    assert given["depth"] == 2
    table = asked("study_table", results=[*results, given["runs"]])
    assert [(r["depth"], r["boards"]) for r in table["rows"]] == [(2, 1)] * 2 + [(4, 2)] * 2 + [(8, 2)] * 2


def test_a_split_solve_of_a_small_board_fits_its_types():
    """split_pass and split_finish on a 3x3 board (its databases are built in memory)."""
    passed = asked("split_pass", board=HARD3, back=9, depth_left=10, bound=10, parity=0)
    assert passed["found"] is False and passed["cells"] == []
    moves = api.solve(NEAR3)["moves"]
    cells = [6]  # the blank's cells along the moves, from the start's blank
    for move in moves:
        cells.append(cells[-1] + {"U": -3, "D": 3, "L": -1, "R": 1}[move])
    finished = asked("split_finish", board=NEAR3, cells=cells, bound=2, nodes=10, seconds=0.5)
    assert finished["moves"] == "RR" and finished["seconds"] == 0.5
    asked("split_finish", board=HARD3, cells=None, bound=20, nodes=5, seconds=0.5, time_limit=0.5)


def test_a_split_solve_of_a_4x4_board_fits_its_types():
    """Korf #3 (59 moves) runs past split_start's first second: a SplitReply, its jobs
    split_pass's arguments."""
    assert pdb.prepare(tuple(range(16)), Topology(4, 4))
    board = "4x4:" + ",".join(map(str, korf100()[2][0]))
    goal = "4x4:" + ",".join(map(str, range(16)))
    split = asked("split_start", board=board, goal=goal)["split"]
    job = split["jobs"][0]
    reply = asked(
        "split_pass",
        board=job["board"],
        goal=goal,
        back=job["back"],
        depth_left=split["bound"] - split["depth"],
        bound=split["bound"],
        parity=split["parity"],
        time_limit=0.2,
    )
    assert set(reply) == set(protocol.SplitPassReply.__annotations__)


# Bad input: every action answers it with an ErrorReply (databases but: it needs none for
# bad arguments, and the action itself then says what is wrong).
REFUSED = [
    *[
        (action, {"board": "3x3:1,2,3", **extra})
        for action, extra in [
            ("check", {}),
            ("solve", {}),
            ("coach", {}),
            ("warm", {}),
            ("compare", {}),
            ("explain", {}),
            ("step_start", {}),
            ("tree", {}),
            ("study_board", {}),
            ("split_start", {}),
            ("split_pass", {"back": 9, "depth_left": 1, "bound": 1, "parity": 1}),
            ("split_finish", {"cells": None, "bound": 1, "nodes": 1, "seconds": 1}),
            ("analyse", {"moves": "L"}),
            ("solutions", {}),
        ]
    ],
    ("random", {"width": 1, "height": 3}),
    ("step_next", {"session": -1}),
    ("step_stop", {}),
    ("cases", {"board": NEAR3}),
    ("study_boards", {"boards": "3x3:1,2,3,4,5,6,7,0,8\n3x3:1,2"}),
    ("study_table", {"results": [[{"algorithm": "astar"}]]}),
    ("cstimer", {"text": '{"session1": [[[0, 1], "X", "", 1]]}'}),
    ("fly", {}),
]


@pytest.mark.parametrize(("action", "args"), REFUSED, ids=[a for a, _ in REFUSED])
def test_bad_input_is_an_error_reply(action, args):
    reply, _ = ask(action, **args)
    assert reply["ok"] is False
    assert_fits(reply, protocol.ErrorReply)


def test_the_check_fails_on_a_reply_that_drifts():
    """A field more, a field less, a field of another type: each caught, at its path."""
    reply, _ = ask("solve", board=NEAR3)
    assert_fits(reply, protocol.SolveReply)
    cases = {
        "a field more": ({**reply, "speed": 9}, ["speed: not declared in SolveReply"]),
        "a field less": ({k: v for k, v in reply.items() if k != "moves"}, ["moves: missing"]),
        "a field of another type": ({**reply, "length": "2"}, ["length: expected int | None, got '2'"]),
        "a nested one": (
            {**reply, "reason_code": {**reply["reason_code"], "params": []}},
            ["reason_code.params: expected dict[str, Any], got []"],
        ),
        "in a list": (
            {**reply, "note_codes": [{"code": None, "params": {}}]},
            ["note_codes[0].text: missing"],
        ),
        "a bool for a number": ({**reply, "nodes": True}, ["nodes: expected int, got True"]),
        "true for false": ({**reply, "ok": False}, ["ok: expected Literal[True], got False"]),
    }
    for name, (drifted, expected) in cases.items():
        assert mismatches(drifted, protocol.SolveReply) == expected, name
        with pytest.raises(AssertionError, match="does not fit SolveReply"):
            assert_fits(drifted, protocol.SolveReply)


def test_the_shape_test_fails_when_the_api_drifts(monkeypatch):
    """An action whose reply gains a field the protocol does not declare, or loses one,
    fails the same check every action's real reply passes."""
    check = ACTIONS["check"]
    monkeypatch.setitem(ACTIONS, "check", lambda **args: {**check(**args), "colour": "red"})
    with pytest.raises(AssertionError, match=r"colour: not declared in BoardReply"):
        asked("check", board=NEAR3)
    monkeypatch.setitem(ACTIONS, "check", lambda **args: {k: v for k, v in check(**args).items() if k != "tiles"})
    with pytest.raises(AssertionError, match=r"tiles: missing"):
        asked("check", board=NEAR3)
    monkeypatch.setitem(ACTIONS, "check", lambda **args: {**check(**args), "width": 3.0})
    with pytest.raises(AssertionError, match=r"width: expected int, got 3.0"):
        asked("check", board=NEAR3)


def test_the_checker_reads_every_kind_of_type():
    assert mismatches(2, float) == [] and mismatches(2.5, int) == ["the value: expected int, got 2.5"]
    assert mismatches([1, "a"], tuple[int, str]) == [] and mismatches([1], tuple[int, str]) != []
    assert mismatches([1, 2], tuple[int, str]) == ["[1]: expected str, got 2"]
    assert mismatches([1, 2], tuple[int, ...]) == [] and mismatches((1, 2), list[int]) != []  # JSON has no tuples
    assert mismatches({1: 2}, dict[str, int]) == ["the value: expected dict[str, int], got {1: 2}"]
    assert mismatches(1, protocol.Progress) == [
        "the value: expected SearchProgress | CompareProgress | BuildingProgress | DatabasesProgress | AnalyseProgress"
        " | StudyProgress | DrawingProgress, got 1"
    ]
    # a dict that fits no member of a union of TypedDicts: what is wrong against the closest
    assert mismatches({"ok": True, "race": "2"}, protocol.SplitStartReply) == ["race: expected int, got '2'"]
    assert mismatches({"phase": "analyse", "done": 1, "total": 2}, protocol.Progress) == ["seconds: missing"]
    with pytest.raises(TypeError, match="cannot check"):
        mismatches(1, set[int])
