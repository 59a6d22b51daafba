"""What a visit downloads: this work tree's site against a git revision's, over a server
that answers as GitHub Pages does.

    .venv/bin/python bench.py downloads --against main [--workers N] [--seconds 10] [--paths]

Builds the revision's site in a temporary git worktree (sharing this tree's download
cache) and serves both sites with GitHub Pages' headers: `Cache-Control: max-age=600`, an
ETag and Last-Modified (a conditional request gets 304), and gzip for the types Pages
compresses (text, JavaScript, JSON, SVG and WebAssembly; not zip, gzip, wheels or the
databases).  Each site is visited in a new Chromium profile and in a private window
(Playwright's new context: its HTTP cache in memory), a 4x4 board's link, counting:

- the first visit until the solver is ready, in its first --seconds, and until the service
  worker controls the page (its install done: the site works offline);
- then the lab opened, until it is ready;
- a second visit (the page closed and opened again in the same profile), until the solver
  is ready and in its first --seconds.

Counts what reached the server (a request the service worker or the browser's cache
answers never does): requests, bytes sent (gzipped where gzipped; a download the browser
drops counts what was sent) and bytes uncompressed, and every file sent more than once.
--no-gzip serves every file as it is (a host that compresses nothing).
--workers N asks for a pool of N workers (&workers=N; the page's default is the cores but
one, at most 4).  Prints a table per visit, then the two sites side by side.  Numbers, not
pass/fail.  Uses dist/ as it is: run `python3 build.py build` first.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import http.server
import io
import json
import mimetypes
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import web_fixtures as wf  # noqa: E402

BOARD = "#id=4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14"  # 15 moves: the 4x4 databases
# GitHub Pages gzips text, scripts, JSON, SVG and WebAssembly (files already compressed,
# and binary types it does not know, are sent as they are)
GZIPPED = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".txt", ".md", ".map", ".wasm"}
MB = 1e6
EXTRA = [""]  # added to the link (--workers)


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """dist/ under wf.PREFIX with GitHub Pages' headers; every request noted in `log` as
    [seconds, path, status, bytes sent, bytes uncompressed]."""

    log: list[list] = []
    lock = threading.Lock()
    packed: dict[Path, bytes] = {}  # gzipped bodies, made once
    gzip = True  # False: a server that compresses nothing (--no-gzip)

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(wf.PREFIX):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(wf.PREFIX) :])

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder
            path = path / "index.html"
        entry = [time.perf_counter(), self.path.split("?")[0], 0, 0, 0]
        with self.lock:
            self.log.append(entry)
        if not path.is_file():
            entry[2] = 404
            self.send_error(404)
            return None
        stat = path.stat()
        etag = f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == etag or (
            "If-None-Match" not in self.headers
            and self.headers.get("If-Modified-Since")
            and email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"]).timestamp() >= int(stat.st_mtime)
        ):
            entry[2] = 304
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            return None
        body = path.read_bytes()
        entry[4] = len(body)
        zipped = self.gzip and path.suffix in GZIPPED and "gzip" in self.headers.get("Accept-Encoding", "")
        if zipped:
            with self.lock:
                if path not in self.packed:
                    self.packed[path] = gzip.compress(body, 6)
                body = self.packed[path]
        entry[2] = 200
        self.send_response(200)
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix in (".mjs", ".js"):
            kind = "text/javascript"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Vary", "Accept-Encoding")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.entry = entry
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        """Counts what was sent: a download the browser drops (the worker's snapshot on a slow
        network) counts the bytes sent before it did, uncompressed in proportion."""
        total, raw = len(source.getbuffer()), self.entry[4]
        try:
            super().copyfile(source, outputfile)
        finally:
            self.entry[3] = source.tell()
            self.entry[4] = round(raw * source.tell() / total) if total else 0

    def log_message(self, format, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A download the browser drops (a worker terminated, a page closed) is no error here."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str, list]:
    log: list[list] = []
    handler = type("Handler", (PagesHandler,), {"log": log})
    server = QuietServer(("127.0.0.1", 0), partial(handler, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{wf.PREFIX}", log


def phase(log: list, start: float, end: float) -> dict:
    """The requests that started between start and end: their count, bytes, and the files
    sent (status 200) more than once."""
    rows = [r for r in list(log) if start <= r[0] < end]
    sent = Counter(Path(r[1]).name or "index.html" for r in rows if r[2] == 200)
    return {
        "requests": len(rows),
        "sent": sum(r[3] for r in rows) / MB,
        "raw": sum(r[4] for r in rows) / MB,
        "twice": {name: n for name, n in sent.items() if n > 1},
        "paths": sorted(Counter(r[1] for r in rows).items()),
    }


def ready(page, timeout: float = 180_000) -> None:
    page.wait_for_function("document.documentElement.dataset.solverTimings", timeout=timeout)


def visit(context, url: str, seconds: float, log: list) -> tuple[dict, dict, dict, object]:
    """Open the page: what it downloaded until the solver is ready, in its first `seconds`,
    and until the service worker controls it (its install done)."""
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url + BOARD + EXTRA[0])
    ready(page)
    t_ready = time.perf_counter()
    snapshot = json.loads(page.evaluate("document.documentElement.dataset.solverTimings")).get("snapshot")
    page.wait_for_timeout(max(0.0, t0 + seconds - t_ready) * 1000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.wait_for_timeout(1000)
    window = phase(log, t0, t0 + seconds)
    return {**phase(log, t0, t_ready), "snapshot": snapshot}, window, phase(log, t0, time.perf_counter()), page


def measure(p, browser, private: bool, url: str, log: list, seconds: float) -> dict:
    """The visits in a fresh profile (a persistent one, or a private window's)."""
    profile = tempfile.TemporaryDirectory()
    if private:
        context = browser.new_context(**wf.BYPASS_CSP)
    else:
        context = p.chromium.launch_persistent_context(
            profile.name, **wf.BYPASS_CSP, executable_path=wf.chromium_path(), args=wf.CHROMIUM_ARGS
        )
    try:
        first_ready, first_window, first_all, page = visit(context, url, seconds, log)
        t0 = time.perf_counter()
        page.locator("#lab-box > summary").click()
        page.locator("#lab-status").filter(has_text="Lab ready").wait_for(timeout=180_000)
        lab = phase(log, t0, time.perf_counter())
        page.close()
        time.sleep(1)
        second_ready, second_window, _, page = visit(context, url, seconds, log)
        page.close()
    finally:
        context.close()
        profile.cleanup()
    return {
        "first visit, until ready": first_ready,
        f"first visit, first {seconds:g} s": first_window,
        "first visit, until offline-ready": first_all,
        "then the lab opened": lab,
        "second visit, until ready": second_ready,
        f"second visit, first {seconds:g} s": second_window,
    }


def show(name: str, rows: dict) -> None:
    print(f"\n{name}")
    print(f"  {'':<32} {'requests':>8} {'sent MB':>8} {'raw MB':>8}  files sent more than once")
    for label, r in rows.items():
        twice = ", ".join(f"{k} x{v}" for k, v in sorted(r["twice"].items())) or "-"
        print(f"  {label:<32} {r['requests']:>8} {r['sent']:>8.2f} {r['raw']:>8.2f}  {twice}")
        if "snapshot" in r and r["snapshot"] != "used":
            print(f"  {'':<32} (the solver's snapshot: {r.get('snapshot')})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with (e.g. main)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=10.0, help="the first visit's window (default 10)")
    parser.add_argument(
        "--workers", type=int, default=None, help="the pool's workers (&workers=N; default: the page's own choice)"
    )
    parser.add_argument("--no-gzip", action="store_true", help="a server that compresses nothing")
    parser.add_argument("--paths", action="store_true", help="also list every path requested, by phase")
    args = parser.parse_args(argv)
    EXTRA[0] = f"&workers={args.workers}" if args.workers else ""
    PagesHandler.gzip = not args.no_gzip
    from playwright.sync_api import sync_playwright

    revision = subprocess.run(
        ["git", "rev-parse", "--short", args.against], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(old_tree), revision], cwd=ROOT, check=True)
        try:
            (old_tree / ".cache").symlink_to(ROOT / ".cache")
            subprocess.run([sys.executable, "build.py", "build"], cwd=old_tree, check=True, capture_output=True)
            sites = {revision: serve(old_tree / "dist"), "work tree": serve(wf.DIST)}
            results: dict[tuple[str, bool], list[dict]] = {}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=wf.chromium_path(), args=wf.CHROMIUM_ARGS)
                for run in range(args.runs):
                    for private in (False, True):
                        for name in list(sites) if run % 2 == 0 else list(sites)[::-1]:
                            _, url, log = sites[name]
                            rows = measure(p, browser, private, url, log, args.seconds)
                            results.setdefault((name, private), []).append(rows)
                            show(f"{name}, {'a private window' if private else 'a new profile'}, run {run + 1}", rows)
                            if args.paths:
                                for label, r in rows.items():
                                    print(f"    {label}: " + ", ".join(f"{k} x{v}" for k, v in r["paths"]))
                browser.close()
            for private in (False, True):
                print(
                    f"\n{'a private window' if private else 'a new profile'}, run 1 "
                    f"(requests / MB sent / MB uncompressed): {revision} -> work tree"
                )
                old_rows, new_rows = results[(revision, private)][0], results[("work tree", private)][0]
                for label in old_rows:
                    old, new = old_rows[label], new_rows[label]
                    print(
                        f"  {label:<32} {old['requests']:>3} / {old['sent']:6.2f} / {old['raw']:6.2f}  ->  "
                        f"{new['requests']:>3} / {new['sent']:6.2f} / {new['raw']:6.2f}"
                    )
            for server, _, _ in sites.values():
                server.shutdown()
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, check=False)
    return 0
