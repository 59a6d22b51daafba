"""Pattern-database files: their format, the registry of loaded tables, the cache
directory, building the missing ones, and the one place that knows about the browser.

    >>> name, table = decode(encode("corner6", bytes(1 << 24)))
    >>> name, len(table)
    ('corner6', 16777216)

A file is one header line (magic, name, board size, cells, sha256 of the table), then the
zlib-compressed sparse table.  The biggest (``RAW``: half8's 4 GiB) are stored as they
are, after a header padded to 64 KiB, and mapped into memory instead of read: a process
starts on them at once, and the processes of a split search share one copy.  Tables come
from memory, else from the cache directory (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``,
subfolder ``pdb``), else they are built there (numpy: minutes).  In Pyodide (``IN_BROWSER``) nothing big is ever built: the page
fetches the files and calls ``register``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..board import Problem
from ..engine import Progress
from ..messages import Text
from ..topology import Topology
from .build import build, build_python, build_regions, cell_bits
from .shapes import ALL_SHAPES, SHAPES, SIX, STRONG_LEVELS, STRONG_SHAPES, database_names, supports, use_six, use_strong

__all__ = [
    "IN_BROWSER",
    "BUILD_PROCESSES",
    "RAW",
    "DATABASES_SETTINGS",
    "strongest_level",
    "strong_allowed",
    "cache_dir",
    "encode",
    "decode",
    "register",
    "loaded",
    "write_databases",
    "not_cached",
    "prepare",
    "unavailable",
    "missing_note",
    "can_build",
    "table",
    "write_raw",
    "open_raw",
    "check_file",
    "passed_over",
]

# Pyodide, in the page's worker: no processes, no numpy, files come from the page.
IN_BROWSER = sys.platform == "emscripten"
_MAGIC = b"npuzzle-pdb 1"
_RAW_MAGIC = b"npuzzle-pdb-raw 1"
_RAW_HEADER = 1 << 16  # bytes before the table: mmap's offset must be a multiple of the
# allocation granularity (4 KiB on Linux, 16 KiB on macOS on arm64, 64 KiB on Windows)
# databases stored uncompressed and mapped (compressing 4 GiB takes minutes; the 5x5's
# six-tile ones, 1 GiB each, start at once)
RAW = {"half8", *SIX}
# NPUZZLE_DATABASES: the strongest 4x4 databases to use when built (an index into
# shapes.STRONG_LEVELS); unset, "strong" or "on": the strongest built.  The command line
# refuses other values.
_STRONGEST = len(STRONG_LEVELS) - 1
DATABASES_SETTINGS = {
    "standard": 0,
    **{name: i for i, name in enumerate(STRONG_LEVELS) if name},
    "strong": _STRONGEST,
    "on": _STRONGEST,
    "": _STRONGEST,
}

# Builds at once: each five-tile 5x5 build holds about 2.2 GB; two keep a 2-core machine busy.
BUILD_PROCESSES = min(2, os.cpu_count() or 1)
_tables: dict = {}  # registry: shape name or (width, height, cells) -> sparse table
_files: dict[str, bytes] = {}  # shape name -> its file's bytes, once read or written
_passed_over: dict[str, str] = {}  # shape name -> why its file was there but not used


def cache_dir() -> Path:
    """Where the CLI keeps databases: $NPUZZLE_CACHE/pdb, else ~/.cache/npuzzle/pdb."""
    root = os.environ.get("NPUZZLE_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "npuzzle"
    return base / "pdb"


def _shape_fields(name: str) -> list[bytes]:
    """A database's board size and cells as its file's header gives them."""
    side, cells = ALL_SHAPES[name]
    return [f"{side}x{side}".encode(), ",".join(map(str, cells)).encode()]


def _header(magic: bytes, name: str, digest: str) -> bytes:
    return b" ".join([magic, name.encode(), *_shape_fields(name), digest.encode()])


def _size(name: str) -> int:
    """A database's table size in bytes (its sparse index's range)."""
    side, cells = ALL_SHAPES[name]
    return 1 << (cell_bits(side * side) * len(cells))


def encode(name: str, table: bytes) -> bytes:
    """A database file: one header line (magic, name, cells, sha256), then zlib data."""
    return _header(_MAGIC, name, hashlib.sha256(table).hexdigest()) + b"\n" + zlib.compress(table, 9)


def write_raw(path: Path, name: str, table: Any) -> None:
    """Write a RAW database file: the header line padded to 64 KiB, then the table as it is
    (``table``: bytes, an mmap or a numpy array).  Written beside the path, read back and
    checked against the table's digest, then moved into place; nothing is left behind when
    that fails (a full disk, an interrupt)."""
    digest = hashlib.sha256(table).hexdigest()
    header = _header(_RAW_MAGIC, name, digest) + b"\n"
    tmp = path.with_suffix(".tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(header.ljust(_RAW_HEADER, b" "))
            out.write(memoryview(table).cast("B"))
            out.flush()
            os.fsync(out.fileno())
        if _digest_of(tmp) != digest:
            raise OSError(f"{tmp}: what was written differs from the table")
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _digest_of(path: Path) -> str:
    """The sha256 of a RAW file's table, read back from the disk."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(_RAW_HEADER)
        while chunk := f.read(1 << 24):
            digest.update(chunk)
    return digest.hexdigest()


def open_raw(path: Path) -> tuple[str, object]:
    """(name, table) of a RAW database file, the table mapped read-only from the file.
    Its size and header are checked, not its digest (reading 4 GiB takes seconds; it was
    checked when written); ValueError when it is not one of ours, OSError when it cannot
    be read."""
    import mmap

    with open(path, "rb") as f:
        head = f.read(_RAW_HEADER)
        fields = head.partition(b"\n")[0].split(b" ")
        if b" ".join(fields[:2]) != _RAW_MAGIC or len(fields) != 6:
            raise ValueError("not an npuzzle pattern database")
        name = fields[2].decode()
        if name not in RAW or fields[3:5] != _shape_fields(name):
            raise ValueError(f"unknown pattern database {name!r}")
        if os.fstat(f.fileno()).st_size != _RAW_HEADER + _size(name):
            raise ValueError(f"pattern database {name!r} is damaged")
        return name, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ, offset=_RAW_HEADER)


def decode(data: bytes) -> tuple[str, bytes]:
    """(name, table) from a database file's bytes; ValueError when it is not one of ours."""
    head, sep, body = data.partition(b"\n")
    fields = head.split(b" ")
    if not sep or b" ".join(fields[:2]) != _MAGIC or len(fields) != 6:
        raise ValueError("not an npuzzle pattern database")
    name = fields[2].decode()
    if name not in ALL_SHAPES or fields[4] != _shape_fields(name)[1]:
        raise ValueError(f"unknown pattern database {name!r}")
    side, cells = ALL_SHAPES[name]
    try:
        table = zlib.decompress(body)
    except zlib.error:  # cut off or overwritten
        raise ValueError(f"pattern database {name!r} is damaged") from None
    if len(table) != _size(name) or hashlib.sha256(table).hexdigest() != fields[5].decode():
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


def _build(name: str, progress: Progress | None) -> Any:
    """A database's table: bytes, or for RAW ones a numpy array (see _keep)."""
    side, cells = ALL_SHAPES[name]
    # placements and the blank's regions: far less time and memory (the six-tile 5x5 ones
    # could not be built by cells: 2.4 billion states)
    by_regions = (side * side <= 16 or name in SIX) and can_build()
    total = 1  # the states build() goes through: placements times the blank's cells
    for i in range(len(cells) + 1):
        total *= side * side - i

    def report(info: dict[str, Any]) -> None:
        if progress is not None:  # build_regions says its own total (placements)
            progress(
                {"phase": "building", "database": name, "states": info["states"], "total": info.get("total", total)}
            )

    if by_regions:
        table = build_regions(Topology(side, side), cells, report)
        return table if name in RAW else table.tobytes()
    return build(Topology(side, side), cells, report)


def _keep(folder: Path, name: str, table: Any) -> None:
    """Register a table just built, saving it in folder (a RAW one must be saved: it is
    then mapped from its file, and the built copy freed)."""
    if name in RAW:
        folder.mkdir(parents=True, exist_ok=True)
        write_raw(folder / f"{name}.pdb", name, table)
        del table
        _tables[name] = open_raw(folder / f"{name}.pdb")[1]
        return
    _tables[name] = table
    try:
        _save(folder, name)
    except OSError:
        pass  # kept in memory for this process only


def _load_file(path: Path) -> bool:
    """Register a database file if it exists and is sound.  A file that is there but cannot
    be used (damaged, cut off, another database's) is noted with the reason, for
    ``passed_over``; the caller builds the table again or goes on without it."""
    try:
        if path.stem in RAW:
            name, table = open_raw(path)
            if name != path.stem:
                raise ValueError(f"it holds {name}")
            _tables[name] = table
        else:
            data = path.read_bytes()
            name, table = decode(data)
            if name != path.stem:
                raise ValueError(f"it holds {name}")
            _tables[name], _files[name] = table, data
    except (OSError, ValueError) as e:
        if path.exists():
            _passed_over[path.stem] = _reason(e)
        return False
    _passed_over.pop(path.stem, None)
    return True


def _reason(error: OSError | ValueError) -> str:
    """A file's problem in a few words: the error's own, or the system's for an OSError."""
    return error.strerror or str(error) if isinstance(error, OSError) else str(error)


def check_file(path: Path) -> str | None:
    """Why a database file cannot be used, in a few words (``pattern database 'half7' is
    damaged``); None when it is sound or absent.  Nothing is registered.  A RAW file's
    header and size are read; any other is decompressed and its digest compared (about a
    second for half7): for ``npuzzle databases list``, not for every search."""
    if not path.exists():
        return None
    try:
        if path.stem in RAW:
            name, table = open_raw(path)
            table.close()  # type: ignore[attr-defined]  # an mmap
        else:
            name, _ = decode(path.read_bytes())
    except (OSError, ValueError) as e:
        return _reason(e)
    return None if name == path.stem else f"it holds {name}"


def passed_over() -> dict[str, str]:
    """The databases whose files were found but could not be used since the last call, with
    the reason: the search went on without them (the stronger 4x4 ones) or built them again."""
    found = dict(_passed_over)
    _passed_over.clear()
    return found


def _build_quietly(name: str) -> bytes:  # for worker processes (picklable, no callback)
    return _build(name, None)


def _save(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.pdb"
    if name in RAW:
        write_raw(path, name, _tables[name])
        return path
    data = _files.get(name)
    if data is None:  # compressing a 5x5 table takes about 2 s: once per process
        data = _files[name] = encode(name, _tables[name])
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return path


def write_databases(
    directory: str | os.PathLike,
    names: Sequence[str] | None = None,
    progress: Progress | None = None,
    *,
    processes: int = 1,
) -> list[Path]:
    """Write ``<name>.pdb`` files (all shapes unless named) into a directory; for the site.

    Each database comes from memory, else from the cache directory, else it is built
    (and also saved in the cache directory when that is writable).  With processes > 1
    the missing ones are built in parallel worker processes; progress then reports only
    each database as it is finished, with ``done`` and ``of`` (how many of the missing).
    """
    names = list(names or SHAPES)
    missing = not_cached(names)
    pooled = [name for name in missing if name not in STRONG_SHAPES]  # the strong ones: one at a time, here
    if processes > 1 and len(pooled) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(min(processes, len(pooled))) as pool:
            futures = {pool.submit(_build_quietly, name): name for name in pooled}
            for done, future in enumerate(as_completed(futures), 1):
                name = futures[future]
                _tables[name] = table = future.result()
                if progress is not None:
                    size = len(table)
                    progress(
                        {
                            "phase": "building",
                            "database": name,
                            "states": size,
                            "total": size,
                            "done": done,
                            "of": len(pooled),
                        }
                    )
    folder = Path(directory)
    into_cache = folder.resolve() == cache_dir().resolve()
    for name in missing:
        if name in RAW:
            _keep(folder if into_cache else cache_dir(), name, _build(name, progress))
            continue
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


def prepare(
    goal: Sequence[int],
    topology: Topology,
    directory: str | os.PathLike | None = None,
    *,
    build: bool = True,
    progress: Progress | None = None,
) -> bool:
    """Make the databases a goal needs ready: memory, then the directory, then build.

    The directory defaults to ``cache_dir()``; a database built here is saved there when
    it is writable.  Returns False when one is missing and ``build`` is False.
    """
    folder = Path(directory) if directory is not None else cache_dir()
    if topology.size == 16 and not IN_BROWSER:
        use_strong(_strong_wanted(folder))
    if topology.size == 25 and not IN_BROWSER:
        use_six(_six_wanted(folder))
    for name in sorted(database_names(goal, topology)):
        if name in _tables or _load_file(folder / f"{name}.pdb"):
            continue
        if not build:
            return False
        _keep(folder, name, _build(name, progress))
    return True


_strong_looked: set[tuple[Path, int]] = set()  # (folder, level) already searched for STRONG_SHAPES' files


def _strong_wanted(folder: Path) -> str:
    """The strongest 4x4 partitions the stronger databases (STRONG_SHAPES) loaded or in
    folder give: "half8" (7-8: half7 and half8), "half7" (7-7-1) or "" (none), at most
    what NPUZZLE_DATABASES allows ("standard": none, "half7": 7-7-1; to compare them).
    A folder is looked in once a process: the split search prepares the databases for
    every subtree."""
    top = _allowed()
    if (folder, top) not in _strong_looked:
        _strong_looked.add((folder, top))
        for name in STRONG_LEVELS[1 : top + 1]:
            if name not in _tables:
                _load_file(folder / f"{name}.pdb")
    return strongest_level(lambda name: name in _tables)


def _six_wanted(folder: Path) -> bool:
    """Whether both six-tile 5x5 databases are loaded or in folder (then loaded), unless
    NPUZZLE_DATABASES is "standard"; a folder is looked in once a process."""
    if not strong_allowed():
        return False
    if (folder, -1) not in _strong_looked:
        _strong_looked.add((folder, -1))
        for name in SIX:
            if name not in _tables:
                _load_file(folder / f"{name}.pdb")
    return all(name in _tables for name in SIX)


def strong_allowed() -> bool:
    """Whether NPUZZLE_DATABASES lets the stronger databases be used (not "standard")."""
    return _allowed() > 0


def _allowed() -> int:
    """The strongest level NPUZZLE_DATABASES allows (an index into STRONG_LEVELS)."""
    return DATABASES_SETTINGS.get(os.environ.get("NPUZZLE_DATABASES", ""), _STRONGEST)


def strongest_level(has: Callable[[str], bool], allowed: bool = True) -> str:
    """The strongest of STRONG_LEVELS whose table `has(name)` says is there, with those of
    every level before it (7-8 takes half7 and half8); with `allowed`, at most what
    NPUZZLE_DATABASES allows."""
    level = ""
    for candidate in STRONG_LEVELS[1 : _allowed() + 1 if allowed else None]:
        if not has(candidate):
            break
        level = candidate
    return level


def unavailable(problem: Problem, algorithm: str = "idastar", progress: Progress | None = None) -> str | None:
    """None when solve() can use the databases for this problem, else a note saying why not.

    Missing databases are loaded from the cache directory or built there, except in the
    browser (Pyodide), where the page must fetch and ``register`` them first.
    """
    if not supports(problem.topology, problem.goal):
        return Text("pdb.not_covered")
    if algorithm != "idastar":
        return Text("pdb.idastar_only")
    # The 3x3's tables take well under a second in pure Python; a six-tile 4x4 database
    # takes about 12 s with numpy (a five-tile 5x5 one 2-3) and far too long without, so
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


def table(key: str | tuple[int, int, tuple[int, ...]]) -> Any:
    """A registered database (bytes, or an mmap for RAW ones), or a small pattern's table
    (bytes, built on first use)."""
    found = _tables.get(key)
    if found is None:
        if isinstance(key, str):
            raise LookupError(f"pattern database {key!r} is not loaded: call pdb.prepare first")
        width, height, cells = key
        found = _tables[key] = build_python(Topology(width, height), cells)
    return found
