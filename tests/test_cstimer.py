"""csTimer's export file read as sessions (npuzzle.speedsolving.cstimer), against a fixture
written from csTimer's format: a cube session left out, a 15-puzzle session in the tiles'
letters with +2, DNF and a multi-phase solve, an 8-puzzle one in the blank's letters, one
in arrows, and an empty one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from npuzzle.rules.board import default_goal
from npuzzle.rules.solvability import solvability
from npuzzle.rules.topology import Topology
from npuzzle.speedsolving.cstimer import read_cstimer, scramble_board
from npuzzle.speedsolving.session_files import SessionFileError, check_solve
from npuzzle.speedsolving.sessions import result, stats

FIXTURE = Path(__file__).parent / "data" / "cstimer_export.txt"
ARROWS = {"\uffec": "D", "\uffeb": "R", "\uffea": "U", "\uffe9": "L"}


def played(scramble: str, side: int, tiles_move: bool) -> str:
    """The board a scramble leaves, played here cell by cell: a tile's letter says where the
    tile goes (so the blank goes the other way), a blank's letter where the blank goes."""
    board = list(range(1, side * side)) + [0]
    step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    for token in scramble.split():
        letter, count = ARROWS.get(token[0], token[0]), int(token[1:] or 1)
        dr, dc = step[letter]
        if tiles_move:
            dr, dc = -dr, -dc
        for _ in range(count):
            blank = board.index(0)
            r, c = divmod(blank, side)
            other = (r + dr) * side + c + dc
            assert 0 <= r + dr < side and 0 <= c + dc < side
            board[blank], board[other] = board[other], 0
    return f"{side}x{side}:" + ",".join(map(str, board))


def test_the_sliding_sessions_are_read_and_the_cube_left_out():
    read = read_cstimer(FIXTURE.read_text(encoding="utf-8"))
    assert [(s.name, s.kind, len(s.solves)) for s in read.sessions] == [
        ("15 puzzle", "4x4", 4),
        ("8 puzzle (blank)", "3x3", 2),
        ("15 arrows", "4x4", 1),
        ("15 empty", "4x4", 0),
    ]
    assert read.left_out == ["1"]


def test_times_penalties_and_dates_are_mapped():
    fifteen = read_cstimer(FIXTURE.read_text(encoding="utf-8")).sessions[0].solves
    assert [(s["ms"], s["penalty"], s["date"]) for s in fifteen] == [
        (12345, "", 1764144902000),
        (9870, "+2", 1764144962000),
        (15432, "DNF", 1764145022000),
        (11002, "", 1764145082000),  # a multi-phase solve: its whole time, not its splits
    ]
    figures = stats([result(s["ms"], s["penalty"]) for s in fifteen])
    assert figures["single"]["best"] == 11002 and (figures["count"], figures["finished"]) == (4, 3)
    assert figures["mean"] == round((12345 + 9870 + 2000 + 11002) / 3)


def test_every_scramble_is_the_board_it_leaves_from_the_solved_board():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    read = read_cstimer(FIXTURE.read_text(encoding="utf-8"))
    raw = {"15 puzzle": data["session2"], "8 puzzle (blank)": data["session3"], "15 arrows": data["session4"]}
    for session in read.sessions:
        for entry, solve in zip(raw.get(session.name, []), session.solves, strict=True):
            side = int(session.kind[0])
            assert solve["scramble"] == played(entry[1], side, tiles_move=session.name != "8 puzzle (blank)")
            tiles = [int(t) for t in solve["scramble"].split(":")[1].split(",")]
            goal = default_goal(side, side)
            assert solvability(tuple(tiles), goal, Topology(side, side)).solvable and tuple(tiles) != goal
            assert check_solve(solve, session.kind) == solve  # a solve the page keeps as it is


def test_the_scramble_notations_agree():
    assert scramble_board("D3 R2", "15prp") == scramble_board("\uffec3 \uffeb2", "15prap")
    assert scramble_board("D3 R2", "15prp") == scramble_board("U3 L2", "15prmp")
    assert scramble_board("d r", "8prp") == "3x3:1,2,3,4,0,5,7,8,6"


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        ("", "file.empty", "the file is empty."),
        ("{", "file.json", None),
        ('{"format": "npuzzle-session"}', "cstimer.not_cstimer", None),
        ('{"session1": {}}', "cstimer.not_cstimer", None),
        (
            '{"session1": [[[0, 5000], "R U", "", 1]]}',
            "cstimer.none",
            "the csTimer file has no 15-puzzle or 8-puzzle session (its sessions: 1).",
        ),
        (
            '{"session1": [[[0, 5000], "D", "", 1], [[7, 5000], "D", "", 1]],'
            ' "properties": {"sessionData": "{\\"1\\": {\\"name\\": \\"mine\\", \\"opt\\": {\\"scrType\\": \\"8prp\\"}}}"}}',
            "cstimer.solve",
            'session "mine", solve 2: [[7, 5000], "D", "", 1] is not a csTimer solve.',
        ),
        (
            '{"session1": [[[0, 5000], "U2 X", "", 1]],'
            ' "properties": {"sessionData": "{\\"1\\": {\\"name\\": \\"mine\\", \\"opt\\": {\\"scrType\\": \\"15prp\\"}}}"}}',
            "cstimer.scramble",
            'session "mine", solve 1: the scramble "U2 X" cannot be played on a 4x4 board.',
        ),
        (
            '{"session1": [[[0, 5000], "U", "", 1]],'
            ' "properties": {"sessionData": "{\\"1\\": {\\"name\\": \\"mine\\", \\"opt\\": {\\"scrType\\": \\"8prp\\"}}}"}}',
            "cstimer.scramble",
            'session "mine", solve 1: the scramble "U" cannot be played on a 3x3 board.',
        ),
        ('{"session1": [], "properties": {"sessionData": "{"}}', "cstimer.properties", None),
    ],
)
def test_a_file_that_is_not_one_is_refused_with_a_precise_message(text, key, message):
    with pytest.raises(SessionFileError) as refused:
        read_cstimer(text)
    assert refused.value.key == key
    if message:
        assert str(refused.value) == message
