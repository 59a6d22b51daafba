"""``npuzzle analyse``: a solve move by move; --json prints api.analyse's reply."""

from __future__ import annotations

import argparse
import json
import os
import sys

from .. import api
from . import inputs, render
from .errors import EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE, accepted
from .progress import StatusLine

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Analyse the moves from the start: a row a move, and the summary and export line."""
    problem = inputs.problem(args)
    inputs.numbers(("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE), ("--time", args.time, 0, 1e7))
    moves = inputs.read(args.moves, "moves") if os.path.isfile(args.moves) else args.moves
    board, goal, wrap = inputs.ids(problem)
    status = StatusLine() if sys.stderr.isatty() and not args.json else None
    try:
        reply = accepted(
            api.analyse(
                board,
                moves,
                goal,
                wrap,
                notation=args.notation,
                solve_time=args.time,
                time_limit=args.time_limit,
                progress=status.analysed if status else None,
            )
        )
    finally:
        if status:
            status.clear()
    if args.json:
        print(json.dumps(reply))
    else:
        print(render.analysis_text(reply, args.notation))
        print(reply["export"])
    if reply["reason"]:
        return EXIT_UNSOLVABLE
    return EXIT_STOPPED if reply["stopped"] else EXIT_OK
