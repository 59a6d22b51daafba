"""The page and the package speak one protocol (docs/protocol.md), defined once.

Each action npuzzle.api answers (npuzzle.api.dispatch.ACTIONS) has its arguments and reply
typed in npuzzle/api/protocol/, and its Args type is the function's signature: the same
parameters, required or optional alike, of the same types.  web/generated/protocol.js is generated
from those types (builder/protocol_js.py): the committed file is the generator's output,
and read back it has every type with the same fields, optional in both or in neither, and
the map `Actions` from each action of ACTIONS to its Args and Reply.  The page's calls are
typed by that map (ask.js, solver.js, pool.js, worker.js), so TypeScript's checker rejects
an action the package does not answer; tests/test_typescript.py plants such calls, and
finds every action of the map asked by the page.  (tests/test_protocol_shapes.py holds the
real replies to the types.)

The checkers can fail: the generator refuses a type it would leave out or name without
defining, and an action whose types are missing; a signature and an Args type that differ
are caught.
"""

from __future__ import annotations

import inspect
import os
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, TypedDict

import pytest

from builder import protocol_js
from npuzzle import api
from npuzzle.api import protocol
from npuzzle.api.dispatch import ACTIONS

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"


class Unreadable(Exception):
    """A typedef the checker cannot read: fix the generator, or teach the checker."""


# --- the JSDoc typedefs ----------------------------------------------------------------------

_BLOCK = re.compile(r"/\*\*([\s\S]*?)\*/")
_TYPEDEF = re.compile(r"@typedef\s+\{([^{}]+)\}\s+(\w+)\s*$")
# a property's type may be an object type in braces of its own: {{args: A, reply: R}}
_PROPERTY = re.compile(r"@property\s+\{(\{[^{}]*\}|[^{}]+)\}\s+(\[?)(\w+)(?:=[^\]\s]*)?(\]?)(?:\s|$)")


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


camel = protocol_js.camel


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


def parameter_types(function) -> dict[str, Any]:
    """A function's keyword arguments' types (as parameters() has them)."""
    hints = typing.get_type_hints(function)
    return {name: hints.get(name) for name in parameters(function)}


def field_types(typed_dict) -> dict[str, Any]:
    """A TypedDict's fields' types, without Required and NotRequired (fields() says which)."""
    found = {}
    for name, hint in typing.get_type_hints(typed_dict).items():
        while typing.get_origin(hint) in (Required, NotRequired):
            hint = typing.get_args(hint)[0]
        found[name] = hint
    return found


def signature_mismatches(function, args) -> list[str]:
    """Where an action's function and its Args type differ, in words (empty when they agree):
    a parameter one has and the other has not, optional in one only, or of another type."""
    mine, theirs = parameters(function), fields(args)
    mine_types, their_types = parameter_types(function), field_types(args)
    found = [f"{function.__name__}() takes {n!r}, which {args.__name__} has not" for n in mine if n not in theirs]
    found += [f"{args.__name__} has {n!r}, which {function.__name__}() does not take" for n in theirs if n not in mine]
    for name in mine.keys() & theirs.keys():
        if mine[name] != theirs[name]:
            found.append(f"{name!r} is {'optional' if mine[name] else 'required'} in {function.__name__}() only")
        if mine_types[name] != their_types[name]:
            types_ = f"{mine_types[name]} in {function.__name__}(), {their_types[name]} in {args.__name__}"
            found.append(f"{name!r}: {types_}")
    return sorted(found)


def actions_map(code: str) -> dict[str, tuple[str, str]]:
    """The typedef `Actions` of a JS file's text: action -> (its args' type, its reply's)."""
    block = next(b for b in _BLOCK.findall(code) if re.search(r"@typedef\s+\{object\}\s+Actions\s*$", b, re.M))
    found = {}
    for kind, name in re.findall(r"@property\s+\{(\{[^{}]*\})\}\s+(\w+)", block):
        m = re.fullmatch(r"\{args: (\w+), reply: (\w+)\}", kind)
        if not m:
            raise Unreadable(f"cannot read the type of action {name}: {kind!r}")
        found[name] = (m.group(1), m.group(2))
    return found


# --- the tests -----------------------------------------------------------------------------------


def test_every_action_has_its_arguments_and_reply_typed():
    """Each action's Args type and its function's signature are checked against each other
    (rather than one made from the other: the TypedDicts carry the docs that protocol.js
    and docs/protocol.md show, and the functions stay plain Python a reader can follow)."""
    for action, function in ACTIONS.items():
        args, reply = f"{camel(action)}Args", f"{camel(action)}Reply"
        assert hasattr(protocol, args) and hasattr(protocol, reply), action
        assert signature_mismatches(function, getattr(protocol, args)) == [], f"{args} against {function.__name__}()"


def test_a_signature_that_differs_from_its_args_is_caught():
    def solve(board: str, goal: str | None = None, *, time_limit: int | None = None, seed: int = 0, progress=None):
        raise NotImplementedError

    assert signature_mismatches(solve, protocol.SolveArgs) == [
        "'time_limit': int | None in solve(), float | None in SolveArgs",
        "SolveArgs has 'algorithm', which solve() does not take",
        "SolveArgs has 'heuristic', which solve() does not take",
        "SolveArgs has 'lane', which solve() does not take",
        "SolveArgs has 'max_nodes', which solve() does not take",
        "SolveArgs has 'strategy', which solve() does not take",
        "SolveArgs has 'wrap', which solve() does not take",
        "solve() takes 'seed', which SolveArgs has not",
    ]

    def check(board: str | None = None, goal: str | None = None, wrap: str | None = None):
        raise NotImplementedError

    assert signature_mismatches(check, protocol.CheckArgs) == [
        "'board' is optional in check() only",
        "'board': str | None in check(), <class 'str'> in CheckArgs",
    ]


def test_the_actions_map_is_every_action_with_its_types():
    """protocol.js's `Actions` names each action of ACTIONS, in its order, with its Args and
    Reply types, each a typedef of the file: the page may name no other action."""
    text = protocol_js.render()
    assert actions_map(text) == {action: (f"{camel(action)}Args", f"{camel(action)}Reply") for action in ACTIONS}
    assert set(name for pair in actions_map(text).values() for name in pair) <= set(typedefs(text))


def test_the_generator_refuses_an_action_without_types(monkeypatch):
    monkeypatch.setitem(ACTIONS, "fly", lambda: {"ok": True})
    with pytest.raises(ValueError, match=r"does not export \['FlyArgs', 'FlyReply'\]"):
        protocol_js.render()


def test_protocol_js_is_the_generators_output():
    """web/generated/protocol.js is committed as builder/protocol_js.py writes it (run the build, or
    `python3 builder/protocol_js.py`, after changing npuzzle/api/protocol/)."""
    committed = (WEB / "generated" / "protocol.js").read_text(encoding="utf-8")
    assert committed == protocol_js.render(), "web/generated/protocol.js is stale: run `python3 builder/protocol_js.py`"


def test_every_python_type_is_a_typedef_of_protocol_js():
    js = typedefs(protocol_js.render())
    assert list(js) == [name for module in protocol_js.MODULES for name in getattr(protocol, module).__all__] + [
        "Actions"
    ]
    assert set(js) == set(protocol.__all__) | {"Actions"}
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
