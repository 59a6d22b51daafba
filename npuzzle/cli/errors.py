"""What a command returns or raises: its exit status, or Invalid for bad input.

Exit status (stable: scripts and the page's tests rely on it):
0 a solution (or, for check/random, the answer) was printed; 1 the board is unsolvable;
2 invalid input (one line on stderr, nothing on stdout); 3 a limit (time or nodes)
stopped the search before a solution; 130 interrupted with Ctrl-C.
``batch``: 0 every board answered optimally, else the sum of 4 (some unsolvable), 8 (some
bad lines) and 16 (some answers not proven optimal); 2 and 130 as above.
"""

from __future__ import annotations

from typing import TypeVar, cast

from ..api.protocol import ErrorReply

__all__ = ["EXIT_OK", "EXIT_UNSOLVABLE", "EXIT_INVALID", "EXIT_STOPPED", "EXIT_INTERRUPTED", "Invalid", "accepted"]

EXIT_OK, EXIT_UNSOLVABLE, EXIT_INVALID, EXIT_STOPPED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

Reply = TypeVar("Reply")


class Invalid(Exception):
    """Bad input: the message is printed as the single line on stderr (exit status 2)."""


def accepted(reply: Reply | ErrorReply, prefix: str = "") -> Reply:
    """An api reply that is an answer; an ErrorReply (the api refused the input) raises
    Invalid with its message, after prefix (the option at fault, where the api's field
    does not say it)."""
    if not reply["ok"]:  # type: ignore[index]  # every reply has "ok"
        raise Invalid(prefix + cast(ErrorReply, reply)["error"])
    return cast(Reply, reply)
