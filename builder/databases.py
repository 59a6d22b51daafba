"""The site's 4x4 and 5x5 pattern databases (npuzzle.pdb.write_databases), kept in .cache/.

    pattern_databases()     # the files, written first if need be (minutes)
    cached_databases()      # the files if they are written already, else []

They are written by this checkout's npuzzle in a child process, `python -m
builder.databases FOLDER` with .venv's Python: numpy builds a six-tile 4x4 database in
1-2 minutes and a five-tile 5x5 one in 2-3 (2.2 GB of memory each, two at a time; pure
Python would take far longer), so it is a build-time tool, installed into .venv with the
`build` extra.  The parent needs only the standard library.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

from builder.common import CACHE, ROOT, log, run
from builder.devenv import ensure_venv

# The sources that decide the pattern-database files' contents.  CI keys its cache of the
# databases on the same files (.github/workflows/ci.yml; tests/test_workflow.py checks it).
PDB_SOURCES = ("npuzzle/pdb/shapes.py", "npuzzle/pdb/store.py", "npuzzle/pdb/build.py", "npuzzle/rules/topology.py")


def _site_pdb_folder() -> Path:
    h = hashlib.sha256()
    for name in PDB_SOURCES:
        h.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return CACHE / "site-pdb" / h.hexdigest()[:16]


def cached_databases() -> list[Path]:
    """The site's pattern-database files if they are written already, else []."""
    return sorted(_site_pdb_folder().glob("*.pdb"))


def strong_databases() -> list[Path]:
    """The strongest 4x4 tables the page offers (the 7-8 of npuzzle.pdb.PAGE_LEVEL, in their
    compact form: NAME.compact), when all of them are in the CLI's database cache
    ($NPUZZLE_CACHE/pdb, else ~/.cache/npuzzle/pdb), else [].  They are never built here:
    half8 takes 15-30 minutes and 6 GB (`python3 -m npuzzle databases build half7h half8`,
    then `python3 tools/compact_tables.py half7h half8`), so a site has them only where they
    were made, and says so in its manifest ("strong")."""
    from npuzzle.pdb.shapes import LEVEL_TABLES, PAGE_LEVEL

    root = os.environ.get("NPUZZLE_CACHE")
    folder = (Path(root) if root else Path.home() / ".cache" / "npuzzle") / "pdb"
    files = [folder / f"{name}.compact" for name in LEVEL_TABLES[PAGE_LEVEL]]
    return files if all(path.is_file() for path in files) else []


def pattern_databases() -> list[Path]:
    """The pattern-database files, written first when the sources that make them changed.

    They come from the CLI's database cache when it has them (else they are built:
    minutes, with a line for each one finished)."""
    out = _site_pdb_folder()
    found = sorted(out.glob("*.pdb"))
    if found:
        return found
    log("writing the pattern databases (building any not in the npuzzle cache: minutes, estimated first)")
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    run([str(ensure_venv()), "-m", "builder.databases", str(tmp)], cwd=ROOT)
    for old in out.parent.iterdir():  # keep only the newest
        if old != tmp:
            shutil.rmtree(old, ignore_errors=True)
    tmp.rename(out)
    return sorted(out.glob("*.pdb"))


def write_all(folder: str) -> None:
    """The child's work: write every database into folder, printing a line for each one
    finished, with the time so far and an estimate of the time left."""
    from npuzzle import pdb  # this checkout's package, in .venv with numpy
    from npuzzle.pdb.estimate import duration, estimate

    # each database's time: its entries times a rate measured here now (npuzzle.pdb.estimate)
    missing = pdb.not_cached(list(pdb.SHAPES), fresh=True)
    cost = {name: estimate(name).seconds for name in missing}
    if missing:
        log(
            f"estimated: {', '.join(f'{n} {duration(cost[n])}' for n in missing)}; about "
            f"{duration(sum(cost.values()) / pdb.BUILD_PROCESSES)} in all over {pdb.BUILD_PROCESSES} processes"
        )
    t0 = time.perf_counter()
    built = []

    def report(info: dict) -> None:
        if "done" not in info:
            return
        built.append(info["database"])
        spent = time.perf_counter() - t0
        left = sum(cost[n] for n in cost if n not in built)
        done = sum(cost[n] for n in built)
        log(
            f"pattern database {info['database']} built ({info['done']} of {info['of']}; "
            f"{duration(spent)} so far, about {duration(spent * left / done if done else left)} left)"
        )

    pdb.write_databases(folder, progress=report, processes=pdb.BUILD_PROCESSES)


if __name__ == "__main__":
    write_all(sys.argv[1])
