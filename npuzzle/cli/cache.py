"""The pattern databases' cache, as ``npuzzle databases`` looks after it: what each
database costs, which 4x4 partition the files give, and building them into the cache
after checking that it can be written and has room."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import pdb
from ..pdb import store
from ..pdb.estimate import duration, estimate
from .errors import Invalid
from .progress import BuildProgress, together

__all__ = ["STRONG_COST", "mib", "built", "strong_in_use", "six_in_use", "damaged_line", "wanted", "build"]

# The stronger databases' cost, measured (docs/benchmarks.md): MiB on disk, GiB of memory
# while building (npuzzle.pdb.build.build_regions; 2.59 GB measured for 5x5-6a).  The time
# a build takes is estimated when it starts (npuzzle.pdb.estimate): no constant fits
# every machine, nor this one under load.
STRONG_COST = {
    "half7": (30, 1.3),
    "half7h": (30, 1.3),
    "half8": (4096, 6),
    "5x5-6a": (1024, 2.6),
    "5x5-6b": (1024, 2.6),
}


def mib(name: str) -> int:
    """The database's size in memory, MiB."""
    side, cells = pdb.ALL_SHAPES[name]
    return (1 << pdb.cell_bits(side * side) * len(cells)) >> 20


def built(name: str) -> bool:
    """Whether the database's file is in the cache (only its presence is read)."""
    return (store.cache_dir() / f"{name}.pdb").exists()


def strong_in_use(damaged: dict[str, str] | None = None) -> str:
    """Which partition a 4x4 board gets from the files in the cache and NPUZZLE_DATABASES;
    ``damaged`` (name -> why, from ``store.check_file``) are files a search passes over."""
    damaged = damaged or {}

    def usable(name: str) -> bool:
        return built(name) and name not in damaged

    level = store.strongest_level(usable)
    capped = level != store.strongest_level(usable, allowed=False)
    setting = f" (NPUZZLE_DATABASES={os.environ['NPUZZLE_DATABASES']})" if capped else ""
    said = {
        "": "6-6-3",
        "half7": "7-7-1 (half7)",
        "half8": "7-8 (half7 and half8)",
        "half7h": "7-8 (half7h and half8)",
    }[level]
    line = f"4x4 boards are solved with {said}{setting}"
    if level:
        line += ", when the goal's blank is in a corner (else 6-6-3)"
    if level == "half8" and not capped:
        line += "; half7h, half7 built with the blank in its corner, is stronger: npuzzle databases build half7h"
    if usable("half8") and level in ("", "half7") and not capped:
        line += "; half8 is used only with half7h or half7: npuzzle databases build half7h"
    return line + "."


def six_in_use(damaged: dict[str, str] | None = None) -> str:
    """Which partition a 5x5 board gets: 6-6-6-6 when both six-tile databases are built (and
    NPUZZLE_DATABASES allows it), else 5-5-5-5-4."""
    damaged = damaged or {}
    usable = [name for name in pdb.SIX if built(name) and name not in damaged]
    if len(usable) == len(pdb.SIX) and store.strong_allowed():
        return "5x5 boards are solved with 6-6-6-6 (5x5-6a and 5x5-6b), when the goal's blank is in a corner."
    line = "5x5 boards are solved with 5-5-5-5-4"
    if usable and store.strong_allowed():
        line += "; 6-6-6-6 takes both 5x5-6a and 5x5-6b: npuzzle databases build 5x5-6a"
    return line + "."


def damaged_line(name: str, why: str) -> str:
    """One line for a database file that cannot be used, and what makes it again."""
    return f"{name}'s file is damaged ({why}): npuzzle databases build {name} makes it again"


def wanted(names: Sequence[str], size: str) -> list[str]:
    """The databases to build: those named (half8 brings half7h: 7-8 takes both), else the
    standard ones of size ("4x4", "5x5" or "all")."""
    if not names:
        return [name for name, (side, _) in pdb.SHAPES.items() if size in ("all", f"{side}x{side}")]
    chosen = list(dict.fromkeys(names))
    if "half8" in chosen and "half7h" not in chosen:
        chosen.insert(chosen.index("half8"), "half7h")
    for name in pdb.SIX:  # 6-6-6-6 takes both
        if name in chosen:
            chosen += [other for other in pdb.SIX if other not in chosen]
    return chosen


def _make_room(folder: Path, missing: Sequence[str]) -> None:
    """Before minutes of work: the cache can be written and holds the strong databases;
    a file left by a build that was cut off goes."""
    needed = sum(STRONG_COST[name][0] for name in missing if name in STRONG_COST) << 20
    if not needed:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.tmp"):  # a build cut off before it was moved into place
            stale.unlink()
        (folder / ".writable").touch()
        (folder / ".writable").unlink()
    except OSError as e:
        raise Invalid(f"cannot write the pattern databases into {folder}: {e.strerror or e}") from None
    free = shutil.disk_usage(folder).free
    if free < needed + (256 << 20):
        raise Invalid(
            f"not enough disk space in {folder} for {', '.join(missing)}: "
            f"{needed >> 20} MiB needed, {free >> 20} MiB free"
        )


def _when_saved(name: str) -> int | None:
    """When the database's file in the cache was last written (None: there is none)."""
    try:
        return (store.cache_dir() / f"{name}.pdb").stat().st_mtime_ns
    except OSError:
        return None


def _stopped(missing: Sequence[str], before: dict[str, int | None]) -> str:
    """What a build stopped by Ctrl-C leaves: the databases saved before it (their files
    written since ``before``), and the command that builds the rest (a file cut off
    half-written is never used: it is written under another name first, and that is
    cleared by the next build)."""
    kept = [n for n in missing if _when_saved(n) not in (None, before[n])]
    rest = [n for n in missing if n not in kept]
    said = f"{', '.join(rest)} not built"
    if kept:
        said += f" ({', '.join(kept)} built and kept)"
    return f"{said}; npuzzle databases build {' '.join(rest)} builds {'them' if len(rest) > 1 else 'it'}"


def build(names: Sequence[str], progress: str = "auto") -> list[Path]:
    """Build the databases not in the cache yet (saying first what each takes: memory,
    disk and the time estimated from its entries and a rate measured now) and give every
    one's path; Invalid when they cannot be built or saved.  progress: a PROGRESS_MODES
    mode for what is shown while they build."""
    from concurrent.futures.process import BrokenProcessPool  # here: the browser's Python has no processes

    missing = store.not_cached(names, fresh=True)
    if missing and not store.can_build():
        raise Invalid(f"building the pattern databases ({', '.join(missing)}) needs numpy: pip install numpy")
    for name in missing:  # what it will take, before it starts
        size = f"{mib(name)} MiB in memory"
        if name in STRONG_COST:
            disk, building = STRONG_COST[name]
            size += f" (and about {building} GB while building), {disk} MiB on disk"
        print(f"building {name}: {size}", file=sys.stderr)
    _make_room(store.cache_dir(), missing)
    estimates = {}
    for name in missing:  # and how long, measured here and now (a second or so)
        estimates[name] = found = estimate(name)
        print(f"{name}: {found.words()}", file=sys.stderr)
    pooled = [n for n in missing if n not in pdb.STRONG_SHAPES]
    if len(pooled) > 1 and store.BUILD_PROCESSES > 1:
        alone = sum(estimates[n].seconds for n in missing if n not in pooled)
        shared = together([estimates[n].seconds for n in pooled], store.BUILD_PROCESSES)
        print(
            f"in all about {duration(alone + shared)} ({len(pooled)} of them over {store.BUILD_PROCESSES} processes)",
            file=sys.stderr,
        )
    shown = BuildProgress(estimates, progress, processes=store.BUILD_PROCESSES) if missing else None
    before = {name: _when_saved(name) for name in missing}
    finished = False
    try:
        paths = store.write_databases(
            store.cache_dir(), names, shown.update if shown else None, processes=store.BUILD_PROCESSES
        )
        finished = True
        return paths
    except KeyboardInterrupt:
        raise KeyboardInterrupt(_stopped(missing, before)) from None
    except (OSError, BrokenProcessPool, ValueError) as e:
        raise Invalid(f"could not build or save the pattern databases in {store.cache_dir()}: {e}") from None
    except MemoryError:
        needs = ", ".join(f"{name} about {STRONG_COST[name][1]} GB" for name in missing if name in STRONG_COST)
        raise Invalid("not enough memory to build the pattern databases" + (f" ({needs})" if needs else "")) from None
    finally:
        if shown:
            shown.close(finished)
