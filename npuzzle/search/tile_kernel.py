"""The IDA* kernel for heuristics made of per-tile tables (misplaced tiles, Manhattan,
linear conflict): h is updated from the moved tile's table entries, never recomputed.

    >>> from npuzzle.search.heuristics import Heuristic
    >>> from npuzzle.rules.notation import parse_problem
    >>> p = parse_problem("3x3:1,2,3,4,5,6,0,7,8")
    >>> result, bound = idastar(p, Heuristic.make("manhattan", p.goal, p.topology), None, None, (1, 1), None)
    >>> result.moves, result.nodes
    ('RR', 2)

It takes the heuristic's tables (``cost``, ``lines``, ``value``, ``scaled``, ``name``)
and imports nothing above the engine, so the heuristics module can offer it as its own.
"""

from __future__ import annotations

from ..result import CHECK_EVERY, Clock, Progress, Result, Stop, finish
from ..rules.board import Problem

__all__ = ["idastar"]


def idastar(
    problem: Problem,
    heuristic,
    time_limit: float | None,
    progress: Progress | None,
    weight: tuple[int, int],
    first_bound: int | None,
) -> tuple[Result, int]:
    """(idastar's Result, the bound of the pass it stopped in), starting at first_bound.

    With weight (p, q) it is weighted IDA* on f = g + (p/q) h, computed in integers as
    q g + p h: faster, and its answer is at most p/q times the optimum, but not optimal.

    Memory is the path only.  The inner loop is written for speed: neighbours come from a
    precomputed table, h is updated from per-tile tables when one tile moves, the board is
    one list changed in place and restored on the way back, and the move that would undo
    the last one (its direction xor 1) is skipped.  Nothing is allocated per node.
    """
    weighted = weight != (1, 1)
    clock = Clock("weighted-idastar" if weighted else "idastar", time_limit, progress)
    board = list(problem.start)
    neighbors = problem.topology.neighbors
    lower_bound = heuristic.value(board)
    if weighted:
        heuristic = heuristic.scaled(weight[0])
    g_step = weight[1]
    cost = heuristic.cost
    lines = heuristic.lines
    h0 = heuristic.value(board)
    path: list[int] = []
    nodes = 0
    bound = h0 if first_bound is None else max(h0, first_bound)
    next_bound = 0

    def plain(blank: int, g: int, h: int, back: int) -> bool:
        # Misplaced tiles and Manhattan: h changes by the moved tile's table entries only.
        nonlocal nodes, next_bound
        nodes += 1
        if not nodes & (CHECK_EVERY - 1):
            clock.tick(nodes, bound)
        g += g_step
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            t = board[cell]
            row = cost[t]
            h2 = h - row[cell] + row[blank]
            f = g + h2
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            board[blank] = t
            board[cell] = 0
            path.append(d)
            if h2 == 0 or plain(cell, g, h2, d ^ 1):
                return True
            path.pop()
            board[cell] = t
            board[blank] = 0
        return False

    if lines is not None:
        row_keys, col_keys = lines.keys(board)
        row_part, col_part = lines.row_part, lines.col_part
        row_values, col_values = lines.row_values, lines.col_values
        goal_row, goal_col = lines.goal_row, lines.goal_col
        w = problem.topology.width

    def conflicts(blank: int, g: int, h: int, back: int) -> bool:
        # Manhattan plus linear conflict.  A vertical move takes tile t from one row to the
        # next; only t's goal row can change value, and only when t enters or leaves it.
        # The move also shifts t within its column: if that is t's goal column its key
        # changes but not its value (the tiles keep their order).  Horizontal: the mirror.
        nonlocal nodes, next_bound
        nodes += 1
        if not nodes & (CHECK_EVERY - 1):
            clock.tick(nodes, bound)
        g += g_step
        for d, cell in neighbors[blank]:
            if d == back:
                continue
            t = board[cell]
            row = cost[t]
            h2 = h - row[cell] + row[blank]
            if d < 2:  # U or D
                line, a, b = goal_row[t], cell // w, blank // w
                keys, part, values = row_keys, row_part[t], row_values
                other, o_keys, o_part = goal_col[t], col_keys, col_part[t]
                o = blank % w
            else:
                line, a, b = goal_col[t], cell % w, blank % w
                keys, part, values = col_keys, col_part[t], col_values
                other, o_keys, o_part = goal_row[t], row_keys, row_part[t]
                o = blank // w
            if line == a or line == b:
                old = keys[line]
                new = old - part[cell] + part[blank]  # the other cell's part is 0
                h2 += values[new] - values[old]
            else:
                line = -1
            f = g + h2
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            board[blank] = t
            board[cell] = 0
            if line >= 0:
                keys[line] = new
            if other == o:
                o_old = o_keys[o]
                o_keys[o] = o_old - o_part[cell] + o_part[blank]
            path.append(d)
            if h2 == 0 or conflicts(cell, g, h2, d ^ 1):
                return True
            path.pop()
            if other == o:
                o_keys[o] = o_old
            if line >= 0:
                keys[line] = old
            board[cell] = t
            board[blank] = 0
        return False

    dfs = plain if lines is None else conflicts
    if h0 == 0:
        return finish(problem, [], 0, 0, clock, heuristic.name, None), bound
    blank = board.index(0)
    try:
        while True:
            next_bound = 1 << 30
            if dfs(blank, 0, h0, -1):
                return finish(
                    problem,
                    path,
                    lower_bound if weighted else bound,
                    nodes,
                    clock,
                    heuristic.name,
                    None,
                    optimal=not weighted,
                ), bound
            bound = next_bound
            clock.tick(nodes, bound)
    except Stop as stop:
        return finish(problem, None, lower_bound if weighted else bound, nodes, clock, heuristic.name, stop.why), bound
