"""The page's pool of solver workers (web/solver/pool.js) in Chromium: Korf's boards solved with two
workers as with one, progress that adds up, Cancel that stops every worker, and the pool's
size from the link (&workers=N) and from the Solver options."""

from __future__ import annotations

import re
import time

import pytest
from support import korf100
from web_fixtures import open_site, status, wait_ready, wait_text

GOAL = "4x4:" + ",".join(map(str, range(16)))
SOLVED = re.compile(r"Solution: (\d+) moves?, the shortest possible")  # the figures are in Details


def korf_link(number: int, workers: int | None = None) -> str:
    board, _ = korf100()[number - 1]
    return f"#id=4x4:{','.join(map(str, board))}&goal={GOAL}" + (f"&workers={workers}" if workers else "")


def solver_workers(page) -> list:
    """The page's solver workers (the coach's and the lab's say their role: worker.js#coach)."""
    return [w for w in page.workers if w.url.endswith("/worker.js")]


def wait_workers(page, count: int, timeout: int = 120_000) -> None:
    """Until `count` workers have loaded and can take work."""
    page.wait_for_function(f"document.documentElement.dataset.solverWorkers === '{count}'", timeout=timeout)


def solve(page, timeout: int = 180_000) -> tuple[int, list[int]]:
    """Solve the board shown: (the answer's length, the node counts its Details showed)."""
    seen: list[int] = []
    page.get_by_role("button", name="Solve").click()
    deadline = timeout / 1000
    t = time.perf_counter()
    while time.perf_counter() - t < deadline:
        text = status(page)
        m = SOLVED.search(text)
        if m:
            return int(m.group(1)), seen
        # the engine's figures, under Details while it searches (the line says "Thinking… 3 s")
        counted = re.search(r"([\d,]+) nodes", page.locator("#status-figures").text_content() or "")
        if counted:
            seen.append(int(counted.group(1).replace(",", "")))
        page.wait_for_timeout(100)
    raise AssertionError(f"no answer in time: {status(page)}")


@pytest.mark.slow
@pytest.mark.parametrize("number", [3, 60])  # Korf #3 (59 moves) and #60 (66 moves, the hardest here)
def test_two_workers_find_the_optimum_one_finds(page, number):
    optimum = korf100()[number - 1][1]
    open_site(page, korf_link(number, workers=2))
    wait_workers(page, 2)
    assert len(solver_workers(page)) == 2
    length, seen = solve(page)
    assert length == optimum
    assert len(seen) > 3 and seen == sorted(seen)  # the nodes of both workers, added, never going back
    if number == 60:
        return  # one worker's answer is the published optimum already checked (15 s more of it)
    page.goto("about:blank")  # a new page load: the link's workers are read when the page starts
    open_site(page, korf_link(number, workers=1))
    wait_workers(page, 1)
    assert len(solver_workers(page)) == 1
    assert solve(page)[0] == optimum


@pytest.mark.slow
def test_cancel_stops_every_worker_and_the_pool_comes_back(page):
    open_site(page, korf_link(60, workers=2))
    wait_workers(page, 2)
    before = solver_workers(page)
    closed = []
    for w in before:
        w.on("close", lambda w: closed.append(w))
    page.get_by_role("button", name="Solve").click()
    page.wait_for_function("document.getElementById('status-figures').textContent.includes('nodes')", timeout=30_000)
    page.wait_for_timeout(3000)  # past the first second: the passes are split over both
    page.get_by_role("button", name="Cancel").click()
    wait_text(page, "[role=status]", "cancelled", timeout=5_000)
    for _ in range(100):  # a worker inside a long Python call takes a moment to stop
        if len(closed) == 2:
            break
        page.wait_for_timeout(100)
    assert len(closed) == 2
    wait_ready(page)
    wait_workers(page, 2)
    assert not set(solver_workers(page)) & set(before)
    page.evaluate(f"location.hash = '{korf_link(3)}'")
    page.wait_for_function("location.hash.includes('4x4:14,7,8,2')")
    assert solve(page)[0] == korf100()[2][1]


@pytest.mark.slow
def test_the_workers_option_resizes_the_pool(page):
    open_site(page, korf_link(3, workers=1))
    wait_workers(page, 1)
    assert page.locator("#workers").input_value() == "1"
    page.get_by_text("Solver options").click()
    page.locator("#workers").select_option("2")
    wait_workers(page, 2)
    assert len(solver_workers(page)) == 2
    page.locator("#workers").select_option("1")
    wait_workers(page, 1)
    assert solve(page)[0] == korf100()[2][1]


# A device as the page sees it: navigator.hardwareConcurrency and navigator.deviceMemory (GB;
# Chromium rounds it and says at most 8).
DEVICE = """Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => %d});
Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => %d});"""


@pytest.mark.parametrize(
    "device, viewport, expected",
    [
        ((8, 4), (390, 844), 2),  # a phone sold today: 8 cores, 4 GB
        ((8, 8), (1280, 720), 4),  # a laptop with 8 cores and 16 GB: no gain past 4 workers
        ((2, 8), (1280, 720), 1),  # two cores: one for the page
    ],
    ids=["phone-8-cores-4GB", "laptop-8-cores-16GB", "laptop-2-cores"],
)
def test_the_default_pool_follows_the_cores_and_the_memory(browser, site_url, device, viewport, expected):
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, bypass_csp=True, service_workers="block"
    )
    try:
        context.add_init_script(DEVICE % device)
        page = context.new_page()
        page.goto(site_url + korf_link(3))
        wait_ready(page)
        for _ in range(200):  # the helpers start once the first worker is ready
            if len(solver_workers(page)) >= expected:
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(500)
        assert len(solver_workers(page)) == expected
        assert page.locator("#workers").input_value() == ""  # the option says "Default"
    finally:
        context.close()


@pytest.mark.slow
def test_a_solve_pressed_while_the_helper_loads_is_split_and_the_helper_joins(page):
    open_site(page, korf_link(60, workers=2))  # wait_ready: the first worker, not the helper
    assert page.evaluate("document.documentElement.dataset.solverWorkers") == "1"
    optimum = korf100()[59][1]
    length, seen = solve(page)
    assert length == optimum
    assert seen == sorted(seen)
    assert page.evaluate("document.documentElement.dataset.solverWorkers") == "2"
