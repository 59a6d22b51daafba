"""The static site: web/ with its generated files, the pinned Pyodide runtime and wheels,
the project's wheel, the pattern databases, Pyodide's memory snapshot, Chart.js, the
message catalogue and the app manifest, assembled into dist/.  Standard library only.

    build()                 # write dist/ (the downloads and databases come from .cache/)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from builder import codegen, protocol_js
from builder.codegen import first_paint, heuristic_options, page_markup, write_shared
from builder.common import CACHE, DIST, GENERATED, ROOT, WEB, log, sha256
from builder.databases import cached_databases, pattern_databases, strong_databases
from builder.downloads import (
    CHART_FILES,
    LOCK_WHEELS,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    chart_package,
    lock_wheels,
    pyodide_package,
)
from builder.icons import APP_COLOURS, icon
from builder.wheel import project_wheel


def _not_served(folder: str, names: list[str]) -> set[str]:
    """The names in a folder of web/ that the site leaves out: hidden and backup files, and
    web/languages/'s catalogues (the page has them from generated/catalogues.js)."""
    left_out = set(shutil.ignore_patterns(".*", "*~")(folder, names))
    if Path(folder) == WEB / "languages":
        left_out.update(name for name in names if name.endswith(".json"))
    return left_out


def _gzipped(path: Path) -> Path:
    """A strongest table's file gzipped (half8's 519 MB to 163 MB, a minute at level 6), kept
    in .cache/strong/ as DIGEST-NAME.gz, DIGEST its own sha256's first 12 digits, and made
    again only when the table's size or time changes."""
    stamp = f"{path.name}-{path.stat().st_size}-{path.stat().st_mtime_ns}"
    kept = CACHE / "strong" / f"{stamp}.name"  # the name of its gzip, for this file
    if kept.exists() and (CACHE / "strong" / kept.read_text()).exists():
        return CACHE / "strong" / kept.read_text()
    kept.parent.mkdir(parents=True, exist_ok=True)
    log(f"gzipping {path.name} for the site (about a minute a 500 MB)")
    tmp = kept.with_suffix(".tmp")
    with open(path, "rb") as source, gzip.GzipFile(tmp, "wb", compresslevel=6, mtime=0) as out:
        shutil.copyfileobj(source, out, 1 << 22)
    packed = CACHE / "strong" / f"{sha256(tmp)[:12]}-{path.name}.gz"
    tmp.replace(packed)
    kept.write_text(packed.name)
    return packed


def _place(source: Path, target: Path) -> None:
    """A file into the site: a hard link where the file system allows (big tables cost no
    copy), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _mb(paths: list[Path]) -> int:
    return round(sum(_gzipped(p).stat().st_size for p in paths) / 1e6)


def build(with_databases: bool = True) -> Path:
    """Write the complete static site to dist/ and return its path.

    Without databases (``serve``'s first site on a fresh machine, while they are built)
    the manifest says ``"databases": "building"`` and the page solves without them."""
    package = pyodide_package()
    wheels = lock_wheels()
    wheel = project_wheel()
    databases = pattern_databases() if with_databases else cached_databases()

    write_shared()
    protocol_js.write(GENERATED)  # committed: CI checks that the build left it unchanged
    # beside dist/ (one file system for the renames below) and one a build, so that two
    # builds at once (a test run beside `serve`, checkouts sharing .cache) never mix files
    staging = DIST.with_name(f".dist.{os.getpid()}.tmp")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(WEB, staging, ignore=_not_served)
    page_markup(staging)
    first_paint(staging)
    heuristic_options(staging)

    chart = chart_package()
    vendor = staging / "vendor" / "chartjs"  # web/lab/lab_charts.js loads it from here
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
                f"but builder/downloads.py pins {LOCK_WHEELS[name]}"
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
    strong = strong_databases()
    for path in strong:  # gzipped: the worker unpacks them as they arrive (DecompressionStream)
        packed = _gzipped(path)
        folder = staging / "pdb" / packed.stem.split("-")[0]
        folder.mkdir(parents=True)
        _place(packed, folder / f"{path.name}.gz")
        pdb_files[path.stem] = {
            "url": f"pdb/{folder.name}/{path.name}.gz",
            "bytes": packed.stat().st_size,
            "size": path.stat().st_size,
            "gzip": True,
        }
    manifest = {
        "wheel": f"wheels/{digest[:12]}/{wheel.name}",
        "sha256": digest,
        "pyodide": PYODIDE_VERSION,
        "pdb": pdb_files,
        "databases": "ready" if databases else "building",
    }
    if strong:  # offered in Solver options on a device that can hold them (strong_tables.js)
        log(f"with the strongest 4x4 tables: {', '.join(p.name for p in strong)} ({_mb(strong)} MB, gzipped)")
        manifest["strong"] = {
            "names": [p.stem for p in strong],
            "bytes": sum(pdb_files[p.stem]["bytes"] for p in strong),  # the download
            "size": sum(p.stat().st_size for p in strong),  # in a worker's memory
        }
    (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    snapshot = python_snapshot(staging, digest)
    if snapshot:
        manifest["snapshot"] = snapshot
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    (staging / ".nojekyll").write_text("")
    app_manifest(staging)
    offline(staging)
    readable(staging)

    old = DIST.with_name(f".dist.{os.getpid()}.old")
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
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial_file = cached.with_suffix(f".{os.getpid()}.tmp")  # one a build: builds may share .cache
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
        for older in cached.parent.glob("*.gz"):  # of no use to this wheel
            if older != cached:
                older.unlink(missing_ok=True)
    digest = sha256(cached)
    folder = site / "snapshot" / digest[:12]
    folder.mkdir(parents=True)
    shutil.copy2(cached, folder / "python.snapshot.gz")
    return {"url": f"snapshot/{digest[:12]}/python.snapshot.gz", "bytes": cached.stat().st_size}


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


def offline(site: Path) -> None:
    """Fill in the service worker's file lists, build name, and caches' and lock's names (see web/sw.js).

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
    for name in everything:  # a database's folder is named by its digest already
        h.update(name.encode() + b"\0" + (name if name in data else sha256(site / name)).encode())
    key = h.hexdigest()[:16]
    # the workers store the runtime files they fetch in the service worker's cache, named by it
    manifest = json.loads((site / "manifest.json").read_text())
    (site / "manifest.json").write_text(json.dumps({**manifest, "build": key}, indent=1) + "\n")
    text = sw.read_text()
    for old, new in (
        ('const BUILD = "dev";', f'const BUILD = "{key}";'),
        ("const FILES = [];", f"const FILES = {json.dumps(['./', *files])};"),
        ("const DATA = [];", f"const DATA = {json.dumps(data)};"),
        (
            'const NAMES = { prefix: "", data: "", lock: "" };',
            "const NAMES = "
            + json.dumps({"prefix": codegen.CACHE_PREFIX, "data": codegen.DATA_CACHE, "lock": codegen.FETCH_LOCK})
            + ";",
        ),
    ):
        if old not in text:
            sys.exit(f"build: web/sw.js no longer has the line {old!r} for build.py to fill in")
        text = text.replace(old, new)
    sw.write_text(text)


def readable(site: Path) -> None:
    """Files 0644 and folders 0755, so a web server running as another user can serve
    them (copies of temporary files would otherwise keep mode 0600)."""
    site.chmod(0o755)
    for path in site.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
