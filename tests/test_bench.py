"""The benchmarks' one front: `python3 bench.py NAME` lists every module of benchmarks/, and
each takes --help.  tests/test_docs.py checks every benchmark command the docs quote (so a
figure's command still runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import bench

NAMES = sorted(p.stem for p in (ROOT / "benchmarks").glob("*.py") if p.stem not in ("__init__", "boards"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "bench.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_the_front_lists_every_benchmark():
    p = run("--help")
    assert p.returncode == 0, p.stderr
    listed = [line.split()[0] for line in p.stdout.splitlines()[2:]]
    assert listed == NAMES == sorted(bench.benchmarks())
    assert "  solve       Solve a named set of boards (benchmarks/boards.py)" in p.stdout


def test_an_unknown_name_is_refused_with_the_list():
    p = run("korf100")  # the old spelling of `bench.py solve korf100`
    assert p.returncode == 2 and p.stderr.startswith("bench.py: no benchmark 'korf100'\n") and "  solve " in p.stderr


@pytest.mark.parametrize("name", NAMES)
def test_each_benchmark_gives_its_options(name):
    p = run(name, "--help")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"usage: bench.py {name} ") or name == "web" and "bench-web" in p.stdout
