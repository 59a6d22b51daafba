"""Reading what every command reads, and checking it once: boards from an ID, a file or
standard input, the wraps, sizes, numeric options and the lab's names.

The rules and their wording are the api's (``npuzzle.api.number_error``, ``names_error``,
``npuzzle.rules.notation``), so the command line and the page refuse the same input in the same
words; here an option is named as it is typed (``--time-limit``).
"""

from __future__ import annotations

import argparse
import os
import sys

from .. import api, lab
from ..rules.board import Problem, default_goal
from ..rules.notation import NotationError, format_board_id, format_wrap, parse_problem
from ..rules.topology import MAX_SIDE, MIN_SIDE
from .errors import Invalid

__all__ = ["read", "lines", "wrap_spec", "problem", "goal_problem", "ids", "size", "numbers", "names"]


def read(source: str, what: str) -> str:
    """A board's text from a board ID (or a bare list of numbers), '-' (stdin) or a file path."""
    if source == "-":
        return sys.stdin.read()
    if ":" in source or "," in source or any(c.isspace() for c in source):
        return source
    if "/" in source and not os.path.isfile(source):  # a Slidysim scramble with no spaces: 1,2/3,0
        return source
    if os.path.isfile(source):
        try:
            with open(source, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise Invalid(f"cannot read {what} file {source!r}: {e}") from None
    raise Invalid(f"{what} {source!r} is neither a board ID (like 3x3:1,2,3,4,5,6,7,8,0) nor a file")


def lines(source: str) -> list[str]:
    """The lines of a file of boards (batch, study), or of standard input for '-'."""
    if source == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise Invalid(f"cannot read batch file {source!r}: {e}") from None


def wrap_spec(args: argparse.Namespace) -> str:
    """The wraps of --wrap-rows, --wrap-cols and --wrap as one spec, like "r2,c2"."""
    parts = []
    for flag, prefix in ((args.wrap_rows, "r"), (args.wrap_cols, "c")):
        for item in flag or []:
            for x in item.split(","):
                x = x.strip()
                if x in ("all", "*"):
                    parts.append("rows" if prefix == "r" else "cols")
                elif x:
                    parts.append(prefix + x)
    if args.wrap:
        parts.append(args.wrap)
    return ",".join(parts)


def problem(args: argparse.Namespace) -> Problem:
    """The start (args.start), goal (--goal) and wraps of a command, validated."""
    if args.start == "-" and args.goal == "-":
        raise Invalid("only one of the start and the goal can come from standard input")
    start = read(args.start, "start")
    goal = read(args.goal, "goal") if args.goal else None
    try:
        return parse_problem(start, goal, wrap_spec(args))
    except NotationError as e:
        raise Invalid(str(e)) from None


def goal_problem(args: argparse.Namespace, width: int, height: int) -> Problem:
    """The goal (--goal, else the default goal of width x height) and wraps of a command
    that makes its own boards (random, study), as a Problem whose start is the goal."""
    goal = read(args.goal, "goal") if args.goal else format_board_id(width, height, default_goal(width, height))
    try:
        return parse_problem(goal, goal, wrap_spec(args))
    except NotationError as e:
        raise Invalid(str(e)) from None


def ids(found: Problem) -> tuple[str, str, str]:
    """The board, goal and wrap of a problem as the api takes them (IDs and a wrap spec)."""
    t = found.topology
    return (
        format_board_id(t.width, t.height, found.start),
        format_board_id(t.width, t.height, found.goal),
        format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height),
    )


def size(text: str, example: str) -> tuple[int, int]:
    """(width, height) of --size, like the example ("4x4")."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(s.isdigit() for s in parts):
        raise Invalid(f"--size {text!r} should look like {example} (width x height)")
    width, height = (int(x) if len(x) <= 6 else 10**6 for x in parts)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise Invalid(f"--size {text!r} is out of range: boards are {MIN_SIDE} to {MAX_SIDE} cells a side")
    return width, height


def numbers(*checks: tuple[str, float | None, float, float]) -> None:
    """Refuse the first numeric option out of its range: each check is (option, value,
    low, high); None passes (the option was not given)."""
    for name, value, low, high in checks:
        message = api.number_error(name, value, low, high)
        if message:
            raise Invalid(str(message))


def names(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """The lab's --algorithms and --heuristics as lists (empty: the defaults), checked."""
    algorithms, message = api.names_error("algorithm", args.algorithms, lab.ALGORITHMS)
    if message is None:
        heuristics, message = api.names_error("heuristic", args.heuristics, lab.HEURISTICS)
    if message or algorithms is None or heuristics is None:
        raise Invalid(str(message))
    return algorithms, heuristics
