"""Random boards: uniformly random solvable positions, or scrambles of k random moves.

>>> from npuzzle.rules.topology import Topology
>>> random_board((1, 2, 3, 0), Topology(2, 2), seed=1) == random_board((1, 2, 3, 0), Topology(2, 2), seed=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .board import Board
from .solvability import solvability
from .topology import Topology

__all__ = ["random_board", "scramble", "MAX_SCRAMBLE"]

MAX_SCRAMBLE = 1_000_000  # moves; a scramble is O(moves), and this is far past mixing


def random_board(goal: Sequence[int], topology: Topology, seed: int | None = None) -> Board:
    """A board drawn uniformly from all boards that can reach goal.

    Shuffle all cells uniformly; if the result is unsolvable, swap the first two tiles
    (not the blank).  That swap flips the parity and is a bijection between unsolvable
    and solvable boards, so every solvable board keeps the same probability.
    """
    rng = random.Random(seed)
    tiles = list(goal)
    rng.shuffle(tiles)
    if not solvability(tiles, goal, topology).solvable:
        i, j = [k for k, t in enumerate(tiles) if t][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


def scramble(goal: Sequence[int], topology: Topology, moves: int, seed: int | None = None) -> Board:
    """The goal after `moves` random blank moves, never undoing the previous one."""
    rng = random.Random(seed)
    board = list(goal)
    blank = board.index(0)
    back = -1
    for _ in range(moves):
        d, cell = rng.choice([(d, c) for d, c in topology.neighbors[blank] if d != back])
        board[blank], board[cell] = board[cell], 0
        blank, back = cell, d ^ 1
    return tuple(board)
