"""The command line's grammar: every command, its arguments and options, and the
function that runs it (``args.run``, in the command's own module).

Bad arguments are bad input like any other: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from .. import lab
from ..batch import ENGINES, SPLIT_AFTER
from ..batch.progress import MODES as PROGRESS_MODES
from ..search import optimal, portfolio
from . import analyse, batch, boards, compare, databases, solve, study
from .errors import Invalid

__all__ = ["build_parser", "Parser"]


class Parser(argparse.ArgumentParser):
    """argparse's parser, raising Invalid: one clear line, no usage dump, exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise Invalid(message)


def add_board_options(p: argparse.ArgumentParser) -> None:
    """--goal and the wraps, which every command that reads a board takes."""
    p.add_argument("--goal", help="goal board: an ID, a file or '-' (default: 1..N-1 then the blank)")
    p.add_argument(
        "--wrap-rows",
        action="append",
        metavar="ROWS",
        help="rows (from 0, comma-separated, or 'all') whose two ends are neighbours",
    )
    p.add_argument("--wrap-cols", action="append", metavar="COLS", help="columns that wrap likewise")
    p.add_argument("--wrap", metavar="SPEC", help="wraps as in links: r2,c2 or all")


def add_notation_option(p: argparse.ArgumentParser) -> None:
    """--notation, for the commands that read or write moves."""
    p.add_argument(
        "--notation",
        choices=("gap", "tile"),
        default="gap",
        help="moves as the blank goes (gap, the default) or as a tile goes, with repeat counts "
        "(tile: Slidysim's, like R3D2L)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command (``npuzzle --help`` lists them)."""
    parser = Parser(
        prog="npuzzle",
        description="Sliding-tile puzzles of any size: optimal answers where "
        "search can finish, near-optimal ones with a proven lower bound elsewhere.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    p = sub.add_parser("solve", help="solve a board (optimally where it can)")
    p.add_argument("start", help="start board: an ID like 3x3:1,2,3,4,5,6,7,8,0, a file of rows, or '-'")
    add_board_options(p)
    p.add_argument("--algorithm", choices=optimal.ALGORITHMS, default="idastar")
    p.add_argument(
        "--heuristic", choices=optimal.HEURISTICS, default=None, help="default: the strongest available for the board"
    )
    p.add_argument(
        "--strategy",
        choices=portfolio.STRATEGIES,
        default="auto",
        help="auto (default): optimal where it can finish, else near-optimal, else constructive",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="optimal search: stop after this long (exit status 3); auto/weighted: "
        f"the search budget (default {portfolio.DEFAULT_BUDGET:g} s, "
        f"{portfolio.DATABASE_BUDGET:g} s on a 5x5 with its pattern databases)",
    )
    p.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        help=f"A* stores at most this many states (default {optimal.DEFAULT_MAX_NODES:,} "
        "on a 4x4, fewer on bigger boards)",
    )
    p.add_argument("--json", action="store_true", help="print the api's solve reply (one JSON object)")
    add_notation_option(p)
    p.add_argument(
        "--all-optimal",
        type=int,
        nargs="?",
        const=10,
        default=None,
        metavar="K",
        help="also count every optimal solution and list the first K (default 10; 3x3 and 4x4)",
    )
    p.add_argument("--steps", action="store_true", help="print every board along the solution")
    p.add_argument("--progress", action="store_true", help="show search progress on stderr")
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default=None,
        help="run the optimal search's split passes on an engine's workers: local processes, "
        "or a Dask cluster (default: this machine's cores, at most 4)",
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--jobs", type=int, default=None, help="workers of a local engine or LocalCluster")
    p.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record the optimal search's split passes in FILE as they finish; "
        "the same command run again resumes from there",
    )
    p.set_defaults(run=solve.run)

    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="analyse a solve move by move: the exact moves "
        "left before and after each move (3x3, 4x4), the moves lost and a better move",
    )
    p.add_argument("start", help="start board: an ID, a Slidysim scramble like '1 2 3/4 5 6/7 0 8', a file or '-'")
    p.add_argument("moves", help="the solve's moves, like URDL2UR2 with --notation tile (or a file)")
    add_board_options(p)
    add_notation_option(p)
    p.add_argument("--time", type=float, metavar="SECONDS", help="the solve's time, for TPS in the export line")
    p.add_argument("--time-limit", type=float, metavar="SECONDS", help="stop the analysis after this long")
    p.add_argument("--json", action="store_true", help="print the api's analyse reply (one JSON object)")
    p.set_defaults(run=analyse.run)

    p = sub.add_parser(
        "compare",
        help="the study lab: run each algorithm with each heuristic on a board, "
        "each with its own budget, and compare the counts (a row each)",
    )
    p.add_argument("start", help="start board: an ID, a file of rows, or '-'")
    add_board_options(p)
    p.add_argument(
        "--algorithms",
        metavar="LIST",
        help=f"comma-separated, from {', '.join(lab.ALGORITHMS)} (default: bfs on boards of up "
        "to 9 cells, astar, idastar)",
    )
    p.add_argument(
        "--heuristics",
        metavar="LIST",
        help=f"comma-separated, from {', '.join(lab.HEURISTICS)} (default: all that serve the board)",
    )
    p.add_argument(
        "--weight",
        type=float,
        default=lab.DEFAULT_WEIGHT,
        help=f"w of the weighted searches, f = g + w h (default {lab.DEFAULT_WEIGHT:g})",
    )
    add_lab_budget_and_output(p, "compare")
    p.set_defaults(run=compare.run)

    p = sub.add_parser(
        "study",
        help="the study lab over many boards: each algorithm with each heuristic, "
        "mean nodes, time and branching factor by solution length (the course reports' table)",
    )
    given = p.add_mutually_exclusive_group()
    given.add_argument("--boards", metavar="FILE", help="boards one a line ('-': standard input)")
    given.add_argument(
        "--random", type=int, metavar="N", help="N boards drawn at each depth of --depths (docs/lab.md: how)"
    )
    p.add_argument("--depths", metavar="LIST", help="solution lengths, e.g. 12,16,20,24 (with --random)")
    p.add_argument(
        "--size",
        help="WxH of the random boards (default 3x3; at most 9 cells, or 4x4 with its pattern databases);"
        " with --boards, the first board's size unless given",
    )
    p.add_argument("--seed", type=int, default=0, help="the same seed draws the same boards (default 0)")
    add_board_options(p)
    p.add_argument("--algorithms", metavar="LIST", help=f"comma-separated, from {', '.join(lab.ALGORITHMS)}")
    p.add_argument("--heuristics", metavar="LIST", help=f"comma-separated, from {', '.join(lab.HEURISTICS)}")
    add_lab_budget_and_output(p, "study")
    p.add_argument("--jobs", type=int, default=None, help="boards at once (default: every core)")
    p.add_argument("--engine", choices=ENGINES, default="local")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--progress", choices=PROGRESS_MODES, default="auto")
    p.set_defaults(run=study.run)

    p = sub.add_parser("check", help="say whether a board can reach the goal, and why")
    p.add_argument("start")
    add_board_options(p)
    p.add_argument("--json", action="store_true", help="print the api's check reply (one JSON object)")
    p.set_defaults(run=boards.check)

    p = sub.add_parser("random", help="print a random solvable board")
    p.add_argument("--size", default="4x4", help="WxH, e.g. 4x4 or 3x5 (default 4x4)")
    p.add_argument("--seed", type=int, help="make the board reproducible")
    p.add_argument("--moves", type=int, help="scramble the goal with this many random moves instead")
    p.add_argument("--rows", action="store_true", help="print rows of numbers instead of a board ID")
    p.add_argument("--count", type=int, default=1, help="print this many boards, one a line (feeds batch)")
    add_board_options(p)
    p.set_defaults(run=boards.random)

    p = sub.add_parser(
        "batch",
        help="solve many boards, one a line, on every core or a Dask cluster; a row per board as it is answered",
    )
    p.add_argument(
        "source",
        metavar="FILE",
        help="boards one a line (IDs, bare lists, rows split by '/', or "
        'JSON objects {"id", "start", "goal", "wrap", "heuristic", "time_limit"}), or \'-\'',
    )
    add_board_options(p)
    p.add_argument(
        "--heuristic",
        choices=optimal.HEURISTICS,
        default=None,
        help="for every board (default: the strongest available)",
    )
    p.add_argument("--strategy", choices=portfolio.STRATEGIES, default="auto")
    p.add_argument("--time-limit", type=float, metavar="SECONDS", help="each board's time limit")
    p.add_argument("--out", metavar="FILE", help="append the rows to FILE; run again to finish an interrupted run")
    p.add_argument("--csv", action="store_true", help="rows as CSV (default: JSON Lines)")
    p.add_argument(
        "--states",
        metavar="FILE",
        help="also append every board along each optimal answer, with its distance to the goal",
    )
    p.add_argument("--jobs", type=int, default=None, help="boards at once (default: every core)")
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: processes on this machine; dask: a dask.distributed cluster",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler, e.g. tcp://host:8786 (also $DASK_SCHEDULER_ADDRESS); "
        "default: a LocalCluster of --jobs workers",
    )
    p.add_argument(
        "--progress",
        choices=PROGRESS_MODES,
        default="auto",
        help="auto (default): a bar on a terminal, a line every 10 s elsewhere",
    )
    p.add_argument(
        "--split-after",
        type=float,
        default=SPLIT_AFTER,
        metavar="SECONDS",
        help="an optimal search still running after this long in one worker is finished "
        f"by all the workers together, after the other boards (default {SPLIT_AFTER:g}; "
        "0: never)",
    )
    p.set_defaults(run=batch.run)

    p = sub.add_parser(
        "databases",
        help="build the pattern databases into the cache once (numpy; "
        "minutes): 4x4 for optimal answers, 5x5 for near-optimal ones",
    )
    p.add_argument(
        "words",
        nargs="*",
        metavar="[build|list] [NAME ...]",
        help="build (the default) the named databases (default: the standard ones of --size), "
        "or list them all with their sizes and whether they are built; half7h and half8 "
        "(half8 builds both: 4 GiB; each build says its time first) are the strongest 4x4 databases (half7 "
        "alone: 7-7-1), built only on request and then used by solve, batch and compare",
    )
    p.add_argument("--size", choices=("4x4", "5x5", "all"), default="all")
    p.add_argument(
        "--progress",
        choices=PROGRESS_MODES,
        default="auto",
        help="while building: auto (default): a bar on a terminal (tqdm, the progress extra; "
        "else a status line), a line every 10 s elsewhere; none: only the estimate",
    )
    p.set_defaults(run=databases.run)
    return parser


def add_lab_budget_and_output(p: argparse.ArgumentParser, action: str) -> None:
    """compare's and study's options for each run's budget and for the output's form."""
    p.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        default=lab.DEFAULT_TIME_LIMIT,
        help=f"each run's own time limit (default {lab.DEFAULT_TIME_LIMIT:g} s)",
    )
    p.add_argument(
        "--max-nodes",
        type=int,
        default=lab.DEFAULT_MAX_NODES,
        help=f"each run stops after expanding this many nodes (default {lab.DEFAULT_MAX_NODES:,})",
    )
    output = p.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help=f"print the api's {action} reply (one JSON object)")
    output.add_argument("--csv", action="store_true", help="print the rows as CSV, with a header")
