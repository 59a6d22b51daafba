"""Pattern-database files: their format, the registry of loaded tables, the cache
directory, building the missing ones, and the one place that knows about the browser.

    >>> name, table = decode(encode("corner6", bytes(1 << 24)))
    >>> name, len(table)
    ('corner6', 16777216)

A file is one header line (magic, name, board size, cells, sha256 of the table), then the
zlib-compressed sparse table.  Tables come from memory, else from the cache directory
(``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``, subfolder ``pdb``), else they are built
there (numpy: minutes).  In Pyodide (``IN_BROWSER``) nothing big is ever built: the page
fetches the files and calls ``register``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

from ..board import Problem
from ..messages import Text
from ..engine import Progress
from ..topology import Topology
from .build import build, build_python, cell_bits
from .shapes import ALL_SHAPES, SHAPES, STRONG_SHAPES, database_names, supports, use_strong

__all__ = ["IN_BROWSER", "BUILD_PROCESSES", "cache_dir", "encode", "decode", "register", "loaded",
           "write_databases", "not_cached", "prepare", "unavailable", "missing_note", "can_build", "table"]

# Pyodide, in the page's worker: no processes, no numpy, files come from the page.
IN_BROWSER = sys.platform == "emscripten"
_MAGIC = b"npuzzle-pdb 1"

# Builds at once: each five-tile 5x5 build holds about 2.2 GB; two keep a 2-core machine busy.
BUILD_PROCESSES = min(2, os.cpu_count() or 1)
_tables: dict = {}  # registry: shape name or (width, height, cells) -> sparse table
_files: dict[str, bytes] = {}  # shape name -> its file's bytes, once read or written


def cache_dir() -> Path:
    """Where the CLI keeps databases: $NPUZZLE_CACHE/pdb, else ~/.cache/npuzzle/pdb."""
    root = os.environ.get("NPUZZLE_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "npuzzle"
    return base / "pdb"


def encode(name: str, table: bytes) -> bytes:
    """A database file: one header line (magic, name, cells, sha256), then zlib data."""
    side, cells = ALL_SHAPES[name]
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
    if name not in ALL_SHAPES or fields[4].decode() != ",".join(map(str, ALL_SHAPES[name][1])):
        raise ValueError(f"unknown pattern database {name!r}")
    side, cells = ALL_SHAPES[name]
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
    side, cells = ALL_SHAPES[name]
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
    each database as it is finished, with ``done`` and ``of`` (how many of the missing).
    """
    names = list(names or SHAPES)
    missing = not_cached(names)
    if processes > 1 and len(missing) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(min(processes, len(missing))) as pool:
            futures = {pool.submit(_build_quietly, name): name for name in missing}
            for done, future in enumerate(as_completed(futures), 1):
                name = futures[future]
                _tables[name] = table = future.result()
                if progress is not None:
                    size = len(table)
                    progress({"phase": "building", "database": name, "states": size, "total": size,
                              "done": done, "of": len(missing)})
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
    if topology.size == 16 and not IN_BROWSER:
        use_strong(_strong_wanted(folder))
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


def _strong_wanted(folder: Path) -> bool:
    """Whether the 4x4's stronger databases (STRONG_SHAPES) are loaded or in folder, and
    not turned off by NPUZZLE_DATABASES=standard (to compare the two)."""
    if os.environ.get("NPUZZLE_DATABASES", "") == "standard":
        return False
    return all(name in _tables or _load_file(folder / f"{name}.pdb") for name in STRONG_SHAPES)


def unavailable(problem: Problem, algorithm: str = "idastar",
                progress: Progress | None = None) -> str | None:
    """None when solve() can use the databases for this problem, else a note saying why not.

    Missing databases are loaded from the cache directory or built there, except in the
    browser (Pyodide), where the page must fetch and ``register`` them first.
    """
    if not supports(problem.topology, problem.goal):
        return Text("pdb.not_covered")
    if algorithm != "idastar":
        return Text("pdb.idastar_only")
    # The 3x3's tables take well under a second in pure Python; a six-tile 4x4 database
    # takes 1-2 minutes with numpy (a five-tile 5x5 one 2-3) and far too long without, so
    # they are built only with it.
    can = problem.topology.size <= 9 and not IN_BROWSER or can_build()
    if not prepare(problem.goal, problem.topology, build=can, progress=progress):
        if not IN_BROWSER and not can:
            return Text("pdb.needs_numpy", size=problem.topology.width)
        return Text("pdb.not_loaded")
    return None


def missing_note(size: int) -> str:
    """What a weighted search says when a size's databases are missing (never built there:
    minutes)."""
    if IN_BROWSER:
        return Text("pdb.missing_page", size=size)
    return Text("pdb.missing", size=size)


def can_build() -> bool:
    """Whether big databases can be built here in minutes: numpy, and not in the browser."""
    return not IN_BROWSER and importlib.util.find_spec("numpy") is not None


def table(key: str | tuple) -> bytes:
    """A registered six-tile database, or a small pattern's table (built on first use)."""
    found = _tables.get(key)
    if found is None:
        if isinstance(key, str):
            raise LookupError(f"pattern database {key!r} is not loaded: call pdb.prepare first")
        width, height, cells = key
        found = _tables[key] = build_python(Topology(width, height), cells)
    return found

