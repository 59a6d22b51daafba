"""A solve as a short code for a link: its moves, each move's time and the solve's time; or a
whole marathon or relay: every board's scramble, moves and split, and every move's time.

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

**Version 2: a whole event.**  A marathon (x10, x42) or a relay is one solve whose
``splits`` hold each board's scramble (a board ID), its moves and ``ms``, the event's clock
when that board ended (npuzzle.speedsolving.events); its times run from the event's start.
``encode_event(splits, times, ms)`` writes them all; ``decode`` reads either version and
gives an ``EventCode`` for this one:

    >>> splits = [("2x2:0,1,3,2", "RD", 900), ("2x2:0,2,1,3", "DR", 2105)]
    >>> code = encode_event(splits, [400, 900, 1500, 2100], 2105)
    >>> code
    'AgIBAgIBAoQHAAICtQkA1ygyPDw'
    >>> decode(code).splits[1]
    Split(scramble='2x2:0,2,1,3', moves='DR', ms=2105)

The bytes, base64url as above:

- 2, the version; the number of boards (a varint, at least 1); 1 when the times follow,
  0 when not;
- each board: its shape, the width then the height (varints), or a width of 0 alone for
  the shape of the board before (a marathon writes its shape once); its scramble's rank
  (below); its number of moves (a varint); its split, the ms since the board before's
  (from 0 for the first; a varint, exact);
- the event's time ``ms`` less the last split's (a varint: 0 unless it was given up
  between two boards);
- every board's moves in a row, 2 bits each, as in version 1;
- the times as in version 1, one a move of every board, from the event's start.

A scramble is written as its *rank*: the Lehmer code of its permutation (the cells in
reading order, the blank 0), sum of c_i (N-1-i)! where c_i counts the later cells with a
smaller number, as a little-endian number of a fixed ``rank_bytes(N)`` bytes, the fewest
that hold N! - 1.  A board dealt at random (the solver's ``random``: uniform over the
solvable boards) carries log2(N!/2) bits of its own that no layout can save, and the rank
spends at most 8 bits more: 6 bytes for a 4x4 (44.3 bits), 11 for a 5x5 (83.7), against 8
and 16 for a nibble or 5-bit cell each, and 35-41 characters for the board ID.  The rank
keeps the parity bit (wrapped boards make every permutation solvable), and any board up to
30x30 (943 bytes) is one rule.  Python's integers and the page's BigInt compute it alike.

How long a link is (``python3 tools/event_link_length.py``: random-state scrambles from
``random_board``, each solved by the package's solver, optimally to 4x4 and line by line on
5x5, played at 4 to 8 moves a second; the link with its id and ``&lang=zh``): a 4x4 x10
marathon (a median of 513 moves over 5 events) makes a link of 1,093 characters (a code of
998), a relay of 2x2 to 5x5 (236 moves) one of 524 (459); docs/speedsolving.md
("Replaying an event") has the figures.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Sequence
from typing import NamedTuple

from npuzzle.catalogue import InputError
from npuzzle.rules.notation import format_board_id, parse_board
from npuzzle.rules.topology import DIRECTIONS, MAX_SIDE, MIN_SIDE

__all__ = ["EventCode", "Split", "SolveCode", "SolveCodeError", "decode", "encode", "encode_event", "rank_bytes"]

# The page's web/practice/solve_code.js has these from the generated web/generated/shared.js.
VERSION = 1
EVENT_VERSION = 2  # a whole marathon or relay
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


class Split(NamedTuple):
    """One board of an event: its scramble (a board ID), its moves, the event's clock when it ended."""

    scramble: str
    moves: str
    ms: int


class EventCode(NamedTuple):
    """A whole event: its boards in order, every move's time from its start (or None), its time."""

    splits: list[Split]
    times: list[int] | None
    ms: int


def rank_bytes(cells: int) -> int:
    """The bytes of a scramble's rank on a board of this many cells: the fewest that hold cells! - 1."""
    return max(1, ((math.factorial(cells) - 1).bit_length() + 7) // 8)


def _rank(tiles: Sequence[int]) -> int:
    n, rank = len(tiles), 0
    for i, tile in enumerate(tiles):
        smaller = sum(1 for later in tiles[i + 1 :] if later < tile)
        rank = rank * (n - i) + smaller
    return rank


def _unrank(rank: int, n: int) -> list[int]:
    digits = []
    for base in range(1, n + 1):  # the factorial digits, the last cell's first
        rank, digit = divmod(rank, base)
        digits.append(digit)
    left, tiles = list(range(n)), []
    for digit in reversed(digits):
        tiles.append(left.pop(digit))
    return tiles


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
    return _text(out + _moves_and_times(moves, times))


def encode_event(splits: Sequence[Split | tuple[str, str, int] | dict], times: Sequence[float] | None, ms: int) -> str:
    """The code of a whole event: its boards ({scramble, moves, ms} or (scramble, moves, ms),
    as a session's ``splits``), every move's time from the event's start (or None) and its
    time.  Raises ValueError for what no event records (no board, splits or times that go
    back, a scramble that is no board ID)."""
    boards = [Split(**s) if isinstance(s, dict) else Split(*s) for s in splits]
    if not boards:
        raise ValueError("an event has at least one board")
    moves = "".join(board.moves for board in boards)
    if any(letter not in DIRECTIONS for letter in moves):
        raise ValueError(f"moves are U, D, L and R, not {moves!r}")
    if times is not None and len(times) != len(moves):
        raise ValueError(f"{len(moves)} moves but {len(times)} times")
    out = bytearray([EVENT_VERSION]) + _varint(len(boards)) + bytes([times is not None])
    shape, previous = None, 0
    for board in boards:
        width, height, tiles = parse_board(board.scramble)
        out += b"\0" if (width, height) == shape else _varint(width) + _varint(height)
        shape = width, height
        out += _rank(tiles).to_bytes(rank_bytes(len(tiles)), "little")
        if board.ms < previous:
            raise ValueError(f"the splits go back: {[b.ms for b in boards]!r}")
        out += _varint(len(board.moves)) + _varint(board.ms - previous)
        previous = board.ms
    if ms < previous:
        raise ValueError(f"the event's time {ms} is before its last split {previous}")
    return _text(out + _varint(ms - previous) + _moves_and_times(moves, times))


def _moves_and_times(moves: str, times: Sequence[float] | None) -> bytes:
    """The moves, 2 bits each, four to a byte; then the times (if any), varint differences in 10 ms."""
    packed = bytearray((len(moves) + 3) // 4)
    for i, letter in enumerate(moves):
        packed[i // 4] |= DIRECTIONS.index(letter) << (2 * (i % 4))
    previous = 0
    for time in times or ():
        unit = _rounded(time)
        if unit < previous:
            raise ValueError(f"the times go back: {list(times or ())!r}")
        packed += _varint(unit - previous)
        previous = unit
    return bytes(packed)


def _text(data: bytes | bytearray) -> str:
    return base64.urlsafe_b64encode(bytes(data)).decode("ascii").rstrip("=")


def decode(code: str) -> SolveCode | EventCode:
    """The solve a code carries (an EventCode for a whole event's, version 2); SolveCodeError
    (code "replay.*") says what is wrong with it."""
    reader = _Reader(_bytes(code))
    version = reader.data[0]
    if version not in (VERSION, EVENT_VERSION):
        raise SolveCodeError("replay.version", version=version, known=EVENT_VERSION)
    reader.at = 1
    if version == VERSION:
        n = reader.varint()
        ms = reader.varint()
        timed = reader.flag()
        moves, times = reader.moves_and_times(n, timed)
        return SolveCode(moves, times, ms)
    count = reader.varint()
    if count == 0:
        raise SolveCodeError("replay.changed", at=reader.at)
    timed = reader.flag()
    shape, previous = (0, 0), 0
    boards: list[tuple[str, int, int]] = []
    for _ in range(count):
        width = reader.varint()
        if width:
            height = reader.varint()
            if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
                raise SolveCodeError("replay.changed", at=reader.at)
            shape = width, height
        elif not boards:  # the first board's shape is its own
            raise SolveCodeError("replay.changed", at=reader.at)
        cells = shape[0] * shape[1]
        rank = int.from_bytes(reader.take(rank_bytes(cells)), "little")
        if rank >= math.factorial(cells):
            raise SolveCodeError("replay.changed", at=reader.at)
        n = reader.varint()
        previous += reader.varint()
        boards.append((format_board_id(*shape, _unrank(rank, cells)), n, previous))
    ms = previous + reader.varint()
    moves, times = reader.moves_and_times(sum(n for _, n, _ in boards), timed)
    splits, at = [], 0
    for scramble, n, split in boards:
        splits.append(Split(scramble, moves[at : at + n], split))
        at += n
    return EventCode(splits, times, ms)


class _Reader:
    """A code's bytes read in order; ``at`` is the next byte's index (the 1-based place of
    the last byte read, as the messages count)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self) -> int:
        value = 0
        for k in range(MAX_VARINT_BYTES):
            if self.at >= len(self.data):
                raise SolveCodeError("replay.cut")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << (7 * k)
            if byte < 0x80:
                return value
        raise SolveCodeError("replay.changed", at=self.at)

    def flag(self) -> int:
        if self.at >= len(self.data):
            raise SolveCodeError("replay.cut")
        value = self.data[self.at]
        self.at += 1
        if value > 1:
            raise SolveCodeError("replay.changed", at=self.at)
        return value

    def take(self, n: int) -> bytes:
        if len(self.data) - self.at < n:
            raise SolveCodeError("replay.cut")
        self.at += n
        return self.data[self.at - n : self.at]

    def moves_and_times(self, n: int, timed: int) -> tuple[str, list[int] | None]:
        """n moves, then their times when timed; the code must end there."""
        packed = self.take((n + 3) // 4)
        moves = "".join(DIRECTIONS[packed[i // 4] >> (2 * (i % 4)) & 3] for i in range(n))
        times = None
        if timed:
            times, unit = [], 0
            for _ in range(n):
                unit += self.varint()
                times.append(unit * UNIT)
        if self.at < len(self.data):
            raise SolveCodeError("replay.changed", at=self.at + 1)
        return moves, times


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
