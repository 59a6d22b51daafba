"""Benchmark of the web app in headless Chromium: load times, bytes, seed-case solve times.

    python3 build.py bench-web            # builds the site first, then runs this
    .venv/bin/python bench.py web        # on an already built dist/
    ... bench-web --no-sw                 # the same without the offline service worker

Prints cold load (empty cache) to "solver ready", warm load (same browser, cached), the
bytes the server sent for each, the time to solve every seed case (4x4 ones with pattern
databases: the first solve includes their download), a hard korf100 board (#88, 65
moves; in a fresh profile, so with the download, then again with them loaded), a
random 10x10 and 30x30 board (auto strategy), and Korf's 24-puzzle #5 (near-optimal, with
the 5x5 databases; fresh, then reloaded), and the pool of workers: Korf's boards (#1-#10
and #60 unless --korf=LINES, e.g. --korf=1-100) solved with 1 and with N workers (--workers=N,
default 2) side by side, in two pages open at once, board by board, then Korf's 24-puzzles
(#1-#10 unless --korf24=LINES; 0 for none) near-optimally in the default 8 s, one worker
against the pool racing the ladder's weights.  --pool-only runs only that part.

    ... bench-web --first-click[=REPEATS]  # only the pool from the first click, and its memory

--first-click: Korf's #60 solved with &workers=1 and &workers=2 in turn (REPEATS each,
default 3), each in a page just opened, Solve pressed 2 s after the page says ready (its
helpers still loading), medians and their ratio, and the median of each run's ratio; then the default pool size and the
page's memory (proportional set size of its renderer process, whose threads are the
workers, 25 s after load) on an emulated 8-core phone with 4 GB at 390x844, an 8-core
laptop with 16 GB (Chromium says 8) at 1280x720, and that phone with &workers=1.  Numbers, not pass/fail: nothing here is a test.

    ... bench-web --hardest[=LINES]       # the seventeen 80-move 15-puzzles, strongest tables

--hardest: the seventeen 80-move positions (tests/data/hardest80.txt; LINES as --korf's,
e.g. --hardest=1-3) in one page with the strongest tables chosen in Solver options (the
site must have been built with them: docs/page.md), the default workers, each board opened
by its link and solved: the answer, the seconds from the click to it, the nodes; the first
includes the tables' download.  Then the median, the longest and the page's memory.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"  # web_fixtures.py, the served site, and the test vectors
KORF_LINE = 88  # 65 moves, among the hardest of korf100
KORF24_LINE = 5  # 100 moves


def random_id(side: int) -> str:
    sys.path.insert(0, str(ROOT))
    from npuzzle import api

    return api.random(side, side, seed=1)["id"]


def korf_lines(argv: list[str], flag: str = "--korf", default: str = "1-10,60") -> list[int]:
    """The lines --korf=1-10,60 names (default: #1-#10 and #60; --korf24=... likewise, default
    1-10; 0 for none)."""
    text = next((a.split("=", 1)[1] for a in argv if a.startswith(flag + "=")), default)
    if text == "0":
        return []
    lines = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        lines += range(int(low), int(high or low) + 1)
    return lines


def pool_size(argv: list[str]) -> int:
    return next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--workers=")), 2)


def solved(page, link: str) -> tuple[str, float]:
    """Open a board by its link in a page already loaded, press Solve: (the status line
    once it has the answer, seconds from the click).  The page comes to the front first, as
    the one a person clicks in: Chromium slows the timers of a page behind another (by about
    a second a solve here), which would count against whichever page was opened first."""
    page.bring_to_front()
    page.evaluate(f"location.hash = {json.dumps(link)}")
    page.wait_for_function(f"location.hash.startsWith({json.dumps(link.split('&')[0])})")
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=120_000)
    t = time.perf_counter()
    page.get_by_role("button", name="Solve").click()
    page.get_by_role("status").filter(has_text=re.compile(r"Solution:|No solution")).wait_for(timeout=900_000)
    return said(page), time.perf_counter() - t


def said(page) -> str:
    """The status line and, after " | ", the solver's figures under its Details (closed or not)."""
    return page.get_by_role("status").inner_text() + " | " + (page.locator("#status-figures").text_content() or "")


# A solve's length, nodes and seconds in said()'s text
SOLVED = r"(\d+) moves?, the shortest possible.*?([\d,]+) nodes? searched, ([\d.]+) s solving"


def bench_pool(p, url: str, executable: str, argv: list[str]) -> None:
    """Korf's boards with 1 and with N workers, side by side: one page for each, both
    open (each pool loaded once), the two solves of a board one after the other."""
    import statistics

    import web_fixtures as wf

    n = pool_size(argv)
    profile = tempfile.TemporaryDirectory()
    context = p.chromium.launch_persistent_context(
        profile.name, **wf.BYPASS_CSP, executable_path=executable, args=wf.CHROMIUM_ARGS
    )
    pages = {}
    t = time.perf_counter()
    for workers in (1, n):
        page = pages[workers] = context.new_page()
        # Korf #3: split, so every worker loads the databases before timing
        page.goto(f"{url}{korf_link(3)[1]}&workers={workers}")
        page.wait_for_function(f"document.documentElement.dataset.solverWorkers === '{workers}'", timeout=300_000)
    print(f"\npool: {n} workers and 1 ready in {time.perf_counter() - t:.1f} s")

    def solve(page, link: str) -> tuple[int, float, float, int]:
        text, wall = solved(page, link)
        m = re.search(SOLVED, text)
        return (int(m.group(1)), float(m.group(3)), wall, int(m.group(2).replace(",", ""))) if m else (0, 0.0, wall, 0)

    for page in pages.values():  # the first split solve of each: databases and kernels in every worker
        solve(page, korf_link(3)[1])
    print(
        f"{'board':<8} {'optimal':>7} {'1: moves':>8} {'s':>7} {'nodes':>11} {f'{n}: moves':>8} {'s':>7} {'nodes':>11} {'ratio':>6}"
    )
    times = {1: [], n: []}
    for line in korf_lines(argv):
        row, link = korf_link(line)
        one, many = solve(pages[1], link), solve(pages[n], link)
        times[1].append(one[1])
        times[n].append(many[1])
        flag = "" if one[0] == many[0] == int(row[16]) else "  LENGTHS DIFFER"
        print(
            f"#{line:<7} {row[16]:>7} {one[0]:>8} {one[1]:>7.2f} {one[3]:>11,} {many[0]:>8} {many[1]:>7.2f} {many[3]:>11,}"
            f" {one[1] / max(many[1], 1e-3):>6.2f}{flag}"
        )
    if times[1]:
        print(
            f"{'total':<8} {'':>7} {'':>8} {sum(times[1]):>7.2f} {'':>11} {'':>8} {sum(times[n]):>7.2f} {'':>11}"
            f" {sum(times[1]) / sum(times[n]):>6.2f}"
        )
        print(
            f"{'median':<8} {'':>7} {'':>8} {statistics.median(times[1]):>7.2f} {'':>11} {'':>8} "
            f"{statistics.median(times[n]):>7.2f} {'':>11} {statistics.median(times[1]) / statistics.median(times[n]):>6.2f}"
        )

    # Korf's 24-puzzles: near-optimal in the default 8 s, one worker against the pool racing
    # the ladder's weights (each page fetches the 5x5 databases in a first, untimed solve).
    lines24 = korf_lines(argv, "--korf24", "1-10")
    if not lines24:
        context.close()
        profile.cleanup()
        return

    def near(page, link: str) -> tuple[int, int, float]:
        text, wall = solved(page, link)
        m = re.search(r"(\d+) moves?", text)
        bound = re.search(r"at least (\d+)", text)
        return (int(m.group(1)) if m else 0), (int(bound.group(1)) if bound else 0), wall

    warm24 = korf_link(50, "korf24")[1]
    for page in pages.values():
        near(page, warm24)
    print(
        f"\n{'korf24':<8} {'optimal':>7} {'1: moves':>8} {'ratio':>6} {'wall s':>7} {f'{n}: moves':>8} {'ratio':>6} {'wall s':>7}"
    )
    ratios = {1: [], n: []}
    for line in lines24:
        row, link = korf_link(line, "korf24")
        optimum = int(row[25])
        one, many = near(pages[1], link), near(pages[n], link)
        ratios[1].append(one[0] / optimum)
        ratios[n].append(many[0] / optimum)
        print(
            f"#{line:<7} {optimum:>7} {one[0]:>8} {one[0] / optimum:>6.3f} {one[2]:>7.2f} "
            f"{many[0]:>8} {many[0] / optimum:>6.3f} {many[2]:>7.2f}",
            flush=True,
        )
    print(
        f"{'mean':<8} {'':>7} {'':>8} {statistics.mean(ratios[1]):>6.3f} {'':>7} {'':>8} {statistics.mean(ratios[n]):>6.3f}"
    )
    context.close()
    profile.cleanup()


def renderers_pss_mb() -> list[float]:
    """The proportional set size (MB) of each Chromium renderer process under this one
    (Linux /proc): a page's workers are threads of its renderer."""
    import os

    parents, commands = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                commands[int(entry.name)] = (entry / "cmdline").read_bytes()
            except OSError:
                continue
    mine, grew = {os.getpid()}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in mine} - mine
        mine |= more
        grew = bool(more)
    sizes = []
    for pid in mine:
        if b"--type=renderer" not in commands.get(pid, b""):
            continue
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        sizes.append(int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1)) / 1024)
    return sorted(sizes, reverse=True)


DEVICE = """Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => %d});
Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => %d});"""


def korf_link(line: int, name: str = "korf100") -> tuple[list[str], str]:
    """Korf's board on that line of tests/data/NAME.txt (korf100 or korf24): (its row, the
    tiles then the optimum; the page's link to it with Korf's goal)."""
    side = 4 if name == "korf100" else 5
    row = (TESTS / "data" / f"{name}.txt").read_text().splitlines()[line - 1].split()
    board = f"{side}x{side}:"
    return row, f"#id={board}{','.join(row[: side * side])}&goal={board}{','.join(map(str, range(side * side)))}"


def page_memory(
    p, executable: str, url: str, device: tuple[int, int], viewport: tuple[int, int]
) -> tuple[float, int, str]:
    """(the page's PSS in MB 25 s after it opens, its solver workers, the pool size it says)
    in a browser of its own, the device's cores and GB emulated."""
    import web_fixtures as wf

    width, height = viewport
    browser = p.chromium.launch(executable_path=executable, args=wf.CHROMIUM_ARGS)
    context = browser.new_context(
        **wf.BYPASS_CSP, viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500
    )
    context.add_init_script(DEVICE % device)
    page = context.new_page()
    page.goto(url)
    page.wait_for_timeout(25_000)
    pool = page.evaluate("document.documentElement.dataset.solverWorkers")
    workers = len([w for w in page.workers if w.url.endswith("/worker.js")])
    size = renderers_pss_mb()[0]
    browser.close()
    return size, workers, pool


def bench_hardest(p, url: str, executable: str, argv: list[str]) -> None:
    """The seventeen 80-move positions with the strongest tables, one page (see the top)."""
    import statistics

    import web_fixtures as wf

    manifest = json.loads((wf.DIST / "manifest.json").read_text())
    if "strong" not in manifest:
        sys.exit("bench.py web --hardest: this site was built without the strongest tables (docs/page.md)")
    lines = korf_lines(argv, "--hardest", "1-17")
    rows = [line.split() for line in (TESTS / "data" / "hardest80.txt").read_text().splitlines() if line[:1].isdigit()]
    profile = tempfile.TemporaryDirectory()
    context = p.chromium.launch_persistent_context(
        profile.name, **wf.BYPASS_CSP, executable_path=executable, args=wf.CHROMIUM_ARGS, viewport=wf.LAPTOP
    )
    context.add_init_script("localStorage.setItem('npuzzle.strong', 'on')")  # chosen in Solver options
    page = context.new_page()
    page.goto(url + "#id=3x3:1,2,3,4,5,6,0,7,8")
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=120_000)
    workers = page.evaluate("document.documentElement.dataset.solverWorkers")
    print(f"the strongest tables: {manifest['strong']['bytes']:,} bytes; {workers} worker(s) by default\n")
    print(f"{'board':<14} {'answer':<40} {'seconds':>8} {'nodes':>14}")
    times = []
    for line in lines:
        row = rows[line - 1]
        text, seconds = solved(page, f"#id=4x4:{','.join(row[:16])}")
        found = re.search(SOLVED, text)
        answer = text.split(" | ")[0].split(".")[0]
        nodes = found.group(2) if found else "-"
        times.append(seconds)
        print(f"hardest80-{line:03d}  {answer:<40} {seconds:>8.1f} {nodes:>14}", flush=True)
    memory = renderers_pss_mb()
    print(
        f"\n{len(times)} boards: median {statistics.median(times):.1f} s, longest {max(times):.1f} s "
        f"(the first with the download); the page's renderer {memory[0]:,.0f} MB (PSS)"
    )
    context.close()


def bench_first_click(p, url: str, executable: str, argv: list[str]) -> None:
    """Korf #60 with 1 and 2 workers, Solve pressed 2 s after ready, alternating; then the
    default pool and the page's memory on an emulated phone and laptop (see the top)."""
    import statistics

    import web_fixtures as wf

    flag = next((a for a in argv if a.startswith("--first-click")), "--first-click")
    repeats = int(flag.split("=", 1)[1]) if "=" in flag else 3
    row, link = korf_link(60)
    profile = tempfile.TemporaryDirectory()  # one disk cache for all: every page load is a warm one
    context = p.chromium.launch_persistent_context(
        profile.name, **wf.BYPASS_CSP, executable_path=executable, args=wf.CHROMIUM_ARGS
    )
    warm = context.new_page()  # the runtime, the wheel and the databases into the cache
    warm.goto(url + link + "&workers=1")
    warm.get_by_role("button", name="Solve").and_(warm.locator(":enabled")).wait_for(timeout=300_000)
    warm.wait_for_timeout(3000)
    warm.close()
    times = {1: [], 2: []}
    print(f"\nKorf #60 ({row[16]} moves), Solve pressed 2 s after ready, a page just opened each time")
    print(f"{'run':<5} {'workers':>7} {'moves':>6} {'solver s':>9} {'wall s':>7} {'nodes':>11} {'ready at':>9}")
    for run in range(1, repeats + 1):
        for workers in (1, 2):
            page = context.new_page()
            t = time.perf_counter()
            page.goto(url + link + f"&workers={workers}")
            page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=300_000)
            ready = time.perf_counter() - t
            page.wait_for_timeout(2000)
            text, wall = solved(page, link)
            m = re.search(SOLVED, text)
            times[workers].append(wall)
            print(
                f"{run:<5} {workers:>7} {m.group(1) if m else '?':>6} {float(m.group(3)) if m else 0:>9.2f} {wall:>7.2f} "
                f"{m.group(2) if m else '?':>11} {ready:>9.2f}",
                flush=True,
            )
            page.close()
    one, two = statistics.median(times[1]), statistics.median(times[2])
    paired = statistics.median(b / a for a, b in zip(times[1], times[2]))
    print(
        f"median: 1 worker {one:.2f} s, 2 workers {two:.2f} s, ratio {two / one:.2f}; "
        f"median of each run's ratio {paired:.2f}"
    )
    context.close()
    profile.cleanup()

    print(f"\n{'device':<34} {'pool':>5} {'page MB (PSS)':>14}")
    devices = [
        ("phone, 8 cores, 4 GB, 390x844", (8, 4), (390, 844), ""),
        ("laptop, 8 cores, 16 GB, 1280x720", (8, 8), (1280, 720), ""),
        ("phone, 8 cores, 4 GB, &workers=1", (8, 4), (390, 844), "&workers=1"),
    ]
    for label, device, viewport, extra in devices:
        size, workers, pool = page_memory(p, executable, url + link + extra, device, viewport)
        print(f"{label:<34} {workers:>5} {size:>14.0f}   (ready: {pool})", flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "-h" in argv or "--help" in argv:  # its options are read by hand: the docstring lists them
        print(__doc__)
        return 0
    sys.path.insert(0, str(TESTS))
    import web_fixtures as wf
    from playwright.sync_api import sync_playwright
    from web_fixtures import case_link

    server, url = wf.start_server()
    executable = wf.chromium_path()
    if not executable:
        sys.exit("bench.py web: needs a chromium binary (python3 build.py bench-web installs one)")
    cases = [
        c for c in json.loads((TESTS / "data" / "seed_cases.json").read_text())["cases"] if c["optimal"] is not None
    ]
    row, korf = korf_link(KORF_LINE)
    row24, korf24 = korf_link(KORF24_LINE, "korf24")

    def wait_ready(page):
        page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=120_000)

    with sync_playwright() as p:
        if any(a.startswith("--first-click") for a in argv):
            bench_first_click(p, url, executable, argv)
            server.shutdown()
            return 0
        if any(a.startswith("--hardest") for a in argv):
            bench_hardest(p, url, executable, argv)
            server.shutdown()
            return 0
        if "--pool-only" in argv:
            bench_pool(p, url, executable, argv)
            server.shutdown()
            return 0
        # A persistent profile, so the disk cache works as in a person's browser (an
        # incognito context's memory cache does not keep the 9.6 MB wasm file).
        profile = tempfile.TemporaryDirectory()
        context = p.chromium.launch_persistent_context(
            profile.name,
            **wf.BYPASS_CSP,
            executable_path=executable,
            args=wf.CHROMIUM_ARGS,
            service_workers="block" if "--no-sw" in argv else "allow",
        )
        page = context.new_page()
        files = [f for f in wf.DIST.rglob("*") if f.is_file()]
        pdb_bytes = sum(f.stat().st_size for f in files if "pdb" in f.relative_to(wf.DIST).parts)
        print(
            f"site: {sum(f.stat().st_size for f in files):,} bytes, of which pattern databases (dist/pdb, "
            f"fetched only when needed) {pdb_bytes:,}\n"
        )
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

        def solve(link: str, label: str, optimal="") -> None:
            page.goto("about:blank")
            page.goto(url + link)
            wait_ready(page)
            wf.SubPathHandler.bytes_sent = 0
            t = time.perf_counter()
            page.get_by_role("button", name="Solve").click()
            page.get_by_role("status").filter(has_text=re.compile(r"Solution:|unsolvable|No solution")).wait_for(
                timeout=600_000
            )
            wall = time.perf_counter() - t
            text = said(page)
            m = re.search(
                r"(\d+) moves?(, the shortest possible| \(the shortest is at least \d+\)).*?([\d,]+) nodes? searched, "
                r"([\d.]+) s solving",
                text,
            )
            if m:
                kind = (
                    "optimal"
                    if "shortest possible" in m.group(2)
                    else "bound " + re.search(r"least (\d+)", m.group(2)).group(1)
                )
                print(
                    f"{label:<34} {str(optimal):>7} {m.group(1):>6} {kind:>10} {float(m.group(4)):>9.2f} {wall:>7.2f}"
                    f" {m.group(3):>11} {wf.SubPathHandler.bytes_sent:>11,}"
                )
            else:
                print(f"{label:<34} {str(optimal):>7} {'?':>6} {'':>10} {'':>9} {wall:>7.2f}   {text}")

        print(
            f"\n{'board':<34} {'optimal':>7} {'found':>6} {'proven':>10} {'solver s':>9} {'wall s':>7} {'nodes':>11} {'bytes sent':>11}"
        )
        for case in cases:
            name = f"seed {case['source'][:3]} {case['width']}x{case['height']}" + (
                " wrapped" if case["wrap_rows"] else ""
            )
            solve(case_link(case), name, case["optimal"])
        solve(korf, f"korf100 #{KORF_LINE} (dbs loaded)", row[16])
        solve("#id=" + random_id(10), "random 10x10 (auto)")
        solve("#id=" + random_id(30), "random 30x30 (auto)")
        context.close()
        profile.cleanup()

        # A fresh profile: the korf board's time includes fetching the databases.
        profile = tempfile.TemporaryDirectory()
        context = p.chromium.launch_persistent_context(
            profile.name,
            **wf.BYPASS_CSP,
            executable_path=executable,
            args=wf.CHROMIUM_ARGS,
            service_workers="block" if "--no-sw" in argv else "allow",
        )
        page = context.new_page()
        solve(korf, f"korf100 #{KORF_LINE} (fresh, + download)", row[16])
        solve(korf, f"korf100 #{KORF_LINE} (reload, cached dbs)", row[16])
        solve(korf24, f"korf24 #{KORF24_LINE} (fresh, + download)", row24[25])
        solve(korf24, f"korf24 #{KORF24_LINE} (reload, cached dbs)", row24[25])
        context.close()
        profile.cleanup()
        bench_pool(p, url, executable, argv)
    server.shutdown()
    return 0
