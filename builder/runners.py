"""Run the tests and the repository's scripts that need the site: each sets up the
environment (builder/devenv.py), builds the site, then runs with .venv's Python, with the
environment variables that say what is ready.  Standard library only.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from builder import devenv
from builder.common import ROOT
from builder.downloads import axe_script, typescript
from builder.site import build

# The page's benchmark (`build.py bench-web`) and the README's pictures (`build.py screenshots`).
# The page's benchmark: benchmarks/web.py, run through the benchmarks' one front.
BENCH_FRONT = ROOT / "bench.py"
SCREENSHOTS_SCRIPT = ROOT / "tools" / "screenshots.py"


def test(args: list[str]) -> int:
    """Set up .venv, Chromium and Node.js, build the site, fetch axe-core and TypeScript, then run pytest
    with args (passed as given; without any, the whole suite, which ends with its 15 slowest
    tests); pytest's exit status."""
    python = devenv.ensure_venv()
    chromium = devenv.ensure_chromium()
    devenv.ensure_node()
    build()
    env = dict(
        os.environ,
        NPUZZLE_CHROMIUM=chromium,
        NPUZZLE_AXE=str(axe_script()),
        NPUZZLE_TSC=str(typescript()),
        NPUZZLE_REQUIRE_BROWSER="1",
        NPUZZLE_REQUIRE_NODE="1",
        NPUZZLE_SITE_BUILT="1",
    )
    durations = [] if args else ["--durations=15"]  # the whole suite says where its time goes
    command = [str(python), "-m", "pytest", *test_workers(args), *durations, *args]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def test_workers(args: list[str]) -> list[str]:
    """pytest-xdist's -n for machines with cores to spare: on 4 cores or more, two test
    processes (or $NPUZZLE_TEST_WORKERS; 0 for one).  On 2 cores the suite is run in one
    process: the browser tests' Pyodide workers already use both (two processes measured
    0.80x the time there, docs/testing.md, and nothing to spare for the page's timeouts)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return []
    wanted = os.environ.get("NPUZZLE_TEST_WORKERS")
    workers = int(wanted) if wanted and wanted.isdigit() else (2 if (os.cpu_count() or 1) >= 4 else 0)
    return ["-n", str(workers)] if workers > 1 else []


def run_with_site(script: Path, args: list[str]) -> int:
    """Run a script of the repository with .venv's Python, Chromium and the built site."""
    python = devenv.ensure_venv()
    chromium = devenv.ensure_chromium()
    build()
    env = dict(os.environ, NPUZZLE_CHROMIUM=chromium, NPUZZLE_SITE_BUILT="1")
    return subprocess.run([str(python), str(script), *args], cwd=ROOT, env=env).returncode


def bench_web(args: list[str]) -> int:
    return run_with_site(BENCH_FRONT, ["web", *args])


def screenshots(args: list[str]) -> int:
    devenv.ensure_chinese_font()  # the Chinese page's picture needs Chinese characters
    return run_with_site(SCREENSHOTS_SCRIPT, args)
