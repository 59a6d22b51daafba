"""The fixtures every test file shares, and the `browser` marker.

Helpers that are not fixtures live in support.py (vectors, breadth-first search, hypothesis
strategies, Node.js) and web_fixtures.py (the served site, Chromium, pages and what a
person reads on them).  Every test that opens the browser is marked `browser`
automatically, so ``pytest -m "not browser"`` runs the rest.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from support import SMALL_BOARDS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# The browser tests' fixtures, defined once here so every test file shares one Chromium
# (a second Playwright started in the same session fails).
from web_fixtures import browser, fresh_page, site_url  # noqa: F401  (fixtures)

from builder import codegen

# Node counts and answers are those of the standard databases, also on a machine where the
# stronger 4x4 one (half7, built on request) is in the cache; its tests ask for it.
os.environ.setdefault("NPUZZLE_DATABASES", "standard")

BROWSER_FIXTURES = {"browser", "site_url", "page", "zh"}


SLOW_SECONDS = 10.0  # a test that takes longer is marked `slow` (on two idle cores)


def pytest_terminal_summary(terminalreporter) -> None:
    """End the run with every test outside `slow` that took over SLOW_SECONDS (set-up, call
    and teardown together, from pytest's own reports): on an idle machine the list is
    empty, and a test that joins it belongs in `slow` or needs to be made quicker."""
    seconds: dict[str, float] = {}
    unmarked = set()
    for reports in terminalreporter.stats.values():
        for report in reports:
            if isinstance(report, pytest.TestReport):
                seconds[report.nodeid] = seconds.get(report.nodeid, 0.0) + report.duration
                if "slow" not in report.keywords:
                    unmarked.add(report.nodeid)
    if not seconds:
        return
    over = sorted(((s, n) for n, s in seconds.items() if n in unmarked and s > SLOW_SECONDS), reverse=True)
    terminalreporter.section(f"tests outside `slow` over {SLOW_SECONDS:.0f} s")
    for took, nodeid in over:
        terminalreporter.write_line(f"{took:7.1f} s  {nodeid}")
    if not over:
        terminalreporter.write_line("none")


def pytest_collection_modifyitems(config, items) -> None:
    """Mark every test that uses the browser (through any of its fixtures) `browser`; over
    several processes (pytest-xdist), hand out the `slow` tests first, so that none starts
    last and keeps the run waiting on one process (the rest keep their order, which keeps
    each file's module fixtures to one set-up a process)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: each collects, in one order
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session", autouse=True)
def shared_module():
    """web/generated/shared.js, which builder/codegen.py writes from the package: the page's modules
    import it, and the Node tests run them from web/ with no site built."""
    return codegen.write_shared()


@pytest.fixture(scope="session")
def small_boards():
    """(goal, topology) pairs small enough for breadth-first search over every board."""
    return SMALL_BOARDS


@pytest.fixture
def page(request, browser, site_url):
    """A fresh page of the site in English (``@pytest.mark.parametrize("page", ["zh"],
    indirect=True)`` for a browser whose language is Chinese).  It records the URLs it asks
    for in page.requested; the test fails if the page logs an error or throws."""
    yield from fresh_page(browser, site_url, getattr(request, "param", "en"))


@pytest.fixture
def zh(browser, site_url):
    """The page in a browser whose language is Chinese (zh-CN)."""
    yield from fresh_page(browser, site_url, "zh")
