"""The heuristic on the board: the parts a heuristic's value is the sum of.

    >>> from npuzzle.rules.notation import parse_problem
    >>> e = explain(parse_problem("3x3:1,2,3,4,5,6,0,7,8"), "manhattan")
    >>> e["value"], [(t["tile"], t["cost"]) for t in e["tiles"] if t["cost"]]
    (2, [(7, 1), (8, 1)])

- ``misplaced``: each tile's cost is 1 when it is off its goal cell;
- ``manhattan``: each tile's cost is its distance to its goal cell in the board's own
  graph (``Topology.distances``: wraps are shortcuts);
- ``linear-conflict``: the Manhattan costs, plus each line's conflicts: of the tiles in
  their goal row (column), those in a longest run already in goal order stay and the
  others must leave the line and come back, 2 moves each (none on wrapped boards);
- ``pdb``: the groups of each partition with their database values; the heuristic is
  the largest partition sum (``chosen``).

So ``value`` = the tiles' costs + the lines' costs (+ the chosen partition's groups for
pdb, where tiles cost nothing) and equals the heuristic object's ``value(board)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..pdb import PatternDatabases
from ..rules.board import Problem
from .searches import make_heuristic

__all__ = ["explain", "line_conflicts"]


def explain(problem: Problem, name: str, board: Sequence[int] | None = None) -> dict:
    """The named heuristic's parts for board (default: the start), JSON-safe."""
    h = make_heuristic(name, problem)
    board = tuple(problem.start if board is None else board)
    t = problem.topology
    goal_cell = {tile: cell for cell, tile in enumerate(problem.goal)}
    dist = t.distances()
    tiles = []
    for cell, tile in enumerate(board):
        if tile:
            g = goal_cell[tile]
            cost = int(cell != g) if name == "misplaced" else dist[cell][g] if name != "pdb" else 0
            tiles.append({"tile": tile, "cell": cell, "goal_cell": g, "distance": dist[cell][g], "cost": cost})
    lines = (
        line_conflicts(board, problem.goal, t.width, t.height) if name == "linear-conflict" and not t.wrapped else []
    )
    partitions: list[dict[str, Any]] = []
    chosen = None
    if isinstance(h, PatternDatabases):  # the name is "pdb"
        for groups in h.groups(board):
            parts = [
                {"cells": list(cells), "tiles": [problem.goal[c] for c in cells], "value": v} for cells, v in groups
            ]
            partitions.append({"groups": parts, "total": sum(v for _, v in groups)})
        chosen = max(range(len(partitions)), key=lambda i: (partitions[i]["total"], -i))
    return {
        "heuristic": name,
        "value": h.value(board),
        "board": list(board),
        "tiles": tiles,
        "lines": lines,
        "partitions": partitions,
        "chosen": chosen,
    }


def _longest_run(goals: Sequence[int]) -> set[int]:
    """Indexes of one longest strictly increasing run (subsequence) of goals, the earliest."""
    best = [1] * len(goals)
    before = [-1] * len(goals)
    for i in range(len(goals)):
        for j in range(i):
            if goals[j] < goals[i] and best[j] + 1 > best[i]:
                best[i], before[i] = best[j] + 1, j
    if not goals:
        return set()
    i = max(range(len(goals)), key=lambda k: (best[k], -k))
    kept = set()
    while i >= 0:
        kept.add(i)
        i = before[i]
    return kept


def line_conflicts(board: Sequence[int], goal: Sequence[int], width: int, height: int) -> list[dict]:
    """Every row and column with tiles in conflict: the tiles in their goal line (in order
    along it), the pairs in reverse goal order, the tiles that must leave, the cost."""
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    found = []
    for kind, count, cells_of, along in (
        ("row", height, lambda r: [r * width + c for c in range(width)], lambda cell: cell % width),
        ("column", width, lambda c: [r * width + c for r in range(height)], lambda cell: cell // width),
    ):
        for index in range(count):
            cells = cells_of(index)
            home = [board[c] for c in cells if board[c] and goal_cell[board[c]] in cells]
            goals = [along(goal_cell[tile]) for tile in home]
            pairs = [
                [home[i], home[j]] for i in range(len(home)) for j in range(i + 1, len(home)) if goals[i] > goals[j]
            ]
            if not pairs:
                continue
            kept = _longest_run(goals)
            leave = [tile for i, tile in enumerate(home) if i not in kept]
            found.append(
                {"line": kind, "index": index, "tiles": home, "pairs": pairs, "leave": leave, "cost": 2 * len(leave)}
            )
    return found
