"""The command line: ``python3 -m npuzzle solve|analyse|batch|compare|random|check|databases ...``.

Moves are written in the package's notation (``--notation gap``: each letter the way the
blank goes) or in the speedsolvers' (``--notation tile``: the way a tile goes, with repeat
counts, as Slidysim writes them); boards may be Slidysim scrambles ("1 2 3/4 5 6/7 8 0").

Exit status (stable: scripts and the page's tests rely on it):
0 a solution (or, for check/random, the answer) was printed; 1 the board is unsolvable;
2 invalid input (one line on stderr, nothing on stdout); 3 a limit (time or nodes)
stopped the search before a solution; 130 interrupted with Ctrl-C.
``batch``: 0 every board answered optimally, else the sum of 4 (some unsolvable), 8 (some
bad lines) and 16 (some answers not proven optimal); 2 and 130 as above.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from . import analysis, api, batch, lab, pdb, portfolio, search
from .batch.output import RowWriter
from .batch.progress import MODES as PROGRESS_MODES
from .batch.progress import Progress
from .board import MoveError, default_goal, walk
from .engine import Stop
from .metrics import MTM_CELLS, export_line, mtm, optimal_mtm
from .notation import (
    NotationError,
    check_moves,
    format_board_id,
    format_moves,
    format_rows,
    format_wrap,
    parse_moves,
    parse_problem,
)
from .pdb import parallel, store
from .random_board import MAX_SCRAMBLE, random_board, scramble
from .solvability import solvability
from .topology import MAX_SIDE, MIN_SIDE

EXIT_OK, EXIT_UNSOLVABLE, EXIT_INVALID, EXIT_STOPPED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class _Invalid(Exception):
    """Bad input: the message is printed as the single line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one clear line, no usage dump, exit status 2
        raise _Invalid(message)


def _read(source: str, what: str) -> str:
    """A board's text from a board ID (or a bare list of numbers), '-' (stdin) or a file path."""
    if source == "-":
        return sys.stdin.read()
    if ":" in source or "," in source or any(c.isspace() for c in source):
        return source
    if "/" in source and not os.path.isfile(source):  # a Slidysim scramble with no spaces: 1,2/3,0
        return source
    if os.path.isfile(source):
        try:
            with open(source, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise _Invalid(f"cannot read {what} file {source!r}: {e}") from None
    raise _Invalid(f"{what} {source!r} is neither a board ID (like 3x3:1,2,3,4,5,6,7,8,0) nor a file")


def _wrap_spec(args) -> str:
    parts = []
    for flag, prefix in ((args.wrap_rows, "r"), (args.wrap_cols, "c")):
        for item in flag or []:
            for x in item.split(","):
                x = x.strip()
                if x in ("all", "*"):
                    parts.append("rows" if prefix == "r" else "cols")
                elif x:
                    parts.append(prefix + x)
    if args.wrap:
        parts.append(args.wrap)
    return ",".join(parts)


def _problem(args):
    if args.start == "-" and args.goal == "-":
        raise _Invalid("only one of the start and the goal can come from standard input")
    start = _read(args.start, "start")
    goal = _read(args.goal, "goal") if args.goal else None
    try:
        return parse_problem(start, goal, _wrap_spec(args))
    except NotationError as e:
        raise _Invalid(str(e)) from None


def _add_board_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--goal", help="goal board: an ID, a file or '-' (default: 1..N-1 then the blank)")
    p.add_argument(
        "--wrap-rows",
        action="append",
        metavar="ROWS",
        help="rows (from 0, comma-separated, or 'all') whose two ends are neighbours",
    )
    p.add_argument("--wrap-cols", action="append", metavar="COLS", help="columns that wrap likewise")
    p.add_argument("--wrap", metavar="SPEC", help="wraps as in links: r2,c2 or all")


def _add_notation_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--notation",
        choices=("gap", "tile"),
        default="gap",
        help="moves as the blank goes (gap, the default) or as a tile goes, with repeat counts "
        "(tile: Slidysim's, like R3D2L)",
    )


_building: dict[str, float] = {}  # database -> when its build started (for the time left)


def _print_progress(info: dict) -> None:
    """One status line on stderr, rewritten in place: a database being built, or the search."""
    if info.get("phase") == "building":
        done = info["states"] / max(info["total"], 1)
        bar = "#" * int(done * 30)
        started = _building.setdefault(info["database"], time.monotonic())
        left = (time.monotonic() - started) * (1 - done) / done if done > 0.02 else None
        eta = "" if left is None else f", about {left / 60:.0f} min left" if left >= 90 else f", {left:.0f} s left"
        line = f"building pattern database {info['database']} (once): [{bar:<30}] {done:4.0%}{eta}"
    elif "weight" in info:  # weighted IDA*, several weights in turn (npuzzle.portfolio)
        best = "none yet" if info["best"] is None else f"{info['best']} moves"
        line = (
            f"{info['algorithm']} (w = {info['weight']}): best {best}, {info['nodes']:,} nodes, {info['seconds']:.1f} s"
        )
    else:
        line = f"{info['algorithm']}: bound {info['bound']}, {info['nodes']:,} nodes, {info['seconds']:.1f} s"
    print(f"\r{line:<78}", end="", file=sys.stderr, flush=True)


def _solve(args) -> int:
    problem = _problem(args)
    # the page's rules (npuzzle.api), so a limit means the same and is worded the same
    for message in (
        api.number_error("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        api.number_error("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
    ):
        if message:
            raise _Invalid(message)
    show_progress = args.progress or (sys.stderr.isatty() and not args.json)
    engine = None
    if args.engine or args.scheduler:  # split passes as tasks on an engine's workers
        try:
            engine = batch.make_engine(args.engine or "dask", args.jobs, args.scheduler)
        except batch.EngineError as e:
            raise _Invalid(str(e)) from None
    try:
        with parallel.split_over(engine):
            result = portfolio.solve(
                problem,
                args.algorithm,
                args.heuristic,
                strategy=args.strategy,
                time_limit=args.time_limit,
                max_nodes=args.max_nodes,
                progress=_print_progress if show_progress else None,
            )
    finally:
        if engine is not None:
            engine.close()
    if show_progress:
        print(file=sys.stderr)
    t = problem.topology
    fewest = optimal_mtm(problem) if result.found and t.size <= MTM_CELLS else None
    every = _every_optimal(problem, args) if result.found and args.all_optimal is not None else None
    if args.json:
        data = result.to_dict()
        data["start"] = format_board_id(t.width, t.height, problem.start)
        data["goal"] = format_board_id(t.width, t.height, problem.goal)
        data["notation"] = args.notation
        data["solution"] = format_moves(result.moves, args.notation)
        data["mtm"] = mtm(result.moves) if result.found else None
        data["optimal_mtm"] = None if fewest is None else fewest[0]
        if every is not None:
            data["optimal_solutions"] = {
                **every.to_dict(),
                "solutions": [format_moves(m, args.notation) for m in every.solutions],
            }
        print(json.dumps(data))
    else:
        _print_result(result, problem, args.steps, args.notation, fewest)
        if every is not None:
            print(
                f"{every.count:,} optimal solutions of {every.length} moves "
                f"({every.nodes:,} nodes in {every.seconds:.2f} s); the first {len(every.solutions)}, "
                f"{_NOTATION_WORDS[args.notation]}:"
            )
            for moves in every.solutions:
                print(f"  {format_moves(moves, args.notation)}")
    if not result.solvable:
        return EXIT_UNSOLVABLE
    return EXIT_OK if result.found else EXIT_STOPPED


_NOTATION_WORDS = {
    "gap": "gap notation: each letter the way the blank goes",
    "tile": "tile notation (Slidysim's): each letter the way a tile slides, a number repeats it",
}


def _every_optimal(problem, args):
    """Every optimal solution (--all-optimal), or _Invalid where it cannot be counted."""
    message = api.number_error("--all-optimal", args.all_optimal, 0, api.MAX_KEEP)
    if message:
        raise _Invalid(message)
    try:
        return analysis.optimal_solutions(problem, args.all_optimal, time_limit=args.time_limit)
    except ValueError as e:
        raise _Invalid(f"--all-optimal: {e}") from None
    except Stop as stop:
        raise _Invalid(f"--all-optimal: the {stop.why} stopped the count") from None


def _print_result(result: search.Result, problem, steps: bool, notation: str = "gap", fewest=None) -> None:
    t = problem.topology
    if not result.solvable:
        print(f"Unsolvable: {result.reason.removeprefix('unsolvable: ')}.")
        return
    how = f"{result.nodes:,} nodes in {result.seconds:.2f} s ({result.algorithm}, {result.heuristic})"
    if not result.found:
        print(f"No solution yet: the {result.stopped} stopped the search after {how}.")
        print(f"Every solution takes at least {result.lower_bound} moves.")
        return
    quality = "optimal" if result.optimal else f"not proven optimal; at least {result.lower_bound}"
    print(f"Solved in {result.length} moves ({quality}).")
    if result.length:
        if notation == "tile":  # "Blank moves" and "Tile moves" name the convention
            print(f"Tile moves: {format_moves(result.moves, 'tile')}")
        else:
            print(f"Blank moves: {result.moves}")
        print(f"Tiles moved: {' '.join(map(str, result.tiles))}")
        label = "the MTM count of this STM-optimal answer" if result.optimal else "the MTM count of this answer"
        fewest_text = f"; the fewest MTM moves: {fewest[0]}" if fewest else ""
        print(f"Moves: {result.length} STM, {mtm(result.moves)} MTM ({label}{fewest_text})")
    for note in result.notes:
        print(f"Note: {note}")
    print(f"Searched {how}.")
    if steps:  # one board at a time: a 30x30 answer has tens of thousands
        print(f"\nstart\n{format_rows(t.width, problem.start)}")
        for i, (board, tile) in enumerate(walk(problem.start, result.moves, t), 1):
            print(f"\nmove {i}: {result.moves[i - 1]} (tile {tile})\n{format_rows(t.width, board)}")


def _analyse(args) -> int:
    problem = _problem(args)
    for message in (
        api.number_error("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        api.number_error("--time", args.time, 0, 1e7),
    ):
        if message:
            raise _Invalid(message)
    moves_text = _read(args.moves, "moves") if os.path.isfile(args.moves) else args.moves
    try:
        moves = parse_moves(moves_text, args.notation)
        check_moves(problem.start, moves, problem.topology, args.notation)
    except MoveError as e:
        raise _Invalid(str(e)) from None
    result = analysis.analyse(
        problem,
        moves,
        time_limit=args.time_limit,
        progress=_print_rows if sys.stderr.isatty() and not args.json else None,
    )
    if sys.stderr.isatty() and not args.json:
        print(f"\r{'':<78}\r", end="", file=sys.stderr, flush=True)
    t = problem.topology
    export = export_line(t.width, problem.start, moves, args.time)
    if args.json:
        print(
            json.dumps(
                {
                    **result.to_dict(),
                    "start": format_board_id(t.width, t.height, problem.start),
                    "goal": format_board_id(t.width, t.height, problem.goal),
                    "moves": moves,
                    "notation": args.notation,
                    "solution": format_moves(moves, args.notation),
                    "export": export,
                }
            )
        )
    else:
        print(analysis_text(result, args.notation))
        print(export)
    if result.reason:
        return EXIT_UNSOLVABLE
    return EXIT_STOPPED if result.stopped else EXIT_OK


def _print_rows(info: dict) -> None:
    line = f"analysing: move {info['done']} of {info['total']}, {info['seconds']:.1f} s"
    print(f"\r{line:<78}", end="", file=sys.stderr, flush=True)


def _letter(move: str, notation: str) -> str:
    return format_moves(move, notation) if move else ""


def analysis_text(result: analysis.Analysis, notation: str = "gap") -> str:
    """The analysis as a table, a row a move, and its summary."""
    if result.reason:
        return f"Unsolvable: {result.reason.removeprefix('unsolvable: ')}."
    lines = [f"Moves in {_NOTATION_WORDS[notation]}."]
    if result.exact:
        lines.append(f"{'#':>4}  move  tile  before  after  lost  better")
        for i, r in enumerate(result.rows, 1):
            lines.append(
                f"{i:>4}  {_letter(r.move, notation):>4}  {r.tile:>4}  {r.before:>6}  {r.after:>5}  "
                f"{('+' + str(r.lost)) if r.lost else '':>4}  {_letter(r.better, notation)}".rstrip()
            )
    else:
        lines.append(
            "Not exact on this board: 'at least' is linear conflict's lower bound, 'at most' the moves "
            "the solve itself still took."
        )
        lines.append(f"{'#':>4}  move  tile  before (at least-at most)  after (at least-at most)")
        for i, r in enumerate(result.rows, 1):
            span = lambda low, high: f"{low}-{high}" if high is not None else f"{low}-"  # noqa: E731
            lines.append(
                f"{i:>4}  {_letter(r.move, notation):>4}  {r.tile:>4}  "
                f"{span(r.before, r.before_upper):>24}  {span(r.after, r.after_upper):>23}"
            )
    if result.stopped:
        lines.append(f"The {result.stopped} stopped the analysis after {len(result.rows)} of {result.length} moves.")
    fewest = f", fewest {result.optimal_mtm}" if result.optimal_mtm is not None else ""
    if result.exact and result.optimum is not None:
        first = f"; the first loss at move {result.first_loss}" if result.first_loss else ""
        ending = "" if result.solved else " (the moves do not reach the goal)"
        lines.append(
            f"Summary: {result.length} moves (STM), {result.mtm} MTM{fewest}; optimum {result.optimum}; "
            f"{result.lost} moves lost{first}{ending}."
        )
    else:
        lines.append(
            f"Summary: {result.length} moves (STM), {result.mtm} MTM{fewest}; optimum at least {result.optimum}."
        )
    return "\n".join(lines)


def _compare(args) -> int:
    problem = _problem(args)
    for message in (
        api.number_error("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        api.number_error("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
        api.number_error("--weight", args.weight, *api.WEIGHT_RANGE),
    ):
        if message:
            raise _Invalid(message)
    algorithms, message = api.names_error("algorithm", args.algorithms, lab.ALGORITHMS)
    if message is None:
        heuristics, message = api.names_error("heuristic", args.heuristics, lab.HEURISTICS)
    if message:
        raise _Invalid(message)
    t = problem.topology
    start = format_board_id(t.width, t.height, problem.start)
    goal = format_board_id(t.width, t.height, problem.goal)
    verdict = solvability(problem.start, problem.goal, t)
    rows = []
    if verdict.solvable:
        try:
            rows = lab.compare(
                problem,
                algorithms,
                heuristics,
                weight=args.weight,
                time_limit=args.time_limit,
                max_nodes=args.max_nodes,
                progress=_print_runs if sys.stderr.isatty() else None,
            )
        except ValueError as e:  # pattern databases asked for where there are none
            raise _Invalid(f"--heuristics: {e}") from None
        finally:
            if sys.stderr.isatty():
                print(f"\r{'':<78}\r", end="", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({"start": start, "goal": goal, "rows": [row.to_dict() for row in rows]}))
    elif args.csv:
        sys.stdout.write(lab.to_csv(rows))
    elif not verdict.solvable:
        print(f"Unsolvable: {verdict.reason.removeprefix('unsolvable: ')}.")
    else:
        print(_table(rows))
    return EXIT_OK if verdict.solvable else EXIT_UNSOLVABLE


def _size_option(text: str) -> tuple[int, int]:
    size = text.lower().split("x")
    if len(size) != 2 or not all(s.isdigit() for s in size):
        raise _Invalid(f"--size {text!r} should look like 3x3 (width x height)")
    width, height = (int(x) if len(x) <= 6 else 10**6 for x in size)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise _Invalid(f"--size {text!r} is out of range: boards are {MIN_SIDE} to {MAX_SIDE} cells a side")
    return width, height


def _study(args) -> int:
    """Every algorithm x heuristic over many boards: the course reports' table by depth."""
    for message in (
        api.number_error("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        api.number_error("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
        api.number_error("--random", args.random, 1, 100_000),
    ):
        if message:
            raise _Invalid(message)
    algorithms, message = api.names_error("algorithm", args.algorithms, lab.ALGORITHMS)
    if message is None:
        heuristics, message = api.names_error("heuristic", args.heuristics, lab.HEURISTICS)
    if message:
        raise _Invalid(message)
    if (args.boards is None) == (args.random is None):
        raise _Invalid("give the boards: --boards FILE, or --random N --depths D,D,...")
    width, height = _size_option(args.size)
    goal_text = _read(args.goal, "goal") if args.goal else format_board_id(width, height, default_goal(width, height))
    try:
        problem = parse_problem(goal_text, goal_text, _wrap_spec(args))
    except NotationError as e:
        raise _Invalid(str(e)) from None
    t = problem.topology
    wrap = format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height)
    if args.boards is not None:
        try:
            boards = lab.read_boards(_lines(args.boards), goal_text, wrap)
        except lab.LineError as e:
            raise _Invalid(f"{args.boards} {e}") from None
    else:
        try:
            depths = [int(d) for d in (args.depths or "").split(",") if d.strip()]
        except ValueError:
            raise _Invalid(f"--depths {args.depths!r} should be whole numbers, like 12,16,20,24") from None
        if not depths:
            raise _Invalid("--random needs --depths, like --depths 12,16,20,24")
        try:
            boards = lab.boards_at_depths(problem.goal, t, depths, args.random, args.seed)
        except ValueError as e:
            raise _Invalid(str(e)) from None
    algorithms = algorithms or lab.default_algorithms(problem)
    heuristics = heuristics or lab.default_heuristics(problem)
    jobs = [
        (depth, board, problem.goal, t.width, t.height, wrap, algorithms, heuristics, args.time_limit, args.max_nodes)
        for depth, board in boards
    ]
    try:
        engine = batch.make_engine(args.engine, args.jobs, args.scheduler)
    except batch.EngineError as e:
        raise _Invalid(str(e)) from None
    progress = Progress(len(jobs), args.progress)
    results = [None] * len(jobs)
    try:
        futures = {engine.submit(lab.study_board, job): i for i, job in enumerate(jobs)}
        pending = set(futures)
        while pending:
            done, pending = engine.wait(pending)
            for future in done:
                results[futures[future]] = runs = future.result()
                progress.update({"nodes": sum(r["nodes_expanded"] for r in runs)})
    except ValueError as e:  # pattern databases asked for where there are none
        raise _Invalid(f"--heuristics: {e}") from None
    finally:
        progress.close()
        engine.close()
    rows = lab.study_table(results)
    if args.json:
        print(
            json.dumps(
                {
                    "goal": goal_text if ":" in goal_text else format_board_id(t.width, t.height, problem.goal),
                    "wrap": wrap,
                    "seed": args.seed,
                    "rows": rows,
                }
            )
        )
    elif args.csv:
        sys.stdout.write(lab.study_csv(rows))
    else:
        print(lab.study_text(rows))
    return EXIT_OK


def _print_runs(info: dict) -> None:
    """compare's status line on a terminal: runs done (each may take its whole budget)."""
    row = info["row"]
    line = f"{info['done']}/{info['total']} runs done (last: {row['algorithm']}, {row['heuristic'] or 'no heuristic'})"
    print(f"\r{line:<78}", end="", file=sys.stderr, flush=True)


def _table(rows: list) -> str:
    """The rows as aligned columns (numbers to the right), to paste into a report."""
    cells = [[lab.shown(row.to_dict(), c) for c in lab.COLUMNS] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(lab.COLUMNS)]
    left = ("algorithm", "heuristic", "stopped")

    def line(values) -> str:
        return "  ".join(
            v.ljust(w) if c in left else v.rjust(w) for c, v, w in zip(lab.COLUMNS, values, widths)
        ).rstrip()

    return "\n".join([line(lab.COLUMNS)] + [line(r) for r in cells])


def _check(args) -> int:
    problem = _problem(args)
    verdict = solvability(problem.start, problem.goal, problem.topology)
    t = problem.topology
    if args.json:
        print(
            json.dumps(
                {
                    "solvable": verdict.solvable,
                    "reason": verdict.reason,
                    "start": format_board_id(t.width, t.height, problem.start),
                    "goal": format_board_id(t.width, t.height, problem.goal),
                }
            )
        )
    else:
        print(("Solvable: " if verdict.solvable else "Unsolvable: ") + verdict.reason.removeprefix("unsolvable: "))
    return EXIT_OK if verdict.solvable else EXIT_UNSOLVABLE


def _random(args) -> int:
    size = args.size.lower().split("x")
    if len(size) != 2 or not all(s.isdigit() for s in size):
        raise _Invalid(f"--size {args.size!r} should look like 4x4 (width x height)")
    width, height = (int(x) if len(x) <= 6 else 10**6 for x in size)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise _Invalid(f"--size {args.size!r} is out of range: boards are {MIN_SIDE} to {MAX_SIDE} cells a side")
    message = api.number_error("--moves", args.moves, 0, MAX_SCRAMBLE)
    if message:
        raise _Invalid(message)
    goal_text = _read(args.goal, "goal") if args.goal else format_board_id(width, height, default_goal(width, height))
    try:
        problem = parse_problem(goal_text, goal_text, _wrap_spec(args))
    except NotationError as e:
        raise _Invalid(str(e)) from None
    t = problem.topology
    if (t.width, t.height) != (width, height):
        raise _Invalid(f"the goal is {t.width}x{t.height} but --size is {args.size}")
    message = api.number_error("--count", args.count, 1, 10**9)
    if message:
        raise _Invalid(message)
    for i in range(args.count):
        # board i of a seeded set has its own seed; the first is the one --seed alone gives
        seed = args.seed if args.seed is None or i == 0 else f"{args.seed}/{i}"
        if args.moves is None:
            tiles = random_board(problem.goal, t, seed)
        else:
            tiles = scramble(problem.goal, t, args.moves, seed)
        print(
            format_rows(width, tiles) + "\n"
            if args.rows and args.count > 1
            else format_rows(width, tiles)
            if args.rows
            else format_board_id(width, height, tiles)
        )
    return EXIT_OK


def _lines(source: str) -> list[str]:
    """The lines of a batch file, or of standard input for '-'."""
    if source == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise _Invalid(f"cannot read batch file {source!r}: {e}") from None


def _batch(args) -> int:
    for message in (
        api.number_error("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        api.number_error("--jobs", args.jobs, 1, 4096),
    ):
        if message:
            raise _Invalid(message)
    message = api.number_error("--split-after", args.split_after, 0, 1e9)
    if message:
        raise _Invalid(message)
    goal = _read(args.goal, "goal") if args.goal else None
    lines = _lines(args.source)
    try:
        writer = RowWriter(args.out, "csv" if args.csv else "jsonl")
    except (OSError, ValueError) as e:
        raise _Invalid(f"cannot append to {args.out!r}: {e}") from None
    try:
        engine = batch.make_engine(args.engine, args.jobs, args.scheduler)
    except batch.EngineError as e:
        writer.close()
        raise _Invalid(str(e)) from None
    split_after = args.split_after if engine.workers > 1 and args.split_after > 0 else None
    defaults = batch.Defaults(
        goal=goal,
        wrap=_wrap_spec(args) or None,
        heuristic=args.heuristic,
        time_limit=args.time_limit,
        strategy=args.strategy,
        states=bool(args.states),
        split_after=split_after,
    )
    items = list(batch.read_tasks(lines, defaults))
    states = open(args.states, "a", encoding="utf-8") if args.states else None
    progress = Progress(len(items), args.progress)
    progress.skipped(sum(str(item["id"] if isinstance(item, dict) else item.id) in writer.answered for item in items))
    summary = batch.Summary()

    def on_row(row: dict) -> None:
        writer.write(row)
        if states is not None and row.get("states"):
            states.write(
                "".join(
                    json.dumps(
                        {"id": row["id"], "board": board, "goal": row["goal"], "wrap": row["wrap"], "distance": d}
                    )
                    + "\n"
                    for board, d in row["states"]
                )
            )
            states.flush()
        progress.update(row)

    try:
        batch.run(items, on_row, engine, done=writer.answered, summary=summary)
    finally:
        progress.close()
        engine.close()
        writer.close()
        if states is not None:
            states.close()
        summary.wall = summary.wall or 0.0
    print(f"batch: {summary.line()}", file=sys.stderr)
    return summary.exit_status()


def _databases(args) -> int:
    from concurrent.futures.process import BrokenProcessPool

    words = list(args.words)
    action = words.pop(0) if words and words[0] in ("build", "list") else "build"
    unknown = [w for w in words if w not in pdb.ALL_SHAPES]
    if unknown:
        raise _Invalid(f"no pattern database called {unknown[0]!r}: choose from {', '.join(pdb.ALL_SHAPES)}")
    args.names = words
    if action == "list":
        for name, (side, cells) in pdb.ALL_SHAPES.items():
            cached = store.cache_dir() / f"{name}.pdb"
            where = str(cached) if cached.exists() else "not built"
            kind = "on request" if name in pdb.STRONG_SHAPES else "standard"
            print(f"{name:8} {side}x{side}, {len(cells)} tiles, {_mib(name)} MiB in memory, {kind}: {where}")
        print(_strong_in_use())
        return EXIT_OK
    if args.names:
        names = list(dict.fromkeys(args.names))
        if "half8" in names and "half7" not in names:  # 7-8 takes both
            names.insert(names.index("half8"), "half7")
    else:
        names = [name for name, (side, _) in pdb.SHAPES.items() if args.size in ("all", f"{side}x{side}")]
    missing = store.not_cached(names)
    if missing and not store.can_build():
        raise _Invalid(f"building the pattern databases ({', '.join(missing)}) needs numpy: pip install numpy")
    for name in missing:  # what it will take, before it starts
        if name in STRONG_COST:
            disk, minutes, building = STRONG_COST[name]
            print(
                f"building {name}: {_mib(name)} MiB in memory (and about {building} GB while "
                f"building), {disk} MiB on disk, about {minutes} minutes with numpy",
                file=sys.stderr,
            )
    needed = sum(STRONG_COST[name][0] for name in missing if name in STRONG_COST) << 20
    if needed:  # before minutes of work: the cache can be written and hold them
        import shutil

        folder = store.cache_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for stale in folder.glob("*.tmp"):  # a build cut off before it was moved into place
                stale.unlink()
            (folder / ".writable").touch()
            (folder / ".writable").unlink()
        except OSError as e:
            raise _Invalid(f"cannot write the pattern databases into {folder}: {e.strerror or e}") from None
        free = shutil.disk_usage(folder).free
        if free < needed + (256 << 20):
            raise _Invalid(
                f"not enough disk space in {folder} for {', '.join(missing)}: "
                f"{needed >> 20} MiB needed, {free >> 20} MiB free"
            )
    show_progress = bool(missing) and sys.stderr.isatty()
    processes = store.BUILD_PROCESSES
    try:
        paths = store.write_databases(
            store.cache_dir(), names, _print_progress if show_progress else None, processes=processes
        )
    except (OSError, BrokenProcessPool, ValueError) as e:
        raise _Invalid(f"could not build or save the pattern databases in {store.cache_dir()}: {e}") from None
    except MemoryError:
        needs = ", ".join(f"{name} about {STRONG_COST[name][2]} GB" for name in missing if name in STRONG_COST)
        raise _Invalid("not enough memory to build the pattern databases" + (f" ({needs})" if needs else "")) from None
    finally:
        if show_progress:
            print(file=sys.stderr)
    for path in paths:
        print(path)
    return EXIT_OK


# The stronger databases' cost, measured (docs/benchmarks.md): MiB on disk, minutes to
# build with numpy, GiB of memory while building (npuzzle.pdb.build.build_regions).
STRONG_COST = {"half7": (30, 2, 1.3), "half8": (4096, 20, 6)}


def _strong_in_use() -> str:
    """Which partition a 4x4 board gets from the files in the cache and NPUZZLE_DATABASES."""

    def built(name: str) -> bool:
        return (store.cache_dir() / f"{name}.pdb").exists()

    level = store.strongest_level(built)
    capped = level != store.strongest_level(built, allowed=False)
    setting = f" (NPUZZLE_DATABASES={os.environ['NPUZZLE_DATABASES']})" if capped else ""
    said = {"": "6-6-3", "half7": "7-7-1 (half7)", "half8": "7-8 (half7 and half8)"}[level]
    line = f"4x4 boards are solved with {said}{setting}"
    if level:
        line += ", when the goal's blank is in a corner (else 6-6-3)"
    if built("half8") and not built("half7"):
        line += "; half8 is used only with half7: npuzzle databases build half7"
    return line + "."


def _mib(name: str) -> int:
    side, cells = pdb.ALL_SHAPES[name]
    return (1 << pdb.cell_bits(side * side) * len(cells)) >> 20


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="npuzzle",
        description="Sliding-tile puzzles of any size: optimal answers where "
        "search can finish, near-optimal ones with a proven lower bound elsewhere.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("solve", help="solve a board (optimally where it can)")
    p.add_argument("start", help="start board: an ID like 3x3:1,2,3,4,5,6,7,8,0, a file of rows, or '-'")
    _add_board_options(p)
    p.add_argument("--algorithm", choices=search.ALGORITHMS, default="idastar")
    p.add_argument(
        "--heuristic", choices=search.HEURISTICS, default=None, help="default: the strongest available for the board"
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
        help=f"A* stores at most this many states (default {search.DEFAULT_MAX_NODES:,} "
        "on a 4x4, fewer on bigger boards)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _add_notation_option(p)
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
        choices=batch.ENGINES,
        default=None,
        help="run the optimal search's split passes on an engine's workers: local processes, "
        "or a Dask cluster (default: this machine's cores, at most 4)",
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--jobs", type=int, default=None, help="workers of a local engine or LocalCluster")
    p.set_defaults(run=_solve)

    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="analyse a solve move by move: the exact moves "
        "left before and after each move (3x3, 4x4), the moves lost and a better move",
    )
    p.add_argument("start", help="start board: an ID, a Slidysim scramble like '1 2 3/4 5 6/7 0 8', a file or '-'")
    p.add_argument("moves", help="the solve's moves, like URDL2UR2 with --notation tile (or a file)")
    _add_board_options(p)
    _add_notation_option(p)
    p.add_argument("--time", type=float, metavar="SECONDS", help="the solve's time, for TPS in the export line")
    p.add_argument("--time-limit", type=float, metavar="SECONDS", help="stop the analysis after this long")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_analyse)

    p = sub.add_parser(
        "compare",
        help="the study lab: run each algorithm with each heuristic on a board, "
        "each with its own budget, and compare the counts (a row each)",
    )
    p.add_argument("start", help="start board: an ID, a file of rows, or '-'")
    _add_board_options(p)
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
    output.add_argument("--json", action="store_true", help='print {"start", "goal", "rows"}')
    output.add_argument("--csv", action="store_true", help="print the rows as CSV, with a header")
    p.set_defaults(run=_compare)

    p = sub.add_parser(
        "study",
        help="the study lab over many boards: each algorithm with each heuristic, "
        "mean nodes, time and branching factor by solution length (the course reports' table)",
    )
    boards = p.add_mutually_exclusive_group()
    boards.add_argument("--boards", metavar="FILE", help="boards one a line ('-': standard input)")
    boards.add_argument("--random", type=int, metavar="N", help="N boards drawn uniformly at each depth of --depths")
    p.add_argument("--depths", metavar="LIST", help="solution lengths, e.g. 12,16,20,24 (with --random)")
    p.add_argument("--size", default="3x3", help="WxH of the random boards (default 3x3; at most 9 cells)")
    p.add_argument("--seed", type=int, default=0, help="the same seed draws the same boards (default 0)")
    _add_board_options(p)
    p.add_argument("--algorithms", metavar="LIST", help=f"comma-separated, from {', '.join(lab.ALGORITHMS)}")
    p.add_argument("--heuristics", metavar="LIST", help=f"comma-separated, from {', '.join(lab.HEURISTICS)}")
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
    output.add_argument("--json", action="store_true", help='print {"goal", "wrap", "seed", "rows"}')
    output.add_argument("--csv", action="store_true", help="print the rows as CSV, with a header")
    p.add_argument("--jobs", type=int, default=None, help="boards at once (default: every core)")
    p.add_argument("--engine", choices=batch.ENGINES, default="local")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--progress", choices=PROGRESS_MODES, default="auto")
    p.set_defaults(run=_study)

    p = sub.add_parser("check", help="say whether a board can reach the goal, and why")
    p.add_argument("start")
    _add_board_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_check)

    p = sub.add_parser("random", help="print a random solvable board")
    p.add_argument("--size", default="4x4", help="WxH, e.g. 4x4 or 3x5 (default 4x4)")
    p.add_argument("--seed", type=int, help="make the board reproducible")
    p.add_argument("--moves", type=int, help="scramble the goal with this many random moves instead")
    p.add_argument("--rows", action="store_true", help="print rows of numbers instead of a board ID")
    p.add_argument("--count", type=int, default=1, help="print this many boards, one a line (feeds batch)")
    _add_board_options(p)
    p.set_defaults(run=_random)

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
    _add_board_options(p)
    p.add_argument(
        "--heuristic",
        choices=search.HEURISTICS,
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
        choices=batch.ENGINES,
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
        default=batch.SPLIT_AFTER,
        metavar="SECONDS",
        help="an optimal search still running after this long in one worker is finished "
        f"by all the workers together, after the other boards (default {batch.SPLIT_AFTER:g}; "
        "0: never)",
    )
    p.set_defaults(run=_batch)

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
        "or list them all with their sizes and whether they are built; half7 and half8 "
        "(half8 builds both: 20 minutes, 4 GiB) are the strongest 4x4 databases, built only "
        "on request and then used by solve, batch and compare",
    )
    p.add_argument("--size", choices=("4x4", "5x5", "all"), default="all")
    p.set_defaults(run=_databases)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        setting = os.environ.get("NPUZZLE_DATABASES", "")
        if setting not in store.DATABASES_SETTINGS:
            raise _Invalid(
                f"NPUZZLE_DATABASES={setting} is not a setting: use standard (6-6-3), half7 (7-7-1) "
                "or half8 (7-8), or leave it unset for the strongest built"
            )
        return args.run(args)
    except _Invalid as e:
        print(f"npuzzle: error: {e}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("\nnpuzzle: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `npuzzle solve ... --steps | head`: the reader left
        sys.stderr.close()
        return EXIT_OK
