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
  starts (the build reuses them), grown by ``(entries / calibration) ** REGIONS_GROWTH``:
  a placement costs a little more in a bigger table (CPU time, an idle moment: 0.76 µs
  at 524,160 placements, 1.10 at 5,765,760; half7h's and half8's whole builds, 1.4 and
  1.2 µs with their saving, fit 0.08 within 15 %).
- By cells (``build.build_numpy``: the 5x5's five-tile tables) a state costs more in a
  bigger table (its arrays leave the caches): two calibration tables (2 and 3 tiles) give
  the rate and how it grows with the size, ``rate * (entries / calibration) ** growth``.
- Saving the file (a digest and zlib's best compression of the sparse table, 16 MiB to
  256 MiB on the 4x4; a raw file is digested twice, written and read back) is timed on
  the calibration table's bytes and scaled by the file's.

docs/benchmarks.md has each table's estimate beside its build's time.
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

__all__ = ["Estimate", "estimate", "entries", "by_regions", "CALIBRATION_TILES"]

# The calibration tables' tiles, by board side: by regions, and by cells (two sizes).
CALIBRATION_TILES = {4: 5, 5: 4}
CELLS_CALIBRATION_TILES = (2, 3)
REGIONS_GROWTH = 0.08  # how a placement's cost grows with the table, by regions (above)


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

    @property
    def building(self) -> float:
        return self.entries * self.rate * (self.entries / self.calibration) ** self.growth

    @property
    def seconds(self) -> float:
        return self.building + self.saving

    def words(self) -> str:
        """The estimate as a person reads it."""
        return (
            f"{self.entries:,} entries at {self.rate * 1e6:.2f} µs each (measured now): about {duration(self.seconds)}"
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


# (side, by regions) -> (rate, entries, growth, seconds a byte to save compressed, raw)
_rates: dict[tuple[int, bool], tuple[float, int, float, float, float]] = {}


def estimate(name: str) -> Estimate:
    """The named table's build time on this machine: its entries times a rate measured
    now (once a process for each board side and builder)."""
    if name not in ALL_SHAPES:
        raise ValueError(f"no pattern database called {name!r}: choose from {', '.join(ALL_SHAPES)}")
    side, _ = ALL_SHAPES[name]
    regions = by_regions(name)
    key = (side, regions)
    if key not in _rates:
        _rates[key] = _by_regions(side) if regions else _by_cells(side)
    rate, calibration, growth, compressed, raw = _rates[key]
    size = 1 << cell_bits(side * side) * len(ALL_SHAPES[name][1])  # the sparse table's bytes
    saving = size * (raw if name in RAW else compressed)
    return Estimate(name, entries(name), rate, calibration, growth, saving)


def _save_rates(table: bytes) -> tuple[float, float]:
    """Seconds a byte to save a table: compressed (a digest and zlib level 9, as
    files.encode) and raw (two digests, as files.write_raw, which reads its file back)."""
    started = time.perf_counter()
    hashlib.sha256(table).hexdigest()
    digest = time.perf_counter() - started
    zlib.compress(table, 9)
    both = time.perf_counter() - started
    return both / len(table), 2 * digest / len(table)


def _by_regions(side: int) -> tuple[float, int, float, float, float]:
    from .build import build_regions, geometry

    topology = Topology(side, side)
    k = CALIBRATION_TILES[side]
    geometry(topology)  # the board's cell tables, made once and kept for the build itself
    cells = tuple(range(1, k + 1))
    started = time.perf_counter()
    table = build_regions(topology, cells).tobytes()
    took = time.perf_counter() - started
    count = _placements(side * side, k)
    return (took / count, count, REGIONS_GROWTH, *_save_rates(table))


def _by_cells(side: int) -> tuple[float, int, float, float, float]:
    from .build import build_numpy

    topology = Topology(side, side)
    rates = []
    table = b""
    for k in CELLS_CALIBRATION_TILES:
        started = time.perf_counter()
        table = build_numpy(topology, tuple(range(1, k + 1)))
        rates.append(((time.perf_counter() - started) / _placements(side * side, k + 1), k))
    (small, ks), (large, kl) = rates
    size = _placements(side * side, kl + 1)
    growth = max(0.0, math.log(large / small) / math.log(size / _placements(side * side, ks + 1)))
    return (large, size, growth, *_save_rates(table))
