"""The CI workflow guards main: the site is deployed only after the tests pass, and the
pattern databases and the downloads are cached under keys made of the code that decides them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"


def build_constant(module: str, name: str):
    """A constant of builder/MODULE.py, read from its source (the tests import no part of
    the build but builder.codegen)."""
    tree = ast.parse((ROOT / "builder" / f"{module}.py").read_text())
    (value,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]
    ]
    return ast.literal_eval(value)


def jobs() -> dict[str, str]:
    """Each job's text, by name (the workflow's top-level `jobs:` block)."""
    body = WORKFLOW.read_text().split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([a-z][\w-]*):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_only_one_workflow_deploys_and_it_runs_the_tests_first():
    deployers = [p.name for p in WORKFLOW.parent.glob("*.yml") if "deploy-pages" in p.read_text()]
    assert deployers == [WORKFLOW.name]
    found = jobs()
    assert "python3 build.py test" in found["test"]
    assert re.search(r"^    needs: test$", found["deploy"], re.M)
    assert "actions/deploy-pages" in found["deploy"] and "deploy-pages" not in found["test"]


def test_runs_on_every_push_and_pull_request():
    head = WORKFLOW.read_text().split("\njobs:\n", 1)[0]
    assert re.search(r"^  push:\s*$", head, re.M) and re.search(r"^  pull_request:\s*$", head, re.M)


def test_database_cache_is_keyed_on_the_code_that_builds_them():
    keys = re.findall(r"key: pdb-\$\{\{ hashFiles\(([^)]*)\) \}\}", WORKFLOW.read_text())
    assert len(keys) == 1
    assert re.findall(r"'([^']+)'", keys[0]) == list(build_constant("databases", "PDB_SOURCES"))


def test_download_cache_is_keyed_on_the_pins():
    """The key hashes builder/downloads.py, so a new pin fetches the downloads again; no
    other file of the build holds a pinned version."""
    pins = [build_constant("downloads", name) for name in ("PYODIDE_VERSION", "CHART_VERSION", "AXE_VERSION")]
    others = [ROOT / "build.py", *(ROOT / "builder").glob("*.py")]
    assert [(p.name, pin) for p in others if p.name != "downloads.py" for pin in pins if pin in p.read_text()] == []
    keys = re.findall(r"key: downloads-\$\{\{ hashFiles\(([^)]*)\) \}\}", WORKFLOW.read_text())
    assert keys == ["'builder/downloads.py'"]
