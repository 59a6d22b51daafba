"""The CI workflow guards main: the site is deployed only after the tests pass, and the
pattern databases and the downloads are cached under keys made of the code that decides them.
The weekly workflow builds the 7-8 databases and runs the tests that need them, which may not skip."""

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


DATABASES = ROOT / ".github" / "workflows" / "databases.yml"


def jobs(workflow: Path = WORKFLOW) -> dict[str, str]:
    """Each job's text, by name (the workflow's top-level `jobs:` block)."""
    body = workflow.read_text().split("\njobs:\n", 1)[1]
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
    pins = [
        build_constant("downloads", name)
        for name in ("PYODIDE_VERSION", "CHART_VERSION", "AXE_VERSION", "TYPESCRIPT_VERSION")
    ]
    others = [ROOT / "build.py", *(ROOT / "builder").glob("*.py")]
    assert [(p.name, pin) for p in others if p.name != "downloads.py" for pin in pins if pin in p.read_text()] == []
    keys = re.findall(r"key: downloads-\$\{\{ hashFiles\(([^)]*)\) \}\}", WORKFLOW.read_text())
    assert keys == ["'builder/downloads.py'"]


def steps(job: str) -> dict[str, str]:
    """Each named step's text, by name, in order."""
    parts = re.split(r"^      - name: (.+)\n", job, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_the_databases_workflow_runs_weekly_and_on_request():
    head = DATABASES.read_text().split("\njobs:\n", 1)[0]
    assert re.search(r'^  schedule:\n    - cron: "17 3 \* \* 1"', head, re.M)
    assert re.search(r"^  workflow_dispatch:\s*$", head, re.M)
    assert not re.search(r"^  (push|pull_request):", head, re.M)  # 20 minutes a run: not on every push


def test_the_databases_workflow_builds_half8_then_runs_the_7_8_tests_which_may_not_skip():
    found = jobs(DATABASES)
    assert list(found) == ["half8"]
    named = steps(found["half8"])
    assert list(named).index("Build half7 and half8") < list(named).index("The 7-8 tests")
    assert "python3 -m npuzzle databases build half8\n" in named["Build half7 and half8"]
    run = named["The 7-8 tests"]
    assert 'NPUZZLE_REQUIRE_7_8: "1"' in run
    command = re.search(r"run: (python3 build\.py test .*)", run)
    assert command and command.group(1).split()[3:8] == ["tests/test_pdb.py", "-m", '"not', 'browser"', "-k"]
    # -k picks the 7-8 test, and that test fails rather than skips under NPUZZLE_REQUIRE_7_8
    pattern = command.group(1).split()[8]
    tests = (ROOT / "tests" / "test_pdb.py").read_text()
    chosen = re.findall(rf"^def (test_\w*{pattern}\w*)\(", tests, re.M)
    assert chosen == ["test_the_stronger_databases_keep_answers_optimal_and_h_admissible"]
    assert 'os.environ.get("NPUZZLE_REQUIRE_7_8") == "1"' in tests


def test_the_databases_workflow_restores_the_standard_databases_under_ci_s_key():
    keys = re.findall(r"key: pdb-\$\{\{ hashFiles\(([^)]*)\) \}\}", DATABASES.read_text())
    assert len(keys) == 1
    assert re.findall(r"'([^']+)'", keys[0]) == list(build_constant("databases", "PDB_SOURCES"))
    assert "actions/cache/save" not in DATABASES.read_text() and "actions/cache@" not in DATABASES.read_text()
