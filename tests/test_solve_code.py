"""A solve's code for a link (npuzzle.speedsolving.solve_code): exact codes and messages, the properties
the replay links promise (a round trip, every time within 5 ms, a 100-move solve short
enough for a 400-character link), and the page's twin (web/practice/solve_code.js) giving the same
codes and the same messages on the same cases."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import node_executable, run_node

from npuzzle.catalogue import shown
from npuzzle.speedsolving.solve_code import SolveCode, SolveCodeError, decode, encode

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
        ("AgTkBAGfABIQGg", "the solve code is of version 2, which this page cannot read (it reads version 1)"),
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
        "AgTkBAGfABIQGg",
        "AQD_____",
        "AQTkBAKfABIQGg",
        "AQTkBAGfABIQGgAA",
        "AQTkBAGfABIQGh",
    ]
    for case in encodes[5:60]:
        code = encode(*case)
        codes += [code, code[: rng.randrange(1, len(code))], code + rng.choice(["A", "AA", "AAA", "-_"])]
    answers = json.loads(run_node(TWIN, input=json.dumps({"encode": encodes, "decode": codes})))

    def python(f):
        try:
            value = f()
        except SolveCodeError as e:
            return {"error": str(e), "field": e.field, "code": e.code, "params": shown(e.code, e.params)}
        except ValueError:
            return {"refused": True}
        return {"ok": value._asdict() if isinstance(value, SolveCode) else value}

    assert answers["encoded"] == [python(lambda c=case: encode(*c)) for case in encodes]
    assert answers["decoded"] == [python(lambda c=code: decode(c)) for code in codes]
