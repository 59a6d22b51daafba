"""The speedsolvers' averages of a session of solves, and times as they read them.

    >>> format_time(83_456), format_time(4_123), format_time(DNF)
    ('1:23.456', '0:04.123', 'DNF')
    >>> average([4000, 5000, 6000, 7000, 100_000])  # the best and the worst dropped
    6000
    >>> average([4000, 5000, 6000, DNF, 100_000])  # a DNF is the worst, dropped
    37000
    >>> average([4000, 5000, DNF, DNF, 100_000])  # two DNFs, one dropped: DNF
    inf
    >>> stats([3000, 4000, 5000, 6000, 7000, 9000])["ao5"]
    {'current': 6000, 'best': 5000}

Vocabulary.  A *result* is a solve's time in whole milliseconds with its penalty counted
(+2 adds 2000 ms), or ``DNF`` (did not finish), which is ``math.inf`` so that it sorts
after every time and a mean over it is DNF again.  An *average of n* (ao5, ao12, ao50,
ao100) is the rule of the World Cube Association, which csTimer and the sliding-puzzle
timers follow: of n results in a row, drop the best and the worst ``ceil(n * 5 %)`` (at
least one each way: 1 for ao5 and ao12, 3 for ao50, 5 for ao100) and take the mean of the
rest; a DNF counts as the worst, so it is dropped when there are no more DNFs than
dropped results, and makes the average DNF when there are.  The *mean* of a session is
the mean of its finished solves (csTimer's), the *single* its best result.  Means are
rounded to the nearest millisecond, halves up, in integers, so that the page's twin
(``web/practice/session.js``, held to this module by ``tests/test_sessions.py``) gives the
same number to the millisecond.

A figure is *current* over the latest solves and *best* over every run of solves in a row
of the session; ``None`` when the session has too few solves for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "DNF",
    "AVERAGES",
    "TRIM_PERCENT",
    "PENALTY_MS",
    "format_time",
    "result",
    "trimmed",
    "average",
    "stats",
    "rolling",
    "scored",
]

DNF = math.inf
# the averages a session shows, and the share of each end dropped from them (in %)
AVERAGES = (5, 12, 50, 100)
TRIM_PERCENT = 5
PENALTY_MS = 2000  # a "+2"

Result = float | int


def format_time(ms: Result | None) -> str:
    """m:ss.sss for whole milliseconds (minutes past 59 go on counting), DNF, or "-" for none."""
    if ms is None:
        return "-"
    if ms == DNF:
        return "DNF"
    ms = int(ms)
    return f"{ms // 60_000}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def result(ms: int, penalty: str = "") -> Result:
    """A solve's result: its time, +2 seconds for "+2", DNF for "DNF"."""
    return DNF if penalty == "DNF" else ms + PENALTY_MS if penalty == "+2" else ms


def trimmed(n: int) -> int:
    """How many results each end of an average of n drops: ceil(n * 5 %), at least 1."""
    return max(1, -(-n * TRIM_PERCENT // 100))


def _mean(values: Sequence[Result]) -> Result:
    """The mean rounded to the nearest millisecond (halves up); DNF when one is a DNF."""
    if any(v == DNF for v in values):
        return DNF
    total, count = sum(int(v) for v in values), len(values)
    return (2 * total + count) // (2 * count)


def average(results: Sequence[Result]) -> Result:
    """The average of these results (n of them, at least 3): the best and worst trimmed(n) dropped."""
    cut = trimmed(len(results))
    return _mean(sorted(results)[cut : len(results) - cut])


def rolling(results: Sequence[Result], size: int) -> list[Result | None]:
    """The average of `size` at each result: of it and the size - 1 before it (None for
    the first size - 1, which have too few before them)."""
    return [average(results[i + 1 - size : i + 1]) if i + 1 >= size else None for i in range(len(results))]


def _figures(results: Sequence[Result], size: int) -> dict:
    """{current, best} of the average of `size` over every run of `size` results in a row."""
    runs = [r for r in rolling(results, size) if r is not None]
    if not runs:
        return {"current": None, "best": None}
    return {"current": runs[-1], "best": min(runs)}


def stats(results: Sequence[Result]) -> dict:
    """A session's figures from its results, oldest first: {count, finished, single, mean,
    ao5, ao12, ao50, ao100}; single and the averages each {current, best} (single's
    current: the latest result); mean: the mean of the finished solves (None when none)."""
    done = [r for r in results if r != DNF]
    figures: dict = {
        "count": len(results),
        "finished": len(done),
        "single": {"current": results[-1] if results else None, "best": min(results) if results else None},
        "mean": _mean(done) if done else None,
    }
    for size in AVERAGES:
        figures[f"ao{size}"] = _figures(results, size)
    return figures


def scored(solves: Sequence[dict]) -> tuple[list[dict], str]:
    """The solves a session's figures and records count, and their type: its unassisted
    solves of boards dealt at random ("random"); a session that has none, its unassisted
    pasted scrambles ("pasted": such a board may be one move from its goal, so their
    figures are shown apart, marked).  A solve done with help (``assisted``: the coach
    shown, a hint, the solution shown) is listed but counts for nothing."""
    mine = [s for s in solves if not s.get("assisted")]
    dealt = [s for s in mine if s["type"] == "random"]
    if dealt or not mine:
        return dealt, "random"
    return [s for s in mine if s["type"] == "pasted"], "pasted"
