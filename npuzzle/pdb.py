"""Additive pattern databases for the 4x4, 5x5 and 3x3 puzzles, and their IDA*.

    >>> from npuzzle.board import default_goal
    >>> from npuzzle.topology import Topology
    >>> sorted(database_names(default_goal(4, 4), Topology(4, 4)))
    ['corner6']

Usage: ``search.solve(problem, heuristic="pdb")``.  The databases come from memory, else
from the cache directory (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``, subfolder ``pdb``),
else they are built there with numpy (1 to 2 minutes each on 4x4, about 2.5 on 5x5; far
longer without).  The portfolio never builds the 5x5 ones: ``python3 -m npuzzle
databases`` (or ``build.py``) does, once.

- CLI: call ``prepare(goal, topology, progress=bar)`` before solving; while building it
  calls ``bar({"phase": "building", "database": name, "states": s, "total": n})``.
  (``solve`` also prepares, passing its own progress callback, so the same dicts can
  arrive there before the search's own.)
- Site: ``write_databases("dist/pdb")`` writes ``corner6.pdb`` and ``ring6.pdb``
  (2.4 and 2.2 MB: a header line, then the zlib-compressed table) and the five 5x5 ones
  (1.5-1.6 MB each, 6.4 MB in all).  The worker fetches the ones a solve needs and
  passes each file's bytes to ``register``; in Pyodide nothing is ever built, a missing
  database means a fallback to linear conflict with a note.
- Memory: each six-tile 4x4 table is 16 MiB once loaded, each five-tile 5x5 one 32 MiB
  (sparse, see ``pdb_build``).

Vocabulary.  A *pattern* is an ordered tuple of goal cells; its tiles are whatever the
goal puts on those cells, so one database serves every labelling of the tiles.  A
*partition* splits the goal cells other than the blank's into patterns whose values
add up (Korf and Felner 2002).  The heuristic is the maximum over a few partitions.

Which databases.  A database's value does not depend on where the goal puts the blank
(see ``pdb_build``), and the 8 symmetries of the square map one database onto its images
by renumbering cells.  Two six-tile shapes suffice for every goal:

- ``corner6``, a 2x3 block in a corner (cells 0 1 4 5 8 9 and its 8 images).  When the
  blank's goal cell is on the border, the two blocks filling the three rows (or columns)
  away from it cover 12 cells and the other three cells of its line make a three-tile
  pattern: 6-6-3.  For the blank in a corner that is the classic partition and its
  diagonal reflection.
- ``ring6``, an L of six border cells (0 1 2 3 4 8).  Every block holds two centre
  cells, so a blank in the centre leaves three centre cells that two blocks cannot
  avoid; there two Ls cover the border ring and the other three centre cells make the
  small pattern (also block + L + 3 partitions).
Three-tile patterns (4096 entries) are built in pure Python when first needed (~0.01 s).

The 3x3 board uses the same search with two 4-4 partitions (rows, then columns) whose
tables are built in pure Python on first use (about 0.02 s each); its hardest boards
then take a few thousand nodes, a few milliseconds.

The 5x5 (the 24-puzzle) has a 5-5-5-5-4 partition for the blank's goal in a corner
(see SHAPES), turned to the other corners by the square's symmetries, and its mirror
image in the diagonal through the blank: two partitions, five tables (built with numpy
in about 2.5 minutes and 2.2 GB each).  Optimal search is still out of reach there (the
mean h on Korf's 50 is 78.6 against optima of 100.8, linear conflict's 78.1), but the
heuristic steers weighted IDA* far better than linear conflict does: w = 3/2 answers 46
of the 50 within 20 s, median 0.4 s, where linear conflict needs tens of seconds.
"""

from __future__ import annotations

import hashlib
import os
import sys
import zlib
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

from .board import Problem
from .pdb_build import cell_bits
from .search import Progress
from .topology import Topology

__all__ = ["SHAPES", "supports", "database_names", "partitions", "cache_dir", "encode",
           "decode", "register", "prepare", "unavailable", "can_build", "not_cached", "weighted_pass", "write_databases", "table", "heuristic_value",
           "idastar", "idastar_parallel", "default_processes"]


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
_SIDE = 4
_MAGIC = b"npuzzle-pdb 1"
# How many partitions the heuristic takes the maximum over.  Two (for a corner blank, the
# classic partition and its diagonal reflection) measured best on korf100: a third cut
# the nodes of boards 0-11 by 28 % but cost 45 % more per node (and 3 % fewer nodes on
# the hardest board); four cut them by 44 % at twice the cost per node, also when the
# extra ones were looked up only where the first two were tight.
MAX_PARTITIONS = 2

# Builds at once: each five-tile 5x5 build holds about 2.2 GB; two keep a 2-core machine busy.
BUILD_PROCESSES = min(2, os.cpu_count() or 1)
_tables: dict = {}  # registry: shape name or (width, height, cells) -> sparse table
_files: dict[str, bytes] = {}  # shape name -> its file's bytes, once read or written


# --- Geometry -------------------------------------------------------------------------

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


def _images() -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """(shape, image cells in the shape's order, inverse symmetry) for each distinct image."""
    seen = set()
    out = []
    for name, (side, cells) in SHAPES.items():
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
    return sum(abs(a // _SIDE - b // _SIDE) + abs(a % _SIDE - b % _SIDE)
               for a, b in combinations(cells, 2))


_CORNERS_5 = (0, 4, 20, 24)


def _inverse(perm: Sequence[int]) -> tuple[int, ...]:
    inverse = [0] * len(perm)
    for a, b in enumerate(perm):
        inverse[b] = a
    return tuple(inverse)


def partitions(goal: Sequence[int], limit: int = MAX_PARTITIONS) -> list[list[tuple]]:
    """Up to ``limit`` partitions for the goal (3x3, 4x4 or 5x5, told by its length), best first.

    Each is a list of groups ``(key, cells, inverse)``: the database key (a shape name, or
    ``(width, height, cells)`` for a small pattern built on demand), the goal cells in
    database order, and the symmetry that maps board cells back to the database's cells.
    On 4x4 the preferred ones have more ``corner6`` blocks, then the small pattern's cells
    close together (a line is strongest).  On 3x3: 4-4 split in reading order, then the
    same by columns (each 4-tile table is 64 KiB, built in about 0.05 s).
    """
    blank = list(goal).index(0)
    if len(goal) == 25:  # the 5-5-5-5-4 partition turned to the blank's corner, and its mirror image
        found = []
        for sym in _symmetries(5):
            if sym[0] == blank:
                inverse = _inverse(sym)
                found.append([(name, tuple(sym[c] for c in cells), inverse)
                              for name, (side, cells) in SHAPES.items() if side == 5])
        return found[:limit]
    if len(goal) == 9:
        identity = tuple(range(9))
        rows = [c for c in range(9) if c != blank]
        cols = [c for c in (0, 3, 6, 1, 4, 7, 2, 5, 8) if c != blank]
        return [[((3, 3, tuple(order[:4])), tuple(order[:4]), identity),
                 ((3, 3, tuple(order[4:])), tuple(order[4:]), identity)]
                for order in (rows, cols)][:limit]
    everything = set(range(_SIDE * _SIDE)) - {blank}
    images = [im for im in _images() if blank not in im[1]]
    identity = tuple(range(_SIDE * _SIDE))
    found = []
    for (na, a, ia), (nb, b, ib) in combinations(images, 2):
        if set(a) & set(b):
            continue
        rest = tuple(sorted(everything - set(a) - set(b)))
        score = ((na == "corner6") + (nb == "corner6"), -_spread(rest))
        found.append((score, [(na, a, ia), (nb, b, ib), ((_SIDE, _SIDE, rest), rest, identity)]))
    found.sort(key=lambda item: item[0], reverse=True)
    return [groups for _, groups in found[:limit]]


def database_names(goal: Sequence[int], topology: Topology, limit: int = MAX_PARTITIONS) -> set[str]:
    """The big databases a goal needs (files to fetch or build): none on 3x3."""
    if not supports(topology, goal) or topology.size == 9:
        return set()
    return {key for groups in partitions(goal, limit) for key, _, _ in groups if isinstance(key, str)}


# --- Files and the registry -------------------------------------------------------------

def cache_dir() -> Path:
    """Where the CLI keeps databases: $NPUZZLE_CACHE/pdb, else ~/.cache/npuzzle/pdb."""
    root = os.environ.get("NPUZZLE_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "npuzzle"
    return base / "pdb"


def encode(name: str, table: bytes) -> bytes:
    """A database file: one header line (magic, name, cells, sha256), then zlib data."""
    side, cells = SHAPES[name]
    digest = hashlib.sha256(table).hexdigest()
    header = b" ".join([_MAGIC, name.encode(), f"{side}x{side}".encode(), ",".join(map(str, cells)).encode(),
                        digest.encode()])
    return header + b"\n" + zlib.compress(table, 9)


def decode(data: bytes) -> tuple[str, bytes]:
    """(name, table) from a database file's bytes; ValueError when it is not one of ours."""
    head, sep, body = data.partition(b"\n")
    fields = head.split(b" ")
    if not sep or b" ".join(fields[:2]) != _MAGIC or len(fields) != 6:
        raise ValueError("not an npuzzle pattern database")
    name = fields[2].decode()
    if name not in SHAPES or fields[4].decode() != ",".join(map(str, SHAPES[name][1])):
        raise ValueError(f"unknown pattern database {name!r}")
    side, cells = SHAPES[name]
    table = zlib.decompress(body)
    if len(table) != 1 << (cell_bits(side * side) * len(cells)) or hashlib.sha256(table).hexdigest() != fields[5].decode():
        raise ValueError(f"pattern database {name!r} is damaged")
    return name, table


def register(data: bytes) -> str:
    """Load a database from a file's bytes into memory; returns its name."""
    name, table = decode(data)
    _tables[name] = table
    _files[name] = data  # so saving it again costs no compression
    return name


def loaded(name: str) -> bool:
    """Whether the named database is in this process's memory."""
    return name in _tables


def _build(name: str, progress: Progress | None) -> bytes:
    from .pdb_build import build

    side, cells = SHAPES[name]
    total = 1
    for i in range(len(cells)):
        total *= side * side - i
    total *= side * side - len(cells)  # placements times the blank's cells

    def report(info: dict) -> None:
        if progress is not None:
            progress({"phase": "building", "database": name, "states": info["states"],
                      "total": total})

    return build(Topology(side, side), cells, report)


def _load_file(path: Path) -> bool:
    """Register a database file if it exists and is sound."""
    try:
        register(path.read_bytes())
        return True
    except (OSError, ValueError):
        return False  # missing, unreadable, damaged or stale: build it again


def _build_quietly(name: str) -> bytes:  # for worker processes (picklable, no callback)
    return _build(name, None)


def _save(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.pdb"
    data = _files.get(name)
    if data is None:  # compressing a 5x5 table takes about 2 s: once per process
        data = _files[name] = encode(name, _tables[name])
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return path


def write_databases(directory: str | os.PathLike, names: Sequence[str] | None = None,
                    progress: Progress | None = None, *, processes: int = 1) -> list[Path]:
    """Write ``<name>.pdb`` files (all shapes unless named) into a directory; for the site.

    Each database comes from memory, else from the cache directory, else it is built
    (and also saved in the cache directory when that is writable).  With processes > 1
    the missing ones are built in parallel worker processes; progress then reports only
    each database as it is finished.
    """
    names = list(names or SHAPES)
    missing = not_cached(names)
    if processes > 1 and len(missing) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(min(processes, len(missing))) as pool:
            for name, table in zip(missing, pool.map(_build_quietly, missing)):
                _tables[name] = table
                if progress is not None:
                    size = len(table)
                    progress({"phase": "building", "database": name, "states": size, "total": size})
    folder = Path(directory)
    into_cache = folder.resolve() == cache_dir().resolve()
    for name in missing:
        if name not in _tables:
            _tables[name] = _build(name, progress)
        try:
            _save(cache_dir(), name)
        except OSError:
            if into_cache:
                raise
            # a read-only home: the cache is only an optimisation
    if into_cache:  # the files found there, and those just saved
        return [folder / f"{name}.pdb" for name in names]
    return [_save(folder, name) for name in names]


def not_cached(names: Sequence[str]) -> list[str]:
    """The named databases neither in memory nor in the cache directory (those found
    there are loaded)."""
    return [n for n in names if n not in _tables and not _load_file(cache_dir() / f"{n}.pdb")]


def prepare(goal: Sequence[int], topology: Topology, directory: str | os.PathLike | None = None, *,
            build: bool = True, progress: Progress | None = None) -> bool:
    """Make the databases a goal needs ready: memory, then the directory, then build.

    The directory defaults to ``cache_dir()``; a database built here is saved there when
    it is writable.  Returns False when one is missing and ``build`` is False.
    """
    folder = Path(directory) if directory is not None else cache_dir()
    for name in sorted(database_names(goal, topology)):
        if name in _tables or _load_file(folder / f"{name}.pdb"):
            continue
        if not build:
            return False
        _tables[name] = _build(name, progress)
        try:
            _save(folder, name)
        except OSError:
            pass  # kept in memory for this process only
    return True


def unavailable(problem: Problem, algorithm: str = "idastar",
                progress: Progress | None = None) -> str | None:
    """None when solve() can use the databases for this problem, else a note saying why not.

    Missing databases are loaded from the cache directory or built there, except in the
    browser (Pyodide), where the page must fetch and ``register`` them first.
    """
    if not supports(problem.topology, problem.goal):
        return ("pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's "
                "goal in a corner: solved with linear conflict")
    if algorithm != "idastar":
        return "pattern databases are used by IDA* only: solved with linear conflict"
    # The 3x3's tables take well under a second in pure Python; a six-tile 4x4 database
    # takes 1-2 minutes with numpy (a five-tile 5x5 one 2-3) and far too long without, so
    # they are built only with it.
    build = problem.topology.size <= 9 and sys.platform != "emscripten" or can_build()
    if not prepare(problem.goal, problem.topology, build=build, progress=progress):
        if sys.platform != "emscripten" and not build:
            return (f"the {problem.topology.width}x{problem.topology.width} pattern databases are not built "
                    "yet and building them needs numpy (pip install numpy, then python3 -m npuzzle "
                    "databases): solved with linear conflict")
        return "pattern databases are not loaded: solved with linear conflict"
    return None


def can_build() -> bool:
    """Whether big databases can be built here in minutes: numpy, and not in the browser."""
    import importlib.util

    return sys.platform != "emscripten" and importlib.util.find_spec("numpy") is not None


def table(key: str | tuple) -> bytes:
    """A registered six-tile database, or a small pattern's table (built on first use)."""
    found = _tables.get(key)
    if found is None:
        if isinstance(key, str):
            raise LookupError(f"pattern database {key!r} is not loaded: call pdb.prepare first")
        from .pdb_build import build_python

        width, height, cells = key
        found = _tables[key] = build_python(Topology(width, height), cells)
    return found


# --- The heuristic and the search -------------------------------------------------------

_deltas: dict = {}


def _delta(inverse: Sequence[int], weight: int, n: int) -> list[int]:
    """delta[a << bits | b]: the change of a group's index when its tile at weight moves
    from cell a to cell b (kept: the parallel search sets up many boards of one goal)."""
    key = (tuple(inverse), weight, n)
    found = _deltas.get(key)
    if found is None:
        bits = cell_bits(n)
        found = [0] * (n << bits)
        for a in range(n):
            for b in range(n):
                found[a << bits | b] = (inverse[b] - inverse[a]) * weight
        _deltas[key] = found
    return found


class _Partition:
    """Look-up tables for one partition.

    tiles[t] = (slot, delta, db): the slot of t's group, delta[key] the change of that
    group's index when t moves from cell a to cell b (key = a << bits | b), and the group's
    table.  index[slot] is each group's current index.
    """

    def __init__(self, groups: list[tuple], goal: Sequence[int], board: Sequence[int]):
        n = len(goal)
        bits = cell_bits(n)
        self.tiles: list = [None] * n
        self.index = []
        self.tables = []
        where = {t: cell for cell, t in enumerate(board)}
        for slot, (key, cells, inverse) in enumerate(groups):
            db = table(key)
            index = 0
            for i, goal_cell in enumerate(cells):
                t = goal[goal_cell]
                weight = 1 << bits * i
                index += inverse[where[t]] * weight
                self.tiles[t] = (slot, _delta(inverse, weight, n), db)
            self.index.append(index)
            self.tables.append(db)

    def value(self) -> int:
        return sum(db[i] for db, i in zip(self.tables, self.index))


def heuristic_value(board: Sequence[int], goal: Sequence[int], limit: int = MAX_PARTITIONS) -> int:
    """The heuristic of a board (the maximum over the partitions of their sums)."""
    return max(_Partition(groups, goal, board).value() for groups in partitions(goal, limit))


class _Named:
    name = "pdb"


# The search kernel is generated for the number of partitions m, so that each partition's
# look-up is straight-line code (a loop over partitions costs more than the look-ups).
# A node carries r = bound - g, the moves its subtree may still make, and for each
# partition j its slack k_j = r - h_j.  For tile t moving from cell to blank (key =
# cell << bits | blank):
#   s, delta, db = T_j[t]; old = I_j[s]; new = old + delta[key]
#   child slack x_j = (k_j - 1) + db[old] - db[new]; the child is pruned when x_j < 0
# as soon as one partition prunes, so later partitions are looked up only for children the
# earlier ones kept.  The next bound is bound - (the largest negative slack pruned).
# Solutions are only found at depth == bound (bounds keep the solution parity), so a kept
# child with r == 0 has h == 0: it is the goal.  Weighted by p/q (f = q g + p h) a move
# costs q and h counts p times, and the goal is the kept child whose slack is all of r
# (h == 0), at any depth.  The board entry under the blank is stale
# (never read): a move writes the tile into the old blank cell and the way back restores
# only the tile's cell, two stores fewer a move (4 %).
_KERNEL = """
def factory(board, path, moves, clock, check, indexes, none):
    {I} = indexes
    nodes = 0
    bound = 0
    best = 0

    def dfs(blank, r, {k}, back):
        nonlocal nodes, best
        nodes += 1
        if not nodes & check:
            clock.tick(nodes, bound)
        r -= {q}
{dec}
        for cell, key in moves[blank][back]:
            t = board[cell]
            {unpack} = t
{lookups}
            board[blank] = t
{store}
            if {goal} or dfs(cell, r, {x}, blank):
                path.append(cell)
                return True
{restore}
            board[cell] = t
        return False

    def run(hs, blank, first_bound, parity):
        nonlocal bound, best
        bound = first_bound
        while True:
            best = -(1 << 30)
            if dfs(blank, bound, *[bound - {p} * h for h in hs], none):
                return True
            bound -= best
            if parity is not None:
                bound += (bound ^ parity) & 1
            clock.tick(nodes, bound)

    def once(hs, blank, depth_left, back):
        # one pass below a node, for the parallel search: (found, best, nodes)
        nonlocal bound, best
        bound = depth_left
        best = -(1 << 30)
        found = dfs(blank, depth_left, *[depth_left - {p} * h for h in hs], back)
        return found, best, nodes

    def stats():
        return bound, nodes

    return run, stats, once
"""
_LOOKUP = """\
            i{j} = I{j}[s{j}]
            n{j} = i{j} + d{j}[key]
            x{j} = k{j} + {p}b{j}[i{j}] - b{j}[n{j}]{close}
            if x{j} < 0:
                if x{j} > best:
                    best = x{j}
                continue
"""


def _kernel(m: int, weight: tuple[int, int] = (1, 1)):
    """The kernel factory for m partitions and a weight p/q (compiled once for each)."""
    factory = _kernels.get((m, weight))
    if factory is None:
        js = range(m)
        p, q = weight
        scale = {} if p == 1 else {"p": f"{p} * (", "close": ")"}
        source = _KERNEL.format(
            p=p, q=q, goal="not r" if weight == (1, 1) else "x0 == r",
            I=", ".join(f"I{j}" for j in js) + ",",
            unpack=", ".join(f"s{j}, d{j}, b{j}" for j in js),
            k=", ".join(f"k{j}" for j in js), x=", ".join(f"x{j}" for j in js),
            dec="\n".join(f"        k{j} -= {q}" for j in js),
            lookups="".join(_LOOKUP.format(j=j, p=scale.get("p", ""), close=scale.get("close", ""))
                            for j in js).rstrip("\n"),
            store="\n".join(f"            I{j}[s{j}] = n{j}" for j in js),
            restore="\n".join(f"            I{j}[s{j}] = i{j}" for j in reversed(js)))
        namespace: dict = {}
        exec(compile(source, f"<pdb kernel m={m} w={p}/{q}>", "exec"), namespace)
        factory = _kernels[m, weight] = namespace["factory"]
    return factory


_kernels: dict = {}


def _search_state(problem: Problem, clock, limit: int = MAX_PARTITIONS, weight: tuple[int, int] = (1, 1)):
    """The kernel's functions for a start board: (run, stats, once, hs, neighbours, path)."""
    from .search import _CHECK_EVERY

    start, goal = problem.start, problem.goal
    parts = [_Partition(g, goal, start) for g in partitions(goal, limit)]
    n = problem.topology.size
    neighbors = problem.topology.neighbors
    bits = cell_bits(n)
    # moves[blank][back]: (cell, key) for each move of the blank but back to the cell it
    # came from (back = n: none).  key = cell << bits | blank: the tile goes from cell to blank.
    moves = [[tuple((c, c << bits | blank) for _, c in neighbors[blank] if c != back)
              for back in range(n + 1)] for blank in range(n)]
    path: list[int] = []  # the blank's cells, filled from the goal backwards on success
    # The board holds each tile's look-up record, (slot, delta, table) for every partition
    # in a row, rather than its number: one subscript finds all a move needs.
    records = [None if t == 0 else sum((p.tiles[t] for p in parts), ()) for t in start]
    run, stats, once = _kernel(len(parts), weight)(records, path, moves, clock, _CHECK_EVERY - 1,
                                                   [p.index for p in parts], n)
    return run, stats, once, [p.value() for p in parts], neighbors, path


def idastar(problem: Problem, *, time_limit: float | None = None,
            progress: Progress | None = None, limit: int = MAX_PARTITIONS,
            weight: tuple[int, int] = (1, 1)):
    """IDA* with the maximum over additive partitions; returns a search.Result.

    With weight (p, q) it is weighted IDA* on f = q g + p h, as search.idastar: the
    answer is at most p/q times the optimum, and its lower_bound is the start's h.
    """
    return _idastar(problem, time_limit, progress, limit, weight, None)[0]


def _parity(problem: Problem) -> int:
    """The parity every solution's length has: that of the blank's distance to its goal cell."""
    w = problem.topology.width
    blank, goal_blank = problem.start.index(0), problem.goal.index(0)
    return (abs(blank // w - goal_blank // w) + abs(blank % w - goal_blank % w)) & 1


def _directions(neighbors, cells: list[int]) -> list[int]:
    """The moves (direction numbers) that take the blank along the cells."""
    return [next(d for d, c in neighbors[a] if c == b) for a, b in zip(cells, cells[1:])]


def weighted_pass(problem: Problem, weight: tuple[int, int], time_limit: float | None,
                  progress: Progress | None, first_bound: int | None):
    """Weighted IDA* from the pass with first_bound: (Result, the bound of the pass it
    stopped in).  For search.WeightedSearch, which runs it in slices."""
    return _idastar(problem, time_limit, progress, MAX_PARTITIONS, weight, first_bound)


def _idastar(problem: Problem, time_limit: float | None, progress: Progress | None, limit: int,
             weight: tuple[int, int], first_bound: int | None):
    """(idastar's Result, the bound of the pass it stopped in).

    The inner loop (see _KERNEL) is written for speed.  Each group's index is updated with
    one addition when a tile moves, later partitions are looked up only when the earlier
    ones did not prune, the move that would undo the last one is never generated, and
    bounds keep the parity every solution has (on a 4x4 board a solution's length has the
    parity of the blank's distance to its goal cell), so no pass is wasted.
    """
    from .search import _Clock, _finish, _Stop

    weighted = weight != (1, 1)
    clock = _Clock("weighted-idastar" if weighted else "idastar", time_limit, progress)
    run, stats, _, hs, neighbors, path = _search_state(problem, clock, limit, weight)
    blank = problem.start.index(0)
    parity = None if weighted else _parity(problem)  # a weighted pass may find the goal at any depth
    bound = max(hs)
    if weighted:
        bound *= weight[0]
    else:
        bound += (bound ^ parity) & 1
    if first_bound is not None:
        bound = max(bound, first_bound)
    heuristic = _Named()
    if hs[0] == 0:
        return _finish(problem, [], 0, 0, clock, heuristic, None), bound
    try:
        run(hs, blank, bound, parity)
    except _Stop as stop:
        bound, nodes = stats()
        return _finish(problem, None, max(hs) if weighted else bound, nodes, clock, heuristic, stop.why), bound
    bound, nodes = stats()
    cells = [blank] + path[::-1]
    return _finish(problem, _directions(neighbors, cells), max(hs) if weighted else bound, nodes, clock, heuristic,
                   None, optimal=not weighted), bound


# --- Parallel search (CPython, several processes) ------------------------------------

_SEQUENTIAL_SECONDS = 0.3  # most boards finish alone in this; only the hard ones split
_SPLIT_DEPTH = 3           # the tree is split at this depth: up to 36 subtrees (2 gave 5-15 % less)


def _frontier(problem: Problem, depth: int) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """Every node `depth` moves below the start, never undoing a move: (board, the cell
    the blank came from, the blank's cells so far)."""
    neighbors = problem.topology.neighbors
    nodes = [(problem.start, problem.topology.size, [problem.start.index(0)])]
    for _ in range(depth):
        deeper = []
        for board, back, cells in nodes:
            blank = cells[-1]
            for _, c in neighbors[blank]:
                if c != back:
                    b = list(board)
                    b[blank], b[c] = b[c], 0
                    deeper.append((tuple(b), blank, cells + [c]))
        nodes = deeper
    return nodes


def _pass(job: tuple, clock=None) -> tuple[bool, int, int, list[int]]:
    """One IDA* pass below a frontier node (in a worker process, or here with a clock that
    may stop it): (found, best, nodes, cells)."""
    from .search import _Clock

    board, goal, back, depth_left = job
    side = round(len(board) ** 0.5)
    problem = Problem(board, goal, Topology(side, side))
    _, _, once, hs, _, path = _search_state(problem, clock or _Clock("idastar", None, None))
    if max(hs) > depth_left:
        return False, depth_left - max(hs), 0, []
    found, best, nodes = once(hs, board.index(0), depth_left, back)
    return found, best, nodes, path[::-1]


def default_processes() -> int:
    """Processes for the pattern-database search: the cores (at most 4), or $NPUZZLE_PROCESSES;
    one in Pyodide, which has no processes."""
    if sys.platform == "emscripten":
        return 1
    wanted = os.environ.get("NPUZZLE_PROCESSES", "")
    return max(1, int(wanted)) if wanted.isdigit() else min(os.cpu_count() or 1, 4)


def idastar_parallel(problem: Problem, processes: int, *, time_limit: float | None = None,
                     progress: Progress | None = None):
    """IDA* with each pass split at depth 3 into subtrees, most promising first.

    With processes > 1 the subtrees are shared out to worker processes; with one they
    run in turn here (Pyodide).  Every pass is the sequential search's pass, so the first
    solution found is optimal, and the pass that finds it stops at once.  Boards that
    finish alone in 0.3 s are solved by idastar (no start-up).
    """
    import multiprocessing

    from .search import _Clock, _finish, _Stop

    first = idastar(problem, time_limit=_SEQUENTIAL_SECONDS if time_limit is None
                    else min(_SEQUENTIAL_SECONDS, time_limit), progress=progress)
    if first.found or first.stopped != "time limit" or (time_limit is not None and time_limit <= _SEQUENTIAL_SECONDS):
        return first
    clock = _Clock("idastar", None if time_limit is None else time_limit - first.seconds, progress)
    clock.start -= first.seconds
    goal = problem.goal
    parity = _parity(problem)
    # most promising subtrees first: the last pass stops as soon as one holds a solution
    # (Korf #60: 3.4 s instead of 5.0 s in two processes; some boards lose a little)
    frontier = sorted(_frontier(problem, _SPLIT_DEPTH), key=lambda node: heuristic_value(node[0], goal))
    bound, nodes = first.lower_bound, first.nodes
    neighbors = problem.topology.neighbors
    pool = multiprocessing.get_context("fork").Pool(processes) if processes > 1 else None

    def passes(jobs):
        """(index, result) for each job, as they finish; raises _Stop at the deadline."""
        if pool is None:
            for i, job in enumerate(jobs):
                yield i, _pass(job, clock)
            return
        results = pool.imap_unordered(_pass_indexed, enumerate(jobs))
        for _ in jobs:
            left = None if clock.deadline is None else clock.deadline - clock.elapsed() - clock.start
            try:
                yield results.next(timeout=None if left is None else max(left, 0.0))
            except multiprocessing.TimeoutError:
                raise _Stop("time limit") from None

    try:
        while True:
            best = -(1 << 30)
            for i, (ok, b, n, cells) in passes([(board, goal, back, bound - _SPLIT_DEPTH)
                                                 for board, back, _ in frontier]):
                nodes += n
                best = max(best, b)
                if ok:
                    found = frontier[i][2] + cells
                    return _finish(problem, _directions(neighbors, found), bound, nodes, clock, _Named(), None)
            bound -= best
            bound += (bound ^ parity) & 1
            clock.tick(nodes, bound)
    except _Stop as stop:
        return _finish(problem, None, bound, nodes, clock, _Named(), stop.why)
    finally:
        if pool is not None:
            pool.terminate()


def _pass_indexed(item: tuple[int, tuple]) -> tuple[int, tuple]:
    i, job = item
    return i, _pass(job)
