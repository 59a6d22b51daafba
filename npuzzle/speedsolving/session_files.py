"""A session of solves as the page exports it, CSV or JSON, written and read in Python.

    >>> solve = {"date": 1764144902123, "type": "pasted", "ms": 1234, "penalty": "", "optimum": 2,
    ...          "scramble": "3x3:1,2,3,4,5,6,0,7,8", "moves": "RR", "times": [0, 1100], "assisted": False}
    >>> print(to_csv("3x3", [solve]), end="")  # doctest: +NORMALIZE_WHITESPACE
    date,size,event,type,time,time_ms,penalty,moves,mtm,tps,optimum,scramble,solution,notation,move_times,split_times,split_moves,split_scrambles,assisted,session
    2025-11-26T08:15:02.123Z,3x3,single,pasted,0:01.234,1234,,2,1,1.621,2,"3x3:1,2,3,4,5,6,0,7,8",L2,tile,0 1100,,,,,
    >>> read_file(to_csv("3x3", [solve])) == [("3x3", solve)]
    True
    >>> read_file("date,size\\n1,2")
    Traceback (most recent call last):
    ...
    npuzzle.speedsolving.session_files.SessionFileError: the CSV file has no column "type".

The twin of the files part of ``web/practice/session.js``: the same columns (docs/speedsolving.md
lists them), the same text written, and the same checks, each refusal a key and its
values, a message of npuzzle.catalogue (the page words them in English or Chinese); ``tests/test_sessions.py`` holds the
two to the same answers.  A *solve* is the page's: {date (ms since 1970), type, ms,
penalty, scramble (a board ID), moves (the blank's letters), times (each move's ms from the
start of the timer, or None), optimum (or None), assisted (a help was used: the coach
shown, a hint, the solution shown; such a solve is listed but counts for no figure and no
record)}; a *kind* is the size and wrapped lines.  A file's ``notation`` column names the
notation of its ``solution`` column (``tile``, Slidysim's, as written; ``gap`` is read too).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime

from ..catalogue import InputError, text
from ..rules.board import MoveError, apply_moves
from ..rules.notation import format_moves, parse_board, parse_moves, parse_wrap
from ..rules.topology import Topology
from .events import MARATHONS, EventError, event_boards, key_event, offered, session_key, solve_mtm
from .metrics import tps
from .sessions import format_time, result

__all__ = ["COLUMNS", "SessionFileError", "row", "to_csv", "to_json_text", "read_file", "check_solve", "migrate_store"]

# The page's web/practice/session.js has these from the generated web/generated/shared.js (builder/codegen.py).
COLUMNS = tuple(
    "date size event type time time_ms penalty moves mtm tps optimum scramble solution notation move_times"
    " split_times split_moves split_scrambles assisted session".split()
)
DERIVED = ("time", "moves", "mtm", "tps")  # written for people and other programs, not read back
OPTIONAL = (
    *("event", "optimum", "notation", "move_times"),
    *("split_times", "split_moves", "split_scrambles", "assisted", "session"),
)  # columns a CSV file may leave out (a file of singles from before events has no event nor split_*)
NOTATIONS = ("tile", "gap")  # a file's solution column: tile (as written, the default) or gap
FORMAT = "npuzzle-session"  # a JSON file's "format"
VERSION = 1  # a JSON file's "version"
TYPES = ("random", "pasted")
PENALTIES = ("", "+2", "DNF")


class SessionFileError(ValueError):
    """What a file cannot be read for: a key (``file.column``, ...) of npuzzle.catalogue
    and its values; ``str()`` is the English text (the page words it in either language)."""

    def __init__(self, key: str, params: dict | None = None):
        self.key, self.params = key, params or {}
        super().__init__(key, self.params)

    def __str__(self) -> str:
        try:
            return text(self.key, **self.params)
        except (KeyError, IndexError):  # a solve's error before it is told the solve's number
            return f"{self.key} {self.params}"


Bad = Callable[[str, object], SessionFileError]  # a row's field refused: the field, its value


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def row(kind: str, solve: dict, session: str = "") -> dict:
    """A solve as a row of an export, {column: value}; the solution in Slidysim's notation;
    ``kind`` the key of its session (``events.session_key``), written as the size chosen
    and the event ("4x4 x10": size 4x4, event x10; "relay 2x2-5x5": 5x5, relay); a
    marathon's or relay's boards as three lists: each board's time from the event's start,
    its number of moves and its scramble; ``session`` the name of the session it is
    exported from ("" : none given)."""
    moves = solve["moves"]
    size, event = key_event(kind)
    splits = solve.get("splits") or []
    return {
        "date": _iso(solve["date"]),
        "size": size,
        "event": event,
        "type": solve["type"],
        "time": format_time(result(solve["ms"], solve["penalty"])),
        "time_ms": solve["ms"],
        "penalty": solve["penalty"],
        "moves": len(moves),
        "mtm": solve_mtm(solve),
        "tps": tps(moves, solve["ms"] / 1000),
        "optimum": solve["optimum"],
        "scramble": solve["scramble"],
        "solution": format_moves(moves, "tile"),
        "notation": "tile",
        "move_times": solve["times"],
        "split_times": [b["ms"] for b in splits] if splits else None,
        "split_moves": [len(b["moves"]) for b in splits] if splits else None,
        "split_scrambles": [b["scramble"] for b in splits] if splits else None,
        "assisted": bool(solve.get("assisted")),
        "session": session,
    }


def to_json_text(kind: str, solves: list[dict], session: str = "") -> str:
    rows = [row(kind, s, session) for s in solves]
    return json.dumps({"format": FORMAT, "version": VERSION, "solves": rows}, indent=1, ensure_ascii=False) + "\n"


def _cell(value: object) -> str:
    if isinstance(value, bool):  # assisted: "yes" or empty, as a person reads a CSV
        return "yes" if value else ""
    text = "" if value is None else " ".join(map(str, value)) if isinstance(value, list) else str(value)
    return '"' + text.replace('"', '""') + '"' if re.search(r'[",\r\n]', text) else text


def to_csv(kind: str, solves: list[dict], session: str = "") -> str:
    """RFC 4180, lines ended by CRLF, a field quoted when it holds a comma, quote or newline."""
    lines = [",".join(COLUMNS)]
    lines += [",".join(_cell(row(kind, s, session)[c]) for c in COLUMNS) for s in solves]
    return "\r\n".join(lines) + "\r\n"


def read_file(text: str) -> list[tuple[str, dict]]:
    """The solves of an exported file as [(kind, solve)]; SessionFileError names the solve
    (n, from 1) and the field at fault."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        raise SessionFileError("file.empty")
    rows = _json_rows(text) if text.startswith("{") else _csv_rows(text)
    read = []
    for n, r in enumerate(rows, 1):
        try:
            read.append(_read_row(r))
        except SessionFileError as e:
            raise SessionFileError(e.key, {**e.params, "n": n}) from None
    return read


def _json_rows(text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SessionFileError("file.json", {"why": str(e)}) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("solves"), list):
        raise SessionFileError("file.format", {"format": FORMAT})
    return [s if isinstance(s, dict) else {} for s in data["solves"]]


def _csv_rows(text: str) -> list[dict]:
    if text.count('"') % 2:
        raise SessionFileError("file.quote")
    lines = list(csv.reader(io.StringIO(text, newline="")))
    header = [h.strip() for h in lines[0]]
    for name in COLUMNS:
        if name not in (*DERIVED, *OPTIONAL) and name not in header:
            raise SessionFileError("file.column", {"column": name})
    rows = []
    for line_number, cells in enumerate(lines[1:], 2):
        if len(cells) != len(header):
            raise SessionFileError("file.cells", {"line": line_number, "count": len(cells), "expected": len(header)})
        rows.append(dict(zip(header, cells)))
    return rows


def _whole(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return int(value) if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value) else None


def _read_row(r: dict) -> tuple[str, dict]:
    def bad(field: str, value: object) -> SessionFileError:
        return SessionFileError("file.field", {"field": field, "value": ("" if value is None else str(value))[:40]})

    try:
        date = round(datetime.fromisoformat(str(r.get("date"))).timestamp() * 1000)
    except ValueError:
        raise bad("date", r.get("date")) from None
    ms = _whole(r.get("time_ms"))
    if ms is None:
        raise bad("time_ms", r.get("time_ms"))
    if r.get("type") not in TYPES:
        raise bad("type", r.get("type"))
    penalty = r.get("penalty") or ""
    if penalty not in PENALTIES:
        raise bad("penalty", penalty)
    optimum = None if r.get("optimum") in (None, "") else _whole(r["optimum"])
    if r.get("optimum") not in (None, "") and optimum is None:
        raise bad("optimum", r["optimum"])
    notation = r.get("notation") or "tile"
    if notation not in NOTATIONS:
        raise bad("notation", notation)
    try:
        moves = parse_moves(str(r.get("solution") or ""), notation)
    except InputError:
        raise bad("solution", r.get("solution")) from None
    times = r.get("move_times")
    if isinstance(times, str):
        times = [_whole(t) for t in times.split()] or None
    if times is not None and not isinstance(times, list):
        raise bad("move_times", times)
    assisted = r.get("assisted")
    if not (assisted is None or isinstance(assisted, bool) or assisted in ("", "yes")):
        raise bad("assisted", assisted)
    kind, event = _key(r, bad)
    solve = {
        "date": date,
        "type": r["type"],
        "ms": ms,
        "penalty": penalty,
        "scramble": str(r.get("scramble") or ""),
        "moves": moves,
        "times": times,
        "optimum": optimum,
        "assisted": assisted is True or assisted == "yes",
    }
    splits = _splits(r, event, moves, bad)
    if event != "single":
        solve["event"] = event
    if splits is not None:
        solve["splits"] = splits
    return kind, check_solve(solve, kind)


def _key(r: dict, bad: Bad) -> tuple[str, str]:
    """The key of a row's session and its event: from its size and event columns, or, in a
    file without the event column (one from before events), from its size alone."""
    size, event = str(r.get("size") or ""), r.get("event")
    if event in (None, ""):
        try:
            return size, key_event(size)[1]
        except EventError:
            return size, "single"  # check_solve says the size is not valid
    try:
        plain = key_event(size)[1] == "single"
    except EventError:
        plain = False
    if not plain:
        raise bad("size", size)
    if not isinstance(event, str) or event not in offered(size):
        raise bad("event", event)
    return session_key(size, event), event


def _shown(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else "" if value is None else str(value)


def _listed(value: object, field: str, each: Callable[[object], object], bad: Bad) -> list | None:
    """A list column: None when empty; in CSV its items split by spaces, in JSON a list."""
    if value is None or value == [] or (isinstance(value, str) and not value.strip()):
        return None
    items = value.split() if isinstance(value, str) else value
    out = [each(x) for x in items] if isinstance(items, list) else [None]
    if any(x is None for x in out):
        raise bad(field, _shown(value))
    return out


def _splits(r: dict, event: str, moves: str, bad: Bad) -> list[dict] | None:
    """A marathon's or relay's boards from its three split columns, checked against each
    other and the solve's moves (check_solve checks them against the boards)."""

    def whole(x: object) -> int | None:
        n = _whole(x)
        return n if n is not None and n >= 0 else None

    times = _listed(r.get("split_times"), "split_times", whole, bad)
    counts = _listed(r.get("split_moves"), "split_moves", whole, bad)
    scrambles = _listed(r.get("split_scrambles"), "split_scrambles", lambda x: x if isinstance(x, str) else None, bad)
    if not (event in MARATHONS or event.startswith("relay")):  # one board: no splits
        for field, value in (("split_times", times), ("split_moves", counts), ("split_scrambles", scrambles)):
            if value is not None:
                raise bad(field, _shown(r.get(field)))
        return None
    if times is None:
        raise bad("split_times", "")
    if counts is None or len(counts) != len(times) or sum(counts) != len(moves):
        raise bad("split_moves", _shown(r.get("split_moves")))
    if scrambles is None or len(scrambles) != len(times):
        raise bad("split_scrambles", _shown(r.get("split_scrambles")))
    splits, at = [], 0
    for ms, count, scramble in zip(times, counts, scrambles, strict=True):
        splits.append({"scramble": scramble, "moves": moves[at : at + count], "ms": ms})
        at += count
    return splits


def check_solve(solve: dict, kind: str) -> dict:
    """The solve, when it holds together for its key (a single's kind, or an event's key):
    for each board (a marathon's or relay's splits, else the solve's one), its scramble a
    board of the size the event deals there, its moves legal on it; the splits in order,
    none after the solve's time, their moves the solve's in a row; one time a move, in
    order, none after the solve's time (the twin of checkSolve in web/practice/session.js)."""
    if not isinstance(solve["moves"], str) or not _is_int(solve["ms"]) or solve["ms"] < 0:
        raise SessionFileError("file.field", {"field": "time_ms", "value": str(solve["ms"])})
    try:
        size, event = key_event(kind)
        boards = event_boards(kind)
    except EventError:
        raise SessionFileError("file.field", {"field": "size", "value": kind}) from None
    if solve.get("event", "single") != event:
        raise SessionFileError("file.field", {"field": "event", "value": kind})
    wrap = size.split(" ", 1)[1] if " " in size else ""
    splits = solve.get("splits")
    if splits is None:
        splits = [{"scramble": solve["scramble"], "moves": solve["moves"], "ms": solve["ms"]}]
    if (
        not isinstance(splits, list)
        or not splits
        or len(splits) > len(boards)
        or not all(isinstance(x, dict) for x in splits)
        or any(
            not _is_int(x.get("ms")) or x["ms"] < (splits[i - 1]["ms"] if i else 0) or x["ms"] > solve["ms"]
            for i, x in enumerate(splits)
        )
        or splits[0].get("scramble") != solve["scramble"]
        or not all(isinstance(x.get("moves"), str) for x in splits)
        or "".join(x["moves"] for x in splits) != solve["moves"]
    ):
        raise SessionFileError("file.field", {"field": "splits", "value": kind})
    for split, shape in zip(splits, boards):
        _check_board(split, shape, wrap, kind)
    t = solve["times"]
    if t is not None and (
        len(t) != len(solve["moves"])
        or any(not _is_int(x) or x < (t[i - 1] if i else 0) or x > solve["ms"] for i, x in enumerate(t))
    ):
        raise SessionFileError("file.field", {"field": "move_times", "value": " ".join(map(str, t))})
    if (
        not _is_int(solve["date"])
        or solve["type"] not in TYPES
        or solve["penalty"] not in PENALTIES
        or not isinstance(solve.get("assisted", False), bool)
    ):
        raise SessionFileError("file.field", {"field": "date", "value": str(solve["date"])})
    return solve


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_board(board: dict, shape: tuple[int, int], wrap: str, kind: str) -> None:
    """One board of a solve: its scramble of that size, its moves legal on it."""
    scramble = board["scramble"]
    try:
        width, height, tiles = parse_board(scramble)
    except (InputError, TypeError, AttributeError):
        raise SessionFileError("file.field", {"field": "scramble", "value": str(scramble)}) from None
    if (width, height) != shape:
        raise SessionFileError("file.size", {"scramble": scramble, "size": kind})
    try:
        topology = Topology(width, height, *parse_wrap(wrap, width, height))
    except InputError:
        raise SessionFileError("file.field", {"field": "size", "value": kind}) from None
    try:
        apply_moves(tiles, board["moves"], topology)
    except MoveError:
        raise SessionFileError("file.moves", {"scramble": scramble}) from None


STORE_VERSION = 2  # the page's kept sessions (web/practice/session_store.js)
NAME_LIMIT = 60  # a session's name at most (characters)


def _readable(solves: object, key: str) -> list[dict]:
    good = []
    for s in solves if isinstance(solves, list) else []:
        try:
            good.append({**check_solve(s, key), "assisted": s.get("assisted") is True})
        except (SessionFileError, KeyError, TypeError, AttributeError, ValueError):
            continue
    return good


def migrate_store(kept: object) -> dict:
    """What the page keeps of its sessions (``npuzzle.sessions``), either version, as
    version 2's {key: {"current": id, "sessions": [{"id", "name", "solves"}]}} (the twin
    of ``migrate`` in web/practice/session_store.js).  Version 1, {"version": 1,
    "sessions": {kind: [solve, ...]}}, becomes the default session (name None) of each
    kind, solve for solve; a solve that cannot be read is dropped, as the page does.

    >>> solve = {"date": 1, "type": "random", "ms": 900, "penalty": "", "optimum": None,
    ...          "scramble": "2x2:1,2,0,3", "moves": "R", "times": None}
    >>> shelf = migrate_store({"version": 1, "sessions": {"2x2": [solve, {"date": 2}]}})["2x2"]
    >>> shelf["current"], [(s["id"], s["name"], [x["date"] for x in s["solves"]]) for s in shelf["sessions"]]
    (1, [(1, None, [1])])
    """
    kept = kept if isinstance(kept, dict) else {}
    shelves: dict = {}
    if kept.get("version") == 1 or ("version" not in kept and kept.get("sessions")):
        for key, solves in (kept.get("sessions") or {}).items():
            if good := _readable(solves, key):
                shelves[key] = {"current": 1, "sessions": [{"id": 1, "name": None, "solves": good}]}
        return shelves
    for key, shelf in (kept.get("keys") or {}).items():
        listed = shelf.get("sessions") if isinstance(shelf, dict) else None
        sessions = [
            {
                "id": s["id"],
                "name": s["name"].strip()[:NAME_LIMIT]
                if isinstance(s.get("name"), str) and s["name"].strip()
                else None,
                "solves": _readable(s.get("solves"), key),
            }
            for s in (listed if isinstance(listed, list) else [])
            if isinstance(s, dict) and isinstance(s.get("id"), int) and not isinstance(s.get("id"), bool)
        ]
        if sessions:
            ids = [s["id"] for s in sessions]
            current = shelf.get("current")
            current = current if current in ids and not isinstance(current, bool) else ids[0]
            shelves[key] = {"current": current, "sessions": sessions}
    return shelves
