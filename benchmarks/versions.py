#!/usr/bin/env python3
"""Side-by-side speed of two versions of the package: this work tree and a git revision.

    python3 bench.py versions --against HEAD~1                  # Korf's first 10
    python3 bench.py versions --against main --slice 0:25 --repeat 3
    python3 bench.py versions --against HEAD~1 --heuristic linear-conflict --set seeds
        # (the seed documents' 4x4 cases of at most 47 moves: seconds with linear conflict)
    python3 bench.py versions --against main --set hardest80 --slice 0:17 --repeat 1 --processes 1
        # (the seventeen 80-move 15-puzzles, before and after, the ordered search solve runs)
    python3 bench.py versions --against main --slice 0:25 --expect-different
        # (a change meant to cut the nodes: both counts and their ratio; lengths must agree)
    python3 bench.py versions --against HEAD --old-env NPUZZLE_DATABASES=standard --expect-different
        # (the strongest databases built, 7-8 or 7-7-1, against the standard 6-6-3 ones)
    python3 bench.py versions --against main --slice 0:25 --processes 2
        # (the search `solve` runs, pdb.idastar_parallel over 2 processes, whose node
        # counts depend on timing, so only lengths must agree; 1 is the page's one worker)
    python3 bench.py versions --against HEAD --set hardest80 --slice 0:17 --repeat 1 --processes 2 --old-processes 0
        # (one process against two, the same code: the old column is plain IDA*)

The revision is checked out into a temporary git worktree.  Each version runs in a child
process of its own that stays up (databases loaded once) and solves the boards it is
sent; the parent alternates between the two, board by board and in alternating order,
so both see the same machine at the same moments (this machine drifts by a third from
one run to the next).  The search is plain IDA* in one process, with no time limit (the
split search's first second and its processes make node counts depend on timing), so
node counts must be equal, and are checked (with ``--expect-different``, for a change meant to expand fewer
nodes, only the lengths are, and both counts are shown with their ratio).  Prints a row
per board (nodes, best seconds of each version, their ratio) and the median ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks import ROOT, checkout
from benchmarks.boards import SETS

# The child: old and new versions alike expose these names.
CHILD = r"""
import json, sys, time
from npuzzle import Problem, Topology
from npuzzle import pdb
try:
    from npuzzle.search import optimal  # the package by roles
except ImportError:
    from npuzzle import search as optimal  # before it: npuzzle/search/optimal.py
from contextlib import nullcontext
heuristic, processes = sys.argv[1], int(sys.argv[2])
# the split passes' workers started once for every board (a version without kept_pool
# starts them for each board)
with getattr(pdb.parallel, "kept_pool", nullcontext)():
    for line in sys.stdin:
        job = json.loads(line)
        side = job["side"]
        problem = Problem(tuple(job["start"]), tuple(job["goal"]), Topology(side, side))
        if heuristic == "pdb":
            pdb.prepare(problem.goal, problem.topology)
            t = time.perf_counter()
            r = pdb.idastar_parallel(problem, processes) if processes else pdb.idastar(problem)
        else:
            t = time.perf_counter()
            r = optimal.solve(problem, "idastar", heuristic)
        seconds = time.perf_counter() - t
        print(json.dumps({"length": r.length, "nodes": r.nodes, "seconds": seconds}), flush=True)
"""


def boards(name: str) -> list[tuple[str, dict]]:
    """The set's boards as the child takes them: korf100, hardest80 (Korf and Schultze's
    seventeen 80-move positions), or the seed documents' plain 4x4 cases of at most 47 moves."""
    return [
        (label.split()[0], {"side": 4, "start": list(p.start), "goal": list(p.goal)})
        for label, p, optimum in SETS[name]()
        if name in ("korf100", "hardest80")
        or (p.topology.width, p.topology.height) == (4, 4)
        and not p.topology.wrapped
        and optimum
        and optimum <= 47
    ]


class Version:
    def __init__(self, label: str, tree: Path, heuristic: str, processes: int, env: dict | None = None):
        self.label = label
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD, heuristic, str(processes)],
            cwd=tree,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=str(tree), **(env or {})),
        )

    def solve(self, job: dict) -> dict:
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.label} version stopped")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with")
    parser.add_argument("--set", choices=("korf100", "hardest80", "seeds"), default="korf100")
    parser.add_argument("--slice", default="0:10")
    parser.add_argument("--heuristic", default="pdb", help="pdb (default) or a per-tile heuristic")
    parser.add_argument("--repeat", type=int, default=2, help="runs per board and version (the best counts)")
    parser.add_argument(
        "--expect-different",
        action="store_true",
        help="node counts may differ (lengths must not): show both and their ratio",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="run pdb.idastar_parallel over this many processes (the search solve runs) "
        "instead of plain IDA*; implies --expect-different",
    )
    parser.add_argument(
        "--old-processes",
        type=int,
        default=None,
        help="processes for the old version only (0: plain IDA* in one process), e.g. "
        "--against HEAD --processes 2 --old-processes 0: one process against two",
    )
    parser.add_argument(
        "--old-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment variable for the old version only, e.g. --against HEAD "
        "--old-env NPUZZLE_DATABASES=standard (the standard databases against the strongest built)",
    )
    args = parser.parse_args(argv)
    if args.old_processes is None:
        args.old_processes = args.processes
    args.expect_different = args.expect_different or args.processes > 0 or args.old_processes > 0
    start, _, stop = args.slice.partition(":")
    chosen = boards(args.set)[slice(int(start) if start else None, int(stop) if stop else None)]
    with checkout(args.against) as (revision, old_tree):
        return compare(args, chosen, revision, old_tree)


def compare(args, chosen, revision: str, old_tree: Path) -> int:
    env = dict(item.split("=", 1) for item in args.old_env)
    old = Version(revision, old_tree, args.heuristic, args.old_processes, env)
    new = Version("work tree", ROOT, args.heuristic, args.processes)

    def search(processes: int) -> str:
        return f"split passes over {processes} process(es)" if processes else "one process"

    if args.old_processes == args.processes:
        how = search(args.processes)
    else:
        how = f"old: {search(args.old_processes)}, new: {search(args.processes)}"
    print(
        f"# {args.set} [{args.slice}], IDA* ({args.heuristic}), {how}, best of {args.repeat}; "
        f"{revision} against the work tree"
    )
    differ = args.expect_different
    print(
        f"{'board':<14} {'len':>4} {'nodes':>12} "
        + (f"{'old nodes':>12} {'ratio':>6} " if differ else "")
        + f"{'old s':>8} {'new s':>8} {'new/old':>8} {'new nodes/s':>12}"
    )
    ratios = []
    seconds: dict[str, list[float]] = {"old": [], "new": []}
    same = True
    total = {"nodes": 0, "old nodes": 0, "old": 0.0, "new": 0.0}
    for k, (name, job) in enumerate(chosen):
        times = {"old": [], "new": []}
        answers = {}
        for rep in range(args.repeat):
            order = (("old", old), ("new", new)) if (k + rep) % 2 == 0 else (("new", new), ("old", old))
            for key, version in order:
                r = version.solve(job)
                times[key].append(r["seconds"])
                answers.setdefault(key, (r["length"], r["nodes"]))
        agree = answers["old"][0] == answers["new"][0] if differ else answers["old"] == answers["new"]
        same = same and agree
        length, nodes = answers["new"]
        old_nodes = answers["old"][1]
        o, n = min(times["old"]), min(times["new"])
        ratios.append(n / o)
        seconds["old"].append(o)
        seconds["new"].append(n)
        total["nodes"] += nodes
        total["old nodes"] += old_nodes
        total["old"] += o
        total["new"] += n
        flag = "" if agree else f"  DIFFERENT: old {answers['old']}"
        both = f"{old_nodes:>12,} {nodes / old_nodes:>6.3f} " if differ else ""
        print(
            f"{name:<14} {length:>4} {nodes:>12,} {both}{o:>8.3f} {n:>8.3f} {n / o:>8.3f} {nodes / n:>12,.0f}{flag}",
            flush=True,
        )
    old.close()
    new.close()
    if differ:
        print(
            f"summary: {len(chosen)} boards; same lengths: {'yes' if same else 'NO'}; "
            f"nodes {total['old nodes']:,} old, {total['nodes']:,} new (ratio "
            f"{total['nodes'] / total['old nodes']:.3f}); total {total['old']:.2f} s old, {total['new']:.2f} s new "
            f"(ratio {total['new'] / total['old']:.3f}); nodes/s {total['old nodes'] / total['old']:,.0f} old, "
            f"{total['nodes'] / total['new']:,.0f} new; median new/old {statistics.median(ratios):.3f}"
        )
        print(spread(seconds))
        return 0 if same else 1
    print(
        f"summary: {len(chosen)} boards; same lengths and node counts: {'yes' if same else 'NO'}; "
        f"{total['nodes']:,} nodes; total {total['old']:.2f} s old, {total['new']:.2f} s new; "
        f"nodes/s {total['nodes'] / total['old']:,.0f} old, {total['nodes'] / total['new']:,.0f} new; "
        f"median new/old {statistics.median(ratios):.3f}"
    )
    print(spread(seconds))
    return 0 if same else 1


def spread(seconds: dict[str, list[float]]) -> str:
    """The boards' seconds, each version's median and longest, side by side."""
    old, new = seconds["old"], seconds["new"]
    return (
        f"seconds a board: old median {statistics.median(old):.2f}, longest {max(old):.2f}; "
        f"new median {statistics.median(new):.2f}, longest {max(new):.2f} "
        f"(longest new/old {max(new) / max(old):.3f})"
    )
