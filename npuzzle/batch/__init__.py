"""Many boards at once: ``npuzzle batch`` reads boards one a line, solves them on an
engine (worker processes here, or a Dask cluster), and writes a row per board as soon as
it is answered.

    >>> from npuzzle.batch import Defaults, read_tasks, run
    >>> rows = []
    >>> summary = run(read_tasks(["3x3:1,2,3,4,5,6,0,7,8", "3x3:8,1"], Defaults()), rows.append)
    >>> [(row["id"], row.get("length"), row.get("error")) for row in rows]
    [(1, 2, None), (2, None, 'a 3x3 board needs 9 numbers, got 2')]
    >>> summary.answered, summary.bad_lines, summary.exit_status()
    (1, 1, 8)

The pieces: ``tasks`` (lines to tasks, a task to its row), ``engines`` (where tasks run),
``output`` (the resumable file of rows), ``progress`` (what a person watching sees).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from .engines import ENGINES, Engine, EngineError, Future, make_engine
from .tasks import ROW_FIELDS, Defaults, Task, error_row, read_tasks, solve_task

__all__ = [
    "Defaults",
    "Task",
    "Summary",
    "ROW_FIELDS",
    "ENGINES",
    "EngineError",
    "make_engine",
    "read_tasks",
    "solve_task",
    "run",
    "SPLIT_AFTER",
    "EXIT_UNSOLVABLE",
    "EXIT_BAD_LINES",
    "EXIT_NOT_PROVEN",
]

# The exit status of `npuzzle batch` is 0 when every board was answered optimally, else
# the sum of these (so a script can test each), or 2 for a command it could not start and
# 130 after Ctrl-C.
EXIT_UNSOLVABLE = 4  # some boards cannot reach their goal
EXIT_BAD_LINES = 8  # some lines were not boards (their rows say why)
EXIT_NOT_PROVEN = 16  # some answers are not proven optimal (a time limit, or no answer at all)

# Seconds an optimal search runs in one worker before its board is handed back to be
# split over all of them (after the other boards).  Random 15-puzzles take well under a
# second each and Korf's hardest of the 100 about 6 s (one process); an 80-move board takes
# minutes: only such boards are worth the split's cost (its restart, its waits at each
# pass's end), and only where the cores are not busy with other boards.
SPLIT_AFTER = 30.0

LOST_TRIES = 3  # a task whose worker dies this many times becomes an error row


@dataclass
class Summary:
    """What a run did; the summary line and the exit status come from here."""

    answered: int = 0
    optimal: int = 0
    not_proven: int = 0
    unsolvable: int = 0
    bad_lines: int = 0
    skipped: int = 0  # answered by an earlier run (ids already in the file)
    nodes: int = 0
    lengths: list[int] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    started: float = field(default_factory=time.perf_counter)
    wall: float = 0.0

    def add(self, row: dict) -> None:
        if "error" in row:
            self.bad_lines += 1
            return
        self.answered += 1
        self.nodes += row["nodes"]
        if not row["solvable"]:
            self.unsolvable += 1
        elif row["optimal"]:
            self.optimal += 1
        else:
            self.not_proven += 1
        if row["length"] is not None:
            self.lengths.append(row["length"])
        if row["seconds"] >= self.slowest[0]:
            self.slowest = (row["seconds"], str(row["id"]))

    def exit_status(self) -> int:
        return (
            (EXIT_UNSOLVABLE if self.unsolvable else 0)
            + (EXIT_BAD_LINES if self.bad_lines else 0)
            + (EXIT_NOT_PROVEN if self.not_proven else 0)
        )

    def line(self) -> str:
        """One line for a person: counts, mean length, nodes, wall time, the slowest board."""
        parts = [f"{self.answered} answered ({self.optimal} optimal"]
        if self.not_proven:
            parts.append(f", {self.not_proven} not proven optimal")
        if self.unsolvable:
            parts.append(f", {self.unsolvable} unsolvable")
        parts.append(")")
        if self.bad_lines:
            parts.append(f", {self.bad_lines} bad lines")
        if self.skipped:
            parts.append(f", {self.skipped} answered before")
        if self.lengths:
            parts.append(f"; mean length {sum(self.lengths) / len(self.lengths):.2f}")
        parts.append(f"; {self.nodes:,} nodes in {self.wall:.1f} s")
        if self.slowest[1]:
            parts.append(f"; slowest: {self.slowest[1]} ({self.slowest[0]:.2f} s)")
        return "".join(parts)


def run(
    items: Iterable[Task | dict],
    on_row: Callable[[dict], None],
    engine: Engine | None = None,
    *,
    done: Collection[str] = frozenset(),
    summary: Summary | None = None,
) -> Summary:
    """Solve every task on the engine (one board at a time here by default), giving each
    row to on_row as it comes: error rows at once, answers in the order they finish.
    Ids in done were answered before and are skipped.  At most twice the engine's workers
    (as many as it has now: a cluster may grow or lose some) are in flight, so an
    interrupted run loses little and a long input streams."""
    from .engines import InlineEngine

    engine = engine or InlineEngine()
    summary = summary or Summary()
    pending: dict = {}  # future -> (task, tries)

    long: list[tuple[Task, dict]] = []  # boards handed back to be split over every worker

    def finish(future: Future) -> None:
        task, tries = pending.pop(future)
        try:
            row = future.result()
        except Exception as e:
            if engine.lost(e) and tries < LOST_TRIES:
                pending[engine.submit(solve_task, task)] = (task, tries + 1)
                return
            row = error_row(task.id, task.line, "engine", f"{type(e).__name__}: {e}")
        if row.get("split"):
            long.append((task, row))
            return
        summary.add(row)
        on_row(row)

    for item in items:
        if isinstance(item, dict):  # a bad line: its row is ready
            if str(item["id"]) in done:
                summary.skipped += 1
                continue
            summary.add(item)
            on_row(item)
            continue
        if str(item.id) in done:
            summary.skipped += 1
            continue
        pending[engine.submit(solve_task, item)] = (item, 1)
        for future in [f for f in pending if f.done()]:
            finish(future)
        while len(pending) >= 2 * engine.workers:
            finished, _ = engine.wait(list(pending))
            for future in finished:
                finish(future)
    while pending:
        finished, _ = engine.wait(list(pending))
        for future in finished:
            finish(future)
    for task, tried in long:  # once every other board is done, so each has all the workers
        row = solve_split(task, tried, engine)
        summary.add(row)
        on_row(row)
    summary.wall = time.perf_counter() - summary.started
    return summary


def solve_split(task: Task, tried: dict[str, Any], engine: Engine) -> dict[str, Any]:
    """A long board's row, its optimal search's passes split into subtrees that run as
    tasks on every worker of engine (this process coordinates, as the page's pool does).
    The search starts again (its first passes are cheap), so tried's work is only added
    to the counts."""
    from dataclasses import replace

    from ..pdb.parallel import split_over

    left = None if task.time_limit is None else max(task.time_limit - tried["seconds"], 1e-3)
    with split_over(engine):
        row = solve_task(replace(task, split_after=None, time_limit=left))
    return {**row, "nodes": row["nodes"] + tried["nodes"], "seconds": round(row["seconds"] + tried["seconds"], 4)}
