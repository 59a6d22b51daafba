"""Building pattern databases: a vectorised numpy generator and a pure-Python one.

    >>> from npuzzle.rules.topology import Topology
    >>> table = build_python(Topology(3, 2), (0, 1))   # tiles of goal cells 0, 1 on 3x2
    >>> table[0 | 1 << 4], table[1 | 0 << 4]           # both home; the two swapped
    (0, 6)

A *pattern* is an ordered tuple of goal cells; pattern tile i is the tile whose goal cell
is ``cells[i]``.  Its database holds, for every placement of the pattern tiles, the fewest
moves *of pattern tiles* that bring them all home while the other tiles and the blank are
free (moves of other tiles cost nothing), and databases over disjoint patterns add up
(Korf and Felner 2002).  Where the goal puts the blank matters only when the pattern at
home encloses some free cells: by default the search starts with the blank in any free
cell; with ``blank_home`` only in the free cells it reaches from there, as in the real
goal.  That table is stronger, and admissible wherever the goal's blank is on (the image
of) ``blank_home``: 5x5-6a's home encloses cell 0, and counting the pattern moves that
bring the blank back into it raises h at the start of Korf's #38 from 80 to 82.

    >>> build_python(Topology(3, 3), (1, 3))[1 | 4 << 4]       # tile 3 on cell 4: one move
    1
    >>> build_python(Topology(3, 3), (1, 3), blank_home=0)[1 | 4 << 4]   # the blank ends on 0
    3

The table is *sparse*: the placement with pattern tile i on cell p_i has the index
``sum(p_i << bits * i)`` (4 bits a cell on boards of up to 16 cells, 5 up to 32), so a
search updates it with one addition when one tile moves, and a table of k tiles has
2**(bits k) entries (16 MiB for six tiles on 4x4, 32 MiB for five on 5x5).  Entries that
are not placements (two tiles on one cell) stay 0.

``build_python`` and ``build_numpy`` search backwards from the goal over states
(placement, blank cell) level by level (``build_regions``, for boards of up to 16 cells,
over (placement, blank region) instead): moves of the blank into free cells cost 0 (closed within a level), moves that
swap the blank with a pattern tile cost 1.  The result is deterministic.  numpy is a
build-time tool only; the solver never imports this module's numpy path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..result import Progress
from ..rules.topology import Topology

__all__ = ["build", "build_numpy", "build_python", "build_regions", "geometry", "home_blanks", "UNSEEN"]

UNSEEN = 255


def cell_bits(cells: int) -> int:
    """Bits per tile in a sparse index: 4 on boards of up to 16 cells, 5 up to 32."""
    if cells > 32:
        raise ValueError("pattern databases index cells in at most 5 bits: at most 32 cells")
    return 4 if cells <= 16 else 5


def _check(topology: Topology, cells: Sequence[int]) -> tuple[int, int]:
    if len(set(cells)) != len(cells) or not all(0 <= c < topology.size for c in cells):
        raise ValueError(f"bad pattern cells {cells!r}")
    return len(cells), cell_bits(topology.size)


def home_blanks(topology: Topology, cells: Sequence[int], blank_home: int | None = None) -> list[int]:
    """The cells the search starts the blank on, the pattern at home: every free cell, or
    with ``blank_home`` those the blank reaches from it without moving a pattern tile."""
    free = [c for c in range(topology.size) if c not in cells]
    if blank_home is None:
        return free
    if blank_home not in free:
        raise ValueError(f"the blank's home {blank_home!r} must be a free cell of the board")
    reached = {blank_home}
    todo = [blank_home]
    while todo:
        for _, c in topology.neighbors[todo.pop()]:
            if c not in reached and c not in cells:
                reached.add(c)
                todo.append(c)
    return sorted(reached)


def build(
    topology: Topology, cells: Sequence[int], progress: Progress | None = None, *, blank_home: int | None = None
) -> bytes:
    """The sparse table for a pattern: numpy when it is installed, else pure Python."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return build_python(topology, cells, progress, blank_home=blank_home)
    return build_numpy(topology, cells, progress, blank_home=blank_home)


def build_python(
    topology: Topology, cells: Sequence[int], progress: Progress | None = None, *, blank_home: int | None = None
) -> bytes:
    """0-1 breadth-first search in pure Python; fine up to four or five tiles."""
    k, bits = _check(topology, cells)
    shift = bits * k
    mask = (1 << shift) - 1
    cell_mask = (1 << bits) - 1
    n = topology.size
    nbrs = [[c for _, c in topology.neighbors[b]] for b in range(n)]
    dist = bytearray([UNSEEN]) * (1 << (shift + bits))
    home = sum(c << bits * i for i, c in enumerate(cells))
    queue: deque[tuple[int, int]] = deque()
    for b in home_blanks(topology, cells, blank_home):
        s = home | b << shift
        dist[s] = 0
        queue.append((s, 0))
    table = bytearray([UNSEEN]) * (1 << shift)  # a placement's least cost over blank cells
    done = 0
    while queue:
        s, d = queue.popleft()
        if dist[s] != d:
            continue  # reached again later at a lower cost
        done += 1
        if progress is not None and not done & 0xFFFF:
            progress({"states": done, "depth": d})
        cfg, blank = s & mask, s >> shift
        if table[cfg] == UNSEEN:  # states leave the deque in order of cost: this is the least
            table[cfg] = d
        where = {(cfg >> bits * i) & cell_mask: i for i in range(k)}
        for c in nbrs[blank]:
            i = where.get(c)
            if i is None:  # the blank moves among non-pattern tiles: free
                t, cost = cfg | c << shift, d
            else:  # pattern tile i slides into the blank's cell
                t, cost = (cfg + ((blank - c) << bits * i)) | c << shift, d + 1
            if cost < dist[t]:
                dist[t] = cost
                if cost == d:
                    queue.appendleft((t, cost))
                else:
                    queue.append((t, cost))
    return bytes(table).replace(bytes([UNSEEN]), b"\0")


def build_numpy(
    topology: Topology, cells: Sequence[int], progress: Progress | None = None, *, blank_home: int | None = None
) -> bytes:
    """The same search vectorised: each level expands all its states at once."""
    import numpy as np

    k, bits = _check(topology, cells)
    shift = bits * k
    step = np.array(topology.step, dtype=np.int64).T  # step[d][blank]
    dist = np.full(1 << (shift + bits), UNSEEN, dtype=np.uint8)
    home = sum(c << bits * i for i, c in enumerate(cells))
    mask = (1 << shift) - 1
    cell_mask = (1 << bits) - 1
    level = np.array([home | b << shift for b in home_blanks(topology, cells, blank_home)], dtype=np.int64)
    dist[level] = 0
    depth = 0
    total = 0
    while len(level):
        # Close the level under free moves of the blank.
        parts = [level]
        new = level
        while len(new):
            cfg, blank = new & mask, new >> shift
            found = []
            for d in range(4):
                to = step[d][blank]
                ok = to >= 0
                for i in range(k):
                    ok &= ((cfg >> bits * i) & cell_mask) != to
                cand = cfg[ok] | to[ok] << shift
                cand = cand[dist[cand] == UNSEEN]
                found.append(cand)
            new = np.unique(np.concatenate(found))
            dist[new] = depth
            parts.append(new)
        level = np.concatenate(parts)
        total += len(level)
        if progress is not None:
            progress({"depth": depth, "states": total})
        # Pattern-tile moves: one more than this level.
        cfg, blank = level & mask, level >> shift
        found = []
        for d in range(4):
            to = step[d][blank]
            for i in range(k):
                hit = ((cfg >> bits * i) & cell_mask) == to
                hit &= to >= 0
                c, b, t = cfg[hit], blank[hit], to[hit]
                cand = (c + ((b - t) << bits * i)) | t << shift
                cand = cand[dist[cand] == UNSEEN]
                found.append(cand)
        depth += 1
        level = np.unique(np.concatenate(found))
        dist[level] = depth
    table = dist.reshape(1 << bits, 1 << shift).min(axis=0)
    table[table == UNSEEN] = 0
    return table.tobytes()


def _rank_weights(n: int, k: int) -> tuple[list[int], int]:
    """(the weights of a placement's rank digits, the number of placements P(n, k)) for k
    tiles on n cells: rank = sum d_i weights[i], d_i = p_i - (pattern tiles before i on
    cells below p_i).  Ranks are 64-bit, but a move's change of rank, less than P(n, k),
    is computed in 32 bits: half8's 518,918,400 placements fit, nine tiles on 16 cells
    (4,151,347,200) do not."""
    weights = [1] * k
    for i in range(k - 2, -1, -1):
        weights[i] = weights[i + 1] * (n - 1 - i)
    total = weights[0] * n
    if total >= 1 << 31:
        raise ValueError(f"build_regions: {total:,} placements are too many (at most {(1 << 31) - 1:,})")
    return weights, total


def build_regions(
    topology: Topology,
    cells: Sequence[int],
    progress: Progress | None = None,
    *,
    chunk: int = 1 << 21,
    blank_home: int | None = None,
):
    """The same table by a search over (placement, blank region): for the big databases.

    Moves of the blank among non-pattern cells cost nothing, so within a placement the
    blank's cell matters only up to its *region*, the free cells it can reach without
    moving a pattern tile.  This search keeps, for each placement (numbered by its rank,
    not its sparse index: ``P(n, k)`` entries instead of ``2**(bits k)``), a mask of the
    free cells whose region it has reached, and expands a level's placements with all
    their new regions at once.  A pattern tile next to a reached region slides into it at
    cost 1; the blank's new region is found from (free cells, cell left), and the child's
    rank follows from its parent's (see below).  The 8-tile 4x4 database (518,918,400
    placements; about 4 billion (placement, blank cell) states) takes 19 minutes and
    5.6-5.8 GB at its peak this way (the 4 GiB table it returns included), where
    ``build_numpy`` would need 64 GiB.

    Boards of up to 16 cells look regions and unrankings up in tables of 2**16 rows; larger
    ones (the 24-puzzle's six-tile databases: 127,512,000 placements, 2.4 billion states
    with the blank) must be plain rectangles and find them by bit operations on 32-bit
    masks (``_Wide``).  Returns the sparse table as a numpy uint8 array (``bytes(...)`` of
    it equals what ``build_numpy`` returns).
    """
    import numpy as np

    k, bits = _check(topology, cells)
    n = topology.size
    if k >= n or n > 31:
        raise ValueError("build_regions: boards of up to 31 cells, at least one cell free")
    cells_of = geometry(topology)
    mask_type: Any = np.uint16 if n <= 16 else np.uint32
    full = (1 << n) - 1
    bit = cells_of.bit
    low = cells_of.low
    popcount = cells_of.popcount
    region = cells_of.region
    # step[d][c]: the cell next to c in direction d, n where there is none
    step = np.full((4, n + 1), n, dtype=np.int64)
    for c in range(n):
        for d, m in topology.neighbors[c]:
            step[d][c] = m
    weights, total = _rank_weights(n, k)

    def unrank(ranks):
        places = np.empty((k, len(ranks)), dtype=np.int64)
        used = np.zeros(len(ranks), dtype=np.int64)
        rest = ranks.astype(np.int64)
        for i in range(k):
            digit, rest = np.divmod(rest, weights[i])
            places[i] = p = cells_of.nth_free(used, digit, i)
            used |= bit[p]
        return places, used

    visited = np.zeros(total, dtype=mask_type)  # free cells whose region was reached, by rank
    reached = np.zeros(total, dtype=mask_type)  # the same for the level being found
    dist = np.full(total, UNSEEN, dtype=np.uint8)
    home = np.array(cells, dtype=np.int64)
    goal_rank = sum((int(p) - int(np.sum(home[:i] < p))) * weights[i] for i, p in enumerate(home))
    level = np.array([goal_rank], dtype=np.int64)
    level_masks = np.array([sum(1 << c for c in home_blanks(topology, cells, blank_home))], dtype=mask_type)
    depth = 0
    done = 0
    while len(level):
        visited[level] |= level_masks
        first = level[dist[level] == UNSEEN]  # placements reached for the first time: this is their cost
        dist[first] = depth
        done += len(first)
        if progress is not None:
            progress({"depth": depth, "states": done, "total": total})
        for start in range(0, len(level), chunk):
            ranks = level[start : start + chunk]
            blank = level_masks[start : start + chunk].astype(np.int64)
            places, occupied = unrank(ranks)
            free = full ^ occupied
            before = np.zeros(len(ranks), dtype=np.int64)  # cells of the pattern tiles before i
            for i in range(k):
                p = places[i]
                for d in range(4):
                    to = step[d][p]
                    pick = np.flatnonzero(blank & bit[to])  # tile i slides into a reached region
                    if not len(pick):
                        continue
                    # The child's rank: tile i goes from a to b.  Its digit d_i changes by
                    # b - a less the tiles before it on the cells between; each later tile on
                    # a cell between gains (b > a) or loses one (a tile one column over: only
                    # d_i changes, by one).
                    a, b = p[pick], to[pick]
                    lo, hi = np.minimum(a, b), np.maximum(a, b)
                    between = low[hi] & ~low[lo + 1]  # cells strictly between a and b
                    change = (np.abs(b - a) - popcount(before[pick] & between)) * weights[i]
                    for j in range(i + 1, k):
                        change += ((between >> places[j][pick]) & 1) * weights[j]
                    new = ranks[pick] + np.where(b > a, change, -change)
                    fresh = (visited[new] & bit[a]) == 0
                    a, b, new = a[fresh], b[fresh], new[fresh]
                    room = region(free[pick][fresh] ^ bit[a] ^ bit[b], a)
                    np.bitwise_or.at(reached, new, room.astype(mask_type))
                before |= bit[p]
        depth += 1
        level = np.flatnonzero(reached)
        level_masks = reached[level]
        reached[level] = 0
    del visited, reached
    if progress is not None:
        progress({"depth": depth, "states": done, "total": total})
    dist[dist == UNSEEN] = 0
    table = np.zeros(1 << (bits * k), dtype=np.uint8)
    for start in range(0, total, chunk * 4):
        ranks = np.arange(start, min(total, start + chunk * 4), dtype=np.int64)
        places, _ = unrank(ranks)
        index = np.zeros(len(ranks), dtype=np.int64)
        for i in range(k):
            index |= places[i].astype(np.int64) << (bits * i)
        table[index] = dist[start : start + len(ranks)]
    return table


@cache
def geometry(topology: Topology) -> _Narrow | _Wide:
    """The board's cell tables for build_regions (seconds to make on a 4x4), kept for the
    process: npuzzle.pdb.estimate makes them before it times its calibration table."""
    return _Narrow(topology) if topology.size <= 16 else _Wide(topology)


class _Cells:
    """What both kinds of board share: bit[p] (0 for the cell past the board), low[p] (the
    cells below p) and the number of cells in each 16-bit mask, for counting."""

    def __init__(self, topology: Topology):
        import numpy as np

        n = topology.size
        self.bit = (1 << np.arange(n + 1, dtype=np.int64)).astype(np.int64)
        self.bit[n] = 0  # the cell past the board: no cell
        self.low = self.bit - 1  # low[p]: the cells below p
        masks = np.arange(1 << 16, dtype=np.int64)
        self.table = np.zeros(1 << 16, dtype=np.int64)
        for c in range(16):
            self.table += (masks >> c) & 1


class _Narrow(_Cells):
    """Cell tables for boards of up to 16 cells: a region or an unranking step is one look-up
    in a table of 2**16 rows."""

    def __init__(self, topology: Topology):
        import numpy as np

        super().__init__(topology)
        n = topology.size
        masks = np.arange(1 << 16, dtype=np.int64)
        # select[used << 4 | d]: the d-th cell not in used (the unranking's step)
        by_used = np.full((1 << 16, 16), n, dtype=np.int64)
        free_before = np.zeros(1 << 16, dtype=np.int64)
        for c in range(n):
            is_free = ((masks >> c) & 1) == 0
            rows = np.flatnonzero(is_free)
            by_used[rows, free_before[rows]] = c
            free_before += is_free
        self.select = by_used.reshape(-1)
        # by_free[free << 4 | c]: the free cells the blank reaches from c (0 when c is not free)
        adjacent = np.zeros(n + 1, dtype=np.int64)
        for c in range(n):
            for _, m in topology.neighbors[c]:
                adjacent[c] |= 1 << m
        by_free = np.zeros((1 << 16, 16), dtype=np.int64)
        for c in range(n):
            reach = masks & (1 << c)
            while True:
                grown = reach.copy()
                for m in range(n):
                    grown |= np.where((reach >> m) & 1, adjacent[m], 0)
                grown &= masks
                if np.array_equal(grown, reach):
                    break
                reach = grown
            by_free[:, c] = reach
        self.by_free = by_free.reshape(-1).astype(np.uint16)

    def popcount(self, masks):
        return self.table[masks]

    def nth_free(self, used, digit, placed: int):
        return self.select[used << 4 | digit]

    def region(self, free, cell):
        return self.by_free[free << 4 | cell]


class _Wide(_Cells):
    """The same for boards of 17 to 31 cells, plain rectangles: no table of 2**n rows fits,
    so regions grow by shifting masks (a flood fill, only the masks still growing kept)
    and the d-th free cell is a fixed point of counting."""

    def __init__(self, topology: Topology):
        if topology.wrapped:
            raise ValueError("build_regions: boards over 16 cells must not wrap")
        super().__init__(topology)
        n, width = topology.size, topology.width
        self.upto = (self.bit << 1) - 1  # upto[p]: the cells up to p, p included
        self.width = width
        self.full = (1 << n) - 1
        first_column = sum(1 << c for c in range(0, n, width))
        self.not_first = self.full ^ first_column  # cells a step to the right may reach
        self.not_last = self.full ^ (first_column << (width - 1))  # cells a step to the left may reach

    def popcount(self, masks):
        return self.table[masks & 0xFFFF] + self.table[masks >> 16]

    def nth_free(self, used, digit, placed: int):
        # p = digit + (used cells at or below p), reached from p = digit upwards: each step
        # that moves p counts at least one more used cell, so `placed` steps are enough
        p = digit
        for _ in range(placed):
            p = digit + self.popcount(used & self.upto[p])
        return p

    def region(self, free, cell):
        import numpy as np

        reach = self.bit[cell]
        free = free.astype(np.int64)
        out = np.empty_like(reach)
        live = np.arange(len(reach))
        w = self.width
        while len(live):
            r = reach
            grown = (r | (r << 1) & self.not_first | (r >> 1) & self.not_last | r << w | r >> w) & free
            done = grown == r
            out[live[done]] = grown[done]
            keep = ~done
            live, reach, free = live[keep], grown[keep], free[keep]
        return out
