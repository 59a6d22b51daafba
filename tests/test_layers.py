"""The package's layers point down: import-linter checks the contracts in pyproject.toml.

The second test shows the check can fail: a copy of the package with one import that
points up (inside a function, where a cycle is easiest to hide) breaks the contract.  Every
package has a contract that names each of its modules and sub-packages, so none is left
out of the check; and the package's top holds only its front and the few modules every
layer needs, the rest in folders by role.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
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


# The package's top: its front (__init__.py, __main__.py) and the few modules every layer
# needs (the message catalogue, the Result every search returns); the rest in folders by role.
MAX_TOP_MODULES = 6


def contracts_by_container(pyproject: Path) -> dict[str, set[str]]:
    """Each contract's container and the names its layers give (``a | b`` and ``a : b`` alike)."""
    config = tomllib.loads(pyproject.read_text())
    named: dict[str, set[str]] = {}
    for contract in config["tool"]["importlinter"]["contracts"]:
        for container in contract.get("containers", []):
            for layer in contract.get("layers", []):
                for name in layer.replace(":", "|").split("|"):
                    named.setdefault(container, set()).add(name.strip().strip("()"))
    return named


def unnamed(package: Path, pyproject: Path) -> list[str]:
    """The modules and sub-packages under the package's folder that no layers contract
    names: each package's children are named by a contract whose container is that package."""
    named = contracts_by_container(pyproject)
    missing = []
    for init in sorted(package.rglob("__init__.py")):
        folder = init.parent
        dotted = ".".join(folder.relative_to(package.parent).parts)
        children = [p.stem for p in folder.glob("*.py") if p.name != "__init__.py"]
        children += [p.name for p in folder.iterdir() if (p / "__init__.py").is_file()]
        missing += [f"{dotted}.{child}" for child in sorted(children) if child not in named.get(dotted, set())]
    return missing


def test_every_module_and_sub_package_is_named_by_a_contract():
    missing = unnamed(ROOT / "npuzzle", ROOT / "pyproject.toml")
    assert missing == [], f"no layers contract in pyproject.toml names {', '.join(missing)}: add it to its package's"


def test_the_check_above_would_see_a_module_left_out(tmp_path):
    shutil.copytree(ROOT / "npuzzle", tmp_path / "npuzzle", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "npuzzle" / "search" / "greedy.py").write_text('"""A search no contract names."""\n')
    (tmp_path / "npuzzle" / "extra").mkdir()
    (tmp_path / "npuzzle" / "extra" / "__init__.py").write_text("")
    (tmp_path / "npuzzle" / "extra" / "thing.py").write_text("")
    missing = unnamed(tmp_path / "npuzzle", ROOT / "pyproject.toml")
    assert missing == ["npuzzle.extra", "npuzzle.extra.thing", "npuzzle.search.greedy"]


def test_the_top_of_the_package_holds_a_few_modules():
    top = sorted(p.name for p in (ROOT / "npuzzle").glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, f"npuzzle/ holds {top} at its top: put a module in its role's folder"


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
    web/generated/shared.js for the Node tests) and builder.protocol_js (web/generated/protocol.js from the
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
