"""The page's catalogues, one a language (web/languages/<lang>.json, see docs/languages.md):
every key in every language with the same placeholders, {name} placeholders only, every key
the page shows in the catalogues and every key of the catalogues shown by the page.  The
package's messages reach the page the same way (builder/codegen.py's package_texts: the
English from npuzzle.catalogue, the other languages' under "npuzzle.<code>" in their
catalogue), and are held to the same rules here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))

from builder import codegen
from builder.codegen import LANGUAGES

PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
# a field with a conversion or a format spec, which the page does not read
PYTHON_FIELD = re.compile(r"\{[A-Za-z_]\w*[!:][^}]*\}")
GENERATED = WEB / "generated"  # shared.js, catalogues.js, protocol.js


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


CATALOGUES = {
    "the page's texts (web/languages/)": codegen.page_texts(),
    "the package's messages (npuzzle.catalogue)": codegen.package_texts(),
}


def test_there_is_a_catalogue_for_each_language_and_no_other():
    assert sorted(p.stem for p in (WEB / "languages").glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_key_is_in_every_language_with_the_same_placeholders(name):
    catalogues = CATALOGUES[name]
    english = catalogues["en"]
    for lang, texts in catalogues.items():
        assert set(texts) == set(english), (
            f"{lang}: missing {set(english) - set(texts)}, extra {set(texts) - set(english)}"
        )
        differ = {
            key: (english[key], text) for key, text in texts.items() if placeholders(text) != placeholders(english[key])
        }
        assert differ == {}, f"{lang}: placeholders unlike the English's"
        assert all(isinstance(text, str) and text for text in texts.values()), lang
        assert [text for text in texts.values() if PYTHON_FIELD.search(text)] == [], f"{lang}: {{name}} fields only"


def test_the_language_names_itself():
    for lang, texts in codegen.page_texts().items():
        assert texts["language.name"] and texts["language.tag"].split("-")[0] == lang


def _page_sources() -> dict[str, str]:
    """The page's modules and markup, and the build that writes the markup's switch."""
    paths = [*sorted(WEB.rglob("*.js")), WEB / "index.html", ROOT / "builder" / "codegen.py"]
    return {p.relative_to(ROOT).as_posix(): p.read_text() for p in paths if GENERATED not in p.parents}


def _pattern(template: str) -> str:
    """A template literal's regular expression: `n.${word}.one` -> n\\..+\\.one."""
    return "".join(".+" if part.startswith("${") else re.escape(part) for part in re.split(r"(\$\{[^}]*\})", template))


def _keys_shown() -> tuple[set[str], list[str], list[str]]:
    """The keys the page names as they are (t("key"), data-i18n="key"), the patterns of the
    keys it shows from a template (t(`n.${word}.one`)), and of every template literal that
    starts like a key (`search.${algorithm}`, which may be given to t() later)."""
    text = "\n".join(_page_sources().values())
    named = set(re.findall(r"""\b(?:t|tr)\(["']([\w.-]+)["']""", text))
    named |= set(re.findall(r'data-i18n(?:-first)?(?:-aria-label|-title)?="([\w.-]+)"', text))
    named -= {"key"}  # the comments' example, data-i18n="key"
    shown = [_pattern(template) for template in re.findall(r"\b(?:t|tr)\(`([^`]+)`", text)]
    made = [_pattern(template) for template in re.findall(r"`([a-z_]+\.[\w.]*\$\{[^`]*)`", text)]
    return named, shown, made


def test_every_key_the_page_shows_is_in_the_catalogue():
    english = codegen.page_texts()["en"]
    named, shown, _ = _keys_shown()
    assert sorted(named - set(english)) == []
    for pattern in shown:
        assert any(re.fullmatch(pattern, key) for key in english), f"no key is like {pattern}"


def test_every_key_of_the_catalogue_is_shown():
    """A key is shown when the page names it with t() or data-i18n, makes it from a pattern,
    or writes it out as a string (a code it passes on: address.js's "link.bad")."""
    text = "\n".join(_page_sources().values())
    named, shown, made = _keys_shown()
    unused = [
        key
        for key in codegen.page_texts()["en"]
        if key not in named
        and not any(re.fullmatch(pattern, key) for pattern in shown + made)
        and not re.search(rf"""["'`]{re.escape(key)}["'`]""", text)
    ]
    assert unused == []
