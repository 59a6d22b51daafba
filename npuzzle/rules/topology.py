"""The shape of a board: its size, which rows and columns wrap, and who neighbours whom.

    >>> t = Topology(3, 3)
    >>> t.step[4]          # from the centre, the blank can go U, D, L, R
    (1, 7, 3, 5)
    >>> Topology(5, 5, wrap_rows=(2,), wrap_cols=(2,)).step[10][2]   # L through the wrap
    14

Vocabulary used across the package: a *cell* is an index 0..W*H-1 in row-major
order; a *board* is a tuple of tile numbers by cell, 0 being the blank; a *move*
is the letter U, D, L or R naming the direction the **blank** goes.  A move through
a wrapped edge keeps its letter: the blank in the top cell of a wrapped column
moving U lands in the bottom cell.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ..catalogue import InputError

__all__ = ["Topology", "DIRECTIONS", "DELTAS", "OPPOSITE", "MIN_SIDE", "MAX_SIDE"]

DIRECTIONS = "UDLR"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
MIN_SIDE = 2
MAX_SIDE = 30
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # (drow, dcol) for U, D, L, R


@dataclass(frozen=True)
class Topology:
    """A W x H grid; rows listed in wrap_rows and columns in wrap_cols join their two end cells."""

    width: int
    height: int
    wrap_rows: tuple[int, ...] = ()
    wrap_cols: tuple[int, ...] = ()
    # step[cell][d] is the cell the blank reaches by direction d (index into "UDLR"), or -1.
    step: tuple[tuple[int, int, int, int], ...] = field(init=False, repr=False, compare=False)
    # neighbors[cell] lists (direction index, cell) pairs, computed once for the searches.
    neighbors: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        for name, side in (("width", w), ("height", h)):
            if not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be between {MIN_SIDE} and {MAX_SIDE}, not {side}")
        rows = tuple(sorted(set(self.wrap_rows)))
        cols = tuple(sorted(set(self.wrap_cols)))
        for kind, lines, count, side in (("row", rows, h, w), ("column", cols, w, h)):
            for line in lines:
                if not isinstance(line, int) or not 0 <= line < count:
                    raise InputError("wrap.outside", "wrap", kind=kind, line=line, top=count - 1)
                if side < 3:
                    # On a side of two cells the ends are already neighbours: a wrap adds nothing.
                    raise InputError("wrap.short", "wrap", kind=kind)
        object.__setattr__(self, "wrap_rows", rows)
        object.__setattr__(self, "wrap_cols", cols)
        step = []
        for cell in range(w * h):
            r, c = divmod(cell, w)
            out = []
            for dr, dc in DELTAS:
                nr, nc = r + dr, c + dc
                if dc and r in rows:
                    nc %= w
                if dr and c in cols:
                    nr %= h
                out.append(nr * w + nc if 0 <= nr < h and 0 <= nc < w else -1)
            step.append(tuple(out))
        object.__setattr__(self, "step", tuple(step))
        object.__setattr__(
            self,
            "neighbors",
            tuple(tuple((d, n) for d, n in enumerate(s) if n >= 0) for s in step),
        )

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    @property
    def wrapped(self) -> bool:
        return bool(self.wrap_rows or self.wrap_cols)

    def is_bipartite(self) -> bool:
        """True when every move changes the blank's chequerboard colour.

        A plain grid is bipartite.  A wrap joins (r, 0) with (r, W-1): the same colour
        exactly when W is odd; likewise a wrapped column of odd height.
        """
        return all(self.width % 2 == 0 for _ in self.wrap_rows) and all(self.height % 2 == 0 for _ in self.wrap_cols)

    def colour(self, cell: int) -> int:
        """Chequerboard colour (0 or 1); meaningful for parity only on bipartite boards."""
        r, c = divmod(cell, self.width)
        return (r + c) & 1

    def distances(self) -> tuple[tuple[int, ...], ...]:
        """distances()[a][b]: fewest steps a tile needs from cell a to cell b.

        On a plain grid that is the Manhattan distance; with wraps it is the shortest path
        in the board's graph (which may leave a row to use a wrapped one), so a heuristic
        summing it stays admissible.  Computed once per topology and cached.
        """
        cached = _DISTANCES.get(self)
        if cached is None:
            if not self.wrapped:
                w = self.width
                cached = tuple(
                    tuple(abs(a // w - b // w) + abs(a % w - b % w) for b in range(self.size)) for a in range(self.size)
                )
            else:
                cached = tuple(self._bfs(a) for a in range(self.size))
            _DISTANCES[self] = cached
        return cached

    def _bfs(self, source: int) -> tuple[int, ...]:
        dist = [-1] * self.size
        dist[source] = 0
        queue = deque([source])
        neighbors = self.neighbors
        while queue:
            a = queue.popleft()
            for _, b in neighbors[a]:
                if dist[b] < 0:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        return tuple(dist)


_DISTANCES: dict[Topology, tuple[tuple[int, ...], ...]] = {}
