"""Boards and moves: the rules of play, shared by every search and by the page.

>>> t = Topology(3, 3)
>>> apply_moves((1, 2, 3, 4, 5, 6, 7, 0, 8), "R", t)
(1, 2, 3, 4, 5, 6, 7, 8, 0)
>>> tiles_moved((1, 2, 3, 4, 5, 6, 0, 7, 8), "RR", t)
[7, 8]
>>> d = distances((1, 2, 3, 0), Topology(2, 2))
>>> len(d), d[(1, 2, 0, 3)], max(d.values())
(12, 1, 6)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..catalogue import InputError
from .topology import DIRECTIONS, Topology

__all__ = [
    "Board",
    "Problem",
    "default_goal",
    "apply_moves",
    "boards_along",
    "tiles_moved",
    "walk",
    "distances",
    "MoveError",
]

Board = tuple[int, ...]


class MoveError(InputError):
    """A move string that is not U/D/L/R, or that walks the blank off the board."""

    default_field = "moves"


def default_goal(width: int, height: int) -> Board:
    """1, 2, ..., N-1 in reading order, then the blank."""
    n = width * height
    return tuple(range(1, n)) + (0,)


@dataclass(frozen=True)
class Problem:
    """A start board, a goal board and the topology they live on (all validated)."""

    start: Board
    goal: Board
    topology: Topology

    @property
    def default_goal(self) -> bool:
        return self.goal == default_goal(self.topology.width, self.topology.height)


def walk(board: Sequence[int], moves: str, topology: Topology) -> Iterator[tuple[Board, int]]:
    """Yield (board, tile) after each move; raises MoveError on a bad letter or an edge."""
    cells = list(board)
    blank = cells.index(0)
    step = topology.step
    for i, letter in enumerate(moves, 1):
        d = DIRECTIONS.find(letter)
        if d < 0:
            raise MoveError("moves.letter", letter=letter, i=i)
        target = step[blank][d]
        if target < 0:
            raise MoveError("moves.off_board", i=i, letter=letter)
        tile = cells[target]
        cells[blank], cells[target] = tile, 0
        blank = target
        yield tuple(cells), tile


def apply_moves(board: Sequence[int], moves: str, topology: Topology) -> Board:
    """The board after the blank makes the given moves."""
    result = tuple(board)
    for result, _ in walk(board, moves, topology):  # noqa: B007  (the last board walked)
        pass
    return result


def boards_along(board: Sequence[int], moves: str, topology: Topology) -> list[Board]:
    """Every board from the start to the end of the moves, both included."""
    return [tuple(board)] + [b for b, _ in walk(board, moves, topology)]


def tiles_moved(board: Sequence[int], moves: str, topology: Topology) -> list[int]:
    """The tile numbers that slide, in order (the other common way to write a solution)."""
    return [tile for _, tile in walk(board, moves, topology)]


def distances(goal: Sequence[int], topology: Topology, depth: int | None = None) -> dict[Board, int]:
    """The fewest moves from every board that reaches goal (at most depth moves away, when
    given) to goal, by breadth-first search from the goal: moves are reversible.  Boards
    come in order of distance, each layer in the order the search meets them.

    The ground truth on small boards for the tests, the study lab's layers and the tools;
    it holds every board, so keep it to boards of a few hundred thousand (the 8-puzzle's
    181,440)."""
    goal = tuple(goal)
    dist = {goal: 0}
    queue = deque([(goal, goal.index(0))])
    neighbors = topology.neighbors
    while queue:
        board, blank = queue.popleft()
        d = dist[board] + 1
        if depth is not None and d > depth:
            break
        for _, cell in neighbors[blank]:
            cells = list(board)
            cells[blank], cells[cell] = cells[cell], 0
            child = tuple(cells)
            if child not in dist:
                dist[child] = d
                queue.append((child, cell))
    return dist
