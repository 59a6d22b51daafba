"""The status line: one line on stderr, rewritten in place while a command works.

A command that shows progress makes a StatusLine and hands one of its methods to the
package as the progress callback: ``search`` for a solve (and the databases it builds),
``analysed`` for an analysis, ``runs`` for a comparison.  (``batch`` and ``study``, whose
progress is per board, use npuzzle.batch.progress.)  ``npuzzle databases build`` shows a
BuildProgress: each table's share built and the time left, by its estimate.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from ..batch.progress import MODES
from ..pdb.estimate import Estimate, duration
from ..pdb.shapes import STRONG_SHAPES

__all__ = ["StatusLine", "BuildProgress", "together"]

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


def together(seconds: Sequence[float], processes: int) -> float:
    """The time builds of these estimates take over a pool of processes: their sum shared
    out, but never less than the longest."""
    if not seconds:
        return 0.0
    return max(sum(seconds) / max(1, min(processes, len(seconds))), max(seconds))


class BuildProgress:
    """Pattern databases being built: for each, the share of its entries reached and the
    time left.  The time left starts as the estimate's (npuzzle.pdb.estimate: the entries
    times a rate measured before the build, and the packing and saving after them) less
    the time spent, and moves to what the build's own progress says as it goes (fully from
    SETTLED of the entries on): the estimate's seconds still to go stretched by how much
    longer than estimated the part done took, so a machine busier than at the start
    corrects it.  mode (MODES): "bar" (tqdm, from the ``progress`` extra; without it a
    status line), "lines" (a line every ``interval`` seconds, for a log), "none", or
    "auto": a bar on a terminal, else lines.  Tables built in worker processes
    (``processes``) report only when each is finished; their time left is the same blend,
    the share being the estimates of those finished over all of theirs."""

    SETTLED = 0.2

    def __init__(
        self,
        estimates: Mapping[str, Estimate],
        mode: str = "auto",
        *,
        interval: float = 10.0,
        stream: TextIO | None = None,
        processes: int = 1,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"progress must be one of {', '.join(MODES)}, not {mode!r}")
        self.estimates = estimates
        self.stream = stream or sys.stderr
        self.interval = interval
        self.pooled = {name: e.seconds for name, e in estimates.items() if name not in STRONG_SHAPES}
        self.together = together(list(self.pooled.values()), processes)
        self._finished = 0.0  # the estimates of the tables the pool has finished
        if mode == "auto":
            mode = "bar" if self.stream.isatty() else "lines"
        self.tqdm: Any = None
        if mode == "bar":
            try:
                from tqdm import tqdm
            except ImportError:
                mode = "status"
            else:
                self.tqdm = tqdm
        self.mode = mode
        self.started = time.monotonic()
        self._began: dict[str, float] = {}  # database -> when its first report came
        self._bar: Any = None
        self._bar_name = ""
        self._next_line = 0.0
        self._full: set[str] = set()  # databases whose 100 % line is written

    @classmethod
    def blend(cls, estimated: float, after: float, share: float, spent: float) -> float:
        """Seconds left: ``estimated`` seconds for the part the share counts, ``after``
        seconds after it, ``spent`` so far.  The estimate's view (what it has not spent
        yet) gives way to the progress's (the estimate's rest times spent over what the
        estimate gave the share done) as the share grows to SETTLED."""
        planned = max(estimated + after - spent, 0.0)
        if share <= 0:
            return planned
        observed = (estimated * (1 - share) + after) * spent / max(estimated * share, 1e-9)
        weight = min(1.0, share / cls.SETTLED)
        return (1 - weight) * planned + weight * observed

    def left(self, name: str, share: float, now: float | None = None) -> float:
        """Seconds the named build still needs, by its estimate and its share done."""
        spent = (time.monotonic() if now is None else now) - self._began.get(name, self.started)
        found = self.estimates.get(name)
        if found is None:
            return spent * (1 - share) / share if share > 0 else 0.0
        return self.blend(found.building, found.after, share, spent)

    def update(self, info: Mapping[str, Any]) -> None:
        """A BuildingProgress report (npuzzle.pdb.store)."""
        if self.mode == "none" or info.get("phase") != "building":
            return
        name = info["database"]
        now = time.monotonic()
        if "done" in info:  # built in a worker process: only its end is told
            spent = now - self.started
            self._finished += self.pooled.get(name, 0.0)
            rest = self.blend(self.together, 0.0, self._finished / max(sum(self.pooled.values()), 1e-9), spent)
            said = f", about {duration(rest)} left" if info["done"] < info["of"] else ""
            self._write(f"built {name} ({info['done']} of {info['of']}), {duration(spent)} so far{said}")
            return
        began = self._began.setdefault(name, now)
        total = max(info["total"], 1)
        share = min(info["states"] / total, 1.0)
        if name in self._full:  # its 100 % is said already (build_regions says it twice)
            return
        if share >= 1.0:
            self._full.add(name)
        left = f"about {duration(self.left(name, share, now))} left"
        if self.mode == "bar":
            if self._bar_name != name:
                self._close_bar()
                self._bar = self.tqdm(
                    total=total,
                    desc=f"building {name}",
                    unit=" entries",
                    unit_scale=True,
                    file=self.stream,
                    bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} {postfix}",
                )
                self._bar_name = name
            self._bar.n = info["states"]
            self._bar.set_postfix_str(left)  # refreshes
        elif self.mode == "status":
            bar = "#" * int(share * 30)
            print(f"\rbuilding {name}: [{bar:<30}] {share:4.0%}, {left}", end="", file=self.stream, flush=True)
        elif now >= self._next_line or share >= 1.0:  # 100 %: always said
            self._next_line = now + self.interval
            self._write(f"building {name}: {share:.0%} of {total:,} entries, {duration(now - began)}, {left}")

    def _write(self, line: str) -> None:
        if self._bar is not None:
            self._bar.write(line, file=self.stream)
            return
        if self.mode == "status":
            print(file=self.stream)  # keep the status line above
        print(line, file=self.stream, flush=True)

    def _close_bar(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def close(self, built: bool = True) -> None:
        """End the display; say how long it all took (not in mode none, nor when the
        builds did not end)."""
        self._close_bar()
        if self.mode == "status":
            print(file=self.stream)
        if self.mode != "none" and built:
            print(f"built in {duration(time.monotonic() - self.started)}", file=self.stream, flush=True)
