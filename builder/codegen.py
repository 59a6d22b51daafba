"""What the page shares with the package, written from the package's one definition.

    write_shared()          # web/generated/shared.js, the ES module of shared_values(), and
                            # web/generated/catalogues.js, the page's texts and the package's messages
    page_markup(site)       # en.json's English and the language buttons into a copy of index.html
    first_paint(site)       # BIG_BOARD's value into a copy of first_paint.js
    heuristic_options(site) # the heuristics' names into a copy of index.html's solver options
    (builder/site.py's offline() writes the caches' and the lock's names into sw.js)

The page needs some values and texts before Python has loaded (board sizes, option ranges,
every message): each is defined once in the package and written from it here; the page's
own texts are in web/languages/<lang>.json, one catalogue a language.  The tests import
this module, and no other of builder/, to write shared.js for the Node tests.  Standard
library only.
"""

from __future__ import annotations

import html
import importlib
import json
import os
import re
import sys
from pathlib import Path

from builder.common import GENERATED, ROOT, WEB

# The page's languages, each with its catalogue web/languages/<lang>.json: adding a language
# is that file and its code here (docs/languages.md).  The page's own value, as BIG_BOARD.
LANGUAGES = ("en", "zh")
LANGUAGE_FOLDER = WEB / "languages"
# The prefix of the package's messages in a catalogue of a language other than English (the
# English is npuzzle.catalogue's): "npuzzle.board.count".
PACKAGE_PREFIX = "npuzzle."

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
    "LANGUAGES": (LANGUAGES, "builder.codegen.LANGUAGES"),
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
    "SESSION_TREND": ("npuzzle.speedsolving.statistics", "TREND_AVERAGES"),
    "SESSION_COLUMNS": ("npuzzle.speedsolving.session_files", "COLUMNS"),
    "SESSION_DERIVED": ("npuzzle.speedsolving.session_files", "DERIVED"),
    "SESSION_OPTIONAL": ("npuzzle.speedsolving.session_files", "OPTIONAL"),
    "SESSION_FORMAT": ("npuzzle.speedsolving.session_files", "FORMAT"),
    "SESSION_FILE_VERSION": ("npuzzle.speedsolving.session_files", "VERSION"),
    "SESSION_TYPES": ("npuzzle.speedsolving.session_files", "TYPES"),
    "SESSION_PENALTIES": ("npuzzle.speedsolving.session_files", "PENALTIES"),
    "SESSION_NAME_LIMIT": ("npuzzle.speedsolving.session_files", "NAME_LIMIT"),
    "SESSION_STORE_VERSION": ("npuzzle.speedsolving.session_files", "STORE_VERSION"),
    "EVENTS": ("npuzzle.speedsolving.events", "EVENTS"),
    "MARATHONS": ("npuzzle.speedsolving.events", "MARATHONS"),
    "RELAY_MAX_SIDE": ("npuzzle.speedsolving.events", "RELAY_MAX_SIDE"),
    "SOLVE_CODE_VERSION": ("npuzzle.speedsolving.solve_code", "VERSION"),
    "SOLVE_CODE_EVENT_VERSION": ("npuzzle.speedsolving.solve_code", "EVENT_VERSION"),
    "SOLVE_CODE_UNIT": ("npuzzle.speedsolving.solve_code", "UNIT"),
    "SOLVE_CODE_MAX_VARINT_BYTES": ("npuzzle.speedsolving.solve_code", "MAX_VARINT_BYTES"),
}


def _from_package(module: str, attribute: str):
    """An attribute of this checkout's npuzzle (the package is pure Python and imports
    nothing, so the build reads it from the source tree)."""
    sys.path.insert(0, str(ROOT))
    try:
        return getattr(importlib.import_module(module), attribute)
    finally:
        sys.path.remove(str(ROOT))


def shared_values() -> dict:
    """shared.js's exports by name: SHARED_VALUES read from this checkout's package, and
    PAGE_VALUES (BIG_BOARD, the caches' and the fetch lock's names, LANGUAGES)."""
    values = {name: _from_package(module, attribute) for name, (module, attribute) in SHARED_VALUES.items()}
    values.update({name: value for name, (value, _) in PAGE_VALUES.items()})
    return values


def catalogues(languages: tuple[str, ...] = LANGUAGES, folder: Path = LANGUAGE_FOLDER) -> dict[str, dict[str, str]]:
    """The catalogue of each language as its file has it, {lang: {key: text}}."""
    return {lang: json.loads((folder / f"{lang}.json").read_text()) for lang in languages}


def page_texts(languages: tuple[str, ...] = LANGUAGES, folder: Path = LANGUAGE_FOLDER) -> dict[str, dict[str, str]]:
    """The page's own texts by language, {lang: {key: text}} (the catalogues less the package's messages)."""
    return {
        lang: {key: text for key, text in texts.items() if not key.startswith(PACKAGE_PREFIX)}
        for lang, texts in catalogues(languages, folder).items()
    }


def package_texts(languages: tuple[str, ...] = LANGUAGES, folder: Path = LANGUAGE_FOLDER) -> dict[str, dict[str, str]]:
    """npuzzle.catalogue's messages as the page has them, {lang: {code: template}}: the
    English from the package, each template with {name} fields only (npuzzle.catalogue.plain;
    the api sends the values as npuzzle.catalogue.shown renders them), and the other
    languages' from their catalogues, under PACKAGE_PREFIX + the code."""
    plain = _from_package("npuzzle.catalogue", "plain")
    english = {code: plain(text) for code, text in _from_package("npuzzle.catalogue", "CATALOGUE").items()}
    out = {"en": english}
    for lang, texts in catalogues(tuple(lang for lang in languages if lang != "en"), folder).items():
        out[lang] = {key[len(PACKAGE_PREFIX) :]: text for key, text in texts.items() if key.startswith(PACKAGE_PREFIX)}
    return out


def _module(name: str, exports: dict, sources: dict, folder: Path) -> Path:
    """Write an ES module of frozen JSON values (name -> value, each under a comment
    naming its source) into folder, only when its text changes (so a running server or
    test never reads half a file)."""
    lines = [
        "// Written by the build from the npuzzle package and web/languages/ (builder/codegen.py): do not edit.",
        "",
    ]
    for export, value in exports.items():
        lines.append(f"/** {sources[export]} */")
        literal = json.dumps(value, ensure_ascii=False)
        frozen = f"Object.freeze({literal})" if isinstance(value, (dict, list, tuple)) else literal
        lines.append(f"export const {export} = {frozen};")
    text = "\n".join(lines) + "\n"
    path = folder / name
    if not path.exists() or path.read_text() != text:
        tmp = path.with_name(f".{name}.{os.getpid()}")
        tmp.write_text(text)
        os.replace(tmp, path)
    return path


def write_catalogues(
    folder: Path = GENERATED, languages: tuple[str, ...] = LANGUAGES, language_folder: Path = LANGUAGE_FOLDER
) -> Path:
    """Write catalogues.js, the page's texts (TEXTS, page_texts()) and the package's messages
    (MESSAGES, package_texts()) by language, into folder (web/generated/ by default; kept
    out of git)."""
    sources = {
        "TEXTS": "web/languages/<lang>.json: the page's texts by key",
        "MESSAGES": "npuzzle.catalogue.CATALOGUE and web/languages/<lang>.json: the package's messages by code",
    }
    exports = {
        "TEXTS": page_texts(languages, language_folder),
        "MESSAGES": package_texts(languages, language_folder),
    }
    return _module("catalogues.js", exports, sources, folder)


def write_shared(
    folder: Path = GENERATED, languages: tuple[str, ...] = LANGUAGES, language_folder: Path = LANGUAGE_FOLDER
) -> Path:
    """Write shared.js, the ES module of shared_values(), and catalogues.js (write_catalogues)
    into folder (web/generated/ by default); another list of languages and folder of their catalogues
    make a variant of the page (tests/test_web_languages.py's pseudo-language).

    They are written into web/generated/, where the modules that import them find them, and
    kept out of git (.gitignore): the site copies them from there like any other module, and
    the Node tests, which import web/'s modules straight from the source tree, find them
    there too (tests/conftest.py writes them for them, so they need no site built)."""
    sources = {
        name: ".".join(SHARED_VALUES[name]) if name in SHARED_VALUES else PAGE_VALUES[name][1]
        for name in [*SHARED_VALUES, *PAGE_VALUES]
    }
    write_catalogues(folder, languages, language_folder)
    return _module("shared.js", {**shared_values(), "LANGUAGES": languages}, sources, folder)


def page_markup(site: Path, texts: dict | None = None) -> None:
    """Write the English of index.html's static texts from en.json, for the first paint:
    the text of each element with data-i18n="key" (which web/index.html leaves empty) and
    of each with data-i18n-first="key" (a text the page's scripts own once they run, which
    translate() leaves alone), and the attribute of each data-i18n-aria-label / -title
    (and data-i18n-first-aria-label); and the language switch, a button a language, named
    in its own words (its catalogue's "language.name")."""
    texts = texts or page_texts()
    english = texts["en"]
    page = site / "index.html"
    text = page.read_text()
    text = re.sub(
        r'(<(\w+)\b[^>]*\bdata-i18n(?:-first)?="([^"]+)"[^>]*>)(</\2>)',
        lambda m: m[1] + html.escape(english[m[3]], quote=False) + m[4],
        text,
    )
    text = re.sub(
        r'\bdata-i18n(?:-first)?-(aria-label|title)="([^"]+)"',
        lambda m: f'{m[1]}="{html.escape(english[m[2]])}" {m[0]}',
        text,
    )
    label = html.escape(english["page.language"])
    switch = f'<p class="language" role="group" aria-label="{label}" data-i18n-aria-label="page.language">'
    if switch + "</p>" not in text:
        sys.exit(f"build: web/index.html no longer has the empty language switch {switch}</p> to fill in")
    buttons = "".join(
        f'\n    <button type="button" id="lang-{lang}" lang="{html.escape(own["language.tag"])}"'
        f' aria-pressed="{str(lang == "en").lower()}">{html.escape(own["language.name"])}</button>'
        for lang, own in texts.items()
    )
    page.write_text(text.replace(switch + "</p>", switch + buttons + "\n  </p>"))


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
