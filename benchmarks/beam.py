"""The beam search's time and answers against its width, on Korf's 24-puzzles.

    python3 bench.py beam                                   # widths 500-10,000, boards 1, 11, ..., 41
    python3 bench.py beam --widths 3000 --slice 0:50:7 --against 051547d --repeat 2

Each width runs ``npuzzle.search.beam.beam_search`` on the boards (no time limit) and prints its
seconds per board, their sum and the mean length/optimum: the curve that
``npuzzle.search.stages.widening`` models.  With ``--against REV`` (CPython, in a git
checkout) the beam module of that commit runs too, alternating with this one width by
width and repeat by repeat, so a before/after compares in one run.  Under Pyodide, after
``python3 build.py``:

    node benchmarks/pyodide.mjs dist beam --widths 500,2000,5000,8000,10000
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from benchmarks.boards import SETS  # noqa: E402
from npuzzle import pdb  # noqa: E402
from npuzzle.search import beam  # noqa: E402

# Before the package was put in folders by role, the beam was npuzzle/beam.py and its
# relative imports named the modules at the package's top.
_MOVED = {"board": "rules.board", "topology": "rules.topology", "engine": "result"}


def _module_at(revision: str):
    """The beam module as it was at revision, importable beside today's package."""

    def show(path: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, text=True)

    found = show("npuzzle/search/beam.py")
    if found.returncode == 0:
        source, package = found.stdout, "npuzzle.search"
    else:
        source, package = show("npuzzle/beam.py").stdout, "npuzzle"
        source = re.sub(r"^from \.(\w+) import", lambda m: f"from .{_MOVED.get(m[1], m[1])} import", source, flags=re.M)
    # the kernel's Partition was called _Partition before 1111970
    source = source.replace("import _Partition", "import Partition as _Partition")
    path = Path(tempfile.mkdtemp()) / "beam.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"{package}._beam_then", path, submodule_search_locations=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package  # its relative imports resolve to today's package
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--widths", default="500,2000,5000,10000")
    parser.add_argument("--slice", default="0:50:10", help="start:stop:step over Korf's 50")
    parser.add_argument("--against", help="a git revision whose beam runs too, alternating")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    start, stop, step = (int(x) if x else None for x in (args.slice.split(":") + ["", ""])[:3])
    boards = SETS["korf24"]()[slice(start, stop, step)]
    problem = boards[0][1]
    if sys.platform != "emscripten":
        pdb.prepare(problem.goal, problem.topology)
    versions = {"now": beam}
    if args.against:
        versions = {args.against: _module_at(args.against), "now": beam}
    runtime = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    print(
        f"# korf24 [{args.slice}], beam widths {args.widths}, {args.repeat} repeat(s); Python "
        f"{platform.python_version()} ({runtime}), {time.strftime('%Y-%m-%d')}"
    )
    print(f"{'version':<10} {'width':>6} {'seconds per board':<40} {'sum s':>7} {'length/optimum':>15}")
    sums: dict[tuple[str, int], list[float]] = {}
    for width in map(int, args.widths.split(",")):
        for _ in range(args.repeat):
            for label, module in versions.items():
                seconds, ratios = [], []
                for _, board, optimum in boards:
                    r = module.beam_search(board, width)
                    seconds.append(r.seconds)
                    if r.found:  # else a dead end: every board kept led back to one seen
                        ratios.append(r.length / optimum)
                sums.setdefault((label, width), []).append(sum(seconds))
                print(
                    f"{label:<10} {width:>6} {' '.join(f'{s:.2f}' for s in seconds):<40} {sum(seconds):>7.2f} "
                    f"{statistics.mean(ratios) if ratios else float('nan'):>15.4f}"
                    f"{'' if len(ratios) == len(boards) else f'  ({len(boards) - len(ratios)} dead ends)'}",
                    flush=True,
                )
    if args.against:
        for width in map(int, args.widths.split(",")):
            then, now = statistics.median(sums[(args.against, width)]), statistics.median(sums[("now", width)])
            print(f"width {width}: median {then:.2f} s then, {now:.2f} s now, ratio {now / then:.3f}")
    return 0
