"""Shapes and partitions: which goal cells each pattern database covers, and how the
databases add up for a goal (geometry only; no files, no search).

    >>> from npuzzle.rules.board import default_goal
    >>> from npuzzle.rules.topology import Topology
    >>> sorted(database_names(default_goal(4, 4), Topology(4, 4)))
    ['corner6']

See the package's docstring (npuzzle.pdb) for which shapes and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..rules.topology import Topology

__all__ = [
    "SHAPES",
    "STRONG_SHAPES",
    "ALL_SHAPES",
    "MAX_PARTITIONS",
    "supports",
    "partitions",
    "database_names",
    "use_strong",
    "strong",
    "STRONG_LEVELS",
    "LEVEL_TABLES",
    "SIX",
    "BLANK_HOME",
    "use_six",
    "six",
    "Group",
    "Partition",
]

# A group of a partition: (the database key: a shape name, or (width, height, cells) for a
# small pattern built on demand; the goal cells in database order; the inverse symmetry).
Group = tuple[str | tuple[int, int, tuple[int, ...]], tuple[int, ...], tuple[int, ...]]
Partition = list[Group]


# name -> (side of the square board, pattern cells)
SHAPES: dict[str, tuple[int, tuple[int, ...]]] = {
    "corner6": (4, (0, 1, 4, 5, 8, 9)),
    "ring6": (4, (0, 1, 2, 3, 4, 8)),
    # The 24-puzzle, blank in a corner: a 5-5-5-5-4 partition (cells for the blank on 0)
    #   .  a  a  b  b
    #   a  a  a  b  b
    #   c  c  d  d  b
    #   c  c  d  d  d
    #   c  e  e  e  e
    "5x5-a": (5, (1, 2, 5, 6, 7)),
    "5x5-b": (5, (3, 4, 8, 9, 14)),
    "5x5-c": (5, (10, 11, 15, 16, 20)),
    "5x5-d": (5, (12, 13, 17, 18, 19)),
    "5x5-e": (5, (21, 22, 23, 24)),
}
# Stronger databases, built only on request (`npuzzle databases build half8`) and used on
# 4x4 boards by the command line and the package when they are in the cache, never by the
# page: the seven cells of two rows but a corner (256 MiB; half7h the same cells with the
# blank kept in that corner) and the eight cells of two rows (4 GiB).  With half7h (or
# half7) and half8, the goal's 15 tiles split 7-8 (Korf and Felner's partition); with
# half7 alone, 7-7-1 (the last tile alone counts its Manhattan distance).  Either is taken
# with its mirror image about the diagonal through the blank.
STRONG_SHAPES: dict[str, tuple[int, tuple[int, ...]]] = {
    "half7": (4, (1, 2, 3, 4, 5, 6, 7)),
    "half8": (4, (8, 9, 10, 11, 12, 13, 14, 15)),
    # half7's cells built with the blank on cell 0, the corner they wall in (BLANK_HOME):
    # 7-8 always puts that corner on the goal's blank, 7-7-1's second half7 never does
    "half7h": (4, (1, 2, 3, 4, 5, 6, 7)),
    # The 24-puzzle's 6-6-6-6 partition (Korf and Felner 2002), blank on 0: group a, and
    # the 3x2 block b, whose half-turn is c and quarter-turn d, so two tables (1 GiB each)
    # serve the four groups; taken with its mirror image about the diagonal through the
    # blank, like the 4x4's.
    #   .  a  a  b  b
    #   a  a  a  b  b
    #   c  c  a  b  b
    #   c  c  d  d  d
    #   c  c  d  d  d
    "5x5-6a": (5, (1, 2, 5, 6, 7, 12)),
    "5x5-6b": (5, (3, 4, 8, 9, 13, 14)),
}
# The databases whose search starts with the blank only where the goal puts it (its free
# cell here, the pattern at home; npuzzle.pdb.build).  5x5-6a's home encloses cell 0, so
# "the blank on any free cell" counted goals that the real one, blank on 0, never is: this
# raises h (Korf's #38: 80 to 82).  Every partition that takes 5x5-6a maps cell 0 onto the
# goal's blank (_six_partitions), so the table stays admissible.  Files built before carry
# no blank in their header: still admissible, weaker, and built again on request.  half7
# walls in cell 0 the same way, but 7-7-1 also takes it turned so that its corner is the
# last tile's cell, not the blank's, where that table would overstate: so the 4x4's table
# built this way is a database of its own, half7h, which only 7-8 takes (_halves).
BLANK_HOME: dict[str, int] = {"5x5-6a": 0, "half7h": 0}
ALL_SHAPES = {**SHAPES, **STRONG_SHAPES}
_SIDE = 4
# Which partitions of the 4x4 the stronger databases give (npuzzle.pdb.store decides, from
# the tables it has loaded), weakest first: "" none (6-6-3), "half7" 7-7-1, "half8" 7-8
# with half7, "half7h" 7-8 with half7h; LEVEL_TABLES: the tables each one takes.
STRONG_LEVELS = ("", "half7", "half8", "half7h")
LEVEL_TABLES: dict[str, tuple[str, ...]] = {
    "": (),
    "half7": ("half7",),
    "half8": ("half7", "half8"),
    "half7h": ("half7h", "half8"),
}
_strong = [""]


def use_strong(level: str | bool) -> None:
    """Take the 4x4 partitions from STRONG_SHAPES up to `level` (True: "half7"), or not."""
    level = "half7" if level is True else level or ""
    if level not in STRONG_LEVELS:
        raise ValueError(f"no stronger databases called {level!r}")
    _strong[0] = level


def strong() -> str:
    """The stronger databases the 4x4 partitions come from: one of STRONG_LEVELS."""
    return _strong[0]


# The 6-6-6-6 databases of the 5x5, used when both are loaded (npuzzle.pdb.store decides).
SIX = ("5x5-6a", "5x5-6b")
_six = [False]


def use_six(on: bool) -> None:
    """Take the 5x5 partitions from the six-tile databases (SIX), or the five-tile ones."""
    _six[0] = bool(on)


def six() -> bool:
    """Whether the 5x5 partitions come from the six-tile databases."""
    return _six[0]


# How many partitions the heuristic takes the maximum over.  Two measured best on korf100.
# For a goal whose blank lies on a diagonal the best two are mirror images about it (the
# scores are symmetric), so the second is the reflected lookup (Korf and Felner 2002): with
# 6-6-3 it cut the nodes of Korf's first 40 to 0.21 and the time to 0.30 (CPython; Pyodide 0.32 of
# the CPU time), bench.py reflection; for other goals it is the next best.  A third cut
# the nodes of boards 0-11 by 28 % but cost 45 % more per node (and 3 % fewer nodes on
# the hardest board); four cut them by 44 % at twice the cost per node, also when the
# extra ones were looked up only where the first two were tight.
MAX_PARTITIONS = 2


def _symmetries(side: int) -> list[tuple[int, ...]]:
    """The 8 symmetries of a side x side square as cell permutations (image of each cell)."""
    out = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                perm = []
                for cell in range(side * side):
                    r, c = divmod(cell, side)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = side - 1 - r
                    if flip_c:
                        c = side - 1 - c
                    perm.append(r * side + c)
                out.append(tuple(perm))
    return out


def _images(
    shapes: dict[str, tuple[int, tuple[int, ...]]] = SHAPES,
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """(shape, image cells in the shape's order, inverse symmetry) for each distinct image."""
    seen = set()
    out = []
    for name, (side, cells) in shapes.items():
        if side != _SIDE:
            continue
        for sym in _symmetries(_SIDE):
            image = tuple(sym[c] for c in cells)
            if frozenset(image) in seen:
                continue
            seen.add(frozenset(image))
            inverse = [0] * len(sym)
            for a, b in enumerate(sym):
                inverse[b] = a
            out.append((name, image, tuple(inverse)))
    return out


def supports(topology: Topology, goal: Sequence[int] | None = None) -> bool:
    """Pattern databases here are for the plain 4x4 board, small ones for the 3x3, and
    five-tile ones for the 5x5 when its goal puts the blank in a corner."""
    if topology.width != topology.height or topology.wrapped or topology.width not in (3, 4, 5):
        return False
    return topology.width < 5 or goal is None or list(goal).index(0) in _CORNERS_5


def _spread(cells: Sequence[int]) -> int:
    return sum(abs(a // _SIDE - b // _SIDE) + abs(a % _SIDE - b % _SIDE) for a, b in combinations(cells, 2))


_CORNERS_5 = (0, 4, 20, 24)


def _inverse(perm: Sequence[int]) -> tuple[int, ...]:
    inverse = [0] * len(perm)
    for a, b in enumerate(perm):
        inverse[b] = a
    return tuple(inverse)


def partitions(goal: Sequence[int], limit: int = MAX_PARTITIONS) -> list[Partition]:
    """Up to ``limit`` partitions for the goal (3x3, 4x4 or 5x5, told by its length), best first.

    Worked out once a goal (0.26 ms on 4x4, five times a heuristic_value's look-ups, which
    the study lab's searches make for every node); the groups are shared, not to be changed.

    Each is a list of groups ``(key, cells, inverse)``: the database key (a shape name, or
    ``(width, height, cells)`` for a small pattern built on demand), the goal cells in
    database order, and the symmetry that maps board cells back to the database's cells.
    On 4x4 the preferred ones have more ``corner6`` blocks, then the small pattern's cells
    close together (a line is strongest).  On 3x3: 4-4 split in reading order, then the
    same by columns (each 4-tile table is 64 KiB, built in about 0.05 s).
    """
    return list(_partitions(tuple(goal), limit, _strong[0] if len(goal) == 16 else "six" if _six[0] else ""))


@cache
def _partitions(goal: tuple[int, ...], limit: int, strong: str = "") -> list[Partition]:
    blank = list(goal).index(0)
    if strong and len(goal) == 16:
        halves = _halves(blank, strong)
        if halves:
            return halves[:limit]
    if len(goal) == 25 and strong:
        return _six_partitions(blank)[:limit]
    if len(goal) == 25:  # the 5-5-5-5-4 partition turned to the blank's corner, and its mirror image
        found: list[Partition] = []
        for sym in _symmetries(5):
            if sym[0] == blank:
                inverse = _inverse(sym)
                found.append(
                    [
                        (name, tuple(sym[c] for c in cells), inverse)
                        for name, (side, cells) in SHAPES.items()
                        if side == 5
                    ]
                )
        return found[:limit]
    if len(goal) == 9:
        identity = tuple(range(9))
        rows = [c for c in range(9) if c != blank]
        cols = [c for c in (0, 3, 6, 1, 4, 7, 2, 5, 8) if c != blank]
        small: list[Partition] = [
            [
                ((3, 3, tuple(order[:4])), tuple(order[:4]), identity),
                ((3, 3, tuple(order[4:])), tuple(order[4:]), identity),
            ]
            for order in (rows, cols)
        ]
        return small[:limit]
    everything = set(range(_SIDE * _SIDE)) - {blank}
    images = [im for im in _images() if blank not in im[1]]
    identity = tuple(range(_SIDE * _SIDE))
    scored: list[tuple[tuple[int, int], Partition]] = []
    for (na, a, ia), (nb, b, ib) in combinations(images, 2):
        if set(a) & set(b):
            continue
        rest = tuple(sorted(everything - set(a) - set(b)))
        score = ((na == "corner6") + (nb == "corner6"), -_spread(rest))
        scored.append((score, [(na, a, ia), (nb, b, ib), ((_SIDE, _SIDE, rest), rest, identity)]))
    scored.sort(key=lambda item: item[0], reverse=True)
    return [groups for _, groups in scored[:limit]]


def _six_partitions(blank: int) -> list[Partition]:
    """The 6-6-6-6 partition turned to the blank's corner, and its mirror image about the
    diagonal through it: each group a symmetry of the board applied to 5x5-6a's or
    5x5-6b's cells (c is b turned half round, d a quarter)."""
    syms = _symmetries(5)

    def carrying(cells: Sequence[int], onto: set[int]) -> tuple[int, ...]:
        return next(sym for sym in syms if {sym[c] for c in cells} == onto)

    a, b = STRONG_SHAPES["5x5-6a"][1], STRONG_SHAPES["5x5-6b"][1]
    identity = tuple(range(25))
    groups = [
        ("5x5-6a", a, identity),
        ("5x5-6b", b, identity),
        ("5x5-6b", b, carrying(b, {10, 11, 15, 16, 20, 21})),
        ("5x5-6b", b, carrying(b, {17, 18, 19, 22, 23, 24})),
    ]
    found: list[Partition] = []
    for sym in syms:
        if sym[0] != blank:
            continue
        partition: Partition = []
        for name, cells, inner in groups:
            whole = tuple(sym[inner[c]] for c in range(25))
            partition.append((name, tuple(whole[c] for c in cells), _inverse(whole)))
        found.append(partition)
    return found


def _halves(blank: int, level: str = "half7") -> list[Partition]:
    """7-8 partitions of the 4x4 (an image of half7 and one of half8) when level is
    "half8", with half7h for half7 when it is "half7h", else 7-7-1 ones (two images of half7
    and the cell left): the first one followed by its mirror image about the diagonal
    through the blank, when there is one.  In 7-8 the corner half7's image walls in is the
    blank's (the cell the two halves leave), as half7h needs; in 7-7-1 one image walls in
    the last tile's cell instead, so 7-7-1 keeps half7 (built with the blank anywhere)."""
    everything = set(range(_SIDE * _SIDE)) - {blank}
    halves = {name: STRONG_SHAPES[name] for name in ("half7", "half8")}
    images = [im for im in _images(halves) if blank not in im[1]]
    identity = tuple(range(_SIDE * _SIDE))
    found: list[Partition] = []
    pair = level in ("half8", "half7h")
    for (na, a, ia), (nb, b, ib) in combinations(images, 2):
        if set(a) & set(b) or ("half8" in (na, nb)) != pair:
            continue
        if level == "half7h":
            na, nb = ("half7h" if name == "half7" else name for name in (na, nb))
        rest = tuple(sorted(everything - set(a) - set(b)))
        found.append([(na, a, ia), (nb, b, ib)] + ([((_SIDE, _SIDE, rest), rest, identity)] if rest else []))
    if not found:
        return []
    first = found[0]
    mirrors = [sym for sym in _symmetries(_SIDE)[1:] if sym[blank] == blank]

    def cover(groups: Partition) -> set[frozenset[int]]:
        return {frozenset(cells) for _, cells, _ in groups}

    for sym in mirrors:
        image = {frozenset(sym[c] for c in cells) for cells in cover(first)}
        for other in found[1:]:
            if cover(other) == image:
                return [first, other]
    return found


# The stronger 4x4 level the page offers to download (Solver options): 7-8 with half7h.
PAGE_LEVEL = "half7h"
_page = [False]  # the page's person asked for the strongest 4x4 tables (page_strong)


def page_strong(on: bool) -> None:
    """In the page: whether the person asked for the strongest 4x4 tables (said before each
    request, npuzzle.api.databases).  A 4x4 search then takes the strongest level whose
    tables the page registered (npuzzle.pdb.store.prepare); without, the standard ones."""
    _page[0] = bool(on)


def page_wants() -> bool:
    """Whether the page's person asked for the strongest 4x4 tables (page_strong)."""
    return _page[0]


def level_names(goal: Sequence[int], level: str) -> set[str]:
    """The stronger databases (LEVEL_TABLES[level]) the 4x4 partitions at `level` take
    for this goal: none when that level has no partition for its blank's cell.

        >>> sorted(level_names((*range(1, 16), 0), "half7h")), level_names((*range(1, 15), 0, 15), "half7h")
        (['half7h', 'half8'], set())
    """
    keys = {key for groups in _partitions(tuple(goal), MAX_PARTITIONS, level) for key, _, _ in groups}
    return {key for key in keys if isinstance(key, str)} & set(LEVEL_TABLES[level])


def database_names(goal: Sequence[int], topology: Topology, limit: int = MAX_PARTITIONS) -> set[str]:
    """The big databases a goal needs (files to fetch or build): none on 3x3."""
    if not supports(topology, goal) or topology.size == 9:
        return set()
    return {key for groups in partitions(goal, limit) for key, _, _ in groups if isinstance(key, str)}
