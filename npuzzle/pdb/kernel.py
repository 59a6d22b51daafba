"""The pattern-database heuristic and its IDA* kernels, generated as straight-line code.

    >>> from npuzzle.notation import parse_problem
    >>> r = idastar(parse_problem("3x3:1,2,3,4,5,6,0,7,8"))
    >>> r.moves, r.optimal, r.heuristic
    ('RR', True, 'pdb')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Problem
from ..engine import CHECK_EVERY, Clock, Progress, Stop, finish
from .build import cell_bits
from .shapes import MAX_PARTITIONS, partitions
from .store import table

__all__ = ["heuristic_value", "group_values", "idastar", "weighted_pass", "solution_parity", "directions", "search_state"]

NAME = "pdb"

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


def group_values(board: Sequence[int], goal: Sequence[int],
                 limit: int = MAX_PARTITIONS) -> list[list[tuple[tuple[int, ...], int]]]:
    """Each partition's groups as (goal cells, value): the parts heuristic_value adds up
    (for the study lab's picture of the heuristic; not used by the searches)."""
    found = []
    for groups in partitions(goal, limit):
        part = _Partition(groups, goal, board)
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


def search_state(problem: Problem, clock: Clock, limit: int = MAX_PARTITIONS, weight: tuple[int, int] = (1, 1)):
    """The kernel's functions for a start board: (run, stats, once, hs, neighbours, path)."""
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
    run, stats, once = _kernel(len(parts), weight)(records, path, moves, clock, CHECK_EVERY - 1,
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


def solution_parity(problem: Problem) -> int:
    """The parity every solution's length has: that of the blank's distance to its goal cell."""
    w = problem.topology.width
    blank, goal_blank = problem.start.index(0), problem.goal.index(0)
    return (abs(blank // w - goal_blank // w) + abs(blank % w - goal_blank % w)) & 1


def directions(neighbors, cells: list[int]) -> list[int]:
    """The moves (direction numbers) that take the blank along the cells."""
    return [next(d for d, c in neighbors[a] if c == b) for a, b in zip(cells, cells[1:])]


def weighted_pass(problem: Problem, weight: tuple[int, int], time_limit: float | None,
                  progress: Progress | None, first_bound: int | None, limit: int = MAX_PARTITIONS):
    """(Weighted) IDA* from the pass with first_bound: (Result, the bound of the pass it
    stopped in).  For search.WeightedSearch, which runs it in slices."""
    return _idastar(problem, time_limit, progress, limit, weight, first_bound)


def _idastar(problem: Problem, time_limit: float | None, progress: Progress | None, limit: int,
             weight: tuple[int, int], first_bound: int | None):
    """(idastar's Result, the bound of the pass it stopped in).

    The inner loop (see _KERNEL) is written for speed.  Each group's index is updated with
    one addition when a tile moves, later partitions are looked up only when the earlier
    ones did not prune, the move that would undo the last one is never generated, and
    bounds keep the parity every solution has (on a 4x4 board a solution's length has the
    parity of the blank's distance to its goal cell), so no pass is wasted.
    """
    weighted = weight != (1, 1)
    clock = Clock("weighted-idastar" if weighted else "idastar", time_limit, progress)
    run, stats, _, hs, neighbors, path = search_state(problem, clock, limit, weight)
    blank = problem.start.index(0)
    parity = None if weighted else solution_parity(problem)  # a weighted pass may find the goal at any depth
    bound = max(hs)
    if weighted:
        bound *= weight[0]
    else:
        bound += (bound ^ parity) & 1
    if first_bound is not None:
        bound = max(bound, first_bound)
    if hs[0] == 0:
        return finish(problem, [], 0, 0, clock, NAME, None), bound
    try:
        run(hs, blank, bound, parity)
    except Stop as stop:
        bound, nodes = stats()
        return finish(problem, None, max(hs) if weighted else bound, nodes, clock, NAME, stop.why), bound
    bound, nodes = stats()
    cells = [blank] + path[::-1]
    return finish(problem, directions(neighbors, cells), max(hs) if weighted else bound, nodes, clock, NAME,
                   None, optimal=not weighted), bound


