"""``npuzzle study``: the study lab over many boards, run on an engine's workers; --json
prints the api's StudyReply (npuzzle.api.study_reply, what api.study gives for the same
study) and --csv its ``csv``; the table ends with the time the whole study took."""

from __future__ import annotations

import argparse
import json
import sys
import time

from .. import api, lab
from ..api.study import first_size
from ..batch.progress import Progress
from ..rules.board import Problem
from ..rules.notation import format_board_id, format_wrap
from . import inputs
from .engines import engine
from .errors import EXIT_OK, Invalid

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Every algorithm x heuristic over many boards: the course reports' table by depth."""
    inputs.numbers(
        ("--time-limit", args.time_limit, *api.TIME_LIMIT_RANGE),
        ("--max-nodes", args.max_nodes, *api.MAX_NODES_RANGE),
        ("--random", args.random, 1, 100_000),
    )
    algorithms, heuristics = inputs.names(args)
    if (args.boards is None) == (args.random is None):
        raise Invalid("give the boards: --boards FILE, or --random N --depths D,D,...")
    given = None if args.boards is None else inputs.lines(args.boards)  # read once: '-' is standard input
    size = args.size or (given is not None and first_size("\n".join(given))) or "3x3"
    width, height = inputs.size(size, "3x3")
    problem = inputs.goal_problem(args, width, height)
    t = problem.topology
    goal = format_board_id(t.width, t.height, problem.goal)
    wrap = format_wrap(t.wrap_rows, t.wrap_cols, t.width, t.height)
    began = time.perf_counter()
    boards = _boards(args, given, problem, goal, wrap)
    default_algorithms, default_heuristics = lab.study_names(problem)
    algorithms, heuristics = lab.in_order(algorithms or default_algorithms, heuristics or default_heuristics)
    jobs = [
        (depth, board, problem.goal, t.width, t.height, wrap, algorithms, heuristics, args.time_limit, args.max_nodes)
        for depth, board in boards
    ]
    try:
        results = _run(args, jobs)
    except ValueError as e:  # pattern databases asked for where there are none
        raise Invalid(f"--heuristics: {e}") from None
    seconds = time.perf_counter() - began
    reply = api.study_reply(goal, wrap, args.seed, algorithms, heuristics, results, seconds)
    if args.json:
        print(json.dumps(reply))
    elif args.csv:
        sys.stdout.write(reply["csv"])
    else:
        print(lab.study_text(reply["rows"]))
        runs = sum(len(r) for r in results)
        print(f"{len(jobs)} boards, {runs} runs, {seconds:.1f} s in all (drawing the boards included).")
    return EXIT_OK


def _run(args: argparse.Namespace, jobs: list[tuple]) -> list[list[dict]]:
    """Each board's runs (lab.study_board), in the boards' order, the boards shared out
    over the engine's workers; the progress per board done."""
    results: list[list[dict]] = [[] for _ in jobs]
    with engine(args.engine, args.jobs, args.scheduler) as workers:
        progress = Progress(len(jobs), args.progress)
        try:
            futures = {workers.submit(lab.study_board, job): i for i, job in enumerate(jobs)}
            pending = set(futures)
            while pending:
                done, pending = workers.wait(pending)
                for future in done:
                    results[futures[future]] = runs = future.result()
                    progress.update({"nodes": sum(r["nodes_expanded"] for r in runs)})
        finally:
            progress.close()
    return results


def _boards(args: argparse.Namespace, given: list[str] | None, problem: Problem, goal: str, wrap: str) -> list[tuple]:
    """The study's boards as (depth, board): read from --boards (depth None: found by
    solving), or drawn, --random of them at each of --depths (the same --seed, the same boards)."""
    if given is not None:
        try:
            return lab.read_boards(given, goal, wrap)
        except lab.LineError as e:
            raise Invalid(f"{args.boards} {e}") from None
    try:
        depths = [int(d) for d in (args.depths or "").split(",") if d.strip()]
    except ValueError:
        raise Invalid(f"--depths {args.depths!r} should be whole numbers, like 12,16,20,24") from None
    if not depths:
        raise Invalid("--random needs --depths, like --depths 12,16,20,24")
    try:
        return lab.boards_at_depths(problem.goal, problem.topology, depths, args.random, args.seed)
    except ValueError as e:
        raise Invalid(str(e)) from None
