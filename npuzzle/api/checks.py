"""The api's input checks, and the one place where a refusal becomes a reply.

    >>> @replies
    ... def size(board: str) -> dict:
    ...     return {"ok": True, "cells": problem(board).topology.size}
    >>> size("2x2:1,2,3,0")
    {'ok': True, 'cells': 4}
    >>> size("2x2:1,2,3")
    {'ok': False, 'field': 'board', 'error': 'a 2x2 board needs 4 numbers, got 3', 'code': 'board.count', 'params': {'width': 2, 'height': 2, 'n': 4, 'got': 3}}

The page's worker may send anything JSON can hold, so every action checks its arguments
here.  A check that fails raises: an ``InputError`` (``NotationError``, ``MoveError``)
names its field, code and parameters; ``Refused(field, message)`` gives a field to a
message that has none (a ``Text``, or a plain ``str`` for the few with no code).  The
decorator ``replies``, on every action, turns either into the ``ErrorReply``
(``npuzzle.api.protocol``), so no action returns a refusal itself.

``number_error``, ``choice_error``, ``names_error`` and ``options_error`` *return* the
message (None when all is well): the command line checks its options with them too, so
each rule has one wording.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Collection
from typing import ParamSpec, TypeGuard, TypeVar, cast

from ..catalogue import InputError, Text, shown
from ..result import Progress
from ..rules.board import Problem
from ..rules.notation import parse_problem
from ..rules.topology import MAX_SIDE, MIN_SIDE
from ..search import optimal, portfolio
from .protocol import ErrorReply, ProgressCallback

__all__ = [
    "Refused",
    "replies",
    "error_reply",
    "problem",
    "solve_problem",
    "check_numbers",
    "check_whole",
    "check_text",
    "whole",
    "board_size",
    "number_error",
    "choice_error",
    "names_error",
    "options_error",
    "TIME_LIMIT_RANGE",
    "MAX_NODES_RANGE",
    "MAX_LANES",
    "reporter",
]

# The numeric options of solve and their ranges (seconds; states stored).
TIME_LIMIT_RANGE = (1e-3, 1e6)
MAX_NODES_RANGE = (1, 1e9)
MAX_LANES = 8  # the pool's workers at most (the page's pool reads it from shared.js)


class Refused(Exception):
    """An action's refusal of its input: ``field`` names the input at fault, ``message``
    says why (an InputError or a Text brings its code and parameters, a str has none);
    ``line`` the line at fault, in a field of many lines."""

    def __init__(self, field: str, message: str | Exception, line: int | None = None):
        super().__init__(str(message))
        self.field = field
        self.message = message
        self.line = line  # the line at fault of a field of many lines (a study's boards)


def error_reply(field: str, message: str | Exception, line: int | None = None) -> ErrorReply:
    """The ErrorReply for a message about a field (and the line of it at fault)."""
    reply: ErrorReply = {"ok": False, "field": field, "error": str(message)}
    if isinstance(message, InputError | Text):
        reply["code"], reply["params"] = message.code, shown(message.code, message.params)
    if line is not None:
        reply["line"] = line
    return reply


P = ParamSpec("P")
R = TypeVar("R")


def replies(action: Callable[P, R]) -> Callable[P, R | ErrorReply]:
    """The action, answering a refusal of its input (Refused, InputError) with the
    ErrorReply instead of raising it."""

    @functools.wraps(action)
    def answer(*args: P.args, **kwargs: P.kwargs) -> R | ErrorReply:
        try:
            return action(*args, **kwargs)
        except Refused as refusal:
            return error_reply(refusal.field, refusal.message, refusal.line)
        except InputError as e:
            return error_reply(e.field, e)

    return answer


def whole(value: object) -> TypeGuard[int]:
    """A whole number (JSON's true is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def number_error(name: str, value: object, low: float, high: float) -> InputError | None:
    """The error for a numeric option outside [low, high] (or not a number), else None."""
    ok = value is None or (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    )
    return None if ok else InputError("option.number", "options", name=name, low=low, high=high, value=repr(value))


def choice_error(name: str, value: object, choices: Collection[str]) -> InputError | None:
    """The error for an option that is not one of its choices, else None."""
    if value in choices:
        return None
    return InputError("option.choice", "options", name=name, value=repr(value), choices=", ".join(choices))


def names_error(name: str, value: object, choices: Collection[str]) -> tuple[list[str] | None, str | InputError | None]:
    """A list of names from a list or a comma-separated string: (names, None), or (None,
    the message for the first unknown one); None or empty gives ([], None)."""
    if value is None:
        return [], None
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None, f"{name}s must be a list of names or a comma-separated text"
    for v in value:
        message = choice_error(name, v, choices)
        if message:
            return None, message
    return value, None


def options_error(algorithm: str, heuristic: str | None, strategy: str) -> InputError | None:
    """The error for solve's unknown algorithm, heuristic or strategy, else None."""
    return (
        choice_error("algorithm", algorithm, optimal.ALGORITHMS)
        or (heuristic is not None and choice_error("heuristic", heuristic, optimal.HEURISTICS))
        or choice_error("strategy", strategy, portfolio.STRATEGIES)
        or None
    )


def check_numbers(numbers: dict[str, tuple[object, float, float]]) -> None:
    """Refuse the first numeric option out of its range: numbers maps a name to
    (value, low, high)."""
    for name, (value, low, high) in numbers.items():
        message = number_error(name, value, low, high)
        if message:
            raise message


def check_whole(name: str, value: object, low: int, high: int) -> None:
    """Refuse a value that is not a whole number in [low, high] (None passes); the field
    at fault is the option itself."""
    if value is not None and not (whole(value) and low <= value <= high):
        raise InputError("option.whole", name, name=name, low=low, high=high, value=repr(value))


def check_text(texts: dict[str, object]) -> None:
    """Refuse the first argument that is neither text nor None (JavaScript may send any)."""
    for field, value in texts.items():
        if value is not None and not isinstance(value, str):
            raise InputError("input.type", field, name=field, kind=type(value).__name__)


def board_size(text: str | None) -> tuple[int, int]:
    """(width, height) of a size like "3x3" (field "size")."""
    check_text({"size": text})
    m = re.fullmatch(r"\s*(\d{1,7})\s*[xX]\s*(\d{1,7})\s*", text or "")
    if not m:
        raise InputError("study.size", "size", text=text)
    width, height = int(m.group(1)), int(m.group(2))
    for name, side in (("width", width), ("height", height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InputError("board.side_range", "size", name=name, side=side, low=MIN_SIDE, high=MAX_SIDE)
    return width, height


def problem(
    board: str | None,
    goal: str | None = None,
    wrap: str | None = None,
    numbers: dict[str, tuple[object, float, float]] | None = None,
) -> Problem:
    """The Problem the arguments describe (numbers: options checked first, as
    check_numbers takes them)."""
    check_numbers(numbers or {})
    check_text({"board": board, "goal": goal, "wrap": wrap})
    if board is None:
        raise InputError("board.empty")
    return parse_problem(board, goal, wrap)


def solve_problem(
    board: str,
    goal: str | None,
    wrap: str | None,
    algorithm: str,
    heuristic: str | None,
    strategy: str,
    time_limit: float | None,
    max_nodes: int | None,
) -> Problem:
    """The Problem of solve's arguments, its options checked."""
    found = problem(
        board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE), "max_nodes": (max_nodes, *MAX_NODES_RANGE)}
    )
    message = options_error(algorithm, heuristic, strategy)
    if message:
        raise message
    return found


def reporter(progress: ProgressCallback | None) -> Progress | None:
    """The page's progress callback as the searches take it.  The searches build the dicts
    that protocol.py types (SearchProgress, CompareProgress, ...) as plain dicts, so the
    types meet here, once."""
    return cast("Progress | None", progress)
