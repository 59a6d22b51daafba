"""The house rules, read from the sources (no browser).

- What the page keeps in this browser goes through one door, web/game/storage.js: it alone
  guards against a browser that refuses storage, so no other file may name
  localStorage or sessionStorage (not even in a comment: a newcomer who reads "kept in
  localStorage" elsewhere would reach for it there).
- web/ in folders by feature (FOLDERS), its top only what a static host and the first
  paint need there (TOP): a new file goes into the folder of its feature.
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
GENERATED = WEB / "generated"
# web/'s feature folders, and the files at its top: the page, its entry scripts, its styles
# and the service worker (whose scope is its folder, so it must be at the top)
FOLDERS = {"game", "solver", "lab", "practice", "languages", "generated"}
TOP = {"index.html", "main.js", "start_early.js", "first_paint.js", "style.css", "sw.js"}
MAX_LINES = 450
# main.js: builds the objects and connects them, nothing more (200 lines before Biome wrote
# each option of the objects it connects on a line of its own, the same statements)
MAX_WIRING = 250
MAX_FRONT = 250  # build.py: the commands, over builder/'s modules
KERNELS = {"npuzzle/pdb/kernel.py", "npuzzle/search/tile_kernel.py"}
BROWSER_STORAGE = re.compile(r"\b(localStorage|sessionStorage)\b")


def sources() -> list[Path]:
    """The page's own source files: scripts, markup and styles, generated ones left out."""
    return sorted(
        p for p in WEB.rglob("*") if p.suffix in {".js", ".mjs", ".html", ".css"} and GENERATED not in p.parents
    )


def test_storage_js_is_the_only_file_that_names_the_browsers_storage():
    naming = {p.relative_to(WEB).as_posix() for p in sources() if BROWSER_STORAGE.search(p.read_text(encoding="utf-8"))}
    assert naming == {"game/storage.js"}


def test_web_is_in_folders_by_feature():
    """Only TOP at web/'s top, every other file in a folder of FOLDERS (docs/architecture.md
    says what each holds)."""
    paths = [p.relative_to(WEB) for p in WEB.rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert {p.name for p in paths if len(p.parts) == 1} == TOP
    assert {p.parts[0] for p in paths if len(p.parts) > 1} == FOLDERS


def test_the_check_above_would_see_a_file_that_names_it():
    assert BROWSER_STORAGE.search("const s = window.localStorage;")
    assert BROWSER_STORAGE.search("sessionStorage.getItem(key)")
    assert not BROWSER_STORAGE.search("const store = new GameStore(kept);")


def test_main_js_is_wiring_only():
    lines = len((WEB / "main.js").read_text(encoding="utf-8").splitlines())
    assert lines < MAX_WIRING, f"web/main.js has {lines} lines: move a role into its own module"


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.relative_to(WEB).as_posix())
def test_no_page_file_is_over_450_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"web/{path.relative_to(WEB).as_posix()} has {lines} lines: one role a file"


def package_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "npuzzle").rglob("*.py") if p.relative_to(ROOT).as_posix() not in KERNELS)


@pytest.mark.parametrize("path", package_modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_package_module_is_over_450_lines_but_the_kernels(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: one role a module"


def test_build_py_is_a_short_front():
    lines = len((ROOT / "build.py").read_text(encoding="utf-8").splitlines())
    assert lines < MAX_FRONT, f"build.py has {lines} lines: move a role into builder/"
