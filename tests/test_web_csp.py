"""The page's Content-Security-Policy: the page runs whole under it, and nothing breaks it.

The policy is a <meta> in index.html (a static host such as GitHub Pages sends no
headers).  The browser test serves the site with the same policy as a header on every
file too, as a host that can set headers would: then the workers run under it as well
(a worker gets its policy from its own response, never from the page's <meta>), so
Pyodide's WebAssembly, micropip's install, the databases' fetch and the offline service
worker are all checked against it.  A person's path through the page: the solver loads,
Solve answers a 4x4, the lab compares and Chart.js draws; no violation may be reported,
neither as a `securitypolicyviolation` event in the page nor as a console message from
the page or a worker.
"""

from __future__ import annotations

import html.parser
import http.server
import re
import threading
from functools import partial

import pytest
from web_fixtures import DIST, ROOT, SubPathHandler, closed_clean, ensure_site, watched_page

from npuzzle import api
from npuzzle.rules.board import apply_moves
from npuzzle.rules.notation import parse_problem

READY = 90_000  # ms: a cold start of Pyodide on a slow 2-core machine
LAB_READY = 120_000  # the lab starts its own Pyodide, beside the game's
BOARD = "4x4:1,2,4,7,10,14,3,8,5,11,0,6,9,13,15,12"  # 18 moves; the solver uses the 4x4's databases

# Recorded in every page before its own scripts run: each violation the page reports.
LISTEN = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
  {directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample}));
"""


class _MetaReader(html.parser.HTMLParser):
    """The policy of index.html's <meta http-equiv>, and its scripts (src or inline)."""

    def __init__(self):
        super().__init__()
        self.policy, self.scripts, self.inline = None, [], []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.policy = attrs["content"]
        if tag == "script":
            self.scripts.append(attrs)
            self._in_script = True
        self.inline += [name for name in attrs if name.startswith("on")]  # onclick= and the like

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append(data.strip()[:40])


def read_page(path=ROOT / "web" / "index.html") -> _MetaReader:
    reader = _MetaReader()
    reader.feed(path.read_text())
    return reader


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_the_page_has_a_strict_policy_and_no_inline_script():
    page = read_page()
    assert page.policy, "index.html has no Content-Security-Policy <meta>"
    policy = directives(page.policy)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert "'unsafe-inline'" not in policy["style-src"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert not any(
        "*" in source or source.startswith(("http:", "https:")) for sources in policy.values() for source in sources
    ), "only the site's own files"
    # every script is a file of the site's, and no element has an inline handler
    assert page.scripts and all(s.get("src") for s in page.scripts), page.scripts
    assert page.inline == []
    # the first script is classic and synchronous: it runs before the first paint
    assert page.scripts[0] == {"src": "first_paint.js"}


def policy_server(policy: str):
    """The built site under /npuzzle/ as web_fixtures serves it, every response carrying
    the policy as a header too."""

    class Handler(SubPathHandler):
        def end_headers(self):
            self.send_header("Content-Security-Policy", policy)
            super().end_headers()

    ensure_site()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(DIST)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/npuzzle/"


@pytest.fixture
def strict_page(browser):  # (browser: conftest.py)
    """A watched page (web_fixtures) on the site served with its policy as a header too,
    not bypassing the policy (as web_fixtures' pages do), noting the violations reported in the page (window.cspViolations) and every console
    message about the policy, from the page and its workers (page.csp_messages)."""
    policy = read_page(DIST / "index.html").policy
    server, url = policy_server(policy)
    page = watched_page(browser, url, bypass_csp=False, service_workers="allow")
    page.context.add_init_script(LISTEN)
    page.csp_messages = []
    page.context.on(
        "console",
        lambda m: (
            page.csp_messages.append(m.text)
            if "Content Security Policy" in m.text or "Content-Security-Policy" in m.text
            else None
        ),
    )
    yield page
    server.shutdown()


def wait_for_text(page, selector: str, pattern: str, timeout: int):
    page.locator(selector).filter(has_text=re.compile(pattern, re.I)).wait_for(timeout=timeout)


def test_the_solver_and_the_lab_work_under_the_policy(strict_page):
    page = strict_page
    page.goto(page.site_url + f"#id={BOARD}")
    wait_for_text(page, "[role=status]", "ready", READY)
    page.get_by_role("button", name="Solve").and_(page.locator(":enabled")).wait_for(timeout=READY)

    # Solve, and the answer as a person reads it
    page.get_by_role("button", name="Solve").click()
    wait_for_text(page, "[role=status]", r"solution: \d+ moves", 180_000)
    optimal = api.solve(BOARD)["length"]
    assert f"{optimal} moves, the shortest possible" in page.get_by_role("status").inner_text()
    moves = page.locator("#solution-moves").inner_text()
    problem = parse_problem(BOARD)
    assert len(moves) == optimal and apply_moves(problem.start, moves, problem.topology) == problem.goal

    # the lab: its own worker, a comparison, and Chart.js's charts
    page.locator("#lab-box > summary").click()
    wait_for_text(page, "#lab-status", r"^Lab ready", LAB_READY)
    page.get_by_role("button", name="Run comparison").click()
    wait_for_text(page, "#lab-status", r"^Compared 4 runs", 180_000)
    page.locator("#lab-charts").wait_for()
    for canvas in ("#lab-chart-nodes", "#lab-chart-passes"):
        box = page.locator(canvas).bounding_box()
        assert box["width"] > 100 and box["height"] > 100
    assert "A* / Manhattan distance" in page.locator("#lab-chart-nodes").get_attribute("aria-label")  # names, not ids

    # the offline service worker registered and took charge of its scope
    assert page.evaluate("""() => Promise.race([navigator.serviceWorker.ready.then((r) => !!r.active),
                                                new Promise((ok) => setTimeout(() => ok(false), 30000))])""")

    assert page.evaluate("window.cspViolations") == []
    assert page.csp_messages == []
    closed_clean(page)


def test_a_violation_would_be_seen(strict_page):
    """The listeners above catch what the policy blocks: an inline script is refused."""
    page = strict_page
    page.goto(page.site_url)
    page.evaluate("""() => new Promise((done) => {
        document.addEventListener("securitypolicyviolation", done, { once: true });
        const s = document.createElement("script");
        s.textContent = "window.ran = true";
        document.head.append(s);
    })""")
    assert page.evaluate("window.ran") is None
    assert page.evaluate("window.cspViolations[0].directive") == "script-src-elem"
    assert any("inline script" in m for m in page.csp_messages)
    page.context.close()
