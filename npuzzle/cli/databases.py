"""``npuzzle databases [build|list] [NAME ...]``: build the pattern databases into the
cache (npuzzle.cli.cache), or list them with their sizes, whether they are built, and
whether each file can be used (``list`` reads every file: a few seconds)."""

from __future__ import annotations

import argparse

from .. import pdb
from ..pdb import store
from . import cache
from .errors import EXIT_OK, Invalid

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """List the databases, or build those named (else the standard ones of --size) and
    print the path of each."""
    words = list(args.words)
    action = words.pop(0) if words and words[0] in ("build", "list") else "build"
    unknown = [w for w in words if w not in pdb.ALL_SHAPES]
    if unknown:
        raise Invalid(f"no pattern database called {unknown[0]!r}: choose from {', '.join(pdb.ALL_SHAPES)}")
    if action == "list":
        damaged = {}
        for name, (side, cells) in pdb.ALL_SHAPES.items():
            cached = store.cache_dir() / f"{name}.pdb"
            where = str(cached) if cached.exists() else "not built"
            why = store.check_file(cached)
            if why:
                damaged[name] = why
                where += f" (damaged: {why})"
            elif store.outdated(cached):
                where += (
                    f" (built before the blank's home was kept, weaker: npuzzle databases build {name} rebuilds it)"
                )
            kind = "on request" if name in pdb.STRONG_SHAPES else "standard"
            print(f"{name:8} {side}x{side}, {len(cells)} tiles, {cache.mib(name)} MiB in memory, {kind}: {where}")
        print(cache.strong_in_use(damaged))
        print(cache.six_in_use(damaged))
        for name, why in damaged.items():
            print(cache.damaged_line(name, why) + ".")
        return EXIT_OK
    for path in cache.build(cache.wanted(words, args.size), args.progress):
        print(path)
    return EXIT_OK
