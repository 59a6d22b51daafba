"""The speedsolvers' actions: the move-by-move analysis of a solve, and every optimal solution.

    >>> a = analyse("1 2 3/4 5 6/0 7 8", "L2", notation="tile")
    >>> a["moves"], a["solution"], [(r["before"], r["after"], r["lost"]) for r in a["rows"]]
    ('RR', 'L2', [(2, 1, 0), (1, 0, 0)])
    >>> solutions("3x3:1,2,3,4,5,6,0,7,8", notation="tile")["solutions"]
    ['L2']

Boards may be Slidysim scrambles and moves either notation (``npuzzle.rules.notation``):
``notation`` says which the moves are written in, and the reply writes them back in it
(``solution``, ``solutions``), always with ``moves``, the blank's letters, beside.
"""

from __future__ import annotations

from typing import Any

from ..catalogue import shown
from ..result import Stop
from ..rules.notation import NOTATIONS, check_moves, format_moves, parse_moves
from ..speedsolving import analysis
from ..speedsolving.cstimer import read_cstimer
from ..speedsolving.metrics import export_line
from ..speedsolving.session_files import SessionFileError
from .checks import TIME_LIMIT_RANGE, Refused, check_text, choice_error, problem, replies, reporter
from .protocol import AnalyseReply, CstimerReply, CstimerSolve, ErrorReply, ProgressCallback, SolutionsReply

__all__ = ["analyse", "solutions", "cstimer", "MAX_KEEP", "MAX_FILE"]

MAX_KEEP = 1000  # solutions listed at most (a 4x4 board may have millions)
MAX_FILE = 20_000_000  # characters of a csTimer file read at most (years of daily solves are a few MB)


def _notation(notation: object) -> str:
    message = choice_error("notation", notation, NOTATIONS)
    if message:
        raise message
    return str(notation)  # one of NOTATIONS


@replies
def analyse(
    board: str,
    moves: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    notation: str = "gap",
    solve_time: float | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> AnalyseReply:
    """The analysis of a solve (npuzzle.speedsolving.analysis.analyse): a row per move and the summary;
    ``solve_time`` (seconds the person took, if known) goes into TPS and the export line."""
    found = problem(
        board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE), "solve_time": (solve_time, 0, 1e7)}
    )
    check_text({"moves": moves})
    notation = _notation(notation)
    letters = parse_moves(moves or "", notation)
    check_moves(found.start, letters, found.topology, notation)
    result = analysis.analyse(found, letters, time_limit=time_limit, progress=reporter(progress))
    t = found.topology
    # the Analysis's fields are AnalyseReply's (tests/test_protocol.py holds them equal)
    return {  # type: ignore[typeddict-item]
        "ok": True,
        **result.to_dict(),
        "moves": letters,
        "notation": notation,
        "solution": format_moves(letters, notation),
        "export": export_line(t.width, found.start, letters, solve_time),
    }


@replies
def solutions(
    board: str,
    goal: str | None = None,
    wrap: str | None = None,
    *,
    keep: int = 10,
    notation: str = "gap",
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SolutionsReply:
    """How many optimal solutions the board has, and the first ``keep`` of them
    (npuzzle.speedsolving.analysis.optimal_solutions; plain 3x3 and 4x4 boards)."""
    found = problem(board, goal, wrap, {"time_limit": (time_limit, *TIME_LIMIT_RANGE), "keep": (keep, 0, MAX_KEEP)})
    notation = _notation(notation)
    try:
        result = analysis.optimal_solutions(
            found, 10 if keep is None else int(keep), time_limit=time_limit, progress=reporter(progress)
        )
    except ValueError as e:
        raise Refused("board", e) from None
    except Stop as stop:
        raise Refused("options", f"the {stop.why} stopped the count") from None
    return {
        "ok": True,
        "length": result.length,
        "count": result.count,
        "moves": result.solutions,
        "solutions": [format_moves(m, notation) for m in result.solutions],
        "notation": notation,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
    }


def cstimer(text: str) -> CstimerReply | ErrorReply:
    """csTimer's export file read (npuzzle.speedsolving.cstimer.read_cstimer): its 15-puzzle
    and 8-puzzle sessions, each its name, kind and solves as the page keeps them, and the
    names of the sessions left out; a file it cannot read is refused with a ``cstimer.*``
    or ``file.*`` code naming the session and solve at fault.

    >>> cstimer("{}")["code"], cstimer("[1")["code"]
    ('cstimer.not_cstimer', 'file.json')
    """
    if not isinstance(text, str) or len(text) > MAX_FILE:
        return {"ok": False, "field": "text", "error": f"the file must be text of at most {MAX_FILE:,} characters"}
    try:
        read = read_cstimer(text)
    except SessionFileError as e:
        return {"ok": False, "field": "text", "error": str(e), "code": e.key, "params": shown(e.key, e.params)}
    return {
        "ok": True,
        "sessions": [{"name": s.name, "kind": s.kind, "solves": [_kept(x) for x in s.solves]} for s in read.sessions],
        "left_out": read.left_out,
    }


def _kept(solve: dict[str, Any]) -> CstimerSolve:
    """A solve read from csTimer as the page keeps it: no help was used."""
    return {
        "date": solve["date"],
        "type": solve["type"],
        "ms": solve["ms"],
        "penalty": solve["penalty"],
        "scramble": solve["scramble"],
        "moves": solve["moves"],
        "times": solve["times"],
        "optimum": solve["optimum"],
        "assisted": False,
    }
