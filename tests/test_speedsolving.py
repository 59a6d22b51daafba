"""The speedsolvers' tools: Slidysim scrambles, tile notation with counts, STM and MTM,
the analysis of a solve and every optimal solution, each checked against a reference:
our own notation, a direct count, and breadth-first search."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import SOLVE_4X4, bfs, boards, node_executable, python_answer, rules_js, topologies, walks

from npuzzle import MoveError, NotationError, Topology, api, default_goal, parse_board, random_board
from npuzzle.pdb import idastar, prepare
from npuzzle.rules.board import Problem, apply_moves, walk
from npuzzle.rules.notation import check_moves, format_moves, format_slidysim, parse_moves, parse_problem
from npuzzle.rules.random_board import scramble as walked_scramble
from npuzzle.rules.topology import DIRECTIONS
from npuzzle.speedsolving.analysis import analyse, optimal_solutions
from npuzzle.speedsolving.metrics import export_line, mtm, optimal_mtm, stm, tps

# ---------------------------------------------------------------- notation

SLIDYSIM_SCRAMBLE = "5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15"


def test_a_slidysim_scramble_is_a_board():
    assert parse_board(SLIDYSIM_SCRAMBLE) == (4, 4, (5, 3, 8, 9, 0, 2, 4, 1, 7, 10, 14, 13, 12, 11, 6, 15))
    assert parse_board("1 2 3/4 0 5") == (3, 2, (1, 2, 3, 4, 0, 5))  # a rectangle
    assert format_slidysim(4, parse_board(SLIDYSIM_SCRAMBLE)[2]) == SLIDYSIM_SCRAMBLE


def test_tile_notation_is_the_opposite_letter_with_counts():
    # a tile that slides right leaves the gap on its left: R (tile) is L (gap)
    assert parse_moves("URDL2UR2", "tile") == "DLURRDLL"
    assert parse_moves("URDL2UR2") == "URDLLURR"
    assert format_moves("DLURRDLL", "tile") == "URDL2UR2"
    assert format_moves("DLURRDLL") == "DLURRDLL"
    assert parse_moves("r3 d2, l", "tile") == "LLLUUR"
    # Slidysim's own example of a compressed solution: R3D3 is RRRDDD
    assert parse_moves("R3D3", "tile") == "LLLUUU"


@pytest.mark.parametrize(
    "text, notation, code, params",
    [
        ("R0", "tile", "moves.count_zero", {"letter": "R", "i": 1}),
        ("UR0", "gap", "moves.count_zero", {"letter": "R", "i": 2}),
        ("3R", "tile", "moves.count_alone", {"count": "3", "i": 1}),
        ("R2 5", "tile", "moves.count_alone", {"count": "5", "i": 3}),
        ("R61", "tile", "moves.count_range", {"letter": "R", "count": "61", "i": 1, "high": 60}),
        ("R99999999999", "tile", "moves.count_range", {"letter": "R", "count": "99999999", "i": 1, "high": 60}),
        ("RX", "tile", "moves.letter", {"letter": "X", "i": 2}),
        ("R", "slidy", "option.choice", {"name": "notation", "value": "'slidy'", "choices": "gap, tile"}),
    ],
)
def test_each_malformed_move_list_has_its_own_error(text, notation, code, params):
    with pytest.raises(MoveError) as e:
        parse_moves(text, notation)
    assert (e.value.code, e.value.params) == (code, params)


def test_a_letter_that_walks_off_the_board_is_named_in_its_notation():
    start = parse_board(SLIDYSIM_SCRAMBLE)[2]  # the gap on the left edge
    t = Topology(4, 4)
    with pytest.raises(MoveError) as e:
        check_moves(start, parse_moves("R", "tile"), t, "tile")  # no tile left of the gap to slide right
    assert e.value.code == "moves.no_tile" and e.value.params == {"i": 1, "letter": "R"}
    assert str(e.value) == "move 1 (R, tile notation): no tile can slide that way, the gap is at the edge"
    with pytest.raises(MoveError) as e:
        check_moves(start, parse_moves("L"), t, "gap")
    assert e.value.code == "moves.off_board"


@pytest.mark.parametrize(
    "text, code",
    [
        ("1 2 3/4 5/6 7 0", "board.row_length"),
        ("1 2/3 0/", "board.empty_row"),
        ("1 2//3 0", "board.empty_row"),
        ("1 2/3 x", "board.not_number"),
        ("1 2/3 3", "board.twice"),
    ],
)
def test_each_malformed_scramble_has_its_own_error(text, code):
    with pytest.raises(NotationError) as e:
        parse_board(text)
    assert e.value.code == code


@given(st.data())
def test_slidysim_scrambles_and_tile_moves_read_back_as_written(data):
    t = data.draw(topologies())
    board = data.draw(boards(t))
    assert parse_board(format_slidysim(t.width, board)) == (t.width, t.height, board)
    moves = data.draw(walks(t, board))
    tile = format_moves(moves, "tile")
    assert parse_moves(tile, "tile") == moves
    assert parse_moves(tile.translate(str.maketrans("UDLR", "DURL"))) == moves  # each letter the opposite
    assert parse_moves(tile, "tile") == parse_moves(tile.lower(), "tile")
    assert len(tile.rstrip("0123456789").translate(str.maketrans("", "", "0123456789"))) == mtm(moves)


# ---------------------------------------------------------------- metrics


def _direct_mtm(moves: str) -> int:
    """MTM by hand: a new move each time the letter changes."""
    count, last = 0, None
    for letter in moves:
        if letter != last:
            count += 1
        last = letter
    return count


@given(st.text(alphabet="UDLR", max_size=80))
def test_mtm_agrees_with_a_direct_count(moves):
    assert mtm(moves) == _direct_mtm(moves)
    assert stm(moves) == len(moves)
    assert mtm(moves) <= stm(moves)


def test_tps_counts_moves_from_the_first():
    assert tps("RRDD", 2.0) == 2.0
    assert tps("RRDD", 0) is None
    assert tps("R", 0.0004) is None  # a one-move solve timed 0:00.000 has no TPS
    assert tps("R", 0.128) == 7.813  # 7.8125: halves up, in integers (round() would give 7.812)
    assert tps("R" * 15, 1.151) == 13.032  # the time shown (whole ms), to 3 places


def _mtm_bfs(goal, t: Topology) -> dict:
    """The fewest MTM moves from every board to goal, by plain breadth-first search."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        for d in range(4):
            cells, at = list(board), blank
            while t.step[at][d] >= 0 and t.step[at][d] != blank:
                nxt = t.step[at][d]
                cells[at], cells[nxt] = cells[nxt], 0
                at = nxt
                b = tuple(cells)
                if b not in dist:
                    dist[b] = dist[board] + 1
                    queue.append(b)
    return dist


def test_the_fewest_mtm_moves_agree_with_breadth_first_search():
    t = Topology(3, 3)
    goal = default_goal(3, 3)
    dist = _mtm_bfs(goal, t)
    rng = random.Random(5)
    for board in rng.sample(sorted(dist), 60) + [(8, 6, 7, 2, 5, 4, 3, 0, 1)]:
        n, moves = optimal_mtm(Problem(board, goal, t))
        assert n == dist[board] == mtm(moves)
        assert apply_moves(board, moves, t) == goal
    small = Topology(3, 2)
    goal = default_goal(3, 2)
    dist = _mtm_bfs(goal, small)
    for board in dist:
        assert optimal_mtm(Problem(board, goal, small))[0] == dist[board]


# ---------------------------------------------------------------- analysis


@pytest.fixture(scope="module")
def three():
    t = Topology(3, 3)
    goal = default_goal(3, 3)
    return t, goal, bfs(goal, t)


def _wander(board, t, dist, rng, length):
    """A solve as a person might play it: mostly closer moves, some that lose, until solved."""
    moves = []
    while dist[board] and len(moves) < length:
        blank = board.index(0)
        options = [(d, c) for d, c in t.neighbors[blank]]
        closer = [(d, c) for d, c in options if dist[apply_moves(board, DIRECTIONS[d], t)] < dist[board]]
        d, _ = rng.choice(closer if rng.random() < 0.7 else options)
        moves.append(DIRECTIONS[d])
        board = apply_moves(board, DIRECTIONS[d], t)
    return "".join(moves)


def test_the_analysis_of_3x3_solves_agrees_with_breadth_first_search_on_every_move(three):
    t, goal, dist = three
    rng = random.Random(20)
    for _ in range(25):
        start = random_board(goal, t, rng.randrange(10**6))
        moves = _wander(start, t, dist, rng, 80)
        a = analyse(Problem(start, goal, t), moves)
        assert a.exact and a.optimum == dist[start] and len(a.rows) == len(moves)
        boards = [start] + [b for b, _ in walk(start, moves, t)]
        for i, row in enumerate(a.rows):
            assert (row.before, row.after) == (dist[boards[i]], dist[boards[i + 1]])
            assert row.lost == (2 if dist[boards[i + 1]] > dist[boards[i]] else 0)
            if row.lost:
                assert dist[apply_moves(boards[i], row.better, t)] == dist[boards[i]] - 1
            else:
                assert row.better == ""
        assert a.lost == sum(r.lost for r in a.rows)
        assert a.first_loss == next((i for i, r in enumerate(a.rows, 1) if r.lost), None)
        if dist[boards[-1]] == 0:
            assert a.solved and a.length == a.optimum + a.lost


def test_moves_past_the_goal_and_back_are_analysed(three):
    t, goal, _ = three
    start = apply_moves(goal, "LL", t)
    a = analyse(Problem(start, goal, t), "RRUD")
    assert [(r.before, r.after, r.lost) for r in a.rows] == [(2, 1, 0), (1, 0, 0), (0, 1, 2), (1, 0, 0)]


@pytest.fixture(scope="module")
def four():
    t = Topology(4, 4)
    prepare(default_goal(4, 4), t)
    return t


def test_the_analysis_of_long_4x4_solves_agrees_with_the_optimal_solver_on_each_position(four):
    t = four
    solves = [
        SOLVE_4X4,
        ("2 6 5 3/9 14 15 10/1 0 12 4/7 8 11 13", "D2L2U2RDR2ULD2RU2LURD2LULULDR2ULD2RDL2URDRU3RDLDLURDLURURDL3U"),
    ]
    for scramble, solution in solves:
        p = parse_problem(scramble)
        moves = parse_moves(solution, "tile")
        a = analyse(p, moves)
        assert a.exact and a.solved and len(a.rows) == len(moves) >= 60
        boards = [p.start] + [b for b, _ in walk(p.start, moves, t)]
        for i, row in enumerate(a.rows):
            here = idastar(Problem(boards[i], p.goal, t))
            assert here.optimal and row.before == here.length, i
            if row.lost:
                assert idastar(Problem(apply_moves(boards[i], row.better, t), p.goal, t)).length == row.before - 1
        assert a.length == a.optimum + a.lost


def test_past_4x4_the_analysis_gives_labelled_bounds():
    p = parse_problem("5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24")
    a = analyse(p, "LRR")
    assert not a.exact and a.lost is None and a.solved
    assert [(r.before, r.before_upper, r.after, r.after_upper, r.lost) for r in a.rows] == [
        (1, 3, 2, 2, None),
        (2, 2, 1, 1, None),
        (1, 1, 0, 0, None),
    ]


# ---------------------------------------------------------------- every optimal solution


def _path_counts(goal, t: Topology) -> tuple[dict, dict]:
    """Distances to goal from every board (breadth-first search) and the number of shortest
    paths: a board's count is the sum of those of its neighbours one move nearer."""
    dist = bfs(goal, t)
    count = {goal: 1}
    for board, d in dist.items():  # in order of distance: the nearer boards are counted first
        if d:
            after = [apply_moves(board, DIRECTIONS[m], t) for m, _ in t.neighbors[board.index(0)]]
            count[board] = sum(count[b] for b in after if dist[b] == d - 1)
    return dist, count


def test_the_count_of_optimal_solutions_agrees_with_breadth_first_path_counting():
    t = Topology(3, 3)
    goal = default_goal(3, 3)
    dist, count = _path_counts(goal, t)
    rng = random.Random(9)
    hardest = [b for b, d in dist.items() if d == 31]
    for board in rng.sample(sorted(dist), 40) + hardest:
        s = optimal_solutions(Problem(board, goal, t), keep=3)
        assert (s.length, s.count) == (dist[board], count[board]), board
        assert len(s.solutions) == min(3, count[board]) and len(set(s.solutions)) == len(s.solutions)
        for moves in s.solutions:
            assert len(moves) == dist[board] and apply_moves(board, moves, t) == goal
    other = (0, 1, 2, 3, 4, 5, 6, 7, 8)  # another goal: the blank first
    dist, count = _path_counts(other, t)
    for board in rng.sample(sorted(dist), 10):
        assert optimal_solutions(Problem(board, other, t)).count == count[board]


def test_every_optimal_solution_is_listed_when_asked(four):
    p = parse_problem("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15")
    s = optimal_solutions(p, keep=10)
    assert (s.length, s.count, s.solutions) == (2, 1, ["RR"])
    p = parse_problem(SOLVE_4X4[0])
    s = optimal_solutions(p, keep=4)
    assert s.length == 54 and s.count >= len(s.solutions) == 4 and len(set(s.solutions)) == 4
    assert all(apply_moves(p.start, moves, four) == p.goal for moves in s.solutions)


# ---------------------------------------------------------------- export


def test_a_finished_solve_exports_as_one_line():
    line = export_line(4, parse_board(SOLVE_4X4[0])[2], parse_moves(SOLVE_4X4[1], "tile"), 12.345)
    assert line == (
        f"Scramble: {SOLVE_4X4[0]}; Solution: {SOLVE_4X4[1]}; Time: 12.345; Moves: 68 (STM), 53 (MTM); TPS: 5.508"
    )


# ---------------------------------------------------------------- command line and api


def _cli(*args: str):
    return subprocess.run([sys.executable, "-m", "npuzzle", *args], capture_output=True, text=True, timeout=300)


def test_the_command_line_reads_a_slidysim_scramble_and_writes_tile_moves():
    p = _cli("solve", SLIDYSIM_SCRAMBLE, "--notation", "tile", "--json", "--all-optimal", "2")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)  # api.solve's reply, and api.solutions' under "solutions"
    assert data["length"] == 53 and data["mtm"] == mtm(data["moves"])
    every = data["solutions"]
    assert every["length"] == 53 and every["count"] == 30 and len(every["solutions"]) == 2
    assert every["notation"] == "tile" and [parse_moves(s, "tile") for s in every["solutions"]] == every["moves"]
    p = _cli("solve", "1 2 3/4 5 6/0 7 8", "--notation", "tile")
    assert "Tile moves: L2" in p.stdout and "Moves: 2 STM, 1 MTM" in p.stdout and "fewest MTM moves: 1" in p.stdout


def test_the_command_line_analyses_a_pasted_solve():
    scramble, solution = SOLVE_4X4
    p = _cli("analyse", scramble, solution, "--notation", "tile", "--time", "9.5")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("Moves in tile notation")
    assert lines[4].split() == ["3", "D", "11", "52", "53", "+2", "L"]
    assert "Summary: 68 moves (STM), 53 MTM; optimum 54; 14 moves lost; the first loss at move 3." in p.stdout
    assert lines[-1] == (
        f"Scramble: {scramble}; Solution: {solution}; Time: 9.500; Moves: 68 (STM), 53 (MTM); TPS: 7.158"
    )
    p = _cli("analyse", scramble, "R", "--notation", "tile")
    assert p.returncode == 2 and p.stderr.strip() == (
        "npuzzle: error: move 1 (R, tile notation): no tile can slide that way, the gap is at the edge"
    )
    p = _cli("analyse", "1 2 3/4 5/6 7 0", "R")
    assert p.returncode == 2 and "row 2 has 2 numbers but row 1 has 3" in p.stderr


def test_the_api_analyses_and_lists_optimal_solutions():
    scramble, solution = SOLVE_4X4
    reply = json.loads(
        api.call("analyse", json.dumps({"board": scramble, "moves": solution, "notation": "tile", "solve_time": 9.5}))
    )
    assert reply["ok"] and reply["exact"] and len(reply["rows"]) == 68 and reply["lost"] == 14
    assert reply["solution"] == solution and reply["export"].endswith("TPS: 7.158")
    assert reply["rows"][2] == {
        "move": "U",
        "tile": 11,
        "before": 52,
        "after": 53,
        "lost": 2,
        "better": "R",
        "before_upper": None,
        "after_upper": None,
    }
    bad = json.loads(api.call("analyse", json.dumps({"board": scramble, "moves": "R0", "notation": "tile"})))
    assert (bad["field"], bad["code"]) == ("moves", "moves.count_zero")
    bad = json.loads(api.call("analyse", json.dumps({"board": scramble, "moves": "R", "notation": "slidy"})))
    assert (bad["field"], bad["code"]) == ("options", "option.choice")
    reply = json.loads(api.call("solutions", json.dumps({"board": "3x3:1,2,3,4,5,6,0,7,8", "notation": "tile"})))
    assert (reply["count"], reply["solutions"], reply["moves"]) == (1, ["L2"], ["RR"])
    bad = json.loads(api.call("solutions", json.dumps({"board": "5x5:" + ",".join(map(str, range(1, 25))) + ",0"})))
    assert bad["field"] == "board"


# ---------------------------------------------------------------- the page's twin (web/game/rules.js)

SCRAMBLES = [
    SLIDYSIM_SCRAMBLE,
    "1 2 3/4 5 6/7 8 0",
    "1 2 3/4 0 5",
    " 1,2/3,0 ",
    "1 2 3/4 5/6 7 0",
    "1 2/3 0/",
    "1 2//3 0",
    "/1 2/3 0",
    "1 2/3 x",
    "1 2/3 3",
    "1 2/3 9",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 0/31",
    "1/0",
    "1 _/2 3",
    "1 2/3 \u0663",
    "1\u30002/3\u00a00",
    "1 2/3 " + "0" * 9,
]
NOTATED = [
    ("URDL2UR2", "tile"),
    ("URDL2UR2", "gap"),
    ("r3 d2, l", "tile"),
    ("R0", "tile"),
    ("UR0", "gap"),
    ("3R", "tile"),
    ("R2 5", "tile"),
    ("R61", "tile"),
    ("R60", "tile"),
    ("R99999999999", "tile"),
    ("RX", "tile"),
    ("R", "slidy"),
    ("R", "it's"),
    ("", "tile"),
    ("\u00fc2", "tile"),
    ("R\U0001f600", "gap"),
    ("u'", "tile"),
    ("R\u00a0L", "gap"),
]


def test_rules_js_reads_slidysim_scrambles_and_tile_moves_as_the_package_does():
    node = node_executable()
    rng = random.Random(8)
    written = [
        ["".join(rng.choice("UDLR" * 3 + "UU") for _ in range(rng.randrange(0, 30))), notation]
        for notation in ("gap", "tile")
        for _ in range(20)
    ]
    js = rules_js(node, ids=SCRAMBLES, notated=NOTATED, written=written)
    for text, a in zip(SCRAMBLES, js["ids"]):
        b = python_answer(lambda text=text: list(parse_board(text))[:2] + [list(parse_board(text)[2])])
        assert a == b, text
    for (text, notation), a in zip(NOTATED, js["notated"]):
        b = python_answer(lambda: parse_moves(text, notation))  # noqa: B023  (called at once)
        assert a == ({**b, "field": "options"} if b.get("code") == "option.choice" else b), (text, notation)
    assert js["written"] == [format_moves(m, n) for m, n in written]


def test_the_solvers_answer_says_its_multi_tile_moves():
    from npuzzle.api.dispatch import call

    reply = json.loads(call("solve", json.dumps({"board": "3x3:1,2,3,4,5,6,0,7,8"})))
    assert reply["moves"] == "RR" and reply["mtm"] == mtm("RR") == 1
    reply = json.loads(
        call(
            "solve",
            json.dumps({"board": "4x4:0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1", "strategy": "weighted", "time_limit": 2}),
        )
    )
    assert reply["found"] and reply["mtm"] == mtm(reply["moves"]) < reply["length"]


def test_rules_js_counts_mtm_and_tps_as_the_package_does():
    rng = random.Random(11)
    cases = [
        [
            "".join(rng.choice("UDLR" if k % 2 else "UUUR") for _ in range(rng.randrange(0, 40))),
            rng.choice([0, 0.4, 1, 8, 128, 999, 1_574, 12_345, 60_000.5, 3_999.9]),
        ]
        for k in range(60)
    ]
    js = rules_js(node_executable(), metrics=cases)["metrics"]
    assert js == [[mtm(m), tps(m, ms / 1000)] for m, ms in cases]


def chi_square(samples: list[int], weights: dict[int, int]) -> tuple[float, float]:
    """Pearson's chi-square of `samples` against the distribution `weights` (value -> count
    of positions), the bins with fewer than 5 expected merged into their neighbours; and the
    critical value at p = 0.001 for its degrees of freedom (Wilson and Hilferty's
    approximation of the chi-square's quantile, within 1 % from 10 degrees up)."""
    total, n = sum(weights.values()), len(samples)
    observed = {v: 0 for v in weights}
    for s in samples:
        observed[s] += 1
    bins, expected_run, observed_run = [], 0.0, 0
    for v in sorted(weights):
        expected_run += n * weights[v] / total
        observed_run += observed[v]
        if expected_run >= 5:
            bins.append((expected_run, observed_run))
            expected_run, observed_run = 0.0, 0
    if expected_run:  # the tail's rest joins the last bin
        e, o = bins.pop()
        bins.append((e + expected_run, o + observed_run))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    k, z = len(bins) - 1, 3.090  # z: the normal's 0.999 quantile
    return statistic, k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def test_a_new_scramble_is_uniform_over_the_solvable_3x3_boards():
    """The page's scramble (Shuffle, the size menu, its key) is api.random: 20,000 3x3
    scrambles' distances to the goal follow the distances of all 181,440 solvable boards
    (breadth-first search), by a chi-square test; a scramble by random moves fails it."""
    goal, t = default_goal(3, 3), Topology(3, 3)
    dist = bfs(goal, t)
    weights: dict[int, int] = {}
    for d in dist.values():
        weights[d] = weights.get(d, 0) + 1
    assert sum(weights.values()) == 181_440 and max(weights) == 31
    page = [dist[tuple(api.random(3, 3, seed=seed)["tiles"])] for seed in range(20_000)]
    statistic, critical = chi_square(page, weights)
    assert statistic < critical, (statistic, critical)
    # the test can fail: 30 random moves from the goal are too near it
    walked = [dist[walked_scramble(goal, t, 30, seed)] for seed in range(20_000)]
    statistic, critical = chi_square(walked, weights)
    assert statistic > 10 * critical, (statistic, critical)
