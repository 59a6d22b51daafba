"""Would dual lookups (Felner, Zahavi et al.) strengthen the pattern databases?  Measured.

    python3 tools/dual_lookups.py            # the whole 8-puzzle, then Korf's 100 starts

A *dual lookup* reads the same tables for the inverse permutation: where the start puts
tile t on cell c, the dual puts "tile" c on t's goal cell.  For a pattern of goal cells G
it reads where the dual's tiles G stand, that is which tiles the board has on G's cells,
so no second table is needed.  In a permutation puzzle whose moves apply anywhere (the
pancakes, Rubik's cube) the dual is as far from the goal as the board, and the lookup is
admissible.  In the sliding-tile puzzle only the blank moves, and taken as a tile the
blank breaks that: the dual is as far from the goal for every board only when the blank
is on its goal cell.  The dual that keeps the distance for every board (the board's
solution played backwards) has as its blank the dual's "tile" p0, the board's blank cell,
which must end on p0; the dual's tile g0, the goal's blank cell, is an ordinary tile
there.  So the pattern holding p0 must be read without it (or with g0 in its place): a
table the package does not have, one for each cell p0.

Over all 181,440 boards of the 8-puzzle (goal 1-8 then the blank), with the package's
two 4-4 partitions (rows, columns) and the true distances from a breadth-first search,
this prints how often each dual overstates the distance and how much it raises the
heuristic: the plain dual (the blank as a tile, the same tables); the admissible dual
with the pattern holding p0 read from a table of its cells but p0 and g0 in p0's place,
or without g0, or those cells counted by Manhattan distance.  Then over Korf's 100 starts
with the 6-6-3 databases and their reflection (the page's): how much the admissible dual
with the Manhattan fallback raises their heuristic.  Results: docs/benchmarks-record.md ("Dual
lookups").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["NPUZZLE_DATABASES"] = "standard"  # the page's 6-6-3 on 4x4, whatever else is built

from benchmarks.boards import SETS  # noqa: E402  (the board sets)
from npuzzle import pdb  # noqa: E402
from npuzzle.pdb.build import cell_bits  # noqa: E402
from npuzzle.pdb.store import table  # noqa: E402
from npuzzle.rules.board import default_goal, distances  # noqa: E402
from npuzzle.rules.topology import Topology  # noqa: E402


def lookup(key, inverse, positions, bits: int) -> int:
    """A pattern's table read for its tiles on `positions` (board cells, in pattern order)."""
    return table(key)[sum(inverse[cell] << bits * i for i, cell in enumerate(positions))]


def regular(board, goal, parts, bits: int) -> int:
    """The package's heuristic: the largest partition sum (pdb.heuristic_value)."""
    where = {t: c for c, t in enumerate(board)}
    return max(
        sum(lookup(key, inv, [where[goal[g]] for g in cells], bits) for key, cells, inv in groups) for groups in parts
    )


def dual(board, goal, parts, bits: int, side: int, rest: str) -> int:
    """The dual lookup's value: pattern G read with "tile" g on the goal cell of the tile
    the board has on g.  rest="plain": the blank taken as a tile (not admissible).  The
    others read the pattern holding p0, the board's blank cell (the dual's blank), from
    the cells left: "swap" with g0, the goal's blank cell, in p0's place, from a table of
    those cells; "table" without g0; "manhattan" the cells left and g0 by Manhattan
    distance."""
    label = {t: c for c, t in enumerate(goal)}
    p0, g0 = board.index(0), goal.index(0)
    identity = tuple(range(side * side))
    best = 0
    for groups in parts:
        total = 0
        for key, cells, inv in groups:
            if rest == "plain" or p0 not in cells:
                total += lookup(key, inv, [label[board[g]] for g in cells], bits)
                continue
            left = tuple(g for g in cells if g != p0)
            if rest == "swap":
                left += (g0,)
            if rest == "manhattan":
                total += sum(
                    abs(label[board[g]] // side - g // side) + abs(label[board[g]] % side - g % side)
                    for g in left + (g0,)
                )
            else:
                total += lookup((side, side, left), identity, [label[board[g]] for g in left], bits)
        best = max(best, total)
    return best


def eight_puzzle() -> None:
    topology, goal = Topology(3, 3), default_goal(3, 3)
    parts, bits = pdb.partitions(goal), cell_bits(9)
    distance = distances(goal, topology)  # every board of the goal's half
    n = len(distance)
    over = {"plain": 0, "swap": 0, "table": 0, "manhattan": 0}
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
    said = {
        "plain": "plain (the blank as a tile)",
        "swap": "admissible, p0's pattern with g0 for p0",
        "table": "admissible, p0's pattern without p0",
        "manhattan": "admissible, p0's pattern by Manhattan",
    }
    for rest in over:
        print(f"{said[rest]:<44} {over[rest]:>18,} {raised[rest]:>14,} {total[rest] / n:>18.3f}")


def korf100() -> None:
    boards = SETS["korf100"]()
    goal, topology = boards[0][1].goal, boards[0][1].topology
    pdb.prepare(goal, topology)
    parts, bits = pdb.partitions(goal), cell_bits(16)
    gains, raised = [], 0
    for _, problem, _ in boards:
        h = regular(problem.start, goal, parts, bits)
        v = dual(problem.start, goal, parts, bits, 4, "manhattan")
        raised += v > h
        gains.append(max(h, v) - h)
    print(
        f"\nKorf's 100 starts, 6-6-3 and its reflection: the admissible dual (Manhattan for p0's pattern) "
        f"raises h on {raised} of 100, by {statistics.mean(gains):.2f} on average (at most {max(gains)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.parse_args(argv)
    print(f"# {time.strftime('%Y-%m-%d')}")
    eight_puzzle()
    korf100()
    return 0


if __name__ == "__main__":
    sys.exit(main())
