"""``npuzzle compare``: the study lab on one board; --json prints api.compare's reply and
--csv its ``csv``."""

from __future__ import annotations

import argparse
import json
import sys

from .. import api, lab
from . import inputs, render
from .errors import EXIT_OK, EXIT_UNSOLVABLE, Invalid
from .progress import StatusLine

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Every algorithm with every heuristic on the board, a row each, in the package's order."""
    problem = inputs.problem(args)
    inputs.numbers(
        ("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        ("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
        ("--weight", args.weight, *api.WEIGHT_RANGE),
    )
    algorithms, heuristics = inputs.names(args)
    board, goal, wrap = inputs.ids(problem)
    status = StatusLine() if sys.stderr.isatty() else None
    try:
        reply = api.compare(
            board,
            goal,
            wrap,
            algorithms=algorithms,
            heuristics=heuristics,
            weight=args.weight,
            time_limit=args.time_limit,
            max_nodes=args.max_nodes,
            progress=status.runs if status else None,
        )
    finally:
        if status:
            status.clear()
    if not reply["ok"]:  # the options were checked above: pattern databases where there are none
        raise Invalid(("--heuristics: " if reply["field"] == "options" else "") + reply["error"])
    if args.json:
        print(json.dumps(reply))
    elif args.csv:
        sys.stdout.write(reply.get("csv") or lab.to_csv([]))
    elif not reply["solvable"]:
        print(render.unsolvable(reply["reason"]))
    else:
        print(render.table(reply["rows"]))
    return EXIT_OK if reply["solvable"] else EXIT_UNSOLVABLE
