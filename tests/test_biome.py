"""Biome over the page's scripts and styles: `biome check` (its linter's recommended rules
and its formatter, with the configuration in biome.jsonc) passes over web/, and a copy of a
page script with one planted error, a line out of place or a rule broken, fails naming the
file and what is wrong.  Biome is one native binary from npm, pinned in builder/downloads.py
and named by `python3 build.py test` in $NPUZZLE_BIOME."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint  # a checker over the sources: the lint tier

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CONFIG = ROOT / "biome.jsonc"
# written by the build, and left out by biome.jsonc (by these names or the folder generated/)
GENERATED = {"shared.js", "protocol.js"}


@pytest.fixture(scope="module")
def biome() -> str:
    """The pinned binary, which `python3 build.py test` has fetched."""
    binary = os.environ.get("NPUZZLE_BIOME")
    if not binary:
        pytest.fail("Biome is fetched by the build: run these tests with python3 build.py test")
    return binary


def check(biome: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """`biome check` of the files biome.jsonc in `folder` names; a warning fails as an error
    does, so every rule that is on is kept."""
    return subprocess.run(
        [biome, "check", "--error-on-warnings", "--colors=off", "--max-diagnostics=50"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


def shown(p: subprocess.CompletedProcess[str]) -> str:
    return f"exit {p.returncode}\n{p.stdout}{p.stderr}"


def page_sources() -> list[Path]:
    """The scripts and styles biome.jsonc should name: all of web/'s but the generated ones."""
    return sorted(
        p
        for p in WEB.rglob("*")
        if p.suffix in {".js", ".mjs", ".css"} and p.name not in GENERATED and "generated" not in p.parts
    )


def test_the_page_passes_biome_check(biome):
    p = check(biome, ROOT)
    assert p.returncode == 0, f"run the formatter (docs/testing.md) or fix the rule named:\n{shown(p)}"
    # every page source was read (and biome.jsonc, which Biome checks too): none left out by a glob
    checked = re.search(r"Checked (\d+) files?", p.stdout + p.stderr)
    assert checked and int(checked[1]) == len(page_sources()) + 1, shown(p)


def planted(tmp_path: Path, edit) -> Path:
    """A copy of a page script, web/rules.js wherever it lives, beside a copy of biome.jsonc,
    with `edit` applied to its text; the folder."""
    (script,) = WEB.rglob("rules.js")
    (tmp_path / "web").mkdir()
    shutil.copy(CONFIG, tmp_path / CONFIG.name)
    text = script.read_text(encoding="utf-8")
    (tmp_path / "web" / "planted.js").write_text(edit(text), encoding="utf-8")
    return tmp_path


def test_the_copy_as_it_is_passes(biome, tmp_path):
    """The planted tests' copy passes unplanted, so what fails below is what was planted."""
    p = check(biome, planted(tmp_path, lambda text: text))
    assert p.returncode == 0, shown(p)


def test_a_line_out_of_place_fails(biome, tmp_path):
    """One line indented two spaces more than the formatter writes it."""

    def indent(text: str) -> str:
        line = re.search(r"^  (?=(?:const|let|return|if|for)\b)", text, re.M)
        assert line, "web/rules.js has no line indented by two spaces to plant the error in"
        return text[: line.start()] + "  " + text[line.start() :]

    p = check(biome, planted(tmp_path, indent))
    assert p.returncode == 1, shown(p)
    assert re.search(r"web/planted\.js format", p.stdout + p.stderr), shown(p)


@pytest.mark.parametrize(
    "code, rule",
    [
        ("export const planted = (a) => a == 1;", "lint/suspicious/noDoubleEquals"),  # an error
        ("export function planted() {\n  const unused = 1;\n}", "lint/correctness/noUnusedVariables"),  # a warning
    ],
    ids=["double-equals", "unused-variable"],
)
def test_a_broken_rule_fails(biome, tmp_path, code, rule):
    p = check(biome, planted(tmp_path, lambda text: f"{text}\n{code}\n"))
    assert p.returncode == 1, shown(p)
    assert re.search(rf"web/planted\.js:\d+:\d+ {rule}\b", p.stdout + p.stderr), shown(p)
