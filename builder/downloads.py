"""The site's pinned downloads, fetched once into .cache/: Pyodide, Chart.js, axe-core,
TypeScript and Biome from npm (`npm pack`), and the wheels Pyodide's lock file names from
PyPI (`pip download`).

CI keys its cache of these downloads on this file (.github/workflows/ci.yml), so a new pin
here fetches them again there.  Standard library only.
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from builder.common import CACHE, log, run

PYODIDE_VERSION = "314.0.7"
# axe-core checks the page's accessibility in the browser tests (tests/test_web_layout.py);
# it is fetched for them only and is not part of the site.
AXE_VERSION = "4.14.1"
# The study lab's charts: Chart.js, pinned, self-hosted (vendor/).  Its UMD build is one
# file with no imports, so a plain ES module can load it; the licence goes with it.
CHART_VERSION = "4.6.1"
CHART_FILES = ("dist/chart.umd.min.js", "LICENSE.md")
# TypeScript's checker reads the page's JSDoc types (tsconfig.json, tests/test_typescript.py);
# fetched for the tests only.  6.0 is the last release written in JavaScript: one package,
# run with `node`, the same on every machine.  7.x, the native port, needs a second,
# per-platform binary package; 6.0 already has 7's defaults and deprecations, so moving
# there later is a change of pin.
TYPESCRIPT_VERSION = "6.0.3"
# Biome formats and lints the page's scripts and styles (biome.json, tests/test_biome.py);
# fetched for the tests only.  One native binary, no node_modules: only its platform's
# package, @biomejs/cli-<os>-<arch>, is fetched (the @biomejs/biome front only picks it).
BIOME_VERSION = "2.6.8"
# (sys.platform, platform.machine()) -> the suffix of Biome's package for it and its
# binary's name.  Linux's packages are built for glibc; a musl system (Alpine) gets the
# "-musl" one of its architecture.
BIOME_PLATFORMS = {
    ("linux", "x86_64"): ("linux-x64", "biome"),
    ("linux", "aarch64"): ("linux-arm64", "biome"),
    ("darwin", "x86_64"): ("darwin-x64", "biome"),
    ("darwin", "arm64"): ("darwin-arm64", "biome"),
    ("win32", "AMD64"): ("win32-x64", "biome.exe"),
    ("win32", "ARM64"): ("win32-arm64", "biome.exe"),
}
# The wheels the Pyodide lock file names for micropip; served by the site, since the npm
# package holds none.  Versions must match the lock file's entries.
LOCK_WHEELS = {"micropip": "0.11.1", "packaging": "26.1"}
# The runtime files loadPyodide() fetches; the rest of the npm package (maps, typings,
# the classic-script build, consoles) is not needed by the site.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def npm_package(name: str, version: str, marker: str) -> Path:
    """The unpacked npm package name@version, fetched once with `npm pack` into .cache/
    (`marker` is a file the unpacked package has)."""
    target = CACHE / f"{name}-{version}"
    if (target / marker).exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(f"build: npm is needed to fetch {name} (install Node.js and npm)")
    target.parent.mkdir(parents=True, exist_ok=True)  # a scoped name's folder, @scope/
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


def typescript() -> Path:
    """TypeScript's checker, tsc, as a JavaScript file to run with `node` (tests only)."""
    return npm_package("typescript", TYPESCRIPT_VERSION, "lib/tsc.js") / "lib" / "tsc.js"


def biome() -> Path:
    """Biome's binary for this machine, @biomejs/cli-<os>-<arch>@BIOME_VERSION (tests only)."""
    machine = (sys.platform, platform.machine())
    if machine not in BIOME_PLATFORMS:
        known = ", ".join(f"{os_name} {arch}" for os_name, arch in BIOME_PLATFORMS)
        sys.exit(f"build: Biome {BIOME_VERSION} has no package for {machine[0]} {machine[1]} (it has {known})")
    suffix, binary = BIOME_PLATFORMS[machine]
    if machine[0] == "linux" and any(Path("/lib").glob("ld-musl-*")):
        suffix += "-musl"
    return npm_package(f"@biomejs/cli-{suffix}", BIOME_VERSION, binary) / binary


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
