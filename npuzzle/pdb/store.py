"""Pattern databases in a process: the registry of loaded tables, the cache directory,
building the missing ones, and the one place that knows about the browser.  The files'
format is ``npuzzle.pdb.files``'s (its names are here too, for callers).  Tables come
from memory, else from the cache directory (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``,
subfolder ``pdb``), else they are built there (numpy: minutes).  In Pyodide (``IN_BROWSER``) nothing big is ever built: the page
fetches the files and calls ``register``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..catalogue import Text
from ..result import Progress
from ..rules.board import Problem
from ..rules.topology import Topology
from . import compact
from .build import build, build_python, build_regions
from .estimate import by_regions
from .files import RAW, check_file, decode, encode, open_raw, outdated, reason, write_raw
from .shapes import (
    ALL_SHAPES,
    BLANK_HOME,
    LEVEL_TABLES,
    SHAPES,
    SIX,
    STRONG_LEVELS,
    STRONG_SHAPES,
    database_names,
    page_wants,
    supports,
    use_six,
    use_strong,
)

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
    "use_compact",
    "use_dense",
    "loaded",
    "loaded_names",
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
    "outdated",
    "passed_over",
]

# Pyodide, in the page's worker: no processes, no numpy, files come from the page.
IN_BROWSER = sys.platform == "emscripten"
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
_dense: dict = {}  # name -> its dense table, while its compact form is in use (use_compact)
_passed_over: dict[str, str] = {}  # shape name -> why its file was there but not used


def cache_dir() -> Path:
    """Where the CLI keeps databases: $NPUZZLE_CACHE/pdb, else ~/.cache/npuzzle/pdb."""
    root = os.environ.get("NPUZZLE_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "npuzzle"
    return base / "pdb"


def register(data: bytes) -> str:
    """Load a database from a file's bytes into memory (a dense table's file, or a compact
    table's: npuzzle.pdb.compact); returns its name."""
    if compact.is_compact(data):
        name, small = compact.read(data)
        _tables[name] = small
        return name
    name, table = decode(data)
    _tables[name] = table
    _files[name] = data  # so saving it again costs no compression
    return name


def use_compact(names: Sequence[str], folder: str | os.PathLike | None = None) -> None:
    """Read the named databases (loaded, or in the folder: the cache by default) from their
    compact tables (npuzzle.pdb.compact): NAME.compact in the folder, else converted from the
    dense table (half8: 10 s).  The partitions stay; the kernel reads each group by its rank."""
    where = Path(folder) if folder is not None else cache_dir()
    for name in names:
        if isinstance(_tables.get(name), compact.Compact):
            continue
        path = where / f"{name}.compact"
        if path.exists():
            dense = _tables.get(name)
            register(path.read_bytes())
        else:
            if not_cached([name]):
                raise LookupError(f"pattern database {name!r} is not built")
            dense = _tables[name]
            side, cells = ALL_SHAPES[name]
            _tables[name] = compact.to_compact(dense, side * side, len(cells))
        if dense is not None:
            _dense[name] = dense


def use_dense(names: Sequence[str]) -> None:
    """Read the named databases from their dense tables again (those use_compact kept)."""
    for name in names:
        if name in _dense:
            _tables[name] = _dense.pop(name)


def loaded(name: str) -> bool:
    """Whether the named database is in this process's memory."""
    return name in _tables


def loaded_names() -> frozenset:
    """Every table in this process's memory, by name (a kept pool of workers forked before
    one of them was loaded is started again: npuzzle.pdb.parallel.kept_pool)."""
    return frozenset(_tables)


def _build(name: str, progress: Progress | None) -> Any:
    """A database's table: bytes, or for RAW ones a numpy array (see _keep)."""
    side, cells = ALL_SHAPES[name]
    blank_home = BLANK_HOME.get(name)
    # placements and the blank's regions: far less time and memory (the six-tile 5x5 ones
    # could not be built by cells: 2.4 billion states)
    regions = by_regions(name) and can_build()
    total = 1  # the states build() goes through: placements times the blank's cells
    for i in range(len(cells) + 1):
        total *= side * side - i

    def report(info: dict[str, Any]) -> None:
        if progress is not None:  # build_regions says its own total (placements)
            progress(
                {"phase": "building", "database": name, "states": info["states"], "total": info.get("total", total)}
            )

    if regions:
        table = build_regions(Topology(side, side), cells, report, blank_home=blank_home)
        return table if name in RAW else table.tobytes()
    return build(Topology(side, side), cells, report, blank_home=blank_home)


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
            _passed_over[path.stem] = reason(e)
        return False
    _passed_over.pop(path.stem, None)
    return True


def passed_over() -> dict[str, str]:
    """The databases whose files were found but could not be used since the last call, with
    the reason: the search went on without them (the stronger 4x4 ones) or built them again."""
    found = dict(_passed_over)
    _passed_over.clear()
    return found


def _build_quietly(name: str) -> bytes:  # for worker processes (picklable, no callback)
    return _build(name, None)


def _leave_on_interrupt() -> None:
    """A worker process's Ctrl-C: it leaves at once, without a traceback; the process that
    started it says what was stopped (npuzzle.cli.cache)."""
    import signal

    signal.signal(signal.SIGINT, lambda *_: os._exit(130))


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
    missing = not_cached(names, fresh=True)
    pooled = [name for name in missing if name not in STRONG_SHAPES]  # the strong ones: one at a time, here
    if processes > 1 and len(pooled) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(min(processes, len(pooled)), initializer=_leave_on_interrupt) as pool:
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


def not_cached(names: Sequence[str], *, fresh: bool = False) -> list[str]:
    """The named databases neither in memory nor in the cache directory (those found
    there are loaded); with ``fresh`` (to build them), also those whose file was built
    before its shape's blank had a home (``files.outdated``: weaker)."""
    return [
        n
        for n in names
        if fresh and outdated(cache_dir() / f"{n}.pdb") or n not in _tables and not _load_file(cache_dir() / f"{n}.pdb")
    ]


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
    if topology.size == 16:
        # in the page, the stronger tables it registered when the person asked for them
        # (Solver options: shapes.page_strong), else those in the folder
        use_strong((strongest_level(loaded) if page_wants() else "") if IN_BROWSER else _strong_wanted(folder))
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
    folder give: "half7h" (7-8: half7h and half8), "half8" (7-8: half7 and half8), "half7"
    (7-7-1) or "" (none), at most what NPUZZLE_DATABASES allows ("standard": none, "half7":
    7-7-1, "half8": 7-8 with half7; to compare them).  Only the tables of the strongest
    level whose files are all there are loaded (7-8 with half7h leaves half7 alone), and a
    folder is looked in once a process: the split search prepares the databases for every
    subtree."""
    top = _allowed()
    if (folder, top) not in _strong_looked:
        _strong_looked.add((folder, top))
        for level in reversed(STRONG_LEVELS[1 : top + 1]):
            names = LEVEL_TABLES[level]
            there = all(name in _tables or (folder / f"{name}.pdb").exists() for name in names)
            if there and all(name in _tables or _load_file(folder / f"{name}.pdb") for name in names):
                break
    return strongest_level(lambda name: name in _tables)


def _look_once(folder: Path, key: int, names: Sequence[str]) -> None:
    """Load the named databases not in memory from folder, once a process for (folder, key)."""
    if (folder, key) not in _strong_looked:
        _strong_looked.add((folder, key))
        for name in names:
            if name not in _tables:
                _load_file(folder / f"{name}.pdb")


def _six_wanted(folder: Path) -> bool:
    """Whether both six-tile 5x5 databases are loaded or in folder (then loaded), unless
    NPUZZLE_DATABASES is "standard"; a folder is looked in once a process."""
    if not strong_allowed():
        return False
    _look_once(folder, -1, SIX)  # -1: apart from the 4x4's levels
    return all(name in _tables for name in SIX)


def strong_allowed() -> bool:
    """Whether NPUZZLE_DATABASES lets the stronger databases be used (not "standard")."""
    return _allowed() > 0


def _allowed() -> int:
    """The strongest level NPUZZLE_DATABASES allows (an index into STRONG_LEVELS)."""
    return DATABASES_SETTINGS.get(os.environ.get("NPUZZLE_DATABASES", ""), _STRONGEST)


def strongest_level(has: Callable[[str], bool], allowed: bool = True) -> str:
    """The strongest of STRONG_LEVELS whose tables (LEVEL_TABLES) `has(name)` says are all
    there (7-8 takes half8 and half7h, else half8 and half7); with `allowed`, at most what
    NPUZZLE_DATABASES allows."""
    level = ""
    for candidate in STRONG_LEVELS[1 : _allowed() + 1 if allowed else None]:
        if all(has(name) for name in LEVEL_TABLES[candidate]):
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
