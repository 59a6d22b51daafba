"""A session of solves as the page exports it, CSV or JSON, written and read in Python.

    >>> solve = {"date": 1764144902123, "type": "pasted", "ms": 1234, "penalty": "", "optimum": 2,
    ...          "scramble": "3x3:1,2,3,4,5,6,0,7,8", "moves": "RR", "times": [0, 1100], "assisted": False}
    >>> print(to_csv("3x3", [solve]), end="")  # doctest: +NORMALIZE_WHITESPACE
    date,size,type,time,time_ms,penalty,moves,mtm,tps,optimum,scramble,solution,notation,move_times,assisted,session
    2025-11-26T08:15:02.123Z,3x3,pasted,0:01.234,1234,,2,1,1.621,2,"3x3:1,2,3,4,5,6,0,7,8",L2,tile,0 1100,,
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
from datetime import UTC, datetime

from ..catalogue import InputError, text
from ..rules.board import MoveError, apply_moves
from ..rules.notation import format_moves, parse_board, parse_moves, parse_wrap
from ..rules.topology import Topology
from .metrics import mtm, tps
from .sessions import format_time, result

__all__ = ["COLUMNS", "SessionFileError", "row", "to_csv", "to_json_text", "read_file", "check_solve", "migrate_store"]

# The page's web/practice/session.js has these from the generated web/generated/shared.js (builder/codegen.py).
COLUMNS = tuple(
    "date size type time time_ms penalty moves mtm tps optimum scramble solution notation move_times assisted session".split()
)
DERIVED = ("time", "moves", "mtm", "tps")  # written for people and other programs, not read back
OPTIONAL = ("optimum", "notation", "move_times", "assisted", "session")  # columns a CSV file may leave out
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


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def row(kind: str, solve: dict, session: str = "") -> dict:
    """A solve as a row of an export, {column: value}; the solution in Slidysim's notation;
    ``session`` the name of the session it is exported from ("" : none given)."""
    moves = solve["moves"]
    return {
        "date": _iso(solve["date"]),
        "size": kind,
        "type": solve["type"],
        "time": format_time(result(solve["ms"], solve["penalty"])),
        "time_ms": solve["ms"],
        "penalty": solve["penalty"],
        "moves": len(moves),
        "mtm": mtm(moves),
        "tps": tps(moves, solve["ms"] / 1000),
        "optimum": solve["optimum"],
        "scramble": solve["scramble"],
        "solution": format_moves(moves, "tile"),
        "notation": "tile",
        "move_times": solve["times"],
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
    kind = str(r.get("size") or "")
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
    return kind, check_solve(solve, kind)


def check_solve(solve: dict, kind: str) -> dict:
    """The solve, when it holds together for its kind: the scramble a board of the kind's
    size, the moves legal on it, one time a move, in order, none after the solve's time."""
    size = re.fullmatch(r"(\d+)x(\d+)(?: (.+))?", kind)
    if not size:
        raise SessionFileError("file.field", {"field": "size", "value": kind})
    try:
        width, height, tiles = parse_board(solve["scramble"])
    except InputError:
        raise SessionFileError("file.field", {"field": "scramble", "value": solve["scramble"]}) from None
    if (width, height) != (int(size[1]), int(size[2])):
        raise SessionFileError("file.size", {"scramble": solve["scramble"], "size": kind})
    try:
        topology = Topology(width, height, *parse_wrap(size[3] or "", width, height))
    except InputError:
        raise SessionFileError("file.field", {"field": "size", "value": kind}) from None
    try:
        apply_moves(tiles, solve["moves"], topology)
    except MoveError:
        raise SessionFileError("file.moves", {"scramble": solve["scramble"]}) from None
    t = solve["times"]
    if t is not None and (
        len(t) != len(solve["moves"])
        or any(not isinstance(x, int) or x < (t[i - 1] if i else 0) or x > solve["ms"] for i, x in enumerate(t))
    ):
        raise SessionFileError("file.field", {"field": "move_times", "value": " ".join(map(str, t))})
    return solve


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
