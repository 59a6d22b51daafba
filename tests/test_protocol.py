"""The page and the package speak one protocol (docs/protocol.md), defined once.

The actions the page's code sends (read from its call sites in web/**/*.js) are the actions
npuzzle.api answers (npuzzle.api.dispatch.ACTIONS); each has its arguments and reply typed
in npuzzle/api/protocol/, and the arguments named there are the function's parameters.
web/generated/protocol.js is generated from those types (builder/protocol_js.py): the committed file
is the generator's output, and read back it has every type with the same fields, optional
in both or in neither.  (tests/test_protocol_shapes.py holds the real replies to the types.)

The checkers can fail: a copy of the page with a request the package does not answer, or a
package with an action the page never sends, is caught, and so is a call it cannot read;
the generator refuses a type it would leave out or name without defining.
"""

from __future__ import annotations

import inspect
import os
import re
import shutil
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from builder import protocol_js
from npuzzle import api
from npuzzle.api import protocol
from npuzzle.api.dispatch import ACTIONS

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"


class Unreadable(Exception):
    """A call site or a typedef the checker cannot read: fix the code, or teach the checker."""


# --- the page's requests -----------------------------------------------------------------

# A string (kept) or a comment (dropped), so a call named in a comment is not a request.
_STRING_OR_COMMENT = re.compile(
    r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|//[^\n]*|/\*[\s\S]*?\*/"""
)

# Where the page names an action: Solver's and Pool's `x.request(ACTION, ...)`, the lab's
# `this.ask(ACTION, ...)`, ask.js's `ask(worker, ACTION, ...)`, pool.js's `send(worker, ACTION,
# ...)`, and worker.js's `python.call(ACTION, ...)`.
_CALL = re.compile(r"(\.request|\.ask|(?<![\w$.])(?:send|ask)|\bpython\.call)\s*\(")
# The action argument: a name in quotes, or `action`, passed on from the caller's own call.
_ACTION = re.compile(r"""\s*(?:"([a-z_]+)"|'([a-z_]+)'|(action))\s*[,)]""")
_FIRST_ARGUMENT = re.compile(r"\s*[\w$.\[\]]+\s*,")  # send's worker
_DEFINITION = re.compile(r"[^()]*\)\s*\{")  # a method's parameters and body: `ask(action, args) {`


def _without_comments(code: str) -> str:
    def keep(m: re.Match) -> str:
        text = m.group()
        return text if text[0] in "\"'`" else "\n" * text.count("\n")

    return _STRING_OR_COMMENT.sub(keep, code)


def page_actions(web: Path) -> set[str]:
    """The actions the page's modules send; Unreadable for a call whose action is neither
    a literal name nor `action` passed on."""
    found = set()
    for path in sorted(web.rglob("*.js")):
        code = _without_comments(path.read_text(encoding="utf-8"))
        for call in _CALL.finditer(code):
            rest = code[call.end() :]
            if code[: call.start()].endswith("function ") or _DEFINITION.match(rest):
                continue  # send's or ask's own definition, or the lab's method ask
            if call.group(1) in ("send", "ask"):
                first = _FIRST_ARGUMENT.match(rest)
                rest = rest[first.end() :] if first else ""
            action = _ACTION.match(rest)
            line = code.count("\n", 0, call.start()) + 1
            if not action:
                raise Unreadable(
                    f"{path.name}:{line}: cannot read the action in {code[call.start() : call.end() + 40]!r}"
                )
            if not action.group(3):
                found.add(action.group(1) or action.group(2))
    return found


def mismatch(page: set[str], package: set[str]) -> list[str]:
    """What one side has and the other has not, in words (empty when they agree)."""
    return [f"the page sends {a!r}, which npuzzle.api does not answer" for a in sorted(page - package)] + [
        f"npuzzle.api answers {a!r}, which the page never sends" for a in sorted(package - page)
    ]


# --- the JSDoc typedefs ----------------------------------------------------------------------

_BLOCK = re.compile(r"/\*\*([\s\S]*?)\*/")
_TYPEDEF = re.compile(r"@typedef\s+\{([^{}]+)\}\s+(\w+)\s*$")
_PROPERTY = re.compile(r"@property\s+\{([^{}]+)\}\s+(\[?)(\w+)(?:=[^\]\s]*)?(\]?)(?:\s|$)")


def typedefs(code: str) -> dict[str, tuple[str, dict[str, bool]]]:
    """Each typedef of a JS file's text: name -> (its type, {property: optional})."""
    found: dict[str, tuple[str, dict[str, bool]]] = {}
    for block in _BLOCK.findall(code):
        lines = [line.strip().lstrip("*").strip() for line in block.splitlines()]
        tags = [line for line in lines if line.startswith("@")]
        if not any(tag.startswith("@typedef") for tag in tags):
            continue
        name, kind, fields = None, None, {}
        for tag in tags:
            if tag.startswith("@typedef"):
                m = _TYPEDEF.search(tag)
                if not m or name:
                    raise Unreadable(f"cannot read {tag!r}")
                kind, name = m.group(1).strip(), m.group(2)
            elif tag.startswith("@property"):
                m = _PROPERTY.search(tag)
                if not m or bool(m.group(2)) != bool(m.group(4)):
                    raise Unreadable(f"cannot read {tag!r}")
                fields[m.group(3)] = bool(m.group(2))
            else:
                raise Unreadable(f"unexpected tag in a typedef: {tag!r}")
        if name in found:
            raise Unreadable(f"{name} is defined twice")
        found[name] = (kind, fields)
    return found


def camel(action: str) -> str:
    return "".join(part.title() for part in action.split("_"))


def is_typed_dict(obj) -> bool:
    return isinstance(obj, type) and hasattr(obj, "__optional_keys__")


def parameters(function) -> dict[str, bool]:
    """A function's keyword arguments as the page sends them: name -> optional."""
    found = {}
    for p in inspect.signature(function).parameters.values():
        if p.name != "progress" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            found[p.name] = p.default is not p.empty
    return found


def fields(typed_dict) -> dict[str, bool]:
    return {name: name in typed_dict.__optional_keys__ for name in typed_dict.__annotations__}


# --- the tests -----------------------------------------------------------------------------------


def test_the_page_sends_exactly_the_actions_the_package_answers():
    assert mismatch(page_actions(WEB), set(ACTIONS)) == []


def test_an_action_on_one_side_only_is_caught(tmp_path):
    shutil.copytree(WEB, tmp_path, dirs_exist_ok=True)
    page = page_actions(tmp_path)
    assert page == set(ACTIONS)
    # the page asks for an action the package does not have
    solver = tmp_path / "solver" / "solver.js"
    solver.write_text(solver.read_text() + '\nnew Solver().request("fly", {});\n')
    assert mismatch(page_actions(tmp_path), set(ACTIONS)) == ["the page sends 'fly', which npuzzle.api does not answer"]
    # the package has an action the page never sends
    assert mismatch(page, set(ACTIONS) | {"fly"}) == ["npuzzle.api answers 'fly', which the page never sends"]
    # a request whose action the checker cannot read fails rather than being skipped
    solver.write_text(solver.read_text() + "\nconst name = 'fly';\nnew Solver().request(name, {});\n")
    with pytest.raises(Unreadable, match="solver.js"):
        page_actions(tmp_path)


def test_a_call_in_a_comment_is_not_a_request(tmp_path):
    (tmp_path / "a.js").write_text(
        '// solver.request("fly", {})\n/* send(w, "fly") */\nx.request("check", {});\n'
        "const url = \"http://x/\"; y.request('solve', {})\n"
    )
    assert page_actions(tmp_path) == {"check", "solve"}


def test_every_action_has_its_arguments_and_reply_typed():
    for action, function in ACTIONS.items():
        args, reply = f"{camel(action)}Args", f"{camel(action)}Reply"
        assert hasattr(protocol, args) and hasattr(protocol, reply), action
        assert fields(getattr(protocol, args)) == parameters(function), f"{args} against {function.__name__}()"


def test_protocol_js_is_the_generators_output():
    """web/generated/protocol.js is committed as builder/protocol_js.py writes it (run the build, or
    `python3 builder/protocol_js.py`, after changing npuzzle/api/protocol/)."""
    committed = (WEB / "generated" / "protocol.js").read_text(encoding="utf-8")
    assert committed == protocol_js.render(), "web/generated/protocol.js is stale: run `python3 builder/protocol_js.py`"


def test_every_python_type_is_a_typedef_of_protocol_js():
    js = typedefs(protocol_js.render())
    assert list(js) == [name for module in protocol_js.MODULES for name in getattr(protocol, module).__all__]
    assert set(js) == set(protocol.__all__)
    for name in protocol.__all__:
        obj = getattr(protocol, name)
        kind, properties = js[name]
        if is_typed_dict(obj) and obj.__name__ == name:
            assert kind == "object" and properties == fields(obj), name
        elif isinstance(obj, types.UnionType):
            assert kind.split(" | ") == [m.__name__ for m in typing.get_args(obj)], name
        else:  # another name for a type, or the progress callback
            assert kind == {"ProgressCallback": "function(Progress): void"}.get(name, obj.__name__), name


@pytest.mark.parametrize(
    ("python", "js"),
    [
        (int, "number"),
        (float, "number"),
        (str, "string"),
        (bool, "boolean"),
        (None, "null"),
        (Any, "*"),
        (list[int], "number[]"),
        (list[int | None], "Array<number | null>"),
        (list[list[protocol.StudyRun]], "Array<StudyRun[]>"),
        (tuple[int, str], "[number, string]"),
        (tuple[str, ...], "string[]"),
        (dict[str, Any], "Object<string, *>"),
        (Literal["a", 2, True], '"a" | 2 | true'),
        (str | None, "string | null"),
        (protocol.CompareRow, "CompareRow"),
        (
            protocol.ProgressCallback,
            "function(SearchProgress | CompareProgress | BuildingProgress | DatabasesProgress | AnalyseProgress"
            " | StudyProgress | DrawingProgress): void",
        ),
    ],
)
def test_python_types_become_typescripts(python, js):
    assert protocol_js.js_type(python) == js


def test_the_docs_come_along():
    """Each type's docstring, each field's (inherited ones from their class), and the
    Annotated docs of the one type written in TypedDict's call form."""
    text = protocol_js.render()
    assert "\n * One run of a comparison (npuzzle.lab.compare.Row).\n * @typedef {object} CompareRow\n" in text
    assert "\n * @property {number | null} ebf The effective branching factor.\n" in text
    solve = text[text.index("@typedef {object} SolveReply") :]
    assert solve.index('@property {string} id The start as a board ID ("3x3:1,2,...").') < solve.index("*/")
    assert "\n * @property {number} import Importing npuzzle.api.\n" in text
    # Python's literals in the docs are JavaScript's, ``code`` is `code`
    assert "@property {number | null} [seed] The random generator's seed (null: a fresh one)." in text
    assert "`npuzzle.catalogue.CATALOGUE`" in text and "None" not in text and "``" not in text


def test_the_generator_refuses_what_it_cannot_write(monkeypatch):
    monkeypatch.setattr(protocol_js, "MODULES", tuple(m for m in protocol_js.MODULES if m != "speed"))
    with pytest.raises(ValueError, match=r"\['AnalyseArgs', 'AnalyseReply', .*\] that no module"):
        protocol_js.render()
    monkeypatch.undo()

    class Hidden(TypedDict):
        x: int

    monkeypatch.setitem(protocol.WarmReply.__annotations__, "hidden", NotRequired[Hidden])
    with pytest.raises(ValueError, match="Hidden is not exported"):
        protocol_js.render()
    monkeypatch.setitem(protocol.WarmReply.__annotations__, "hidden", set[int])
    with pytest.raises(TypeError, match="no JSDoc type"):
        protocol_js.render()


def test_the_file_is_written_only_when_its_text_changes(tmp_path):
    path = protocol_js.write(tmp_path)
    assert path == tmp_path / "protocol.js" and path.read_text(encoding="utf-8") == protocol_js.render()
    before = os.stat(path)
    protocol_js.write(tmp_path)
    assert os.stat(path).st_mtime_ns == before.st_mtime_ns and os.stat(path).st_ino == before.st_ino
    path.write_text("// edited by hand\n", encoding="utf-8")
    protocol_js.write(tmp_path)
    assert path.read_text(encoding="utf-8") == protocol_js.render()
    assert [p.name for p in tmp_path.iterdir()] == ["protocol.js"]


def test_the_worker_uses_the_facade():
    used = set(re.findall(r"\bapi\.(\w+)", (WEB / "solver" / "worker.js").read_text(encoding="utf-8")))
    assert used and used <= set(api.__all__)


def test_the_facade_exports_what_it_says():
    assert all(hasattr(api, name) for name in api.__all__)
    assert set(ACTIONS) <= set(api.__all__)
