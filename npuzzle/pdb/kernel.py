"""The pattern-database heuristic and its IDA* kernels, generated as straight-line code.

>>> from npuzzle.rules.notation import parse_problem
>>> r = idastar(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
>>> r.moves, r.optimal, r.heuristic
('RR', True, 'pdb')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..result import CHECK_EVERY, Clock, Progress, Stop, finish
from ..rules.board import Problem
from .build import cell_bits
from .compact import LOW, Compact, to_compact
from .lookups import Dual, driver, lookups
from .lookups import kernel as lookup_kernel
from .shapes import MAX_PARTITIONS, partitions
from .store import table

__all__ = [
    "Partition",
    "heuristic_value",
    "group_values",
    "idastar",
    "weighted_pass",
    "solution_parity",
    "directions",
    "search_state",
    "subtree_pass",
    "SUBTREE_CUT",
    "count_paths",
    "interrupted_pass",
    "path_of_length",
    "MOVE_ORDERS",
    "ORDER_SETTINGS",
    "korf_order",
    "in_order",
]

NAME = "pdb"

_deltas: dict = {}


def in_room(fn, *args):
    """fn(*args), called from a frame so large that CPython gives it a stack chunk of its
    own with room to spare, so the search's recursion below never crosses into another.

    CPython (3.11 and 3.12; 3.13 and 3.14 before their 2026 fixes, gh-142183) keeps
    frames in 16 KiB chunks and frees a chunk as soon as its first frame returns: a
    search whose recursion goes up and down across a chunk's edge maps and unmaps one
    on every such call.  Where the edge falls depends on how deep the search starts, so
    the same pass ran 1.5 times slower in a worker process than in the main one (hardest80
    #1 over two processes: 11.7 s of system time in 30 s; bench.py processes).
    """
    return fn(*args)


# 32,768 slots (256 KiB): a chunk of 512 KiB, room for about 300 of the kernel's frames.
in_room.__code__ = in_room.__code__.replace(co_stacksize=1 << 15)


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


class Partition:
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
        self.groups = groups
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
        # each group's value, kept by the kernel for compact tables (npuzzle.pdb.compact)
        self.values = [db[i] for db, i in zip(self.tables, self.index)]

    def value(self) -> int:
        return sum(db[i] for db, i in zip(self.tables, self.index))

    def compact(self) -> bool:
        """Whether a group's table is compact (then the kernel reads every group's so)."""
        return any(isinstance(db, Compact) for db in self.tables)

    def compact_record(self, t: int) -> tuple:
        """Tile t's record for the compact kernel: (slot, delta, values, base, mask_of,
        offset); a dense table (a small pattern's) is made compact for it."""
        slot, delta, db = self.tiles[t]
        if not isinstance(db, Compact):
            key, cells, _ = self.groups[slot]
            kept = _compacted.get(key)
            if kept is None or kept[0] is not db:
                kept = _compacted[key] = (db, to_compact(db, len(self.tiles), len(cells)))
            db = kept[1]
        return (slot, delta, db.values, db.base, db.mask_of, db.offset)


_compacted: dict = {}  # a dense table's key -> (the table, its compact form)


def heuristic_value(board: Sequence[int], goal: Sequence[int], limit: int = MAX_PARTITIONS) -> int:
    """The heuristic of a board (the maximum over the partitions of their sums)."""
    return max(Partition(groups, goal, board).value() for groups in partitions(goal, limit))


def group_values(
    board: Sequence[int], goal: Sequence[int], limit: int = MAX_PARTITIONS
) -> list[list[tuple[tuple[int, ...], int]]]:
    """Each partition's groups as (goal cells, value): the parts heuristic_value adds up
    (for the study lab's picture of the heuristic; not used by the searches)."""
    found = []
    for groups in partitions(goal, limit):
        part = Partition(groups, goal, board)
        found.append([(cells, db[i]) for (_, cells, _), db, i in zip(groups, part.tables, part.index)])
    return found


# The search kernel is generated for the number of partitions m, so that each partition's
# look-up is straight-line code (a loop over partitions costs more than the look-ups).
# A node carries r = bound - g, the moves its subtree may still make, and for each
# partition j its slack k_j = r - h_j.  For tile t moving from cell to blank (key =
# cell << bits | blank):
#   s, delta, db = T_j[t]; old = I_j[s]; new = old + delta[key]
#   child slack x_j = (k_j - 1) + db[old] - db[new]; the child is pruned when x_j < 0
# as soon as one partition prunes, so later partitions are looked up only for children the
# earlier ones kept.  For a goal whose blank lies on a diagonal, partition 1 is partition 0
# mirrored about it (npuzzle.pdb.shapes): Korf and Felner's reflected lookup, read only
# where the direct one did not prune (0.21 of the nodes and 0.30 of the time on Korf's
# first 40 in CPython, 0.32 of the CPU time in Pyodide; docs/benchmarks-record.md).  Looking up
# first whichever partition has the smaller slack gained nothing (same nodes, 1.01x time).
# The next bound is bound - (the largest negative slack pruned).
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
    generated = 1
    bound = 0
    best = 0

    def dfs(blank, r, {k}, back):
        nonlocal nodes, best{also}
        nodes += 1{count}
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


# A compact table (npuzzle.pdb.compact) is read through the group's dense index, kept up
# to date as before: rank = R[h] + O[M[h] | lo], h and lo the index's high and low bits.
# The group's value stands in V[s] (set and restored with I[s]), so only the child's rank
# is worked out.
_COMPACT_LOOKUP = """\
            i{j} = I{j}[s{j}]
            n{j} = i{j} + d{j}[key]
            h{j} = n{j} >> {shift}
            v{j} = b{j}[R{j}[h{j}] + O{j}[M{j}[h{j}] | n{j} & {low}]]
            u{j} = V{j}[s{j}]
            x{j} = k{j} + {p}u{j} - v{j}{close}
            if x{j} < 0:
                if x{j} > best:
                    best = x{j}
                continue
"""


def _kernel(m: int, weight: tuple[int, int] = (1, 1), generated: bool = False, shift: int = 0):
    """The kernel factory for m partitions and a weight p/q (compiled once for each).
    With generated, it also counts the nodes generated (see count_generated).  With a
    shift, every group's table is compact (npuzzle.pdb.compact), its dense index's low
    `shift` bits read as one slice: each tile's record is (slot, delta, values, base,
    mask_of, offset) for every partition, and indexes the I lists then the V lists."""
    factory = _kernels.get((m, weight, generated, shift))
    if factory is None:
        js = range(m)
        p, q = weight
        scale = {} if p == 1 else {"p": f"{p} * (", "close": ")"}
        lookup = _COMPACT_LOOKUP if shift else _LOOKUP
        source = _KERNEL.format(
            p=p,
            q=q,
            goal="not r" if weight == (1, 1) else "x0 == r",
            I=", ".join([f"I{j}" for j in js] + ([f"V{j}" for j in js] if shift else [])) + ",",
            unpack=", ".join((f"s{j}, d{j}, b{j}, R{j}, M{j}, O{j}" if shift else f"s{j}, d{j}, b{j}") for j in js),
            k=", ".join(f"k{j}" for j in js),
            x=", ".join(f"x{j}" for j in js),
            dec="\n".join(f"        k{j} -= {q}" for j in js),
            lookups="".join(
                lookup.format(
                    j=j, p=scale.get("p", ""), close=scale.get("close", ""), shift=shift, low=(1 << shift) - 1
                )
                for j in js
            ).rstrip("\n"),
            store="\n".join(
                f"            I{j}[s{j}] = n{j}" + (f"\n            V{j}[s{j}] = v{j}" if shift else "") for j in js
            ),
            restore="\n".join(
                f"            I{j}[s{j}] = i{j}" + (f"\n            V{j}[s{j}] = u{j}" if shift else "")
                for j in reversed(js)
            ),
            # counting the nodes generated: one more counter (without it, the same bytecode as before)
            also=", generated" if generated else "",
            count="\n        generated += len(moves[blank][back])" if generated else "",
        ) + driver(f"dfs(blank, {{depth}}, *[{{depth}} - {p} * h for h in hs], {{back}})")
        namespace: dict = {}
        exec(compile(source, f"<pdb kernel m={m} w={p}/{q}{' compact' if shift else ''}>", "exec"), namespace)
        factory = _kernels[m, weight, generated, shift] = namespace["factory"]
    return factory


_kernels: dict = {}

# The counting kernel: the same look-ups as _KERNEL (unweighted), but a solution does not
# end the pass: it is counted (and the first `keep` kept, as the blank's cells) and the
# search goes on, so one pass at the optimal bound visits every optimal solution.  On a
# plain board no shortest path visits a board twice or undoes a move, so each is counted
# once.
_COUNT_KERNEL = """
def factory(board, path, moves, clock, check, indexes, keep, found):
    {I} = indexes
    nodes = 0
    count = 0
    bound = 0

    def dfs(blank, r, {k}, back):
        nonlocal nodes, count
        nodes += 1
        if not nodes & check:
            clock.tick(nodes, bound)
        r -= 1
{dec}
        for cell, key in moves[blank][back]:
            t = board[cell]
            {unpack} = t
{lookups}
            board[blank] = t
{store}
            path.append(cell)
            if not r:
                count += 1
                if len(found) < keep:
                    found.append(list(path))
            else:
                dfs(cell, r, {x}, blank)
            path.pop()
{restore}
            board[cell] = t

    def run(hs, blank, moves, back):
        nonlocal bound
        bound = moves
        dfs(blank, moves, *[moves - h for h in hs], back)
        return count, nodes

    return run
"""


def _count_kernel(m: int):
    factory = _kernels.get((m, "count"))
    if factory is None:
        js = range(m)
        source = _COUNT_KERNEL.format(
            I=", ".join(f"I{j}" for j in js) + ",",
            unpack=", ".join(f"s{j}, d{j}, b{j}" for j in js),
            k=", ".join(f"k{j}" for j in js),
            x=", ".join(f"x{j}" for j in js),
            dec="\n".join(f"        k{j} -= 1" for j in js),
            lookups="".join(_LOOKUP.format(j=j, p="", close="") for j in js).rstrip("\n"),
            store="\n".join(f"            I{j}[s{j}] = n{j}" for j in js),
            restore="\n".join(f"            I{j}[s{j}] = i{j}" for j in reversed(js)),
        )
        # no next bound to find: drop _LOOKUP's bookkeeping of the largest slack pruned
        source = "\n".join(line for line in source.splitlines() if "best" not in line)
        namespace: dict = {}
        exec(compile(source, f"<pdb counting kernel m={m}>", "exec"), namespace)
        factory = _kernels[m, "count"] = namespace["factory"]
    return factory


def path_of_length(problem: Problem, moves: int, clock=None, limit: int = MAX_PARTITIONS) -> list[int] | None:
    """A solution of exactly `moves` moves (direction numbers), or None when there is
    none: one IDA* pass with that bound.  Raises Stop when the clock's limit ends it."""
    if problem.start == problem.goal:
        return [] if moves == 0 else None
    _, _, once, hs, neighbors, path = search_state(problem, clock or Clock(NAME, None, None), limit)
    if moves <= 0 or max(hs) > moves:
        return None
    blank = problem.start.index(0)
    found, _, _ = once(hs, blank, moves, problem.topology.size)
    return directions(neighbors, [blank] + path[::-1]) if found else None


def count_paths(
    problem: Problem, moves: int, keep: int = 0, clock=None, limit: int = MAX_PARTITIONS
) -> tuple[int, list[list[int]], int]:
    """(how many solutions of exactly `moves` moves there are, the first `keep` of them as
    direction numbers, nodes searched): one pass of IDA* that does not stop at a solution.
    With `moves` the optimal length, every optimal solution.  Raises Stop when the clock's
    limit ends it."""
    clock = clock or Clock(NAME, None, None)
    if problem.start == problem.goal and moves == 0:
        empty: list[list[int]] = [[]]  # the one solution of no moves
        return 1, empty[:keep], 0
    parts = [Partition(g, problem.goal, problem.start) for g in partitions(problem.goal, limit)]
    hs = [p.value() for p in parts]
    if moves <= 0 or max(hs) > moves:
        return 0, [], 0
    n = problem.topology.size
    neighbors = problem.topology.neighbors
    bits = cell_bits(n)
    table_ = [
        [tuple((c, c << bits | blank) for _, c in neighbors[blank] if c != back) for back in range(n + 1)]
        for blank in range(n)
    ]
    board = [None if t == 0 else sum((p.tiles[t] for p in parts), ()) for t in problem.start]
    path: list[int] = []
    found: list[list[int]] = []
    run = _count_kernel(len(parts))(board, path, table_, clock, CHECK_EVERY - 1, [p.index for p in parts], keep, found)
    blank = problem.start.index(0)
    count, nodes = run(hs, blank, moves, n)
    return count, [directions(neighbors, [blank] + cells) for cells in found], nodes


def search_state(problem: Problem, clock, limit: int = MAX_PARTITIONS, weight: tuple[int, int] = (1, 1)):
    """The kernel's functions for a start board: (run, stats, once, hs, neighbours, path)."""
    state = _State(problem, clock, limit, weight)
    return state.run, state.stats, state.once, state.hs, state.neighbors, state.path


# The orders in which a node's children are tried (each the rank of the blank's move up,
# down, left and right).  An optimal pass searches the same nodes in any order, but the
# last pass of weighted IDA* ends at the first of its many solutions: which one, and how
# soon, depends on the order (korf24 #1, w = 3/2: 115, 115, 113 and 109 moves in 0.26,
# 0.67, 0.13 and 0.78 s), so the ladder and the page's race try more than one.
MOVE_ORDERS = ((0, 1, 2, 3), (3, 2, 1, 0), (1, 3, 0, 2), (2, 0, 3, 1))

# Korf's order: optimal searches run as Korf's programs do, every pass from the start,
# nothing reordered (ORDER_DEPTH), the blank's moves tried up, left, right, down; the split
# passes (npuzzle.pdb.parallel) hand out their subtrees in that order too.  With the
# 24-puzzle's 6-6-6-6 tables it generates Korf and Felner's published counts to within a
# few nodes a board (docs/benchmarks.md).  It is the default on the 24-puzzle (boards of
# KORF_FROM_CELLS cells or more, not wrapped): split over two cores it took the ten easiest
# of Korf's 50 in 1,182 s, while the ordered passes, quicker on four of them, had taken
# 1,568 s for eight when stopped in #37's last pass (docs/benchmarks.md, "The 24-puzzle
# optimally").  Smaller boards take the ordered passes, which search 0.89 of Korf's
# order's nodes on Korf's 100 15-puzzles (standard tables, one process).
# NPUZZLE_ORDER=korf asks for Korf's order on every board, =ordered for the ordered passes.
ORDER_SETTINGS = ("", "korf", "ordered")
KORF_RANK = (0, 3, 1, 2)  # the rank of the blank's move up, down, left, right
KORF_FROM_CELLS = 25


def in_order(
    neighbors: Sequence[Sequence[tuple[int, int]]], rank: Sequence[int]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each cell's (direction, neighbour) pairs sorted by the rank of the blank's move
    (an entry of MOVE_ORDERS, or KORF_RANK)."""
    return tuple(tuple(sorted(around, key=lambda dc: rank[dc[0]])) for around in neighbors)


def korf_order(problem: Problem) -> bool:
    """Whether optimal searches of this problem run in Korf's order: NPUZZLE_ORDER's choice
    (the command line refuses other values), else on the 24-puzzle and larger boards."""
    setting = os.environ.get("NPUZZLE_ORDER", "")
    if setting:
        return setting == "korf"
    t = problem.topology
    return t.size >= KORF_FROM_CELLS and not (t.wrap_rows or t.wrap_cols)


# The kernel counts the nodes it searches: the start and every child not pruned (each
# one expanded, its children made).  Korf and Felner count the nodes generated: every
# child made, pruned or not, and the start, over all passes, the last one up to its
# solution (Korf's 1985 table is that count to the node on his 100 15-puzzles with
# Manhattan distance; docs/benchmarks-record.md).  With count_generated(True) the searches
# count both, in a kernel compiled for it, so a benchmark can set its figures beside
# the published ones while an ordinary search pays nothing.
_counting = [False]
_generated = [0]


def count_generated(on: bool) -> None:
    """Count the nodes generated too (for the benchmarks), or not."""
    _counting[0] = bool(on)


def generated() -> int:
    """The nodes generated by the last optimal or weighted search of this process when
    count_generated is on, else 0.  In the last pass the children of a node on the
    solution's path all count, so it may exceed Korf's count by up to two a move."""
    return _generated[0]


# The pass the last optimal search of this process stopped in (its budget or its time)
# with the subtrees below ORDER_DEPTH it had finished: (bound, ORDER_DEPTH, {the blank's
# cells from the start: (nodes, the largest slack pruned)}), else None.
_interrupted: list = [None]


def interrupted_pass() -> tuple[int, int, dict[tuple[int, ...], tuple[int, int]]] | None:
    """(bound, depth, finished) of the pass the last optimal search here stopped in, with
    the subtrees `depth` moves below the start it had searched through, by the blank's
    cells: (nodes, the largest slack pruned); None if it stopped between passes, ended, or
    did not order its passes.  The split search goes on with that pass's other subtrees
    (npuzzle.pdb.parallel.idastar_parallel), as from a checkpoint: the quick try's part of
    it is not searched again.  A matter of nodes only, as where the quick try stops."""
    return _interrupted[0]


def _counted(state: _State, ticks: _Ticks) -> int:
    return state.generated() + ticks.children if _counting[0] else 0


class _State:
    """A kernel set up for a start board, and what it shares with its caller: the board
    of tile records and each partition's group indexes (changed in place by the kernel
    and by ``walk``), the moves table and the path."""

    def __init__(
        self, problem: Problem, clock, limit: int, weight: tuple[int, int], order: int = 0, korf: bool = False
    ):
        start, goal = problem.start, problem.goal
        self.parts = parts = [Partition(g, goal, start) for g in partitions(goal, limit)]
        n = problem.topology.size
        self.neighbors = neighbors = problem.topology.neighbors
        bits = cell_bits(n)
        # moves[blank][back]: (cell, key) for each move of the blank but back to the cell it
        # came from (back = n: none), in the move order.  key = cell << bits | blank: the tile
        # goes from cell to blank.
        ordered = in_order(neighbors, KORF_RANK if korf else MOVE_ORDERS[order])
        self.moves = moves = [
            [tuple((c, c << bits | blank) for _, c in ordered[blank] if c != back) for back in range(n + 1)]
            for blank in range(n)
        ]
        self.path: list[int] = []  # the blank's cells, filled from the goal backwards on success
        # The board holds each tile's look-up record, (slot, delta, table) for every partition
        # in a row, rather than its number: one subscript finds all a move needs.
        self.board: list[Any] = [None if t == 0 else sum((p.tiles[t] for p in parts), ()) for t in start]
        dual, bpmx, cut = lookups() if weight == (1, 1) else (False, False, False)
        self.compact = any(p.compact() for p in parts) and not (dual or bpmx or cut)
        if dual or bpmx or cut:  # npuzzle.pdb.lookups: each tile's record also ends with its goal cell
            label = {t: c for c, t in enumerate(goal)}
            records = [None if t == 0 else sum((p.tiles[t] for p in parts), ()) + (label[t],) for t in range(n)]
            self.board = [records[t] for t in start]
            extra = None
            if dual:
                extra = Dual([p.groups for p in parts], goal, problem.topology.width)
                extra.set_deltas(records, goal)
                if not extra.ok:  # a table built with the blank at home, without its twin: no dual
                    extra, dual = None, False
            factory = lookup_kernel(len(parts), [len(p.groups) for p in parts], dual, bpmx, _counting[0], cut)
            self.run, self.stats, self.once, self.generated = factory(
                self.board, self.path, moves, clock, CHECK_EVERY - 1, [p.index for p in parts], n, extra
            )
        elif self.compact:  # every group read through its rank (npuzzle.pdb.compact)
            self.board = [None if t == 0 else sum((p.compact_record(t) for p in parts), ()) for t in start]
            factory = _kernel(len(parts), weight, _counting[0], bits * LOW)
            self.run, self.stats, self.once, self.generated = factory(
                self.board,
                self.path,
                moves,
                clock,
                CHECK_EVERY - 1,
                [p.index for p in parts] + [p.values for p in parts],
                n,
            )
        else:
            self.run, self.stats, self.once, self.generated = _kernel(len(parts), weight, _counting[0])(
                self.board, self.path, moves, clock, CHECK_EVERY - 1, [p.index for p in parts], n
            )
        self.hs = [p.value() for p in parts]

    def values(self) -> list[int]:
        """Each partition's heuristic for the board as it stands."""
        return [p.value() for p in self.parts]

    def walk(self, blank: int, cell: int, undo: bool = False) -> None:
        """Move the blank from blank to cell, as the kernel does (undo: take that move back)."""
        board = self.board
        key = cell << cell_bits(len(board)) | blank
        if undo:
            t = board[cell] = board[blank]
        else:
            t = board[blank] = board[cell]
        size = 6 if self.compact else 3  # a record's fields for each partition
        for j, p in enumerate(self.parts):
            slot, delta = t[size * j : size * j + 2]
            p.index[slot] += -delta[key] if undo else delta[key]
            if self.compact:
                p.values[slot] = p.tables[slot][p.index[slot]]


def idastar(
    problem: Problem,
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
    limit: int = MAX_PARTITIONS,
    weight: tuple[int, int] = (1, 1),
    stop_between_passes: float | None = None,
    budget: int | None = None,
):
    """IDA* with the maximum over additive partitions; returns a search.Result.

    With weight (p, q) it is weighted IDA* on f = q g + p h, as search.idastar: the
    answer is at most p/q times the optimum, and its lower_bound is the start's h.
    With stop_between_passes (seconds), an optimal search that has run that long stops
    at the end of its pass ("time limit", its lower_bound the next pass's bound), so a
    split search can go on from the next pass without searching any pass again.  With a
    budget (nodes) the same happens by the count, not the clock: it stops at the end of
    the first pass that has reached half the budget, or in a pass at the whole budget
    (reason "time limit" too: the quick try's time, counted in nodes, see
    parallel.QUICK_NODES), so where it stops is the same in every process and on every
    machine.
    """
    return _idastar(problem, time_limit, progress, limit, weight, None, stop_between_passes, budget=budget)[0]


def solution_parity(problem: Problem) -> int:
    """The parity every solution's length has: that of the blank's distance to its goal cell."""
    w = problem.topology.width
    blank, goal_blank = problem.start.index(0), problem.goal.index(0)
    return (abs(blank // w - goal_blank // w) + abs(blank % w - goal_blank % w)) & 1


def directions(neighbors, cells: list[int]) -> list[int]:
    """The moves (direction numbers) that take the blank along the cells."""
    return [next(d for d, c in neighbors[a] if c == b) for a, b in zip(cells, cells[1:])]


def weighted_pass(
    problem: Problem,
    weight: tuple[int, int],
    time_limit: float | None,
    progress: Progress | None,
    first_bound: int | None,
    limit: int = MAX_PARTITIONS,
    order: int = 0,
):
    """(Weighted) IDA* from the pass with first_bound, children tried in MOVE_ORDERS[order]:
    (Result, the bound of the pass it stopped in).  For search.WeightedSearch, which runs
    it in slices."""
    return _idastar(problem, time_limit, progress, limit, weight, first_bound, order=order)


def _idastar(
    problem: Problem,
    time_limit: float | None,
    progress: Progress | None,
    limit: int,
    weight: tuple[int, int],
    first_bound: int | None,
    stop_between_passes: float | None = None,
    order: int = 0,
    *,
    budget: int | None = None,
):
    """(idastar's Result, the bound of the pass it stopped in).

    The inner loop (see _KERNEL) is written for speed.  Each group's index is updated with
    one addition when a tile moves, later partitions are looked up only when the earlier
    ones did not prune, the move that would undo the last one is never generated, and
    bounds keep the parity every solution has (on a 4x4 board a solution's length has the
    parity of the blank's distance to its goal cell), so no pass is wasted.  Optimal
    searches take the subtrees below ORDER_DEPTH most visited first (see there), but in
    Korf's order (korf_order: the 24-puzzle's default), where every pass runs as it comes.
    """
    weighted = weight != (1, 1)
    _interrupted[0] = None
    clock = Clock("weighted-idastar" if weighted else "idastar", time_limit, progress)
    ticks = _Ticks(clock, budget)
    korf = not weighted and korf_order(problem)
    state = _State(problem, ticks, limit, weight, order, korf)
    hs, path = state.hs, state.path
    blank = problem.start.index(0)
    parity = None if weighted else solution_parity(problem)  # a weighted pass may find the goal at any depth
    bound = max(hs)
    if weighted:
        bound *= weight[0]
    else:
        assert parity is not None
        bound += (bound ^ parity) & 1
    if first_bound is not None:
        bound = max(bound, first_bound)
    _generated[0] = _counted(state, ticks)
    if hs[0] == 0:
        return finish(problem, [], 0, 0, clock, NAME, None), bound
    ordered = not weighted and not korf and bound > ORDER_DEPTH
    try:
        if ordered:
            cells, nodes = in_room(_ordered_passes, state, ticks, blank, bound, parity, stop_between_passes, budget)
            bound = len(cells) - 1
        else:
            in_room(state.run, hs, blank, bound, parity)
            bound, nodes = state.stats()
            cells = [blank] + path[::-1]
        _generated[0] = _counted(state, ticks)
    except Stop as stop:
        _generated[0] = _counted(state, ticks)
        if ordered:
            assert ticks.bound is not None  # set before the first pass searches
            bound, nodes = ticks.bound, state.stats()[1] + ticks.above
        else:
            bound, nodes = state.stats()
        return finish(problem, None, max(hs) if weighted else bound, nodes, clock, NAME, stop.why), bound
    return finish(
        problem,
        directions(state.neighbors, cells),
        max(hs) if weighted else bound,
        nodes,
        clock,
        NAME,
        None,
        optimal=not weighted,
    ), bound


# Optimal IDA* orders the last pass by what the pass before it saw.  The tree is cut at
# ORDER_DEPTH; in each pass the subtrees below that depth are searched most-visited
# first: the one whose previous pass expanded the most nodes, which has the most nodes
# close to the bound.  Every pass searches the same nodes as before, only in another
# order, so the first solution found is still optimal; the last pass ends sooner.  On
# Korf's first 25 boards: 14,414,541 nodes in the natural order; ordered by the
# subtrees' h at depth 5, 0.86 of that; by the previous pass's nodes at depth 4, 5, 6
# or 7: 0.87, 0.67, 0.59, 0.76 (and on boards 26-60, at depth 5, 6, 7: 1.04, 0.84, 0.71:
# board by board it is luck-prone).
ORDER_DEPTH = 6


class _Ticks:
    """The kernel's clock during ordered passes: it adds the nodes above the cut and
    reports the pass's bound (the kernel itself only knows the depth left below the cut)."""

    def __init__(self, clock: Clock, budget: int | None = None):
        self.clock = clock
        self.budget = budget  # nodes after which the search stops (None: no such limit)
        self.above = 0
        self.children = 0  # the children of the nodes above the cut (count_generated)
        self.bound: int | None = None

    def tick(self, nodes: int, bound: int) -> None:
        if self.budget is not None and nodes + self.above >= self.budget:
            raise Stop("time limit")  # the quick try's time, counted in nodes
        self.clock.tick(nodes + self.above, bound if self.bound is None else self.bound)


class _Cut:
    """The tree below the kernel's board cut `depth` moves down, for passes that search
    the subtrees below the cut in a chosen order.

    below: each subtree's root as (the blank's cells from the top, the cell the blank
    came from, the f bound the path to it needs, its hs); interior: the f bound each node
    above the cut needs to be expanded.  Bounds count from the top, whose blank is on
    `blank` and came from `back` (the board's size: from nowhere).
    """

    def __init__(self, state: _State, blank: int, back: int, depth: int):
        self.state, self.depth = state, depth
        self.below: list[tuple[tuple[int, ...], int, int, list[int]]] = []
        # the subtrees the pass under way has searched through: path -> (nodes, best slack)
        self.finished: dict[tuple[int, ...], tuple[int, int]] = {}
        self.interior: list[int] = []
        self.children: list[int] = []  # each interior node's children
        moves, walk = state.moves, state.walk
        cells = [blank]

        def cut(back: int, need: int) -> None:
            hs = state.values()
            need = max(need, len(cells) - 1 + max(hs))
            if len(cells) > depth:
                self.below.append((tuple(cells), back, need, hs))
                return
            self.interior.append(need)
            here = cells[-1]
            self.children.append(len(moves[here][back]))
            for cell, _ in moves[here][back]:
                walk(here, cell)
                cells.append(cell)
                cut(here, need)
                cells.pop()
                walk(here, cell, undo=True)

        cut(back, 0)

    def order(self, visited: Sequence[int] | None = None) -> list[int]:
        """The subtrees' indexes, most visited first (visited: each one's nodes in the pass
        before, as search returns them; None: lowest h first)."""
        if visited is None:
            return sorted(range(len(self.below)), key=lambda i: max(self.below[i][3]))
        return sorted(range(len(self.below)), key=lambda i: -visited[i])

    def above(self, bound: int) -> int:
        """The nodes a pass with this bound expands above the cut."""
        return sum(need <= bound for need in self.interior)

    def generated_above(self, bound: int) -> int:
        """The children of the nodes a pass with this bound expands above the cut."""
        return sum(children for need, children in zip(self.interior, self.children) if need <= bound)

    def search(self, bound: int, order: Sequence[int]) -> tuple[list[int] | None, int, list[int]]:
        """One pass below the cut, the subtrees in `order`: (the blank's cells from the
        top to the goal, or None; the largest slack pruned; each subtree's nodes)."""
        state, walk = self.state, self.state.walk
        visited = [0] * len(self.below)
        best = -(1 << 30)
        nodes = state.stats()[1]
        self.finished = {}
        for i in order:
            path, back, need, hs = self.below[i]
            if need > bound:
                best = max(best, bound - need)
                continue
            for a, b in zip(path, path[1:]):
                walk(a, b)
            found, slack, total = state.once(hs, path[-1], bound - self.depth, back)
            for a, b in zip(path[-2::-1], path[:0:-1]):
                walk(a, b, undo=True)
            visited[i], nodes = total - nodes, total
            if found:
                return list(path) + state.path[::-1], best, visited
            best = max(best, slack)
            self.finished[path] = (visited[i], slack)
        return None, best, visited


def _ordered_passes(
    state: _State,
    ticks: _Ticks,
    blank: int,
    bound: int,
    parity: int,
    stop_between_passes: float | None = None,
    budget: int | None = None,
) -> tuple[list[int], int]:
    """IDA* passes over the subtrees below ORDER_DEPTH, most visited first: (the blank's
    cells of an optimal solution, nodes).  The start's bound exceeds ORDER_DEPTH, so
    every solution goes through exactly one subtree.  Past stop_between_passes seconds
    it raises Stop("time limit") between two passes, ticks.bound the next one's; so it
    does once a pass ends with half the budget (nodes) searched."""
    cut = _Cut(state, blank, len(state.board), ORDER_DEPTH)
    order = cut.order()
    while True:
        ticks.bound = bound
        ticks.above += cut.above(bound)
        ticks.children += cut.generated_above(bound)
        try:
            cells, best, visited = cut.search(bound, order)
        except Stop:
            _interrupted[0] = (bound, cut.depth, cut.finished)
            raise
        if cells is not None:
            return cells, state.stats()[1] + ticks.above
        bound -= best
        bound += (bound ^ parity) & 1
        late = stop_between_passes is not None and ticks.clock.elapsed() >= stop_between_passes
        if late or budget is not None and 2 * (state.stats()[1] + ticks.above) >= budget:
            ticks.bound = bound  # every pass below it is searched: its bound is a lower bound
            raise Stop("time limit")
        order = cut.order(visited)


# A subtree of the parallel search (npuzzle.pdb.parallel) is cut too, SUBTREE_CUT moves
# below its root (its root is SPLIT_DEPTH moves below the start), its parts lowest h
# first.  The parallel search orders the subtrees themselves most visited first, so the
# two levels together take the one-process search's order in spirit; in Korf's order
# both levels keep his search's order.  Measured on Korf's boards 1-60, every pass in turn in the pool's order,
# nodes against the subtrees lowest h first and nothing ordered inside them: parts
# lowest h first 0.90; parts most visited first (each subtree handing its counts on to
# its next pass) 0.93; no cut 0.95.
SUBTREE_CUT = 3


def subtree_pass(problem: Problem, clock, depth_left: int, back: int) -> tuple[bool, int, int, list[int]]:
    """One IDA* pass below problem.start with depth_left moves to go, the blank having come
    from `back`: (found, the largest slack pruned, nodes, the blank's cells below the start
    to the goal)."""
    korf = korf_order(problem)
    state = _State(problem, clock, MAX_PARTITIONS, (1, 1), korf=korf)
    if max(state.hs) > depth_left:
        return False, depth_left - max(state.hs), 0, []
    if depth_left <= SUBTREE_CUT:
        found, best, nodes = in_room(state.once, state.hs, problem.start.index(0), depth_left, back)
        return found, best, nodes, state.path[::-1]
    cut = _Cut(state, problem.start.index(0), back, SUBTREE_CUT)
    order = list(range(len(cut.below))) if korf else cut.order()  # Korf's: as the moves come
    cells, best, _ = in_room(cut.search, depth_left, order)
    nodes = state.stats()[1] + cut.above(depth_left)
    return cells is not None, best, nodes, [] if cells is None else cells[1:]
