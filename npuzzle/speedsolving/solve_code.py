"""A solve as a short code for a link: its moves, each move's time and the solve's time.

    >>> code = encode("RRDL", [0, 181, 344, 600], 612)
    >>> code
    'AQTkBAGfABIQGg'
    >>> decode(code)
    SolveCode(moves='RRDL', times=[0, 180, 340, 600], ms=612)
    >>> decode("AQTkBA")
    Traceback (most recent call last):
    ...
    npuzzle.speedsolving.solve_code.SolveCodeError: the solve code is cut short: copy the whole link

Vocabulary.  A *move* is U, D, L or R, the way the blank goes (npuzzle.rules.topology); a
move's *time* is in milliseconds from the start of the solve's timer, one a move, never
decreasing; the solve's time ``ms`` is its result before any penalty.  A solve kept in a
session (npuzzle.speedsolving.sessions) has all three; a solve a reload cut in two has no times
(``None``), and its code then carries none.

The code is base64url (no padding) of these bytes:

- 1, the version;
- the number of moves, then ``ms``, each a *varint* (7 bits a byte, the low bits first,
  the top bit set on every byte but the last; at most 4 bytes);
- 1 when the times follow, 0 when not;
- the moves, 2 bits each (U 0, D 1, L 2, R 3), four to a byte, the first in the low bits;
- the times: each rounded to 10 ms, the difference from the previous one's (from 0 for
  the first) in units of 10 ms, a varint each.

Rounding the times themselves, not the gaps between them, keeps every decoded time within
5 ms of the recorded one however long the solve.  A 100-move solve at 3 to 12 moves a
second takes one byte a move for its time and a quarter of one for its move: about 175
characters, so a link to a 4x4 solve stays under 300.  ``web/practice/solve_code.js`` is the
page's twin (the page reads a link before Python loads); tests/test_solve_code.py holds
the two to the same answers and messages.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Sequence
from typing import NamedTuple

from npuzzle.catalogue import InputError
from npuzzle.rules.topology import DIRECTIONS

__all__ = ["SolveCode", "SolveCodeError", "decode", "encode"]

# The page's web/practice/solve_code.js has these three from the generated web/generated/shared.js.
VERSION = 1
UNIT = 10  # ms: the times' resolution in a code
MAX_VARINT_BYTES = 4  # numbers below 2**28: 74 hours in ms, 31 days of 10 ms units a move
_ALPHABET = re.compile(r"[^A-Za-z0-9_-]")


class SolveCodeError(InputError):
    """A link's solve code that cannot be read; the message says where it goes wrong."""

    default_field = "replay"


class SolveCode(NamedTuple):
    moves: str
    times: list[int] | None
    ms: int


def _rounded(time: float) -> int:
    """A time in units of 10 ms, to the nearest (halves up, as the page's Math.floor)."""
    return math.floor((time + UNIT / 2) / UNIT)


def _varint(value: int) -> bytes:
    if not 0 <= value < 1 << (7 * MAX_VARINT_BYTES):
        raise ValueError(f"{value} does not fit a solve code's number")
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def encode(moves: str, times: Sequence[float] | None, ms: int) -> str:
    """The code of a solve: its moves, their times (or None) and its time in ms.  Raises
    ValueError for a solve that no timer records (a bad letter, times out of order)."""
    if any(letter not in DIRECTIONS for letter in moves):
        raise ValueError(f"moves are U, D, L and R, not {moves!r}")
    if times is not None and len(times) != len(moves):
        raise ValueError(f"{len(moves)} moves but {len(times)} times")
    out = bytearray([VERSION]) + _varint(len(moves)) + _varint(ms) + bytes([times is not None])
    packed = bytearray((len(moves) + 3) // 4)
    for i, letter in enumerate(moves):
        packed[i // 4] |= DIRECTIONS.index(letter) << (2 * (i % 4))
    out += packed
    previous = 0
    for time in times or ():
        unit = _rounded(time)
        if unit < previous:
            raise ValueError(f"the times go back: {list(times or ())!r}")
        out += _varint(unit - previous)
        previous = unit
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode(code: str) -> SolveCode:
    """The solve a code carries; SolveCodeError (code "replay.*") says what is wrong with it."""
    data = _bytes(code)
    at = 0

    def varint() -> int:
        nonlocal at
        value = 0
        for k in range(MAX_VARINT_BYTES):
            if at >= len(data):
                raise SolveCodeError("replay.cut")
            byte = data[at]
            at += 1
            value |= (byte & 0x7F) << (7 * k)
            if byte < 0x80:
                return value
        raise SolveCodeError("replay.changed", at=at)

    if data[0] != VERSION:
        raise SolveCodeError("replay.version", version=data[0], known=VERSION)
    at = 1
    n = varint()
    ms = varint()
    if at >= len(data):
        raise SolveCodeError("replay.cut")
    timed = data[at]
    if timed > 1:
        raise SolveCodeError("replay.changed", at=at + 1)
    at += 1
    if len(data) - at < (n + 3) // 4:
        raise SolveCodeError("replay.cut")
    moves = "".join(DIRECTIONS[data[at + i // 4] >> (2 * (i % 4)) & 3] for i in range(n))
    at += (n + 3) // 4
    times = None
    if timed:
        times, unit = [], 0
        for _ in range(n):
            unit += varint()
            times.append(unit * UNIT)
    if at < len(data):
        raise SolveCodeError("replay.changed", at=at + 1)
    return SolveCode(moves, times, ms)


def _bytes(code: str) -> bytes:
    """The bytes of a code's base64url text; checked character by character first, so a
    message can name the one at fault (the page's atob and Python's decoder read the same
    texts the same way once these checks pass)."""
    if not code:
        raise SolveCodeError("replay.empty")
    bad = _ALPHABET.search(code)
    if bad:
        raise SolveCodeError("replay.letter", i=bad.start() + 1, char=bad.group())
    if len(code) % 4 == 1:  # 6 bits alone are no byte: the code was cut (or grew a character)
        raise SolveCodeError("replay.cut")
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except binascii.Error:  # pragma: no cover - every text the checks above let through decodes
        raise SolveCodeError("replay.cut") from None
