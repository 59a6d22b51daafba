"""web/practice/records.js (the records worked out from the sessions) and web/game/coach.js without a browser: tests/coach_test.mjs drives them under
Node (a fake worker for the coach) and prints what happened; every outcome is checked exactly."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import node_executable

SCRIPT = Path(__file__).with_name("coach_test.mjs")
START, AFTER = "3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,3,4,5,6,7,0,8"


@pytest.fixture(scope="module")
def js() -> dict:
    node = node_executable()
    out = subprocess.run([node, str(SCRIPT)], capture_output=True, text=True, timeout=60, check=True).stdout
    return json.loads(out)


def test_records_are_worked_out_from_the_session_and_say_what_a_solve_broke(js):
    rows = [(r["what"], r.get("value"), r["record"]) for r in js["records"]]
    best = {"ms": 20000, "moves": 24}
    assert rows == [
        ("none yet", None, None),
        ("first solve", {"ms": True, "moves": True}, {"ms": 60000, "moves": 30}),
        ("slower but fewer moves", {"ms": False, "moves": True}, {"ms": 60000, "moves": 24}),
        ("faster, more moves", {"ms": True, "moves": False}, best),
        ("no better", {"ms": False, "moves": False}, best),
        ("assisted, faster: breaks nothing", None, best),
        ("a DNF, faster: breaks nothing", None, best),
        ("pasted, faster: breaks nothing", None, best),  # kept apart while the size has random solves
        ("another kind", {"ms": True, "moves": True}, best),
        ("read again", {"ms": 200000, "moves": 80}, best),
        ("a +2 given in the list", None, {"ms": 20000, "moves": 24}),  # the other 20 s solve is still clean
        ("cleared", None, None),
    ]


def test_a_size_with_pasted_solves_only_has_their_records_marked(js):
    record, beaten = js["apart"]
    assert (record["ms"], record["moves"], record["pasted"]) == (1234, 2, True)
    assert beaten is None  # a pasted scramble breaks no record aloud


def test_the_kinds_of_puzzle(js):
    assert js["kinds"] == ["3x3", "5x5 r2,c2", "4x4 all", "2x3"]


def test_the_coach_and_score_texts_in_both_languages(js):
    en, zh = js["en"], js["zh"]
    assert en["exact"] == {"text": "18 moves to the goal", "good": [7, 12]}
    assert en["one"] == {"text": "1 move to the goal", "good": [3]}
    assert en["goal"] == {"text": "at the goal", "good": []}
    assert en["bound"] == {"text": "at least 17,591 moves to the goal", "good": []}  # no marks on a bound
    assert en["unsolvable"]["text"] == "the goal cannot be reached from this board"
    assert en["error"]["text"] == "the coach failed: bad board"
    assert (en["good"], en["none"]) == ("; moving 7 or 12 keeps to a shortest path", "")
    assert en["score"] == ["Shortest possible: 24.", "Shortest possible: at least 1,200.", ""]
    assert en["records"] == [
        "Your records, 3x3: best time 0:48.000, fewest moves 31",
        "Your records, 5x5 r2,c2: none yet (solve a shuffled board yourself, without help: Practice mode keeps it away)",
        "Your records, 3x3: pasted scrambles only: best time 0:01.234, fewest moves 2",
        "Your records, 4x4: best time 0:09.870, fewest moves 61, fewest MTM 40, best TPS 13.035,"
        " best ao5 0:11.002, best ao12 0:12.345",
    ]
    assert en["newRecord"] == [
        "New records: your best time and fewest moves!",
        "New record: your best time!",
        "New record: your fewest moves!",
        "",
        "",
    ]
    assert zh["newRecord"] == [
        "新纪录：你的最佳用时和最少步数！",
        "新纪录：你的最佳用时！",
        "新纪录：你的最少步数！",
        "",
        "",
    ]
    assert zh["exact"] == {"text": "离目标还有 18 步", "good": [7, 12]}
    assert zh["bound"]["text"] == "离目标至少还有 17,591 步"
    assert zh["good"] == "；移动 7 或 12 可保持在最短路径上"
    assert zh["score"] == ["最少可能步数：24。", "最少可能步数：至少 1,200。", ""]
    assert zh["records"] == [
        "你的纪录（3x3）：最佳用时 0:48.000，最少步数 31",
        "你的纪录（5x5 r2,c2）：暂无（请不借助帮助亲手解开一个打乱的棋盘：练习模式会隐藏帮助）",
        "你的纪录（3x3）：仅有粘贴的打乱：最佳用时 0:01.234，最少步数 2",
        "你的纪录（4x4）：最佳用时 0:09.870，最少步数 61，最少 MTM 40 步，最佳 TPS 13.035，最佳 ao5 0:11.002，最佳 ao12 0:12.345",
    ]
    for key in en:  # every text has its translation
        assert json.dumps(zh[key]) != json.dumps(en[key]) or key in ("none",), key


def test_the_coach_asks_one_position_at_a_time_and_only_the_latest(js):
    steps = {r["what"]: r for r in js["coach"]}
    assert steps["not started"]["view"]["state"] == "loading" and steps["not started"]["asked"] == []
    assert steps["ready: the position on screen is asked"]["asked"] == [START]
    moved = steps["three moves: still the one request"]
    assert moved["asked"] == [START] and moved["view"] == {"state": "thinking", "text": "working it out…", "good": []}
    # the answer about the start is kept for the score; the two boards passed on the way are never asked
    kept = steps["answered about the start: kept for the score; the board on screen is asked next"]
    assert kept["optimum"] == {"distance": 2, "exact": True} and kept["asked"] == [START, AFTER]
    assert steps["answered"]["view"] == {"state": "answer", "text": "1 move to the goal", "good": [8]}
    undo = steps["undo: known at once, nothing asked"]
    assert undo["view"] == {"state": "answer", "text": "2 moves to the goal", "good": [7]} and undo["open"] == 0
    hidden = steps["hidden: nothing shown, nothing asked"]
    assert hidden["view"]["state"] == "off" and hidden["asked"] == [START, AFTER]
    new_game = steps["a new game while hidden: its start is asked, for the score"]
    assert new_game["asked"][-1] == "3x3:1,2,3,4,5,0,7,8,6" and new_game["optimum"] is None
    shown = steps["shown again"]
    assert shown["view"] == {"state": "answer", "text": "1 move to the goal", "good": [6]}
    assert shown["optimum"] == {"distance": 1, "exact": True} and len(shown["asked"]) == 3


def test_a_board_past_4x4_asks_for_a_quick_lower_bound(js):
    [args] = js["bigBoard"]
    assert args["time_limit"] == 0.1 and args["board"].startswith("5x5:")


def test_the_coach_and_a_solve_give_one_lower_bound(js):
    """The greater of the two proven bounds, in the coach's line and for the status line."""
    rows = [(s["what"], s["bound"], s["view"]["state"], s["view"]["text"]) for s in js["bound"]]
    assert rows == [
        ("a Solve proved 88 before the coach answered", 88, "thinking", "working it out…"),
        ("the coach proved 94: the greater", 94, "answer", "at least 94 moves to the goal"),
        ("a later Solve proved 100", 100, "answer", "at least 100 moves to the goal"),
    ]


def test_the_coach_borrows_the_idle_solver_and_starts_its_own_only_to_not_wait(js):
    """One Python on a page where the coach never waits: it asks the game's solver while that
    is idle, and starts a worker of its own only when a question finds the solver busy, after
    the pool has loaded; once its own is ready it asks that one (warmed first)."""
    rows = [(s["what"], s["made"], s["lent"], s["own"], s["state"]) for s in js["lent"]]
    lent = [f"coach {START}"]
    own = [f"warm {AFTER}", f"coach {AFTER}"]
    assert rows == [
        ("the solver idle: it answers", 0, lent, [], "answer"),
        ("the solver busy before the pool settled: nothing started", 0, lent, [], "thinking"),
        ("the pool settled, the solver busy: its own worker starts", 1, lent, [], "thinking"),
        ("its own worker ready: it answers from now on", 1, lent, own, "answer"),
        ("back to a known position: answered at once", 1, lent, own, "answer"),
    ]
