#!/usr/bin/env python3
"""Side-by-side start-up of the page: this work tree's site against a git revision's.

    .venv/bin/python bench.py load --against HEAD~1 [--runs 8] [--mbit 20]

Builds the revision's site in a temporary git worktree (sharing this tree's download
cache), serves both sites, and opens each in turn in a fresh headless Chromium profile
(cold: nothing cached), then again in the same profile (warm), alternating which goes
first.  For each: seconds from navigation to "solver ready", when the page started its
worker, what the worker says it spent (the runtime with micropip, the wheel with the
package's import), and the layout shift (CLS) at 1280x800.  --mbit serves both sites
through one link of that bandwidth (no latency added), as a slower network would.  Prints every run and the
medians.  Numbers, not pass/fail.  Uses dist/ as it is: run `python3 build.py build`
first.

    .venv/bin/python bench.py load --against REV --memory [--runs 3]

--coach opens a 4x4 (Korf's #1) instead of a 3x3 and adds the seconds from "solver ready"
to the coach's first answer about that board (its databases' first load included), each
run in a fresh profile (cold) and again warm.

--memory measures the page's memory instead, as `build.py bench-web --first-click` does:
the proportional set size of its renderer 25 s after it opens, on an emulated 8-core phone
with 4 GB at 390x844 (its default pool) and the same phone with &workers=1, both sites
alternating.
"""

from __future__ import annotations

import argparse
import http.server
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

from benchmarks import ROOT, checkout

sys.path.insert(0, str(ROOT / "tests"))
import web_fixtures as wf

from benchmarks.web import korf_link, page_memory

SHIFTS = """window.__cls = 0; new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({ type: "layout-shift", buffered: true });"""
WORKER_START = "(performance.getEntriesByType('resource').find((e) => /worker\\.js$/.test(e.name)) || {}).startTime"


class Throttled(wf.SubPathHandler):
    """The site through a link of `rate` bytes a second, shared by every connection of
    every server (one link: the page's requests and its service worker's take turns)."""

    rate: float | None = None
    lock = threading.Lock()
    free_at = [0.0]

    def copyfile(self, source, outputfile):
        if not self.rate:
            return super().copyfile(source, outputfile)
        while chunk := source.read(64 * 1024):
            with self.lock:
                start = max(time.perf_counter(), self.free_at[0])
                self.free_at[0] = done = start + len(chunk) / self.rate
            time.sleep(max(0.0, done - time.perf_counter()))
            outputfile.write(chunk)
        return None


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Throttled, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{wf.PREFIX}"


KORF_1 = "#id=4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"


def load(page, url: str, coach: bool = False) -> dict:
    page.goto("about:blank")
    t = time.perf_counter()
    page.goto(url + (KORF_1 if coach else "#id=3x3:1,2,3,4,5,6,0,7,8"))
    page.wait_for_function("document.documentElement.dataset.solverTimings", timeout=120_000)
    seconds = time.perf_counter() - t
    coach_after = None
    if coach:
        page.locator("#coach[data-state=answer]").wait_for(timeout=120_000)
        coach_after = time.perf_counter() - t - seconds
    time.sleep(0.3)
    timings = json.loads(page.evaluate("document.documentElement.dataset.solverTimings"))
    # older versions loaded micropip after the runtime (newer ones with it), and counted the
    # package's import in "wheel" (newer ones apart): add them up to compare
    timings["runtime+micropip"] = timings["runtime"] + timings.get("micropip", 0)
    timings["wheel+import"] = timings["wheel"] + timings.get("import", 0)
    return {
        "seconds": seconds,
        "coach after ready": coach_after,
        "worker at": page.evaluate(WORKER_START) / 1000,
        "cls": page.evaluate("window.__cls"),
        **timings,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with")
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument(
        "--mbit",
        type=float,
        default=None,
        help="serve both sites through one link of this many Mbit/s (default: no limit)",
    )
    parser.add_argument("--memory", action="store_true", help="the page's memory on a phone instead of load times")
    parser.add_argument(
        "--coach", action="store_true", help="a 4x4, and the seconds from ready to the coach's first answer"
    )
    args = parser.parse_args(argv)
    Throttled.rate = args.mbit * 1e6 / 8 if args.mbit else None
    from playwright.sync_api import sync_playwright

    with checkout(args.against) as (revision, old_tree):
        (old_tree / ".cache").symlink_to(ROOT / ".cache")
        subprocess.run([sys.executable, "build.py", "build"], cwd=old_tree, check=True, capture_output=True)
        sites = {revision: serve(old_tree / "dist"), "work tree": serve(wf.DIST)}
        rows: dict[str, list[dict]] = {name: [] for name in sites}
        with sync_playwright() as p:
            if args.memory:
                sizes: dict[tuple[str, str], list[float]] = {}
                for run in range(args.runs):
                    for name in list(sites) if run % 2 == 0 else list(sites)[::-1]:
                        for extra in ("", "&workers=1"):
                            # Korf #60 on an 8-core phone with 4 GB, as bench-web --first-click
                            size, workers, _ = page_memory(
                                p, wf.chromium_path(), sites[name][1] + korf_link(60)[1] + extra, (8, 4), (390, 844)
                            )
                            sizes.setdefault((name, extra), []).append(size)
                            print(
                                f"{name:<10} run {run + 1}: phone{extra or ' (default pool)'}: {workers} "
                                f"workers, {size:.0f} MB",
                                flush=True,
                            )
                print(
                    f"\nmedians over {args.runs} runs, MB: "
                    + ", ".join(
                        f"{name} {extra or 'default'} {statistics.median(v):.0f}" for (name, extra), v in sizes.items()
                    )
                )
            for run in range(0 if args.memory else args.runs):
                for name in list(sites) if run % 2 == 0 else list(sites)[::-1]:
                    profile = tempfile.TemporaryDirectory()
                    context = p.chromium.launch_persistent_context(
                        profile.name, **wf.BYPASS_CSP, executable_path=wf.chromium_path(), args=wf.CHROMIUM_ARGS
                    )
                    page = context.new_page()
                    page.add_init_script(SHIFTS)
                    cold, warm = load(page, sites[name][1], args.coach), load(page, sites[name][1], args.coach)
                    rows[name].append({"cold": cold, "warm": warm})
                    print(
                        f"{name:<10} run {run + 1}: cold {cold['seconds']:.2f} s (worker at {cold['worker at']:.2f},"
                        f" runtime+micropip {cold['runtime+micropip']:.2f}, wheel+import {cold['wheel+import']:.2f}), "
                        f"warm {warm['seconds']:.2f} s, CLS {cold['cls']:.4f}"
                        + (
                            f", coach after ready {cold['coach after ready']:.2f} s cold"
                            f" / {warm['coach after ready']:.2f} s warm"
                            if args.coach
                            else ""
                        )
                        + (
                            f", snapshot {cold['snapshot']} ({cold.get('snapshot_rate')} MB/s) / warm {warm['snapshot']}"
                            if "snapshot" in cold
                            else ""
                        ),
                        flush=True,
                    )
                    context.close()
                    profile.cleanup()
        if not args.memory:
            print(
                f"\nmedians over {args.runs} runs: {'':<10} {'cold s':>7} {'warm s':>7} {'worker at':>9} "
                f"{'runtime+micropip':>16} {'wheel+import':>12} {'CLS':>7}"
            )
            for name, runs in rows.items():

                def median(kind, key):
                    return statistics.median(r[kind][key] for r in runs)  # noqa: B023  (called at once)

                print(
                    f"{name:<38} {median('cold', 'seconds'):>7.2f} {median('warm', 'seconds'):>7.2f} "
                    f"{median('cold', 'worker at'):>9.2f} {median('cold', 'runtime+micropip'):>16.2f} "
                    f"{median('cold', 'wheel+import'):>12.2f} {median('cold', 'cls'):>7.4f}"
                    + (
                        f"  coach after ready {median('cold', 'coach after ready'):.2f} s cold, "
                        f"{median('warm', 'coach after ready'):.2f} s warm"
                        if args.coach
                        else ""
                    )
                )
        for _, (server, _) in sites.items():
            server.shutdown()
    return 0
