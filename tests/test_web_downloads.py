"""A first visit downloads each runtime file once: the solver's worker, the coach's, the
service worker's install and the lab's workers share one download (web/solver/worker.js fetchOnce).

Counted where it matters, at the server: a request the service worker or the browser's
cache answers never reaches it.  The site is served under /npuzzle/ as in test_web.py.
"""

from __future__ import annotations

import http.server
import re
import threading
from collections import Counter
from functools import partial

import pytest
from web_fixtures import BYPASS_CSP, DIST, PREFIX, READY, SubPathHandler, ensure_site, wait_ready

BOARD = "#id=4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"  # 15 moves: the solver fetches the 4x4 databases
# The files every worker needs to start (the wheel and the snapshot carry a hash in their path).
RUNTIME = re.compile(r"/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json|python\.snapshot\.gz|[^/]+\.whl)$")


class CountingHandler(SubPathHandler):
    """The test site's handler, noting the path of every request that reaches it."""

    paths: list[str] = []

    def send_head(self):
        self.paths.append(self.path.split("?", 1)[0])
        return super().send_head()


@pytest.fixture(scope="module")
def counted_site():
    """The site on a server of its own, and the list of paths it was asked for."""
    ensure_site()
    paths: list[str] = []
    handler = type("Handler", (CountingHandler,), {"paths": paths})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(DIST)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}", paths
    server.shutdown()


def runtime_requests(paths: list[str]) -> Counter:
    return Counter(RUNTIME.search(p).group(1) for p in paths if RUNTIME.search(p))


def test_a_first_visit_downloads_each_runtime_file_once_and_the_lab_none(browser, counted_site):
    url, paths = counted_site
    context = browser.new_context(**BYPASS_CSP)
    page = context.new_page()
    page.goto(url + BOARD)
    wait_ready(page)
    started = runtime_requests(paths)
    wheel = "npuzzle-0.1.0-py3-none-any.whl"
    assert {wheel, "pyodide-lock.json", "pyodide.asm.wasm", "python.snapshot.gz", "python_stdlib.zip"} <= set(started)
    assert set(started.values()) == {1}, started
    # the service worker's install (once the solver is ready)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY)
    page.get_by_role("button", name="Solve").click()  # fetches the 4x4 databases
    page.get_by_role("status").filter(has_text=re.compile("15 moves")).wait_for(timeout=READY)
    # and micropip's wheels, which the service worker keeps for a start without the snapshot
    stored = runtime_requests(paths)
    assert stored == {**started, "micropip-0.11.1-py3-none-any.whl": 1, "packaging-26.1-py3-none-any.whl": 1}
    page.locator("#lab-box > summary").click()
    page.locator("#lab-status").filter(has_text="Lab ready").wait_for(timeout=READY)
    page.get_by_role("button", name="Run comparison").click()
    page.locator("#lab-status").filter(has_text=re.compile(r"^Compared")).wait_for(timeout=READY)
    assert runtime_requests(paths) == stored
    databases = Counter(p for p in paths if "/pdb/" in p)
    assert databases and set(databases.values()) == {1}, databases
    context.close()


def test_a_second_visit_asks_the_server_for_no_runtime_file(browser, counted_site):
    url, paths = counted_site
    context = browser.new_context(**BYPASS_CSP)
    page = context.new_page()
    page.goto(url + BOARD)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY)
    page.close()
    before = len(paths)
    page = context.new_page()
    page.goto(url + BOARD)
    wait_ready(page)
    assert runtime_requests(paths[before:]) == Counter()
    context.close()
