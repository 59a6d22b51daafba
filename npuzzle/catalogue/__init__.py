"""Every message about input that a person may read, by a stable code, in English and
Simplified Chinese.

    >>> text("board.count", width=3, height=3, n=9, got=3)
    'a 3x3 board needs 9 numbers, got 3'
    >>> text("board.count", "zh", width=3, height=3, n=9, got=3)
    '3x3 的棋盘需要 9 个数字，这里有 3 个'

Other texts a person reads (a board's solvability, the notes of a solve) are ``Text``:
a ``str`` with the English text, that keeps its code and parameters.

    >>> note = Text("note.shortened", before=60, after=52)
    >>> note, coded(note)
    ('shortened from 60 to 52 moves by re-solving stretches optimally', {'code': 'note.shortened', 'params': {'before': 60, 'after': 52}, 'text': 'shortened from 60 to 52 moves by re-solving stretches optimally'})

Errors carry the code and its parameters (``NotationError.code``, ``.params``; the api's
error dicts have ``code`` and ``params``), so the page can show a message in the
person's language; the English text is the one the command line prints.  Templates use
``str.format`` fields (``{x:g}``, ``{x:.2f}``, ``{x:.3g}``; a word in ``WORDS`` given as a
parameter ``p`` is ``{p_zh}`` in Chinese); ``!r`` quotes a value as Python's repr does (the page's rules.js
quotes the same way).  ``build.py`` writes this catalogue into the site as JSON.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .entries import CATALOGUE  # code -> (English, Simplified Chinese)

__all__ = ["CATALOGUE", "LANGUAGES", "InputError", "Text", "coded", "text"]

LANGUAGES = ("en", "zh")

WORDS = {code[5:]: zh for code, (_, zh) in CATALOGUE.items() if code.startswith("word.")}


def text(code: str, lang: str = "en", **params: Any) -> str:
    """The message for a code in a language ("en" or "zh"), with its parameters."""
    english, chinese = CATALOGUE[code]
    template = chinese if lang == "zh" else english
    extra = {f"{key}_zh": WORDS.get(value, value) for key, value in params.items() if isinstance(value, str)}
    return template.format(**params, **extra)


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
        return {"code": message.code, "params": message.params, "text": str(message)}
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
        return {"ok": False, "field": self.field, "error": str(self), "code": self.code, "params": self.params}
