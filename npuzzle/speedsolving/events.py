"""Slidysim's events: which boards an event deals, and the key its sessions are kept under.

    >>> session_key("4x4", "single"), session_key("4x4", "x10"), session_key("5x5 r2,c2", "blind")
    ('4x4', '4x4 x10', '5x5 r2,c2 blind')
    >>> session_key("5x5", "relay"), session_key("4x6", "relay-h"), session_key("6x4", "relay-w")
    ('relay 2x2-5x5', 'relay 4x2-4x6', 'relay 2x4-6x4')
    >>> event_boards("relay 4x2-4x6")
    [(4, 2), (4, 3), (4, 4), (4, 5), (4, 6)]
    >>> key_event("4x4 x10")
    ('4x4', 'x10')

The events, by the name the page's chooser gives them (``EVENTS``):

- ``single``: one board, the size chosen; kept under the size's kind as every solve before
  events was ("4x4", "5x5 r2,c2"), so nothing kept moves.
- ``x10``, ``x42``: marathons, the size chosen 10 or 42 times in a row; one time for the
  whole, a split per board.
- ``relay``: the square boards from 2x2 up to the size chosen (NxN, N from 3 to
  ``RELAY_MAX_SIDE``); ``relay-h``: the height relay, the width chosen and every height from
  2 up to the one chosen (4x2, 4x3, ... 4x6); ``relay-w``: the width relay, the height
  chosen and every width from 2 up.  Relays are of plain boards (no wrapped lines) with
  sides of at most ``RELAY_MAX_SIDE``, and at least two boards.
- ``blind``: blindfolded: one board, its numbers hidden from the first move to the end.

A *key* names the boards: a relay's key is its first and last board ("relay 2x2-5x5"), an
other event's the kind and the event ("4x4 x10").  The page's twin is
``web/practice/events.js`` (``tests/test_events.py`` holds them equal).  A solve of an
event carries ``event`` (absent: a single) and, for a marathon or a relay, ``splits``: a
board each, ``{scramble, moves, ms}`` with ``ms`` the time from the event's start when
that board was solved; its ``moves`` are the boards' moves in a row and its MTM the sum
of the boards' (``solve_mtm``: a run of one letter does not go on across two boards).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .metrics import mtm

__all__ = [
    "EVENTS",
    "MARATHONS",
    "RELAY_MAX_SIDE",
    "EventError",
    "offered",
    "session_key",
    "key_event",
    "event_boards",
    "solve_mtm",
]

EVENTS = ("single", "x10", "x42", "relay", "relay-h", "relay-w", "blind")
MARATHONS = {"x10": 10, "x42": 42}
RELAY_MAX_SIDE = 10  # a relay's boards have sides of at most 10 (2x2 ... 10x10: 9 boards)

_KIND = re.compile(r"^(\d+)x(\d+)(?: (\S.*))?$")
_RELAY = re.compile(r"^relay (\d+)x(\d+)-(\d+)x(\d+)$")


class EventError(ValueError):
    """An event that the size cannot have, or a key that names no event."""


def _size(kind: str) -> tuple[int, int, str]:
    m = _KIND.match(kind)
    if not m:
        raise EventError(f"{kind!r} is not a size")
    return int(m[1]), int(m[2]), m[3] or ""


def offered(kind: str) -> tuple[str, ...]:
    """The events a board of this kind can have, in the chooser's order."""
    width, height, wrap = _size(kind)
    plain = not wrap and max(width, height) <= RELAY_MAX_SIDE
    out = []
    for event in EVENTS:
        if event == "relay" and not (plain and width == height and width >= 3):
            continue
        if event == "relay-h" and not (plain and height >= 3):
            continue
        if event == "relay-w" and not (plain and width >= 3):
            continue
        out.append(event)
    return tuple(out)


def session_key(kind: str, event: str) -> str:
    """The key the sessions of this event on boards of this kind are kept under."""
    if event not in offered(kind):
        raise EventError(f"no event {event!r} for {kind}")
    width, height, _ = _size(kind)
    if event == "single":
        return kind
    if event == "relay":
        return f"relay 2x2-{width}x{height}"
    if event == "relay-h":
        return f"relay {width}x2-{width}x{height}"
    if event == "relay-w":
        return f"relay 2x{height}-{width}x{height}"
    return f"{kind} {event}"


def key_event(key: str) -> tuple[str, str]:
    """The kind and the event of a session's key: (the size chosen, the event's name)."""
    m = _RELAY.match(key)
    if m:
        w1, h1, w2, h2 = map(int, m.groups())
        kind = f"{w2}x{h2}"
        event = "relay" if w1 == h1 == 2 and w2 == h2 else "relay-h" if w1 == w2 and h1 == 2 else "relay-w"
    else:
        width, height, rest = _size(key)
        words = rest.split(" ") if rest else []
        event = words.pop() if words and words[-1] in EVENTS else "single"
        kind = f"{width}x{height}" + (f" {' '.join(words)}" if words else "")
    if event not in offered(kind) or session_key(kind, event) != key:
        raise EventError(f"{key!r} names no event")
    return kind, event


def event_boards(key: str) -> list[tuple[int, int]]:
    """The boards (width, height) an event's key deals, in order."""
    kind, event = key_event(key)
    width, height, _ = _size(kind)
    if event in MARATHONS:
        return [(width, height)] * MARATHONS[event]
    if event == "relay":
        return [(n, n) for n in range(2, width + 1)]
    if event == "relay-h":
        return [(width, h) for h in range(2, height + 1)]
    if event == "relay-w":
        return [(w, height) for w in range(2, width + 1)]
    return [(width, height)]


def solve_mtm(solve: Mapping) -> int:
    """A solve's multi-tile moves: of its moves, or the sum of its boards' (its splits')."""
    splits = solve.get("splits")
    if splits:
        return sum(mtm(s["moves"]) for s in splits)
    return mtm(solve["moves"])
