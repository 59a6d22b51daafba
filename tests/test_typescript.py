"""TypeScript's checker over the page's JavaScript, read with its JSDoc types: the page
(tsconfig.json) and its two workers (tsconfig.worker.json) pass, and type errors planted
in a file checked with the same options fail, in the page's own code and in the typings of
Pyodide and Chart.js.  The checker is typescript from npm, pinned in builder/downloads.py
and named by `python3 build.py test` in $NPUZZLE_TSC, run with Node; its output is the
failure's message."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from support import node_executable

pytestmark = pytest.mark.lint  # a checker over the sources: the lint tier

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "tsconfig.json"
WORKERS = ROOT / "tsconfig.worker.json"


@pytest.fixture(scope="module")
def tsc(shared_module) -> list[str]:
    """The command that runs the pinned checker.  `python3 build.py test` has fetched it,
    and the packages whose typings the configurations name (the build's cache)."""
    script = os.environ.get("NPUZZLE_TSC")
    if not script:
        pytest.fail("TypeScript's checker is fetched by the build: run these tests with python3 build.py test")
    return [node_executable(), script]


def check(tsc: list[str], config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*tsc, "--pretty", "false", "-p", str(config)], capture_output=True, text=True, timeout=300)


def errors(done: subprocess.CompletedProcess) -> list[tuple[str, int, str]]:
    """(file name, line, error code) of each error tsc reported."""
    found = re.findall(r"^(.+?)\((\d+),\d+\): error (TS\d+):", done.stdout, re.M)
    return [(Path(name).name, int(line), code) for name, line, code in found]


def read_config(path: Path) -> dict:
    """A tsconfig file's settings (its comments are whole lines starting with //)."""
    return json.loads("\n".join(line for line in path.read_text().splitlines() if not line.strip().startswith("//")))


@pytest.mark.parametrize("config", [PAGE, WORKERS], ids=lambda p: p.name)
def test_the_page_passes_the_checker(tsc, config):
    done = check(tsc, config)
    assert done.returncode == 0, f"tsc -p {config.name} found errors:\n{done.stdout}{done.stderr}"


def test_the_typings_are_those_of_the_pinned_packages():
    """tsconfig.json names the typings by where build.py caches its pinned packages, so a
    new pin must change it too (else the checker reads the old version's, or none)."""
    paths = read_config(PAGE)["compilerOptions"]["paths"]
    assert paths == {
        "pyodide": [f"./.cache/pyodide-{pin('PYODIDE_VERSION')}/pyodide.d.ts"],
        "chart.js": [f"./.cache/chart.js-{pin('CHART_VERSION')}/dist/types.d.ts"],
    }


def pin(name: str) -> str:
    """A version pinned in builder/downloads.py, read from its source (the tests import no
    part of the build but the code generation)."""
    tree = ast.parse((ROOT / "builder" / "downloads.py").read_text())
    (value,) = [
        n.value
        for n in tree.body
        if isinstance(n, ast.Assign) and [getattr(t, "id", None) for t in n.targets] == [name]
    ]
    return ast.literal_eval(value)


def planted(tmp_path: Path, base: Path, lines: list[str]) -> Path:
    """A configuration with `base`'s options over one file, planted.js, of these lines."""
    (tmp_path / "planted.js").write_text("\n".join(lines) + "\n")
    config = tmp_path / "tsconfig.json"
    config.write_text(json.dumps({"extends": str(base), "include": ["planted.js", str(ROOT / "types" / "*.d.ts")]}))
    return config


def test_a_type_error_in_the_page_fails(tsc, tmp_path):
    """A wrong type against a JSDoc annotation, and a wrong call of a page module's typed
    function, each an error of its line (no `// @ts-check`: checkJs covers every file)."""
    solver = (ROOT / "web" / "solver" / "solver.js").as_posix()
    config = planted(
        tmp_path,
        PAGE,
        [
            f'import {{ Solver }} from "{solver}";',
            "/** @type {number} */",
            'const n = "a";',
            "new Solver({ onReady: 5 });",
            "export { n };",
        ],
    )
    done = check(tsc, config)
    assert done.returncode != 0
    assert errors(done) == [("planted.js", 3, "TS2322"), ("planted.js", 4, "TS2322")], done.stdout


def test_misused_library_typings_fail(tsc, tmp_path):
    """Pyodide's and Chart.js's own typings are read (not taken as `any`): a worker calling
    loadPyodide with a number, and a chart made without its canvas, are errors."""
    config = planted(
        tmp_path,
        WORKERS,
        ['import { loadPyodide } from "./pyodide/pyodide.mjs";', "loadPyodide(5);", "new Chart();"],
    )
    done = check(tsc, config)
    assert done.returncode != 0
    assert errors(done) == [("planted.js", 2, "TS2559"), ("planted.js", 3, "TS2554")], done.stdout
