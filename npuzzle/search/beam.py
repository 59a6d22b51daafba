"""Beam search with the pattern databases: near-optimal answers in a time one can foresee.

    >>> from npuzzle.rules.notation import parse_problem
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
on Korf's 24-puzzles #1, #11, #21, #31 and #41, width 5,000 takes 1.4-1.5 s in CPython
(2.4-2.6 s in Pyodide) and answers at 1.072 x the optimum on average, where the ladder of
weights takes 4.4 s for about 1.12 (docs/benchmarks.md, docs/benchmarks-record.md).  Furcy and Koenig (2005) found
beams the strongest of the simple searches on the 48-puzzle; here the pattern databases
make them sharp.
"""

from __future__ import annotations

import gc
import time
from array import array
from operator import itemgetter

from ..pdb.build import cell_bits
from ..pdb.kernel import Partition
from ..pdb.shapes import partitions
from ..result import PROGRESS_SECONDS, Progress, Result
from ..rules.board import Problem, tiles_moved
from ..rules.topology import DIRECTIONS

__all__ = ["beam_search", "RECENT", "NARROW"]

RECENT = 16  # depths whose boards the beam never goes back to (at least half of them)
NARROW = 64  # the narrowest a beam short of time gets: it ends soon
_KEY = itemgetter(0)  # a node's place in the beam (a C call, where a def would be a Python one)


def beam_search(
    problem: Problem, width: int, *, time_limit: float | None = None, progress: Progress | None = None, tie: int = 0
) -> Result:
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
    parts = [Partition(groups, goal, start) for groups in partitions(goal)]
    a, b = parts if len(parts) == 2 else parts * 2
    tiles_a, tiles_b = a.tiles, b.tiles
    bits = cell_bits(len(start))
    steps = [tuple(c for _, c in topology.neighbors[cell]) for cell in range(len(start))]
    target = bytes(goal)
    flip = 255 if tie else 0  # 255 - low, for 0 <= low < 256
    ha0, hb0, blank0 = a.value(), b.value(), start.index(0)
    # swaps[t] turns a board into the one with tile t and the blank swapped, in one C call
    swaps = [bytes.maketrans(bytes((0, t)), bytes((t, 0))) for t in range(len(start))]
    # A node: (key, board, blank, group indexes of a and of b, h of a and of b, its parent's
    # place in the depth before).  A child is first only (key, board, blank, parent's place,
    # the new index of the moved tile's group in a and in b, h of a and of b): most are
    # dropped, and only those kept get their tuples of group indexes (korf24, width 3,000:
    # a quarter less time in CPython, more than a third less in Pyodide).  Each depth keeps
    # its nodes' parents' places and blanks (an array and bytes: compact), so the answer is
    # read back at the end; nodes hold no references to nodes (the garbage collector would
    # walk them all).
    level = [(0, bytes(start), blank0, tuple(a.index), tuple(b.index), ha0, hb0, 0)]
    trail = [(array("i", [0]), bytes((blank0,)))]
    seen = {level[0][1]: 0}  # board: the depth it was seen at, for the last RECENT/2 to RECENT depths
    nodes = depth = 0
    found = 0 if level[0][1] == target else None
    next_report = begun
    ends = [begun]  # when each of the last RECENT/2 depths ended, and the one before
    while found is None and level:
        depth += 1
        if depth % (RECENT // 2) == 0:
            seen = {board: at for board, at in seen.items() if at > depth - RECENT // 2}
        before = len(seen)
        kids = []
        for place, (_, board, blank, ia, ib, ha, hb, _) in enumerate(level):
            for cell in steps[blank]:
                tile = board[cell]
                child = board.translate(swaps[tile])
                if child in seen:
                    continue
                seen[child] = depth
                if child == target:
                    found = place
                    trail.append((array("i", [place]), bytes((cell,))))
                    break
                key = cell << bits | blank
                sa, da, dba = tiles_a[tile]
                old = ia[sa]
                na = old + da[key]
                ha2 = ha - dba[old] + dba[na]
                sb, db, dbb = tiles_b[tile]
                old = ib[sb]
                nb = old + db[key]
                hb2 = hb - dbb[old] + dbb[nb]
                order = (ha2 << 8) + (hb2 ^ flip) if ha2 >= hb2 else (hb2 << 8) + (ha2 ^ flip)
                kids.append((order, child, cell, place, na, nb, ha2, hb2))
            if found is not None:
                break
        nodes += len(seen) - before
        if found is not None:
            break
        if len(kids) > width:
            kids.sort(key=_KEY)
            del kids[width:]
        kept = []
        for order, child, cell, place, na, nb, ha2, hb2 in kids:
            _, board, _, ia, ib, _, _, _ = level[place]
            tile = board[cell]
            sa, sb = tiles_a[tile][0], tiles_b[tile][0]
            kept.append(
                (order, child, cell, ia[:sa] + (na,) + ia[sa + 1 :], ib[:sb] + (nb,) + ib[sb + 1 :], ha2, hb2, place)
            )
        level = kept
        now = time.perf_counter()
        ends.append(now)
        if len(ends) > RECENT // 2 + 1:
            del ends[0]
        if deadline is not None and level:
            # behind time (the last depths' mean time for each depth still to go, about the
            # best h left and a third more), the beam narrows; it never widens again.  The
            # mean takes in the depth that forgets old boards, slower than the others, and
            # starts again when the beam narrows (the wider depths would narrow it again).
            needs = (now - ends[0]) / (len(ends) - 1) * (min(node[0] for node in level) >> 8) * 4 / 3
            if needs > 0 and now + needs > deadline:
                width = max(NARROW, int(width * max(deadline - now, 0.0) / needs))
                del ends[:-1]
        trail.append((array("i", [node[7] for node in level]), bytes([node[2] for node in level])))
        if progress is not None and now >= next_report:
            next_report = now + PROGRESS_SECONDS
            progress({"algorithm": "beam", "bound": depth, "nodes": nodes, "seconds": round(now - begun, 3)})
    seconds = time.perf_counter() - begun
    if found is None:  # every board the beam kept led back to one it had seen
        return Result(
            solvable=True,
            found=False,
            lower_bound=max(ha0, hb0),
            nodes=nodes,
            seconds=seconds,
            algorithm="beam",
            heuristic="pdb",
            stopped="dead end",
        )
    cells = []
    place = 0
    for places, blanks in reversed(trail):
        place, cell = places[place], blanks[place]
        cells.append(cell)
    cells.reverse()
    neighbors = topology.neighbors
    moves = "".join(DIRECTIONS[next(d for d, c in neighbors[x] if c == y)] for x, y in zip(cells, cells[1:]))
    return Result(
        solvable=True,
        found=True,
        moves=moves,
        tiles=tiles_moved(start, moves, topology),
        length=len(moves),
        lower_bound=max(ha0, hb0),
        nodes=nodes,
        seconds=seconds,
        algorithm="beam",
        heuristic="pdb",
    )
