#!/usr/bin/env python3
"""The study table in the page and on the command line, side by side in one run: the
8-puzzle at depths 12, 16, 20, 24 with 100 boards each, seed 0, A* and IDA* with
misplaced tiles and Manhattan distance (the course reports' table) unless told otherwise.

    python3 build.py                                  # the site, once
    .venv/bin/python bench.py study_web         # the whole study, the page's default workers
    .venv/bin/python bench.py study_web --count 10 --workers 2 --jobs 2

First `npuzzle study --random N --depths ... --seed S --csv` (every core unless --jobs),
its wall time taken from outside.  Then the same study in headless Chromium, opened by the
lab's link (#...&lab=study&size=...&count=...&depths=...&seed=...&run=1), with the page's
default workers unless --workers: the page's own time (from the study's start to its
table: drawing the boards, starting the lab's other workers, every board, the table),
then Run again with every worker loaded.  The page's CSV must be the command line's but
for mean_seconds; the script stops if it is not.  Numbers, not pass/fail.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web_fixtures import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402

STUDIED = re.compile(r"^Studied .* in ([\d.,]+) s on (\d+) workers?\.$")


def masked(text: str) -> list[list[str]]:
    """CSV rows without mean_seconds, the only figure that changes from run to run."""
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index("mean_seconds")
    return [r[:at] + r[at + 1 :] for r in rows]


def command_line(args) -> tuple[list[str], float, str]:
    cmd = [
        sys.executable,
        "-m",
        "npuzzle",
        "study",
        "--random",
        str(args.count),
        "--depths",
        args.depths,
        "--seed",
        str(args.seed),
        "--size",
        args.size,
        "--algorithms",
        args.algorithms,
        "--heuristics",
        args.heuristics,
        "--csv",
        "--progress",
        "none",
    ]
    if args.jobs:
        cmd += ["--jobs", str(args.jobs)]
    began = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return cmd, time.perf_counter() - began, out


def page_study(args) -> tuple[str, list[tuple[float, int]], str]:
    """(the link, [(seconds, workers)] of each run, the page's CSV)."""
    from playwright.sync_api import sync_playwright

    link = (
        f"#id=3x3:1,2,3,4,5,6,0,7,8&lab=study&algorithms={args.algorithms}&heuristics={args.heuristics}"
        f"&size={args.size}&count={args.count}&depths={args.depths}&seed={args.seed}&run=1"
    )
    if args.workers:
        link += f"&workers={args.workers}"
    server, url = start_server()
    runs = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 900}, accept_downloads=True)
            page.goto(url + link)
            status = page.locator("#lab-status")
            for i in range(args.rounds):
                if i:
                    page.get_by_role("button", name="Run study").click()
                    status.filter(has_text=re.compile(r"^Studying")).wait_for(timeout=60_000)
                status.filter(has_text=STUDIED).wait_for(timeout=3_600_000)
                m = STUDIED.match(status.inner_text())
                runs.append((float(page.locator("#lab-study-table").get_attribute("data-seconds")), int(m.group(2))))
                print(f"page, run {i + 1}: {runs[-1][0]:.1f} s on {runs[-1][1]} worker(s)", file=sys.stderr)
            with page.expect_download() as info:
                page.get_by_role("button", name="CSV").click()
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "study.csv"
                info.value.save_as(path)
                text = path.read_text()
            browser.close()
    finally:
        server.shutdown()
    return link, runs, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--depths", default="12,16,20,24")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", default="3x3")
    parser.add_argument("--algorithms", default="astar,idastar")
    parser.add_argument("--heuristics", default="misplaced,manhattan")
    parser.add_argument("--jobs", type=int, help="the command line's processes (default: every core)")
    parser.add_argument("--workers", type=int, help="the page's workers (default: the page's own default)")
    parser.add_argument("--rounds", type=int, default=2, help="page runs: the first starts the lab's workers")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        sys.exit("needs a chromium binary (python3 build.py test installs one)")

    cmd, cli_seconds, cli_csv = command_line(args)
    print(f"command line: {cli_seconds:.1f} s", file=sys.stderr)
    link, runs, page_csv = page_study(args)
    if masked(page_csv) != masked(cli_csv):
        sys.exit("the page's table differs from the command line's")
    shown = " ".join(a if " " not in a else repr(a) for a in ["python3", *cmd[1:]])
    print(
        f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"same table (but mean_seconds): yes, {len(masked(cli_csv)) - 1} rows")
    print(f"| the command line ({args.jobs or os.cpu_count()} processes) | {cli_seconds:.1f} s | `{shown}` |")
    for i, (seconds, workers) in enumerate(runs):
        when = "the lab's first study (its other workers starting)" if i == 0 else "Run again"
        print(
            f"| the page, {when}, {workers} lab worker{'s' if workers != 1 else ''} | {seconds:.1f} s | "
            f"`bench.py study_web` (link `{link}`) |"
        )
    return 0
