"""Does a value fit a protocol type?  ``mismatches`` lists where not, field by field.

    >>> from npuzzle.api.protocol import CodedText
    >>> mismatches({"code": None, "params": {}, "text": "one move"}, CodedText)
    []
    >>> mismatches({"code": 7, "params": {}, "texts": "one move"}, CodedText)
    ['text: missing', 'code: expected str | None, got 7', 'texts: not declared in CodedText']

The values are JSON's, as the page receives them: dicts, lists, strings, numbers, booleans
and None.  A TypedDict must have its required fields and no field it does not declare;
an int passes for a float (JSON writes 2.0 as 2 in other languages), a bool never for a
number.  The tests hold every action's real replies and progress to their types with it.
"""

import re
import types
import typing
from typing import Any, Literal, NotRequired, Required, Union

__all__ = ["mismatches"]

_UNIONS = (Union, types.UnionType)


def mismatches(value: object, expected: Any, where: str = "") -> list[str]:
    """Where ``value`` does not fit the type ``expected``: "path: what is wrong" each (the
    path like "rows[0].ebf"), none when it fits.  TypeError for a type it cannot check."""
    origin, args = typing.get_origin(expected), typing.get_args(expected)
    if expected is Any:
        return []
    if typing.is_typeddict(expected):
        return _typed_dict(value, expected, where)
    if origin in (Required, NotRequired, typing.Annotated):
        return mismatches(value, args[0], where)
    if origin in _UNIONS:
        return _union(value, expected, args, where)
    if origin is list or origin is tuple:
        if not isinstance(value, list):
            return [_wrong(where, expected, value)]
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                return [_wrong(where, expected, value)]
            return [m for i, (v, t) in enumerate(zip(value, args)) for m in mismatches(v, t, f"{where}[{i}]")]
        return [m for i, v in enumerate(value) for m in mismatches(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            return [_wrong(where, expected, value)]
        return [m for k, v in value.items() for m in mismatches(v, args[1], _at(where, k))]
    if origin is Literal:
        fits = any(value == a and type(value) is type(a) for a in args)
    elif expected is None or expected is type(None):
        fits = value is None
    elif expected is bool or expected is str:
        fits = isinstance(value, expected)
    elif expected is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif expected is float:
        fits = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        raise TypeError(f"mismatches cannot check the type {expected!r}")
    return [] if fits else [_wrong(where, expected, value)]


def _typed_dict(value: object, expected: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [_wrong(where, expected, value)]
    hints = typing.get_type_hints(expected)
    found = [_at(where, k) + ": missing" for k in hints if k in expected.__required_keys__ and k not in value]
    for key, v in value.items():
        if key in hints:
            found += mismatches(v, hints[key], _at(where, key))
        else:
            found.append(f"{_at(where, key)}: not declared in {expected.__name__}")
    return found


def _union(value: object, expected: Any, members: tuple[Any, ...], where: str) -> list[str]:
    """Fits when one member fits.  Else, to name the field at fault rather than the whole
    union: a dict's mismatches against the closest TypedDict member, or a value's against
    the one member that is a container (the others None)."""
    tries = [mismatches(value, m, where) for m in members]
    if any(not t for t in tries):
        return []
    if isinstance(value, dict) and any(typing.is_typeddict(m) for m in members):
        return min((t for m, t in zip(members, tries) if typing.is_typeddict(m)), key=len)
    others = [(m, t) for m, t in zip(members, tries) if m is not type(None)]
    if len(others) == 1 and (typing.is_typeddict(others[0][0]) or typing.get_origin(others[0][0]) in (list, dict)):
        return others[0][1]  # a list, dict or TypedDict, or None: what is wrong inside it
    return [_wrong(where, expected, value)]


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _wrong(where: str, expected: Any, value: object) -> str:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"{where or 'the value'}: expected {_name(expected)}, got {shown}"


def _name(expected: Any) -> str:
    """A type as Python writes it, without its modules ("list[CompareRow] | None")."""
    if typing.get_origin(expected) in _UNIONS:
        return " | ".join(_name(member) for member in typing.get_args(expected))
    if expected is type(None):
        return "None"
    if isinstance(expected, type):
        return expected.__name__
    return re.sub(r"\b(?:typing|npuzzle(?:\.\w+)*)\.", "", repr(expected)).replace("NoneType", "None")
