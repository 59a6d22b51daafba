"""The CI workflow guards main: each test tier of builder/runners.py runs in a job of its own,
the tiers together run every test, and the site is deployed only after every test job passes.
The set-up the jobs share is written once, in a local composite action, and caches the pattern
databases and the downloads under keys made of the code that decides them.  The weekly
workflow builds the 7-8 databases and runs the tests that need them, which may not skip."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

from _pytest.mark.expression import Expression
from support import build_constant, tier_markers

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
SETUP = ROOT / ".github" / "actions" / "setup" / "action.yml"
# The condition of the jobs that publish the site.
ON_MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'"


DATABASES = ROOT / ".github" / "workflows" / "databases.yml"


def jobs(workflow: Path = WORKFLOW) -> dict[str, str]:
    """Each job's text, by name (the workflow's top-level `jobs:` block)."""
    body = workflow.read_text().split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([a-z][\w-]*):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def needs(job: str) -> list[str]:
    """The jobs a job's `needs:` names, as a list (`needs: a` or `needs: [a, b]`)."""
    found = re.search(r"^    needs: \[?([\w, -]*)\]?$", job, re.M)
    return [name.strip() for name in found.group(1).split(",")] if found else []


def upstream(name: str, found: dict[str, str]) -> set[str]:
    """Every job that must succeed before the job called name starts: its needs, theirs, and so on."""
    seen: set[str] = set()
    waiting = [name]
    while waiting:
        for need in needs(found[waiting.pop()]):
            if need not in seen:
                seen.add(need)
                waiting.append(need)
    return seen


def tier_jobs() -> dict[str, str]:
    """The tier each test job runs, by the job's name; a test job runs `build.py test` once, with a tier."""
    tiers = build_constant("runners", "TIERS")
    found = {}
    for name, job in jobs().items():
        commands = re.findall(r"run: (python3 build\.py test\b.*)", job)
        assert len(commands) == job.count("build.py test"), f"{name}: a command that is not a one-line run"
        if not commands:
            continue
        assert len(commands) == 1, f"{name} runs {len(commands)} test commands"
        tier = re.fullmatch(r"python3 build\.py test --tier (\S+)( .*)?", commands[0])
        assert tier and tier.group(1) in tiers, f"{name}: {commands[0]!r} runs no tier of {sorted(tiers)}"
        found[name] = tier.group(1)
    return found


def test_only_one_workflow_deploys_and_it_waits_for_every_test_job():
    deployers = [p.name for p in WORKFLOW.parent.glob("*.yml") if "deploy-pages" in p.read_text()]
    assert deployers == [WORKFLOW.name]
    found = jobs()
    assert [name for name, job in found.items() if "deploy-pages" in job] == ["deploy"]
    tested = tier_jobs()
    assert tested, "no job runs a tier"
    assert set(tested) <= upstream("deploy", found), "the deploy must need every test job"
    # The jobs that upload or publish the Pages artifact run on a push to main only.
    publishing = [name for name, job in found.items() if "pages" in job]
    assert publishing and all(re.search(rf"^    if: {re.escape(ON_MAIN)}$", found[name], re.M) for name in publishing)


def test_each_tier_runs_in_one_job():
    """Every tier of TIERS is run by exactly one job, so none is missed and none runs twice."""
    ran: dict[str, list[str]] = {}
    for name, tier in tier_jobs().items():
        ran.setdefault(tier, []).append(name)
    tiers = build_constant("runners", "TIERS")
    assert {tier: len(ran.get(tier, [])) for tier in tiers} == dict.fromkeys(tiers, 1), ran


def test_the_browser_tier_is_split_over_runners_by_recorded_durations():
    found = jobs()
    (name,) = [name for name, tier in tier_jobs().items() if tier == "browser"]
    job = found[name]
    groups = re.search(r"^        group: \[([\d, ]+)\]$", job, re.M)
    assert groups, "the browser job runs a matrix over group"
    numbers = [int(group) for group in groups.group(1).split(",")]
    assert len(numbers) >= 2 and numbers == list(range(1, len(numbers) + 1))
    # pytest-split's options: as many splits as groups, and each runner its own group.
    split = re.search(r"--tier browser --splits (\d+) --group \$\{\{ matrix\.group \}\}", job)
    assert split and int(split.group(1)) == len(numbers)
    # Every group runs to its end, whatever another found.
    assert re.search(r"^      fail-fast: false$", job, re.M)


def carrying(marked: tuple[str, ...]) -> Callable[..., bool]:
    """pytest's matcher for a test that carries the markers named in marked.  pytest calls it
    with a marker's name, and newer versions also with the keyword arguments of an expression
    like `name(key=value)`; the tiers use none, so a call with any matches nothing."""
    return lambda name, /, **arguments: name in marked and not arguments


def test_the_tiers_together_run_every_test():
    """Whatever markers a test carries, some tier's -m expression chooses it.  The markers
    tried are the names the expressions use: a marker none of them names cannot change what
    they choose, so every subset of those names covers every test.  pytest's own parser
    evaluates each expression, as `pytest -m` would."""
    tiers = build_constant("runners", "TIERS")
    chooses = {tier: Expression.compile(text) for tier, text in tiers.items()}
    markers = sorted(tier_markers(tiers))
    assert markers, "the tiers name no marker"
    every = [marked for count in range(len(markers) + 1) for marked in itertools.combinations(markers, count)]
    assert len(every) == 2 ** len(markers)
    missed = [marked for marked in every if not any(e.evaluate(carrying(marked)) for e in chooses.values())]
    assert missed == [], f"no tier runs a test marked {missed}"


def test_the_jobs_share_one_set_up():
    """Each job but the deploy checks out the repository, then calls the set-up action; no job
    repeats a step of it."""
    found = jobs()
    assert [name for name, job in found.items() if "actions/checkout@v4" not in job] == ["deploy"]
    start = re.compile(
        r"^    steps:\n      - uses: actions/checkout@v4\n      - uses: \./\.github/actions/setup\n", re.M
    )
    assert [name for name, job in found.items() if name != "deploy" and not start.search(job)] == []
    setup = SETUP.read_text()
    once = (
        "actions/setup-python@v5",
        "actions/setup-node@v4",
        "actions/cache/save@v4",
        "run: python3 build.py\n",
        "NPUZZLE_CHROMIUM=",
    )
    for step in once:
        assert step in setup and step not in WORKFLOW.read_text()
    # A composite action's run step must name its shell, or the action fails to load.
    assert setup.count("run: ") == setup.count("shell: bash") > 0


def test_runs_on_every_push_and_pull_request():
    head = WORKFLOW.read_text().split("\njobs:\n", 1)[0]
    assert re.search(r"^  push:\s*$", head, re.M) and re.search(r"^  pull_request:\s*$", head, re.M)
    found = jobs()
    assert [name for name in tier_jobs() if re.search(r"^    if:", found[name], re.M)] == []


PDB_KEY = r"key: pdb-\$\{\{ hashFiles\(([^)]*)\) \}\}"
DOWNLOADS_KEY = r"key: downloads-\$\{\{ hashFiles\(([^)]*)\) \}\}"


def test_database_cache_is_keyed_on_the_code_that_builds_them():
    assert re.findall(PDB_KEY, WORKFLOW.read_text()) == []  # the key is written once, in the set-up
    keys = re.findall(PDB_KEY, SETUP.read_text())
    assert len(keys) == 1
    assert re.findall(r"'([^']+)'", keys[0]) == list(build_constant("databases", "PDB_SOURCES"))


def test_download_cache_is_keyed_on_the_pins():
    """The key hashes builder/downloads.py, so a new pin fetches the downloads again; no
    other file of the build holds a pinned version."""
    pins = [
        build_constant("downloads", name)
        for name in ("PYODIDE_VERSION", "CHART_VERSION", "AXE_VERSION", "TYPESCRIPT_VERSION", "BIOME_VERSION")
    ]
    others = [ROOT / "build.py", *(ROOT / "builder").glob("*.py")]
    assert [(p.name, pin) for p in others if p.name != "downloads.py" for pin in pins if pin in p.read_text()] == []
    assert re.findall(DOWNLOADS_KEY, WORKFLOW.read_text()) == []
    assert re.findall(DOWNLOADS_KEY, SETUP.read_text()) == ["'builder/downloads.py'"]
    # the weekly workflow's too (it hashed build.py, which holds no pin since the build's split)
    assert re.findall(DOWNLOADS_KEY, DATABASES.read_text()) == ["'builder/downloads.py'"]


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
    assert list(named).index("Build half7, half7h and half8") < list(named).index("The 7-8 tests")
    assert "python3 -m npuzzle databases build half7 half8\n" in named["Build half7, half7h and half8"]
    run = named["The 7-8 tests"]
    assert 'NPUZZLE_REQUIRE_7_8: "1"' in run
    command = re.search(r"run: (python3 build\.py test .*)", run)
    assert command and command.group(1).split()[3:8] == ["tests/test_pdb.py", "-m", '"not', 'browser"', "-k"]
    # -k picks the 7-8 test, and that test fails rather than skips under NPUZZLE_REQUIRE_7_8
    pattern = command.group(1).split()[8]
    tests = (ROOT / "tests" / "test_pdb.py").read_text()
    chosen = re.findall(rf"^def (test_\w*{pattern}\w*)\(", tests, re.M)
    assert chosen == ["test_the_stronger_databases_keep_answers_optimal_and_h_admissible"]
    assert "require_built(level)" in tests  # support.require_built, which fails rather than skips
    assert 'os.environ.get("NPUZZLE_REQUIRE_7_8") == "1"' in (ROOT / "tests" / "support.py").read_text()


def test_the_databases_workflow_restores_the_standard_databases_under_ci_s_key():
    keys = re.findall(r"key: pdb-\$\{\{ hashFiles\(([^)]*)\) \}\}", DATABASES.read_text())
    assert len(keys) == 1
    assert re.findall(r"'([^']+)'", keys[0]) == list(build_constant("databases", "PDB_SOURCES"))
    # the standard databases are ci.yml's to save; this workflow saves only the page's compact tables
    saved = re.findall(r"uses: actions/cache/save@v4\n(?:        .*\n)*?          key: (\S+)", DATABASES.read_text())
    assert [key.split("$")[0] for key in saved] == ["strong-"]
    assert "actions/cache@" not in DATABASES.read_text()


STRONG_FILES = "~/.cache/npuzzle/pdb/half7h.compact\n            ~/.cache/npuzzle/pdb/half8.compact\n"


def test_the_page_s_strongest_tables_are_made_weekly_tested_and_published_by_the_site_job():
    """databases.yml makes the compact tables, runs their browser test (which may not skip)
    and saves them; ci.yml's site job restores the newest made by the same code and builds
    the site again with them."""
    named = steps(jobs(DATABASES)["half8"])
    order = list(named)
    made, tested, kept = (
        "Compact tables for the page",
        "The strongest tables in the page",
        "Keep the compact tables for the site",
    )
    assert order.index("Build half7, half7h and half8") < order.index(made) < order.index(tested) < order.index(kept)
    assert "run: python3 tools/compact_tables.py half7h half8" in named[made]
    assert 'NPUZZLE_REQUIRE_7_8: "1"' in named[tested]
    assert "run: python3 build.py test tests/test_web_strong_tables.py" in named[tested]
    assert "NPUZZLE_REQUIRE_7_8" in (ROOT / "tests" / "test_web_strong_tables.py").read_text()
    saved = re.search(r"key: (strong-\$\{\{ hashFiles\([^)]*\) \}\}-)\$\{\{ github.run_id \}\}", named[kept])
    assert saved and STRONG_FILES in named[kept]
    site = steps(jobs()["site"])
    restore = site["Restore the strongest tables"]
    assert f"key: {saved.group(1)}\n" in restore and f"restore-keys: {saved.group(1)}\n" in restore
    assert STRONG_FILES in restore
    rebuild = site["The site with the strongest tables"]
    assert "if: steps.strong.outputs.cache-matched-key != ''" in rebuild and "run: python3 build.py build" in rebuild
    assert list(site).index("Restore the strongest tables") < list(site).index("The site with the strongest tables")
