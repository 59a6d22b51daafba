"""The package's layers point down: import-linter checks the contracts in pyproject.toml.

The second test shows the check can fail: a copy of the package with one import that
points up (inside a function, where a cycle is easiest to hide) breaks the contract.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint  # a checker over the sources: the lint tier

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(folder))
    return subprocess.run(
        [str(LINT), "--config", str(folder / "pyproject.toml"), "--no-cache"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_layers_contract_is_kept():
    p = lint(ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    contracts = (ROOT / "pyproject.toml").read_text().count("[[tool.importlinter.contracts]]")
    assert f"{contracts} kept, 0 broken" in p.stdout


def test_an_import_pointing_up_breaks_it(tmp_path):
    shutil.copytree(ROOT / "npuzzle", tmp_path / "npuzzle", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    result = tmp_path / "npuzzle" / "result.py"
    result.write_text(result.read_text() + "\n\ndef _late():\n    from .search import portfolio  # points up\n")
    p = lint(tmp_path)
    assert p.returncode != 0
    assert "0 broken" not in p.stdout and "npuzzle.result -> npuzzle.search.portfolio" in p.stdout


def test_test_files_import_only_the_shared_helpers():
    """A test file imports support.py and web_fixtures.py, never another test file or
    conftest.py (pytest loads those itself; importing one runs it twice)."""
    import ast
    from pathlib import Path

    here = Path(__file__).parent
    wrong = []
    for path in sorted(here.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            wrong += [f"{path.name} imports {n}" for n in names if n.split(".")[0].startswith(("test_", "conftest"))]
    assert wrong == []


def test_test_files_import_only_the_code_generation_of_the_build():
    """Of the build, the tests import only the code generation, builder.codegen (it writes
    web/shared.js for the Node tests) and builder.protocol_js (web/protocol.js from the
    protocol's types); they build the site by running build.py, as a person does."""
    import ast

    wrong = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            build = [n for n in names if n.split(".")[0] in ("build", "builder")]
            wrong += [
                f"{path.name} imports {n}"
                for n in build
                if not n.startswith(("builder.codegen", "builder.protocol_js"))
            ]
    assert wrong == []
