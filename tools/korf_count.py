"""What Korf counts: nodes generated, checked to the node on his 1985 table; and Korf's own
move order on his 24-puzzles, pass by pass, with the pattern databases.

    python3 tools/korf_count.py                 # Korf's 100 with Manhattan distance (a few minutes)
    NPUZZLE_CACHE=... python3 tools/korf_count.py 38 40   # Korf's 24-puzzles #38 and #40
    NPUZZLE_CACHE=... python3 tools/korf_count.py --groups 38 40 25 32 44   # group values by A*
    NPUZZLE_CACHE=... python3 tools/korf_count.py --fresh 38 86   # one pass, fresh look-ups

Korf's 1985 paper gives, for each of his 100 15-puzzles, the nodes IDA* took with
Manhattan distance.  A plain IDA* written out here (the move back never made, every pass
from the start) gives exactly those figures on five of the quickest when it counts the
start and every child it makes, pruned or not, over all passes, the last one up to its
solution, and tries the blank's moves in the order up, left, right, down: the count the
kernel calls nodes generated (npuzzle.pdb.kernel.count_generated), about twice the nodes
it searches.  No other order of the four gives those figures.

With the numbers of Korf's 24-puzzles (1-50) it runs the kernel on the six-tile databases
in that order, every pass from the start and not reordered (the order ``solve`` now runs
on the 24-puzzle too, there split over the cores; the passes before the last search the
same nodes in any order), and prints each pass's nodes searched and generated beside
Korf and Felner's total.

With ``--groups`` it checks the databases' values at the start of those boards against an
A* over the group alone (its six tiles, the blank's moves among other cells free): the
distance with the blank anywhere at the end (what the tables hold), and, for the groups
next to the blank's goal cell, with the blank on that cell (a stronger table, still
admissible and additive); ``--all`` checks every group, not only those (minutes each).
With ``--fresh N BOUND`` it searches one pass of board N in Korf's order with a fresh
``pdb.heuristic_value`` at every child, to set beside the kernel's incremental look-ups.
Results: docs/benchmarks.md and, pass by pass, docs/benchmarks-record.md ("The 24-puzzle
optimally").
"""

from __future__ import annotations

import heapq
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.boards import SETS
from benchmarks.korf24 import PUBLISHED

# Korf (1985), "Depth-first iterative-deepening", table 1: board (1-based) -> (h, length, nodes)
KORF_1985 = {
    12: (35, 45, 546_344),
    19: (36, 46, 1_280_495),
    55: (29, 41, 927_212),
    79: (28, 42, 540_860),
    97: (32, 44, 1_002_927),
}
KORF_ORDER = "ULRD"


def manhattan_idastar(start: tuple[int, ...], order: str) -> tuple[int, int, int]:
    """(length, nodes searched, nodes generated with the start) of IDA* with Manhattan
    distance on the 4x4, goal the blank first, the blank's moves tried in `order`."""
    step = {"U": -4, "D": 4, "L": -1, "R": 1}
    moves = [
        [
            c + step[d]
            for d in order
            if (d != "U" or c >= 4) and (d != "D" or c < 12) and (d != "L" or c % 4) and (d != "R" or c % 4 < 3)
        ]
        for c in range(16)
    ]
    board = list(start)

    def md(t: int, c: int) -> int:
        return abs(t // 4 - c // 4) + abs(t % 4 - c % 4)

    searched, generated, above = 0, 1, [0]

    def dfs(blank: int, g: int, h: int, back: int, bound: int) -> bool:
        nonlocal searched, generated
        searched += 1
        for cell in moves[blank]:
            if cell == back:
                continue
            generated += 1
            t = board[cell]
            child = h - md(t, cell) + md(t, blank)
            if g + 1 + child > bound:
                above[0] = min(above[0], g + 1 + child)
                continue
            if child == 0:
                return True
            board[blank], board[cell] = t, 0
            found = dfs(cell, g + 1, child, blank, bound)
            board[cell], board[blank] = t, 0
            if found:
                return True
        return False

    h = sum(md(t, c) for c, t in enumerate(board) if t)
    bound = h
    while True:
        above[0] = 1 << 30
        if dfs(board.index(0), 0, h, -1, bound):
            return bound, searched, generated
        bound = above[0]


def korf_1985() -> None:
    boards = SETS["korf100"]()
    print("Korf's 100, Manhattan distance: Korf (1985) against a plain IDA*, blank up-left-right-down")
    print(f"{'#':>3} {'h':>3} {'len':>4} {'Korf':>10} {'generated':>10} {'searched':>10}  orders giving Korf's figure")
    for number, (h, length, theirs) in sorted(KORF_1985.items()):
        start = boards[number - 1][1].start
        found, searched, generated = manhattan_idastar(start, KORF_ORDER)
        assert found == length, (number, found)
        same = [o for o in map("".join, itertools.permutations("UDLR")) if manhattan_idastar(start, o)[2] == theirs]
        print(
            f"{number:>3} {h:>3} {length:>4} {theirs:>10,} {generated:>10,} {searched:>10,}  {' '.join(same)}",
            flush=True,
        )


def korf_24(numbers: list[int]) -> None:
    from npuzzle import pdb
    from npuzzle.pdb import kernel
    from npuzzle.result import Clock

    boards = SETS["korf24"]()
    first = boards[0][1]
    pdb.prepare(first.goal, first.topology, build=False)
    assert pdb.shapes.six(), "the six-tile databases are not built"
    kernel.count_generated(True)
    for number in numbers:
        _, problem, optimum = boards[number - 1]
        state = kernel._State(problem, Clock("korf", None, None), 2, (1, 1), korf=True)  # KORF_RANK
        parity = kernel.solution_parity(problem)
        bound = max(state.hs) + ((max(state.hs) ^ parity) & 1)
        blank, t0, searched, generated = problem.start.index(0), time.time(), 0, 1
        print(
            f"#{number}: optimum {optimum}, h {max(state.hs)} (the partition {state.hs[0]}, its mirror {state.hs[1]})"
        )
        while True:
            found, best, _ = kernel.in_room(state.once, state.hs, blank, bound, len(problem.start))
            now_searched, now_generated = state.stats()[1], state.generated()
            print(
                f"  bound {bound}: searched {now_searched - searched:,}, generated {now_generated - generated:,}"
                f"{' (up to the solution)' if found else ''}",
                flush=True,
            )
            searched, generated = now_searched, now_generated
            if found:
                break
            bound -= best
            bound += (bound ^ parity) & 1
        print(
            f"  total: searched {searched:,}, generated {generated:,}; Korf and Felner {PUBLISHED[number]:,} "
            f"({generated / PUBLISHED[number]:.3f}); {time.time() - t0:.0f} s",
            flush=True,
        )


def group_distance(start: list[int], goals: list[int], blank_home: int | None = None) -> int:
    """The fewest moves of a group's tiles (on `start` cells, going to `goals`) on the 5x5,
    the blank's moves among the other cells free, the blank anywhere at the start and
    anywhere at the end (or on blank_home): A* on Manhattan distance over (cells, the
    blank's region)."""
    step = [[c + d for d, ok in ((-5, c >= 5), (5, c < 20), (-1, c % 5), (1, c % 5 < 4)) if ok] for c in range(25)]

    def regions(used: set[int]) -> list[int]:
        region = [-1] * 25
        for first in range(25):
            if first in used or region[first] >= 0:
                continue
            region[first], todo = first, [first]
            while todo:
                for n in step[todo.pop()]:
                    if n not in used and region[n] < 0:
                        region[n] = first
                        todo.append(n)
        return region

    def md(cells: tuple[int, ...]) -> int:
        return sum(abs(a // 5 - b // 5) + abs(a % 5 - b % 5) for a, b in zip(cells, goals))

    home, first = tuple(goals), tuple(start)
    region = regions(set(first))
    best = {(first, r): 0 for r in {region[c] for c in range(25) if c not in first}}
    heap = [(md(first), 0, state) for state in best]
    heapq.heapify(heap)
    while heap:
        _, g, (cells, r) = heapq.heappop(heap)
        if best[cells, r] < g:
            continue
        region = regions(set(cells))
        if cells == home and (blank_home is None or region[blank_home] == r):
            return g
        for i, c in enumerate(cells):
            for n in step[c]:
                if n not in cells and region[n] == r:
                    moved = (*cells[:i], n, *cells[i + 1 :])
                    state = (moved, regions(set(moved))[c])
                    if best.get(state, 1 << 30) > g + 1:
                        best[state] = g + 1
                        heapq.heappush(heap, (g + 1 + md(moved), g + 1, state))
    raise ValueError("no way home")


def groups(numbers: list[int], every: bool) -> None:
    from npuzzle import pdb
    from npuzzle.pdb import kernel

    boards = SETS["korf24"]()
    goal = boards[0][1].goal
    pdb.prepare(goal, boards[0][1].topology, build=False)
    assert pdb.shapes.six(), "the six-tile databases are not built"
    corner = {c for _, c in boards[0][1].topology.neighbors[goal.index(0)]}
    for number in numbers:
        start = boards[number - 1][1].start
        where = {t: c for c, t in enumerate(start)}
        for j, values in enumerate(kernel.group_values(start, goal)):
            for cells, value in values:
                if not every and not corner & set(cells):
                    continue
                tiles = [where[goal[c]] for c in cells]
                anywhere = group_distance(tiles, list(cells))
                home = group_distance(tiles, list(cells), goal.index(0)) if corner & set(cells) else anywhere
                print(
                    f"#{number} {'partition' if j == 0 else 'mirror   '} {cells}: database {value}, "
                    f"A* blank anywhere {anywhere}, blank home {home}",
                    flush=True,
                )


def fresh(number: int, bound: int) -> None:
    from npuzzle import pdb

    _, problem, _ = SETS["korf24"]()[number - 1]
    pdb.prepare(problem.goal, problem.topology, build=False)
    assert pdb.shapes.six(), "the six-tile databases are not built"
    rank = {"U": -5, "D": 5, "L": -1, "R": 1}
    moves = [
        [c + rank[d] for d in KORF_ORDER if 0 <= c + rank[d] < 25 and (d in "UD" or (c + rank[d]) // 5 == c // 5)]
        for c in range(25)
    ]
    board, searched, generated = list(problem.start), 0, 1

    def dfs(blank: int, g: int, back: int) -> None:
        nonlocal searched, generated
        searched += 1
        for cell in moves[blank]:
            if cell == back:
                continue
            generated += 1
            board[blank], board[cell] = board[cell], 0
            h = pdb.heuristic_value(board, problem.goal)
            if h and g + 1 + h <= bound:
                dfs(cell, g + 1, blank)
            board[cell], board[blank] = board[blank], 0

    dfs(board.index(0), 0, -1)
    print(
        f"#{number}, bound {bound}, fresh look-ups: searched {searched:,}, generated {generated - 1:,} (the start apart)"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--fresh":
        fresh(int(args[1]), int(args[2]))
    elif args and args[0] == "--groups":
        groups([int(n) for n in args[1:] if n != "--all"], "--all" in args)
    elif args:
        korf_24([int(n) for n in args])
    else:
        korf_1985()
