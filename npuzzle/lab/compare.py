"""Compare: every chosen algorithm with every chosen heuristic on one board, a row each.

    >>> from npuzzle.rules.notation import parse_problem
    >>> rows = compare(parse_problem("3x3:1,2,3,4,5,6,0,7,8"), ["astar", "idastar"], ["misplaced"])
    >>> [(r.algorithm, r.heuristic, r.length, r.nodes_expanded, r.nodes_generated) for r in rows]
    [('astar', 'misplaced', 2, 2, 4), ('idastar', 'misplaced', 2, 2, 4)]

Each run has its own budget (``time_limit`` seconds and ``max_nodes`` nodes expanded), so
a slow pair cannot hold up the rest: a run that reaches it gives a row with ``stopped``
set and ``found`` false.  Building a heuristic's tables (the pattern databases) is done
once before the runs and is not counted in their seconds.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..catalogue import Coded, InputError, Text, coded, text
from ..pdb import PatternDatabases, database_names, not_cached, supports
from ..result import Stop
from ..rules.board import Problem
from ..search.heuristics import TILE_HEURISTICS, Heuristic
from .searches import ALGORITHMS, OPTIMAL, Budget, Stats, ebf, make_heuristic, run, start, weight_ratio

__all__ = [
    "Row",
    "COLUMNS",
    "HEURISTICS",
    "compare",
    "in_order",
    "run_order",
    "to_csv",
    "to_markdown",
    "shown",
    "skipped",
    "cell",
    "cells",
    "STOP_REASONS",
    "default_algorithms",
    "default_heuristics",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_MAX_NODES",
    "DEFAULT_WEIGHT",
    "BFS_CELLS",
]

HEURISTICS = (*TILE_HEURISTICS, "pdb")
# What each heuristic is, in a sentence a student can quote.
HEURISTIC_DESCRIPTIONS = {name: text(f"about.{name}") for name in HEURISTICS}
# The CSV's columns and the table's, in order.
COLUMNS = (
    "algorithm",
    "heuristic",
    "found",
    "length",
    "optimal",
    "nodes_expanded",
    "nodes_generated",
    "max_stored",
    "seconds",
    "iterations",
    "ebf",
    "initial_h",
    "stopped",
)
# Why a run stops (Row.stopped): its Budget's limits.
STOP_REASONS = ("time limit", "node limit")
DEFAULT_TIME_LIMIT = 10.0  # seconds a run
DEFAULT_MAX_NODES = 1_000_000  # nodes expanded a run (A* then stores 1-2 million states, about 0.5 GB on 4x4)
DEFAULT_WEIGHT = 2.0
BFS_CELLS = 9  # breadth-first search is in the default list up to this many cells (3x3: 181,440 states)


@dataclass
class Row:
    """One run: the columns of COLUMNS, then the moves and the weight (JSON only)."""

    algorithm: str
    heuristic: str | None  # None for breadth-first search
    found: bool = False
    length: int | None = None
    optimal: bool = False  # found by an optimal algorithm (BFS, A*, IDA*) with an admissible heuristic
    nodes_expanded: int = 0
    nodes_generated: int = 0
    max_stored: int = 0
    seconds: float = 0.0
    iterations: int | None = None  # IDA*'s thresholds
    ebf: float | None = None
    initial_h: int | None = None
    stopped: str | None = None  # "time limit" or "node limit"; or why it never ran (a Text: skipped)
    moves: str = ""
    weight: float | None = None  # the weighted searches' w
    passes: list[dict] | None = None  # IDA*'s passes: {"threshold", "nodes_expanded"} each

    def to_dict(self) -> dict:
        return asdict(self)


def default_algorithms(problem: Problem) -> list[str]:
    """Breadth-first search on small boards, A* and IDA*."""
    return (["bfs"] if problem.topology.size <= BFS_CELLS else []) + ["astar", "idastar"]


def default_heuristics(problem: Problem) -> list[str]:
    """The three per-tile heuristics, and the pattern databases where they exist and are
    ready (loaded, or in the cache directory: never built unasked, that takes minutes)."""
    t = problem.topology
    ready = supports(t, problem.goal) and not not_cached(sorted(database_names(problem.goal, t)))
    return list(TILE_HEURISTICS) + (["pdb"] if ready else [])


def in_order(algorithms: Sequence[str], heuristics: Sequence[str]) -> tuple[list[str], list[str]]:
    """The names in the package's order (ALGORITHMS, then HEURISTICS), each once, whatever
    the order they were named in: the one rule for the order of the rows, so the page's
    table and CSV and the command line's are the same for the same names.

        >>> in_order(["idastar", "astar", "idastar"], ["linear-conflict", "misplaced"])
        (['astar', 'idastar'], ['misplaced', 'linear-conflict'])
    """
    return _known_first(algorithms, ALGORITHMS), _known_first(heuristics, HEURISTICS)


def _known_first(names: Sequence[str], known: Sequence[str]) -> list[str]:
    """names sorted by their place in known (a name it lacks goes last, in the order given)."""
    return sorted(dict.fromkeys(names), key=lambda name: known.index(name) if name in known else len(known))


def run_order(algorithm: str, heuristic: str | None) -> tuple[int, int]:
    """Where a run of (algorithm, heuristic) comes among the rows: in_order's order, the
    algorithm first (breadth-first search, with no heuristic, first of its runs)."""
    a = ALGORITHMS.index(algorithm) if algorithm in ALGORITHMS else len(ALGORITHMS)
    h = -1 if heuristic is None else HEURISTICS.index(heuristic) if heuristic in HEURISTICS else len(HEURISTICS)
    return a, h


def compare(
    problem: Problem,
    algorithms: Sequence[str] | None = None,
    heuristics: Sequence[str] | None = None,
    *,
    weight: float = DEFAULT_WEIGHT,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    progress: Callable[[dict], None] | None = None,
    searching: Callable[[dict], None] | None = None,
) -> list[Row]:
    """A row for each algorithm x heuristic (one for breadth-first search, which has none),
    in the package's order (``in_order``), whatever the order given.  The problem must be
    solvable (check first).  A heuristic that cannot serve the board (pattern databases not
    loaded, or for another board) skips only its own runs: their rows say why in ``stopped``
    (the reason, a ``Text``), with ``found`` false and no counts (``skipped``).
    ``progress`` gets ``{"done": i, "total": n, "row": row dict}`` after each run;
    ``searching`` gets ``{"run": i, "runs": n, "algorithm", "heuristic", "nodes"}`` as a run
    starts and about four times a second while it runs."""
    algorithms, heuristics = in_order(
        algorithms or default_algorithms(problem), heuristics or default_heuristics(problem)
    )
    made: dict[str, Heuristic | PatternDatabases] = {}
    why_not: dict[str, Text] = {}  # the heuristics that cannot serve this board, and why
    for wanted in heuristics if any(a != "bfs" for a in algorithms) else []:
        try:
            made[wanted] = make_heuristic(wanted, problem)
        except InputError as e:
            why_not[wanted] = Text(e.code, **e.params)
    for h in made.values():
        h.value(problem.start)  # a first look-up sets up tables (pattern databases: 0.1 s), outside the runs
    w = weight_ratio(weight)
    pairs = [(a, name) for a in algorithms for name in ([None] if a == "bfs" else heuristics)]
    rows = []
    for i, (algorithm, name) in enumerate(pairs, 1):
        if name in why_not:
            weighted = weight_of(algorithm, w)
            rows.append(Row(algorithm, name, stopped=why_not[name], weight=weighted))
            if progress is not None:
                progress({"done": i, "total": len(pairs), "row": rows[-1].to_dict()})
            continue
        report = None
        if searching is not None:
            run = {"run": i, "runs": len(pairs), "algorithm": algorithm, "heuristic": name}
            searching({**run, "nodes": 0})
            report = _reporter(searching, run)
        chosen = None if name is None else made[name]
        rows.append(_run(problem, algorithm, name, chosen, w, time_limit, max_nodes, report))
        if progress is not None:
            progress({"done": i, "total": len(pairs), "row": rows[-1].to_dict()})
    return rows


def _reporter(searching: Callable[[dict], None], run: dict) -> Callable[[int], None]:
    """A run's Budget report: searching hears the run and its nodes expanded so far."""
    return lambda nodes: searching({**run, "nodes": nodes})


def _run(
    problem: Problem,
    algorithm: str,
    name: str | None,
    heuristic: Heuristic | PatternDatabases | None,
    weight: tuple[int, int],
    time_limit: float | None,
    max_nodes: int | None,
    report: Callable[[int], None] | None = None,
) -> Row:
    stats = Stats()
    began = time.perf_counter()
    budget = Budget(time_limit, max_nodes, report)
    moves, stopped = None, None
    try:
        moves = run(start(algorithm, problem, heuristic, stats, budget, weight=weight))
    except Stop as stop:
        stopped = stop.why
    seconds = time.perf_counter() - began
    found = moves is not None
    return Row(
        algorithm=algorithm,
        heuristic=name,
        found=found,
        length=None if moves is None else len(moves),
        optimal=found and algorithm in OPTIMAL,
        nodes_expanded=stats.nodes_expanded,
        nodes_generated=stats.nodes_generated,
        max_stored=stats.max_stored,
        seconds=round(seconds, 6),
        iterations=stats.iterations,
        ebf=None if moves is None else ebf(stats.nodes_generated, len(moves)),
        initial_h=None if heuristic is None else heuristic.value(problem.start),
        stopped=stopped,
        moves=moves or "",
        weight=weight_of(algorithm, weight),
        passes=None if stats.passes is None else [{"threshold": t, "nodes_expanded": n} for t, n in stats.passes],
    )


def weight_of(algorithm: str, weight: tuple[int, int]) -> float | None:
    """A row's ``weight``: w for the weighted searches, None for the others."""
    return weight[0] / weight[1] if algorithm.startswith("weighted") else None


def skipped(values: Mapping[str, Any]) -> bool:
    """Whether a row is a run that never ran: its heuristic cannot serve the board, and
    ``stopped`` says why (not one of STOP_REASONS)."""
    return values.get("stopped") not in (None, *STOP_REASONS)


def _cell(value: object) -> str:
    """A CSV cell: JSON's spelling for true, false and null (empty)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def to_csv(rows: Sequence[Row | dict]) -> str:
    """The rows as CSV with a header, exactly the COLUMNS: what ``npuzzle compare --csv``
    prints and the page's CSV button saves (one writer, so they are the same bytes).

        >>> print(to_csv([Row("bfs", None, True, 2, True, 3, 4, 5, 0.5)]), end="")
        algorithm,heuristic,found,length,optimal,nodes_expanded,nodes_generated,max_stored,seconds,iterations,ebf,initial_h,stopped
        bfs,,true,2,true,3,4,5,0.5,,,,
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        values = row if isinstance(row, dict) else row.to_dict()
        writer.writerow([_cell(values[c]) for c in COLUMNS])
    return out.getvalue()


def cell(values: Mapping[str, Any], column: str) -> str:
    """A cell of the lab's tables (compare's and the study's) as people read it: a ``Text``
    (its code words it in the page's language) for the names, yes/no and why a run stopped,
    else the same text in every language: "-" for none, seconds to 0.1 ms, b* to 3
    decimals, mean nodes to 0.1 with a comma a thousand.

        >>> [str(cell({"algorithm": "weighted-astar", "weight": 1.5}, "algorithm")), cell({"seconds": 0.5}, "seconds")]
        ['Weighted A* (w = 1.5)', '0.5000']
        >>> cell({"heuristic": "manhattan"}, "heuristic").code
        'lab.heuristic.manhattan'
    """
    value = values[column]
    if column == "found" and skipped(values):
        return Text("lab.not_run")
    if column == "stopped" and isinstance(value, Text):
        return value  # why the run was skipped, in the page's language
    if skipped(values) and column not in ("algorithm", "heuristic"):
        return "-"  # no counts: it never ran
    if value is None:
        return "-"
    if isinstance(value, bool):
        return Text("lab.yes" if value else "lab.no")
    if column == "algorithm":
        weight = values.get("weight")
        return Text(f"lab.algorithm.{value}") if weight is None else Text(f"lab.run.{value}", weight=weight)
    if column in ("heuristic", "stopped"):
        return Text(f"lab.{column}.{value}")
    if column in ("seconds", "mean_seconds"):
        return f"{value:.4f}"
    if column == "ebf":
        return f"{value:.3f}"
    if column.startswith("mean_nodes"):
        return f"{value:,.1f}"
    return str(value)


def cells(values: Mapping[str, Any], columns: Sequence[str] = COLUMNS) -> dict[str, Coded]:
    """A row's cells as the page shows them, by column: ``{code, params, text}`` each
    (``npuzzle.catalogue.coded``), so the page words them in the person's language."""
    return {c: coded(cell(values, c)) for c in columns}


def shown(values: Mapping[str, Any], column: str) -> str:
    """A cell as the command line's table and the Markdown show it: the names as the
    identifiers a script or a command line takes (the weight with a weighted algorithm's),
    the other cells as ``cell`` writes them in English."""
    value = values[column]
    if column == "algorithm" and values.get("weight") is not None:
        return f"{value} (w={values['weight']:g})"
    if column in ("algorithm", "heuristic", "stopped") and value is not None:
        return str(value)
    return str(cell(values, column))


def to_markdown(rows: Sequence[Row | dict]) -> str:
    """The rows as a Markdown table (yes/no, "-" for none, w shown with the algorithm),
    to paste into a report.

        >>> print(to_markdown([Row("astar", "manhattan", True, 2, True, 2, 4, 5, 0.0004, ebf=1.303)]))
        | algorithm | heuristic | found | length | optimal | nodes_expanded | nodes_generated | max_stored | seconds | iterations | ebf | initial_h | stopped |
        |---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|
        | astar | manhattan | yes | 2 | yes | 2 | 4 | 5 | 0.0004 | - | 1.303 | - | - |
    """
    numeric = {"length", "nodes_expanded", "nodes_generated", "max_stored", "seconds", "iterations", "ebf", "initial_h"}
    lines = [
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "|".join("---:" if c in numeric else "---" for c in COLUMNS) + "|",
    ]
    for row in rows:
        values = row if isinstance(row, dict) else row.to_dict()
        lines.append("| " + " | ".join(shown(values, c) for c in COLUMNS) + " |")
    return "\n".join(lines)
