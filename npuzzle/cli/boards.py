"""``npuzzle check`` (can a board reach its goal; --json prints api.check's reply) and
``npuzzle random`` (random solvable boards, as IDs or rows)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import api
from ..rules.notation import format_board_id, format_rows
from ..rules.random_board import MAX_SCRAMBLE, random_board, scramble
from . import inputs
from .errors import EXIT_OK, EXIT_UNSOLVABLE, Invalid, accepted

__all__ = ["check", "random"]


def check(args: argparse.Namespace) -> int:
    """Say whether the board can reach the goal, and why."""
    reply = accepted(api.check(*inputs.ids(inputs.problem(args))))
    if args.json:
        print(json.dumps(reply))
    else:
        print(("Solvable: " if reply["solvable"] else "Unsolvable: ") + reply["reason"].removeprefix("unsolvable: "))
    return EXIT_OK if reply["solvable"] else EXIT_UNSOLVABLE


def random(args: argparse.Namespace) -> int:
    """Print --count random boards of --size towards the goal (or scrambles of --moves)."""
    width, height = inputs.size(args.size, "4x4")
    inputs.numbers(("--moves", args.moves, 0, MAX_SCRAMBLE))
    problem = inputs.goal_problem(args, width, height)
    t = problem.topology
    if (t.width, t.height) != (width, height):
        raise Invalid(f"the goal is {t.width}x{t.height} but --size is {args.size}")
    inputs.numbers(("--count", args.count, 1, 10**9))
    for i in range(args.count):
        # board i of a seeded set has its own seed; the first is the one --seed alone gives
        seed: Any = args.seed if args.seed is None or i == 0 else f"{args.seed}/{i}"  # random.Random takes text too
        if args.moves is None:
            tiles = random_board(problem.goal, t, seed)
        else:
            tiles = scramble(problem.goal, t, args.moves, seed)
        if not args.rows:
            print(format_board_id(width, height, tiles))
        else:  # boards of rows, a blank line between them
            print(format_rows(width, tiles) + ("\n" if args.count > 1 else ""))
    return EXIT_OK
