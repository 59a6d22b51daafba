"""``npuzzle solve``: solve a board, optimally where it can; --json prints api.solve's reply."""

from __future__ import annotations

import argparse
import json
import sys

from .. import api
from ..pdb import parallel
from ..speedsolving.metrics import MTM_CELLS, optimal_mtm
from . import inputs, render
from .engines import engine
from .errors import EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE, Invalid, accepted
from .progress import StatusLine

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Solve the board; with --all-optimal, count every optimal solution too.  --json prints
    api.solve's reply for the same board and options (with --all-optimal, one more key,
    ``solutions``: api.solutions' reply)."""
    problem = inputs.problem(args)
    # the page's rules (npuzzle.api), so a limit means the same and is worded the same
    inputs.numbers(
        ("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        ("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
        ("--all-optimal", args.all_optimal, 0, api.MAX_KEEP),
    )
    board, goal, wrap = inputs.ids(problem)
    status = StatusLine() if args.progress or (sys.stderr.isatty() and not args.json) else None
    # an --engine or --scheduler runs the optimal search's split passes as tasks on its workers
    kind = (args.engine or "dask") if args.engine or args.scheduler else None
    with engine(kind, args.jobs, args.scheduler) as workers, parallel.split_over(workers, args.checkpoint):
        try:
            reply = accepted(
                api.solve(
                    board,
                    goal,
                    wrap,
                    algorithm=args.algorithm,
                    heuristic=args.heuristic,
                    strategy=args.strategy,
                    time_limit=args.time_limit,
                    max_nodes=args.max_nodes,
                    progress=status.search if status else None,
                )
            )
        except parallel.CheckpointError as e:  # --checkpoint names another board's file
            raise Invalid(str(e)) from None
    if status:
        status.end()
    every = None
    if reply["found"] and args.all_optimal is not None:
        every = accepted(
            api.solutions(board, goal, wrap, keep=args.all_optimal, notation=args.notation, time_limit=args.time_limit),
            "--all-optimal: ",
        )
    if args.json:
        print(json.dumps(reply if every is None else {**reply, "solutions": every}))
    else:
        fewest = optimal_mtm(problem) if reply["found"] and problem.topology.size <= MTM_CELLS else None
        for line in render.solve_lines(reply, args.notation, fewest[0] if fewest else None):
            print(line)
        if args.steps and reply["found"]:
            for line in render.steps_lines(problem, reply["moves"]):
                print(line)
        if every is not None:
            print("\n".join(render.solutions_lines(every, args.notation)))
    if not reply["solvable"]:
        return EXIT_UNSOLVABLE
    return EXIT_OK if reply["found"] else EXIT_STOPPED
