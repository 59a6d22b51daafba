"""web/game/rules.js lets a person play before Python has loaded; it must agree with the package.

The same cases go through both, and every answer (the value, or the exact message of the
error) must be the same.
"""

from __future__ import annotations

import random

from support import bfs, node_executable, python_answer, rules_js

from npuzzle import (
    NotationError,
    Topology,
    format_wrap,
    parse_board,
    parse_moves,
    parse_wrap,
    random_board,
    tiles_moved,
)
from npuzzle.catalogue import InputError
from npuzzle.rules.board import apply_moves, default_goal
from npuzzle.rules.notation import parse_problem
from npuzzle.rules.solvability import solvability
from npuzzle.rules.topology import DIRECTIONS

IDS = [
    "3x3:1,2,3,4,5,6,7,8,0",
    "4x2:1,2,3,4,5,6,7,0",
    " 2x2 : 1,2,3,0",
    "3X3:_,1,2,3,4,5,6,7,8",
    "3x3:1,2,3,4,5,6,7,8",
    "3x3:1,2,3,4,5,6,7,8,8",
    "3x3:1,2,3,4,5,6,7,8,9",
    "3x3:1,2,3,4,a,6,7,8,0",
    "3x3:1,2,,3,4,5,6,7,8,0",
    "1x3:1,2,0",
    "31x2:1",
    "3x3:",
    "3x3:1,2,3,4,5,6,7,8,-1",
    "3x3:1,2,3,4,5,6,7,8," + "9" * 40,
    "9" * 40 + "x3:1",
    # what a link may carry: quotes, markup, control characters, other scripts, spaces
    "",
    "  ",
    "3x3",
    "3 x 3",
    "4x4:<script>",
    "4x4:<img src=x onerror=alert(1)>",
    "3x3:1,2,3,4,5,6,7,8,'",
    "3x3:1,2,3,4,5,6,7,8,\"'",
    "3x3:1,2,3,4,5,6,7,8,a\\b",
    "3x3:1,2,3,4,5,6,7,8,\x00",
    "3x3:1,2,3,4,5,6,7,8,\t\n",
    "3x3:1,2,3,4,5,6,7,8,\u0663",
    "3x3:1,2,3,4,5,6,7,8,\u00b2",
    "3x3:\u00e9",
    "3x3:\U0001f600",
    "3x3:\u200b",
    "3x3:\u2028",
    "\x1c3x3:1,2,3,4,5,6,7,8,0\x85",
    "\u30003x3:1,2,3,4,5,6,7,8,0",
    "3x3:1,2,3,4,5,6,7,8,0" + "0" * 5000,
]
# (IDs with other scripts' digits are no IDs for either; the package then reads them as
# rows of numbers, which rules.js leaves to Python: not twinned.)
WRAPS = [
    ("r2,c2", 5, 5),
    ("", 3, 3),
    ("all", 3, 2),
    ("rows", 4, 4),
    ("cols", 4, 4),
    ("x2", 3, 3),
    ("r7", 3, 3),
    ("r0", 2, 3),
    ("c0", 3, 2),
    ("R1 C1", 3, 3),
    ("none", 3, 3),
    ("r" + "9" * 40, 3, 3),
    ("r99", 3, 3),
    ("<b>x</b>", 3, 3),
    ("r1'", 3, 3),
    ("\u00e9", 3, 3),
    ("r1,,c1", 3, 3),
    ("r\u0661", 3, 3),
    ("c\uff11", 3, 3),
]  # other scripts' digits: not numbers, in both
MOVES = ["rr, d", "UDLR", "", "RRX", "l l", "XYZ", "u'", "\u00fc", "R\x00"]
# (board, goal, wrap) as a link or the editor gives them: parse_problem's fields and messages
PROBLEMS = [
    ("3x3:1,2,3,4,5,6,7,8,0", "", ""),
    ("3x3:1,2,3,4,5,6,7,8,0", "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", ""),
    ("3x3:1,2,3,4,5,6,7,8,0", "2x3:1,2,3,4,5,0", "r1"),
    ("3x3:1,2,3,4,5,6,7,8,0", "4x4:1,2", ""),
    ("3x3:1,2,3,4,5,6,7,8,0", "3x3:0,1,2,3,4,5,6,7,8", "r1,c0"),
    ("3x3:1,2,3,4,5,6,7,8,0", "   ", "all"),
    ("3x3:1,2,3,4,5,6,7,8,0", "3x3:1,1,2,3,4,5,6,7,0", "r9"),
    ("3x3:1,2,3,4,5,6,7,8,0", "", "r9"),
    ("2x3:1,2,3,4,5,0", "", "r0"),
    ("3x3:1,2,3", "3x3:<b>", "<b>"),
    ("3x3:1,2,3,4,5,6,7,8,0", "", "r<b>x</b>"),
]
# (width, height, wrap rows, wrap columns, moves): scrambles checked by breadth-first search
SCRAMBLES = [
    (3, 3, [], [], 1),
    (3, 3, [], [], 2),
    (3, 3, [], [], 11),
    (2, 3, [], [], 9),
    (3, 3, [1], [1], 7),
    (3, 2, [0, 1], [], 10),
    (4, 2, [1], [], 9),
]


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
    except InputError as e:  # Topology's wrap rules
        raise NotationError(e.code, "board", **e.params) from None
    return [list(rows), list(cols)]


def test_rules_js_agrees_with_the_package():
    node = node_executable()
    walks = _walk_cases()
    formats = [[[2], [2], 5, 5], [[0, 1, 2], [0, 1, 2], 3, 3], [[0, 1], [0, 1, 2], 3, 3], [[], [], 4, 4]]
    js = rules_js(node, ids=IDS, wraps=WRAPS, moves=MOVES, walks=walks, formats=formats)
    py_ids = [
        python_answer(lambda text=text: list(parse_board(text))[:2] + [list(parse_board(text)[2])]) for text in IDS
    ]
    for text, a, b in zip(IDS, js["ids"], py_ids):
        assert a == b, text
    for case, a in zip(WRAPS, js["wraps"]):
        b = python_answer(lambda case=case: _python_wrap(*case))
        assert a == ({**b, "field": "board"} if "field" in b else b), case  # parse_wrap alone: no field
    assert js["formats"] == [format_wrap(*f) for f in formats] == ["r2,c2", "all", "r0,r1,c0,c1,c2", ""]
    for text, a in zip(MOVES, js["moves"]):
        assert a == python_answer(lambda text=text: parse_moves(text)), text
    for case, a in zip(walks, js["walks"]):
        assert a == python_answer(lambda case=case: _python_walk(*case)), case


def _python_problem(board, goal, wrap):
    p = parse_problem(board, goal, wrap)
    t = p.topology
    return [t.width, t.height, list(p.start), list(p.goal), list(t.wrap_rows), list(t.wrap_cols)]


def test_problems_scrambles_and_opposites_agree_with_the_package():
    node = node_executable()
    scrambles = [
        [w, h, rows, cols, list(default_goal(w, h)), moves, seed]
        for w, h, rows, cols, moves in SCRAMBLES
        for seed in range(12)
    ]
    js = rules_js(node, problems=PROBLEMS, scrambles=scrambles)
    for case, a in zip(PROBLEMS, js["problems"]):
        assert a == python_answer(lambda case=case: _python_problem(*case)), case
    assert any(
        a.get("error") == "the goal is 4x4 but the start is 3x3" and a["field"] == "goal" for a in js["problems"]
    )
    assert js["directions"] == DIRECTIONS
    assert {DIRECTIONS[d]: DIRECTIONS[d ^ 1] for d in range(4)} == js["opposite"]
    # Every scramble of k moves is a board k moves from the goal or fewer, by legal moves
    # (breadth-first search), with k's parity on a plain grid, never undoing a move (so
    # two moves never come back), and solvable by the package's rule.
    for (w, h, rows, cols, goal, moves, seed), board in zip(scrambles, js["scrambles"]):
        t = Topology(w, h, tuple(rows), tuple(cols))
        distance = bfs(tuple(goal), t, moves).get(tuple(board))
        assert distance is not None and distance <= moves, (w, h, rows, cols, moves, seed, board)
        if t.is_bipartite():
            assert distance % 2 == moves % 2
        if moves == 2:
            assert distance == 2
        assert solvability(board, goal, t).solvable
    assert len({tuple(b) for b in js["scrambles"][24:36]}) > 3  # the seeds give different boards


def _line_walks(board, cell, t: Topology) -> list[str]:
    """Every way the blank reaches `cell` by one letter repeated (along its row or column,
    round a wrap too), by the package's neighbour table."""
    blank = board.index(0)
    ways = []
    for d, letter in enumerate(DIRECTIONS):
        at, n = blank, 0
        while n < t.size:
            at, n = t.step[at][d], n + 1
            if at < 0 or at == blank:
                break
            if at == cell:
                ways.append(letter * n)
                break
    return ways


def test_a_click_moves_the_short_way_round_as_the_package_would():
    """A click on a tile in the gap's row or column: the moves rules.js makes are the
    shortest run of one letter that brings the blank there by the package's neighbours,
    they replay in Python to a board with the blank in the clicked cell, and a click
    elsewhere makes none."""
    node = node_executable()
    rng = random.Random(14)
    shapes = [
        (5, 5, [2], [2]),
        (5, 5, [], []),
        (4, 4, [0, 1, 2, 3], [0, 1, 2, 3]),
        (6, 3, [1], [0, 5]),
        (3, 3, [0, 1, 2], [0, 1, 2]),
        (7, 2, [0], []),
        (30, 30, [0], [29]),
    ]
    clicks = []
    for w, h, rows, cols in shapes:
        t = Topology(w, h, tuple(rows), tuple(cols))
        for _ in range(4):
            board = list(random_board(default_goal(w, h), t, rng.randrange(10**6)))
            cells = range(w * h) if w * h <= 36 else rng.sample(range(w * h), 60)
            clicks += [[w, h, rows, cols, board, cell] for cell in cells]
    # the case: row 2 of a 5x5 wraps, the gap at its left end, the tile at its right end
    wrapped = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]
    clicks.append([5, 5, [2], [2], wrapped, 14])
    js = rules_js(node, clicks=clicks)["clicks"]
    assert js[-1] == "L"
    for (w, h, rows, cols, board, cell), moves in zip(clicks, js):
        t = Topology(w, h, tuple(rows), tuple(cols))
        ways = _line_walks(board, cell, t)
        if not ways:
            assert moves == "", (w, h, rows, cols, board, cell)
            continue
        assert len(moves) == min(map(len, ways)) and moves in ways, (w, h, rows, cols, board, cell, moves)
        assert apply_moves(board, moves, t).index(0) == cell
