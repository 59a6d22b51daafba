"""Boards at an exact optimal depth, for the study: every layer known on small boards,
random walks proven by the optimal solver on the 15-puzzle.

    >>> goal, t = (1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3)
    >>> by_bfs = distances(goal, t)
    >>> board = walk_board(goal, t, 12, random.Random(1), lambda b, d: by_bfs[b] < d)
    >>> by_bfs[board]
    12
    >>> round(walk_spread(goal, t, 12)[0], 3)   # the walk's distance from uniform over the layer
    0.263

Two ways, by size:

- **Up to BFS_CELLS cells (the 8-puzzle)**: breadth-first search from the goal knows every
  board's distance; a depth's boards are drawn uniformly from its whole layer.
- **Bigger boards with pattern databases (the 15-puzzle)**: a random walk of exactly d
  moves from the goal that never undoes its last move is kept when the optimal solver
  proves no shorter solution exists (one pass of IDA* with the databases, bound d - 2:
  every solution of a board has the same parity), else a new walk is drawn.  So every
  board kept has an optimum of exactly d, proven.  It is *not* uniform over the layer:
  a board is drawn in proportion to the chance that a walk follows one of its shortest
  paths, so boards with many shortest paths, and walks through the middle of the board
  (more moves to choose from), weigh more.  ``walk_spread`` computes the exact
  distribution on the 8-puzzle, where every layer is known; docs/lab.md gives the figures.

Only whole-number decisions come from the solver (is there a shorter solution?), never its
time, so the same seed draws the same boards on every machine, in CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..catalogue import InputError
from ..rules.board import Problem, distances
from ..rules.topology import Topology
from .compare import BFS_CELLS

__all__ = ["WALK_DEPTHS", "boards_at_depths", "layers", "walk_board", "walk_chances", "walk_spread"]

WALK_DEPTHS = (1, 50)  # depths a walk draws (about 30 walks a board at 40 on the 4x4, 0.5 s in CPython)
_TRIES = 200  # walks per board wanted before a depth is taken to have no more new boards

Shorter = Callable[[tuple[int, ...], int], bool]  # (board, d): is its optimum less than d?


def layers(goal: Sequence[int], topology: Topology) -> list[list[tuple[int, ...]]]:
    """Every board that reaches goal, by its distance to it (breadth-first from the goal:
    moves are reversible).  Boards of at most BFS_CELLS cells (181,440 on the 8-puzzle)."""
    if topology.size > BFS_CELLS:
        raise InputError("study.cells", "size", cells=BFS_CELLS, width=topology.width, height=topology.height)
    out: list[list[tuple[int, ...]]] = []
    for board, d in distances(goal, topology).items():  # in order of distance
        if d == len(out):
            out.append([])
        out[d].append(board)
    return out


def walk_board(goal: Sequence[int], topology: Topology, depth: int, rng: random.Random, shorter: Shorter) -> tuple:
    """A board d moves from goal by a random walk that never undoes its last move, drawn
    again until ``shorter`` says it has no shorter solution (its optimum is then d)."""
    neighbors = topology.neighbors
    while True:
        board = list(goal)
        blank = board.index(0)
        back = -1
        for _ in range(depth):
            d, cell = rng.choice([(d, c) for d, c in neighbors[blank] if d != back])
            board[blank], board[cell] = board[cell], 0
            blank, back = cell, d ^ 1
        drawn = tuple(board)
        if not shorter(drawn, depth):
            return drawn


def walk_spread(goal: Sequence[int], topology: Topology, depth: int) -> tuple[float, float]:
    """How far walk_board's boards are from uniform over the layer at depth, exactly (a
    small board: every layer by breadth-first search): (the total variation distance,
    the most likely board's chance over the least likely's)."""
    chance = walk_chances(goal, topology, depth)
    p = list(chance.values())
    return 0.5 * sum(abs(x - 1 / len(p)) for x in p), max(p) / min(p)


def walk_chances(goal: Sequence[int], topology: Topology, depth: int) -> dict[tuple[int, ...], float]:
    """The chance walk_board draws each board of the layer at depth (a small board: every
    layer by breadth-first search).  A walk's chance is the product of 1/(the moves it
    could take) at each step; a board's, the sum over its shortest paths (a kept walk is
    one of them), divided by the chance a walk is kept."""
    dist = distances(goal, topology)
    chance: dict[tuple[int, ...], float] = {tuple(goal): 1.0}
    for k in range(depth):
        ahead: dict[tuple[int, ...], float] = {}
        for board, p in chance.items():
            blank = board.index(0)
            steps = topology.neighbors[blank]
            share = p / (len(steps) - (1 if k else 0))  # never the move back
            for _, cell in steps:
                after = list(board)
                after[blank], after[cell] = after[cell], 0
                child = tuple(after)
                if dist[child] == k + 1:
                    ahead[child] = ahead.get(child, 0.0) + share
        chance = ahead
    total = sum(chance.values())
    return {b: chance.get(b, 0.0) / total for b, d in dist.items() if d == depth}


def _prover(goal: Sequence[int], topology: Topology) -> Shorter:
    """shorter(board, d) by the optimal solver: one IDA* pass with the pattern databases."""
    from ..pdb import PatternDatabases, unavailable

    if unavailable(Problem(tuple(goal), tuple(goal), topology)) is not None:
        raise InputError("study.cells", "size", cells=BFS_CELLS, width=topology.width, height=topology.height)
    databases = PatternDatabases(goal)

    def shorter(board: tuple[int, ...], d: int) -> bool:
        return d >= 2 and bool(databases.reaches(Problem(board, tuple(goal), topology), d - 2))

    return shorter


def boards_at_depths(
    goal: Sequence[int],
    topology: Topology,
    depths: Sequence[int],
    count: int,
    seed: int | None = None,
    drawing: Callable[[int, int], None] | None = None,
) -> list[tuple[int, tuple[int, ...]]]:
    """count boards at each depth, without repeats (all of them where a depth has fewer),
    as (depth, board); the same seed gives the same boards.  Up to BFS_CELLS cells drawn
    uniformly from the layer; bigger boards with pattern databases by proven walks
    (walk_board), depths in WALK_DEPTHS, drawing(boards drawn, boards wanted) after each
    (seconds on a 4x4 at depth 40)."""
    rng = random.Random(seed)
    out: list[tuple[int, tuple[int, ...]]] = []
    if topology.size <= BFS_CELLS:
        by_depth = layers(goal, topology)
        for depth in depths:
            if not 0 <= depth < len(by_depth):
                raise InputError("study.depth", "depths", depth=depth, farthest=len(by_depth) - 1)
            layer = sorted(by_depth[depth])  # sorted: the draw depends on the seed only
            out += [(depth, board) for board in rng.sample(layer, min(count, len(layer)))]
        return out
    low, high = WALK_DEPTHS
    for depth in depths:
        if not low <= depth <= high:
            raise InputError("study.walk_depth", "depths", depth=depth, low=low, high=high)
    shorter = _prover(goal, topology)
    for depth in depths:
        seen: set[tuple[int, ...]] = set()
        for _ in range(count * _TRIES):
            if len(seen) == count:
                break
            board = walk_board(goal, topology, depth, rng, shorter)
            if board not in seen:
                seen.add(board)
                out.append((depth, board))
                if drawing is not None:
                    drawing(len(out), count * len(depths))
    return out
