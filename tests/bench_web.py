"""Benchmark of the web app in headless Chromium: load times, bytes, seed-case solve times.

    python3 build.py bench-web            # builds the site first, then runs this
    .venv/bin/python tests/bench_web.py   # on an already built dist/
    ... bench-web --no-sw                 # the same without the offline service worker

Prints cold load (empty cache) to "solver ready", warm load (same browser, cached), the
bytes the server sent for each, and the time to solve the seed cases whose optimal length
is at most 41 (the longer 4x4 ones take minutes with the current heuristic).
Numbers, not pass/fail: nothing here is a test.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_OPTIMAL = 41


def main() -> int:
    sys.path.insert(0, str(HERE))
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    import web_fixtures as wf  # noqa: PLC0415
    from test_web import case_link  # noqa: PLC0415

    server, url = wf.start_server()
    executable = wf.chromium_path()
    if not executable:
        sys.exit("bench_web: needs a chromium binary (python3 build.py bench-web installs one)")
    cases = [c for c in json.loads((HERE / "data" / "seed_cases.json").read_text())["cases"]
             if c["optimal"] is not None and c["optimal"] <= MAX_OPTIMAL]

    def wait_ready(page):
        page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=120_000)

    with sync_playwright() as p:
        # A persistent profile, so the disk cache works as in a person's browser (an
        # incognito context's memory cache does not keep the 9.6 MB wasm file).
        profile = tempfile.TemporaryDirectory()
        context = p.chromium.launch_persistent_context(profile.name, executable_path=executable,
                                                       args=wf.CHROMIUM_ARGS,
                                                       service_workers="block" if "--no-sw" in sys.argv else "allow")
        page = context.new_page()
        print(f"{'what':<34} {'seconds':>8} {'bytes sent':>12}")
        for label in ("cold load to solver ready", "warm load to solver ready", "warm load again"):
            wf.SubPathHandler.bytes_sent = 0
            page.goto("about:blank")
            t = time.perf_counter()
            page.goto(url + "#id=3x3:1,2,3,4,5,6,0,7,8")
            wait_ready(page)
            seconds = time.perf_counter() - t
            stages = page.evaluate("document.documentElement.dataset.solverTimings")
            print(f"{label:<34} {seconds:>8.2f} {wf.SubPathHandler.bytes_sent:>12,}   worker: {stages}")
        first_board = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
        print(f"{'board playable (DOM interactive)':<34} {first_board / 1000:>8.2f}")

        print(f"\n{'seed case':<40} {'optimal':>7} {'found':>5} {'solver s':>9} {'wall s':>7} {'nodes':>11}")
        for case in cases:
            page.goto("about:blank")
            page.goto(url + case_link(case))
            wait_ready(page)
            t = time.perf_counter()
            page.get_by_role("button", name="Solve").click()
            page.get_by_role("status").filter(has_text=re.compile(r"Solution:|unsolvable|No solution")).wait_for(timeout=600_000)
            wall = time.perf_counter() - t
            text = page.get_by_role("status").inner_text()
            m = re.search(r"(\d+) moves?, optimal \(([\d,]+) nodes, ([\d.]+) s solving", text)
            name = f"{case['source'][:3]} {case['width']}x{case['height']}" + (" wrapped" if case["wrap_rows"] else "")
            if m:
                print(f"{name:<40} {case['optimal']:>7} {m.group(1):>5} {float(m.group(3)):>9.2f} {wall:>7.2f} {m.group(2):>11}")
            else:
                print(f"{name:<40} {case['optimal']:>7} {'?':>5} {'':>9} {wall:>7.2f}   {text}")
        context.close()
        profile.cleanup()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
