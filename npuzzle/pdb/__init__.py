"""Additive pattern databases for the 4x4, 5x5 and 3x3 puzzles, and their IDA*.

    >>> from npuzzle.rules.board import default_goal
    >>> from npuzzle.rules.topology import Topology
    >>> sorted(database_names(default_goal(4, 4), Topology(4, 4)))
    ['corner6']

Usage: ``search.solve(problem, heuristic="pdb")``, or the heuristic object itself:
``PatternDatabases(goal).solve(problem)``.  The databases come from memory, else
from the cache directory (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``, subfolder ``pdb``),
else they are built there with numpy (about 12 s each on 4x4, about 2.5 minutes on 5x5; far
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
  (sparse, see ``npuzzle.pdb.build``).

Vocabulary.  A *pattern* is an ordered tuple of goal cells; its tiles are whatever the
goal puts on those cells, so one database serves every labelling of the tiles.  A
*partition* splits the goal cells other than the blank's into patterns whose values
add up (Korf and Felner 2002).  The heuristic is the maximum over a few partitions.

Which databases.  A database's value does not depend on where the goal puts the blank
unless the pattern at home encloses free cells (5x5-6a and half7h: ``BLANK_HOME``, see
``npuzzle.pdb.build``), and the 8 symmetries of the square map one database onto its images
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
The package, one module a role, each importing only those listed before it:

- ``build``: the table generators (numpy for the big ones, pure Python for small ones);
- ``shapes``: pattern shapes, symmetries and partitions (geometry only);
- ``files``: the file format, written, read back and checked;
- ``store``: the registry of loaded tables, the cache directory, and the one place that
  knows about the browser (``IN_BROWSER``);
- ``kernel``: the heuristic's value and its generated IDA* kernels;
- ``parallel``: IDA* with split passes over processes (one process: the ordered search);
- this module: ``PatternDatabases``, the heuristic object the searches use.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..result import Clock, Progress, Result, Stop
from ..rules.board import Problem
from .build import cell_bits
from .kernel import (
    MOVE_ORDERS,
    NAME,
    count_paths,
    group_values,
    heuristic_value,
    idastar,
    path_of_length,
    search_state,
    weighted_pass,
)
from .parallel import default_processes, idastar_parallel
from .shapes import ALL_SHAPES, MAX_PARTITIONS, SHAPES, SIX, STRONG_SHAPES, database_names, partitions, supports
from .store import (
    BUILD_PROCESSES,
    IN_BROWSER,
    cache_dir,
    can_build,
    decode,
    encode,
    loaded,
    missing_note,
    not_cached,
    prepare,
    register,
    table,
    unavailable,
    write_databases,
)

__all__ = [
    "PatternDatabases",
    "SHAPES",
    "STRONG_SHAPES",
    "SIX",
    "ALL_SHAPES",
    "MAX_PARTITIONS",
    "BUILD_PROCESSES",
    "IN_BROWSER",
    "supports",
    "database_names",
    "partitions",
    "cache_dir",
    "encode",
    "decode",
    "register",
    "loaded",
    "prepare",
    "unavailable",
    "missing_note",
    "can_build",
    "not_cached",
    "write_databases",
    "table",
    "cell_bits",
    "heuristic_value",
    "group_values",
    "idastar",
    "weighted_pass",
    "path_of_length",
    "count_paths",
    "idastar_parallel",
    "default_processes",
    "MOVE_ORDERS",
]


class PatternDatabases:
    """The pattern-database heuristic for one goal, with its own search kernels.

    Its tables must be ready (``prepare``, or ``register`` in the browser; ``unavailable``
    says whether they are).  ``solve`` is optimal IDA* with split passes; ``idastar`` is
    one (weighted) run that can resume from a pass, for the ladder of weights.
    """

    name = NAME

    def __init__(self, goal: Sequence[int], limit: int = MAX_PARTITIONS):
        self.goal = tuple(goal)
        self.limit = limit

    def value(self, board: Sequence[int]) -> int:
        return heuristic_value(board, self.goal, self.limit)

    def groups(self, board: Sequence[int]) -> list[list[tuple[tuple[int, ...], int]]]:
        """Each partition's groups as (goal cells, value); value() is the largest sum."""
        return group_values(board, self.goal, self.limit)

    def idastar(
        self,
        problem: Problem,
        *,
        weight: tuple[int, int] = (1, 1),
        time_limit: float | None = None,
        progress: Progress | None = None,
        first_bound: int | None = None,
        order: int = 0,
    ) -> tuple[Result, int]:
        return weighted_pass(problem, weight, time_limit, progress, first_bound, self.limit, order)

    def reaches(self, problem: Problem, moves: int, time_limit: float | None = None) -> bool | None:
        """Whether a solution of exactly ``moves`` moves exists (one IDA* pass with that
        bound; on the plain boards the databases serve, every solution's length has the
        same parity); None when the time ran out first.  For the coach."""
        clock = Clock(NAME, time_limit, None)
        _, _, once, hs, _, _ = search_state(problem, clock, self.limit)
        if max(hs) > moves:
            return False
        try:
            found, _, _ = once(hs, problem.start.index(0), moves, problem.topology.size)
        except Stop:
            return None
        return found

    def path(self, problem: Problem, moves: int, time_limit: float | None = None) -> str | None:
        """A solution of exactly ``moves`` moves (the blank's letters), or None when there
        is none: one IDA* pass with that bound (for the analysis of a solve).  Raises
        result.Stop when the time runs out first."""
        found = path_of_length(problem, moves, Clock(NAME, time_limit, None), self.limit)
        return None if found is None else "".join("UDLR"[d] for d in found)

    def count(
        self,
        problem: Problem,
        moves: int,
        keep: int = 0,
        time_limit: float | None = None,
        progress: Progress | None = None,
    ) -> tuple[int, list[str], int]:
        """(the number of solutions of exactly ``moves`` moves, the first ``keep`` of them,
        nodes searched): one pass that does not stop at a solution.  Raises result.Stop
        when the time runs out first."""
        count, found, nodes = count_paths(problem, moves, keep, Clock("count", time_limit, progress), self.limit)
        return count, ["".join("UDLR"[d] for d in path) for path in found], nodes

    def solve(self, problem: Problem, *, time_limit: float | None = None, progress: Progress | None = None) -> Result:
        # split passes over the cores in CPython; in Pyodide (one process) the ordered
        # one-process search (kernel.ORDER_DEPTH)
        return idastar_parallel(problem, default_processes(), time_limit=time_limit, progress=progress)
