"""The commands' text for people: every line a command prints when --json (or --csv) is
not given, made from the api's reply, the same dict --json prints.

    >>> from npuzzle import api
    >>> print("\\n".join(solve_lines(api.solve("3x3:1,2,3,4,5,6,0,7,8", heuristic="manhattan"))[:3]))
    Solved in 2 moves (optimal).
    Blank moves: RR
    Tiles moved: 7 8
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .. import lab
from ..rules.board import Problem, walk
from ..rules.notation import format_moves, format_rows
from ..speedsolving.metrics import mtm

__all__ = ["NOTATION_WORDS", "unsolvable", "solve_lines", "steps_lines", "solutions_lines", "analysis_text", "table"]

NOTATION_WORDS = {
    "gap": "gap notation: each letter the way the blank goes",
    "tile": "tile notation (Slidysim's): each letter the way a tile slides, a number repeats it",
}

Reply = Mapping[str, Any]


def unsolvable(reason: str) -> str:
    """The line for a board that cannot reach its goal."""
    return f"Unsolvable: {reason.removeprefix('unsolvable: ')}."


def solve_lines(reply: Reply, notation: str = "gap", fewest: int | None = None) -> list[str]:
    """A solve's answer (api.solve's reply): the moves, their counts (fewest: the fewest
    MTM moves, where known), the notes and the search."""
    if not reply["solvable"]:
        return [unsolvable(reply["reason"])]
    how = f"{reply['nodes']:,} nodes in {reply['seconds']:.2f} s ({reply['algorithm']}, {reply['heuristic']})"
    if not reply["found"]:
        return [
            f"No solution yet: the {reply['stopped']} stopped the search after {how}.",
            f"Every solution takes at least {reply['lower_bound']} moves.",
        ]
    quality = "optimal" if reply["optimal"] else f"not proven optimal; at least {reply['lower_bound']}"
    lines = [f"Solved in {reply['length']} moves ({quality})."]
    if reply["length"]:
        if notation == "tile":  # "Blank moves" and "Tile moves" name the convention
            lines.append(f"Tile moves: {format_moves(reply['moves'], 'tile')}")
        else:
            lines.append(f"Blank moves: {reply['moves']}")
        lines.append(f"Tiles moved: {' '.join(map(str, reply['tiles']))}")
        label = "the MTM count of this STM-optimal answer" if reply["optimal"] else "the MTM count of this answer"
        fewest_text = f"; the fewest MTM moves: {fewest}" if fewest else ""
        lines.append(f"Moves: {reply['length']} STM, {mtm(reply['moves'])} MTM ({label}{fewest_text})")
    lines += [f"Note: {note}" for note in reply["notes"]]
    lines.append(f"Searched {how}.")
    return lines


def steps_lines(problem: Problem, moves: str) -> Iterator[str]:
    """Every board along the moves, one at a time (a 30x30 answer has tens of thousands)."""
    width = problem.topology.width
    yield f"\nstart\n{format_rows(width, problem.start)}"
    for i, (board, tile) in enumerate(walk(problem.start, moves, problem.topology), 1):
        yield f"\nmove {i}: {moves[i - 1]} (tile {tile})\n{format_rows(width, board)}"


def solutions_lines(reply: Reply, notation: str) -> list[str]:
    """Every optimal solution (api.solutions' reply): how many, and the first ones."""
    return [
        f"{reply['count']:,} optimal solutions of {reply['length']} moves "
        f"({reply['nodes']:,} nodes in {reply['seconds']:.2f} s); the first {len(reply['solutions'])}, "
        f"{NOTATION_WORDS[notation]}:",
        *(f"  {solution}" for solution in reply["solutions"]),
    ]


def _letter(move: str, notation: str) -> str:
    return format_moves(move, notation) if move else ""


def _span(low: int, high: int | None) -> str:
    return f"{low}-{high}" if high is not None else f"{low}-"


def analysis_text(reply: Reply, notation: str = "gap") -> str:
    """The analysis (api.analyse's reply) as a table, a row a move, and its summary."""
    if reply["reason"]:
        return unsolvable(reply["reason"])
    rows: Sequence[Reply] = reply["rows"]
    lines = [f"Moves in {NOTATION_WORDS[notation]}."]
    if reply["exact"]:
        lines.append(f"{'#':>4}  move  tile  before  after  lost  better")
        for i, r in enumerate(rows, 1):
            lines.append(
                f"{i:>4}  {_letter(r['move'], notation):>4}  {r['tile']:>4}  {r['before']:>6}  {r['after']:>5}  "
                f"{('+' + str(r['lost'])) if r['lost'] else '':>4}  {_letter(r['better'], notation)}".rstrip()
            )
    else:
        lines.append(
            "Not exact on this board: 'at least' is linear conflict's lower bound, 'at most' the moves "
            "the solve itself still took."
        )
        lines.append(f"{'#':>4}  move  tile  before (at least-at most)  after (at least-at most)")
        for i, r in enumerate(rows, 1):
            lines.append(
                f"{i:>4}  {_letter(r['move'], notation):>4}  {r['tile']:>4}  "
                f"{_span(r['before'], r['before_upper']):>24}  {_span(r['after'], r['after_upper']):>23}"
            )
    if reply["stopped"]:
        lines.append(f"The {reply['stopped']} stopped the analysis after {len(rows)} of {reply['length']} moves.")
    fewest = f", fewest {reply['optimal_mtm']}" if reply["optimal_mtm"] is not None else ""
    if reply["exact"] and reply["optimum"] is not None:
        first = f"; the first loss at move {reply['first_loss']}" if reply["first_loss"] else ""
        ending = "" if reply["solved"] else " (the moves do not reach the goal)"
        lines.append(
            f"Summary: {reply['length']} moves (STM), {reply['mtm']} MTM{fewest}; optimum {reply['optimum']}; "
            f"{reply['lost']} moves lost{first}{ending}."
        )
    else:
        lines.append(
            f"Summary: {reply['length']} moves (STM), {reply['mtm']} MTM{fewest}; optimum at least {reply['optimum']}."
        )
    return "\n".join(lines)


def table(rows: Sequence[Reply]) -> str:
    """A comparison's rows (api.compare's) as aligned columns (numbers to the right), to
    paste into a report."""
    cells = [[lab.shown(dict(row), c) for c in lab.COLUMNS] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(lab.COLUMNS)]
    left = ("algorithm", "heuristic", "stopped")

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.ljust(w) if c in left else v.rjust(w) for c, v, w in zip(lab.COLUMNS, values, widths)
        ).rstrip()

    return "\n".join([line(lab.COLUMNS)] + [line(r) for r in cells])
