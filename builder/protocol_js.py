"""web/generated/protocol.js, the page's types of the worker protocol, written from npuzzle/api/protocol/.

    write(GENERATED)  # web/generated/protocol.js, rewritten only when its text changes
    render()          # its text

npuzzle.api.protocol defines every type the page and the package share, as TypedDicts
with a docstring each and a docstring under each field.  Here each TypedDict becomes a
JSDoc ``@typedef {object}`` with a ``@property`` a field (inherited fields included; an
optional one in brackets), each other name (another name for a type, a union, a
callback) a ``@typedef`` of its type; the docs come along, read from the source with
``ast``.  ``js_type`` turns Python's types into TypeScript's.  The file is committed, so a
reader sees it without building, and a test holds it equal to ``render()``.  Standard
library only.
"""

from __future__ import annotations

import ast
import collections.abc
import importlib
import inspect
import json
import os
import re
import sys
import textwrap
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, Union

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "npuzzle.api.protocol"

# The package's modules, in the order their types are written (the envelope first, as the
# page meets it; then what every action shares, the actions by theme, and progress).
MODULES = ("envelope", "common", "game", "speed", "lab", "study", "split", "progress")
DISPATCH = "npuzzle.api.dispatch"  # ACTIONS: each action the page may send, and its function

WIDTH = 100

HEADER = """\
// @ts-check
// Generated from npuzzle/api/protocol/ by builder/protocol_js.py: do not edit.  Change the
// Python types (their docstrings are the documentation below) and build again.
//
// The worker protocol's types on the page's side: the messages between the page and its
// solver workers (the envelope), and every action's arguments, reply and progress.
// docs/protocol.md describes the protocol.
//
// Types only: nothing imports this module at run time.  A module names a type in its JSDoc
// as `import("./protocol.js").SolveArgs`.  An action "step_start" has `StepStartArgs` and
// `StepStartReply`; any reply may be an `ErrorReply` instead.  `Actions`, at the end, maps
// every action to both: ask() and the workers' request() are typed by it, so a call that
// names another action, passes another argument or reads another reply field is an error.
"""

FOOTER = "\nexport {};\n"


def _protocol() -> types.ModuleType:
    """This checkout's npuzzle.api.protocol (pure Python: the build reads it from the source tree)."""
    return _module(PACKAGE)


def _module(name: str) -> types.ModuleType:
    sys.path.insert(0, str(ROOT))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT))


def camel(action: str) -> str:
    """An action's name as its types' prefix: "step_start" -> "StepStart"."""
    return "".join(part.title() for part in action.split("_"))


def actions() -> dict[str, tuple[str, str]]:
    """Each action of npuzzle.api.dispatch.ACTIONS, in its order: (its Args type's name,
    its Reply type's).  ValueError when npuzzle.api.protocol does not export both."""
    exported = set(_protocol().__all__)
    found = {action: (f"{camel(action)}Args", f"{camel(action)}Reply") for action in _module(DISPATCH).ACTIONS}
    missing = sorted(name for pair in found.values() for name in pair if name not in exported)
    if missing:
        raise ValueError(f"npuzzle.api.protocol does not export {missing}, the types of actions of ACTIONS")
    return found


def _actions_typedef() -> str:
    """The map from each action to its arguments' type and its reply's (``Actions``)."""
    lines = _wrap(
        "Each action of npuzzle.api (npuzzle.api.dispatch.ACTIONS) with the type of its arguments and of its "
        "reply (any reply may be an ErrorReply instead).  The page's ask() and request() take an action "
        "of this map, `keyof Actions`, and its `args`; the reply they give is its `reply`.",
        " * ",
        " * ",
    )
    lines.append(" * @typedef {object} Actions")
    lines += [f" * @property {{{{args: {a}, reply: {r}}}}} {name}" for name, (a, r) in actions().items()]
    return "\n".join(["/**", *lines, " */"])


# --- Python's types as TypeScript's ------------------------------------------------------------

_SCALARS = {int: "number", float: "number", str: "string", bool: "boolean", type(None): "null", None: "null"}
_UNIONS = (Union, types.UnionType)


def js_type(tp: Any, names: dict[Any, str] | None = None) -> str:
    """The JSDoc type of a Python type: int and float number, str string, bool boolean,
    None null, Any ``*``, list[T] ``T[]``, tuple[A, B] ``[A, B]``, dict[str, T]
    ``Object<string, T>``, Literal["a", 1] ``"a" | 1``, a union its members joined by
    ``|``, a TypedDict its name, a Callable ``function(A): R``.  ``names``, when given,
    names every TypedDict and union that may be written by name (``Progress`` rather than
    its members); ValueError then for a TypedDict it does not name.

        >>> js_type(list[int] | None)
        'number[] | null'
        >>> js_type(dict[str, list[str | None]])
        'Object<string, Array<string | null>>'
        >>> js_type(Literal["runtime", "install"])
        '"runtime" | "install"'
    """
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if names is not None and _hashable(tp) and tp in names:
        return names[tp]
    if _hashable(tp) and tp in _SCALARS:
        return _SCALARS[tp]
    if tp is Any:
        return "*"
    if typing.is_typeddict(tp):
        if names is not None:
            raise ValueError(f"{tp.__name__} is not exported by npuzzle.api.protocol")
        return tp.__name__
    if origin in (Required, NotRequired, typing.Annotated):
        return js_type(args[0], names)
    if origin in _UNIONS:
        return " | ".join(js_type(a, names) for a in args)
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = js_type(args[0], names)
        return f"{item}[]" if re.fullmatch(r"\w+", item) else f"Array<{item}>"
    if origin is tuple:
        return "[" + ", ".join(js_type(a, names) for a in args) + "]"
    if origin is dict and args[0] is str:
        return f"Object<string, {js_type(args[1], names)}>"
    if origin is collections.abc.Callable:
        parameters, result = args
        return f"function({', '.join(js_type(a, names) for a in parameters)}): " + (
            "void" if result in (None, type(None)) else js_type(result, names)
        )
    raise TypeError(f"no JSDoc type for {tp!r}")


def _hashable(tp: Any) -> bool:
    try:
        hash(tp)
    except TypeError:
        return False
    return True


# --- the docs, from the source ----------------------------------------------------------------


def _docstring(node: ast.stmt | None) -> str:
    """The text of a string statement (a docstring under a field or a name), else ""."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
        return inspect.cleandoc(node.value.value)
    return ""


def _statements(module: types.ModuleType) -> list[tuple[ast.stmt, str]]:
    """The module's top-level statements, each with the docstring under it."""
    body = ast.parse(inspect.getsource(module)).body
    return [(node, _docstring(after)) for node, after in zip(body, [*body[1:], None])]


def _field_docs(modules: list[types.ModuleType]) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Each class of the modules: (its bases' names, {field: the docstring under it})."""
    found = {}
    for module in modules:
        for node, _ in _statements(module):
            if isinstance(node, ast.ClassDef):
                fields = {
                    item.target.id: doc
                    for item, doc in zip(node.body, [_docstring(n) for n in [*node.body[1:], None]])
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                }
                found[node.name] = ([b.id for b in node.bases if isinstance(b, ast.Name)], fields)
    return found


def _doc_of(field: str, cls: str, classes: dict[str, tuple[list[str], dict[str, str]]]) -> str:
    """A field's docstring: in its class, else in the base it comes from."""
    bases, fields = classes.get(cls, ([], {}))
    if fields.get(field):
        return fields[field]
    return next((doc for base in bases if (doc := _doc_of(field, base, classes))), "")


def _js_text(doc: str) -> str:
    """A docstring as JSDoc text: Python's literals as JavaScript's, ``code`` as `code`."""
    doc = re.sub(r"``([^`]+)``", r"`\1`", doc)
    doc = re.sub(r"\bNone\b", "null", doc)
    doc = re.sub(r"\bTrue\b", "true", re.sub(r"\bFalse\b", "false", doc))
    return doc.replace("*/", "*\\/")


def _wrap(text: str, first: str, later: str) -> list[str]:
    """Text in lines of at most WIDTH, the first starting with ``first`` (never broken),
    the others with ``later``; a paragraph a blank line apart."""
    lines: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text) if text else [""]:
        if lines:
            lines.append(later.rstrip())
        flat = " ".join(paragraph.split())
        wrapped = textwrap.wrap(
            flat, WIDTH, initial_indent=first, subsequent_indent=later, break_long_words=False, break_on_hyphens=False
        )
        lines += wrapped or [first.rstrip()]
        first = later
    return lines


# --- the file ----------------------------------------------------------------------------------


def _typedef(name: str, tp: Any, doc: str, classes, names: dict[Any, str]) -> str:
    """One type's JSDoc block."""
    lines = _wrap(_js_text(doc), " * ", " * ") if doc else []
    if typing.is_typeddict(tp) and tp.__name__ == name:
        lines.append(f" * @typedef {{object}} {name}")
        hints = typing.get_type_hints(tp, include_extras=True)
        for field, hint in hints.items():
            inner, field_doc = hint, _doc_of(field, name, classes)
            while typing.get_origin(inner) in (Required, NotRequired, typing.Annotated):
                if typing.get_origin(inner) is typing.Annotated:
                    field_doc = field_doc or " ".join(m for m in inner.__metadata__ if isinstance(m, str))
                inner = typing.get_args(inner)[0]
            shown = f"[{field}]" if field in tp.__optional_keys__ else field
            tag = f" * @property {{{js_type(inner, names)}}} {shown}"
            lines += _wrap(_js_text(field_doc), tag + " ", " *   ") if field_doc else [tag]
    else:  # another name for a type, a union (written out, not by its own name), a callback
        members = typing.get_args(tp) if typing.get_origin(tp) in _UNIONS else (tp,)
        lines.append(f" * @typedef {{{' | '.join(js_type(m, names) for m in members)}}} {name}")
    if len(lines) == 1:
        return f"/**{lines[0][2:]} */"
    return "\n".join(["/**", *lines, " */"])


def render() -> str:
    """The whole text of web/generated/protocol.js.  ValueError when a name the package exports is
    not written (a module missing from MODULES) or a type names one it does not export."""
    protocol = _protocol()
    modules = [importlib.import_module(f"{PACKAGE}.{m}") for m in MODULES]
    classes = _field_docs(modules)
    exported = {name: getattr(protocol, name) for name in protocol.__all__}
    names = {
        tp: name
        for name, tp in exported.items()
        if typing.get_origin(tp) in _UNIONS or typing.is_typeddict(tp) and tp.__name__ == name
    }
    parts, written = [HEADER.rstrip("\n")], []
    for module in modules:
        rule = "// " + "-" * (WIDTH - 3)
        parts.append("\n".join(["", rule, *_wrap(_js_text(inspect.cleandoc(module.__doc__ or "")), "// ", "// ")]))
        for node, doc in _statements(module):
            if isinstance(node, ast.ClassDef):
                targets, doc = [node.name], inspect.cleandoc(ast.get_docstring(node) or "")
            elif isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name) and t.id in module.__all__]
            else:
                continue
            for name in targets:
                parts.append("\n" + _typedef(name, getattr(module, name), doc, classes, names))
                written.append(name)
    missing = sorted(set(exported) - set(written))
    if missing or len(written) != len(set(written)):
        raise ValueError(f"npuzzle.api.protocol exports {missing} that no module of MODULES defines (or one twice)")
    parts.append("\n".join(["", "// " + "-" * (WIDTH - 3), "// The actions: npuzzle.api.dispatch.ACTIONS."]))
    parts.append("\n" + _actions_typedef())
    return "\n".join(parts) + "\n" + FOOTER


def write(folder: Path) -> Path:
    """folder/protocol.js from render(); written (through a temporary file, replaced in
    one step) only when its text changes, so a build leaves an unchanged file alone."""
    path = folder / "protocol.js"
    text = render()
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8", newline="\n")
        os.replace(temporary, path)
    return path


if __name__ == "__main__":
    print(write(ROOT / "web" / "generated"))
