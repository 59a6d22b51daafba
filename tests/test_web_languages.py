"""Adding a language is one catalogue file and one entry in the list of languages
(docs/languages.md): a pseudo-language, every English text wrapped as ⟦text⟧ with its
placeholders kept, added so to a copy of the catalogues, and the built page served with
the files the build writes from them (generated/catalogues.js and shared.js, index.html).  The page in
it, in Chromium, shows every text in the pseudo-language: the game, the settings and
panels (each <details> opened), the practice panels and the lab's views, aria-labels and
titles included; what is left outside ⟦...⟧ is names, numbers and board IDs only.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from web_fixtures import READY, ROOT, closed_clean, visible_texts, watched_page

from builder import codegen
from npuzzle.lab.cases import TITLES

PSEUDO = "xx"
WEB = ROOT / "web"
# What may stay outside ⟦...⟧: names and data, in no language (web_fixtures.NAMES, and the
# language switch's own names).
DATA = re.compile(
    r"IDA\*|A\*|npuzzle|Python|Pyodide|Markdown|CSV|English|中文|MB|STM|MTM|TPS|\bao[0-9]+\b|"
    r"\b[0-9]+x[0-9]+\b|[0-9]+x[0-9]+:[0-9,_]+|\b[UDLR0-9]+\b|r[0-9]+,c[0-9]+|"
    + "|".join(re.escape(title) for title in TITLES.values())  # the course reports' titles, as they wrote them
)


def wrapped(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> dict[str, bytes]:
    """The built page's files that change with the languages, for a list of languages with the
    pseudo-language added: {its path in the site: its text}."""
    folder = tmp_path_factory.mktemp("languages")
    for lang in codegen.LANGUAGES:
        shutil.copy(WEB / "languages" / f"{lang}.json", folder)
    english = codegen.page_texts(("en",))["en"]
    messages = codegen.package_texts(("en",))["en"]
    pseudo = {key: wrapped(text) for key, text in english.items()}
    pseudo |= {codegen.PACKAGE_PREFIX + code: wrapped(text) for code, text in messages.items()}
    pseudo |= {"language.tag": PSEUDO, "language.name": wrapped("Pseudo")}
    (folder / f"{PSEUDO}.json").write_text(json.dumps(pseudo, ensure_ascii=False, indent=1))  # the new file
    languages = (*codegen.LANGUAGES, PSEUDO)  # the one line
    out = tmp_path_factory.mktemp("site")
    (out / "generated").mkdir()
    codegen.write_shared(out / "generated", languages, folder)
    shutil.copy(WEB / "index.html", out)
    codegen.heuristic_options(out)
    codegen.page_markup(out, codegen.page_texts(languages, folder))
    return {
        name: (out / name).read_bytes() for name in ("generated/catalogues.js", "generated/shared.js", "index.html")
    }


def serve(body: bytes, kind: str):
    """A route handler that answers with body."""
    return lambda route, _request: route.fulfill(body=body, content_type=kind)


@pytest.fixture
def pseudo_page(browser, site_url, variant):
    page = watched_page(browser, site_url)
    for name, body in variant.items():
        kind = "text/html" if name.endswith(".html") else "text/javascript"
        ending = r"(index\.html)?(\?.*)?$" if name == "index.html" else re.escape(name)
        page.context.route(re.compile(re.escape(site_url) + ending), serve(body, kind))
    yield page
    closed_clean(page)


def untranslated(page) -> list[str]:
    """Each visible text, aria-label and title with letters outside ⟦...⟧ once names and data are left out."""
    texts = visible_texts(page)
    left = []
    for text in texts:
        rest = text
        while re.search(r"⟦[^⟦⟧]*⟧", rest):
            rest = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
        if re.search(r"[A-Za-z]{2,}", DATA.sub(" ", rest)):
            left.append(text)
    return sorted(set(left))


def test_a_language_added_as_one_file_and_one_line_has_every_text_of_the_page(pseudo_page):
    page = pseudo_page
    page.goto(page.site_url + "#id=3x3:1,2,3,4,5,6,7,0,8&lang=" + PSEUDO)
    solve = page.get_by_role("button", name=wrapped("Solve"), exact=True)
    solve.and_(page.locator(":enabled")).wait_for(timeout=READY)
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    assert page.get_by_role("button", name=wrapped("Pseudo")).get_attribute("aria-pressed") == "true"
    solve.click()
    page.locator("#status").filter(has_text=wrapped("Solution")[:-1]).wait_for(timeout=60_000)
    seen = {"the game, solved": untranslated(page)}
    # every panel and setting open: the picture, session, controls, editor, speedsolving, options, the lab
    page.evaluate("() => { for (const d of document.querySelectorAll('details')) d.open = true; }")
    page.locator("#lab-status").filter(has_text=wrapped("Lab ready")[:-1]).wait_for(timeout=READY)
    seen["every panel open"] = untranslated(page)
    for tab in ("study", "step", "heuristic", "cases"):
        page.locator(f"#lab-tab-{tab}").click()
        page.locator(f"#lab-{tab}").wait_for()
        seen[f"the lab's {tab} view"] = untranslated(page)
    left = {where: texts for where, texts in seen.items() if texts}
    assert left == {}, json.dumps(left, ensure_ascii=False, indent=1)
