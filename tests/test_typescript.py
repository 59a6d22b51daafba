"""TypeScript's checker over the page's JavaScript, read with its JSDoc types: the page
(tsconfig.json), its two workers (tsconfig.worker.json, strict) and the solver's and
practice's files under `strict` (tsconfig.strict.json) pass, and type errors planted in a
file checked with the same options fail, in the page's own code, in its calls to the
worker protocol (an action, an argument or a reply field that protocol.js's `Actions` does
not have) and in the typings of Pyodide and Chart.js.  Every action of that map is asked
somewhere in the page, as the checker reads the calls (tests/actions_named.mjs).  The
checker is typescript from npm, pinned in builder/downloads.py and named by
`python3 build.py test` in $NPUZZLE_TSC, run with Node; its output is the failure's
message."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from support import node_executable

from npuzzle.api.dispatch import ACTIONS

pytestmark = pytest.mark.lint  # a checker over the sources: the lint tier

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "tsconfig.json"
WORKERS = ROOT / "tsconfig.worker.json"
STRICT = ROOT / "tsconfig.strict.json"
NAMED = Path(__file__).with_name("actions_named.mjs")


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


def strict_files() -> set[str]:
    """The files tsconfig.strict.json holds to `strict` (its "include" but its "exclude",
    and the typings)."""
    config = read_config(STRICT)
    excluded = {ROOT / p for p in config["exclude"]}
    return {p.name for pattern in config["include"] if pattern.startswith("web/") for p in ROOT.glob(pattern)} - {
        p.name for p in excluded
    }


def test_the_solver_and_practice_pass_strict(tsc):
    """Under `strict` the files of tsconfig.strict.json have no error.  The program also
    reads the modules they import, which are not all strict yet: their errors under
    `strict` are left to them (tsconfig.json checks them without it)."""
    done = check(tsc, STRICT)
    assert done.stderr == ""
    mine = [line for line in done.stdout.splitlines() if Path(line.split("(")[0]).name in strict_files()]
    assert mine == [], "tsc -p tsconfig.strict.json found errors in its files:\n" + "\n".join(mine)
    solver = {"ask.js", "pool.js", "solver.js", "solve_ui.js"}
    practice = {"session.js", "session_files.js", "session_ui.js", "records.js", "practice_mode.js", "replay.js"}
    practice |= {"controls.js", "inspection.js", "speed.js"}
    assert solver | practice | {"solve_code.js"} <= strict_files()
    assert read_config(WORKERS)["compilerOptions"]["strict"] is True  # worker.js and sw.js


def test_strict_is_on_in_the_strict_files(tsc, tmp_path):
    """A parameter without a type and a possibly-null read are errors under tsconfig.strict.json."""
    config = planted(
        tmp_path,
        STRICT,
        ["export const f = (x) => x;", 'export const g = () => document.getElementById("x").hidden;'],
    )
    assert errors(check(tsc, config)) == [("planted.js", 1, "TS7006"), ("planted.js", 2, "TS2531")]


GENERATED = {"protocol.js", "shared.js"}  # written by the build, from the package


def jsdoc_types(code: str) -> list[str]:
    """The type expressions of a JS file's JSDoc tags (@type, @param, ...), braces balanced."""
    found = []
    for tag in re.finditer(r"@(?:type|param|returns?|property|typedef|template|satisfies)\s*\{", code):
        depth, at = 1, tag.end()
        while depth and at < len(code):
            depth += {"{": 1, "}": -1}.get(code[at], 0)
            at += 1
        found.append(re.sub(r"\n\s*\*", "\n", code[tag.end() : at - 1]))  # a comment's next lines, without their star
    return found


def any_types(web: Path) -> dict[str, int]:
    """How many JSDoc types of each hand-written page file name `any` (or `*`, JSDoc's any)."""
    counts = {}
    for path in sorted(web.rglob("*.js")):
        if path.name in GENERATED or "generated" in path.relative_to(web).parts:
            continue
        n = sum(bool(re.search(r"\bany\b|(?<![\w/*])\*(?![\w/*])", t)) for t in jsdoc_types(path.read_text()))
        if n:
            counts[path.name] = n
    return counts


def documented_anys() -> dict[str, int]:
    """The `any`s docs/architecture.md lists (its table under "The page's types"), by file."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text[text.index("## The page's types") :]
    section = section[: section.index("\n## ")] if "\n## " in section else section
    counts: dict[str, int] = {}
    for name in re.findall(r"^\| `([\w.]+\.js)` \|", section, re.M):
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_every_any_of_the_page_is_documented():
    """The `any`s left in the page's JSDoc are those docs/architecture.md lists with a reason,
    file by file: a new one fails until it is typed, or listed with its reason."""
    assert any_types(ROOT / "web") == documented_anys()
    assert sum(documented_anys().values()) <= 2  # the count written in this change: it may go down, not up


def test_a_new_any_is_caught(tmp_path):
    (tmp_path / "a.js").write_text(
        "/** @type {any} */ const a = 1;\n/** @param {{x: Array<*>}} o */ const f = (o) => o;\n"
        "/** @param {number} n  the n-th: any text */ const g = (n) => n;\n/** @type {string} */ const s = 'any';\n"
    )
    (tmp_path / "protocol.js").write_text("/** @typedef {*} Any */\n")
    assert any_types(tmp_path) == {"a.js": 2}
    assert jsdoc_types("/** @type {{a: {b: any}}} */") == ["{a: {b: any}}"]
    assert jsdoc_types("/**\n * @type {{a: number,\n *   b: string}} */") == ["{a: number,\n   b: string}"]


def test_every_action_of_the_map_is_asked_by_the_page(tsc):
    """protocol.js's `Actions` (generated from npuzzle.api.dispatch.ACTIONS) has no action
    that the page never asks for: the checker finds every string it types as an action (the
    planted tests below show that it rejects any other name)."""
    named = actions_named(tsc, [PAGE, WORKERS])
    assert sorted(named) == sorted(ACTIONS), named
    assert "solve_ui.js" in str(named["solve"]) and "worker.js" in str(named["databases"])


def actions_named(tsc: list[str], configs: list[Path]) -> dict[str, list[str]]:
    """Each action the page names where the checker types it by `Actions`: its places."""
    done = subprocess.run(
        [tsc[0], str(NAMED), tsc[1], json.dumps(list(ACTIONS)), *map(str, configs)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# A page module's calls to the worker protocol, right; each case below plants one mistake.
CALLS = [
    'import { ask } from "{web}/solver/ask.js";',
    'import { Solver } from "{web}/solver/solver.js";',
    "const solver = new Solver();",
    'const outcome = await ask(solver, "check", { board: "3x3:1,2,3,4,5,6,7,8,0" });',
    'export const solvable = outcome.kind === "answer" && outcome.reply.solvable;',
    'export const reply = await solver.request("solve", { board: "3x3:1,2,3,4,5,6,7,0,8", time_limit: 1 });',
    'export const moves = "moves" in reply ? reply.moves : [];',
    'await ask(solver, "warm", { board: "3x3:1,2,3,4,5,6,7,8,0" });',
]


@pytest.mark.parametrize(
    ("line", "planted_line", "code"),
    [
        (None, None, None),  # as it is: no error
        (8, 'await ask(solver, "wram", { board: "3x3:1,2,3,4,5,6,7,8,0" });', "TS2345"),
        (6, 'export const reply = await solver.request("fly", {});', "TS2345"),
        (4, 'const outcome = await ask(solver, "check", { board: "3x3:1,2,3,4,5,6,7,8,0", seed: 1 });', "TS2353"),
        (6, 'export const reply = await solver.request("solve", { board: "x", time_limit: "1" });', "TS2322"),
        (5, 'export const solvable = outcome.kind === "answer" && outcome.reply.solveable;', "TS2551"),
        (7, 'export const moves = "moves" in reply ? reply.moves.size : [];', "TS2339"),
    ],
    ids=["right", "unknown-action", "unknown-request", "wrong-argument", "wrong-type", "misread-reply", "misread-key"],
)
def test_a_wrong_call_of_the_protocol_fails(tsc, tmp_path, line, planted_line, code):
    """A call that names an action protocol.js's `Actions` does not have, passes an argument
    the action does not take or of another type, or reads a reply field the action's reply
    does not have, is an error of its line; the calls without the mistake pass."""
    lines = [text.replace("{web}", (ROOT / "web").as_posix()) for text in CALLS]
    if line is not None:
        lines[line - 1] = planted_line
    done = check(tsc, planted(tmp_path, PAGE, lines))
    assert errors(done) == ([] if line is None else [("planted.js", line, code)]), done.stdout
    assert (done.returncode == 0) == (line is None)


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
