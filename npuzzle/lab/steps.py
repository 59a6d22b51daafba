"""Stepping through a search, and the first levels of its search tree, as plain dicts.

    >>> from npuzzle.rules.notation import parse_problem
    >>> s = Steps(parse_problem("3x3:1,2,3,4,5,6,0,7,8"), "astar", "manhattan")
    >>> [(e["type"], e["moves"], e["f"]) for e in s.next(5)]
    [('expand', '', 2), ('expand', 'R', 2), ('goal', 'RR', 2)]
    >>> s.done
    True

The events are the traced searches' (``npuzzle.lab.searches``); every node an event shows
carries ``id`` (nodes are numbered as generated, the start 0) and ``parent``, so a page
can draw the tree as it grows.
"""

from __future__ import annotations

from collections import Counter

from ..catalogue import InputError
from ..result import Stop
from ..rules.board import Problem
from .searches import ALGORITHMS, Budget, Stats, make_heuristic, start, weight_ratio

__all__ = ["Steps", "tree", "STEP_MAX_NODES", "TREE_MAX_NODES"]

STEP_MAX_NODES = 200_000  # expansions a stepped search may make (someone may ask for "all")
TREE_MAX_NODES = 100_000  # expansions spent looking for a tree's nodes


class Steps:
    """A search to step through: ``next(n)`` gives its next n events (fewer at the end)."""

    def __init__(
        self,
        problem: Problem,
        algorithm: str,
        heuristic: str | None,
        *,
        weight: float = 2.0,
        max_nodes: int | None = STEP_MAX_NODES,
    ):
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}: choose from {', '.join(ALGORITHMS)}")
        self.problem = problem
        self.algorithm = algorithm
        self.heuristic = None if algorithm == "bfs" else heuristic
        if algorithm != "bfs" and heuristic is None:
            raise ValueError(f"{algorithm} needs a heuristic")
        h = None if algorithm == "bfs" or heuristic is None else make_heuristic(heuristic, problem)
        self.stats = Stats()
        self._search = start(
            algorithm, problem, h, self.stats, Budget(None, max_nodes), weight=weight_ratio(weight), trace=True
        )
        self.done = False
        self.moves: str | None = None  # the answer, once done (None: stopped)

    def next(self, n: int = 1) -> list[dict]:
        events: list[dict] = []
        while len(events) < n and not self.done:
            try:
                events.append(next(self._search))
            except StopIteration as end:
                self.done, self.moves = True, end.value
            except Stop as stop:
                self.done = True
                events.append(
                    {
                        "type": "stopped",
                        "why": stop.why,
                        "nodes_expanded": self.stats.nodes_expanded,
                        "nodes_generated": self.stats.nodes_generated,
                    }
                )
        return events


def tree(
    problem: Problem,
    algorithm: str,
    heuristic: str,
    levels: int = 3,
    *,
    steps: int = 30,
    iteration: int = 1,
    weight: float = 2.0,
    path: str = "",
) -> dict:
    """The search tree's nodes down to depth ``levels``, each with its id, parent, move,
    board, g, h, f and status; with ``path`` (a solution's moves), the nodes on it below
    that depth too, and ``on_path`` true on every node of it (a finished search's tree
    drawn down to the goal, the levels below ``levels`` collapsed to the path).  Each node
    drawn says in ``hidden`` how many nodes the search generated below it that are not
    drawn (the picture's "+N"): the nodes of every subtree collapsed under it.

    A*, weighted A* and greedy search: the tree after ``steps`` expansions; a node is
    "expanded" (with the step that took it), "in open", "duplicate" (generated, but its
    board was already stored by a path as short), "superseded" (a shorter path to its board
    was found later) or "goal".  IDA* and weighted IDA*: the tree of pass ``iteration``
    (its threshold is given); a node is "expanded", "cut-off" (f > threshold) or "goal",
    and nodes never reached in that pass are absent.  ``truncated`` says the search ran
    out of its budget first.
    """
    if algorithm == "bfs" or algorithm not in ALGORITHMS:
        raise InputError(
            "lab.tree", "options", algorithms=", ".join(a for a in ALGORITHMS if a != "bfs"), algorithm=algorithm
        )
    s = Steps(problem, algorithm, heuristic, weight=weight, max_nodes=TREE_MAX_NODES)
    ida = "idastar" in algorithm
    nodes: dict[int, dict] = {}
    threshold = None
    truncated = False
    open_by_board: dict[tuple, int] = {tuple(problem.start): 0}
    expansions = 0
    moves_of: dict[int, str] = {0: ""}  # a node's moves from the start
    shown = lambda g, moves: g <= levels or (path != "" and path.startswith(moves))  # noqa: E731
    below: dict[int, int] = {}  # a node not drawn -> the node drawn it is below
    hidden: set[int] = set()

    def collapse(node: int, parent: int) -> None:
        """Count a node not drawn under the nearest node drawn above it."""
        if node not in hidden:
            hidden.add(node)
            below[node] = parent if parent in nodes else below[parent]

    while not s.done:
        events = s.next(1)
        if not events:
            break
        e = events[0]
        kind = e["type"]
        if kind == "stopped":
            truncated = True
        elif ida:
            if kind == "iteration" and e["iteration"] == iteration:
                threshold = e["threshold"]
            elif kind == "iteration_end" and e["iteration"] == iteration:
                break
            elif threshold is not None and kind in ("expand", "cutoff", "goal"):
                if shown(e["g"], e["moves"]):
                    status = {"expand": "expanded", "cutoff": "cut-off"}.get(kind, kind)
                    nodes[e["id"]] = {**_node(e), "status": status}
                else:
                    collapse(e["id"], e["parent"])
        else:
            if (
                shown(e["g"], e["moves"]) and e["id"] not in nodes
            ):  # (the goal's event has no move: its node came as a child)
                nodes[e["id"]] = _node(e)
            if kind == "goal":
                if e["id"] in nodes:
                    nodes[e["id"]]["status"] = "goal"
                break
            expansions += 1
            if e["id"] in nodes:
                nodes[e["id"]].update(status="expanded", step=e["step"])
            for c in e["children"]:
                moves_of[c["id"]] = e["moves"] + c["move"]
                if not shown(c["g"], moves_of[c["id"]]):
                    collapse(c["id"], e["id"])
                    continue
                board = tuple(c["board"])
                if c["status"] != "duplicate" and board in open_by_board:
                    old = nodes.get(open_by_board[board])
                    if old is not None and old["status"] == "in open":
                        old["status"] = "superseded"
                if c["status"] != "duplicate":
                    open_by_board[board] = c["id"]
                nodes[c["id"]] = {
                    "id": c["id"],
                    "parent": e["id"],
                    "move": c["move"],
                    "board": c["board"],
                    "g": c["g"],
                    "h": c.get("h"),
                    "f": c.get("f"),
                    "status": "duplicate" if c["status"] == "duplicate" else "in open",
                }
            if expansions >= steps:
                break
    count = Counter(below.values())
    return {
        "algorithm": algorithm,
        "heuristic": heuristic,
        "levels": levels,
        "threshold": threshold if ida else None,
        "truncated": truncated,
        "nodes": [
            {**n, "on_path": path != "" and _on_path(n, nodes, path), "hidden": count[n["id"]]}
            for n in sorted(nodes.values(), key=lambda n: n["id"])
        ],
    }


def _on_path(node: dict, nodes: dict[int, dict], path: str) -> bool:
    """Whether a node's moves from the start (its ancestors' moves) are the first of path's."""
    moves = []
    while node["parent"] is not None:
        moves.append(node["move"])
        parent = nodes.get(node["parent"])
        if parent is None:
            return False
        node = parent
    return path.startswith("".join(reversed(moves)))


def _node(e: dict) -> dict:
    return {k: e.get(k) for k in ("id", "parent", "move", "board", "g", "h", "f")}
