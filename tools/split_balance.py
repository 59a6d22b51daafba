"""What a pool of P workers should gain from the split passes, on paper: every pass of
npuzzle.pdb.parallel run in turn, each subtree's nodes counted (the last pass's subtrees
all run to the end), then each pass list-scheduled over P workers in the pool's order
(the next subtree to the first free worker; the last pass ends when the subtree holding
the solution ends).  Time is nodes, from the first pass (the page splits only after
its quick sequential try of 1 s, a share of these boards' passes).

    python3 tools/split_balance.py [korf100 lines, default 1-10 60]
"""

from __future__ import annotations

import heapq
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from npuzzle import Problem, Topology, pdb
from npuzzle.pdb import parallel
from npuzzle.pdb.kernel import solution_parity

POOLS = (1, 2, 4, 8)


def passes(problem: Problem, bound: int) -> list[tuple[list[int], int | None]]:
    """Each pass from bound on: (nodes of each subtree in the pool's order, the index in
    that order of the first subtree holding a solution, or None).  The order is the
    pool's: lowest h first, then most visited in the pass before first."""
    jobs = parallel.split_jobs(problem)
    parity = solution_parity(problem)
    order, sizes = list(range(len(jobs))), [0] * len(jobs)
    found: list[tuple[list[int], int | None]] = []
    while True:
        counts, best, first = [], -(1 << 30), None
        for k, i in enumerate(order):
            board, back, _ = jobs[i]
            ok, b, n, _ = parallel.subtree_pass((board, problem.goal, back, bound - parallel.SPLIT_DEPTH))
            counts.append(n)
            sizes[i] = n
            best = max(best, b)
            if ok and first is None:
                first = k
        found.append((counts, first))
        if first is not None:
            return found
        bound = parallel.next_bound(bound, best, parity)
        order.sort(key=lambda i: -sizes[i])


def schedule(counts: list[int], workers: int, stop: int | None) -> int:
    """When the pass ends on `workers` workers (in nodes): all subtrees, or the one at stop."""
    free = [(0, w) for w in range(workers)]
    for i, n in enumerate(counts):
        t, w = heapq.heappop(free)
        if i == stop:
            return t + n
        heapq.heappush(free, (t + n, w))
    return max(t for t, _ in free)


def main(lines: list[int]) -> None:
    rows = [
        list(map(int, line.split()))
        for line in (Path(__file__).resolve().parent.parent / "tests/data/korf100.txt").read_text().splitlines()
    ]
    goal, t = tuple(range(16)), Topology(4, 4)
    assert pdb.prepare(goal, t)
    print(
        f"{'board':>6} {'opt':>4} {'passes':>6} {'jobs':>4} {'last pass: biggest/mean':>24} "
        + " ".join(f"{'x' + str(p) + ' workers':>11}" for p in POOLS[1:])
    )
    gains = {p: [] for p in POOLS}
    for line in lines:
        row = rows[line - 1]
        problem = Problem(tuple(row[:16]), goal, t)
        h, parity = pdb.heuristic_value(problem.start, goal), solution_parity(problem)
        bound = h + ((h ^ parity) & 1)
        found = passes(problem, bound)
        counts, stop = found[-1]
        times = {p: sum(schedule(c, p, s) for c, s in found) for p in POOLS}
        for p in POOLS:
            gains[p].append(times[1] / times[p])
        nonzero = [n for n in counts if n]
        print(
            f"{'#' + str(line):>6} {row[16]:>4} {len(found):>6} {len(counts):>4} "
            f"{max(nonzero) / statistics.mean(nonzero):>24.1f} "
            + " ".join(f"{times[1] / times[p]:>11.2f}" for p in POOLS[1:])
        )
    print(
        f"{'median':>6} {'':>4} {'':>6} {'':>4} {'':>24} "
        + " ".join(f"{statistics.median(gains[p]):>11.2f}" for p in POOLS[1:])
    )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [*range(1, 11), 60])
