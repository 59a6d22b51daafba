"""Every message about input that a person may read, by a stable code, in English.

    >>> text("board.count", width=3, height=3, n=9, got=3)
    'a 3x3 board needs 9 numbers, got 3'

Other texts a person reads (a board's solvability, the notes of a solve) are ``Text``:
a ``str`` with the English text, that keeps its code and parameters.

    >>> note = Text("note.shortened", before=60, after=52)
    >>> note, coded(note)
    ('shortened from 60 to 52 moves by re-solving stretches optimally', {'code': 'note.shortened', 'params': {'before': 60, 'after': 52}, 'text': 'shortened from 60 to 52 moves by re-solving stretches optimally'})

Errors carry the code and its parameters (``NotationError.code``, ``.params``; the api's
error dicts have ``code`` and ``params``), so the page can show a message in the
person's language; the English text is the one the command line prints.  Templates use
``str.format`` fields (``{x:g}``, ``{x:.2f}``, ``{x:.3g}``, ``{x!r}``), which say how a value
is shown.  The page has each template with ``{name}`` fields only (``plain``), and the
values as ``shown`` renders them: the api sends its messages' parameters that way.  The
other languages' texts of these messages are the page's, in its catalogue of each language
(web/languages/<lang>.json, under "npuzzle.<code>"; docs/languages.md), where a parameter
whose value is a word (an entry ``word.<value>``) is that word in the language.

    >>> shown("board.not_number", {"token": "x"}), plain(CATALOGUE["board.not_number"])
    ({'token': "'x'"}, '{token} is not a tile number')
"""

from __future__ import annotations

import string
from typing import Any, TypedDict

from .entries import CATALOGUE  # code -> English

__all__ = ["CATALOGUE", "InputError", "Text", "coded", "plain", "shown", "text"]

_FORMATTER = string.Formatter()


def fields(template: str) -> dict[str, str]:
    """A template's fields, {name: what follows the name} ("!r", ":.2f", or "")."""
    return {
        name: (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        for _, name, spec, conversion in _FORMATTER.parse(template)
        if name is not None
    }


def plain(template: str) -> str:
    """The template with ``{name}`` fields only, as the page has it (``shown`` renders the values)."""
    return "".join(
        literal + ("" if name is None else f"{{{name}}}") for literal, name, _, _ in _FORMATTER.parse(template)
    )


def shown(code: str, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters as the message shows them: a value its template quotes (``{x!r}``) or
    formats (``{x:.2f}``) as that text, the others as they are."""
    out = dict(params)
    for name, how in fields(CATALOGUE[code]).items():
        if how and name in params:
            conversion, _, spec = how.partition(":")
            value = params[name]
            out[name] = format(repr(value) if conversion == "!r" else value, spec)
    return out


def text(code: str, **params: Any) -> str:
    """The message for a code, with its parameters."""
    return CATALOGUE[code].format(**params)


class Text(str):
    """A message for a person: the English text, which keeps its ``code`` and ``params``
    (see CATALOGUE), so the page can word it in the person's language."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Text:
        self = super().__new__(cls, text(code, **params))
        self.code = code
        self.params = params
        return self

    # copies and pickles (results cross processes) keep the code
    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        return (self.code,), self.params


class Coded(TypedDict):
    """A message as the page takes it: its code (None for a plain str), parameters and English text."""

    code: str | None
    params: dict[str, Any]
    text: str


def coded(message: str) -> Coded:
    """``{code, params, text}`` for a message the page shows (code None for a plain str)."""
    if isinstance(message, Text):
        return {"code": message.code, "params": shown(message.code, message.params), "text": str(message)}
    return {"code": None, "params": {}, "text": str(message)}


class InputError(ValueError):
    """Input a person gave that breaks a rule: ``code`` and ``params`` name the message
    (see CATALOGUE), ``field`` the input at fault; ``str()`` is the English text."""

    default_field = "board"

    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        super().__init__(text(code, **params))
        self.code = code
        self.params = params
        self.field = field or self.default_field

    def at(self, field: str) -> InputError:
        """The same error, about another field (a goal's board, say)."""
        return type(self)(self.code, field, **self.params)

    def to_dict(self) -> dict[str, Any]:
        """The api's error dict: field, English text, code and parameters."""
        return {
            "ok": False,
            "field": self.field,
            "error": str(self),
            "code": self.code,
            "params": shown(self.code, self.params),
        }
