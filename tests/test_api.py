"""The façade the web worker calls: plain data in, JSON-safe dicts out, never an exception."""

from __future__ import annotations

import json

import pytest

from npuzzle import api
from npuzzle.catalogue import CATALOGUE, plain


@pytest.mark.parametrize(
    "call, field, message",
    [
        (lambda: api.check("3x3:1,2,3"), "board", "a 3x3 board needs 9 numbers, got 3"),
        (lambda: api.check("3x3:1,2,3,4,5,6,7,8,0", "3x3:1,1,3,4,5,6,7,8,0"), "goal", "number 1 is used twice"),
        (lambda: api.check("3x3:1,2,3,4,5,6,7,8,0", "2x2:1,2,3,0"), "goal", "the goal is 2x2 but the start is 3x3"),
        (
            lambda: api.check("3x3:1,2,3,4,5,6,7,8,0", wrap="q1"),
            "wrap",
            "bad wrap 'q1': write wraps like r2,c2 (row 2 and column 2, counted from 0), or 'all' for a torus",
        ),
        (
            lambda: api.solve("3x3:1,2,3,4,5,6,7,8,0", strategy="magic"),
            "options",
            "unknown strategy 'magic': choose from auto, optimal, weighted, constructive",
        ),
        (
            lambda: api.solve("3x3:1,2,3,4,5,6,7,8,0", heuristic="magic"),
            "options",
            "unknown heuristic 'magic': choose from misplaced, manhattan, linear-conflict, pdb",
        ),
        (lambda: api.replay("3x3:1,2,3,4,5,6,0,7,8", "RRR"), "moves", "move 3 (R) takes the blank off the board"),
        (lambda: api.random(31, 3), "options", "width must be a number from 2 to 30, not 31"),
        (lambda: api.random(3, 3, moves=10**9), "options", "moves must be a number from 0 to 1e+06, not 1000000000"),
        (lambda: api.solve(None), "board", "the board is empty"),
        (lambda: api.check("3x3:1,2,3,4,5,6,7,8,0", wrap=5), "wrap", "the wrap must be text, not int"),
        (lambda: api.replay("3x3:1,2,3,4,5,6,7,8,0", 7), "moves", "the moves must be text, not int"),
        (
            lambda: api.solve("3x3:1,2,3,4,5,6,7,8,0", time_limit="x"),
            "options",
            "time_limit must be a number from 0.001 to 1e+06, not 'x'",
        ),
        (lambda: api.random(3, 4, goal="3x3:1,2,3,4,5,6,7,8,0"), "goal", "the goal is 3x3, not 3x4"),
    ],
)
def test_errors_name_the_field(call, field, message):
    r = call()
    assert {k: r[k] for k in ("ok", "field", "error")} == {"ok": False, "field": field, "error": message}
    # the page shows the message in either language from its code and parameters, which
    # come as the message shows them: its templates with {name} fields only take them as they are
    assert json.loads(json.dumps(r)) == r
    assert plain(CATALOGUE[r["code"]]).format(**r["params"]) == message


def test_results_are_json_safe_and_complete():
    seen = []
    r = api.solve("4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14", progress=seen.append)
    assert json.loads(json.dumps(r)) == r
    assert r["ok"] and r["length"] == 15 and r["optimal"] and r["id"].startswith("4x4:")
    replay = api.replay(r["id"], r["moves"])
    assert replay["solved"] and replay["tiles"] == r["tiles"]


def test_check_reports_unsolvable_with_reason():
    r = api.check("3x3:1,2,3,4,5,6,8,7,0")
    assert r["ok"] and not r["solvable"] and r["reason"].startswith("unsolvable")
    wrapped = api.check("5x5:2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0", wrap="r2,c2")
    assert wrapped["solvable"] and wrapped["wrap"] == "r2,c2"


def test_random_is_reproducible_and_keeps_goal_and_wrap():
    a = api.random(5, 5, wrap="all", seed=4)
    assert a == api.random(5, 5, wrap="all", seed=4)
    assert a["wrap_rows"] == [0, 1, 2, 3, 4] and a["solvable"]
    b = api.random(3, 3, goal="3x3:0,1,2,3,4,5,6,7,8", moves=6, seed=1)
    assert b["goal"] == list(range(9)) and not b["default_goal"]
