"""No constant written twice: a value the page and the package share comes from the package
through the page's generated modules (web/generated/shared.js and catalogues.js, written by
builder/codegen.py).

The page's own sources (web/**/*.js but the generated folder's shared.js, catalogues.js and
protocol.js, and web/index.html) and the package's (npuzzle/**/*.py) are read for their
constants:

- a *name* defined in both: an UPPER_CASE name assigned at a module's top level (or a
  class's) in Python, and ``const UPPER_CASE =`` in the page;
- a *value* in both: a distinctive literal in such a constant (a string of 4 characters
  or more that looks like a name or a format: letters, digits and ``_ - . + :``, not only
  a word of prose; a number of 10 or more that is not a round or common one, COMMON), and
  in the page also an ``<option value="...">`` of index.html, which names a choice the
  package defines.

Each is a failure unless ALLOWED explains why it is a coincidence; the message names the
file, the name or the value, and says where it belongs.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
PACKAGE = ROOT / "npuzzle"
GENERATED = WEB / "generated"

# Numbers too common to be a shared rule: units, powers of two, round numbers.
COMMON = {10**k for k in range(1, 10)} | {2**k for k in range(4, 33)} | {60, 3600, 24, 30, 12, 20, 50, 200, 500}
COMMON |= {2**k - 1 for k in range(4, 33)}  # masks

# Names and values in both trees that are not one value written twice, each with its reason.
ALLOWED_NAMES = {
    "DNF": "a result that did not finish, Infinity in the page and math.inf in the package: no setting",
    "ID": "rules.js's regular expression of a board ID, in JavaScript's syntax (tests/test_rules_twin.py)",
    "TOKEN": "rules.js's regular expression of a move list's parts, likewise held by tests/test_rules_twin.py",
    "MODES": "picture_ui.js's ways to show a picture; the package's are the batch progress modes",
}
ALLOWED_VALUES = {
    2000: "playback.js's SHOWN_TILES, a count of tiles; the package's 2000 is a +2's milliseconds",
}
# The catalogue's texts and words are held to one source by tests/test_shared.py (the page
# has them from catalogues.js; rules.js's WORDS, the gaps between words, is
# another thing of that name).
SKIPPED = {"CATALOGUE", "WORDS"}


def _python_literals(node: ast.AST) -> Iterator[object]:
    """The literals of a constant's value when it is one (a string, a number) or a flat
    collection of them (a tuple, list, set or dict, or such a value given to a call, as
    frozenset({...})); a table of tables (the databases' shapes) is data, not a setting."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        node = ast.Constant(-node.operand.value)  # type: ignore[operator]
    items = [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = [*(k for k in node.keys if k is not None), *node.values]
    if all(isinstance(i, ast.Constant) for i in items):
        for item in items:
            value = item.value  # type: ignore[attr-defined]
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                yield value


def python_constants(text: str) -> dict[str, list[object]]:
    """A module's UPPER_CASE constants (top level and class level): name -> literals in its value."""
    constants: dict[str, list[object]] = {}
    tree = ast.parse(text)
    bodies = [tree.body] + [n.body for n in tree.body if isinstance(n, ast.ClassDef)]
    for body in bodies:
        for node in body:
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            for target in targets:
                if (
                    isinstance(target, ast.Name)
                    and re.fullmatch(r"_?[A-Z][A-Z0-9_]*", target.id)
                    and (target.id not in SKIPPED)
                ):
                    constants[target.id.lstrip("_")] = list(_python_literals(value))
    return constants


_JS_STRING = re.compile(r""""((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\$]|\\.)*)`""")
_JS_NUMBER = re.compile(r"(?<![\w.$])(\d[\d_]*(?:\.\d+)?(?:e\d+)?)(?![\w.])")
_JS_CONST = re.compile(r"^\s*(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*=\s*", re.M)


def _js_initializer(text: str, start: int) -> str:
    """The text of a const's value from start to its end: the first ';' at bracket depth 0."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c in "\"'`":
            m = _JS_STRING.match(text, i)
            i = m.end() if m else i + 1
            continue
        if c == "/" and text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else len(text)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif (c == ";" or c == "\n" and depth == 0 and text[i - 1] not in ",=([{") and depth <= 0:
            return text[start:i]
        i += 1
    return text[start:]


def js_literals(code: str) -> list[object]:
    out: list[object] = []
    for m in _JS_STRING.finditer(code):
        out.append(next(g for g in m.groups() if g is not None))
    stripped = _JS_STRING.sub('""', code)
    stripped = re.sub(r"//[^\n]*", "", stripped)
    for m in _JS_NUMBER.finditer(stripped):
        number = float(m.group(1).replace("_", ""))
        out.append(int(number) if number.is_integer() else number)
    return out


def page_constants(name: str, text: str) -> dict[str, list[object]]:
    """A page source's UPPER_CASE consts (name -> literals in its value); for index.html,
    its <option>s' values under the name "<option>"."""
    if name.endswith(".html"):
        return {"<option>": re.findall(r"<option\b[^>]*\bvalue=\"([^\"]*)\"", text)}
    return {m.group(1): js_literals(_js_initializer(text, m.end())) for m in _JS_CONST.finditer(text)}


def distinctive(value: object) -> bool:
    """A literal worth one source: a string like a name or format of several parts
    ("linear-conflict", "time_ms", "npuzzle-session"; a plain word is prose), an
    uncommon number."""
    if isinstance(value, str):
        return len(value) >= 4 and bool(re.fullmatch(r"[A-Za-z0-9]+(?:[_.+:-][A-Za-z0-9]+)+", value))
    return isinstance(value, (int, float)) and abs(value) >= 10 and value not in COMMON


def duplicates(package: dict[str, str], page: dict[str, str]) -> list[str]:
    """Each constant name and distinctive value found in both trees' sources ({file: text})
    and not allowed, as a message naming the page's file."""
    names: dict[str, str] = {}
    values: dict[object, str] = {}
    for file, text in package.items():
        for name, literals in python_constants(text).items():
            names.setdefault(name, file)
            for value in literals:
                if distinctive(value):
                    values.setdefault(value, f"{file} ({name})")
    found = []
    for file, text in page.items():
        for name, literals in page_constants(file, text).items():
            if name in names and name not in ALLOWED_NAMES:
                found.append(
                    f"{file}: the constant {name} is defined in {names[name]} too: "
                    "generate it into web/generated/shared.js (builder/codegen.py) and import it from there"
                )
            for value in literals:
                if distinctive(value) and value in values and value not in ALLOWED_VALUES:
                    found.append(
                        f"{file}: {name} holds {value!r}, a constant of {values[value]}: "
                        "generate it into web/generated/shared.js (builder/codegen.py) and import it from there"
                    )
    return sorted(set(found))


def package_sources() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): p.read_text() for p in sorted(PACKAGE.rglob("*.py"))}


def page_sources() -> dict[str, str]:
    files = [p for p in sorted(WEB.rglob("*.js")) if GENERATED not in p.parents] + [WEB / "index.html"]
    return {p.relative_to(ROOT).as_posix(): p.read_text() for p in files}


def test_no_constant_is_written_in_both_the_page_and_the_package():
    assert duplicates(package_sources(), page_sources()) == []


def test_the_allowances_are_still_needed():
    """An allowance that no longer matches anything is dropped, so the list stays short."""
    package, page = package_sources(), page_sources()
    python_names = {n for text in package.values() for n in python_constants(text)}
    page_names = {n for f, text in page.items() for n in page_constants(f, text)}
    assert set(ALLOWED_NAMES) <= python_names & page_names
    python_values = {v for text in package.values() for lits in python_constants(text).values() for v in lits}
    page_values = {v for f, text in page.items() for lits in page_constants(f, text).values() for v in lits}
    assert set(ALLOWED_VALUES) <= python_values & page_values


def test_a_planted_copy_is_found():
    """A constant copied into the page, by name or by value, fails with where it is."""
    package = {
        "npuzzle/speedsolving/solve_code.py": "VERSION = 1\nUNIT = 10\nMAX_VARINT_BYTES = 4\n",
        "npuzzle/x.py": 'FORMAT = "npuzzle-session"\nLIMITS = (5, 12, 1234)\n',
    }
    page = {
        "web/game/a.js": 'import { UNIT } from "../generated/shared.js";\nexport const KIND = "npuzzle-session";\n',
        "web/game/b.js": "const MAX_VARINT_BYTES = 4; // numbers below 2**28\nconst SIZES = [3, 1234];\n",
        "web/index.html": '<select><option value="npuzzle-session">x</option></select>',
    }
    found = duplicates(package, page)
    assert len(found) == 4, found
    assert all("generate it into web/generated/shared.js" in f for f in found)
    assert any(f.startswith("web/game/b.js: the constant MAX_VARINT_BYTES") for f in found)
    assert any(f.startswith("web/game/a.js: KIND holds 'npuzzle-session'") for f in found)
    assert any(f.startswith("web/game/b.js: SIZES holds 1234") for f in found)
    assert any(f.startswith("web/index.html: <option> holds 'npuzzle-session'") for f in found)
    # imported from the generated module, it is no copy
    assert duplicates(package, {"web/game/a.js": 'import { UNIT } from "../generated/shared.js";\n'}) == []
