"""Korf's 50 24-puzzles solved optimally, each beside the node count Korf and Felner published.

    python3 bench.py korf24 --boards 38,40,25,32,44    # the five easiest, by Korf's numbers
    python3 bench.py korf24 --slice 0:10 --time-limit 900
    python3 bench.py korf24 --boards 38,40 --processes 1   # their count: nodes generated

Needs the six-tile 5x5 databases (``npuzzle databases build 5x5-6a``: both, about 2 GiB
on disk); without them the search runs on the five-tile ones, and says so.  A row per
board: Korf's number, the optimum, h at the start, the length found and whether it is
proven, the nodes searched (expanded: the start and every child not pruned), the nodes
generated (every child made, pruned or not: the count Korf and Felner publish; counted
in one process only), seconds, nodes searched a second, the published count and ours
over it (generated over generated; searched over it when over several processes, which
is not the same count: about half).  The search is the one ``solve`` runs: the split
passes over the cores (whose count holds every worker's nodes, the last pass's too, and
depends on timing), or with ``--processes 1`` the one-process search; both in Korf's
order, the 24-puzzle's default (``NPUZZLE_ORDER=ordered`` for the ordered passes).  The
published counts are those of Korf and Felner, "Disjoint pattern database heuristics"
(Artificial Intelligence 134, 2002), 6-6-6-6 with the reflected lookup, as transcribed
in the public repository clausecker/24puzzle (doc/korf.txt).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from benchmarks.boards import SETS
from npuzzle import apply_moves, pdb, solve
from npuzzle.pdb import kernel

# Korf and Felner's nodes generated, by Korf's board number (1-based).
PUBLISHED = {
    1: 2_031_102_635,
    2: 211_884_984_525,
    3: 21_148_144_928,
    4: 10_991_471_966,
    5: 2_899_007_625,
    6: 103_460_814_368,
    7: 106_321_592_792,
    8: 116_202_273_788,
    9: 1_818_005_616_606,
    10: 1_519_052_821_943,
    11: 1_654_042_891_186,
    12: 624_413_663_951,
    13: 1_959_833_487,
    14: 1_283_051_362_385,
    15: 173_999_717_809,
    16: 3_803_445_934,
    17: 367_150_048_758,
    18: 987_725_030_433,
    19: 218_284_544_233,
    20: 312_016_177_684,
    21: 724_024_589_335,
    22: 3_592_980_531,
    23: 171_498_441_076,
    24: 357_290_691_483,
    25: 292_174_444,
    26: 12_397_787_391,
    27: 53_444_360_033,
    28: 2_258_006_870,
    29: 4_787_505_637,
    30: 1_634_941_420,
    31: 26_200_330_686,
    32: 428_222_507,
    33: 1_062_250_612_558,
    34: 481_039_271_661,
    35: 116_131_234_743,
    36: 2_582_008_940,
    37: 1_496_759_944,
    38: 38_173_507,
    39: 161_211_472_633,
    40: 65_099_578,
    41: 26_998_190_480,
    42: 245_852_754_920,
    43: 55_147_320_204,
    44: 867_106_238,
    45: 79_148_491_306,
    46: 65_675_717_510,
    47: 30_443_173_162,
    48: 555_085_543_507,
    49: 108_197_305_702,
    50: 4_156_099_168_506,
}


class Passes:
    """Progress on stderr: a line each time the bound rises (a pass finished, so the
    optimum is at least the new bound), for runs of hours."""

    def __init__(self, number: int):
        self.number, self.bound = number, None

    def __call__(self, report: dict) -> None:
        if report.get("bound") != self.bound:
            self.bound = report["bound"]
            print(
                f"  #{self.number}: bound {self.bound} after {report['nodes']:,} nodes, {report['seconds']:.0f} s",
                file=sys.stderr,
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", help="Korf's numbers, 1-50, comma-separated (e.g. 38,40,25)")
    parser.add_argument("--slice", default=":", help="Python slice of the 50 (0-based), e.g. 0:10")
    parser.add_argument("--strategy", default="optimal", choices=("optimal", "auto"))
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per board (default: none)")
    parser.add_argument(
        "--processes", type=int, help="processes for the search (default: as solve; 1 counts generated)"
    )
    args = parser.parse_args(argv)
    if args.processes:
        os.environ["NPUZZLE_PROCESSES"] = str(args.processes)
    one = pdb.default_processes() == 1
    kernel.count_generated(one)
    boards = SETS["korf24"]()
    if args.boards:
        numbers = [int(n) for n in args.boards.split(",")]
    else:
        start, _, stop = args.slice.partition(":")
        numbers = list(range(1, 51))[slice(int(start) if start else None, int(stop) if stop else None)]
    first = boards[numbers[0] - 1][1]
    pdb.prepare(first.goal, first.topology, build=False)
    order = "Korf's order" if kernel.korf_order(first) else "the ordered passes"
    partition = "6-6-6-6" if pdb.shapes.six() else "5-5-5-5-4 (the six-tile databases are not built)"
    print(
        f"# korf24 {args.boards or args.slice}, strategy {args.strategy}, {partition} with its mirror, "
        f"{pdb.default_processes()} process(es), {order}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
        f"{time.strftime('%Y-%m-%d')}"
    )
    print(
        f"{'#':>3} {'opt':>4} {'h0':>4} {'len':>5} {'proven':>6} {'searched':>15} {'generated':>15} {'seconds':>9} "
        f"{'searched/s':>10} {'published':>18} {'ours/theirs':>11}"
    )
    seconds, ratios = [], []
    for number in numbers:
        _, problem, optimum = boards[number - 1]
        h0 = pdb.heuristic_value(problem.start, problem.goal)
        r = solve(
            problem, "idastar", "pdb", strategy=args.strategy, time_limit=args.time_limit, progress=Passes(number)
        )
        if r.found:
            assert apply_moves(problem.start, r.moves, problem.topology) == problem.goal, number
        theirs = PUBLISHED.get(number)
        generated = kernel.generated() if one else 0
        ratio = (generated or r.nodes) / theirs if theirs and r.optimal else None
        shown = r.length if r.found else f">={r.lower_bound}"  # stopped: the optimum is at least this
        print(
            f"{number:>3} {optimum:>4} {h0:>4} {shown:>5} {'yes' if r.optimal else 'no':>6} {r.nodes:>15,} "
            f"{format(generated, ',') if generated else '-':>15} "
            f"{r.seconds:>9.1f} {r.nodes / max(r.seconds, 1e-9):>10,.0f} "
            f"{format(theirs, ',') if theirs else '-':>18} {f'{ratio:.2f}' if ratio else '-':>11}",
            flush=True,
        )
        seconds.append(r.seconds)
        if ratio:
            ratios.append(ratio)
    print(
        f"summary: {len(numbers)} boards, total {sum(seconds):.1f} s, median {statistics.median(seconds):.1f} s"
        + (
            f"; nodes over the published, median {statistics.median(ratios):.2f}, max {max(ratios):.2f}"
            if ratios
            else ""
        )
    )
    return 0
