"""Compact pattern-database tables: one entry for each placement of the group's tiles.

A dense table is indexed by ``sum(cell_i << bits*i)`` over the group's tiles: 16**k
entries on the 4x4, most of them impossible (two tiles on one cell).  half8's 4 GiB is
the whole of wasm32's address space, yet only P(16, 8) = 518,918,400 of its entries are
placements.  A compact table keeps those alone, numbered by the placement's *rank*:

    >>> rank((2, 0, 1), 9), unrank(rank((2, 0, 1), 9), 9, 3)
    (56, (2, 0, 1))

The rank is a mixed-radix number whose digits are read from the last tile to the first:
tile k-1's digit is its cell, each earlier tile's its cell less the later tiles on lower
cells (its place among the cells still free), and tile 0's digit varies fastest, as tile
0's cell does in the dense index.  So for a placement of the tiles L..k-1 ("high"), the
dense entries of tiles 0..L-1 ("low", L = 3 here) are one contiguous slice of 16**L bytes,
and its placements, in the dense order, are one contiguous run of ranks: converting
picks them with an ``operator.itemgetter`` made once for each set of cells the high tiles
occupy (``to_compact``).

The search kernel keeps each group's dense index up to date as before (one addition a
move) and reads a compact table through it: ``rank = base[h] + offset[mask_of[h] | lo]``
with ``h = index >> bits*L`` and ``lo = index & (16**L - 1)`` (``Compact.__getitem__``;
npuzzle.pdb.kernel unrolls it).  ``base`` and ``mask_of`` have 16**(k-L) entries and
``offset`` one row of 16**L for each set of cells the high tiles can occupy: for half8
1 Mi, 1 Mi and 17.9 Mi entries (44 MB), for half7h 64 Ki, 64 Ki and 7.5 Mi (15 MB).
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from itertools import permutations
from operator import itemgetter

from .build import cell_bits
from .shapes import ALL_SHAPES

__all__ = ["LOW", "placements", "weights", "rank", "unrank", "dense_index", "Compact", "to_compact", "index_tables"]

LOW = 3  # the tiles whose dense entries are read as one slice (16**3 = 4096 bytes)


def placements(n: int, k: int) -> int:
    """P(n, k): the placements of k tiles on n cells, the compact table's entries."""
    total = 1
    for i in range(k):
        total *= n - i
    return total


def weights(n: int, k: int) -> list[int]:
    """Each tile's digit weight in the rank: tile 0's is 1, tile i+1's tile i's times the
    cells free for tile i (n - (k - 1 - i))."""
    out = [1] * k
    for i in range(k - 1):
        out[i + 1] = out[i] * (n - (k - 1 - i))
    return out


def rank(cells: Sequence[int], n: int) -> int:
    """The rank of a placement (cells[i]: tile i's cell, all distinct, on n cells)."""
    k = len(cells)
    if len(set(cells)) != k or any(not 0 <= c < n for c in cells):
        raise ValueError(f"not a placement of {k} tiles on {n} cells: {tuple(cells)}")
    w = weights(n, k)
    return sum((c - sum(1 for later in cells[i + 1 :] if later < c)) * w[i] for i, c in enumerate(cells))


def unrank(r: int, n: int, k: int) -> tuple[int, ...]:
    """The placement (tile i's cell, for each i) whose rank is r."""
    if not 0 <= r < placements(n, k):
        raise ValueError(f"rank {r} is not below P({n}, {k}) = {placements(n, k)}")
    w = weights(n, k)
    free = list(range(n))
    cells = [0] * k
    for i in range(k - 1, -1, -1):
        digit, r = divmod(r, w[i])
        cells[i] = free.pop(digit)
    return tuple(cells)


def dense_index(cells: Sequence[int], n: int) -> int:
    """The dense table's index of a placement: sum(cells[i] << bits*i)."""
    bits = cell_bits(n)
    return sum(c << bits * i for i, c in enumerate(cells))


@cache
def index_tables(n: int, k: int) -> tuple[array, array, array]:
    """(base, mask_of, offset) for k tiles on n cells, L = min(LOW, k) low tiles.

    For h, the dense index of the high tiles (index >> bits*L): base[h] the rank of the
    first placement with those high cells, mask_of[h] their set's row in offset (times
    16**L).  offset[row | lo]: the place in that run of ranks of the low tiles' placement
    whose dense index is lo.  Made once a process (about 1.2 s for half8)."""
    bits = cell_bits(n)
    low = min(LOW, k)
    shift = bits * low
    run = placements(n - (k - low), low)
    base = array("I", [0]) * (1 << bits * (k - low))  # no temporary bytes: wasm's memory never shrinks
    mask_of = array("I", [0]) * (1 << bits * (k - low))
    rows: dict[int, int] = {}
    for count, high in enumerate(permutations(range(n), k - low)):  # tile k-1's cell first
        h = 0
        mask = 0
        for c in high:
            h = h << bits | c
            mask |= 1 << c
        row = rows.setdefault(mask, len(rows))
        base[h] = count * run
        mask_of[h] = row << shift
    offset = array("H" if run < 1 << 16 else "I", [0]) * (len(rows) << shift)
    for mask, row in rows.items():
        for place, lo in enumerate(_lows(n, low, mask)):
            offset[row << shift | lo] = place
    return base, mask_of, offset


def _lows(n: int, low: int, mask: int) -> list[int]:
    """The dense indexes of the low tiles' placements on the cells mask leaves free, in
    rank order (tile L-1's cell first, as in the dense index)."""
    bits = cell_bits(n)
    free = [c for c in range(n) if not mask >> c & 1]
    out = []
    for cells in permutations(free, low):
        lo = 0
        for c in cells:
            lo = lo << bits | c
        out.append(lo)
    return out


def _pickers(n: int, k: int) -> dict[int, Callable]:
    """For each row of offset (times 16**L, as mask_of gives it): the itemgetter taking
    a dense slice's placements in rank order (for to_compact only: 35 MB for half8)."""
    bits = cell_bits(n)
    low = min(LOW, k)
    mask_of = index_tables(n, k)[1]
    out: dict[int, Callable] = {}
    for high in permutations(range(n), k - low):
        mask = sum(1 << c for c in high)
        h = 0
        for c in high:
            h = h << bits | c
        row = mask_of[h]
        if row not in out:
            out[row] = itemgetter(*_lows(n, low, mask))
    return out


class Compact:
    """A group's table in compact form: ``values[rank]``, read by the dense index as a
    dense table is (``table[index]``), through ``index_tables``."""

    __slots__ = ("values", "n", "k", "shift", "base", "mask_of", "offset")

    def __init__(self, values: bytes | bytearray | memoryview, n: int, k: int):
        if len(values) != placements(n, k):
            raise ValueError(
                f"a compact table of {k} tiles on {n} cells has {placements(n, k):,} entries, not {len(values):,}"
            )
        self.values, self.n, self.k = values, n, k
        self.shift = cell_bits(n) * min(LOW, k)
        self.base, self.mask_of, self.offset = index_tables(n, k)

    def rank_of(self, index: int) -> int:
        """The rank of the placement whose dense index is `index`."""
        h = index >> self.shift
        return self.base[h] + self.offset[self.mask_of[h] | index & ((1 << self.shift) - 1)]

    def __getitem__(self, index: int) -> int:
        return self.values[self.rank_of(index)]

    def __len__(self) -> int:
        return len(self.values)


def to_compact(
    dense: Sequence[int] | bytes, n: int, k: int, progress: Callable[[int, int], None] | None = None
) -> Compact:
    """The compact form of a dense table of k tiles on n cells (bytes, or an mmap: only
    the placements' slices are read).  progress(done, total) is called every 2**16 slices."""
    bits = cell_bits(n)
    low = min(LOW, k)
    shift = bits * low
    size = 1 << shift
    run = placements(n - (k - low), low)
    if len(dense) != 1 << (bits * k):
        raise ValueError(f"a dense table of {k} tiles on {n} cells has {1 << bits * k:,} entries, not {len(dense):,}")
    _, mask_of, _ = index_tables(n, k)
    pick = _pickers(n, k)
    out = bytearray(placements(n, k))
    total = placements(n, k - low)
    at = 0
    for count, high in enumerate(permutations(range(n), k - low)):
        h = 0
        for c in high:
            h = h << bits | c
        start = h << shift
        out[at : at + run] = bytes(pick[mask_of[h]](dense[start : start + size]))
        at += run
        if progress is not None and not count & 0xFFFF:
            progress(count, total)
    return Compact(out, n, k)


_MAGIC = b"npuzzle-pdb-compact 1"
_HEADER = 1 << 12  # bytes before the values


def write(path: str | os.PathLike, name: str, table: Compact) -> None:
    """Write a compact table's file: a header line (magic, name, cells, tiles, sha256 of
    the values) padded to 4 KiB, then the values as they are (no compression: 519 MB for
    half8; zlib would take minutes)."""
    import hashlib
    from pathlib import Path

    path = Path(path)
    digest = hashlib.sha256(table.values).hexdigest()
    head = b" ".join([_MAGIC, name.encode(), str(table.n).encode(), str(table.k).encode(), digest.encode()]) + b"\n"
    tmp = path.with_suffix(".tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(head.ljust(_HEADER, b" "))
            out.write(table.values)
            out.flush()
            os.fsync(out.fileno())
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def read(data: bytes | bytearray | memoryview, check: bool = True) -> tuple[str, Compact]:
    """(name, table) from a compact file's bytes (the values are a view of them);
    ValueError when it is not one (or, with check, when its digest differs)."""
    import hashlib

    view = memoryview(data)
    head = bytes(view[:_HEADER]).partition(b"\n")[0].split(b" ")
    if b" ".join(head[:2]) != _MAGIC or len(head) != 6:
        raise ValueError("not an npuzzle compact pattern database")
    name, n, k, digest = head[2].decode(), int(head[3]), int(head[4]), head[5].decode()
    side, cells = ALL_SHAPES.get(name, (0, ()))
    if (side * side, len(cells)) != (n, k):
        raise ValueError(f"unknown pattern database {name!r}")
    values = view[_HEADER:]
    if len(values) != placements(n, k) or check and hashlib.sha256(values).hexdigest() != digest:
        raise ValueError(f"compact pattern database {name!r} is damaged")
    return name, Compact(values, n, k)


def is_compact(data: bytes | bytearray | memoryview) -> bool:
    """Whether a database file's bytes are a compact table's."""
    return bytes(data[: len(_MAGIC)]) == _MAGIC
