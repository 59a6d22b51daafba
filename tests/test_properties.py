"""Properties over generated boards, notations and moves (hypothesis).

Each test states a rule that must hold for every input hypothesis can build: round trips
of the notations, moves undone by their opposites, solvability kept by moves, heuristics
never above the true distance, optimal answers as long as breadth-first search says, and
no input text, however odd, getting anything but a precise error.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from support import SMALL_BOARDS, bfs, boards, topologies, walks

from npuzzle import (
    HEURISTICS,
    Heuristic,
    MoveError,
    NotationError,
    api,
    apply_moves,
    boards_along,
    default_goal,
    format_board_id,
    format_rows,
    format_wrap,
    parse_board,
    parse_moves,
    parse_problem,
    parse_wrap,
    solvability,
    solve,
    tiles_moved,
)
from npuzzle.rules.board import Problem
from npuzzle.rules.topology import DIRECTIONS, OPPOSITE
from npuzzle.search.heuristics import TILE_HEURISTICS, lower_bound


@st.composite
def positions(draw, max_side: int = 6):
    """(topology, board, legal moves from it)."""
    t = draw(topologies(max_side))
    board = draw(boards(t))
    return t, board, draw(walks(t, board))


# ---------------------------------------------------------------- notations


@given(st.data())
def test_board_id_and_rows_read_back_as_written(data):
    t = data.draw(topologies())
    board = data.draw(boards(t))
    w, h = t.width, t.height
    assert parse_board(format_board_id(w, h, board)) == (w, h, board)
    assert parse_board(format_rows(w, board)) == (w, h, board)


@given(topologies())
def test_wraps_read_back_as_written(t):
    text = format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height)
    assert parse_wrap(text, t.width, t.height) == (t.wrap_rows, t.wrap_cols)
    assert parse_problem(format_board_id(t.width, t.height, default_goal(t.width, t.height)), wrap=text).topology == t


@given(st.text(max_size=60))
@example(",")  # found by the property below: only separators raised an IndexError
@example(" , \n,")
def test_any_text_is_a_board_or_a_precise_error(text):
    try:
        w, h, board = parse_board(text)
    except NotationError as e:
        assert str(e) and e.field == "board" and e.code
    else:
        assert sorted(board) == list(range(w * h))


@given(st.text(alphabet="0123456789x:, _\n-/", max_size=40), st.text(max_size=12), st.text(max_size=12))
def test_the_page_facade_never_raises(board, goal, wrap):
    reply = api.check(board, goal, wrap)
    assert isinstance(reply, dict)
    if not reply["ok"]:
        assert reply["field"] in ("board", "goal", "wrap") and reply["error"] and reply["code"]


@given(st.text(alphabet="UDLRudlr ,\n\tX\u00fc", max_size=30))
def test_move_lists_normalise_or_name_the_first_bad_letter(text):
    # (a number after a letter repeats it: counts have their own tests, test_speedsolving.py)
    try:
        moves = parse_moves(text)
    except MoveError as e:
        bad = [c for c in text if c not in " ,\n\t"]
        i = e.params["i"]
        assert bad[i - 1].upper() not in DIRECTIONS and all(c.upper() in DIRECTIONS for c in bad[: i - 1])
    else:
        assert set(moves) <= set(DIRECTIONS) and len(moves) == sum(c.upper() in DIRECTIONS for c in text)


# ---------------------------------------------------------------- moves


@given(positions())
def test_moves_are_undone_by_their_opposites_in_reverse(position):
    t, board, moves = position
    end = apply_moves(board, moves, t)
    back = "".join(OPPOSITE[m] for m in reversed(moves))
    assert apply_moves(end, back, t) == board
    along = boards_along(board, moves, t)
    assert len(along) == len(moves) + 1 and along[-1] == end
    assert len(tiles_moved(board, moves, t)) == len(moves)


@given(st.data())
def test_a_move_off_the_board_is_refused_with_its_position(data):
    t = data.draw(topologies())
    board = data.draw(boards(t))
    blank = board.index(0)
    off = [DIRECTIONS[d] for d in range(4) if t.step[blank][d] < 0]
    assume(off)
    letter = data.draw(st.sampled_from(off))
    try:
        apply_moves(board, letter, t)
    except MoveError as e:
        assert e.code == "moves.off_board" and e.params["i"] == 1
    else:
        raise AssertionError("a move off the board was made")


@given(positions())
def test_moves_keep_a_board_solvable_and_a_swap_breaks_it_on_plain_boards(position):
    t, goal, moves = position
    start = apply_moves(goal, moves, t)
    assert solvability(start, goal, t).solvable
    if t.is_bipartite():
        tiles = [i for i, v in enumerate(start) if v]
        swapped = list(start)
        swapped[tiles[0]], swapped[tiles[1]] = swapped[tiles[1]], swapped[tiles[0]]
        assert not solvability(tuple(swapped), goal, t).solvable


# ---------------------------------------------------------------- heuristics and search on small boards

small = st.sampled_from(SMALL_BOARDS)


@st.composite
def small_positions(draw):
    """A board scrambled from a small goal, with its true distance from breadth-first search."""
    goal, t = draw(small)
    start = apply_moves(goal, draw(walks(t, goal, max_moves=60)), t)
    return Problem(start, goal, t), bfs(goal, t)[start]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_heuristics_never_exceed_the_true_distance(position):
    problem, distance = position
    for name in TILE_HEURISTICS:
        assert Heuristic.make(name, problem.goal, problem.topology).value(problem.start) <= distance
    assert lower_bound(problem.start, problem.goal, problem.topology) <= distance


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(small_positions(), st.sampled_from(["astar", "idastar"]), st.sampled_from(HEURISTICS))
def test_optimal_answers_are_as_long_as_breadth_first_search_and_replay(position, algorithm, heuristic):
    problem, distance = position
    if heuristic == "pdb" and problem.topology.wrapped:
        return  # pattern databases are for plain 4x4 and 5x5 boards
    result = solve(problem, algorithm, heuristic)
    assert result.optimal and len(result.moves) == distance
    assert apply_moves(problem.start, result.moves, problem.topology) == problem.goal
