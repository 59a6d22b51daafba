#!/usr/bin/env python3
"""Build, serve and test the npuzzle web app.  Standard library only.

    python3 build.py                 # build the static site into dist/
    python3 build.py serve [--port N]  # build, then serve dist/ and print the URL
    python3 build.py test [ARGS]     # set everything up, build, run pytest ARGS
    python3 build.py bench-web       # load and solve timings in headless Chromium
    python3 build.py screenshots     # the README's pictures of the page (docs/*.png)

The site is web/ plus a self-hosted Pyodide runtime (from the npm package), the micropip
and packaging wheels its lock file names (from PyPI), this project's own wheel, which
the worker installs with micropip, and Chart.js (from npm) for the study lab's charts.  Downloads are cached in .cache/, so a rebuild takes
about a second; the project wheel is rebuilt only when its sources change.  The values and
English texts the page shares with the package are written from the package into
web/shared.js (not kept in git; see write_shared), so each is defined once.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
# axe-core checks the page's accessibility in the browser tests (tests/test_web_layout.py);
# it is fetched for them only and is not part of the site.
AXE_VERSION = "4.14.1"
# The study lab's charts: Chart.js, pinned, self-hosted (vendor/).  Its UMD build is one
# file with no imports, so a plain ES module can load it; the licence goes with it.
CHART_VERSION = "4.6.1"
CHART_FILES = ("dist/chart.umd.min.js", "LICENSE.md")
# The wheels the Pyodide lock file names for micropip; served by the site, since the npm
# package holds none.  Versions must match the lock file's entries.
LOCK_WHEELS = {"micropip": "0.11.1", "packaging": "26.1"}
# The runtime files loadPyodide() fetches; the rest of the npm package (maps, typings,
# the classic-script build, consoles) is not needed by the site.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# What goes into the project wheel: the same sources the tests use.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "npuzzle")
# The sources that decide the pattern-database files' contents.
PDB_SOURCES = ("npuzzle/pdb/shapes.py", "npuzzle/pdb/store.py", "npuzzle/pdb/build.py", "npuzzle/topology.py")


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    subprocess.run(cmd, check=True, **kwargs)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------- downloads (cached)


def npm_package(name: str, version: str, marker: str) -> Path:
    """The unpacked npm package name@version, fetched once with `npm pack` into .cache/
    (`marker` is a file the unpacked package has)."""
    target = CACHE / f"{name}-{version}"
    if (target / marker).exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(f"build: npm is needed to fetch {name} (install Node.js and npm)")
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        log(f"fetching {name}@{version} from the npm registry")
        run([npm, "pack", f"{name}@{version}", "--pack-destination", tmp, "--silent"], stdout=subprocess.DEVNULL)
        (tarball,) = Path(tmp).glob("*.tgz")
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(tmp)
        shutil.rmtree(target, ignore_errors=True)
        Path(tmp, "package").rename(target)
    return target


def pyodide_package() -> Path:
    """The unpacked npm package pyodide@PYODIDE_VERSION."""
    return npm_package("pyodide", PYODIDE_VERSION, "pyodide-lock.json")


def axe_script() -> Path:
    """axe-core's browser script, for the tests only (never copied into dist/)."""
    return npm_package("axe-core", AXE_VERSION, "axe.min.js") / "axe.min.js"


def chart_package() -> Path:
    """The unpacked npm package chart.js@CHART_VERSION (the lab's charts)."""
    return npm_package("chart.js", CHART_VERSION, CHART_FILES[0])


def lock_wheels() -> dict[str, Path]:
    """micropip and packaging wheels from PyPI, for the Python of the pinned Pyodide."""
    folder = CACHE / "wheels"
    wanted = {name: folder / f"{name}-{version}-py3-none-any.whl" for name, version in LOCK_WHEELS.items()}
    missing = [f"{name}=={LOCK_WHEELS[name]}" for name, path in wanted.items() if not path.exists()]
    if missing:
        log(f"fetching {' '.join(missing)} from PyPI")
        folder.mkdir(parents=True, exist_ok=True)
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--no-deps",
                "-d",
                str(folder),
                *missing,
            ]
        )
    return wanted


def project_wheel() -> Path:
    """The npuzzle wheel, rebuilt with pip (flit_core from PyPI) when its sources change."""
    files = []
    for name in WHEEL_SOURCES:
        path = ROOT / name
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        elif path.exists():
            files.append(path)
    h = hashlib.sha256()
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    key = h.hexdigest()[:16]
    out = CACHE / "project-wheel" / key
    found = list(out.glob("*.whl"))
    if found:
        return found[0]
    log("building the npuzzle wheel")
    with tempfile.TemporaryDirectory() as tmp:
        # Build from a copy so pip leaves nothing in the work tree, and so a missing
        # README (flit wants one) does not stop the site from building.
        src = Path(tmp, "src")
        src.mkdir()
        for p in files:
            dest = src / p.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dest)
        if not (src / "README.md").exists():
            (src / "README.md").write_text("npuzzle\n")
        wheels = Path(tmp, "wheels")
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "-w",
                str(wheels),
                str(src),
            ]
        )
        (wheel,) = wheels.glob("npuzzle-*.whl")
        shutil.rmtree(out.parent, ignore_errors=True)  # keep only the newest build
        out.mkdir(parents=True)
        return Path(shutil.copy2(wheel, out / wheel.name))


def _site_pdb_folder() -> Path:
    h = hashlib.sha256()
    for name in PDB_SOURCES:
        h.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return CACHE / "site-pdb" / h.hexdigest()[:16]


def cached_databases() -> list[Path]:
    """The site's pattern-database files if they are written already, else []."""
    return sorted(_site_pdb_folder().glob("*.pdb"))


# Written by the child Python that builds the databases: one line a finished database,
# with the time so far and an estimate of the time left.
_DATABASE_SCRIPT = """
import sys, time
from npuzzle import pdb
t0 = time.perf_counter()
# a database's cost is about its table's size (16 MiB on 4x4, 32 MiB on 5x5)
cost = {name: 1 << pdb.cell_bits(side * side) * len(cells) for name, (side, cells) in pdb.SHAPES.items()}
built = []
def report(info):
    if "done" not in info:
        return
    built.append(info["database"])
    spent = time.perf_counter() - t0
    missing = sum(cost[n] for n in pdb.not_cached(list(cost)))
    done = sum(cost[n] for n in built)
    print(f"build: pattern database {info['database']} built ({info['done']} of {info['of']}; "
          f"{spent / 60:.1f} min so far, about {spent * missing / done / 60:.1f} min left)", flush=True)
pdb.write_databases(sys.argv[1], progress=report, processes=pdb.BUILD_PROCESSES)
"""


def pattern_databases() -> list[Path]:
    """The 4x4 and 5x5 pattern-database files (npuzzle.pdb.write_databases), kept in .cache/.

    They are written by this checkout's npuzzle, in a child Python, and come from the
    CLI's database cache when it has them (else they are built: minutes, with a line
    for each one finished).  Rewritten only when the sources that make them change.
    """
    out = _site_pdb_folder()
    found = sorted(out.glob("*.pdb"))
    if found:
        return found
    log("writing the pattern databases (building any not in the npuzzle cache: about 7 minutes on 2 cores)")
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    script = _DATABASE_SCRIPT
    # numpy builds a six-tile 4x4 database in 1-2 minutes and a five-tile 5x5 one in 2-3
    # (2.2 GB of memory each, two at a time; pure Python would take far longer): it is a
    # build-time tool, installed into .venv with the `build` extra.
    run([str(ensure_venv()), "-c", script, str(tmp)], cwd=ROOT)
    for old in out.parent.iterdir():  # keep only the newest
        if old != tmp:
            shutil.rmtree(old, ignore_errors=True)
    tmp.rename(out)
    return sorted(out.glob("*.pdb"))


# ---------------------------------------------------------------- the site


def build(with_databases: bool = True) -> Path:
    """Write the complete static site to dist/ and return its path.

    Without databases (``serve``'s first site on a fresh machine, while they are built)
    the manifest says ``"databases": "building"`` and the page solves without them."""
    package = pyodide_package()
    wheels = lock_wheels()
    wheel = project_wheel()
    databases = pattern_databases() if with_databases else cached_databases()

    write_shared()
    staging = CACHE / "dist.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns(".*", "*~"))
    first_paint(staging)

    chart = chart_package()
    vendor = staging / "vendor" / "chartjs"  # web/lab_charts.js loads it from here
    vendor.mkdir(parents=True)
    for name in CHART_FILES:
        shutil.copy2(chart / name, vendor / Path(name).name)

    runtime = staging / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(package / name, runtime / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    packages = {}
    for name, path in wheels.items():
        entry = lock["packages"][name]
        if entry["version"] != LOCK_WHEELS[name]:
            sys.exit(
                f"build: pyodide {PYODIDE_VERSION} locks {name} {entry['version']}, "
                f"but build.py pins {LOCK_WHEELS[name]}"
            )
        entry.update(file_name=path.name, sha256=sha256(path))
        packages[name] = entry
        shutil.copy2(path, runtime / path.name)
    # Only the packages the site serves stay in the lock file, so nothing in it points
    # to a file that would 404; it also shrinks from 119 kB to 1 kB.
    lock["packages"] = packages
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))

    # The wheel sits in a folder named by its hash so no browser cache serves an old one.
    digest = sha256(wheel)
    wheel_dir = staging / "wheels" / digest[:12]
    wheel_dir.mkdir(parents=True)
    shutil.copy2(wheel, wheel_dir / wheel.name)
    # Pattern databases, also in folders named by their hash: the worker fetches them
    # when a board needs them, and the service worker keeps them once fetched.
    pdb_files = {}
    for path in databases:
        digest_pdb = sha256(path)
        folder = staging / "pdb" / digest_pdb[:12]
        folder.mkdir(parents=True)
        shutil.copy2(path, folder / path.name)
        pdb_files[path.stem] = {"url": f"pdb/{digest_pdb[:12]}/{path.name}", "bytes": path.stat().st_size}
    manifest = {
        "wheel": f"wheels/{digest[:12]}/{wheel.name}",
        "sha256": digest,
        "pyodide": PYODIDE_VERSION,
        "pdb": pdb_files,
        "databases": "ready" if databases else "building",
    }
    (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    snapshot = python_snapshot(staging, digest)
    if snapshot:
        manifest["snapshot"] = snapshot
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    (staging / ".nojekyll").write_text("")
    (staging / "messages.json").write_text(json.dumps(message_catalogue(), ensure_ascii=False, indent=1) + "\n")
    app_manifest(staging)
    offline(staging)
    readable(staging)

    old = CACHE / "dist.old"
    shutil.rmtree(old, ignore_errors=True)
    if DIST.exists():
        DIST.rename(old)  # two renames: a server sees the old site or the new one
    staging.rename(DIST)
    shutil.rmtree(old, ignore_errors=True)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(f"site written to {DIST.relative_to(ROOT)}/ ({size / 1e6:.1f} MB, wheel {wheel.name})")
    return DIST


def python_snapshot(site: Path, wheel_digest: str) -> dict | None:
    """Pyodide's memory snapshot of a worker with npuzzle imported (make_snapshot.mjs, under
    Node.js), put in the site as snapshot/<hash>/python.snapshot.gz: the manifest's entry
    for it, or None when there is no Node.js (the workers then start Python as usual).
    Kept in the cache under a key of the runtime, the wheel and the script that makes it."""
    node = shutil.which("node")
    if not node:
        log("no Node.js: the site has no Python snapshot (its workers start Python as usual)")
        return None
    key = hashlib.sha256(
        "\0".join([PYODIDE_VERSION, wheel_digest, sha256(ROOT / "make_snapshot.mjs")]).encode()
    ).hexdigest()[:16]
    cached = CACHE / "snapshots" / f"{key}.gz"
    if not cached.exists():
        shutil.rmtree(cached.parent, ignore_errors=True)  # older snapshots are of no use
        cached.parent.mkdir(parents=True)
        partial_file = cached.with_suffix(".tmp")
        done = subprocess.run(
            [node, str(ROOT / "make_snapshot.mjs"), str(site), str(partial_file)], capture_output=True, text=True
        )
        if done.returncode:
            log(
                "the Python snapshot failed (the workers start Python as usual): "
                + (done.stderr.strip().splitlines() or ["no message"])[-1]
            )
            return None
        partial_file.rename(cached)
    digest = sha256(cached)
    folder = site / "snapshot" / digest[:12]
    folder.mkdir(parents=True)
    shutil.copy2(cached, folder / "python.snapshot.gz")
    return {"url": f"snapshot/{digest[:12]}/python.snapshot.gz", "bytes": cached.stat().st_size}


# ---------------------------------------------------------------- installable app

APP_COLOURS = {"background": "#f6f7f9", "theme": "#2f5d8a"}


def _png(width: int, height: int, pixel) -> bytes:
    """An RGBA PNG (standard library only) with pixel(x, y) -> (r, g, b, a)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def icon(size: int, maskable: bool = False) -> bytes:
    """The app's icon: a 4x4 board with the gap in the last cell, drawn pixel by pixel.
    A maskable icon keeps the board inside the middle 80 % (the safe zone) on a full
    background."""
    theme = (0x2F, 0x5D, 0x8A, 255)
    tile = (0xFF, 0xFF, 0xFF, 255)
    clear = (0, 0, 0, 0)
    margin = size * (0.2 if maskable else 0.06)
    cell = (size - 2 * margin) / 4
    gap = cell * 0.08

    def pixel(x: int, y: int):
        inside = margin <= x < size - margin and margin <= y < size - margin
        if not inside:
            return theme if maskable else clear
        cx, cy = (x - margin) / cell, (y - margin) / cell
        col, row = int(cx), int(cy)
        fx, fy = (cx - col) * cell, (cy - row) * cell
        on_tile = gap <= fx < cell - gap and gap <= fy < cell - gap
        if (row, col) == (3, 3) or not on_tile:
            return theme
        return tile

    return _png(size, size, pixel)


def app_manifest(site: Path) -> None:
    """The web app manifest and its icons, so the page installs on a phone."""
    icons = []
    for size, maskable in ((192, False), (512, False), (512, True)):
        name = f"icon-{size}{'-maskable' if maskable else ''}.png"
        (site / name).write_bytes(icon(size, maskable))
        icons.append(
            {"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable" if maskable else "any"}
        )
    manifest = {
        "name": "npuzzle: sliding-tile puzzles",
        "short_name": "npuzzle",
        "description": "Play sliding-tile puzzles of any size and have them solved optimally.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": APP_COLOURS["background"],
        "theme_color": APP_COLOURS["theme"],
        "icons": icons,
    }
    (site / "app.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n")


def message_catalogue() -> dict:
    """npuzzle.messages' catalogue, {code: {"en": ..., "zh": ...}}, for the page to show
    the package's error codes in the person's language (the package is pure Python and
    imports nothing, so the build reads it from the source tree)."""
    sys.path.insert(0, str(ROOT))
    try:
        from npuzzle.messages import CATALOGUE
    finally:
        sys.path.remove(str(ROOT))
    return {code: {"en": en, "zh": zh} for code, (en, zh) in CATALOGUE.items()}


# ---------------------------------------------------------------- values the page shares

# Boards wider or taller than this get the page's whole width (style.css's .big-board).  The
# page's own value, not the package's: pickers.js reads it from shared.js, and the build
# writes it into first_paint.js, which sets the class before the first paint.
BIG_BOARD = 12

# The values the page and the package share, each defined once in the package: the name
# the page imports from shared.js -> (module, attribute).
SHARED_VALUES = {
    "MIN_SIDE": ("npuzzle.topology", "MIN_SIDE"),
    "MAX_SIDE": ("npuzzle.topology", "MAX_SIDE"),
    "DIRECTIONS": ("npuzzle.topology", "DIRECTIONS"),
    "OPPOSITE": ("npuzzle.topology", "OPPOSITE"),
    "MAX_DIGITS": ("npuzzle.notation", "MAX_DIGITS"),
    "MAX_REPEAT": ("npuzzle.notation", "MAX_REPEAT"),
    "NOTATIONS": ("npuzzle.notation", "NOTATIONS"),
    "MAX_LANES": ("npuzzle.api", "MAX_LANES"),
    "TIME_LIMIT_RANGE": ("npuzzle.api", "TIME_LIMIT_RANGE"),
    "MAX_NODES_RANGE": ("npuzzle.api", "MAX_NODES_RANGE"),
    "WEIGHT_RANGE": ("npuzzle.api", "WEIGHT_RANGE"),
    "LAB_ALGORITHMS": ("npuzzle.lab", "ALGORITHMS"),
    "LAB_HEURISTICS": ("npuzzle.lab", "HEURISTICS"),
    "LAB_COLUMNS": ("npuzzle.lab", "COLUMNS"),
    "STUDY_COLUMNS": ("npuzzle.lab", "STUDY_COLUMNS"),
    "LAB_WEIGHT": ("npuzzle.lab", "DEFAULT_WEIGHT"),
    "LAB_TIME_LIMIT": ("npuzzle.lab", "DEFAULT_TIME_LIMIT"),
    "LAB_MAX_NODES": ("npuzzle.lab", "DEFAULT_MAX_NODES"),
}


def shared_values() -> dict:
    """shared.js's exports by name: SHARED_VALUES read from this checkout's package,
    BIG_BOARD, and ENGLISH, the English of npuzzle.messages' catalogue by code (rules.js
    words its errors with it before Python has loaded)."""
    import importlib

    sys.path.insert(0, str(ROOT))
    try:
        values = {
            name: getattr(importlib.import_module(module), attribute)
            for name, (module, attribute) in SHARED_VALUES.items()
        }
    finally:
        sys.path.remove(str(ROOT))
    values["BIG_BOARD"] = BIG_BOARD
    values["ENGLISH"] = {code: texts["en"] for code, texts in message_catalogue().items()}
    return values


def write_shared(folder: Path = WEB) -> Path:
    """Write shared.js, the ES module of shared_values(), into folder (web/ by default).

    It is written into web/, next to the modules that import it, and kept out of git
    (.gitignore): the site copies it from there like any other module, and the Node
    tests, which import web/*.js straight from the source tree, find it there too
    (tests/conftest.py writes it for them, so they need no site built).  Written only
    when its text changes, so a running server or test never reads half a file."""
    lines = [
        "// Written by build.py from the npuzzle package (build.py's SHARED_VALUES): do not edit.",
        "// The values and English texts the page shares with the package, each defined once in Python.",
        "",
    ]
    for name, value in shared_values().items():
        source = (
            ".".join(SHARED_VALUES[name])
            if name in SHARED_VALUES
            else ("build.BIG_BOARD" if name == "BIG_BOARD" else "npuzzle.messages.CATALOGUE")
        )
        lines.append(f"/** {source} */")
        literal = json.dumps(value, ensure_ascii=False)
        frozen = f"Object.freeze({literal})" if isinstance(value, (dict, list, tuple)) else literal
        lines.append(f"export const {name} = {frozen};")
    text = "\n".join(lines) + "\n"
    path = folder / "shared.js"
    if not path.exists() or path.read_text() != text:
        tmp = path.with_name(f".shared.js.{os.getpid()}")
        tmp.write_text(text)
        os.replace(tmp, path)
    return path


def first_paint(site: Path) -> None:
    """Write BIG_BOARD into first_paint.js, the classic script that runs before the first
    paint (a classic script cannot import shared.js; see web/first_paint.js)."""
    script = site / "first_paint.js"
    old = "const BIG_BOARD = Infinity;"
    text = script.read_text()
    if old not in text:
        sys.exit(f"build: web/first_paint.js no longer has the line {old!r} for build.py to fill in")
    script.write_text(text.replace(old, f"const BIG_BOARD = {BIG_BOARD};"))


def readable(site: Path) -> None:
    """Files 0644 and folders 0755, so a web server running as another user can serve
    them (copies of temporary files would otherwise keep mode 0600)."""
    site.chmod(0o755)
    for path in site.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)


def offline(site: Path) -> None:
    """Fill in the service worker's file lists and build name (see web/sw.js).

    Pattern databases (pdb/) are not stored on the first visit (11 MB that 3x3 players
    never need): the service worker keeps them once the solver has fetched them.
    """
    sw = site / "sw.js"
    everything = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p != sw and not p.name.startswith(".")
    )
    files = [f for f in everything if not f.startswith("pdb/")]
    data = [f for f in everything if f.startswith("pdb/")]
    h = hashlib.sha256()
    for name in everything:
        h.update(name.encode() + b"\0" + sha256(site / name).encode())
    key = h.hexdigest()[:16]
    # the workers store the runtime files they fetch in the service worker's cache, named by it
    manifest = json.loads((site / "manifest.json").read_text())
    (site / "manifest.json").write_text(json.dumps({**manifest, "build": key}, indent=1) + "\n")
    text = sw.read_text()
    for old, new in (
        ('const BUILD = "dev";', f'const BUILD = "{key}";'),
        ("const FILES = [];", f"const FILES = {json.dumps(['./', *files])};"),
        ("const DATA = [];", f"const DATA = {json.dumps(data)};"),
    ):
        if old not in text:
            sys.exit(f"build: web/sw.js no longer has the line {old!r} for build.py to fill in")
        text = text.replace(old, new)
    sw.write_text(text)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Logs failed requests only, so the build's progress lines stay readable."""

    def log_request(self, code="-", size="-") -> None:
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)


def serve(port: int) -> None:
    """Build and serve dist/.  On a fresh machine the site is served at once without the
    pattern databases (minutes to build); they are built while it is up, and the site
    is written again with them (a reload of the page picks them up)."""
    pending = not cached_databases()
    build(with_databases=not pending)
    handler = partial(_QuietHandler, directory=str(DIST))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving the npuzzle site at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            if pending:
                log("the page works now and solves without pattern databases; building them next")
                build()
                log("pattern databases ready: reload the page to use them")
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()


# ---------------------------------------------------------------- tests


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """.venv with the project installed editable, with its test and build extras."""
    python = venv_python()
    if not python.exists():
        log("creating .venv")
        run([sys.executable, "-m", "venv", str(VENV)])
    stamp = VENV / ".npuzzle-installed"
    pyproject = (ROOT / "pyproject.toml").read_bytes()
    if not stamp.exists() or stamp.read_bytes() != pyproject:
        log("installing npuzzle[test,build] into .venv")
        run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f"{ROOT}[test,build]"]
        )
        stamp.write_bytes(pyproject)
    return python


def _apt_install(package: str, binary: str, why: str) -> str | None:
    """Install a Debian package when we can (apt-get, as root); the binary's path or None."""
    apt = shutil.which("apt-get")
    if apt and hasattr(os, "geteuid") and os.geteuid() == 0:
        log(f"installing {package} with apt-get ({why})")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run([apt, "update", "-q"], env=env, stdout=subprocess.DEVNULL)
        run([apt, "install", "-y", "-q", package], env=env, stdout=subprocess.DEVNULL)
        return shutil.which(binary)
    return None


def ensure_chromium() -> str:
    """The path of a Chromium for the browser tests: $NPUZZLE_CHROMIUM if set (CI names
    its Chrome that way), else one on the PATH, else Debian's package if we can install it."""
    found = os.environ.get("NPUZZLE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    found = found or _apt_install("chromium", "chromium", "needed by the browser tests")
    if found:
        return found
    sys.exit(
        "build: the browser tests need Chromium. Install it (Debian/Ubuntu: "
        "`sudo apt-get install chromium`) or put a `chromium` binary on the PATH."
    )


def ensure_node() -> str:
    """Node.js for the twin tests (the page's modules run beside the package): one on the
    PATH, else Debian's package if we can install it."""
    found = shutil.which("node") or _apt_install("nodejs", "node", "needed by the twin tests")
    if found:
        return found
    sys.exit(
        "build: the twin tests need Node.js. Install it (Debian/Ubuntu: "
        "`sudo apt-get install nodejs`) or put a `node` binary on the PATH."
    )


def test(args: list[str]) -> int:
    python = ensure_venv()
    chromium = ensure_chromium()
    ensure_node()
    build()
    axe_script()
    env = dict(
        os.environ,
        NPUZZLE_CHROMIUM=chromium,
        NPUZZLE_REQUIRE_BROWSER="1",
        NPUZZLE_REQUIRE_NODE="1",
        NPUZZLE_SITE_BUILT="1",
    )
    return subprocess.run([str(python), "-m", "pytest", *test_workers(args), *args], cwd=ROOT, env=env).returncode


def test_workers(args: list[str]) -> list[str]:
    """pytest-xdist's -n for machines with cores to spare: on 4 cores or more, two test
    processes (or $NPUZZLE_TEST_WORKERS; 0 for one).  On 2 cores the suite is run in one
    process: the browser tests' Pyodide workers already use both (two processes measured
    0.80x the time there, docs/testing.md, and nothing to spare for the page's timeouts)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return []
    wanted = os.environ.get("NPUZZLE_TEST_WORKERS")
    workers = int(wanted) if wanted and wanted.isdigit() else (2 if (os.cpu_count() or 1) >= 4 else 0)
    return ["-n", str(workers)] if workers > 1 else []


def _run_with_site(script: Path, args: list[str]) -> int:
    """Run a script of the repository with .venv's Python, Chromium and the built site."""
    python = ensure_venv()
    chromium = ensure_chromium()
    build()
    env = dict(os.environ, NPUZZLE_CHROMIUM=chromium, NPUZZLE_SITE_BUILT="1")
    return subprocess.run([str(python), str(script), *args], cwd=ROOT, env=env).returncode


def bench_web(args: list[str]) -> int:
    return _run_with_site(ROOT / "tests" / "bench_web.py", args)


def screenshots(args: list[str]) -> int:
    # The Chinese page needs a font with Chinese characters (Debian's fonts-wqy-microhei).
    fonts = (
        subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True).stdout
        if shutil.which("fc-list")
        else ""
    )
    apt = shutil.which("apt-get")
    if not fonts.strip() and apt and hasattr(os, "geteuid") and os.geteuid() == 0:
        log("installing a Chinese font with apt-get (for the Chinese page's picture)")
        run(
            [apt, "install", "-y", "-q", "fonts-wqy-microhei"],
            stdout=subprocess.DEVNULL,
            env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
        )
    return _run_with_site(ROOT / "tools" / "screenshots.py", args)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "build"
    rest = argv[1:]
    if command == "build":
        build()
    elif command == "serve":
        port = 8000
        if rest[:1] == ["--port"] and len(rest) > 1:
            port = int(rest[1])
        elif rest and rest[0].startswith("--port="):
            port = int(rest[0].split("=", 1)[1])
        elif rest:
            sys.exit("usage: python3 build.py serve [--port N]")
        serve(port)
    elif command == "test":
        return test(rest)
    elif command == "bench-web":
        return bench_web(rest)
    elif command == "screenshots":
        return screenshots(rest)
    elif command in ("-h", "--help", "help"):
        print(__doc__)
    else:
        sys.exit(f"build: unknown command {command!r}\n{__doc__}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
