"""What every action shares: the error reply, coded texts, and a problem's arguments and fields."""

from typing import Any, Literal, NotRequired, Required, TypedDict

__all__ = ["ErrorReply", "CodedText", "OkReply", "ProblemArgs", "ProblemFields"]


class ErrorReply(TypedDict):
    """Any action's reply to input it refuses (nothing in the api raises on bad input)."""

    ok: Literal[False]
    field: str
    """The input at fault: "board", "goal", "wrap", "moves", "options", "session",
    "database", a study's "size", "count", "depths", "seed", "boards" or "results", a
    file's "text" (cstimer), or
    "action" (an unknown action, arguments that are not a JSON object, an argument the
    action does not take or one missing)."""
    error: str
    """The message in English, fit to show a person (the command line prints the same)."""
    code: NotRequired[str]
    """The message's code in ``npuzzle.catalogue.CATALOGUE``, for the page to show it in the
    person's language; absent for the few messages with no code."""
    params: NotRequired[dict[str, Any]]
    """The code's parameters (present with ``code``), as the message shows them
    (``npuzzle.catalogue.shown``: a value it quotes or formats is that text)."""
    line: NotRequired[int]
    """The line at fault, counted from 1, in a field of many lines (study_boards' boards)."""


class CodedText(TypedDict):
    """A text the page shows in the person's language (``npuzzle.catalogue.coded``)."""

    code: str | None
    """Its code in the catalogue, None for a text that has none (shown in English)."""
    params: dict[str, Any]
    """The code's parameters, as the message shows them (``npuzzle.catalogue.shown``)."""
    text: str
    """The English text."""


class OkReply(TypedDict):
    """A reply that says only that it was done (step_stop)."""

    ok: Literal[True]


class ProblemArgs(TypedDict, total=False):
    """A board, and the goal and wrapped lines it is solved with."""

    board: Required[str]
    """The start."""
    goal: str | None
    """The goal (default: 1, 2, ..., then the blank)."""
    wrap: str | None
    """The rows and columns that wrap round ("r1,c2", "all"; default none)."""


class ProblemFields(TypedDict):
    """The fields of a problem's reply: the board read, and whether it can reach the goal."""

    ok: Literal[True]
    width: int
    height: int
    goal: list[int]
    """The goal, row by row, 0 the blank."""
    wrap_rows: list[int]
    """The rows that wrap round, counted from 0."""
    wrap_cols: list[int]
    """The columns that wrap round, counted from 0."""
    id: str
    """The start as a board ID ("3x3:1,2,...")."""
    goal_id: str
    """The goal as a board ID."""
    wrap: str
    """The wraps as text ("" for none)."""
    default_goal: bool
    """The goal is the default one."""
    solvable: bool
    reason: str
    """Why it is (not) solvable, in English."""
    reason_code: CodedText
    """The same, to show in the person's language."""
