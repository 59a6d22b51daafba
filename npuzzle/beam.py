"""Beam search with the pattern databases: near-optimal answers in a time one can foresee.

    >>> from npuzzle.notation import parse_problem
    >>> r = beam_search(parse_problem("3x3:1,2,3,4,5,6,0,7,8"), width=10)
    >>> r.moves, r.algorithm
    ('RR', 'beam')

Breadth-first from the start, keeping at each depth only the ``width`` boards with the
smallest heuristic (the maximum of the two partitions' sums; among equals, the one whose
other partition is smaller), never going back to a board seen in the last RECENT/2 to
RECENT depths.
The first depth that reaches the goal gives the answer.  Weighted IDA*'s time to an answer
is erratic (its last pass may hold many solutions and still search millions of nodes
before one), a beam's is about width x depth, and a wide beam answers close to the optimum:
on Korf's 24-puzzles (CPython, odd boards 1-25) width 5,000 takes 2.2-3.0 s and answers
at 1.074 x the optimum on average, where the ladder of weights takes 4.4 s for 1.12
(docs/benchmarks.md).  Furcy and Koenig (2005) found beams the strongest of the simple
searches on the 48-puzzle; here the pattern databases make them sharp.
"""

from __future__ import annotations

import gc
import time

from .board import Problem, tiles_moved
from .engine import PROGRESS_SECONDS, Progress, Result
from .topology import DIRECTIONS
from .pdb.build import cell_bits
from .pdb.kernel import _Partition
from .pdb.shapes import partitions

__all__ = ["beam_search", "RECENT", "NARROW"]

RECENT = 16  # depths whose boards the beam never goes back to (at least half of them)
NARROW = 64  # the narrowest a beam short of time gets: it ends soon


def beam_search(problem: Problem, width: int, *, time_limit: float | None = None,
                progress: Progress | None = None, tie: int = 0) -> Result:
    """The first answer a beam of ``width`` boards a depth finds (databases ready, goal
    supported by npuzzle.pdb).  With a time_limit the beam narrows when the depths still
    to go (about the best h left) would take it past the limit, down to ``NARROW``: it
    always answers, at worst a little late.  tie 1 breaks ties the other way (the other partition
    larger first): a second beam, for a racing worker, that finds other answers."""
    # The beam makes millions of tuples and no reference cycles: the garbage collector,
    # which would look at them again and again, is off meanwhile (korf24 #1, width 3,000,
    # CPython: 1.18 s against 1.47 s).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _beam(problem, width, time_limit, progress, tie)
    finally:
        if collecting:
            gc.enable()


def _beam(problem: Problem, width: int, time_limit: float | None, progress: Progress | None, tie: int) -> Result:
    begun = time.perf_counter()
    deadline = None if time_limit is None else begun + time_limit
    start, goal, topology = problem.start, problem.goal, problem.topology
    parts = [_Partition(groups, goal, start) for groups in partitions(goal)]
    a, b = parts if len(parts) == 2 else parts * 2
    tiles_a, tiles_b = a.tiles, b.tiles
    bits = cell_bits(len(start))
    steps = [tuple(c for _, c in topology.neighbors[cell]) for cell in range(len(start))]
    target = bytes(goal)
    flip = 255 if tie else 0  # 255 - low, for 0 <= low < 256
    # A node: (key, board, blank, group indexes of a and of b, h of a and of b, its parent's
    # place in the depth before).  Each depth keeps (parent's place, blank) for its nodes, so
    # the answer is read back at the end; nodes hold no references to nodes (the garbage
    # collector would walk them all).
    h0 = max(a.value(), b.value())
    level = [(0, bytes(start), start.index(0), tuple(a.index), tuple(b.index), a.value(), b.value(), 0)]
    trail = [[(0, start.index(0))]]
    seen = {level[0][1]: 0}  # board: the depth it was seen at, for the last RECENT/2 to RECENT depths
    nodes = depth = 0
    found = 0 if level[0][1] == target else None
    next_report = then = begun
    while found is None and level:
        depth += 1
        if depth % (RECENT // 2) == 0:
            seen = {board: at for board, at in seen.items() if at > depth - RECENT // 2}
        before = len(seen)
        kids = []
        for place, (_, board, blank, ia, ib, ha, hb, _) in enumerate(level):
            for cell in steps[blank]:
                tile = board[cell]
                child = bytearray(board)
                child[blank] = tile
                child[cell] = 0
                child = bytes(child)
                if child in seen:
                    continue
                seen[child] = depth
                if child == target:
                    found = place
                    trail.append([(place, cell)])
                    break
                key = cell << bits | blank
                sa, da, dba = tiles_a[tile]
                old = ia[sa]
                new = old + da[key]
                ha2 = ha - dba[old] + dba[new]
                ia2 = ia[:sa] + (new,) + ia[sa + 1:]
                sb, db, dbb = tiles_b[tile]
                old = ib[sb]
                new = old + db[key]
                hb2 = hb - dbb[old] + dbb[new]
                ib2 = ib[:sb] + (new,) + ib[sb + 1:]
                order = (ha2 << 8) + (hb2 ^ flip) if ha2 >= hb2 else (hb2 << 8) + (ha2 ^ flip)
                kids.append((order, child, cell, ia2, ib2, ha2, hb2, place))
            if found is not None:
                break
        nodes += len(seen) - before
        if found is not None:
            break
        if len(kids) > width:
            kids.sort(key=_first)
            del kids[width:]
        now = time.perf_counter()
        if deadline is not None and kids:
            # behind time (this depth's time for each depth still to go, about the best h
            # left and a third more), the beam narrows; it never widens again
            needs = (now - then) * (min(kid[0] for kid in kids) >> 8) * 4 / 3
            if now + needs > deadline:
                width = max(NARROW, int(width * max(deadline - now, 0.0) / needs))
        then = now
        level = kids
        trail.append([(kid[7], kid[2]) for kid in kids])
        if progress is not None and now >= next_report:
            next_report = now + PROGRESS_SECONDS
            progress({"algorithm": "beam", "bound": depth, "nodes": nodes, "seconds": round(now - begun, 3)})
    seconds = time.perf_counter() - begun
    if found is None:  # every board the beam kept led back to one it had seen
        return Result(solvable=True, found=False, lower_bound=h0, nodes=nodes, seconds=seconds, algorithm="beam",
                      heuristic="pdb", stopped="dead end")
    cells = []
    place = 0
    for step in reversed(trail):
        place, cell = step[place]
        cells.append(cell)
    cells.reverse()
    neighbors = topology.neighbors
    moves = "".join(DIRECTIONS[next(d for d, c in neighbors[x] if c == y)] for x, y in zip(cells, cells[1:]))
    return Result(solvable=True, found=True, moves=moves, tiles=tiles_moved(start, moves, topology),
                  length=len(moves), lower_bound=h0, nodes=nodes, seconds=seconds, algorithm="beam", heuristic="pdb")


def _first(node: tuple) -> int:
    return node[0]
