"""The page and the package speak one protocol (docs/protocol.md).

The actions the page's code sends (read from its call sites in web/*.js) are the actions
npuzzle.api answers (npuzzle.api.dispatch.ACTIONS); each has its arguments and reply typed
in npuzzle/api/protocol.py and in web/protocol.js, and the arguments named there are the
function's parameters.  Every type of protocol.py has its twin in protocol.js, with the
same fields, optional in both or in neither.

The checker can fail: a copy of the page with a request the package does not answer, or a
package with an action the page never sends, is caught, and so is a call it cannot read.
"""

from __future__ import annotations

import inspect
import re
import shutil
import types
import typing
from pathlib import Path

import pytest

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
    for path in sorted(web.glob("*.js")):
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


def typedefs(path: Path) -> dict[str, tuple[str, dict[str, bool]]]:
    """Each typedef of a JS file: name -> (its type, {property: optional})."""
    found: dict[str, tuple[str, dict[str, bool]]] = {}
    for block in _BLOCK.findall(path.read_text(encoding="utf-8")):
        lines = [line.strip().lstrip("*").strip() for line in block.splitlines()]
        tags = [line for line in lines if line.startswith("@")]
        if not any(tag.startswith("@typedef") for tag in tags):
            continue
        name, kind, fields = None, None, {}
        for tag in tags:
            if tag.startswith("@typedef"):
                m = _TYPEDEF.search(tag)
                if not m or name:
                    raise Unreadable(f"{path.name}: cannot read {tag!r}")
                kind, name = m.group(1).strip(), m.group(2)
            elif tag.startswith("@property"):
                m = _PROPERTY.search(tag)
                if not m or bool(m.group(2)) != bool(m.group(4)):
                    raise Unreadable(f"{path.name}: cannot read {tag!r}")
                fields[m.group(3)] = bool(m.group(2))
            else:
                raise Unreadable(f"{path.name}: unexpected tag in a typedef: {tag!r}")
        if name in found:
            raise Unreadable(f"{path.name}: {name} is defined twice")
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
    for path in WEB.glob("*.js"):
        shutil.copy(path, tmp_path)
    page = page_actions(tmp_path)
    assert page == set(ACTIONS)
    # the page asks for an action the package does not have
    solver = tmp_path / "solver.js"
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


def test_every_action_has_its_arguments_and_reply_typed_on_both_sides():
    js = typedefs(WEB / "protocol.js")
    for action, function in ACTIONS.items():
        args, reply = f"{camel(action)}Args", f"{camel(action)}Reply"
        assert hasattr(protocol, args) and hasattr(protocol, reply), action
        assert args in js and reply in js, action
        expected = parameters(function)
        assert fields(getattr(protocol, args)) == expected, f"{args} in protocol.py against {function.__name__}()"
        assert js[args][1] == expected, f"{args} in protocol.js against {function.__name__}()"


def test_every_python_type_has_its_twin_in_protocol_js():
    js = typedefs(WEB / "protocol.js")
    for name in protocol.__all__:
        obj = getattr(protocol, name)
        if name == "ProgressCallback":  # a Python callable: the page passes functions of its own
            continue
        assert name in js, f"protocol.js has no typedef {name}"
        kind, properties = js[name]
        if is_typed_dict(obj) and obj.__name__ == name:
            assert kind == "object" and properties == fields(obj), name
        else:  # another name for a type, or a union of types
            members = typing.get_args(obj) if isinstance(obj, types.UnionType) else (obj,)
            assert {part.strip() for part in kind.split("|")} == {m.__name__ for m in members}, name


def test_the_worker_uses_the_facade():
    used = set(re.findall(r"\bapi\.(\w+)", (WEB / "worker.js").read_text(encoding="utf-8")))
    assert used and used <= set(api.__all__)


def test_the_facade_exports_what_it_says():
    assert all(hasattr(api, name) for name in api.__all__)
    assert set(ACTIONS) <= set(api.__all__)
