"""The pattern databases: the ones a request needs, and loading one the page fetched.

    >>> databases("3x3:1,2,3,4,5,6,0,7,8", action="check")
    {'ok': True, 'names': []}
    >>> register(b"not a database")["field"]
    'database'

The page's worker asks ``databases`` before every request, with the request's action and
arguments, downloads the files named (the site's manifest.json lists them) and hands each
to ``register``.  Elsewhere tables come from the cache directory (npuzzle.pdb.store).
"""

from __future__ import annotations

from typing import Any

from .. import lab
from ..catalogue import InputError
from ..pdb import store
from ..pdb.shapes import PAGE_LEVEL, level_names, page_strong
from ..rules.board import default_goal
from ..rules.notation import format_board_id
from ..search import portfolio
from .checks import Refused, board_size, names_error, options_error, problem, replies
from .protocol import DatabasesReply, RegisterReply
from .study import first_size

__all__ = ["databases", "register"]

# The coach's actions and the speedsolvers', which search with the databases where the board has them.
_COACH_ACTIONS = ("coach", "warm", "analyse", "solutions")
# The lab's actions that may look up pattern databases, and the argument naming the heuristics.
_LAB_HEURISTICS = {
    "compare": "heuristics",
    "explain": "heuristic",
    "step_start": "heuristic",
    "tree": "heuristic",
    "study_boards": "heuristics",
    "study_board": "heuristics",
}
# The lab's actions that run every heuristic there is when none is named.
_ALL_HEURISTICS = ("compare", "study_boards", "study_board")


def databases(
    board: str | None = None,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    action: str = "solve",
    algorithm: str = "idastar",
    heuristic: str | None = None,
    strategy: str = "auto",
    strong: bool = False,
    **options: Any,
) -> DatabasesReply:
    """The pattern databases the action (solve, coach, warm, or a lab or pool action) with
    these arguments would use and this process has not loaded yet: ``{"ok": True, "names":
    [...]}``, for the page to fetch and register.  Bad arguments, or an action that needs
    none, give no names (the action itself explains what is wrong).  With ``strong`` (the
    person asked for the strongest 4x4 tables) a 4x4 solve's optimal search takes 7-8
    (``PAGE_LEVEL``'s half7h and half8) too, where it applies to the goal (shapes.level_names).
    """
    none: DatabasesReply = {"ok": True, "names": []}
    page_strong(strong)
    if action in ("split_start", "split_finish"):
        action = "solve"
    elif action == "split_pass":  # a subtree of an optimal search with the databases
        action, strategy, heuristic, algorithm = "solve", "optimal", "pdb", "idastar"
    if action not in ("solve", *_COACH_ACTIONS, *_LAB_HEURISTICS):
        return none
    try:
        if action == "study_boards":  # no board: its boards are drawn towards the goal
            given = options.get("boards")  # pasted boards: the first one's size
            width, height = board_size(
                options.get("size") or (first_size(given) if isinstance(given, str) else None) or "3x3"
            )
            board = goal = goal or format_board_id(width, height, default_goal(width, height))
        found = problem(board, goal, wrap)
    except InputError:
        return none
    t = found.topology
    if action in _COACH_ACTIONS:
        # the coach's optimal search: the 4x4's databases (the 5x5's, 6.4 MB, would not
        # make its search finish: it gives a lower bound with linear conflict there)
        needed = store.database_names(found.goal, t) if t.size <= 16 else set()
    elif action == "solve":
        if options_error(algorithm, heuristic, strategy):
            return none
        needed = portfolio.databases_needed(found, strategy, heuristic, algorithm)
        if strong and needed and t.size == 16:
            needed |= level_names(found.goal, PAGE_LEVEL)
    else:
        named = heuristic if _LAB_HEURISTICS[action] == "heuristic" else options.get("heuristics")
        names, _ = names_error("heuristic", named, lab.HEURISTICS)
        asked = "pdb" in (names or []) or (action in _ALL_HEURISTICS and not named)
        asked = asked or (action == "study_boards" and t.size > lab.BFS_CELLS)  # its walks are proven with them
        needed = store.database_names(found.goal, t) if asked and store.supports(t, found.goal) else set()
    return {"ok": True, "names": sorted(name for name in needed if not store.loaded(name))}


@replies
def register(data: bytes) -> RegisterReply:
    """Load a pattern-database file's bytes (fetched by the page) into this process."""
    if hasattr(data, "to_bytes"):  # a JavaScript Uint8Array, in the page's worker
        data = data.to_bytes()
    try:
        return {"ok": True, "name": store.register(bytes(data))}
    except ValueError as e:
        raise Refused("database", str(e)) from e
