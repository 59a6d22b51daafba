"""The façade the web worker calls: plain strings and numbers in, JSON-safe dicts out.

    >>> check("3x3:1,2,3,4,5,6,0,7,8")["solvable"]
    True
    >>> solve("3x3:1,2,3,4,5,6,0,7,8")["moves"]
    'RR'
    >>> check("3x3:1,2,3")["error"]
    'a 3x3 board needs 9 numbers, got 3'
    >>> call("check", '{"board": "3x3:1,2,3"}')[:40]
    '{"ok": false, "field": "board", "error":'

Every function returns ``{"ok": True, ...}`` or ``{"ok": False, "field": F, "error": M}``
where F names the input at fault ("board", "goal", "wrap", "moves", "options", ...) and M
is a message fit to show a person.  Nothing here raises on bad input.

The package, one role a module (each imports only modules listed below it; game, lab, study
and data not each other):

- ``dispatch``: ``call``, the page's one entry point, and the table of actions;
- ``pool``: the actions of the page's pool of workers (a solve split or raced over several);
- ``game``: check, solve, random, replay, coach, warm;
- ``lab``: the study lab's actions, and its step sessions;
- ``study``: the lab's study over many boards: draw them, run one, make the table, and a
  whole study in one reply (Python and the command line);
- ``speed``: the speedsolvers' actions: analyse a solve, every optimal solution, read csTimer's file;
- ``data``: the pattern databases a request needs, and loading one the page fetched;
- ``checks``: the input checks, and ``replies``, which turns a refusal into an ErrorReply;
- ``protocol``: the types of every action's arguments and reply, of progress and of errors
  (``web/generated/protocol.js`` has the same for the page; ``docs/protocol.md`` describes them).
"""

from __future__ import annotations

from .checks import MAX_LANES, MAX_NODES_RANGE, TIME_LIMIT_RANGE, choice_error, names_error, number_error, options_error
from .data import databases, register
from .dispatch import ACTIONS, REPORTING, call
from .game import check, coach, random, replay, solve, warm
from .lab import (
    ITERATION_RANGE,
    LEVELS_RANGE,
    MAX_SESSIONS,
    STEP_EVENTS_RANGE,
    TREE_STEPS_RANGE,
    WEIGHT_RANGE,
    cases,
    compare,
    explain,
    step_next,
    step_start,
    step_stop,
    tree,
)
from .pool import split_finish, split_pass, split_start
from .speed import MAX_KEEP, analyse, cstimer, solutions
from .study import (
    SEED_RANGE,
    STUDY_COUNT_RANGE,
    STUDY_MAX_BOARDS,
    StudyReply,
    study,
    study_board,
    study_boards,
    study_reply,
    study_table,
)

__all__ = [
    # the page's entry point
    "call",
    "ACTIONS",
    "REPORTING",
    # the game
    "check",
    "solve",
    "random",
    "replay",
    "coach",
    "warm",
    # the pattern databases
    "databases",
    "register",
    # the study lab
    "compare",
    "explain",
    "step_start",
    "step_next",
    "step_stop",
    "tree",
    "cases",
    "study_boards",
    "study_board",
    "study_table",
    "study",
    "study_reply",
    "StudyReply",
    "STUDY_COUNT_RANGE",
    "STUDY_MAX_BOARDS",
    "SEED_RANGE",
    # the speedsolvers' tools
    "analyse",
    "cstimer",
    "solutions",
    "MAX_KEEP",
    # the pool of workers
    "split_start",
    "split_pass",
    "split_finish",
    # checks the command line shares, and the limits they apply
    "number_error",
    "choice_error",
    "names_error",
    "options_error",
    "TIME_LIMIT_RANGE",
    "MAX_NODES_RANGE",
    "MAX_LANES",
    "WEIGHT_RANGE",
    "STEP_EVENTS_RANGE",
    "LEVELS_RANGE",
    "TREE_STEPS_RANGE",
    "ITERATION_RANGE",
    "MAX_SESSIONS",
]
