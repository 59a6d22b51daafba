"""Fixtures for the browser tests: the built site served under a sub-path, and Chromium.

The site is served at http://127.0.0.1:PORT/npuzzle/ and every other path is a 404, as on
a GitHub project page, so an absolute URL anywhere in the site breaks a test.
"""

from __future__ import annotations

import http.server
import os
import shutil
import sys
import threading
from functools import partial
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PREFIX = "/npuzzle/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ under PREFIX only; counts the bytes it sends."""

    bytes_sent = 0

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(PREFIX):
            return str(DIST / "__outside_the_site__")
        return super().translate_path("/" + path[len(PREFIX):])

    def send_head(self):
        path = self.path.split("?", 1)[0]
        if not path.startswith(PREFIX) and path != PREFIX.rstrip("/"):
            self.send_error(404, "outside the site's sub-path")
            return None
        return super().send_head()

    def copyfile(self, source, outputfile):
        before = source.tell()
        super().copyfile(source, outputfile)
        type(self).bytes_sent += source.tell() - before

    def log_message(self, format, *args):  # keep test output quiet
        pass


def ensure_site() -> Path:
    """dist/, built by build.py unless `build.py test` just did it."""
    if not os.environ.get("NPUZZLE_SITE_BUILT") or not (DIST / "index.html").exists():
        sys.path.insert(0, str(ROOT))
        import build  # noqa: PLC0415  (the repo's build script)

        build.build()
    return DIST


def start_server() -> tuple[http.server.ThreadingHTTPServer, str]:
    ensure_site()
    handler = partial(SubPathHandler, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def chromium_path() -> str | None:
    return os.environ.get("NPUZZLE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


# Playwright's wait_for_function compiles its predicate in the page, which the page's
# Content-Security-Policy forbids (no 'unsafe-eval'): the tests' contexts bypass it, but
# tests/test_web_csp.py's, which checks the page under its policy.
BYPASS_CSP = {"bypass_csp": True}


def watched_page(browser, site_url: str, **context_options):
    """A page in a context of its own that notes every error it logs or throws in
    page.problems (the test checks them: closed_clean); page.site_url is the site."""
    context = browser.new_context(**{"viewport": {"width": 1000, "height": 900}, **BYPASS_CSP, **context_options})
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: page.problems.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.site_url = site_url
    return page


def closed_clean(page) -> None:
    """Close a watched page's context; the test fails if the page logged or threw an error."""
    page.context.close()
    assert page.problems == []


@pytest.fixture(scope="session")
def site_url():
    server, url = start_server()
    yield url
    server.shutdown()


# One Playwright and one Chromium for the whole session, however many test modules import
# the fixture (each import is a fixture of its own to pytest, and a second sync_playwright
# cannot start while the first runs).
_shared: dict = {"users": 0}


@pytest.fixture(scope="session")
def browser():
    executable = chromium_path()
    if executable is None:
        message = "the browser tests need a `chromium` binary (python3 build.py test installs one)"
        if os.environ.get("NPUZZLE_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    if not _shared["users"]:
        _shared["playwright"] = sync_playwright().start()
        _shared["browser"] = _shared["playwright"].chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    _shared["users"] += 1
    yield _shared["browser"]
    _shared["users"] -= 1
    if not _shared["users"]:
        _shared.pop("browser").close()
        _shared.pop("playwright").stop()
