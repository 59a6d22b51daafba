"""The checks every commit passes: ruff's lint and format over every Python file, and mypy
over the package, each with the configuration in pyproject.toml ([tool.ruff], [tool.mypy]).

Each check is also shown able to fail: the same tool, with the same configuration, on a
small file holding one planted error of the kind it exists to catch.  mypy keeps its
cache in .mypy_cache (docs/testing.md gives its times cold and warm).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint  # a checker over the sources: the lint tier

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyproject.toml"


def tool(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run `python -m <tool> ...` from this interpreter's environment (the test extra pins them)."""
    return subprocess.run([sys.executable, "-m", *map(str, args)], cwd=cwd, capture_output=True, text=True)


def shown(p: subprocess.CompletedProcess[str]) -> str:
    return f"exit {p.returncode}\n{p.stdout}{p.stderr}"


def test_ruff_finds_nothing_to_lint():
    p = tool("ruff", "check", "--config", CONFIG, ROOT)
    assert p.returncode == 0, shown(p)


def test_ruff_finds_nothing_to_format():
    p = tool("ruff", "format", "--check", "--config", CONFIG, ROOT)
    assert p.returncode == 0, shown(p)


def test_mypy_finds_no_type_error_in_the_package():
    p = tool("mypy", "--config-file", CONFIG)
    assert p.returncode == 0, shown(p)
    assert p.stdout.startswith("Success: no issues found in"), shown(p)


def test_ruff_check_fails_on_an_unused_import(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('"""An unused import."""\n\nimport os\n')
    p = tool("ruff", "check", "--config", CONFIG, planted, cwd=tmp_path)
    assert p.returncode == 1, shown(p)
    assert "F401" in p.stdout and "`os` imported but unused" in p.stdout, shown(p)


def test_ruff_format_fails_on_badly_formatted_code(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("cells = [1,2 ,3]\n")
    p = tool("ruff", "format", "--check", "--config", CONFIG, planted, cwd=tmp_path)
    assert p.returncode == 1, shown(p)
    assert "1 file would be reformatted" in p.stdout, shown(p)
    planted.write_text("cells = [1, 2, 3]\n")  # and the same code formatted passes
    assert tool("ruff", "format", "--check", "--config", CONFIG, planted, cwd=tmp_path).returncode == 0


def test_mypy_fails_on_a_wrong_type_and_a_function_without_types(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('count: int = "three"\n\n\ndef double(x):\n    return 2 * x\n')
    p = tool("mypy", "--config-file", CONFIG, "--cache-dir", tmp_path / "cache", planted, cwd=tmp_path)
    assert p.returncode == 1, shown(p)
    assert (
        'planted.py:1: error: Incompatible types in assignment (expression has type "str", variable has type "int")'
        in p.stdout
    ), shown(p)
    assert "planted.py:4: error: Function is missing a type annotation  [no-untyped-def]" in p.stdout, shown(p)
