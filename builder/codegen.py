"""What the page shares with the package, written from the package's one definition.

    write_shared()          # web/generated/shared.js, the ES module of shared_values()
    message_catalogue()     # npuzzle.catalogue, {code: {"en": ..., "zh": ...}}
    first_paint(site)       # BIG_BOARD's value into a copy of first_paint.js
    heuristic_options(site) # the heuristics' names into a copy of index.html's solver options
    (builder/site.py's offline() writes the caches' and the lock's names into sw.js)

The page needs some values and texts before Python has loaded (board sizes, option ranges,
the English of every message): each is defined once in the package and written from it
here.  The tests import this module, and no other of builder/, to write shared.js for the
Node tests.  Standard library only.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
from pathlib import Path

from builder.common import GENERATED, ROOT

# Boards wider or taller than this get the page's whole width (style.css's .big-board).  The
# page's own value, not the package's: pickers.js reads it from shared.js, and the build
# writes it into first_paint.js, which sets the class before the first paint.
BIG_BOARD = 12

# The names of the site's caches and fetch lock (the page's own, as BIG_BOARD): the build's
# files are kept in CACHE_PREFIX + the build's hash, the pattern databases in DATA_CACHE,
# which outlives builds.  worker.js reads them from shared.js; the build writes them into
# sw.js (a classic script, which cannot import shared.js; see builder/site.py offline()).
CACHE_PREFIX = "npuzzle-"
DATA_CACHE = CACHE_PREFIX + "data"
# The Web Lock a file is fetched under, by the page's workers and the service worker alike
# (each waits for the other's download of a file instead of fetching it twice): the lock's
# name is this, a space and the file's URL.
FETCH_LOCK = CACHE_PREFIX + "fetch"

# The page's own values in shared.js: name -> (value, where it is defined).
PAGE_VALUES = {
    "BIG_BOARD": (BIG_BOARD, "builder.codegen.BIG_BOARD"),
    "CACHE_PREFIX": (CACHE_PREFIX, "builder.codegen.CACHE_PREFIX"),
    "DATA_CACHE": (DATA_CACHE, "builder.codegen.DATA_CACHE"),
    "FETCH_LOCK": (FETCH_LOCK, "builder.codegen.FETCH_LOCK"),
}

# The values the page and the package share, each defined once in the package: the name
# the page imports from shared.js -> (module, attribute).
SHARED_VALUES = {
    "MIN_SIDE": ("npuzzle.rules.topology", "MIN_SIDE"),
    "MAX_SIDE": ("npuzzle.rules.topology", "MAX_SIDE"),
    "DIRECTIONS": ("npuzzle.rules.topology", "DIRECTIONS"),
    "OPPOSITE": ("npuzzle.rules.topology", "OPPOSITE"),
    "DELTAS": ("npuzzle.rules.topology", "DELTAS"),
    "MAX_DIGITS": ("npuzzle.rules.notation", "MAX_DIGITS"),
    "MAX_REPEAT": ("npuzzle.rules.notation", "MAX_REPEAT"),
    "NOTATIONS": ("npuzzle.rules.notation", "NOTATIONS"),
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
    "SESSION_AVERAGES": ("npuzzle.speedsolving.sessions", "AVERAGES"),
    "TRIM_PERCENT": ("npuzzle.speedsolving.sessions", "TRIM_PERCENT"),
    "PENALTY_MS": ("npuzzle.speedsolving.sessions", "PENALTY_MS"),
    "SESSION_COLUMNS": ("npuzzle.speedsolving.session_files", "COLUMNS"),
    "SESSION_DERIVED": ("npuzzle.speedsolving.session_files", "DERIVED"),
    "SESSION_OPTIONAL": ("npuzzle.speedsolving.session_files", "OPTIONAL"),
    "SESSION_FORMAT": ("npuzzle.speedsolving.session_files", "FORMAT"),
    "SESSION_FILE_VERSION": ("npuzzle.speedsolving.session_files", "VERSION"),
    "SESSION_TYPES": ("npuzzle.speedsolving.session_files", "TYPES"),
    "SESSION_PENALTIES": ("npuzzle.speedsolving.session_files", "PENALTIES"),
    "SOLVE_CODE_VERSION": ("npuzzle.speedsolving.solve_code", "VERSION"),
    "SOLVE_CODE_UNIT": ("npuzzle.speedsolving.solve_code", "UNIT"),
    "SOLVE_CODE_MAX_VARINT_BYTES": ("npuzzle.speedsolving.solve_code", "MAX_VARINT_BYTES"),
    "LANGUAGES": ("npuzzle.catalogue", "LANGUAGES"),
}


def _from_package(module: str, attribute: str):
    """An attribute of this checkout's npuzzle (the package is pure Python and imports
    nothing, so the build reads it from the source tree)."""
    sys.path.insert(0, str(ROOT))
    try:
        return getattr(importlib.import_module(module), attribute)
    finally:
        sys.path.remove(str(ROOT))


def message_catalogue() -> dict:
    """npuzzle.catalogue, {code: {"en": ..., "zh": ...}}, for the page to show
    the package's error codes in the person's language (the site's messages.json)."""
    catalogue = _from_package("npuzzle.catalogue", "CATALOGUE")
    return {code: {"en": en, "zh": zh} for code, (en, zh) in catalogue.items()}


def shared_values() -> dict:
    """shared.js's exports by name: SHARED_VALUES read from this checkout's package,
    PAGE_VALUES (BIG_BOARD, the caches' and the fetch lock's names), and ENGLISH, the English of npuzzle.catalogue by code (rules.js
    words its errors with it before Python has loaded)."""
    values = {name: _from_package(module, attribute) for name, (module, attribute) in SHARED_VALUES.items()}
    values.update({name: value for name, (value, _) in PAGE_VALUES.items()})
    values["ENGLISH"] = {code: texts["en"] for code, texts in message_catalogue().items()}
    return values


def write_shared(folder: Path = GENERATED) -> Path:
    """Write shared.js, the ES module of shared_values(), into folder (web/generated/ by default).

    It is written into web/generated/, where the modules that import it find it, and kept
    out of git (.gitignore): the site copies it from there like any other module, and the
    Node tests, which import web/'s modules straight from the source tree, find it there too
    (tests/conftest.py writes it for them, so they need no site built).  Written only
    when its text changes, so a running server or test never reads half a file."""
    lines = [
        "// Written by the build from the npuzzle package (builder/codegen.py's SHARED_VALUES): do not edit.",
        "// The values and English texts the page shares with the package, each defined once in Python.",
        "",
    ]
    for name, value in shared_values().items():
        source = (
            ".".join(SHARED_VALUES[name])
            if name in SHARED_VALUES
            else PAGE_VALUES[name][1]
            if name in PAGE_VALUES
            else "npuzzle.catalogue.CATALOGUE"
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


def heuristic_options(site: Path) -> None:
    """Give index.html's heuristic options their values, the package's names of the tile
    heuristics (npuzzle.search.heuristics.TILE_HEURISTICS), strongest first: in web/ the
    options after "best available" carry only the page's words for them, in that order, so
    the page is complete at its first paint and holds no copy of the names."""
    names = list(reversed(_from_package("npuzzle.search.heuristics", "TILE_HEURISTICS")))
    page = site / "index.html"
    text = page.read_text()
    select = re.search(r'<select id="heuristic"[^>]*>(.*?)</select>', text, re.S)
    blanks = re.findall(r"<option(?![^>]*\bvalue=)", select[1]) if select else []
    if len(blanks) != len(names):
        sys.exit(
            f"build: web/index.html's heuristic select has {len(blanks)} options without a value "
            f"for build.py to fill in, not {len(names)} (one a name of {names})"
        )
    filled = iter(names)
    options = re.sub(r"<option(?![^>]*\bvalue=)", lambda _: f'<option value="{next(filled)}"', select[1])
    page.write_text(text[: select.start(1)] + options + text[select.end(1) :])
