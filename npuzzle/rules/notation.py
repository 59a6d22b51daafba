"""Reading and writing boards, wraps and moves.  The single source of truth for the page too.

    >>> parse_board("3x3:1,2,3,4,5,6,7,8,0")
    (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> parse_board("1 2 3\\n4 5 6\\n7 8 0")
    (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> format_board_id(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    '3x3:1,2,3,4,5,6,7,8,0'
    >>> parse_board("1 2 3/4 5 6/7 8 0")          # a Slidysim scramble
    (3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    >>> format_slidysim(3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    '1 2 3/4 5 6/7 0 8'
    >>> parse_wrap("r2,c2")
    ((2,), (2,))
    >>> parse_moves("R3D2L", "tile")             # tiles slide R, R, R, D, D, L ...
    'LLLUUR'
    >>> format_moves("LLLUUR", "tile")           # ... so the gap goes L, L, L, U, U, R
    'R3D2L'

Four ways to write a board:
- a board ID ``WxH:t,t,...,t`` (as in Simon Tatham's puzzles), row-major, 0 the blank;
- rows of numbers, whitespace-separated, one row a line (``_`` also means the blank);
- a Slidysim scramble: the same rows on one line, split by ``/`` (``5 3 8 9/0 2 4 1/...``);
- a bare list ``t,t,...`` or ``t t ...`` of a square board's tiles.

Two ways to write moves (``NOTATIONS``): ``gap``, the package's own, where each letter
U/D/L/R names the way the **blank** goes; and ``tile``, the speedsolvers' (Slidysim's),
where each letter names the way a **tile** slides, the opposite letter.  In either a
number after a letter repeats it (``R3`` is ``RRR``); ``format_moves`` writes tile moves
with counts, as Slidysim does, and gap moves letter by letter, as the package always has.
Every error is a :class:`NotationError` whose message says exactly what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..catalogue import InputError
from .board import Board, MoveError, Problem, default_goal, walk
from .topology import DIRECTIONS, MAX_SIDE, MIN_SIDE, OPPOSITE, Topology

__all__ = [
    "NotationError",
    "parse_board",
    "format_board_id",
    "format_rows",
    "parse_wrap",
    "format_wrap",
    "parse_moves",
    "format_moves",
    "format_slidysim",
    "check_moves",
    "parse_problem",
    "MAX_DIGITS",
    "MAX_REPEAT",
    "NOTATIONS",
]


class NotationError(InputError):
    """Input that is not a valid board, wrap or move list; the message says why, and
    ``field`` names the input at fault: "board", "goal", "wrap" or "moves"; ``code`` and
    ``params`` name the message in npuzzle.catalogue."""


_ID = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*:(.*)$", re.S)  # ASCII digits, as the page


def _size(width: int, height: int) -> None:
    for name, side in (("width", width), ("height", height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise NotationError("board.side_range", name=name, side=side, low=MIN_SIDE, high=MAX_SIDE)


MAX_DIGITS = 6  # no board has a tile or a side that long; int() of 5000 digits raises


def _number(token: str) -> int:
    if token == "_":
        return 0
    if not token.isdigit() or not token.isascii():
        raise NotationError("board.not_number", token=token)
    if len(token) > MAX_DIGITS:
        raise NotationError("board.number_digits", digits=token[:8], cells=MAX_SIDE * MAX_SIDE)
    return int(token)


def _side(digits: str, name: str) -> int:
    if len(digits) > MAX_DIGITS:
        raise NotationError("board.side_digits", name=name, digits=digits[:8], low=MIN_SIDE, high=MAX_SIDE)
    return int(digits)


def check_tiles(width: int, height: int, tiles: Sequence[int]) -> Board:
    """Validate that tiles are 0..W*H-1, each exactly once; return them as a tuple."""
    n = width * height
    if len(tiles) != n:
        raise NotationError("board.count", width=width, height=height, n=n, got=len(tiles))
    seen = [False] * n
    for t in tiles:
        if not 0 <= t < n:
            raise NotationError("board.number_range", t=t, width=width, height=height, top=n - 1)
        if seen[t]:
            raise NotationError("board.twice", t=t)
        seen[t] = True
    return tuple(tiles)


def parse_board(text: str) -> tuple[int, int, Board]:
    """(width, height, tiles) from a board ID, rows of numbers, or a square board's bare list."""
    if not text.strip():
        raise NotationError("board.empty")
    m = _ID.match(text)
    if m:
        width, height = _side(m.group(1), "width"), _side(m.group(2), "height")
        _size(width, height)
        body = m.group(3).strip()
        tokens = [t.strip() for t in body.split(",")] if body else []
        if "" in tokens:
            raise NotationError("board.empty_entry")
        return width, height, check_tiles(width, height, [_number(t) for t in tokens])
    if re.match(r"^\s*[0-9]+\s*[xX]\s*[0-9]+", text):
        raise NotationError("board.colon")
    if "/" in text:  # a Slidysim scramble: rows on one line, split by '/'
        rows = [row.replace(",", " ").split() for row in text.strip().split("/")]
        for i, row in enumerate(rows, 1):
            if not row:
                raise NotationError("board.empty_row", row=i)
        text = "\n".join(" ".join(row) for row in rows)
    lines = [line.replace(",", " ").split() for line in text.strip().splitlines()]
    lines = [line for line in lines if line]
    if not lines:  # only commas and spaces: no number at all
        raise NotationError("board.empty")
    if len(lines) == 1:
        tiles = [_number(t) for t in lines[0]]
        side = round(len(tiles) ** 0.5)
        if side * side != len(tiles):
            raise NotationError("board.not_square", count=len(tiles))
        _size(side, side)
        return side, side, check_tiles(side, side, tiles)
    width = len(lines[0])
    for i, line in enumerate(lines[1:], 2):
        if len(line) != width:
            raise NotationError("board.row_length", row=i, count=len(line), width=width)
    height = len(lines)
    _size(width, height)
    return width, height, check_tiles(width, height, [_number(t) for line in lines for t in line])


def format_board_id(width: int, height: int, tiles: Sequence[int]) -> str:
    return f"{width}x{height}:" + ",".join(map(str, tiles))


def format_slidysim(width: int, tiles: Sequence[int]) -> str:
    """A Slidysim scramble: each row's numbers split by spaces, the rows by '/'."""
    return "/".join(" ".join(map(str, tiles[r : r + width])) for r in range(0, len(tiles), width))


def format_rows(width: int, tiles: Sequence[int]) -> str:
    """Rows of right-aligned numbers, the blank shown as 0, one row a line."""
    pad = len(str(len(tiles) - 1))
    return "\n".join(" ".join(str(t).rjust(pad) for t in tiles[r : r + width]) for r in range(0, len(tiles), width))


def parse_wrap(
    text: str | None, width: int | None = None, height: int | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(wrap_rows, wrap_cols) from 'r2,c2', 'all', 'rows', 'cols' or ''."""
    rows: list[int] = []
    cols: list[int] = []
    for part in (text or "").replace(" ", ",").split(","):
        part = part.strip().lower()
        if not part or part == "none":
            continue
        if part in ("all", "rows", "cols", "torus"):
            if width is None or height is None:
                raise NotationError("wrap.needs_size", "wrap", part=part)
            if part in ("all", "torus", "rows"):
                rows.extend(range(height))
            if part in ("all", "torus", "cols"):
                cols.extend(range(width))
            continue
        m = re.fullmatch(r"([rc])([0-9]+)", part)
        if not m:
            raise NotationError("wrap.bad", "wrap", part=part)
        (rows if m.group(1) == "r" else cols).append(_side(m.group(2), "wrapped line"))
    return tuple(sorted(set(rows))), tuple(sorted(set(cols)))


def format_wrap(wrap_rows: Sequence[int], wrap_cols: Sequence[int], width: int = 0, height: int = 0) -> str:
    """'r2,c2'; 'all' for a torus when the size is given."""
    if width and height and len(wrap_rows) == height and len(wrap_cols) == width:
        return "all"
    return ",".join([f"r{r}" for r in wrap_rows] + [f"c{c}" for c in wrap_cols])


NOTATIONS = ("gap", "tile")
MAX_REPEAT = 2 * MAX_SIDE  # a repeat count above this walks off any board, wraps or not: refused early
_TOKEN = re.compile(r"([A-Z])([0-9]*)|([0-9]+)|[\s,]+|(.)", re.S)  # spaces and commas only separate


def parse_moves(text: str, notation: str = "gap") -> str:
    """The blank's letters (U/D/L/R) for a move list in a notation ("gap": letters name
    where the blank goes; "tile": where a tile goes, the opposite); any case, a number
    after a letter repeats it, spaces and commas only separate."""
    if notation not in NOTATIONS:
        raise MoveError("option.choice", "options", name="notation", value=repr(notation), choices=", ".join(NOTATIONS))
    flip = notation == "tile"
    moves: list[str] = []
    n = 0  # letters so far: a move's number i counts single moves, as the page shows them
    for m in _TOKEN.finditer(text.upper()):
        letter, count, alone, other = m.groups()
        if letter is None and alone is None and other is None:
            continue  # a separator
        i = n + 1
        if alone is not None:
            raise MoveError("moves.count_alone", count=alone[:8], i=i)
        letter = letter or other
        if letter not in DIRECTIONS:
            raise MoveError("moves.letter", letter=letter, i=i)
        times = 1
        if count:
            if len(count) > MAX_DIGITS or int(count) > MAX_REPEAT:
                raise MoveError("moves.count_range", letter=letter, count=count[:8], i=i, high=MAX_REPEAT)
            times = int(count)
            if times == 0:
                raise MoveError("moves.count_zero", letter=letter, i=i)
        moves.append((OPPOSITE[letter] if flip else letter) * times)
        n += times
    return "".join(moves)


def format_moves(moves: str, notation: str = "gap") -> str:
    """The blank's letters written in a notation: "gap" as they are, "tile" as Slidysim
    writes a solution (each tile's way, a run of one letter as the letter and its count)."""
    if notation != "tile":
        return moves
    return "".join(
        OPPOSITE[letter] + (str(len(run)) if len(run) > 1 else "") for letter, run in ((r[0], r) for r in _runs(moves))
    )


def _runs(moves: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"U+|D+|L+|R+", moves)]


def check_moves(board: Sequence[int], moves: str, topology: Topology, notation: str = "gap") -> None:
    """Raise the notation's MoveError if the blank's moves walk it off the board (in tile
    notation: if a letter asks a tile to slide where none can)."""
    try:
        for _ in walk(board, moves, topology):
            pass
    except MoveError as e:
        if notation == "tile" and e.code == "moves.off_board":
            raise MoveError("moves.no_tile", i=e.params["i"], letter=OPPOSITE[e.params["letter"]]) from None
        raise


def parse_problem(
    start: str,
    goal: str | None = None,
    wrap: str | None = None,
    wrap_rows: Sequence[int] = (),
    wrap_cols: Sequence[int] = (),
) -> Problem:
    """A validated Problem from text; goal defaults to 1..N-1 then the blank."""
    width, height, start_tiles = parse_board(start)
    if goal is None or not goal.strip():
        goal_tiles = default_goal(width, height)
    else:
        try:
            gw, gh, goal_tiles = parse_board(goal)
        except NotationError as e:
            raise e.at("goal") from None
        if (gw, gh) != (width, height):
            raise NotationError("goal.size", "goal", gw=gw, gh=gh, width=width, height=height)
    try:
        rows, cols = parse_wrap(wrap, width, height)
        rows = tuple(sorted(set(rows) | set(wrap_rows)))
        cols = tuple(sorted(set(cols) | set(wrap_cols)))
        topology = Topology(width, height, rows, cols)
    except InputError as e:  # from parse_wrap, and Topology's wrap rules
        raise NotationError(e.code, "wrap", **e.params) from None
    return Problem(start_tiles, goal_tiles, topology)
