"""csTimer's export file read as npuzzle's sessions: its 15-puzzle and 8-puzzle sessions.

csTimer (the speedsolvers' web timer) exports everything it keeps as one JSON text file:

    {"session1": [[[0, 12345], "D3 R U2 ...", "", 1764144902], ...],
     "session2": [...],
     "properties": {"sessionData": "{\\"1\\": {\\"name\\": \\"15p\\", \\"opt\\": {\\"scrType\\": \\"15prp\\"}}}", ...}}

A session's solve is ``[[penalty, ms, ...], scramble, comment, date, ...]``: the penalty
0, 2000 (+2, not counted in ms) or -1 (DNF); ms the time (more numbers after it are the
splits of a multi-phase solve); the scramble as csTimer wrote it; the date in seconds
since 1970.  ``properties.sessionData`` is itself a JSON text: each session's name and
options, the scramble type among them (``opt.scrType``; a session without one is
csTimer's default, the 3x3x3 cube).

The sliding puzzles' scramble types are ``15p...`` (the 4x4) and ``8p...`` (the 3x3):
``15prp`` a random state written as the moves of the tiles (``D3 R2 U``, a number
repeating a letter), ``15prmp`` as the moves of the blank, ``15prap`` as the tiles' moves
with arrows (``￬￫￪￩``); the older random-move types name themselves the same way (an
``m`` after the ``p`` for the blank's moves).  A scramble is played from the solved board
(1 to 15, the blank last) and read as the board it leaves.

    >>> text = '{"session1": [[[2000, 5210], "D R", "", 1764144902]], '\\
    ...        '"properties": {"sessionData": "{\\\\"1\\\\": {\\\\"name\\\\": \\\\"8p\\\\", \\\\"opt\\\\": {\\\\"scrType\\\\": \\\\"8prp\\\\"}}}"}}'
    >>> read_cstimer(text).sessions[0]
    CsTimerSession(name='8p', kind='3x3', solves=[{'date': 1764144902000, 'type': 'random', 'ms': 5210, \
'penalty': '+2', 'scramble': '3x3:1,2,3,4,0,5,7,8,6', 'moves': '', 'times': None, 'optimum': None}])

A solve read from csTimer has no moves (csTimer keeps none for these puzzles): its
``moves`` is empty and its ``times`` None, as a page's solve with no moves recorded.  Every
refusal is a SessionFileError whose key is in npuzzle.catalogue (``cstimer.*``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..catalogue import InputError
from ..rules.board import MoveError, apply_moves, default_goal
from ..rules.notation import format_board_id, parse_moves
from ..rules.topology import Topology
from .session_files import SessionFileError

__all__ = ["CsTimerFile", "CsTimerSession", "read_cstimer", "scramble_board", "CSTIMER_SIZES"]

# csTimer's scramble types of the sliding puzzles, by their prefix: the board's side
CSTIMER_SIZES = {"15p": 4, "8p": 3}
CSTIMER_PENALTIES = {0: "", 2000: "+2", -1: "DNF"}  # csTimer's penalty codes -> npuzzle's
CSTIMER_ARROWS = str.maketrans({"\uffec": "D", "\uffeb": "R", "\uffea": "U", "\uffe9": "L"})  # csTimer's arrows
_SESSION = re.compile(r"session(\d+)")


@dataclass(frozen=True)
class CsTimerSession:
    """A sliding-puzzle session of the file: its name in csTimer, the board's kind
    ("4x4"), and its solves as the page keeps them (npuzzle.speedsolving.session_files)."""

    name: str
    kind: str
    solves: list[dict]


@dataclass(frozen=True)
class CsTimerFile:
    """What a csTimer export holds for npuzzle: the sliding-puzzle sessions in csTimer's
    order, and the names of the other sessions (cubes and the rest), left out."""

    sessions: list[CsTimerSession]
    left_out: list[str] = field(default_factory=list)


def scramble_board(scramble: str, scramble_type: str) -> str:
    """The board ID a csTimer scramble of a type leaves from the solved board.

    >>> scramble_board("D3 R2", "15prp"), scramble_board("U", "8prmp")
    ('4x4:1,0,2,3,5,6,7,4,9,10,11,8,13,14,15,12', '3x3:1,2,3,4,5,0,7,8,6')
    """
    side = _side(scramble_type)
    if side is None:
        raise SessionFileError("cstimer.type", {"type": scramble_type})
    notation = "gap" if scramble_type.removeprefix("15p").removeprefix("8p").startswith(("m", "rm")) else "tile"
    topology = Topology(side, side)
    try:
        moves = parse_moves(scramble.translate(CSTIMER_ARROWS), notation)
        tiles = apply_moves(default_goal(side, side), moves, topology)
    except (InputError, MoveError):
        raise SessionFileError("cstimer.scramble", {"scramble": scramble[:60], "size": f"{side}x{side}"}) from None
    return format_board_id(side, side, tiles)


def read_cstimer(text: str) -> CsTimerFile:
    """The 15-puzzle and 8-puzzle sessions of a csTimer export; SessionFileError when the
    text is not one, names the session and solve at fault, or finds no sliding puzzle."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        raise SessionFileError("file.empty")
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SessionFileError("file.json", {"why": str(e)}) from None
    numbers = sorted(
        (int(m[1]), key) for key in (data if isinstance(data, dict) else {}) if (m := _SESSION.fullmatch(key))
    )
    if not numbers or not all(isinstance(data[key], list) for _, key in numbers):
        raise SessionFileError("cstimer.not_cstimer")
    about = _session_data(data.get("properties"))
    sessions, left_out = [], []
    for number, key in numbers:
        meta = about.get(str(number)) or {}
        name = str(meta.get("name", number))
        options = meta.get("opt")
        scramble_type = str((options if isinstance(options, dict) else {}).get("scrType") or "333")
        side = _side(scramble_type)
        if side is None:
            if data[key]:
                left_out.append(name)
            continue
        solves = [_solve(entry, scramble_type, name, n) for n, entry in enumerate(data[key], 1)]
        sessions.append(CsTimerSession(name, f"{side}x{side}", solves))
    if not sessions:
        raise SessionFileError("cstimer.none", {"sessions": ", ".join(left_out) or "-"})
    return CsTimerFile(sessions, left_out)


def _side(scramble_type: str) -> int | None:
    return next((side for prefix, side in CSTIMER_SIZES.items() if scramble_type.startswith(prefix)), None)


def _session_data(properties: object) -> dict:
    """properties.sessionData: a JSON text in csTimer's files (an object in some older ones)."""
    about = properties.get("sessionData") if isinstance(properties, dict) else None
    if isinstance(about, str):
        try:
            about = json.loads(about)
        except ValueError:
            raise SessionFileError("cstimer.properties") from None
    return about if isinstance(about, dict) else {}


def _solve(entry: object, scramble_type: str, session: str, n: int) -> dict:
    def bad(what: object) -> SessionFileError:
        return SessionFileError("cstimer.solve", {"session": session, "n": n, "value": json.dumps(what)[:60]})

    if not (isinstance(entry, list) and len(entry) >= 4 and isinstance(entry[0], list) and len(entry[0]) >= 2):
        raise bad(entry)
    penalty, ms = entry[0][0], entry[0][1]
    if penalty not in CSTIMER_PENALTIES or not _whole(ms) or not isinstance(entry[1], str) or not _whole(entry[3]):
        raise bad(entry)
    try:
        board = scramble_board(entry[1], scramble_type)
    except SessionFileError as e:
        raise SessionFileError(e.key, {**e.params, "session": session, "n": n}) from None
    return {
        "date": entry[3] * 1000,
        "type": "random",
        "ms": ms,
        "penalty": CSTIMER_PENALTIES[penalty],
        "scramble": board,
        "moves": "",
        "times": None,
        "optimum": None,
    }


def _whole(value: object) -> bool:
    """A whole number of zero or more (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
