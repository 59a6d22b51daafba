"""web/rules.js lets a person play before Python has loaded; it must agree with the package.

The same cases go through both, and every answer (the value, or the exact message of the
error) must be the same.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from npuzzle import MoveError, NotationError, Topology, format_wrap, parse_board, parse_moves, parse_wrap, random_board, tiles_moved
from npuzzle.board import apply_moves, default_goal

SCRIPT = Path(__file__).with_name("rules_twin.mjs")

IDS = [
    "3x3:1,2,3,4,5,6,7,8,0", "4x2:1,2,3,4,5,6,7,0", " 2x2 : 1,2,3,0", "3X3:_,1,2,3,4,5,6,7,8",
    "3x3:1,2,3,4,5,6,7,8", "3x3:1,2,3,4,5,6,7,8,8", "3x3:1,2,3,4,5,6,7,8,9", "3x3:1,2,3,4,a,6,7,8,0",
    "3x3:1,2,,3,4,5,6,7,8,0", "1x3:1,2,0", "31x2:1", "3x3:", "3x3:1,2,3,4,5,6,7,8,-1",
    "3x3:1,2,3,4,5,6,7,8," + "9" * 40, "9" * 40 + "x3:1",
]
WRAPS = [("r2,c2", 5, 5), ("", 3, 3), ("all", 3, 2), ("rows", 4, 4), ("cols", 4, 4), ("x2", 3, 3),
         ("r7", 3, 3), ("r0", 2, 3), ("c0", 3, 2), ("R1 C1", 3, 3), ("none", 3, 3), ("r" + "9" * 40, 3, 3)]
MOVES = ["rr, d", "UDLR", "", "RRX", "l l"]


def _python(f):
    try:
        value = f()
    except (NotationError, MoveError) as e:
        return {"error": str(e)}
    return {"ok": value}


def _walk_cases():
    rng = random.Random(3)
    cases = []
    for w, h, rows, cols in [(3, 3, [], []), (4, 3, [1], []), (5, 5, [2], [2]), (3, 4, [0, 1, 2, 3], [0, 1, 2])]:
        t = Topology(w, h, tuple(rows), tuple(cols))
        for _ in range(5):
            board = random_board(default_goal(w, h), t, rng.randrange(10**6))
            moves = "".join(rng.choice("UDLR") for _ in range(rng.randrange(1, 30)))
            cases.append([w, h, rows, cols, list(board), moves])
    return cases


def _python_walk(w, h, rows, cols, board, moves):
    t = Topology(w, h, tuple(rows), tuple(cols))
    return {"end": list(apply_moves(board, moves, t)), "tiles": tiles_moved(board, moves, t)}


def _python_wrap(text, w, h):
    rows, cols = parse_wrap(text, w, h)
    try:
        Topology(w, h, rows, cols)
    except ValueError as e:
        raise NotationError(str(e)) from None
    return [list(rows), list(cols)]


def test_rules_js_agrees_with_the_package():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    walks = _walk_cases()
    formats = [[[2], [2], 5, 5], [[0, 1, 2], [0, 1, 2], 3, 3], [[0, 1], [0, 1, 2], 3, 3], [[], [], 4, 4]]
    cases = {"ids": IDS, "wraps": WRAPS, "moves": MOVES, "walks": walks, "formats": formats}
    out = subprocess.run([node, str(SCRIPT)], input=json.dumps(cases), capture_output=True, text=True,
                         timeout=60, check=True).stdout
    js = json.loads(out)
    py_ids = [_python(lambda text=text: list(parse_board(text))[:2] + [list(parse_board(text)[2])]) for text in IDS]
    for text, a, b in zip(IDS, js["ids"], py_ids):
        assert a == b, text
    for case, a in zip(WRAPS, js["wraps"]):
        assert a == _python(lambda case=case: _python_wrap(*case)), case
    assert js["formats"] == [format_wrap(*f) for f in formats] == ["r2,c2", "all", "r0,r1,c0,c1,c2", ""]
    for text, a in zip(MOVES, js["moves"]):
        assert a == _python(lambda text=text: parse_moves(text)), text
    for case, a in zip(walks, js["walks"]):
        assert a == _python(lambda case=case: _python_walk(*case)), case
