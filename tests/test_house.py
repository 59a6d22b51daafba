"""The house rules, read from the sources (no browser).

- What the page keeps in this browser goes through one door, web/storage.js: it alone
  guards against a browser that refuses storage, so no other file may name
  localStorage or sessionStorage (not even in a comment: a newcomer who reads "kept in
  localStorage" elsewhere would reach for it there).
- One role a file: main.js only wires the page together, build.py is a short front over
  builder/, and no file the project writes by hand, in web/ or npuzzle/, is over 450 lines
  but the two search kernels, whose hot loops are written for speed in one place.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
# written by the build: shared.js from the package's values, protocol.js from its types,
# catalogues.js from the languages' catalogues
GENERATED = {"shared.js", "protocol.js", "catalogues.js"}
MAX_LINES = 450
MAX_WIRING = 200  # main.js: builds the objects and connects them, nothing more
MAX_FRONT = 250  # build.py: the commands, over builder/'s modules
KERNELS = {"npuzzle/pdb/kernel.py", "npuzzle/search/tile_kernel.py"}
BROWSER_STORAGE = re.compile(r"\b(localStorage|sessionStorage)\b")


def sources() -> list[Path]:
    """The page's own source files: scripts, markup and styles, generated ones left out."""
    return sorted(p for p in WEB.rglob("*") if p.suffix in {".js", ".mjs", ".html", ".css"} and p.name not in GENERATED)


def test_storage_js_is_the_only_file_that_names_the_browsers_storage():
    naming = {p.relative_to(WEB).as_posix() for p in sources() if BROWSER_STORAGE.search(p.read_text(encoding="utf-8"))}
    assert naming == {"storage.js"}


def test_the_check_above_would_see_a_file_that_names_it():
    assert BROWSER_STORAGE.search("const s = window.localStorage;")
    assert BROWSER_STORAGE.search("sessionStorage.getItem(key)")
    assert not BROWSER_STORAGE.search("const store = new GameStore(kept);")


def test_main_js_is_wiring_only():
    lines = len((WEB / "main.js").read_text(encoding="utf-8").splitlines())
    assert lines < MAX_WIRING, f"web/main.js has {lines} lines: move a role into its own module"


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.name)
def test_no_page_file_is_over_450_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"web/{path.name} has {lines} lines: one role a file"


def package_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "npuzzle").rglob("*.py") if p.relative_to(ROOT).as_posix() not in KERNELS)


@pytest.mark.parametrize("path", package_modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_package_module_is_over_450_lines_but_the_kernels(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: one role a module"


def test_build_py_is_a_short_front():
    lines = len((ROOT / "build.py").read_text(encoding="utf-8").splitlines())
    assert lines < MAX_FRONT, f"build.py has {lines} lines: move a role into builder/"
