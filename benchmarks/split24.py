"""One 24-puzzle split over many workers: nodes in the same time on 1 and 2, and on paper 8-128.

    python3 bench.py split24                           # Korf's #13, 60 s a run, then its passes
    python3 bench.py split24 --board 1 --seconds 30 --repeat 2
    python3 bench.py split24 --paper-seconds 300 --workers 8,32,128

Part one: the split search (npuzzle.pdb.parallel.split_search, what `solve` runs after its
quick try; here from the first bound, no quick try) gets a time limit on a pool of one
worker process and of two; each run's nodes (subtrees under way included) and their ratio.
The counts alternate run by run, so drift on a shared machine hits them alike.  The board
must outlast the time limit on both pools (a run that solves it early searched for less
time): #13, 101 moves, needs about 2.4 G nodes, half an hour of both cores; #38, the
default before the databases' blank-home build, is solved in 12-40 s now.

Part two: the passes of the same board on two workers, split as for the most workers
asked (TASKS_PER_WORKER subtrees each), every subtree's seconds measured in its worker.
For each P workers each finished pass is regrouped at the depth split_depth gives P (a
subtree's time is the sum of its parts') and scheduled on paper: largest first onto the
first free worker (a greedy schedule knowing the times), and in the order the search runs
them (by the nodes of the pass before).  A pass never ends before its longest subtree,
and each starts with the time its frontier takes to list in the driver (measured here).
The speed-up is the passes' total seconds over the schedules' total.  Without the six-tile
databases the standard 5x5 ones are used, and the first line says so.
"""

from __future__ import annotations

import argparse
import heapq
import os
import platform
import resource
import statistics
import time

from benchmarks.boards import SETS
from npuzzle import pdb
from npuzzle.pdb import parallel
from npuzzle.pdb.frontier import memo, split_pass, summed
from npuzzle.pdb.kernel import korf_order, solution_parity


def schedule(times: list[float], workers: int) -> float:
    """When the last of these tasks ends, each given in turn to the first free worker."""
    free = [0.0] * workers
    for t in times:
        heapq.heappush(free, heapq.heappop(free) + t)
    return max(free)


def first_bound(problem) -> int:
    h = pdb.heuristic_value(problem.start, problem.goal)
    return h + ((h ^ solution_parity(problem)) & 1)


def cpu() -> float:
    """CPU seconds (user and system) of this process and its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def side_by_side(problem, seconds: float, repeat: int) -> dict[int, list[tuple[int, float]]]:
    """(nodes, CPU seconds) in `seconds` on a pool of 1 and of 2 workers, alternating.  The
    CPU seconds (the workers' and this process's) show what a busy machine gave the run:
    nodes per CPU second equal for both says the split lost nothing, whatever the wall."""
    runs: dict[int, list[tuple[int, float]]] = {1: [], 2: []}
    print(f"{'workers':>7} {'nodes':>13} {'bound':>5} {'wall s':>7} {'CPU s':>6} {'nodes/CPU s':>11}")
    for _ in range(repeat):
        for workers in (1, 2):
            start, used = time.perf_counter(), cpu()
            r = parallel.split_search(problem, workers, {"bound": first_bound(problem), "nodes": 0}, time_limit=seconds)
            wall, used = time.perf_counter() - start, cpu() - used
            runs[workers].append((r.nodes, used))
            solved = f"  solved in {wall:.1f} s: pick a harder board" if r.found else ""
            print(
                f"{workers:>7} {r.nodes:>13,} {r.lower_bound:>5} {wall:>7.1f} {used:>6.1f} {r.nodes / used:>11,.0f}{solved}",
                flush=True,
            )
    return runs


def regroup(problem, passes, workers: int) -> tuple[float, float, float]:
    """Every pass's subtree seconds regrouped as the split for `workers` would cut them,
    scheduled on paper: (the passes' seconds on `workers` largest first, in the search's
    order, and on one worker), each summed over the passes."""
    h = memo(problem.goal)
    greedy = in_order = total = 0.0
    before: dict[tuple[int, ...], int] = {}
    for bound, depth, rows in passes:
        listed = time.perf_counter()  # the pass's frontier, listed in the driver before any task
        cut, frontier, _, _ = split_pass(problem, bound, workers, h)
        listed = time.perf_counter() - listed
        cut = min(depth, cut)
        tasks: dict[tuple[int, ...], list[float]] = {}
        for cells, nodes, seconds in rows:
            task = tasks.setdefault(tuple(cells[: cut + 1]), [0.0, 0])
            task[0] += seconds
            task[1] += nodes
        share = min([cut + 1, *map(len, before)])
        guess = summed(before, share)
        lowest_h: dict[tuple[int, ...], int] = {}  # each task's first place in the frontier's order
        for k, (_, _, cells) in enumerate(frontier):
            lowest_h.setdefault(tuple(cells[: cut + 1]), k)
        if korf_order(problem):  # the split's order on the 24-puzzle: the frontier's, his search's
            order = sorted(tasks, key=lambda key: lowest_h.get(key, 0))
        else:
            order = sorted(tasks, key=lambda key: (-guess.get(key[:share], 0), lowest_h.get(key, 0)))
        times = [tasks[key][0] for key in order]
        greedy += listed + schedule(sorted(times, reverse=True), workers)
        in_order += listed + schedule(times, workers)
        total += sum(times)
        before = {key: task[1] for key, task in tasks.items()}
    return greedy, in_order, total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", type=int, default=13, help="Korf's number of the 24-puzzle, 1-50 (default 13)")
    ap.add_argument("--seconds", type=float, default=60.0, help="part one: seconds a run (0: skip it)")
    ap.add_argument("--repeat", type=int, default=1, help="part one: runs of each")
    ap.add_argument("--paper-seconds", type=float, default=300.0, help="part two: at most this long (0: skip it)")
    ap.add_argument("--workers", default="8,32,128", help="part two: worker counts on paper")
    args = ap.parse_args(argv)
    _, problem, optimum = SETS["korf24"]()[args.board - 1]
    pdb.prepare(problem.goal, problem.topology, build=False)
    databases = "6-6-6-6" if pdb.shapes.six() else "5-5-5-5-4 (the six-tile databases are not built)"
    print(
        f"# split24: Korf's 24-puzzle #{args.board} (optimum {optimum}), {databases} with its mirror; "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d')}"
    )
    if args.seconds > 0:
        runs = side_by_side(problem, args.seconds, args.repeat)
        one, two = (statistics.median(n for n, _ in runs[w]) for w in (1, 2))
        rate = [statistics.median(n / used for n, used in runs[w]) for w in (1, 2)]
        print(f"nodes a CPU second, two workers against one: {rate[1] / rate[0]:.2f}")
        print(
            f"two workers searched {two / one:.2f}x the nodes of one in {args.seconds:g} s (medians); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
    if args.paper_seconds <= 0:
        return 0
    counts = [int(w) for w in args.workers.split(",")]
    passes: list = []
    start = time.perf_counter()
    r = parallel.split_search(
        problem,
        2,
        {"bound": first_bound(problem), "nodes": 0},
        time_limit=args.paper_seconds,
        timed=passes,
        split_for=max(counts),
    )
    wall = time.perf_counter() - start
    state = f"solved in {r.length} moves" if r.found else f"stopped in the pass of bound {r.lower_bound}"
    print(
        f"part two: {r.nodes:,} nodes in {wall:.1f} s on 2 workers, {state}; {len(passes)} finished passes, "
        f"split as for {max(counts)} workers; load average {os.getloadavg()[0]:.1f}"
    )
    for bound, depth, rows in passes:
        if not rows:  # every node of the split's depth pruned: nothing for the workers
            print(f"  pass {bound}: no subtrees (all pruned above depth {depth})")
            continue
        seconds = sorted((s for _, _, s in rows), reverse=True)
        total = sum(seconds)
        cuts = [0.5, 0.9, 0.99]
        quantiles = " ".join(f"p{round(q * 100)} {seconds[int((1 - q) * len(seconds))] * 1000:.1f} ms" for q in cuts)
        print(
            f"  pass {bound}: {len(rows)} subtrees at depth {depth}, {total:.1f} s of work; "
            f"longest {seconds[0]:.2f} s ({seconds[0] / total:.1%}); {quantiles}"
        )
    print(f"{'workers':>7} {'largest first':>13} {'as run':>8}   (speed-up on paper, all finished passes)")
    for workers in counts:
        greedy, in_order, total = regroup(problem, passes, workers)
        print(f"{workers:>7} {total / greedy:>12.1f}x {total / in_order:>7.1f}x")
    return 0
