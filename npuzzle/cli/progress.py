"""The status line: one line on stderr, rewritten in place while a command works.

A command that shows progress makes a StatusLine and hands one of its methods to the
package as the progress callback: ``search`` for a solve (and the databases it builds),
``analysed`` for an analysis, ``runs`` for a comparison.  (``batch`` and ``study``, whose
progress is per board, use npuzzle.batch.progress.)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from typing import Any

__all__ = ["StatusLine"]

WIDTH = 78  # columns the line fills, so a shorter line hides the end of a longer one


class StatusLine:
    """One status line on stderr; it remembers when each database's build started, to
    say the time left."""

    def __init__(self) -> None:
        self._building: dict[str, float] = {}  # database -> when its build started

    def show(self, line: str) -> None:
        """Write line over the last one."""
        print(f"\r{line:<{WIDTH}}", end="", file=sys.stderr, flush=True)

    def clear(self) -> None:
        """Rub the line out, leaving the cursor at its start."""
        print(f"\r{'':<{WIDTH}}\r", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        """Keep the last line and go to the next."""
        print(file=sys.stderr)

    def search(self, info: Mapping[str, Any]) -> None:
        """A solve's progress (npuzzle.api.protocol.SearchProgress), or a pattern database
        being built (BuildingProgress), with a bar and the time left."""
        if info.get("phase") == "building":
            done = info["states"] / max(info["total"], 1)
            bar = "#" * int(done * 30)
            started = self._building.setdefault(info["database"], time.monotonic())
            left = (time.monotonic() - started) * (1 - done) / done if done > 0.02 else None
            eta = "" if left is None else f", about {left / 60:.0f} min left" if left >= 90 else f", {left:.0f} s left"
            line = f"building pattern database {info['database']} (once): [{bar:<30}] {done:4.0%}{eta}"
        elif "weight" in info:  # weighted IDA*, several weights in turn (npuzzle.search.portfolio)
            best = "none yet" if info["best"] is None else f"{info['best']} moves"
            line = (
                f"{info['algorithm']} (w = {info['weight']}): best {best}, {info['nodes']:,} nodes, "
                f"{info['seconds']:.1f} s"
            )
        else:
            line = f"{info['algorithm']}: bound {info['bound']}, {info['nodes']:,} nodes, {info['seconds']:.1f} s"
        self.show(line)

    def analysed(self, info: Mapping[str, Any]) -> None:
        """An analysis's progress (AnalyseProgress): the moves done."""
        self.show(f"analysing: move {info['done']} of {info['total']}, {info['seconds']:.1f} s")

    def runs(self, info: Mapping[str, Any]) -> None:
        """A comparison's progress (CompareProgress): runs done (each may take its whole budget)."""
        row = info["row"]
        self.show(
            f"{info['done']}/{info['total']} runs done (last: {row['algorithm']}, {row['heuristic'] or 'no heuristic'})"
        )
