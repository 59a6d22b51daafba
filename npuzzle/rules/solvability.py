"""Can the start reach the goal?  Decided exactly, in linear time, for any size, goal and wraps.

    >>> from npuzzle.rules.topology import Topology
    >>> solvability((1, 2, 3, 4, 5, 6, 8, 7, 0), (1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3)).solvable
    False

Why the rule is right.  Every move swaps the blank with a neighbouring tile, so it is a
transposition of the W*H cells' contents: after k moves the permutation taking the
start to the goal has parity k (mod 2).

- On a **bipartite** board (every plain grid; a wrapped row joins (r, 0) and (r, W-1),
  which have different chequerboard colours exactly when W is even, likewise columns)
  every move also flips the blank's colour, so k has the parity of the colour change of
  the blank.  Hence start and goal must satisfy
  ``parity(permutation) == colour(blank_start) xor colour(blank_goal)``.
  That condition is also sufficient: by Wilson's theorem (1974) the reachable
  permutations of a 2-connected bipartite graph that is not a cycle form the alternating
  group, i.e. exactly half of them, and the half meeting this condition.  The 2x2 board
  is a 4-cycle, where the tiles can only rotate; the condition is still exact there (its 12
  positions are all reachable), which the tests check by breadth-first search.
- On a **non-bipartite** board (some wrapped row of odd width or wrapped column of odd
  height), a trip of the blank around an odd cycle returns it to its cell after an odd
  number of moves, flipping the parity.  Wilson's theorem: a 2-connected non-bipartite
  graph other than a cycle or the 7-vertex graph theta-0 gives the full symmetric group,
  so *every* arrangement is solvable.  A grid with at least 2 cells a side is never a
  cycle once it has a wrap (it has a vertex of degree 3), and has no 7-vertex member.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..catalogue import Text
from .topology import Topology

__all__ = ["Solvability", "solvability", "permutation_parity"]


@dataclass(frozen=True)
class Solvability:
    solvable: bool
    reason: str


def permutation_parity(start: Sequence[int], goal: Sequence[int]) -> int:
    """Parity (0 even, 1 odd) of the permutation of cells taking start to goal, blank included."""
    where = {t: i for i, t in enumerate(goal)}
    perm = [where[t] for t in start]
    seen = [False] * len(perm)
    parity = 0
    for i in range(len(perm)):
        if not seen[i]:
            length = 0
            j = i
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            parity ^= (length - 1) & 1
    return parity


def solvability(start: Sequence[int], goal: Sequence[int], topology: Topology) -> Solvability:
    """Whether start can reach goal on this topology, with the reason in words."""
    if not topology.is_bipartite():
        return Solvability(True, Text("solvable.odd_cycle"))
    perm = permutation_parity(start, goal)
    blank = topology.colour(start.index(0)) ^ topology.colour(goal.index(0))
    words = ("even", "odd")
    if perm == blank:
        return Solvability(True, Text("solvable.parity", perm=words[perm], blank=words[blank]))
    return Solvability(False, Text("unsolvable.parity", perm=words[perm], blank=words[blank]))
