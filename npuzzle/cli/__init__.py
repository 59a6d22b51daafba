"""The command line: ``python3 -m npuzzle solve|analyse|batch|compare|study|random|check|databases ...``.

Moves are written in the package's notation (``--notation gap``: each letter the way the
blank goes) or in the speedsolvers' (``--notation tile``: the way a tile goes, with repeat
counts, as Slidysim writes them); boards may be Slidysim scrambles ("1 2 3/4 5 6/7 8 0").
``--json`` prints the api's reply for the same action and input (npuzzle.api: ``solve``,
``check``, ``analyse``, ``compare``, and a whole ``study``), so scripts read one format
wherever they get it.  The exit statuses are in ``errors``.

One role a module, each importing only those below it (pyproject.toml's contract):

- ``grammar``: every command's arguments and options, and the function that runs it;
- ``solve``, ``analyse``, ``compare``, ``study``, ``boards`` (check, random), ``batch``,
  ``databases``: the commands;
- ``render``: the text for people, made from the api's replies;
- ``progress``: the status line on stderr;
- ``cache``: the pattern databases' cache (costs, room, builds);
- ``engines``: the engine a command runs tasks on, and its life cycle;
- ``inputs``: reading boards and checking options, once for every command;
- ``errors``: the exit statuses and Invalid, bad input.
"""

from __future__ import annotations

import os
import sys

from ..pdb import kernel, lookups, store
from .cache import damaged_line
from .errors import EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK, Invalid
from .grammar import build_parser

__all__ = ["main", "run", "build_parser"]


def main(argv: list[str] | None = None) -> int:
    """Run one command (argv: the arguments after ``npuzzle``; None: the process's); its exit status."""
    try:
        args = build_parser().parse_args(argv)
        setting = os.environ.get("NPUZZLE_DATABASES", "")
        if setting not in store.DATABASES_SETTINGS:
            raise Invalid(
                f"NPUZZLE_DATABASES={setting} is not a setting: use standard (6-6-3), half7 (7-7-1), "
                "half8 (7-8 with half7) or half7h (7-8 with half7h), or leave it unset for the strongest built"
            )
        order = os.environ.get("NPUZZLE_ORDER", "")
        if order not in kernel.ORDER_SETTINGS:
            raise Invalid(
                f"NPUZZLE_ORDER={order} is not a setting: use korf (Korf's move order, nothing "
                "reordered, for his counts), ordered (the last pass's subtrees most visited first), "
                "or leave it unset (Korf's on the 24-puzzle, ordered below)"
            )
        extra = os.environ.get("NPUZZLE_LOOKUPS", "").replace(" ", "")
        if extra not in lookups.LOOKUP_SETTINGS:
            raise Invalid(
                f"NPUZZLE_LOOKUPS={extra} is not a setting: use dual, bpmx, dual,bpmx, cut or dual,cut "
                "(look-ups the optimal search adds, docs/solver.md), or leave it unset"
            )
        store.passed_over()  # what an earlier command of this process found is said already
        status = args.run(args)
        _say_passed_over()
        return status
    except Invalid as e:
        print(f"npuzzle: error: {e}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt as e:  # a split search says where it stopped (pdb.checkpoint.Interrupted)
        print(f"\nnpuzzle: interrupted{': ' + str(e) if str(e) else ''}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `npuzzle solve ... --steps | head`: the reader left
        sys.stderr.close()
        return EXIT_OK


def _say_passed_over() -> None:
    """A line on stderr for each pattern database file the command found but could not use:
    built again, or the search went on without it (the stronger 4x4 ones)."""
    for name, why in store.passed_over().items():
        if store.loaded(name):
            print(f"npuzzle: {name}'s file was damaged ({why}); it was built again", file=sys.stderr)
        else:
            print(f"npuzzle: {damaged_line(name, why)}; went on without it", file=sys.stderr)


def run() -> None:
    """The `npuzzle` command's process: main's status is its exit status.  After Ctrl-C it
    ends at once, its output flushed (os._exit): the worker pools are ended by then, and
    a pool's clean-up thread that the interrupt caught half-way must not hold the exit
    (one run in ten or so hung there, waiting on a lock the interrupted thread held)."""
    status = main()
    if status == EXIT_INTERRUPTED:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)
