"""The rules and the searches, checked against exact answers and breadth-first search."""

from __future__ import annotations

import itertools
import random

import pytest
from support import SMALL_BOARDS, bfs, seed_cases, seed_problem

from npuzzle import (
    HEURISTICS,
    Heuristic,
    MoveError,
    NotationError,
    Problem,
    Topology,
    apply_moves,
    boards_along,
    default_goal,
    format_board_id,
    parse_board,
    parse_moves,
    parse_problem,
    parse_wrap,
    random_board,
    scramble,
    solvability,
    solve,
    tiles_moved,
)
from npuzzle.search.optimal import make_heuristic

SAMPLES = 60  # boards per small topology for the search cross-checks


def _ids(boards):
    return [
        f"{t.width}x{t.height}" + (f"-wrap{t.wrap_rows}{t.wrap_cols}" if t.wrapped else "") + f"-{g}" for g, t in boards
    ]


# --- topology ---------------------------------------------------------------------------


def test_neighbours_of_a_plain_grid():
    t = Topology(4, 3)
    assert t.step[0] == (-1, 4, -1, 1)
    assert t.step[5] == (1, 9, 4, 6)
    assert t.step[11] == (7, -1, 10, -1)


def test_a_move_through_a_wrap_keeps_its_letter():
    t = Topology(5, 5, wrap_rows=(2,), wrap_cols=(2,))
    assert t.step[2][0] == 22  # U from the top of column 2 lands at its bottom
    assert t.step[22][1] == 2  # and D comes back
    assert t.step[10][2] == 14  # L from the left end of row 2
    assert t.step[14][3] == 10
    assert t.step[0] == (-1, 5, -1, 1)  # other edges stay closed


def test_graph_distances_use_the_wraps():
    t = Topology(10, 3, wrap_rows=(1,))
    d = t.distances()
    assert d[0][9] == 3  # down, round the wrap, up beats 9 steps along row 0
    assert Topology(4, 4).distances()[0][15] == 6


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"width": 1, "height": 3}, "width must be between 2 and 30, not 1"),
        ({"width": 3, "height": 31}, "height must be between 2 and 30, not 31"),
        ({"width": 3, "height": 3, "wrap_rows": (3,)}, "wrapped row 3 is outside the board (0 to 2)"),
        ({"width": 2, "height": 3, "wrap_rows": (0,)}, "a row can only wrap when it has at least 3 cells"),
    ],
)
def test_bad_topologies(kwargs, message):
    with pytest.raises(ValueError) as e:
        Topology(**kwargs)
    assert str(e.value) == message


# --- notation -----------------------------------------------------------------------------


def test_board_id_round_trip():
    assert parse_board("4x3:1,2,3,4,5,6,7,8,9,10,11,0") == (4, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0))
    assert format_board_id(4, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0)) == "4x3:1,2,3,4,5,6,7,8,9,10,11,0"


def test_rows_of_numbers_as_in_the_seeds():
    assert parse_board(" 1 2 3\n4 5 6\n\n7 8 0\n") == (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    assert parse_board("1 2 3 4\n5 6 7 0") == (4, 2, (1, 2, 3, 4, 5, 6, 7, 0))
    assert parse_board("1 2 3\n4 5 6\n7 8 _") == (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    assert parse_board("1,2,3,4,5,6,7,8,0") == (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the board is empty"),
        ("3x3:1,2,3,4,5,6,7,8", "a 3x3 board needs 9 numbers, got 8"),
        ("3x3:1,2,3,4,5,6,7,8,8", "number 8 is used twice"),
        ("3x3:1,2,3,4,5,6,7,8,9", "number 9 is out of range for a 3x3 board (0 to 8)"),
        ("3x3:1,2,3,4,a,6,7,8,0", "'a' is not a tile number"),
        ("3x3:1,2,,3,4,5,6,7,8,0", "empty entry in the board ID (two commas in a row?)"),
        ("3x3;1,2,3,4,5,6,7,8,0", "a board ID looks like 3x3:1,2,3,4,5,6,7,8,0 (a colon after the size)"),
        ("1x3:1,2,0", "width 1 is out of range: boards are 2 to 30 cells a side"),
        ("31x2:1", "width 31 is out of range: boards are 2 to 30 cells a side"),
        ("1 2 3\n4 5\n6 7 0", "row 2 has 2 numbers but row 1 has 3"),
        (
            "1 2 3 4 5 0",
            "6 numbers on one line is not a square board: write one row a line, or a board ID like 4x4:1,2,...,0",
        ),
        ("1 2 -3\n4 5 6\n7 8 0", "'-3' is not a tile number"),
    ],
)
def test_bad_boards_get_precise_messages(text, message):
    with pytest.raises(NotationError) as e:
        parse_board(text)
    assert str(e.value) == message


def test_goal_and_start_must_match_in_size():
    with pytest.raises(NotationError) as e:
        parse_problem("3x3:1,2,3,4,5,6,7,8,0", "2x2:1,2,3,0")
    assert str(e.value) == "the goal is 2x2 but the start is 3x3"


def test_wraps():
    assert parse_wrap("r2,c2") == ((2,), (2,))
    assert parse_wrap("") == ((), ())
    assert parse_wrap("all", 3, 2) == ((0, 1), (0, 1, 2))
    with pytest.raises(NotationError) as e:
        parse_wrap("x2")
    assert (
        str(e.value)
        == "bad wrap 'x2': write wraps like r2,c2 (row 2 and column 2, counted from 0), or 'all' for a torus"
    )
    with pytest.raises(NotationError) as e:
        parse_problem("3x3:1,2,3,4,5,6,7,8,0", wrap="r7")
    assert str(e.value) == "wrapped row 7 is outside the board (0 to 2)"


def test_moves_and_tiles():
    t = Topology(3, 3)
    start = (1, 2, 3, 4, 5, 6, 0, 7, 8)
    assert parse_moves("r r, d") == "RRD"
    assert apply_moves(start, "RR", t) == default_goal(3, 3)
    assert tiles_moved(start, "RR", t) == [7, 8]
    assert boards_along(start, "R", t) == [start, (1, 2, 3, 4, 5, 6, 7, 0, 8)]
    with pytest.raises(MoveError) as e:
        parse_moves("RRX")
    assert str(e.value) == "bad move letter 'X' at move 3: use U, D, L or R"
    with pytest.raises(MoveError) as e:
        apply_moves(start, "RD", t)
    assert str(e.value) == "move 2 (D) takes the blank off the board"


# --- solvability ----------------------------------------------------------------------------


@pytest.mark.parametrize("goal, topology", SMALL_BOARDS, ids=_ids(SMALL_BOARDS))
def test_solvability_agrees_with_breadth_first_search(goal, topology):
    reachable = bfs(goal, topology)
    n = topology.size
    if n <= 8:
        boards = list(itertools.permutations(range(n)))
    else:
        rng = random.Random(1)
        boards = [tuple(rng.sample(range(n), n)) for _ in range(3000)]
    for board in boards:
        assert solvability(board, goal, topology).solvable == (board in reachable), board
    # the expected count: half of all boards, or every board when the graph is not bipartite
    total = 1
    for k in range(2, n + 1):
        total *= k
    assert len(reachable) == (total // 2 if topology.is_bipartite() else total)


def test_unsolvable_reason_names_both_parities():
    v = solvability((2, 1, 3, 0), (1, 2, 3, 0), Topology(2, 2))
    assert not v.solvable
    assert "odd" in v.reason and "even" in v.reason


# --- heuristics and searches, against breadth-first search ------------------------------------


def _sample(goal, topology, k, seed=7):
    dist = bfs(goal, topology)
    boards = sorted(dist)
    rng = random.Random(seed)
    picked = rng.sample(boards, min(k, len(boards)))
    far = max(dist, key=dist.get)  # the hardest board is always worth checking
    return [(b, dist[b]) for b in picked + [far]]


@pytest.mark.parametrize("goal, topology", SMALL_BOARDS, ids=_ids(SMALL_BOARDS))
def test_heuristics_never_exceed_the_true_distance(goal, topology):
    dist = bfs(goal, topology)
    # each name's own object: the pattern databases on the plain 3x3, else linear conflict
    hs = [make_heuristic(name, Problem(goal, goal, topology))[0] for name in HEURISTICS]
    boards = sorted(dist) if len(dist) <= 30_000 else random.Random(3).sample(sorted(dist), 30_000)
    for board in boards:
        for h in hs:
            assert h.value(board) <= dist[board], (h.name, board)
    assert all(h.value(goal) == 0 for h in hs)


@pytest.mark.parametrize("goal, topology", SMALL_BOARDS, ids=_ids(SMALL_BOARDS))
@pytest.mark.parametrize("algorithm", ["idastar", "astar"])
def test_searches_are_optimal_and_replay(goal, topology, algorithm):
    for board, distance in _sample(goal, topology, SAMPLES):
        for heuristic in HEURISTICS:
            if heuristic == "misplaced" and distance > 22:
                continue  # misplaced tiles is too weak to be quick on the longest boards
            r = solve(Problem(board, goal, topology), algorithm, heuristic)
            assert r.found and r.optimal and r.length == distance == r.lower_bound, (board, heuristic)
            assert apply_moves(board, r.moves, topology) == goal
            assert r.tiles == tiles_moved(board, r.moves, topology)


def test_idastar_equals_astar_on_15_puzzle_scrambles():
    t = Topology(4, 4)
    goal = default_goal(4, 4)
    for seed in range(6):
        board = scramble(goal, t, 40, seed=seed)
        p = Problem(board, goal, t)
        a = solve(p, "astar", "linear-conflict")
        i = solve(p, "idastar", "linear-conflict")
        m = solve(p, "idastar", "manhattan")
        assert a.length == i.length == m.length
        assert apply_moves(board, i.moves, t) == goal


# --- the seed documents' cases ---------------------------------------------------------------

CASES = seed_cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c['source'][:3]}-{c['optimal']}" for c in CASES])
def test_seed_cases(case):
    p = seed_problem(case)
    r = solve(p)  # the default: pattern databases on 3x3 and 4x4, linear conflict on the 5x5
    if case["optimal"] is None:
        assert not r.solvable and not r.found and r.reason.startswith("unsolvable")
    else:
        assert r.found and r.optimal and r.length == case["optimal"]
        assert apply_moves(p.start, r.moves, p.topology) == p.goal


def test_seed_004_wrapped_board_matches_the_published_answer_length():
    case = next(c for c in seed_cases() if c["wrap_rows"])
    p = seed_problem(case)
    assert apply_moves(p.start, "RDRURRDRUUULDLDLDDLUUUURRURR", p.topology) == p.goal
    assert solve(p, heuristic="manhattan").length == 28


# --- limits ----------------------------------------------------------------------------------

HARD = "4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3"  # 62 moves


def test_time_limit_returns_what_is_known():
    r = solve(parse_problem(HARD), "idastar", "manhattan", time_limit=0.3)
    assert not r.found and r.stopped == "time limit"
    assert 43 <= r.lower_bound <= 62 and r.nodes > 0 and r.moves == ""


def test_astar_node_limit():
    r = solve(parse_problem(HARD), "astar", "manhattan", max_nodes=5000)
    assert not r.found and r.stopped == "node limit" and r.lower_bound <= 62


def test_progress_is_reported_as_data():
    seen = []
    solve(parse_problem(HARD), "idastar", "manhattan", time_limit=0.6, progress=seen.append)
    assert seen and set(seen[0]) == {"algorithm", "bound", "nodes", "seconds"}


def test_solved_start():
    r = solve(parse_problem("3x3:1,2,3,4,5,6,7,8,0"))
    assert r.found and r.length == 0 and r.moves == "" and r.optimal


# --- random boards ---------------------------------------------------------------------------


def test_random_boards_are_solvable_reproducible_and_uniform():
    t = Topology(2, 2)
    goal = (1, 2, 3, 0)
    reachable = bfs(goal, t)
    counts = {}
    for seed in range(2400):
        b = random_board(goal, t, seed)
        assert b in reachable
        counts[b] = counts.get(b, 0) + 1
    assert len(counts) == 12
    assert all(150 <= c <= 250 for c in counts.values()), counts  # 200 expected each
    assert random_board(default_goal(5, 5), Topology(5, 5), 42) == random_board(default_goal(5, 5), Topology(5, 5), 42)


def test_scramble_is_reachable():
    t = Topology(5, 5, wrap_rows=(2,), wrap_cols=(2,))
    b = scramble(default_goal(5, 5), t, 30, seed=9)
    assert solvability(b, default_goal(5, 5), t).solvable
    assert b != default_goal(5, 5)


def test_whole_goal_heuristics_are_made_once_and_a_few_kept():
    """Heuristic.make keeps the tables it made for the last few whole goals (the coach asks
    for the same goal's after every move; a 30x30's take about 0.35 s to build); a partial
    goal (`only`) is built anew, and an old goal's are dropped."""
    from npuzzle.search import heuristics

    t = Topology(30, 30)
    goal = default_goal(30, 30)
    first = Heuristic.make("linear-conflict", goal, t)
    assert Heuristic.make("linear-conflict", list(goal), t) is first
    assert Heuristic.make("manhattan", goal, t) is not first
    assert Heuristic.make("linear-conflict", goal, t, only={1, 2}) is not Heuristic.make(
        "linear-conflict", goal, t, only={1, 2}
    )
    for side in range(3, 3 + heuristics._MADE_KEPT):
        Heuristic.make("linear-conflict", default_goal(side, side), Topology(side, side))
    assert len(heuristics._made) == heuristics._MADE_KEPT
    assert Heuristic.make("linear-conflict", goal, t) is not first
