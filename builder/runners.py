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
from builder.downloads import axe_script, biome, typescript
from builder.site import build

# The page's benchmark (`build.py bench-web`) and the README's pictures (`build.py screenshots`).
# The page's benchmark: benchmarks/web.py, run through the benchmarks' one front.
BENCH_FRONT = ROOT / "bench.py"
SCREENSHOTS_SCRIPT = ROOT / "tools" / "screenshots.py"

# The tiers of the suite, as pytest marker expressions (the markers: pyproject.toml).  Every
# test is in at least one tier (tests/test_workflow.py checks it for every set of markers),
# and CI runs each tier as a job of its own.  `build.py test --tier NAME` runs one;
# `--quick` is the edit-test loop's: the package and the page's modules without the
# browser, Pyodide, clusters or anything over 10 s, and a few browser smoke tests.
TIERS = {
    "quick": "smoke or not (browser or pyodide or cluster or slow or lint)",
    "lint": "lint",
    "browser": "browser and not (lint or smoke)",
    "slow": "(slow or pyodide or cluster) and not (browser or lint)",
}


def tier_args(args: list[str]) -> list[str]:
    """pytest's arguments for `--quick` or `--tier NAME` first (-m and the tier's expression,
    then the rest as given); a tier that does not exist is refused in one line."""
    first = args[0] if args else ""
    if first == "--quick":
        name, rest = "quick", args[1:]
    elif first == "--tier":
        name, rest = (args[1] if len(args) > 1 else ""), args[2:]
    elif first.startswith("--tier="):
        name, rest = first.removeprefix("--tier="), args[1:]
    else:
        return args
    if name not in TIERS:
        raise SystemExit(f"build.py test: --tier takes one of {', '.join(TIERS)}, not {name!r}")
    return ["-m", TIERS[name], *rest]


def test(args: list[str]) -> int:
    """Set up .venv, Chromium and Node.js, build the site, fetch axe-core, TypeScript and Biome, then run pytest
    with args (passed as given, after `--quick` or `--tier NAME` as the first argument; without
    any, the whole suite, which ends with its slowest tests); pytest's exit status."""
    args = tier_args(args)
    python = devenv.ensure_venv()
    chromium = devenv.ensure_chromium()
    devenv.ensure_node()
    build()
    env = dict(
        os.environ,
        NPUZZLE_CHROMIUM=chromium,
        NPUZZLE_AXE=str(axe_script()),
        NPUZZLE_TSC=str(typescript()),
        NPUZZLE_BIOME=str(biome()),
        NPUZZLE_REQUIRE_BROWSER="1",
        NPUZZLE_REQUIRE_NODE="1",
        NPUZZLE_SITE_BUILT="1",
    )
    durations = [] if args else ["--durations=15"]  # the whole suite says where its time goes
    command = [str(python), "-m", "pytest", *test_workers(args), *durations, *args]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def test_workers(args: list[str]) -> list[str]:
    """pytest-xdist's -n: two test processes on a machine of two cores or more (or
    $NPUZZLE_TEST_WORKERS; 0 for one), the slow tests handed out first (conftest.py).  On
    2 cores two processes took 0.78x the time of one, and three took more than two
    (docs/testing.md): the browser tests' Pyodide workers use the cores as it is."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return []
    wanted = os.environ.get("NPUZZLE_TEST_WORKERS")
    workers = int(wanted) if wanted and wanted.isdigit() else min(2, os.cpu_count() or 1)
    return ["-n", str(workers), "--dist", "load"] if workers > 1 else []


def run_biome(args: list[str]) -> int:
    """The pinned Biome with args, from the repository's root (where biome.jsonc is): `check`
    is the test's, `format --write` formats the page's scripts."""
    return subprocess.run([str(biome()), *args], cwd=ROOT).returncode


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
