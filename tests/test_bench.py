"""The benchmarks' one front: `python3 bench.py NAME` lists every module of benchmarks/, each
takes --help, and every benchmark command the docs quote names one that exists (so a
figure's command still runs)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import bench
from benchmarks.boards import SETS

NAMES = sorted(p.stem for p in (ROOT / "benchmarks").glob("*.py") if p.stem not in ("__init__", "boards"))
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


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


def test_every_benchmark_command_in_the_docs_names_one_that_exists():
    quoted = []
    for path in DOCS:
        text = path.read_text()
        assert not re.search(r"tools/bench_|tests/bench_web|bench_pyodide", text), path.name
        for name, rest in re.findall(r"bench\.py\s+(\w[\w-]*)([^`|\n]*)", text):
            if name.isupper():  # a placeholder: bench.py NAME
                continue
            quoted.append(name)
            assert name in NAMES, f"{path.name}: bench.py {name}{rest}"
            if name == "solve" and rest.split():
                first = rest.split()[0]
                assert first in SETS or first.startswith(("--", "SET")), f"{path.name}: bench.py solve{rest}"
        for name in re.findall(r"benchmarks/pyodide\.mjs dist (\w+)", text):
            assert name in ("solve", "beam", "reflection"), f"{path.name}: pyodide.mjs dist {name}"
    assert len(quoted) > 60  # the docs quote the front everywhere they give a figure
