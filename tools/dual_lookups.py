"""Would dual lookups (Felner, Zahavi et al.) strengthen the pattern databases?  Measured.

    python3 tools/dual_lookups.py            # the whole 8-puzzle, then Korf's 100 starts

A *dual lookup* reads the same tables for the inverse permutation: where the start puts
tile t on cell c, the dual puts "tile" c on t's goal cell.  For a pattern of goal cells G
it reads where the dual's tiles G stand, that is which tiles the board has on G's cells,
so no second table is needed.  In a permutation puzzle whose moves apply anywhere (the
pancakes, Rubik's cube) the dual is as far from the goal as the board, and the lookup is
admissible.  In the sliding-tile puzzle only the blank moves, and taken as a tile the
blank breaks that: the dual is as far from the goal only when the blank is on its goal
cell.  The dual that keeps the distance for every board (reverse the board's solution)
has the *board's blank cell* p0 as its blank, with its goal on p0; its blank is one of
the dual's tiles of whichever pattern holds p0, so that pattern must be read without it:
a table the package does not have (one for each cell p0).

Over all 181,440 boards of the 8-puzzle (goal 1-8 then the blank), with the package's
two 4-4 partitions (rows, columns) and the true distances from a breadth-first search,
this prints: how often the plain dual (the blank as a tile, the same tables) overstates
the distance; how much the dual that is admissible (the pattern holding p0 read without
it, from a table built for those cells) raises the mean of the heuristic, and the same
with that pattern's tiles counted by Manhattan distance instead.  Then over Korf's 100
starts with the 6-6-3 databases and their reflection (the page's): how much the dual with
the Manhattan fallback raises their heuristic.  Results: docs/benchmarks.md ("Dual lookups").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NPUZZLE_DATABASES", "standard")  # the page's 6-6-3 on 4x4

import bench  # noqa: E402  (the board sets)
from npuzzle import pdb  # noqa: E402
from npuzzle.board import default_goal  # noqa: E402
from npuzzle.pdb.build import cell_bits  # noqa: E402
from npuzzle.pdb.store import table  # noqa: E402
from npuzzle.topology import Topology  # noqa: E402


def lookup(key, inverse, positions, bits: int) -> int:
    """A pattern's table read for its tiles on `positions` (board cells, in pattern order)."""
    return table(key)[sum(inverse[cell] << bits * i for i, cell in enumerate(positions))]


def regular(board, goal, parts, bits: int) -> int:
    """The package's heuristic: the largest partition sum (pdb.heuristic_value)."""
    where = {t: c for c, t in enumerate(board)}
    return max(sum(lookup(key, inv, [where[goal[g]] for g in cells], bits) for key, cells, inv in groups)
               for groups in parts)


def dual(board, goal, parts, bits: int, side: int, rest: str) -> int:
    """The dual lookup's value: pattern G read with "tile" g on the goal cell of the tile
    the board has on g.  rest="plain": the blank taken as a tile (not admissible);
    "table": the pattern holding the board's blank cell read without it, from a table of
    the cells left; "manhattan": those cells' dual tiles counted by Manhattan distance."""
    label = {t: c for c, t in enumerate(goal)}
    p0 = board.index(0)
    best = 0
    for groups in parts:
        total = 0
        for key, cells, inv in groups:
            if rest == "plain" or p0 not in cells:
                total += lookup(key, inv, [label[board[g]] for g in cells], bits)
                continue
            left = tuple(g for g in cells if g != p0)
            if rest == "table":
                total += lookup((side, side, left), tuple(range(side * side)), [label[board[g]] for g in left], bits)
            else:
                total += sum(abs(label[board[g]] // side - g // side) + abs(label[board[g]] % side - g % side)
                             for g in left)
        best = max(best, total)
    return best


def eight_puzzle() -> None:
    topology, goal = Topology(3, 3), default_goal(3, 3)
    parts, bits = pdb.partitions(goal), cell_bits(9)
    distance = {goal: 0}
    frontier = deque([goal])
    while frontier:  # every board of the goal's half, by breadth-first search
        board = frontier.popleft()
        blank = board.index(0)
        for _, cell in topology.neighbors[blank]:
            child = list(board)
            child[blank], child[cell] = child[cell], 0
            child = tuple(child)
            if child not in distance:
                distance[child] = distance[board] + 1
                frontier.append(child)
    n = len(distance)
    over = {"plain": 0, "table": 0, "manhattan": 0}
    raised = dict.fromkeys(over, 0)
    total = dict.fromkeys(("regular", *over), 0)
    for board, d in distance.items():
        h = regular(board, goal, parts, bits)
        assert h <= d
        total["regular"] += h
        for rest in over:
            v = dual(board, goal, parts, bits, 3, rest)
            over[rest] += v > d
            raised[rest] += v > h
            total[rest] += max(h, v)
    print(f"8-puzzle, all {n:,} boards, the 4-4 rows and columns partitions; mean h {total['regular'] / n:.3f}")
    print(f"{'dual lookup':<44} {'boards overstated':>18} {'boards raised':>14} {'mean max(h, dual)':>18}")
    said = {"plain": "plain (the blank as a tile)", "table": "admissible, p0's pattern from its own table",
            "manhattan": "admissible, p0's pattern by Manhattan"}
    for rest in over:
        print(f"{said[rest]:<44} {over[rest]:>18,} {raised[rest]:>14,} {total[rest] / n:>18.3f}")


def korf100() -> None:
    boards = bench.SETS["korf100"]()
    goal, topology = boards[0][1].goal, boards[0][1].topology
    pdb.prepare(goal, topology)
    parts, bits = pdb.partitions(goal), cell_bits(16)
    gains, raised = [], 0
    for _, problem, _ in boards:
        h = regular(problem.start, goal, parts, bits)
        v = dual(problem.start, goal, parts, bits, 4, "manhattan")
        raised += v > h
        gains.append(max(h, v) - h)
    print(f"\nKorf's 100 starts, 6-6-3 and its reflection: the admissible dual (Manhattan for p0's pattern) "
          f"raises h on {raised} of 100, by {statistics.mean(gains):.2f} on average (at most {max(gains)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.parse_args(argv)
    print(f"# {time.strftime('%Y-%m-%d')}")
    eight_puzzle()
    korf100()
    return 0


if __name__ == "__main__":
    sys.exit(main())
