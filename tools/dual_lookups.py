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

    python3 tools/dual_lookups.py --search 0:100   # Korf's 100 with 7-8: nodes, dual and BPMX

With --search, a prototype IDA* (search_nodes) solves Korf's boards with the strongest 4x4
databases built (NPUZZLE_DATABASES, by default half7h: 7-8 with half7h and half8, and
half7 for the dual), plain, with the admissible dual lookup (Manhattan for p0's pattern),
with bidirectional pathmax (BPMX), and with both, and prints each one's nodes: what the
kernel would search with them, not how fast.  The kernel has them now, as options
(npuzzle.pdb.lookups); their nodes and time on Korf's 100: python3 bench.py lookups.
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
                # a table built with the blank home (half7h) holds for the dual only when
                # its blank, p0, is the goal's: else the same cells built with it anywhere
                anywhere = "half7" if key == "half7h" and p0 != g0 and rest != "plain" else key
                total += lookup(anywhere, inv, [label[board[g]] for g in cells], bits)
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


# ---------------------------------------------------------------- the search, measured


def _manhattan(side: int):
    cells = range(side * side)
    return [[abs(a // side - b // side) + abs(a % side - b % side) for b in cells] for a in cells]


def search_nodes(start, goal, side: int, dual_on: bool, bpmx: bool) -> tuple[int, int]:
    """(the optimal length, nodes searched) of plain IDA* in natural order with the
    package's partitions at the strongest level built (7-8 and its reflection), and
    with dual lookups (the admissible dual: with the tables built with the blank anywhere,
    the pattern holding the board's blank cell p0 by Manhattan distance with g0 for p0; with
    the level's own tables, every pattern, when the blank is on its goal cell) and
    bidirectional pathmax (BPMX: a node's h raised to its largest child's h - 1 before its
    children are searched, and to a searched child's raised h - 1 after; each child's h
    raised to its parent's - 1).  Nodes counted as the kernel counts them: the start and
    every child not pruned.  A prototype: slow, for its counts only."""
    n = side * side
    bits = cell_bits(n)
    md = _manhattan(side)
    label = [0] * n
    for cell, t in enumerate(goal):
        label[t] = cell
    g0 = label[0]
    parts = pdb.partitions(goal)
    board = list(start)
    # regular look-ups: for tile t, in each partition, (group, shift); the groups' indexes
    reg_of = [[None] * len(parts) for _ in range(n)]
    # dual look-ups: for cell g, in each partition, (group, shift); indexes, Manhattan sums
    dual_of = [[None] * len(parts) for _ in range(n)]
    tables, anywhere, inverses, reg, dual, manh, members = [], [], [], [], [], [], []
    for j, groups in enumerate(parts):
        tables.append([table(key) for key, _, _ in groups])
        anywhere.append([table("half7" if key == "half7h" else key) for key, _, _ in groups])
        inverses.append([inv for _, _, inv in groups])
        members.append([set(cells) for _, cells, _ in groups])
        reg.append([0] * len(groups))
        dual.append([0] * len(groups))
        manh.append([0] * len(groups))
        for k, (_, cells, inv) in enumerate(groups):
            for i, c in enumerate(cells):
                reg_of[goal[c]][j] = (k, bits * i)
                dual_of[c][j] = (k, bits * i)
                reg[j][k] += inv[board.index(goal[c])] << bits * i
                dual[j][k] += inv[label[board[c]]] << bits * i
                manh[j][k] += md[label[board[c]]][c]
    P = range(len(parts))
    neighbours = [[c for _, c in Topology(side, side).neighbors[b]] for b in range(n)]

    def h_regular() -> int:
        return max(sum(t[i] for t, i in zip(tables[j], reg[j])) for j in P)

    def h_dual(p0: int) -> int:
        best = 0
        for j in P:
            if p0 == g0:  # the dual's goal is the board's: every table, blank home included
                total = sum(t[i] for t, i in zip(tables[j], dual[j]))
            else:
                total = 0
                for k, (t, i) in enumerate(zip(anywhere[j], dual[j])):
                    if p0 in members[j][k]:  # p0, the dual's blank, out; g0, a tile there, in
                        total += manh[j][k] - md[g0][p0] + md[label[board[g0]]][g0]
                    else:
                        total += t[i]
            best = max(best, total)
        return best

    def move(blank: int, cell: int) -> None:
        """The tile on cell slides into blank (and back, called again the other way)."""
        t = board[cell]
        board[blank], board[cell] = t, 0
        for j in P:
            k, s = reg_of[t][j]
            inv = inverses[j][k]
            reg[j][k] += (inv[blank] - inv[cell]) << s
            found = dual_of[blank][j]  # dual "tile" blank: from g0 to label[t]
            if found:
                k, s = found
                inv = inverses[j][k]
                dual[j][k] += (inv[label[t]] - inv[g0]) << s
                manh[j][k] += md[label[t]][blank] - md[g0][blank]
            found = dual_of[cell][j]  # dual "tile" cell: from label[t] to g0
            if found:
                k, s = found
                inv = inverses[j][k]
                dual[j][k] += (inv[g0] - inv[label[t]]) << s
                manh[j][k] += md[g0][cell] - md[label[t]][cell]

    def h_of(blank: int) -> int:
        h = h_regular()
        return max(h, h_dual(blank)) if dual_on else h

    nodes = 0
    least = 0

    def dfs(blank: int, g: int, h: int, bound: int, back: int) -> tuple[bool, int]:
        # (found, this node's h, raised by BPMX); called for a node not pruned
        nonlocal nodes, least
        nodes += 1
        if h == 0 and board == list(goal):
            return True, 0
        children = []
        for cell in neighbours[blank]:
            if cell == back:
                continue
            move(blank, cell)
            children.append((cell, h_of(cell)))
            move(cell, blank)
        if bpmx and children:
            h = max(h, max(hc for _, hc in children) - 1)
            if g + h > bound:
                least = min(least, g + h)
                return False, h
        for cell, hc in children:
            if bpmx:
                hc = max(hc, h - 1)
            if g + 1 + hc > bound:
                least = min(least, g + 1 + hc)
                continue
            move(blank, cell)
            found, hc = dfs(cell, g + 1, hc, bound, blank)
            move(cell, blank)
            if found:
                return True, h
            if bpmx and hc - 1 > h:
                h = hc - 1
                if g + h > bound:
                    least = min(least, g + h)
                    return False, h
        return False, h

    blank = board.index(0)
    h = h_of(blank)
    bound = h
    while True:
        least = 1 << 30
        found, _ = dfs(blank, 0, h, bound, -1)
        if found:
            return bound, nodes
        bound = least


VARIANTS = ("regular", "dual", "bpmx", "dual+bpmx")


def korf_search(chosen: str, variants: list[str]) -> None:
    """Korf's 100 (a slice), the nodes of each variant of search_nodes, board by board."""
    boards = SETS["korf100"]()
    start, _, stop = chosen.partition(":")
    picked = list(enumerate(boards))[slice(int(start) if start else None, int(stop) if stop else None)]
    goal, topology = boards[0][1].goal, boards[0][1].topology
    wanted = os.environ["NPUZZLE_DATABASES"]
    if wanted == "half7h":  # the dual reads half7, built with the blank anywhere: loaded first
        os.environ["NPUZZLE_DATABASES"] = "half8"
        pdb.prepare(goal, topology, build=False)
        os.environ["NPUZZLE_DATABASES"] = wanted
    assert pdb.prepare(goal, topology, build=False), "the 4x4 databases are not built"
    level = pdb.shapes.strong()
    parts, bits = pdb.partitions(goal), cell_bits(16)
    print(f"# Korf's 100 [{chosen}], databases {level or '6-6-3'}: {[[k for k, _, _ in p] for p in parts]}")
    raised, gains = 0, []
    for _, (_, problem, _) in picked:  # the starts: how much the dual adds there
        h = regular(problem.start, goal, parts, bits)
        v = dual(problem.start, goal, parts, bits, 4, "manhattan")
        raised += v > h
        gains.append(max(h, v) - h)
    print(f"starts: the dual raises h on {raised} of {len(picked)}, by {statistics.mean(gains):.2f} on average")
    print(f"{'board':<6} {'len':>4} " + " ".join(f"{v:>12}" for v in variants))
    totals = dict.fromkeys(variants, 0)
    seconds = dict.fromkeys(variants, 0.0)
    for number, (_, problem, optimum) in picked:
        row = []
        for variant in variants:
            t = time.process_time()
            length, nodes = search_nodes(problem.start, goal, 4, "dual" in variant, "bpmx" in variant)
            seconds[variant] += time.process_time() - t
            assert length == optimum, (number + 1, variant, length, optimum)
            totals[variant] += nodes
            row.append(nodes)
        print(f"{number + 1:<6} {optimum:>4} " + " ".join(f"{v:>12,}" for v in row), flush=True)
    base = totals[variants[0]]
    print(f"{'total':<11} " + " ".join(f"{totals[v]:>12,}" for v in variants))
    print(f"{'a board':<11} " + " ".join(f"{totals[v] / len(picked):>12,.0f}" for v in variants))
    print(f"{'ratio':<11} " + " ".join(f"{totals[v] / base:>12.3f}" for v in variants))
    cpu = " ".join(f"{seconds[v]:>12.1f}" for v in variants)
    print(f"{'CPU s':<11} {cpu}  (the prototype's, not the kernel's)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--search",
        metavar="A:B",
        help="instead: search Korf's 100 (this slice) with the strongest 4x4 databases built, "
        "with and without dual lookups and BPMX, and print each variant's nodes",
    )
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"for --search, of {', '.join(VARIANTS)}")
    parser.add_argument("--databases", default="half7h", help="NPUZZLE_DATABASES for --search (default: half7h)")
    args = parser.parse_args(argv)
    print(f"# {time.strftime('%Y-%m-%d')}")
    if args.search:
        os.environ["NPUZZLE_DATABASES"] = args.databases
        korf_search(args.search, args.variants.split(","))
        return 0
    os.environ["NPUZZLE_DATABASES"] = "standard"  # the page's 6-6-3 on 4x4, whatever else is built
    eight_puzzle()
    korf100()
    return 0


if __name__ == "__main__":
    sys.exit(main())
