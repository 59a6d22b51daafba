"""A solve's code for a link (npuzzle.speedsolving.solve_code): exact codes and messages, the properties
the replay links promise (a round trip, every time within 5 ms, a 100-move solve short
enough for a 400-character link; a whole event's code, version 2, round trip too), and the
page's twin (web/practice/solve_code.js) giving the same codes and the same messages on the
same cases."""

from __future__ import annotations

import base64
import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import node_executable, run_node

from npuzzle.catalogue import shown
from npuzzle.speedsolving.solve_code import (
    EventCode,
    SolveCode,
    SolveCodeError,
    Split,
    decode,
    encode,
    encode_event,
    rank_bytes,
)

TWIN = Path(__file__).with_name("solve_code_twin.mjs")
BASE = "https://someone.github.io/npuzzle/"
SCRAMBLE_4X4 = "4x4:12,15,14,13,11,10,9,8,7,6,5,4,3,2,1,0"  # a 4x4 ID at its longest: 41 characters


def test_a_code_worked_by_hand():
    # version 1; 4 moves; 612 ms (0xe4 0x04); with times; R R D L = 3 3 1 2, low bits
    # first: 0b10_01_11_11 = 0x9f; times 0, 18, 34, 60 units: differences 0, 18, 16, 26
    code = encode("RRDL", [0, 181, 344, 600], 612)
    assert list(base64.urlsafe_b64decode(code + "==")) == [1, 4, 0xE4, 4, 1, 0x9F, 0, 18, 16, 26]
    assert decode(code) == SolveCode("RRDL", [0, 180, 340, 600], 612)


def test_a_solve_with_no_times_and_one_with_no_moves():
    assert decode(encode("UUDLR", None, 1234)) == SolveCode("UUDLR", None, 1234)
    assert decode(encode("", [], 0)) == SolveCode("", [], 0)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "the solve code is empty"),
        ("AQ!x", "character 3 of the solve code, '!', is not a letter, a digit, - or _"),
        ("AQ=", "character 3 of the solve code, '=', is not a letter, a digit, - or _"),
        ("AQ\u00e9", "character 3 of the solve code, '\u00e9', is not a letter, a digit, - or _"),
        ("AQTkB", "the solve code is cut short: copy the whole link"),
        ("AQTkBA", "the solve code is cut short: copy the whole link"),
        ("AQTkBAGfABIQ", "the solve code is cut short: copy the whole link"),
        ("AwTkBAGfABIQGg", "the solve code is of version 3, which this page cannot read (it reads versions 1 to 2)"),
        ("AQD_____", "byte 6 of the solve code cannot be read: the code was changed"),
        ("AQTkBAKfABIQGg", "byte 5 of the solve code cannot be read: the code was changed"),
        ("AQTkBAGfABIQGgAA", "byte 11 of the solve code cannot be read: the code was changed"),
    ],
)
def test_a_bad_code_is_named_precisely(code, message):
    with pytest.raises(SolveCodeError) as caught:
        decode(code)
    assert str(caught.value) == message
    assert caught.value.field == "replay"


def test_what_no_timer_records_is_refused():
    for moves, times, ms in [("RX", None, 5), ("RR", [0], 5), ("RR", [100, 50], 5), ("R", [0], -1)]:
        with pytest.raises(ValueError):
            encode(moves, times, ms)


# A solve as a timer records it: moves, times that never go back (whole ms, as the page
# keeps them), and a time at or after the last move.
@st.composite
def solves(draw, max_moves=300, max_gap=5000):
    moves = draw(st.text(alphabet="UDLR", max_size=max_moves))
    gaps = draw(st.lists(st.integers(0, max_gap), min_size=len(moves), max_size=len(moves)))
    times, now = [], 0
    for gap in gaps:
        now += gap
        times.append(now)
    timed = draw(st.booleans())
    return moves, times if timed else None, now + draw(st.integers(0, 999))


@given(solves())
def test_round_trip_with_every_time_within_5_ms(solve):
    moves, times, ms = solve
    back = decode(encode(moves, times, ms))
    assert back.moves == moves and back.ms == ms
    if times is None:
        assert back.times is None
    else:
        assert len(back.times) == len(times)
        assert all(abs(a - b) <= 5 for a, b in zip(back.times, times, strict=True))


def test_a_100_move_solve_makes_a_link_of_at_most_400_characters():
    # the slowest solve in one byte a move: every move 1.27 s after the one before (2 min 7 s)
    code = encode("R" * 100, [1270 * i for i in range(100)], 127_000)
    assert len(code) == 175  # 131 bytes: 6 of heading, 25 of moves, 100 of times
    assert len(f"{BASE}#id={SCRAMBLE_4X4}&replay={code}&lang=zh") == 270


@given(st.lists(st.integers(0, 1270), min_size=100, max_size=100), st.text(alphabet="UDLR", min_size=100, max_size=100))
def test_any_100_move_solve_at_over_one_move_a_second_fits_400_characters(gaps, moves):
    times = [sum(gaps[: i + 1]) for i in range(100)]
    link = f"{BASE}#id={SCRAMBLE_4X4}&replay={encode(moves, times, times[-1])}&lang=zh"
    assert len(link) <= 400


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_!", max_size=40))
def test_any_text_decodes_or_says_why(code):
    try:
        decode(code)
    except SolveCodeError as e:
        assert e.code.startswith("replay.")


def test_the_page_gives_the_same_codes_and_messages():
    node_executable()
    rng = random.Random(29)
    encodes = [
        ["RRDL", [0, 181, 344, 600], 612],
        ["UUDLR", None, 1234],
        ["", [], 0],
        ["RX", None, 5],
        ["RR", [100, 50], 5],
    ]
    for _ in range(200):
        n = rng.choice([0, 1, 3, 4, 5, 17, 100, 250])
        gaps = [rng.choice([0, 4, 5, 6, 95, 105, 1279, 1285, 70_000]) for _ in range(n)]
        times = [sum(gaps[: i + 1]) for i in range(n)]
        encodes.append(
            [
                "".join(rng.choice("UDLR") for _ in range(n)),
                times if rng.random() < 0.8 else None,
                (times[-1] if times else 0) + rng.randrange(1000),
            ]
        )
    codes = [encode(*case) for case in encodes[:3]] + [
        "",
        "AQ!x",
        "AQ=",
        "AQ\u00e9",
        "\U0001f600A",
        "AQTkB",
        "AQTkBA",
        "AQTkBAGfABIQ",
        "AwTkBAGfABIQGg",
        "AQD_____",
        "AQTkBAKfABIQGg",
        "AQTkBAGfABIQGgAA",
        "AQTkBAGfABIQGh",
    ]
    for case in encodes[5:60]:
        code = encode(*case)
        codes += [code, code[: rng.randrange(1, len(code))], code + rng.choice(["A", "AA", "AAA", "-_"])]
    events = [
        [TWO_BOARDS, [400, 900, 1500, 2100], 2105],
        [[], [], 0],
        [[Split("2x2:0,1,3,2", "RD", 900), Split("2x2:0,2,1,3", "DR", 800)], None, 2000],
        [[Split("2x2:0,1,3,2", "RD", 900)], None, 800],
        [[Split("2x2:0,1,3,9", "RD", 900)], None, 900],
        [[Split("2x2:0,1,3,2", "RX", 900)], None, 900],
        [[Split("2x2:0,1,3,2", "RD", 900)], [5], 900],
    ]
    for _ in range(60):
        event = random_event(rng)
        events.append([event.splits, event.times, event.ms])
    codes += [EVENT_CODE, EVENT_CODE[:-1], EVENT_CODE + "A", *EVENT_BAD]
    for case in events[7:]:
        code = encode_event(*case)
        codes += [code, code[: rng.randrange(1, len(code))], code + rng.choice(["A", "AA", "AAA", "-_"])]
        at = rng.randrange(1, len(code))  # a character changed: any answer, the same in both
        codes.append(code[:at] + rng.choice("AZaz09-_") + code[at + 1 :])
    as_data = [[[s._asdict() for s in splits], times, ms] for splits, times, ms in events]  # {scramble, moves, ms}
    answers = json.loads(run_node(TWIN, input=json.dumps({"encode": encodes, "encodeEvent": as_data, "decode": codes})))

    def python(f):
        try:
            value = f()
        except SolveCodeError as e:
            return {"error": str(e), "field": e.field, "code": e.code, "params": shown(e.code, e.params)}
        except ValueError:
            return {"refused": True}
        if isinstance(value, EventCode):
            return {"ok": {"splits": [s._asdict() for s in value.splits], "times": value.times, "ms": value.ms}}
        return {"ok": value._asdict() if isinstance(value, SolveCode) else value}

    assert answers["encoded"] == [python(lambda c=case: encode(*c)) for case in encodes]
    assert answers["encodedEvents"] == [python(lambda c=case: encode_event(*c)) for case in as_data]
    assert answers["decoded"] == [python(lambda c=code: decode(c)) for code in codes]
    assert sum("ok" in a for a in answers["decoded"]) > 100  # the cases are not all refusals


# A whole event (version 2): two 2x2 boards, each two moves from its goal.
TWO_BOARDS = [Split("2x2:0,1,3,2", "RD", 900), Split("2x2:0,2,1,3", "DR", 2105)]
EVENT_CODE = "AgIBAgIBAoQHAAICtQkA1ygyPDw"
# bad event codes, each with its message (the same in the page: the twin test above)
EVENT_BAD = {
    "AgABAgIBAoQHAAICtQkA1ygyPDw": "byte 2 of the solve code cannot be read: the code was changed",
    "AgICAgIBAoQHAAICtQkA1ygyPDw": "byte 3 of the solve code cannot be read: the code was changed",
    "AgIBAAIBAoQHAAICtQkA1ygyPDw": "byte 4 of the solve code cannot be read: the code was changed",
    "AgIBHwIBAoQHAAICtQkA1ygyPDw": "byte 5 of the solve code cannot be read: the code was changed",
    "AgIBAgIYAoQHAAICtQkA1ygyPDw": "byte 6 of the solve code cannot be read: the code was changed",
    "AgIBAgIBAoQHAAIC": "the solve code is cut short: copy the whole link",
    "AgIBAgIBAoQHAAICtQkA1ygyPDwA": "byte 21 of the solve code cannot be read: the code was changed",
    "AgIBAgIBAoQHAAICtQkA1ygyPA": "the solve code is cut short: copy the whole link",
}


def test_an_event_code_worked_by_hand():
    # version 2; 2 boards; with times; board 1: 2x2, rank 1 (0,1,3,2: one later cell smaller
    # than the 3), 2 moves, split 900 ms (0x84 0x07); board 2: the same shape (0), rank 2
    # (0,2,1,3), 2 moves, 1205 ms more (0xb5 0x09); the event's time 0 after the last
    # split; R D D R = 3 1 1 3: 0b11_01_01_11 = 0xd7; times 40, 50, 60, 60 units apart
    code = encode_event(TWO_BOARDS, [400, 900, 1500, 2100], 2105)
    assert code == EVENT_CODE
    data = [2, 2, 1, 2, 2, 1, 2, 0x84, 7, 0, 2, 2, 0xB5, 9, 0, 0xD7, 40, 50, 60, 60]
    assert list(base64.urlsafe_b64decode(code + "==")) == data
    assert decode(code) == EventCode(TWO_BOARDS, [400, 900, 1500, 2100], 2105)
    # a session's splits as they are kept (dicts), untimed, given up 3 s after the last split
    untimed = encode_event([s._asdict() for s in TWO_BOARDS], None, 5105)
    assert decode(untimed) == EventCode(TWO_BOARDS, None, 5105)


def test_version_1_codes_read_as_before():
    assert decode("AQTkBAGfABIQGg") == SolveCode("RRDL", [0, 180, 340, 600], 612)


@pytest.mark.parametrize(("code", "message"), EVENT_BAD.items())
def test_a_bad_event_code_is_named_precisely(code, message):
    # byte 2: no board; 3: a flag of 2; 4: the first board's shape "as before"; 5: a
    # width of 31; 6: rank 24 of a 2x2 (4! = 24 ranks, 0 to 23); then cut, one byte too
    # many, and the times cut
    with pytest.raises(SolveCodeError) as caught:
        decode(code)
    assert str(caught.value) == message


def test_what_no_event_records_is_refused():
    for splits, times, ms in [
        ([], None, 0),
        ([("2x2:0,1,3,2", "RD", 900), ("2x2:0,2,1,3", "DR", 800)], None, 900),  # a split goes back
        ([("2x2:0,1,3,2", "RD", 900)], None, 899),  # the time before the last split
        ([("2x2:0,1,3,9", "RD", 900)], None, 900),  # no board
        ([("2x2:0,1,3,2", "RD", 900)], [0], 900),  # 2 moves, 1 time
    ]:
        with pytest.raises(ValueError):
            encode_event(splits, times, ms)


def test_rank_bytes_are_the_fewest_that_hold_every_board():
    assert [rank_bytes(n) for n in (4, 6, 8, 9, 12, 16, 25, 36, 900)] == [1, 2, 2, 3, 4, 6, 11, 18, 943]
    # the last rank of a 4x4 (15, 14, ..., 0) fills its 6 bytes' 44 bits
    code = encode_event([("4x4:" + ",".join(map(str, range(15, -1, -1))), "", 0)], None, 0)
    assert decode(code).splits[0].scramble == "4x4:15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0"


def random_event(rng: random.Random) -> EventCode:
    """A marathon or relay as the page keeps one: boards of one shape or growing, any
    permutation (the code does not judge solvability), moves, times that never go back."""
    count = rng.choice([1, 2, 3, 10])
    shapes = (
        [(rng.randint(2, 5), rng.randint(2, 5))] * count
        if rng.random() < 0.5
        else [(2 + k, 2 + k) for k in range(count)]
    )
    splits, now = [], 0
    for width, height in shapes:
        tiles = list(range(width * height))
        rng.shuffle(tiles)
        moves = "".join(rng.choice("UDLR") for _ in range(rng.choice([0, 1, 5, 30])))
        for _ in moves:
            now += rng.choice([0, 5, 120, 250, 1300])
        now += rng.choice([0, 3])
        splits.append(Split(f"{width}x{height}:" + ",".join(map(str, tiles)), moves, now))
    return EventCode(splits, _times(rng, splits), now + rng.choice([0, 0, 4000]))


def _times(rng: random.Random, splits: list[Split]) -> list[int] | None:
    """Each board's move times, from the board before's split to its own, never back."""
    if rng.random() < 0.2:
        return None
    times, before = [], 0
    for split in splits:
        gaps = sorted(rng.randint(before, split.ms) for _ in split.moves)
        times += gaps
        before = split.ms
    return times


@st.composite
def events(draw):
    rng = random.Random(draw(st.integers(0, 2**32)))
    return random_event(rng)


@given(events())
def test_an_event_round_trips_with_every_time_within_5_ms(event):
    back = decode(encode_event(event.splits, event.times, event.ms))
    assert back.splits == event.splits and back.ms == event.ms
    if event.times is None:
        assert back.times is None
    else:
        assert all(abs(a - b) <= 5 for a, b in zip(back.times, event.times, strict=True))
        assert len(back.times) == len(event.times)


@given(st.lists(st.permutations(range(16)), min_size=1, max_size=12))
def test_any_4x4_boards_round_trip(boards):
    splits = [Split("4x4:" + ",".join(map(str, tiles)), "", 10 * i) for i, tiles in enumerate(boards)]
    code = encode_event(splits, [], splits[-1].ms)
    assert decode(code).splits == splits
    # 3 bytes of heading, 10 for the first board (its shape, 6 of rank, 1 of moves, 1 of
    # split), 9 for each after it (the shape as before), 1 for the time after the last split
    assert len(code) == math.ceil((5 + 9 * len(boards)) * 4 / 3)
