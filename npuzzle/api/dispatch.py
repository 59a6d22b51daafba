"""The worker's entry point: one request from the page, by action name, JSON in and out.

    >>> call("check", '{"board": "2x2:1,2,3,0"}')[:30]
    '{"ok": true, "width": 2, "heig'
    >>> json.loads(call("fly", "{}"))["error"]
    "unknown action 'fly'"
    >>> REPORTING
    ('solve', 'compare', 'split_start', 'split_pass', 'split_finish', 'analyse', 'solutions', 'study_boards', 'study_board')

``ACTIONS`` is the list of actions the page may send; ``docs/protocol.md`` describes the
protocol and ``npuzzle.api.protocol`` types each action's arguments and reply.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping

from .checks import error_reply
from .data import databases
from .game import check, coach, random, solve, warm
from .lab import cases, compare, explain, step_next, step_start, step_stop, tree
from .pool import split_finish, split_pass, split_start
from .speed import analyse, cstimer, solutions
from .study import study_board, study_boards, study_table

__all__ = ["call", "ACTIONS", "REPORTING"]

# Each action the page's worker may ask for, and the function that answers it: the
# function's keyword arguments are the action's (its types: npuzzle.api.protocol).
ACTIONS: dict[str, Callable[..., Mapping[str, object]]] = {
    "check": check,
    "solve": solve,
    "random": random,
    "coach": coach,
    "warm": warm,
    "databases": databases,
    "compare": compare,
    "explain": explain,
    "step_start": step_start,
    "step_next": step_next,
    "step_stop": step_stop,
    "tree": tree,
    "cases": cases,
    "split_start": split_start,
    "split_pass": split_pass,
    "split_finish": split_finish,
    "analyse": analyse,
    "solutions": solutions,
    "cstimer": cstimer,
    "study_boards": study_boards,
    "study_board": study_board,
    "study_table": study_table,
}

# The actions that report progress: those whose function takes a ``progress`` callback.
REPORTING = tuple(name for name, function in ACTIONS.items() if "progress" in inspect.signature(function).parameters)


def call(action: str, args_json: str, report: Callable[[str], None] | None = None) -> str:
    """One request from the page: the action's keyword arguments as JSON in, its reply as
    JSON out (an ErrorReply, field "action", for an unknown action or arguments it does
    not take).  ``report`` receives a REPORTING action's progress dicts as JSON text."""
    function = ACTIONS.get(action)
    if function is None:
        return json.dumps(error_reply("action", f"unknown action {action!r}"))
    try:
        args = json.loads(args_json)
    except ValueError as e:
        return json.dumps(error_reply("action", f"the arguments are not JSON: {e}"))
    if not isinstance(args, dict):
        return json.dumps(error_reply("action", "the arguments must be a JSON object"))
    try:
        inspect.signature(function).bind(**args)
    except TypeError as e:  # an argument the action does not take, or one missing
        return json.dumps(error_reply("action", f"{action}: {e}"))
    if action in REPORTING and report is not None:
        args["progress"] = lambda info: report(json.dumps(info))
    return json.dumps(function(**args))
