"""The browser tests' fixtures and helpers: the built site served under a sub-path, Chromium,
fresh pages, and what a person sees and does on them (open a link, read the board and the
status, find a tile as a screen reader names it).

The site is served at http://127.0.0.1:PORT/npuzzle/ and every other path is a 404, as on
a GitHub project page, so an absolute URL anywhere in the site breaks a test.
"""

from __future__ import annotations

import csv
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path

import pytest
from support import shortest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PREFIX = "/npuzzle/"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ under PREFIX only; counts the bytes it sends."""

    bytes_sent = 0

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(PREFIX):
            return str(DIST / "__outside_the_site__")
        return super().translate_path("/" + path[len(PREFIX) :])

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
    """dist/, built by `python3 build.py` unless `build.py test` just did it."""
    if not os.environ.get("NPUZZLE_SITE_BUILT") or not (DIST / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    return DIST


def site_server() -> http.server.ThreadingHTTPServer:
    """dist/ under PREFIX on a free port of 127.0.0.1, not yet serving."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(SubPathHandler, directory=str(DIST)))
    server.daemon_threads = True
    return server


def start_server() -> tuple[http.server.ThreadingHTTPServer, str]:
    """The site served by a thread of this process (the benchmarks count its bytes)."""
    ensure_site()
    server = site_server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def chromium_path() -> str | None:
    return os.environ.get("NPUZZLE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


# Playwright's wait_for_function compiles its predicate in the page, which the page's
# Content-Security-Policy forbids (no 'unsafe-eval'): the tests' contexts bypass it, but
# tests/test_web_csp.py's, which checks the page under its policy.
BYPASS_CSP = {"bypass_csp": True}


# A watched page's context: the service worker blocked, since it stores the whole site
# (about 20 MB) on a first visit, which every test's fresh context is; the tests of working
# offline and of the first visit's downloads allow it (service_workers="allow").
WATCHED = {"viewport": {"width": 1000, "height": 900}, "service_workers": "block", **BYPASS_CSP}


def watched_page(browser, site_url: str, **context_options):
    """A page in a context of its own that notes every error it logs or throws in
    page.problems (the test checks them: closed_clean); page.site_url is the site."""
    return _watched(browser.new_context(**{**WATCHED, **context_options}).new_page(), site_url)


def _watched(page, site_url: str):
    """The page noting every error it logs or throws in page.problems; page.site_url the site."""
    page.problems = []
    page.on("console", lambda m: page.problems.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.site_url = site_url
    return page


def closed_clean(page) -> None:
    """Close a watched page's context; the test fails if the page logged or threw an error."""
    page.context.close()
    assert page.problems == []


def serve_apart() -> tuple[subprocess.Popen, str]:
    """The site served by a Python process of its own (this file run as a script): its
    threads then never wait for the test's interpreter lock, which Playwright's client and
    the test's own work hold."""
    ensure_site()
    server = subprocess.Popen([sys.executable, __file__], stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    return server, f"http://127.0.0.1:{port}{PREFIX}"


@pytest.fixture(scope="session")
def site_url():
    server, url = serve_apart()
    yield url
    server.terminate()
    server.wait()


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
    from playwright.sync_api import sync_playwright

    if not _shared["users"]:
        _shared["playwright"] = sync_playwright().start()
        _shared["browser"] = _shared["playwright"].chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    _shared["users"] += 1
    yield _shared["browser"]
    _shared["users"] -= 1
    if not _shared["users"]:
        _shared.pop("browser").close()
        _shared.pop("playwright").stop()


def profile_page(browser, site_url: str, folder, **context_options):
    """A watched page in a browser profile of its own on disk (a person's browser: a fresh
    context keeps Cache Storage in memory, with a small quota, so it cannot keep big files);
    `browser` (the fixture) keeps Playwright running.  Closed by closed_clean."""
    context = _shared["playwright"].chromium.launch_persistent_context(
        str(folder), executable_path=chromium_path(), args=CHROMIUM_ARGS, **{**WATCHED, **context_options}
    )
    return _watched(context.pages[0] if context.pages else context.new_page(), site_url)


def fresh_page(browser, site_url: str, lang: str = "en"):
    """The page fixtures' body: a watched page (in a browser whose language is Chinese for
    "zh") recording the URLs it asks for in page.requested; closed clean after the test."""
    page = watched_page(browser, site_url, **({"locale": "zh-CN"} if lang == "zh" else {}))
    page.requested = []
    page.on("request", lambda r: page.requested.append(r.url))
    yield page
    closed_clean(page)


# ---------------------------------------------------------------- what a person sees and does

PHONE = {"width": 390, "height": 844}  # the sizes the players' tests run at, each in both languages
LAPTOP = {"width": 1366, "height": 768}
TOUCH = {"has_touch": True, "is_mobile": True}  # a phone's context: a touch screen
SEEDS = json.loads((ROOT / "tests" / "data" / "seed_cases.json").read_text())["cases"]
READY = 90_000  # ms: a cold start of Pyodide on a slow 2-core machine


def board_id(case: dict, key: str = "start") -> str:
    return f"{case['width']}x{case['height']}:" + ",".join(map(str, case[key]))


def case_link(case: dict) -> str:
    link = f"#id={board_id(case)}"
    if case["goal"] != list(range(1, case["width"] * case["height"])) + [0]:
        link += f"&goal={board_id(case, 'goal')}"
    wrap = ",".join([f"r{r}" for r in case["wrap_rows"]] + [f"c{c}" for c in case["wrap_cols"]])
    return link + (f"&wrap={wrap}" if wrap else "")


def open_site(page, hash_: str = "", ready: bool = True):
    page.goto(page.site_url + hash_)
    if ready:
        wait_ready(page)


def wait_ready(page):
    page.get_by_role("status").filter(has_text=re.compile("ready|unsolvable|solution", re.I)).wait_for(timeout=READY)
    page.get_by_role("button", name="Solve", exact=True).and_(page.locator(":enabled")).wait_for(timeout=READY)


def status(page) -> str:
    return page.get_by_role("status").inner_text()


def shown_board(page) -> str:
    """The board on screen as an ID, read from where the tile buttons are drawn."""
    return page.evaluate("""() => {
        const board = document.getElementById('board');
        const w = Number(board.style.getPropertyValue('--w')), h = Number(board.style.getPropertyValue('--h'));
        const tiles = new Array(w * h).fill(0);
        for (const b of board.querySelectorAll('button.tile')) tiles[Number(b.dataset.cell)] = Number(b.textContent);
        return `${w}x${h}:${tiles.join(',')}`;
    }""")


def tile(page, number: int):
    """The tile with this number, found as a screen reader names it ("7, row 2, column 3",
    then whether it is home and which way it can move)."""
    return page.get_by_role("button", name=re.compile(rf"^{number}, row \d+, column \d+(, home)?(, can move \w+)?$"))


def moves_shown(page) -> int:
    return int(page.locator("#move-count").inner_text())


def wait_text(page, selector: str, pattern: str, timeout: int = 60_000):
    page.locator(selector).filter(has_text=re.compile(pattern, re.I)).wait_for(timeout=timeout)


def import_as_new(page, path, said: str) -> None:
    """A sessions file imported into new sessions, as a person picks "a new session" under
    "Import into" and chooses the file; waits for the session panel to say `said` (a pattern)."""
    page.get_by_label("Import into").select_option(label="a new session")
    page.set_input_files("#session-file", path)
    wait_text(page, "#session-status", said, timeout=5000)


def record_status(page) -> None:
    """Keep every text the status line shows in window.statusLog, and its Details (the engine's
    figures while a search runs) in window.figuresLog (progress lines pass fast)."""
    page.evaluate("""() => {
        window.statusLog = [];
        window.figuresLog = [];
        const keep = (id, log) => new MutationObserver(() => log.push(document.getElementById(id).textContent))
            .observe(document.getElementById(id), {childList: true, characterData: true, subtree: true});
        keep('status', window.statusLog);
        keep('status-figures', window.figuresLog);
    }""")


# The board's tiles and buttons as laid out: overlaps, labels that spill, the buttons' bottoms.
MEASURE = """() => {
  const tiles = [...document.querySelectorAll('#board button.tile')];
  const boxes = tiles.map(t => t.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) overlaps++;
  }
  // a label fits when its text box lies inside the tile's box
  const spills = tiles.filter(t => {
    const range = document.createRange();
    range.selectNodeContents(t);
    const text = range.getBoundingClientRect(), box = t.getBoundingClientRect();
    return t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight || text.left < box.left - 0.5
      || text.right > box.right + 0.5 || text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5;
  }).length;
  const board = document.getElementById('board').getBoundingClientRect();
  const bottom = id => document.getElementById(id).getBoundingClientRect().bottom + scrollY;
  return {tiles: tiles.length, overlaps, spills, cell: boxes[0].width,
          boardLeft: board.left, boardRight: board.right, innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
          buttons: Object.fromEntries(['shuffle', 'undo', 'solve', 'hint'].map(id => [id, bottom(id)]))};
}"""


# Words that may stand in English on the Chinese page (names, notation, IDs and moves).
NAMES = re.compile(
    r"IDA\*|A\*|npuzzle|Python|Pyodide|Web Worker|Worker|Markdown|CSV|numpy|English|MB|w = |"
    r"\b[0-9]+x[0-9]+\b|[0-9]+x[0-9]+:[0-9,]+|\b[UDLR]+\b|r[0-9]+,c[0-9]+|\ball\b|astar|idastar|compare|step"
)


def visible_texts(page) -> list[str]:
    """The page's visible texts, its aria-labels and titles, and its title; the language
    switch left out (each language's button is named in its own words)."""
    return page.evaluate("""() => {
        const out = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!el || !node.textContent.trim() || el.closest('script, style, [hidden], textarea, .language')) continue;
            if (!el.checkVisibility || !el.checkVisibility()) continue;
            out.push(node.textContent);
        }
        for (const el of document.querySelectorAll('[aria-label], [title]')) {
            if (el.closest('[hidden], .language')) continue;
            for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
        }
        out.push(document.title);
        return out;
    }""")


def english_runs(page) -> list[str]:
    """Visible text with three or more English words in a row (names, IDs and moves aside)."""
    texts = visible_texts(page)
    runs = []
    for text in texts:
        for run in re.findall(r"[A-Za-z'’-]+(?:[ ,]+[A-Za-z'’-]+){2,}", NAMES.sub(" # ", text)):
            runs.append(f"{run!r} in {text!r}")
    return runs


def axe_violations(page, within: str | None = None) -> list[dict]:
    """axe-core's violations on the page as it is, or in the part of it that the CSS
    selector `within` names (axe-core is pinned and fetched by the build, which names its
    script in $NPUZZLE_AXE)."""
    script = os.environ.get("NPUZZLE_AXE")
    if not script:
        pytest.fail("the accessibility tests need axe-core: run them with python3 build.py test")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=script)
    return page.evaluate(
        """async (within) => {
        const r = await axe.run(within ? {include: [within]} : document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
    }""",
        within,
    )


if __name__ == "__main__":  # serve_apart's server: prints its port, then serves until ended
    _server = site_server()
    print(_server.server_address[1], flush=True)
    _server.serve_forever()


# ---------------------------------------------------------------- the study lab

SEED003 = next(c for c in SEEDS if c["width"] == 3)  # the 8-puzzle of the course reports' seed 003
LAB_READY = 120_000  # ms: the lab starts its own Pyodide, beside the game's


def lab_status(page, pattern: str, timeout: int = LAB_READY):
    page.locator("#lab-status").filter(has_text=re.compile(pattern, re.I)).wait_for(timeout=timeout)


def table_rows(page) -> list[dict]:
    """The comparison table as dicts, column name (data-column) to the text shown."""
    return page.evaluate("""() => [...document.querySelectorAll('#lab-table tbody tr')].map((tr) =>
        Object.fromEntries([...tr.children].map((c) => [c.dataset.column, c.textContent])))""")


def without_seconds(text: str) -> list[list[str]]:
    """A comparison's CSV as rows, its seconds column (each run's wall time) left out."""
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index("seconds")
    return [r[:at] + r[at + 1 :] for r in rows]


def cli_csv(*args: str) -> str:
    """What `npuzzle compare ARGS --csv` prints."""
    return npuzzle_prints("compare", *args, "--csv")


def npuzzle_prints(*args: str) -> str:
    """What `npuzzle ARGS` prints (the command line beside the page)."""
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        cwd=ROOT,
    ).stdout


# ---------------------------------------------------------------- playing by keys, reading a session's list

KEY = {"U": "ArrowDown", "D": "ArrowUp", "L": "ArrowRight", "R": "ArrowLeft"}  # the key that moves the blank this way
TIME = r"\d:\d\d\.\d{3}"


def ms(text: str) -> int:
    """A time as the page shows it (m:ss.sss) in ms."""
    minutes, seconds = text.split(":")
    return int(minutes) * 60_000 + round(float(seconds) * 1000)


def dealt(page, width: int | None = None, height: int | None = None) -> str:
    """The board dealt, once it is on the screen off its goal (of that width and height, when given)."""
    page.wait_for_function(
        """([width, height]) => {
            const board = document.getElementById('board');
            const tiles = [...board.querySelectorAll('button.tile')];
            const solved = tiles.every((b) => Number(b.textContent) === Number(b.dataset.cell) + 1);
            const side = (name, n) => n === null || board.style.getPropertyValue(name) === String(n);
            return !solved && side('--w', width) && side('--h', height);
        }""",
        arg=[width, height],
        timeout=30_000,
    )
    return shown_board(page)


def play(page, moves: str):
    """The blank's moves played by the arrow keys, as a person plays them."""
    page.evaluate("document.activeElement?.blur()")  # as a person clicks beside the panel first
    for letter in moves:
        page.locator("body").press(KEY[letter])


def solve_shown(page) -> str:
    """The board on screen solved by keys along a shortest path; the moves played."""
    moves = shortest(shown_board(page))
    play(page, moves)
    return moves


def start_marathon(page, event: str) -> None:
    """On a laptop, a 2x2 at its goal, the event chosen, the session panel open, and Space
    pressed as a person presses it (off the panel): the event's first board is dealt."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, "#id=2x2:1,2,3,0")  # at its goal: the next board on the screen is the event's
    page.get_by_label("Event").select_option(label=event)
    page.locator("#session summary").click()
    page.evaluate("document.activeElement?.blur()")
    page.locator("body").press(" ")


def first_row(page) -> list[str]:
    """The session list's newest row as a person reads it (the mark's choice aside)."""
    return page.evaluate("""() => [...document.querySelector('#session-rows tr').cells].slice(0, -1)
        .map((td) => td.innerText.trim())""")
