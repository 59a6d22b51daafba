"""The values the page shares with the package have one source: the package, through the
modules the build writes (web/generated/shared.js and catalogues.js, see builder/codegen.py).

The page's modules, run under Node, must hold the package's values; and the page's
sources must hold no copy of them: no second definition of a shared name, and none of
the package's English messages written out again.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from npuzzle import api, lab
from npuzzle.catalogue import CATALOGUE
from npuzzle.rules.topology import MAX_SIDE, MIN_SIDE
from npuzzle.search.heuristics import TILE_HEURISTICS

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))

from support import node_executable

from builder import codegen

# The page's own sources, by their path in web/: every module, the markup and the page's
# catalogues, but not the generated modules.
GENERATED = WEB / "generated"
SOURCES = {
    p.relative_to(WEB).as_posix(): p.read_text()
    for p in [*sorted(WEB.rglob("*.js")), WEB / "index.html", *sorted(WEB.glob("languages/*.json"))]
    if GENERATED not in p.parents
}


def node_json(script: str) -> dict:
    """What a Node ES module script prints as JSON (run from web/, so it imports ./folder/x.js)."""
    node = node_executable()
    out = subprocess.run(
        [node, "--input-type=module", "-e", script], cwd=WEB, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return json.loads(out)


def test_the_generated_module_holds_the_package_values(shared_module):
    exported = node_json('import * as shared from "./generated/shared.js"; console.log(JSON.stringify(shared));')
    expected = {
        name: getattr(importlib.import_module(module), attribute)
        for name, (module, attribute) in codegen.SHARED_VALUES.items()
    }
    assert {name: exported[name] for name in expected} == json.loads(json.dumps(expected))
    assert {name: exported[name] for name in codegen.PAGE_VALUES} == json.loads(
        json.dumps({name: value for name, (value, _) in codegen.PAGE_VALUES.items()})
    )
    assert set(exported) == {*codegen.SHARED_VALUES, *codegen.PAGE_VALUES}


def test_the_generated_catalogues_hold_the_languages_texts(shared_module):
    """catalogues.js: the page's catalogues as web/languages/ has them, and the package's
    messages with {name} fields only, in every language of LANGUAGES."""
    exported = node_json('import * as c from "./generated/catalogues.js"; console.log(JSON.stringify(c));')
    assert exported == {"TEXTS": codegen.page_texts(), "MESSAGES": codegen.package_texts()}
    assert set(exported["TEXTS"]) == set(codegen.LANGUAGES) == set(exported["MESSAGES"])


def test_the_page_modules_use_the_package_values(shared_module):
    page = node_json("""
        import { MAX_WORKERS } from "./solver/pool.js";
        import { LAB_DEFAULTS } from "./lab/lab.js";
        import { MAX_SIDE, MIN_SIDE, parseBoardId } from "./game/rules.js";
        let error = null;
        try { parseBoardId("31x2:1"); } catch (e) { error = e.message; }
        console.log(JSON.stringify({ MAX_WORKERS, LAB_DEFAULTS, MIN_SIDE, MAX_SIDE, error }));
    """)
    assert page["MAX_WORKERS"] == api.MAX_LANES
    defaults = page["LAB_DEFAULTS"]
    assert (defaults["weight"], defaults["timeLimit"], defaults["maxNodes"]) == (
        lab.DEFAULT_WEIGHT,
        lab.DEFAULT_TIME_LIMIT,
        lab.DEFAULT_MAX_NODES,
    )
    assert set(defaults["algorithms"]) <= set(lab.ALGORITHMS) and set(defaults["heuristics"]) <= set(lab.HEURISTICS)
    assert (page["MIN_SIDE"], page["MAX_SIDE"]) == (MIN_SIDE, MAX_SIDE)
    assert page["error"] == api.check("31x2:1")["error"]  # worded from the catalogue's English


def test_no_page_source_defines_a_shared_name_again():
    names = [*codegen.SHARED_VALUES, *codegen.PAGE_VALUES, "TEXTS", "MESSAGES"]
    again = {
        (file, name)
        for file, text in SOURCES.items()
        for name in names
        if re.search(rf"\b(?:const|let|var)\s+{name}\s*=\s*(?!Infinity\b)\S", text)
    }
    assert again == set()
    # first_paint.js gets its number from the build: in the source tree it has none
    assert re.search(r"const BIG_BOARD = Infinity;", SOURCES["first_paint.js"])


def test_no_page_source_copies_a_package_message():
    """The package's English messages are in catalogues.js only: a literal stretch of each
    (the text between its fields, 16 characters or more) is in no page source.  (Its
    words, word.*, and the lab's names of algorithms, heuristics and columns, which prose
    uses, are the page's words too.)"""
    names = ("word.", "lab.algorithm.", "lab.heuristic.", "lab.column.")
    copies = set()
    for code, english in CATALOGUE.items():
        if code.startswith(names):
            continue
        for stretch in re.split(r"\{[^}]*\}", english):
            if len(stretch.strip()) >= 16:
                copies |= {(file, code) for file, text in SOURCES.items() if stretch in text}
    assert copies == set()


def test_the_build_writes_the_generated_files(tmp_path, shared_module):
    """The site gets shared.js as the tests do, and first_paint.js with BIG_BOARD's value;
    sw.js has the line for the build to write the caches' names in (builder/site.py
    offline()), and no name of its own."""
    assert codegen.write_shared(tmp_path).read_text() == shared_module.read_text()
    shutil.copy(WEB / "first_paint.js", tmp_path)
    codegen.first_paint(tmp_path)
    assert f"const BIG_BOARD = {codegen.BIG_BOARD};" in (tmp_path / "first_paint.js").read_text()
    assert 'const NAMES = { prefix: "", data: "", lock: "" };' in SOURCES["sw.js"]
    assert codegen.CACHE_PREFIX not in SOURCES["sw.js"] + SOURCES["solver/worker.js"]


def test_the_build_gives_the_heuristic_options_the_package_names(tmp_path):
    """index.html's heuristic options get their values from the package, strongest first,
    each keeping the page's words for it."""
    shutil.copy(WEB / "index.html", tmp_path)
    codegen.heuristic_options(tmp_path)
    select = re.search(r'<select id="heuristic"[^>]*>(.*?)</select>', (tmp_path / "index.html").read_text(), re.S)[1]
    values = re.findall(r'<option value="([^"]*)"', select)
    assert values == ["", *reversed(TILE_HEURISTICS)]
    assert re.search(r'<option value="manhattan" data-i18n="page.heuristic_manhattan"><', select)
