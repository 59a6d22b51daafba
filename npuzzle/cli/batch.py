"""``npuzzle batch``: many boards, one a line, on every core or a Dask cluster; a row per
board (JSON Lines or CSV, npuzzle.batch's rows) as it is answered."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack, closing
from typing import IO, Any

from .. import api, batch
from ..batch.output import RowWriter
from ..batch.progress import Progress
from . import inputs
from .engines import engine
from .errors import Invalid

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Answer every line of the file, appending to --out; the exit status sums what went wrong."""
    inputs.numbers(
        ("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        ("--jobs", args.jobs, 1, 4096),
        ("--split-after", args.split_after, 0, 1e9),
    )
    goal = inputs.read(args.goal, "goal") if args.goal else None
    lines = inputs.lines(args.source)
    summary = batch.Summary()
    with ExitStack() as stack:
        try:
            writer = stack.enter_context(closing(RowWriter(args.out, "csv" if args.csv else "jsonl")))
        except (OSError, ValueError) as e:
            raise Invalid(f"cannot append to {args.out!r}: {e}") from None
        workers = stack.enter_context(engine(args.engine, args.jobs, args.scheduler))
        defaults = batch.Defaults(
            goal=goal,
            wrap=inputs.wrap_spec(args) or None,
            heuristic=args.heuristic,
            time_limit=args.time_limit,
            strategy=args.strategy,
            states=bool(args.states),
            split_after=args.split_after if workers.workers > 1 and args.split_after > 0 else None,
        )
        items = list(batch.read_tasks(lines, defaults))
        states = stack.enter_context(open(args.states, "a", encoding="utf-8")) if args.states else None
        progress = Progress(len(items), args.progress)
        stack.callback(progress.close)
        progress.skipped(
            sum(str(item["id"] if isinstance(item, dict) else item.id) in writer.answered for item in items)
        )

        def on_row(row: dict[str, Any]) -> None:
            writer.write(row)
            if states is not None and row.get("states"):
                _write_states(states, row)
            progress.update(row)

        batch.run(items, on_row, workers, done=writer.answered, summary=summary)
    summary.wall = summary.wall or 0.0
    print(f"batch: {summary.line()}", file=sys.stderr)
    return summary.exit_status()


def _write_states(out: IO[str], row: dict[str, Any]) -> None:
    """--states: every board along the row's optimal answer, with its distance to the goal."""
    out.write(
        "".join(
            json.dumps({"id": row["id"], "board": board, "goal": row["goal"], "wrap": row["wrap"], "distance": d})
            + "\n"
            for board, d in row["states"]
        )
    )
    out.flush()
