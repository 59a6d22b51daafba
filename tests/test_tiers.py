"""The quick tier still reaches the whole house: every module of the package and every
module of the page is imported by some test of `python3 build.py test --quick`, but the few
named in UNREACHED, each with its reason.  A module added that no quick test reaches fails
here, and so does a name left in UNREACHED once a quick test reaches it.

"Reaches" is read from the sources, transitively: a Python test file's imports (conftest.py's
too), a package module whose doctests run, the page modules a Node harness (tests/*.mjs)
imports, and, for the browser smoke tests, everything the page loads from index.html.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from support import build_constant, tier_markers

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PACKAGE = ROOT / "npuzzle"

# Not reached by the quick tier, and why: each is run by a slower tier of the same command.
UNREACHED: dict[str, str] = {
    "web/generated/protocol.js": "JSDoc types only, read by TypeScript's checker (the lint tier), never run",
    "web/sw.js": "the service worker: the quick tier's pages block it, the offline and first-visit tests run it",
}
RUN_PACKAGE = re.compile(r"""["']-m["'],\s*["']npuzzle["']""")

STATIC_IMPORT = re.compile(r"""(?:^|;|\n)\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']""")
BARE_IMPORT = re.compile(r"""(?:^|\n)\s*import\s*["']([^"']+)["']""")
DYNAMIC = re.compile(r"""\bimport\(\s*["']([^"']+)["']\s*\)|new URL\(\s*["']([^"']+\.m?js)["']""")
COMMENTS = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.S)


def tiers() -> dict[str, str]:
    return build_constant("runners", "TIERS")


def collect(expression: str) -> list[str]:
    """The ids of the tests the marker expression picks, as pytest collects them."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", expression],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return [line for line in run.stdout.splitlines() if "::" in line]


def marked(marker: str) -> set[str]:
    """The tests (file::name) decorated with the marker, read from the test files."""
    found = set()
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and any(
                ast.unparse(d) == f"pytest.mark.{marker}" for d in node.decorator_list
            ):
                found.add(f"tests/{path.name}::{node.name}")
    return found


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def python_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules a Python file imports, anywhere in it (inside functions too)."""
    name = module_name(path) if path.is_relative_to(PACKAGE) else ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    reached = set()
    for target in found:
        parts = target.split(".")
        # importing a.b.c runs a, a.b and a.b.c
        reached.update(".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in modules)
    return reached


def python_closure(start: set[Path]) -> set[str]:
    modules = package_modules()
    seen: set[str] = set()
    todo = [p for p in start]
    while todo:
        for name in python_imports(todo.pop(), modules):
            if name not in seen:
                seen.add(name)
                todo.append(modules[name])
    return seen


def js_imports(path: Path) -> set[Path]:
    """The scripts a page module or Node harness imports, statically or with import(), and
    the workers it starts (comments left out, so a JSDoc type's import() is not counted)."""
    text = COMMENTS.sub("", path.read_text(encoding="utf-8"))
    names = STATIC_IMPORT.findall(text) + BARE_IMPORT.findall(text)
    names += [a or b for a, b in DYNAMIC.findall(text)]
    return {(path.parent / n).resolve() for n in names if n.startswith(".")}


def js_closure(start: set[Path]) -> set[Path]:
    seen: set[Path] = set()
    todo = list(start)
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        seen.add(path)
        todo.extend(js_imports(path))
    return seen


def page_entries() -> set[Path]:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    return {(WEB / src).resolve() for src in re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)}


def page_modules() -> set[Path]:
    """The page's own scripts (the vendored and copied ones aside)."""
    return {p.resolve() for p in WEB.rglob("*.js")}


def quick_reach(items: list[str], browser: bool) -> tuple[set[str], set[Path]]:
    """The package's modules and the page's scripts the quick tier's tests reach (with
    `browser`, its smoke tests open the page, which loads what index.html reaches)."""
    files = {ROOT / nodeid.split("::")[0] for nodeid in items}
    texts = [f.read_text(encoding="utf-8") for f in files if f.is_relative_to(ROOT / "tests")]
    # `python -m npuzzle` in a subprocess runs the package's __main__
    commands = {PACKAGE / "__main__.py" for text in texts if RUN_PACKAGE.search(text)}
    python = python_closure(files | commands | {ROOT / "tests" / "conftest.py"})
    python |= {module_name(f) for f in commands}
    python |= {module_name(f) for f in files if f.is_relative_to(PACKAGE)}  # doctests
    harnesses = {(ROOT / "tests" / name).resolve() for text in texts for name in re.findall(r"\w+\.mjs", text)}
    script = js_closure(harnesses | (page_entries() if browser else set()))
    return python, script


@pytest.fixture(scope="module")
def reach():
    items, smoke = collect(tiers()["quick"]), marked("smoke")
    assert items, "the quick tier collected no test"
    return items, smoke, *quick_reach(items, bool(smoke))


def test_every_package_and_page_module_is_reached_by_the_quick_tier(reach):
    _, _, python, script = reach
    missing = sorted(set(package_modules()) - python) + sorted(
        f"web/{p.relative_to(WEB).as_posix()}" for p in page_modules() - script
    )
    assert {m: UNREACHED.get(m, "(no reason given)") for m in missing} == UNREACHED


def test_the_quick_tier_has_a_handful_of_browser_smoke_tests(reach):
    items, smoke, _, _ = reach
    assert smoke <= {nodeid.split("[")[0] for nodeid in items}  # a parametrized test once
    assert 4 <= len(smoke) <= 10, sorted(smoke)
    assert all(Path(t.split("::")[0]).name.startswith("test_web") for t in smoke)


def test_the_reach_would_see_a_module_added_that_nothing_imports(tmp_path):
    (tmp_path / "a.js").write_text('import { x } from "./b.js";\n// import { y } from "./c.js";\nimport("./d.js");\n')
    for name in "bcd":
        (tmp_path / f"{name}.js").write_text("export const x = 1;\n")
    assert {p.name for p in js_closure({tmp_path / "a.js"})} == {"a.js", "b.js", "d.js"}
    modules = package_modules()
    reached = python_closure({ROOT / "tests" / "test_core.py"})
    assert "npuzzle.rules.board" in reached and reached <= set(modules)


def test_every_marker_a_tier_names_is_registered():
    """--strict-markers refuses a misspelt marker on a test, not in a -m expression, where
    it would silently match nothing."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    registered = {entry.split(":")[0] for entry in config["tool"]["pytest"]["ini_options"]["markers"]}
    named = tier_markers(tiers())
    assert named <= registered, named - registered
