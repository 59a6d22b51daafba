"""The person's records, worked out from a session's solves and nothing else: the best
single and averages, the fewest moves and MTM, the best TPS of the solves the session's
figures count (``sessions.scored``).  The page's twin is ``personalBests`` in
``web/practice/records.js``, held to this module by ``tests/test_sessions.py``.

    >>> solve = {"type": "random", "ms": 1574, "penalty": "", "moves": "RR"}
    >>> personal_bests([solve, {**solve, "ms": 900, "assisted": True}])["single"]  # the assisted one counts for nothing
    1574
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import solve_mtm
from .sessions import AVERAGES, result, scored, stats
from .statistics import session_statistics

__all__ = ["personal_bests"]


def personal_bests(solves: Sequence[dict]) -> dict | None:
    """The records of a session, worked out from its solves and nothing else (so an
    import, a +2 or a deletion changes them): of the solves scored() counts, {type, count,
    single, ao5, ao12, ao50, ao100, moves, mtm, tps}: single the best finished result,
    each average its best (None while too few solves, DNF when every run is), moves and
    mtm the fewest and tps the best of the finished solves that have moves.  None while
    no counted solve is finished."""
    mine, kind = scored(solves)
    done = [s for s in mine if s["penalty"] != "DNF"]
    if not done:
        return None
    figures = stats([result(s["ms"], s["penalty"]) for s in mine])
    played = [s for s in done if s["moves"]]
    out = {"type": kind, "count": len(mine), "single": min(result(s["ms"], s["penalty"]) for s in done)}
    for size in AVERAGES:
        out[f"ao{size}"] = figures[f"ao{size}"]["best"]
    out["moves"] = min((len(s["moves"]) for s in played), default=None)
    out["mtm"] = min((solve_mtm(s) for s in played), default=None)
    out["tps"] = session_statistics(solves)["best_tps"]
    return out
