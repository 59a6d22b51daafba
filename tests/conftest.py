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


def pytest_collection_modifyitems(items) -> None:
    """Mark every test that uses the browser (through any of its fixtures) `browser`."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def shared_module():
    """web/shared.js, which builder/codegen.py writes from the package: the page's modules
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
