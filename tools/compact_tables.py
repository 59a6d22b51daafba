"""Convert dense pattern databases into compact tables (npuzzle.pdb.compact), timed.

    NPUZZLE_CACHE=DIR python3 tools/compact_tables.py half8 half7h [--check 4000000] [--nibbles]

For each name, the dense table is loaded from the cache (half8 mapped), converted in
pure Python and written beside it as NAME.compact (not read by the command line; the
benchmarks and the page load it).  Prints the conversion's time, the process's peak
memory, a check of sampled entries against the dense table, and with --nibbles (numpy)
whether the values fit in 4 bits: the largest value, and the largest (value - the
group's Manhattan distance) / 2.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from npuzzle.pdb import compact  # noqa: E402
from npuzzle.pdb.shapes import ALL_SHAPES  # noqa: E402
from npuzzle.pdb.store import cache_dir, not_cached, table  # noqa: E402


def peak_mb() -> str:
    """The process's peak resident set, and (Linux) what of it now is its own memory and
    what mapped files (half8's pages read stay mapped)."""
    peak = f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB"
    try:
        fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    except OSError:
        return peak
    anon, mapped = (int(fields[key].split()[0]) / 1024 for key in ("RssAnon", "RssFile"))
    return f"{peak}; now {anon:,.0f} MB its own, {mapped:,.0f} MB of mapped files"


def nibbles(values, n: int, k: int, home: tuple[int, ...]) -> tuple[int, int, int]:
    """(largest value, largest (value - Manhattan)/2, how many (value - Manhattan) are odd):
    numpy over the runs of ranks, each run a placement of the high tiles (as to_compact)."""
    from itertools import permutations

    import numpy as np

    side = int(n**0.5)
    low = min(compact.LOW, k)

    def md(cell: int, tile: int) -> int:
        return abs(cell // side - home[tile] // side) + abs(cell % side - home[tile] % side)

    rows: dict[int, int] = {}
    high_md, high_row, low_md = [], [], []
    for high in permutations(range(n), k - low):  # (tile k-1's cell, ..., tile L's)
        mask = sum(1 << c for c in high)
        if mask not in rows:
            rows[mask] = len(rows)
            free = [c for c in range(n) if not mask >> c & 1]
            low_md.append([sum(md(c, low - 1 - i) for i, c in enumerate(p)) for p in permutations(free, low)])
        high_row.append(rows[mask])
        high_md.append(sum(md(c, k - 1 - i) for i, c in enumerate(high)))
    hm, hr, lm = np.array(high_md), np.array(high_row), np.array(low_md)
    arr = np.frombuffer(values, dtype=np.uint8).reshape(len(hm), -1)
    top, extra, odd = int(arr.max()), 0, 0
    for s in range(0, len(hm), 1 << 14):
        gap = arr[s : s + (1 << 14)].astype(np.int16) - hm[s : s + (1 << 14), None] - lm[hr[s : s + (1 << 14)]]
        odd += int(np.count_nonzero(gap & 1))
        extra = max(extra, int(gap.max()) // 2)
    return top, extra, odd


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--check", type=int, default=4_000_000, help="sampled entries checked against the dense table")
    parser.add_argument("--nibbles", action="store_true")
    args = parser.parse_args()
    for name in args.names:
        side, cells = ALL_SHAPES[name]
        n, k = side * side, len(cells)
        if not_cached([name]):
            print(f"{name}: not in the cache {cache_dir()}")
            return 1
        dense = table(name)
        t0 = time.perf_counter()
        compact.index_tables(n, k)
        t1 = time.perf_counter()
        made = compact.to_compact(dense, n, k)
        t2 = time.perf_counter()
        print(
            f"{name}: index tables {t1 - t0:.1f} s, conversion {t2 - t1:.1f} s, "
            f"{len(made.values):,} entries, {peak_mb()}"
        )
        rng = random.Random(41)
        total = compact.placements(n, k)
        for _ in range(args.check):
            r = rng.randrange(total)
            place = compact.unrank(r, n, k)
            if (
                dense[compact.dense_index(place, n)] != made.values[r]
                or made.rank_of(compact.dense_index(place, n)) != r
            ):
                print(f"{name}: rank {r} differs")
                return 1
        t3 = time.perf_counter()
        print(f"{name}: {args.check:,} sampled entries equal the dense ones ({t3 - t2:.1f} s)")
        path = cache_dir() / f"{name}.compact"
        compact.write(path, name, made)
        print(f"{name}: written {path.name}, {path.stat().st_size:,} bytes ({time.perf_counter() - t3:.1f} s)")
        if args.nibbles:
            top, extra, odd = nibbles(made.values, n, k, tuple(cells))
            print(f"{name}: largest value {top}, largest (value - Manhattan)/2 {extra}, odd gaps {odd}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
