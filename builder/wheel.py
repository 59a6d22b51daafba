"""The project's own wheel, which the page's workers install with micropip.  Standard
library only; pip (with flit_core from PyPI) builds it."""

from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

from builder.common import CACHE, ROOT, log, run

# What goes into the project wheel: the same sources the tests use.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "npuzzle")


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
