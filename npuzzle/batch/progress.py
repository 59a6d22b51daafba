"""What a person watching a batch sees on standard error while it runs.

On a terminal, a progress bar (tqdm, from the ``progress`` extra: boards done of the
total, boards a second, the time left, nodes a second); elsewhere (a log, a pipe, a job
queue's output file) a plain line every ``interval`` seconds; nothing with ``none``.
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

__all__ = ["Progress", "MODES"]

MODES = ("auto", "bar", "lines", "none")


class Progress:
    def __init__(self, total: int, mode: str = "auto", *, interval: float = 10.0, stream: TextIO | None = None):
        self.total = total
        self.stream = stream or sys.stderr
        self.interval = interval
        self.started = time.perf_counter()
        self.next_line = self.started + interval
        self.done = 0
        self.nodes = 0
        self._bar: Any = None  # a tqdm bar
        if mode == "auto":
            mode = "bar" if self.stream.isatty() else "lines"
        if mode == "bar":
            try:
                from tqdm import tqdm
            except ImportError:
                mode = "lines"
            else:
                self._bar = tqdm(total=total, unit="board", file=self.stream, dynamic_ncols=True, smoothing=0.1)
        self.mode = mode

    def skipped(self, n: int) -> None:
        """Boards an earlier run answered: counted as done, not in the rates."""
        self.total -= n
        if self._bar is not None:
            self._bar.total = self.total
            self._bar.refresh()

    def update(self, row: dict) -> None:
        self.done += 1
        self.nodes += row.get("nodes") or 0
        now = time.perf_counter()
        rate = self.nodes / max(now - self.started, 1e-9)
        if self._bar is not None:
            self._bar.set_postfix_str(f"{rate:,.0f} nodes/s", refresh=False)
            self._bar.update(1)
        elif self.mode == "lines" and (now >= self.next_line or self.done == self.total):
            self.next_line = now + self.interval
            elapsed = now - self.started
            boards = self.done / max(elapsed, 1e-9)
            left = (self.total - self.done) / boards if boards else 0
            share = f" ({self.done / self.total:.0%})" if self.total else ""
            print(
                f"batch: {self.done} of {self.total} boards{share}, {boards:.2f} boards/s, {rate:,.0f} nodes/s, "
                f"about {left:.0f} s left",
                file=self.stream,
                flush=True,
            )

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
