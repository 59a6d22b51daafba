"""What the docs name exists: README.md and every file of docs/.

- A repository path: any token, in backticks or in prose, that begins with one of the
  repository's top-level folders and a slash (`npuzzle/search/beam.py`, `tests/data/`,
  `web/*.js`), read from the root; and every relative link `](path)`, read from the file
  that holds it.  Each must exist (a glob must match something).  The folders are the
  root's, less the hidden ones and those .gitignore names (dist/, build/, ...), and a path
  .gitignore names (web/generated/shared.js, made by the build) may be missing.
- A benchmark command: every `bench.py NAME ...` and `build.py bench-web ...` (which runs
  `bench.py web`) in a code span or a code block names a benchmark bench.py lists, and
  every --option after it is one that benchmark's --help names.
- An anchor: every link `file.md#anchor` or `#anchor` lands on a heading of that file, by
  GitHub's rule (lower case; punctuation but - and _ dropped; spaces to -; a repeated
  heading gets -1, -2).
- docs/benchmarks.md, the reference of current figures, is at most 400 lines; the history
  is in docs/benchmarks-record.md.

Nothing here runs a benchmark: each one's --help is read once a session, in this process.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import bench
from benchmarks.boards import SETS

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
REFERENCE_LINES = 400

IGNORED = [line.strip().strip("/") for line in (ROOT / ".gitignore").read_text().splitlines() if line.startswith("/")]
FOLDERS = sorted(
    p.name
    for p in ROOT.iterdir()
    if p.is_dir() and not p.name.startswith((".", "_")) and p.name not in IGNORED and not p.name.endswith(".egg-info")
)
# A path: a top-level folder, a slash, then path characters; not inside a longer path or a URL.
PATH = re.compile(r"(?<![\w./:~$@-])((?:" + "|".join(map(re.escape, FOLDERS)) + r")/[\w./*-]*)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
SPAN = re.compile(r"`([^`]+)`")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
COMMAND = re.compile(r"(?:\bbench\.py\s+|\bbuild\.py\s+(?=bench-web\b))([\w-]+)")
# Where a command ends inside its span: a shell separator, a pipe, a comment.
COMMAND_END = re.compile(r";|&&?|\s\|\s|\s#")
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def without_fences(text: str) -> str:
    """The text with its code blocks blanked (newlines kept, so offsets keep their lines)."""
    return FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


def code(text: str) -> list[tuple[int, str]]:
    """Each code block's lines and each inline code span (which may run over a line's end),
    with the offset where it starts."""
    out: list[tuple[int, str]] = []
    for fence in FENCE.finditer(text):
        offset, block = fence.start(), fence.group()
        for line in block.split("\n"):
            out.append((offset, re.split(r"\s#", line)[0]))  # a shell comment names no command
            offset += len(line) + 1
    out += [(m.start(1), m.group(1)) for m in SPAN.finditer(without_fences(text))]
    return out


@cache
def slugs(path: Path) -> frozenset[str]:
    """The anchors of a file's headings, by GitHub's rule."""
    found: set[str] = set()
    for heading in HEADING.findall(without_fences(path.read_text())):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n, unique = 0, slug
        while unique in found:
            n += 1
            unique = f"{slug}-{n}"
        found.add(unique)
    return frozenset(found)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def exists(path: str) -> bool:
    if any(path == name or path.startswith(name + "/") for name in IGNORED):
        return True  # made by the build (web/generated/shared.js, dist/...), not kept in the repository
    if "*" in path:
        return any(ROOT.glob(path.rstrip("/")))
    return (ROOT / path).exists()


@pytest.fixture(scope="module")
def options() -> dict[str, set[str]]:
    """Each benchmark's options, from its --help, in this process (importing a benchmark is
    light: the heavy imports wait for its run)."""
    found = {}
    argv = sys.argv
    try:
        for name in bench.benchmarks():
            sys.argv = [f"bench.py {name}", "--help"]
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
                importlib.import_module(f"benchmarks.{name}").main(["--help"])
            assert "--" in out.getvalue(), f"bench.py {name} --help names no option"
            found[name] = set(OPTION.findall(out.getvalue())) | {"--help"}
    finally:
        sys.argv = argv
    return found


@pytest.mark.parametrize("doc", DOCS, ids=rel)
def test_every_path_the_docs_name_exists(doc):
    text = doc.read_text()
    missing = []
    for m in PATH.finditer(text):
        path = m.group(1).rstrip(".,")
        if not exists(path):
            missing.append(f"{rel(doc)}:{line_of(text, m.start(1))}: no {path}")
    for m in LINK.finditer(text):
        target = m.group(1).split("#")[0]
        if not target or re.match(r"[a-z]+:", target):
            continue  # an anchor in the same file (checked below), or a URL
        path = (doc.parent / target).resolve()
        if not path.exists():
            missing.append(f"{rel(doc)}:{line_of(text, m.start(1))}: the link to {target} leads nowhere")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("doc", DOCS, ids=rel)
def test_every_anchor_the_docs_link_to_exists(doc):
    text = doc.read_text()
    missing = []
    for m in LINK.finditer(text):
        target, _, anchor = m.group(1).partition("#")
        if not anchor or re.match(r"[a-z]+:", target):
            continue
        path = (doc.parent / target).resolve() if target else doc
        if path.suffix == ".md" and path.exists() and anchor not in slugs(path):
            name = rel(path) if target else "this file"
            missing.append(f"{rel(doc)}:{line_of(text, m.start(1))}: no heading #{anchor} in {name}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("doc", DOCS, ids=rel)
def test_every_benchmark_command_the_docs_quote_runs(doc, options):
    text = doc.read_text()
    assert not re.search(r"tools/bench_|tests/bench_web|bench_pyodide", text), f"{rel(doc)}: an old benchmark's name"
    wrong = []
    for start, span in code(text):
        for m in COMMAND.finditer(span):
            name = "web" if m.group(1) == "bench-web" else m.group(1)
            if name.isupper() or name.startswith("-"):
                continue  # a placeholder (bench.py NAME) or the front's own --help
            where = f"{rel(doc)}:{line_of(text, start + m.start())}"
            rest = " " + " ".join(COMMAND_END.split(span[m.end() :], maxsplit=1)[0].split())
            if name not in options:
                wrong.append(f"{where}: bench.py has no benchmark {name!r} (`{m.group()}{rest}`)")
                continue
            for option in OPTION.findall(rest):
                if option not in options[name]:
                    wrong.append(f"{where}: bench.py {name} has no option {option} (`{m.group()}{rest}`)")
            words = rest.split()
            if name == "solve" and words and not words[0].startswith(("--", "SET")) and words[0] not in SETS:
                wrong.append(f"{where}: bench.py solve has no set {words[0]!r}")
        for m in re.finditer(r"benchmarks/pyodide\.mjs dist (\w+)", span):
            if m.group(1) not in ("solve", "beam", "reflection", "compact"):
                wrong.append(f"{rel(doc)}:{line_of(text, start + m.start())}: pyodide.mjs runs no {m.group(1)}")
    assert not wrong, "\n".join(wrong)


def test_the_docs_quote_the_benchmarks():
    quoted = sum(len(COMMAND.findall(span)) for doc in DOCS for _, span in code(doc.read_text()))
    assert quoted > 60  # the docs quote the front everywhere they give a figure


def test_the_benchmarks_reference_is_short():
    lines = (ROOT / "docs" / "benchmarks.md").read_text().count("\n")
    assert lines <= REFERENCE_LINES, (
        f"docs/benchmarks.md: {lines} lines, more than {REFERENCE_LINES}: the current figures go there, "
        "how they were reached in docs/benchmarks-record.md"
    )
