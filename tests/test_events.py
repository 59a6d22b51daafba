"""Slidysim's events: the boards each deals and the key its sessions are kept under
(``npuzzle.speedsolving.events``), and the page's twin ``web/practice/events.js``, with a
solve of an event checked (``session.js``'s ``checkSolve``) and counted the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import marathon_solve, run_node

from npuzzle.speedsolving.events import EventError, event_boards, key_event, offered, session_key, solve_mtm
from npuzzle.speedsolving.metrics import mtm
from npuzzle.speedsolving.records import personal_bests

TWIN = Path(__file__).with_name("events_twin.mjs")
KINDS = ["2x2", "3x3", "4x4", "5x5 r2,c2", "4x6", "6x4", "3x2", "10x10", "11x11", "12x3", "3x3 all"]


def test_keys_by_hand():
    assert session_key("4x4", "single") == "4x4"  # a single's solves stay where they were kept
    assert session_key("4x4", "x10") == "4x4 x10"
    assert session_key("4x4", "x42") == "4x4 x42"
    assert session_key("5x5 r2,c2", "blind") == "5x5 r2,c2 blind"
    assert session_key("5x5", "relay") == "relay 2x2-5x5"
    assert session_key("4x6", "relay-h") == "relay 4x2-4x6"
    assert session_key("6x4", "relay-w") == "relay 2x4-6x4"
    assert event_boards("relay 2x2-5x5") == [(2, 2), (3, 3), (4, 4), (5, 5)]
    assert event_boards("relay 4x2-4x6") == [(4, 2), (4, 3), (4, 4), (4, 5), (4, 6)]
    assert event_boards("relay 2x4-6x4") == [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)]
    assert event_boards("3x3 x10") == [(3, 3)] * 10 and len(event_boards("4x4 x42")) == 42
    assert event_boards("4x4 blind") == [(4, 4)] and event_boards("4x4") == [(4, 4)]
    assert offered("2x2") == ("single", "x10", "x42", "blind")  # no relay of one board
    assert offered("5x5 r2,c2") == ("single", "x10", "x42", "blind")  # relays of plain boards only
    assert offered("11x11") == ("single", "x10", "x42", "blind")  # relays up to 10x10
    assert offered("4x6") == ("single", "x10", "x42", "relay-h", "relay-w", "blind")


@pytest.mark.parametrize("kind", KINDS)
def test_every_key_reads_back(kind):
    keys = [session_key(kind, event) for event in offered(kind)]
    assert len(set(keys)) == len(keys)  # each event its own sessions
    for event, key in zip(offered(kind), keys, strict=True):
        assert key_event(key) == (kind, event)


@pytest.mark.parametrize(
    ("kind", "event"), [("2x2", "relay"), ("5x5 r2,c2", "relay-w"), ("4x6", "relay"), ("3x3", "x7"), ("x3", "single")]
)
def test_refused(kind, event):
    with pytest.raises(EventError):
        session_key(kind, event)


# "4x4 x7" reads as a kind with a wrap "x7": wraps are the rules' to check (checkSolve: file.field size)
@pytest.mark.parametrize("key", ["relay 2x2-2x2", "relay 3x3-5x5", "relay 2x2-11x11", "relay 2x2-5x4", "hello", "4x"])
def test_bad_keys(key):
    with pytest.raises(EventError):
        key_event(key)


def test_solve_mtm():
    solve = marathon_solve()
    assert solve_mtm(solve) == 1 + 2 + 4
    joined = {**solve, "moves": "RR", "splits": [{"moves": "R"}, {"moves": "R"}]}
    assert mtm("RR") == 1 and solve_mtm(joined) == 2  # a run does not go on across two boards
    assert solve_mtm({"moves": "RRDD"}) == 2


def test_the_page_agrees():
    solve = marathon_solve()
    bad = [
        ("2x2 x10", {**solve, "event": "x42"}),  # the event is not the key's
        (
            "2x2 x10",
            {
                **solve,
                "splits": [
                    solve["splits"][0],
                    {**solve["splits"][1], "scramble": "3x3:1,2,3,4,5,6,7,0,8"},
                    solve["splits"][2],
                ],
            },
        ),
        ("2x2 x10", {**solve, "moves": solve["moves"] + "L"}),  # the moves are not the splits'
        ("2x2 x10", {**solve, "splits": [solve["splits"][1], solve["splits"][0], solve["splits"][2]]}),
        (
            "2x2 x10",
            {
                **solve,
                "moves": "UU" + solve["moves"][1:],
                "splits": [{**solve["splits"][0], "moves": "UU"}] + solve["splits"][1:],
            },
        ),
        ("4x4 x7", solve),
    ]
    single = {**solve, "event": None, "splits": None, "penalty": ""}
    del single["event"], single["splits"]
    single["moves"], single["times"] = "R", [100]
    blind = {**single, "event": "blind"}
    cases = {
        "kinds": KINDS,
        "keys": [
            "relay 2x2-5x5",
            "relay 4x2-4x6",
            "relay 2x4-6x4",
            "4x4 x10",
            "5x5 r2,c2 blind",
            "4x4",
            "4x4 x7",
            "relay 3x3-4x4",
        ],
        "refused": [["2x2", "relay"], ["4x6", "relay"], ["3x3", "x7"]],
        "solves": [["2x2 x10", solve], ["2x2 blind", blind], ["2x2", single], *bad],
        "bests": [[{**solve, "penalty": ""}, single]],
    }
    page = json.loads(run_node(TWIN, input=json.dumps(cases)))
    assert page["kinds"] == [
        {"ok": [[e, session_key(k, e), [list(b) for b in event_boards(session_key(k, e))]] for e in offered(k)]}
        for k in KINDS
    ]
    for key, answer in zip(cases["keys"], page["keys"], strict=True):
        try:
            assert answer == {"ok": [list(key_event(key)), [list(b) for b in event_boards(key)]]}
        except EventError:
            assert answer == {"error": "event"}
    assert page["refused"] == [{"error": "event"}] * 3
    assert [s["mtm"] for s in page["solves"][:3]] == [7, 1, 1]
    assert page["solves"][0]["counted"] == {"stm": 7, "mtm": 7, "tps": 1.296}  # 7 moves in 5400 ms
    assert [s["check"] for s in page["solves"][:3]] == [{"ok": True}] * 3
    assert [s["check"].get("error") for s in page["solves"][3:]] == [
        "file.field",
        "file.size",
        "file.field",
        "file.field",
        "file.moves",
        "file.field",
    ]
    assert [s["check"].get("params", {}).get("field") for s in page["solves"][3:]] == [
        "event",
        None,
        "splits",
        "splits",
        None,
        "event",
    ]
    bests = personal_bests(cases["bests"][0])
    assert page["bests"] == [bests] and bests["mtm"] == 1
