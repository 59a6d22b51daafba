#!/usr/bin/env python3
"""Korf's 100 three ways, side by side in one run: `bench.py solve korf100` (each board's split
passes over N processes), `npuzzle batch --jobs N` (N boards at once, local processes) and
`npuzzle batch --engine dask --jobs N` (a LocalCluster of N workers).

    python3 bench.py batch                     # N = 2, every board
    python3 bench.py batch --jobs 2 --slice 0:20 --rounds 2
    python3 bench.py batch --scaling 8,32,128  # also: the expected wall time on more workers

Each way runs as its own command, its wall time taken from outside, in turn, `--rounds`
times, alternating the order (this machine drifts by a third between runs); prints each
way's wall times, median, and ratio to `solve korf100`'s, and checks every answer is optimal.
With --scaling, the one-worker seconds of each board (from the local batch's rows) are
scheduled longest first on W workers, a board at a time (the batch's own way), and the
bound when the longest boards are split (the split passes' measured speed-up).
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def korf_lines(part: slice) -> tuple[str, dict[int, int]]:
    """Korf's boards (blank-first goal) as batch JSON lines, and their optimal lengths by id."""
    goal = "4x4:" + ",".join(map(str, range(16)))
    lines, optimum = [], {}
    for i, line in enumerate((DATA / "korf100.txt").read_text().splitlines()):
        nums = line.split()
        if nums:
            lines.append(json.dumps({"id": i + 1, "start": "4x4:" + ",".join(nums[:16]), "goal": goal}))
            optimum[i + 1] = int(nums[16])
    kept = lines[part]
    return "\n".join(kept) + "\n", {json.loads(x)["id"]: optimum[json.loads(x)["id"]] for x in kept}


def timed(cmd: list[str], env: dict) -> tuple[float, str]:
    began = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - began
    if p.returncode not in (0,):
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    return wall, p.stdout


def schedule(seconds: list[float], workers: int) -> float:
    """Longest first, each board to the worker free soonest: the makespan."""
    free = [0.0] * workers
    for s in sorted(seconds, reverse=True):
        heapq.heapreplace(free, free[0] + s)
    return max(free)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--slice", default=":")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--scaling", default="", help="worker counts for the on-paper schedule, e.g. 8,32,128")
    parser.add_argument(
        "--split-speedup",
        type=float,
        default=4.40,
        help="how much faster a board runs split over many workers: the split at depth 5 "
        "gains about 4.40x on 8 workers (tools/split_balance.py's median)",
    )
    args = parser.parse_args(argv)
    start, _, stop = args.slice.partition(":")
    text, optimum = korf_lines(slice(int(start) if start else None, int(stop) if stop else None))
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "korf.jsonl")
        source.write_text(text)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        ways = {
            "solve korf100": (
                [py, "bench.py", "solve", "korf100", "--slice", args.slice],
                dict(env, NPUZZLE_PROCESSES=str(args.jobs)),
            ),
            "batch, local": (
                [py, "-m", "npuzzle", "batch", str(source), "--jobs", str(args.jobs), "--progress", "none"],
                env,
            ),
            "batch, dask": (
                [
                    py,
                    "-m",
                    "npuzzle",
                    "batch",
                    str(source),
                    "--engine",
                    "dask",
                    "--jobs",
                    str(args.jobs),
                    "--progress",
                    "none",
                ],
                env,
            ),
        }
        walls: dict[str, list[float]] = {name: [] for name in ways}
        rows = []
        for r in range(args.rounds):
            order = list(ways) if r % 2 == 0 else list(reversed(ways))
            for name in order:
                wall, out = timed(*ways[name])
                walls[name].append(wall)
                if name.startswith("batch"):
                    got = [json.loads(line) for line in out.splitlines()]
                    wrong = [row["id"] for row in got if row.get("length") != optimum[row["id"]] or not row["optimal"]]
                    if wrong or len(got) != len(optimum):
                        sys.exit(f"{name}: not optimal or missing: {wrong[:10]}")
                    if name == "batch, local":
                        rows = got
                print(f"round {r + 1}: {name:<18} {wall:7.2f} s", flush=True)
    base = statistics.median(walls["solve korf100"])
    print(f"\n{len(optimum)} boards, {args.jobs} processes/workers, all optimal")
    for name, values in walls.items():
        median = statistics.median(values)
        print(
            f"{name:<18} median {median:7.2f} s  ({median / base:.3f} x solve)  runs: "
            + ", ".join(f"{v:.2f}" for v in values)
        )
    if args.scaling and rows:
        seconds = [row["seconds"] for row in rows]
        total = sum(seconds)
        print(f"\nOn paper, from the boards' one-worker seconds (sum {total:.1f} s, longest {max(seconds):.2f} s):")
        for workers in (int(w) for w in args.scaling.split(",")):
            plain = schedule(seconds, workers)
            # split boards run their subtrees beside the other boards' tasks: the wall
            # time is then bounded by the work shared out and by the longest board split
            split = max(total / workers, max(seconds) / args.split_speedup)
            print(
                f"  {workers:>4} workers: a board a worker {plain:6.2f} s (bound: the longest board, "
                f"{max(seconds):.2f} s); with the long boards split at least {split:6.2f} s; "
                f"the work shared out evenly {total / workers:6.2f} s"
            )
    return 0
