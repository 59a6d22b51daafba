"""How long a pattern database's build will take on this machine, said before it starts.

The estimate is the table's entries (what its builder goes through: placements for the
search by regions, placements times the blank's cells for the search by cells) times a
rate measured here and now, by building small tables of the same kind first (a second
or two; the same load, the same numpy).  A constant would be wrong on every other
machine, and on this one beside other work: ``npuzzle databases build 5x5-6a 5x5-6b``
once announced "about 20 minutes" and "about 60 minutes" and took 11 for both.

- By regions (the 4x4's tables and the 5x5's six-tile ones, ``build.build_regions``) the
  rate is that of a calibration table of the same board (5 tiles on the 4x4, 524,160
  placements; 4 on the 5x5, 303,600), its board's cell tables made before the clock
  starts (the build reuses them), grown by ``(entries / calibration) ** REGIONS_GROWTH[side]``:
  a placement costs a little more in a bigger table (CPU time, an idle moment: 0.76 µs
  at 524,160 placements, 1.10 at 5,765,760; half7h's and half8's whole builds, 1.4 and
  1.2 µs with their saving, fit 0.08 within 15 %).
- By cells (``build.build_numpy``: the 5x5's four- and five-tile tables) a state costs
  more in a bigger table, and more in a later, bigger level: its arrays (1 GiB for five
  tiles) leave the caches, a step no small table shows (0.2 µs a state at 6.4 million
  entries, 0.9 at 127.5 million).  So the calibration is the real table's own build, cut
  off once a level of ``CELLS_LEVEL`` states is done (8-12 s idle): its start (the
  table's arrays allocated, ``setup``) is timed, and the rate is the last level's.  A
  table whose levels never reach that size is built whole, and its rate is the average.
  Packing the states' table into the placements' (a minimum over the blank's cells) is
  timed on an array of 32 MiB and scaled by the real one's bytes.
- Saving the file (a digest and zlib's best compression of the sparse table, 16 MiB to
  256 MiB on the 4x4; a raw file is digested twice, written and read back) is timed on
  the calibration table's bytes and scaled by the file's.

docs/benchmarks-record.md has each table's estimate beside its build's time.
"""

from __future__ import annotations

import hashlib
import math
import time
import zlib
from dataclasses import dataclass

from ..rules.topology import Topology
from .build import cell_bits
from .files import RAW
from .shapes import ALL_SHAPES, SIX

__all__ = ["Estimate", "Rates", "estimate", "entries", "by_regions", "CALIBRATION_TILES", "CELLS_LEVEL", "clock"]

# The calibration tables' tiles by regions, by board side; by cells, the states in a level
# of the real build that end its calibration (2**22: the eleventh or twelfth level of a
# five-tile 5x5 table, 8 % of its states, past the step where its arrays leave the caches;
# 2**21 stopped some tables on that step: 0.71-0.84 µs a state against 0.89-0.97).
CALIBRATION_TILES = {4: 5, 5: 4}
CELLS_LEVEL = 1 << 22
# What the calibrations time with: the wall clock, as a person waits (tools/build_estimates.py
# puts the process's CPU time here to set estimates beside builds whatever the load).
clock = [time.perf_counter]
# How a placement's cost grows with the table by regions (above), by board side: on the
# 5x5 (its regions found by a flood fill, six tiles 420 times its calibration's
# placements) 0.82 µs at 303,600 placements and 1.88 at 127,512,000 (5x5-6a, idle).
REGIONS_GROWTH = {4: 0.08, 5: 0.14}


@dataclass(frozen=True)
class Estimate:
    """A build's estimate: entries times seconds an entry (measured now), and the growth
    of that rate with the size from `calibration` entries."""

    name: str
    entries: int
    rate: float
    calibration: int
    growth: float = 0.0
    saving: float = 0.0  # seconds to digest, compress and write the file
    setup: float = 0.0  # seconds before the first entry: the table's arrays allocated
    packing: float = 0.0  # seconds to pack the states' table into the placements' (by cells)

    @property
    def building(self) -> float:
        """Seconds to go through the entries (the search the progress counts)."""
        return self.entries * self.rate * (self.entries / self.calibration) ** self.growth

    @property
    def seconds(self) -> float:
        """Every step: setting up, the search, packing and saving the file."""
        return self.setup + self.building + self.packing + self.saving

    @property
    def after(self) -> float:
        """Seconds after the last entry is reached: packing and saving."""
        return self.packing + self.saving

    def words(self) -> str:
        """The estimate as a person reads it."""
        rest = self.setup + self.packing + self.saving
        steps = f" and {duration(rest)} to set up, pack and save" if rest >= 0.5 else ""
        return (
            f"{self.entries:,} entries at {self.rate * 1e6:.2f} µs each (measured now){steps}: "
            f"about {duration(self.seconds)}"
        )


def duration(seconds: float) -> str:
    """Seconds as a person says them: "40 s", "3.5 min", "1.2 h"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def by_regions(name: str) -> bool:
    """Whether the named table is built by regions (build.build_regions) rather than by
    cells (npuzzle.pdb.store chooses the same way when numpy is there)."""
    side, _ = ALL_SHAPES[name]
    return side * side <= 16 or name in SIX


def _placements(n: int, k: int) -> int:
    return math.perm(n, k)


def entries(name: str) -> int:
    """The states the named table's builder goes through: placements by regions, placements
    times the blank's cells by cells."""
    side, cells = ALL_SHAPES[name]
    k = len(cells)
    return _placements(side * side, k if by_regions(name) else k + 1)


# (side, by regions) by regions, (side, tiles) by cells -> a calibration's Rates
_rates: dict[tuple[int, bool | int], Rates] = {}


@dataclass(frozen=True)
class Rates:
    """What a calibration measured: seconds an entry at `calibration` entries and how
    that grows, seconds a byte to save a file (compressed, raw), and by cells the real
    table's setup and the seconds a byte of its states' table to pack it."""

    rate: float
    calibration: int
    growth: float
    compressed: float
    raw: float
    setup: float = 0.0
    packing: float = 0.0


def estimate(name: str) -> Estimate:
    """The named table's build time on this machine: its entries times a rate measured
    now (once a process for each board side and builder)."""
    if name not in ALL_SHAPES:
        raise ValueError(f"no pattern database called {name!r}: choose from {', '.join(ALL_SHAPES)}")
    side, cells = ALL_SHAPES[name]
    regions = by_regions(name)
    key: tuple[int, bool | int] = (side, True) if regions else (side, len(cells))
    if key not in _rates:
        _rates[key] = _by_regions(side) if regions else _by_cells(name)
    found = _rates[key]
    bits = cell_bits(side * side)
    size = 1 << bits * len(cells)  # the sparse table's bytes
    saving = size * (found.raw if name in RAW else found.compressed)
    packing = (size << bits) * found.packing  # by cells: the states' table, the blank's cell too
    return Estimate(name, entries(name), found.rate, found.calibration, found.growth, saving, found.setup, packing)


def _save_rates(table: bytes) -> tuple[float, float]:
    """Seconds a byte to save a table: compressed (a digest and zlib level 9, as
    files.encode) and raw (two digests, as files.write_raw, which reads its file back)."""
    started = clock[0]()
    hashlib.sha256(table).hexdigest()
    digest = clock[0]() - started
    zlib.compress(table, 9)
    both = clock[0]() - started
    return both / len(table), 2 * digest / len(table)


def _by_regions(side: int) -> Rates:
    from .build import build_regions, geometry

    topology = Topology(side, side)
    k = CALIBRATION_TILES[side]
    geometry(topology)  # the board's cell tables, made once and kept for the build itself
    cells = tuple(range(1, k + 1))
    started = clock[0]()
    table = build_regions(topology, cells).tobytes()
    took = clock[0]() - started
    count = _placements(side * side, k)
    return Rates(took / count, count, REGIONS_GROWTH[side], *_save_rates(table))


class _Enough(Exception):
    """Raised by a calibration's progress callback to cut the real build off."""


def _by_cells(name: str) -> Rates:
    """Rates from the named table's own build, cut off after its first level of
    CELLS_LEVEL states (or built whole when no level is that big)."""
    import numpy as np

    from .build import UNSEEN, build_numpy

    side, cells = ALL_SHAPES[name]
    marks: list[tuple[float, int]] = []  # (seconds, states reached) at each level's end
    started = clock[0]()

    def level(info: dict) -> None:
        marks.append((clock[0]() - started, info["states"]))
        if len(marks) > 1 and marks[-1][1] - marks[-2][1] >= CELLS_LEVEL:
            raise _Enough

    table = b""
    try:
        table = build_numpy(Topology(side, side), cells, level)
    except _Enough:
        (before, reached), (now, states) = marks[-2], marks[-1]
    else:
        (before, reached), (now, states) = marks[0], marks[-1]
    rate = (now - before) / max(states - reached, 1)
    if not table:  # the save's rates on a table of the same kind: the last calibration's
        table = build_numpy(Topology(side, side), cells[: min(3, len(cells))])
    dist = np.full(1 << 25, UNSEEN, dtype=np.uint8)  # packing: as build_numpy's end does
    started = clock[0]()
    packed = dist.reshape(1 << cell_bits(side * side), -1).min(axis=0)
    packed[packed == UNSEEN] = 0
    packed.tobytes()
    packing = (clock[0]() - started) / len(dist)
    return Rates(rate, entries(name), 0.0, *_save_rates(table), setup=marks[0][0], packing=packing)
