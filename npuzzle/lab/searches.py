"""The study lab's searches: textbook breadth-first search, A*, IDA*, their weighted forms
and greedy best-first search, written to be read, with counters.

    >>> from npuzzle.rules.notation import parse_problem
    >>> from npuzzle.search.heuristics import Heuristic
    >>> problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8")
    >>> h = Heuristic.make("manhattan", problem.goal, problem.topology)
    >>> stats = Stats()
    >>> run(astar(problem, h, stats, Budget()))
    'RR'
    >>> stats.nodes_expanded, stats.nodes_generated, stats.max_stored
    (2, 4, 5)

Each search is a generator: with ``trace=True`` it yields one plain dict an event (a node
expanded, a node cut off, a new IDA* threshold, the goal), which the step sessions pass to
the page; without, it yields nothing and only counts.  Either way it *returns* the moves
found (``run`` gives that value), and raises ``result.Stop`` when its ``Budget`` ends it.
The counts are the same with or without a trace.  These are not the solver's kernels
(``npuzzle.search.tile_kernel``, ``npuzzle.pdb.kernel``), which are written for speed: IDA* here
makes 310 k nodes a second with Manhattan where the kernel makes 2.4 M (seed 001 #1),
and 24 k with the pattern databases (a full look-up a node instead of an update).

Definitions (as in Russell and Norvig, *Artificial Intelligence: A Modern Approach*):

- a node is *expanded* when its children are generated: A* and best-first count the
  states taken from the open list that are not the goal; BFS the states taken from the
  queue; IDA* every node within the threshold that is not the goal, in every iteration.
- a node is *generated* when a move creates it.  Every legal move of the blank counts but
  the one that undoes the move that led to the node (which only goes back to the parent),
  whether the child is then kept, discarded as a duplicate (A*, BFS) or cut off (IDA*).
  The start is not counted.
- *max stored*: the most states held at once: for A* and best-first the open and closed
  lists together, for BFS the states seen, for IDA* the nodes on the current path.
- *iterations*: IDA*'s depth-first passes, one per threshold, the last included.
- *passes*: for each IDA* pass, its threshold and the nodes it expanded (they add up to
  the nodes expanded), for the chart of threshold against work.
- the *effective branching factor* b* solves N = b* + b*^2 + ... + b*^d with N the nodes
  generated and d the solution's length (Russell and Norvig's definition).

Order, so that every count is the same on every run and in the page: children are made
in the move order U, D, L, R (``topology.DIRECTIONS``); A*'s open list is a binary heap
of (f, -g, id): among equal f the deepest node first, then the one generated first.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..catalogue import CATALOGUE, InputError, Text, text
from ..rules.board import Board, Problem
from ..rules.topology import DIRECTIONS
from .counts import Budget, Stats, ebf, weight_ratio

if TYPE_CHECKING:
    from ..pdb import PatternDatabases
    from ..search.heuristics import Heuristic

    LabHeuristic = Heuristic | PatternDatabases  # what make_heuristic gives

__all__ = [
    "ALGORITHMS",
    "OPTIMAL",
    "Stats",
    "Budget",
    "bfs",
    "astar",
    "idastar",
    "start",
    "run",
    "ebf",
    "weight_ratio",
    "make_heuristic",
]

# The lab's algorithms; those in OPTIMAL find shortest solutions (with an admissible h).
ALGORITHMS = ("bfs", "astar", "idastar", "weighted-astar", "weighted-idastar", "greedy")
OPTIMAL = ("bfs", "astar", "idastar")
# What each is, in a sentence a student can quote (the CLI's help and the README show these).
DESCRIPTIONS = {name: text(f"about.{name}") for name in ALGORITHMS}

_UNDO = (1, 0, 3, 2, -1)  # the direction that undoes U, D, L, R; index -1: no move yet
OPEN_TOP = 5  # open-list entries shown with each A* step

Search = Generator[dict[str, Any], None, str]


def make_heuristic(name: str, problem: Problem) -> LabHeuristic:
    """The heuristic object for a name (npuzzle.search.optimal's); ValueError, with the reason,
    when the pattern databases cannot serve this board (the lab never substitutes one)."""
    from ..search import optimal

    h, notes = optimal.make_heuristic(name, problem, "idastar")
    if h.name != name:
        note = notes[0] if notes else None
        if isinstance(note, Text) and f"lab.{note.code}" in CATALOGUE:
            raise InputError(f"lab.{note.code}", "options", **note.params)
        raise InputError("lab.unavailable", "options", name=name)
    return h


def start(
    algorithm: str,
    problem: Problem,
    heuristic: LabHeuristic | None,
    stats: Stats,
    budget: Budget,
    *,
    weight: tuple[int, int] = (2, 1),
    trace: bool = False,
) -> Search:
    """The named search as a generator (weight is for the weighted ones; bfs ignores h)."""
    if algorithm == "bfs":
        return bfs(problem, stats, budget, trace=trace)
    if heuristic is None:
        raise ValueError(f"{algorithm} needs a heuristic")
    if algorithm in ("astar", "weighted-astar", "greedy"):
        w = (1, 1) if algorithm == "astar" else None if algorithm == "greedy" else weight
        return astar(problem, heuristic, stats, budget, weight=w, trace=trace)
    if algorithm in ("idastar", "weighted-idastar"):
        return idastar(
            problem, heuristic, stats, budget, weight=(1, 1) if algorithm == "idastar" else weight, trace=trace
        )
    raise ValueError(f"unknown algorithm {algorithm!r}: choose from {', '.join(ALGORITHMS)}")


def run(search: Search) -> str:
    """Drive a search to its end: the moves it returns (it may raise Stop)."""
    while True:
        try:
            next(search)
        except StopIteration as end:
            return end.value


def _moves(parent: dict[Board, tuple[Board | None, int]], state: Board) -> str:
    """The moves from the start to state, from parent[state] = (parent state, direction)."""
    letters: list[str] = []
    while True:
        before, d = parent[state]
        if before is None:
            return "".join(reversed(letters))
        letters.append(DIRECTIONS[d])
        state = before


def _f(key: float, q: int) -> int | float:
    """An f value for people: q g + p h back to g + w h."""
    return key // q if key % q == 0 else round(key / q, 4)


def bfs(problem: Problem, stats: Stats, budget: Budget, *, trace: bool = False) -> Search:
    """Breadth-first search: the goal test when a child is generated (the first time a
    state is seen is by a shortest path), duplicates discarded.  Optimal, blind."""
    start, goal = problem.start, problem.goal
    if start == goal:
        return ""
    neighbors = problem.topology.neighbors
    parent: dict = {start: (None, -1)}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        budget.check(stats.nodes_expanded)
        stats.nodes_expanded += 1
        back = _UNDO[parent[state][1]]
        blank = state.index(0)
        children = []
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            board = list(state)
            board[blank], board[cell] = board[cell], 0
            child = tuple(board)
            stats.nodes_generated += 1
            seen = child in parent
            if trace:
                children.append({"move": DIRECTIONS[d], "board": board, "status": "duplicate" if seen else "new"})
            if seen:
                continue
            parent[child] = (state, d)
            if child == goal:
                stats.max_stored = len(parent)
                moves = _moves(parent, child)
                if trace:
                    yield {
                        "type": "goal",
                        "board": board,
                        "g": len(moves),
                        "moves": moves,
                        "length": len(moves),
                        **_counts(stats),
                    }
                return moves
            queue.append(child)
        stats.max_stored = len(parent)
        if trace:
            yield {
                "type": "expand",
                "step": stats.nodes_expanded,
                "board": list(state),
                "moves": _moves(parent, state),
                "children": children,
                "queue_size": len(queue),
                **_counts(stats),
            }
    raise AssertionError("breadth-first search ran out of states: is the board solvable?")


def _counts(stats: Stats) -> dict:
    return {"nodes_expanded": stats.nodes_expanded, "nodes_generated": stats.nodes_generated}


def astar(
    problem: Problem,
    heuristic: LabHeuristic,
    stats: Stats,
    budget: Budget,
    *,
    weight: tuple[int, int] | None = (1, 1),
    trace: bool = False,
) -> Search:
    """Best-first search on f: A* (f = g + h), weighted A* (weight (p, q): f = g + (p/q) h,
    at most p/q times the optimum) or, with weight None, greedy best-first (f = h).

    A state reached again by a shorter path is given the shorter one and put back on the
    open list (reopened), so weighted A* keeps its bound with any admissible heuristic;
    greedy search keeps the first path to a state.  Ties: see the module's docstring.
    """
    start, goal = problem.start, problem.goal
    neighbors = problem.topology.neighbors
    greedy = weight is None
    p, q = weight or (1, 1)

    def key(g: int, h: int) -> int:
        return p * h if greedy else q * g + p * h

    h0 = heuristic.value(start)
    best_g = {start: 0}  # the shortest way found to each stored state
    parent: dict[Board, tuple[Board | None, int]] = {start: (None, -1)}
    closed: set[Board] = set()
    # entries (key, -g, id, state, h, parent id); ids number the nodes in the order generated
    heap: list[tuple[int, int, int, tuple[int, ...], int, int | None]] = [(key(0, h0), 0, 0, start, h0, None)]
    while heap:
        k, neg_g, node, state, h, up = heapq.heappop(heap)
        g = -neg_g
        if state in closed or best_g[state] < g:
            continue  # a stale entry: the state was reached by a shorter way since
        if state == goal:
            moves = _moves(parent, state)
            if trace:
                yield {
                    "type": "goal",
                    "id": node,
                    "parent": up,
                    "board": list(state),
                    "g": g,
                    "h": h,
                    "f": _f(k, 1 if greedy else q),
                    "moves": moves,
                    "length": len(moves),
                    "open_size": len(best_g) - len(closed),
                    "closed_size": len(closed),
                    **_counts(stats),
                }
            return moves
        budget.check(stats.nodes_expanded)
        stats.nodes_expanded += 1
        closed.add(state)
        back = _UNDO[parent[state][1]]
        blank = state.index(0)
        children = []
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            board = list(state)
            board[blank], board[cell] = board[cell], 0
            child = tuple(board)
            stats.nodes_generated += 1
            child_id = stats.nodes_generated
            known = best_g.get(child)
            if known is not None and (greedy or known <= g + 1):
                status = "duplicate"
            else:
                status = "new" if known is None else "reopened" if child in closed else "better"
                best_g[child] = g + 1
                parent[child] = (state, d)
                closed.discard(child)
                ch = heuristic.value(child)
                heapq.heappush(heap, (key(g + 1, ch), -g - 1, child_id, child, ch, node))
            if trace:
                entry = {"id": child_id, "move": DIRECTIONS[d], "board": board, "g": g + 1, "status": status}
                if status != "duplicate":
                    entry.update(h=ch, f=_f(key(g + 1, ch), 1 if greedy else q))
                children.append(entry)
        stats.max_stored = max(stats.max_stored, len(best_g))
        if trace:
            yield {
                "type": "expand",
                "step": stats.nodes_expanded,
                "id": node,
                "parent": up,
                "move": DIRECTIONS[parent[state][1]] if up is not None else None,
                "board": list(state),
                "g": g,
                "h": h,
                "f": _f(k, 1 if greedy else q),
                "moves": _moves(parent, state),
                "children": children,
                "open_top": _open_top(heap, best_g, closed, parent, 1 if greedy else q),
                "open_size": len(best_g) - len(closed),
                "closed_size": len(closed),
                **_counts(stats),
            }
    raise AssertionError("A* ran out of states: is the board solvable?")


def _open_top(heap: list, best_g: dict, closed: set, parent: dict, q: int) -> list[dict]:
    """The next OPEN_TOP nodes A* would take (stale entries skipped): O(open) a call, which
    only the traced search pays."""
    live = (e for e in heap if e[3] not in closed and best_g[e[3]] == -e[1])
    return [
        {"id": node, "board": list(state), "g": -neg_g, "h": h, "f": _f(k, q), "moves": _moves(parent, state)}
        for k, neg_g, node, state, h, _ in heapq.nsmallest(OPEN_TOP, live)
    ]


def idastar(
    problem: Problem,
    heuristic: LabHeuristic,
    stats: Stats,
    budget: Budget,
    *,
    weight: tuple[int, int] = (1, 1),
    trace: bool = False,
) -> Search:
    """Iterative-deepening A* (Korf 1985), as in the course reports: depth-first passes
    that cut off a node when f = g + h exceeds the threshold; the first threshold is the
    start's f, each next one the smallest f cut off in the pass before.  With weight (p, q),
    f = g + (p/q) h (weighted IDA*: at most p/q times the optimum).  Only the move back to
    the parent is pruned; no other duplicates are detected (IDA* stores only its path).
    """
    goal = list(problem.goal)
    neighbors = problem.topology.neighbors
    board = list(problem.start)
    p, q = weight
    path: list[int] = []  # directions from the start
    ids: list[int] = []  # the trace's node ids along the path
    h0 = heuristic.value(board)
    threshold: float = p * h0  # whole numbers, typed as `smallest` is (inf before a cut-off)
    stats.iterations = 0
    stats.passes = []
    next_id = 0
    smallest: float = float("inf")  # the smallest f cut off in the pass under way

    def node_event(kind: str, node: int, g: int, h: int, key: int) -> dict:
        return {
            "type": kind,
            "id": node,
            "parent": ids[-2] if len(ids) > 1 else None,
            "move": DIRECTIONS[path[-1]] if path else None,
            "board": list(board),
            "g": g,
            "h": h,
            "f": _f(key, q),
            "threshold": _f(threshold, q),
            "moves": "".join(DIRECTIONS[d] for d in path),
            **_counts(stats),
        }

    def dfs(blank: int, g: int, h: int, back: int) -> Generator[dict[str, Any], None, bool]:
        """Search below the node on the board: True when the goal is found; the smallest f
        cut off is kept in `smallest`."""
        nonlocal next_id, smallest
        if board == goal:
            return True
        budget.check(stats.nodes_expanded)
        stats.nodes_expanded += 1
        if trace:
            yield node_event("expand", ids[-1], g, h, q * g + p * h)
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            t = board[cell]
            board[blank], board[cell] = t, 0
            stats.nodes_generated += 1
            ch = heuristic.value(board)
            key = q * (g + 1) + p * ch
            path.append(d)
            next_id += 1
            ids.append(next_id)
            if key > threshold:
                smallest = min(smallest, key)
                if trace:
                    yield node_event("cutoff", next_id, g + 1, ch, key)
            else:
                stats.max_stored = max(stats.max_stored, len(path) + 1)
                if (yield from dfs(cell, g + 1, ch, _UNDO[d])):
                    return True
            path.pop()
            ids.pop()
            board[blank], board[cell] = 0, t
        return False

    while True:
        stats.iterations += 1
        stats.passes.append((_f(threshold, q), 0))
        expanded_before = stats.nodes_expanded
        smallest = float("inf")
        if trace:
            yield {"type": "iteration", "iteration": stats.iterations, "threshold": _f(threshold, q), **_counts(stats)}
        ids[:] = [next_id]
        try:
            found = yield from dfs(board.index(0), 0, h0, -1)
        finally:  # a budget's Stop ends a pass too: its nodes are counted
            stats.passes[-1] = (stats.passes[-1][0], stats.nodes_expanded - expanded_before)
        if found:
            moves = "".join(DIRECTIONS[d] for d in path)
            if trace:
                g = len(path)
                h = heuristic.value(board)
                yield {**node_event("goal", ids[-1], g, h, q * g + p * h), "length": g, "iteration": stats.iterations}
            return moves
        if smallest == float("inf"):
            raise AssertionError("IDA* found nothing to cut off: is the board solvable?")
        if trace:
            yield {
                "type": "iteration_end",
                "iteration": stats.iterations,
                "threshold": _f(threshold, q),
                "next_threshold": _f(smallest, q),
                **_counts(stats),
            }
        threshold = smallest
        next_id += 1
