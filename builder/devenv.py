"""The development environment: .venv with the project and its extras, and the programs
the tests need (Chromium, Node.js, a Chinese font for the pictures), installed from Debian's
packages when they are missing and we can (apt-get, as root).  Standard library only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from builder.common import ROOT, VENV, log, run


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


def apt_install(package: str, why: str) -> bool:
    """Install a Debian package when we can (apt-get, as root); whether we could."""
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        return False
    log(f"installing {package} with apt-get ({why})")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([apt, "update", "-q"], env=env, stdout=subprocess.DEVNULL)
    run([apt, "install", "-y", "-q", package], env=env, stdout=subprocess.DEVNULL)
    return True


def ensure_chromium() -> str:
    """The path of a Chromium for the browser tests: $NPUZZLE_CHROMIUM if set (CI names
    its Chrome that way), else one on the PATH, else Debian's package if we can install it."""
    found = os.environ.get("NPUZZLE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found and apt_install("chromium", "needed by the browser tests"):
        found = shutil.which("chromium")
    if found:
        return found
    sys.exit(
        "build: the browser tests need Chromium. Install it (Debian/Ubuntu: "
        "`sudo apt-get install chromium`) or put a `chromium` binary on the PATH."
    )


def ensure_node() -> str:
    """Node.js for the twin tests (the page's modules run beside the package): one on the
    PATH, else Debian's package if we can install it."""
    found = shutil.which("node")
    if not found and apt_install("nodejs", "needed by the twin tests"):
        found = shutil.which("node")
    if found:
        return found
    sys.exit(
        "build: the twin tests need Node.js. Install it (Debian/Ubuntu: "
        "`sudo apt-get install nodejs`) or put a `node` binary on the PATH."
    )


def ensure_chinese_font() -> None:
    """A font with Chinese characters for the Chinese page's pictures (Debian's
    fonts-wqy-microhei), when fontconfig knows none and we can install one."""
    fc_list = shutil.which("fc-list")
    fonts = subprocess.run([fc_list, ":lang=zh"], capture_output=True, text=True).stdout if fc_list else ""
    if not fonts.strip():
        apt_install("fonts-wqy-microhei", "a Chinese font, for the Chinese page's picture")
