"""A session's statistics and its chart's series, worked out from its solves and nothing
else, over the solves its figures count (``sessions.scored``: no assisted solve).  The
page's twin is ``web/practice/statistics.js``, held to this module by
``tests/test_sessions.py``.

    >>> solve = {"type": "random", "ms": 2000, "penalty": "", "moves": "RRDD"}
    >>> figures = session_statistics([solve, {**solve, "ms": 1000, "moves": "RR"}, {**solve, "penalty": "DNF"}])
    >>> figures["count"], figures["dnfs"], figures["mean_moves"], figures["mean_tps"], figures["best_tps"]
    (3, 1, 3.0, 2.0, 2.0)
    >>> trend([solve, {**solve, "penalty": "DNF"}])["times"]
    [2000, None]

Vocabulary.  *Mean moves* is the mean single-tile move count of the finished solves that
have their moves (an imported solve may not), to one place, halves up.  *Mean TPS* is
their moves over their time (the session's TPS as one long solve, so a short lucky solve
weighs no more than its few moves), *best TPS* the best single solve's; both as
``metrics.tps`` rounds them (3 places, halves up, whole milliseconds, integers), so that
the twin gives the same figure.  A DNF is counted (``dnfs``) but has no moves or TPS.

The *trend* is what the session's chart draws, as csTimer draws it: a point a counted
solve, at its number in the session (its # in the list, assisted solves included), its
result (``None`` for a DNF: a gap, not a huge value), and the rolling ao5 and ao12 at
that solve (the average of it and the solves counted before it; ``None`` while too few,
or when that average is a DNF).
"""

from __future__ import annotations

from collections.abc import Sequence

from .metrics import tps
from .sessions import DNF, result, rolling, scored

__all__ = ["session_statistics", "trend", "TREND_AVERAGES"]

TREND_AVERAGES = (5, 12)  # the averages the chart draws beside the times


def _rate(moves: int, ms: int) -> float | None:
    """Moves per second over ms, as metrics.tps rounds it."""
    return tps("R" * moves, ms / 1000)


def session_statistics(solves: Sequence[dict]) -> dict:
    """{type, count, dnfs, mean_moves, mean_tps, best_tps} of the solves scored() counts;
    the moves' figures None while no finished solve has moves (or, for TPS, time)."""
    mine, kind = scored(solves)
    played = [s for s in mine if s["penalty"] != "DNF" and s["moves"]]
    moves = sum(len(s["moves"]) for s in played)
    speeds = [v for v in (tps(s["moves"], s["ms"] / 1000) for s in played) if v is not None]
    return {
        "type": kind,
        "count": len(mine),
        "dnfs": sum(1 for s in mine if s["penalty"] == "DNF"),
        "mean_moves": (20 * moves + len(played)) // (2 * len(played)) / 10 if played else None,
        "mean_tps": _rate(moves, sum(s["ms"] for s in played)) if played else None,
        "best_tps": max(speeds, default=None),
    }


def _gaps(values: Sequence[float | int | None]) -> list:
    """A DNF as None: a gap in the chart's line."""
    return [None if v == DNF else v for v in values]


def trend(solves: Sequence[dict]) -> dict:
    """The chart's series: {n, times, ao5, ao12}, a value a counted solve, oldest first:
    n its number in the session (from 1), times its result, ao5 and ao12 the rolling
    averages; a DNF (or a DNF average, or too few solves) is None."""
    mine, _ = scored(solves)
    place = {id(s): i + 1 for i, s in enumerate(solves)}
    results = [result(s["ms"], s["penalty"]) for s in mine]
    out: dict = {"n": [place[id(s)] for s in mine], "times": _gaps(results)}
    for size in TREND_AVERAGES:
        out[f"ao{size}"] = _gaps(rolling(results, size))
    return out
