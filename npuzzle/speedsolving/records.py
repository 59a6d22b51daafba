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

__all__ = ["personal_bests", "best_over"]


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


def best_over(sessions: Sequence[Sequence[dict]]) -> dict | None:
    """The records over every named session of a key: each session's personal_bests, the
    best of each figure kept (an average is never taken across two sessions); the sessions
    with random boards counted when one has any, else the pasted ones ("pasted").  A
    personal best is the person's, whichever session holds it (csTimer keeps bests per
    session: the page's session figures are that session's).  None while none is finished.

    >>> a = {"type": "random", "ms": 1574, "penalty": "", "moves": "RR"}
    >>> best_over([[a], [{**a, "ms": 1200, "moves": "RRDD"}]])["single"], best_over([[a], []])["count"]
    (1200, 1)
    """
    every = [b for b in map(personal_bests, sessions) if b]
    kind = "random" if any(b["type"] == "random" for b in every) else "pasted"
    bests = [b for b in every if b["type"] == kind]
    if not bests:
        return None

    def least(name: str) -> float | int | None:
        return min((b[name] for b in bests if b[name] is not None), default=None)

    out = {"type": kind, "count": sum(b["count"] for b in bests), "single": least("single")}
    for size in AVERAGES:
        out[f"ao{size}"] = least(f"ao{size}")
    out["moves"], out["mtm"] = least("moves"), least("mtm")
    out["tps"] = max((b["tps"] for b in bests if b["tps"] is not None), default=None)
    return out
