"""The kernel's count of nodes generated (Korf and Felner's count) against a plain IDA*
written out here, on 3x3 boards: the start and every child made, pruned or not, over
all passes, the last one up to its solution."""

from __future__ import annotations

import pytest

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.pdb import kernel

T3 = Topology(3, 3)
GOAL = tuple(range(9))
# Three 3x3 boards, 20, 24 and 26 moves from the goal (the blank first).
BOARDS = [(4, 5, 8, 3, 0, 7, 2, 6, 1), (1, 2, 3, 5, 7, 4, 8, 6, 0), (4, 6, 7, 8, 0, 3, 2, 1, 5)]


def plain_idastar(problem: Problem, order: str = "UDLR") -> tuple[int, int, int]:
    """(length, nodes searched, nodes generated) of IDA* on pdb.heuristic_value, the
    children in `order` (the blank's moves), the move back never made."""
    return plain_search(problem, order)[:3]


def plain_search(problem: Problem, order: str = "UDLR") -> tuple[int, int, int, list[int]]:
    """plain_idastar's figures and the blank's cells along the solution it finds first."""
    board = list(problem.start)
    searched, generated = 0, 1
    pruned: list[int] = []
    path: list[int] = []

    def dfs(blank: int, g: int, back: int, bound: int) -> bool:
        nonlocal searched, generated
        searched += 1
        moves = sorted(T3.neighbors[blank], key=lambda dc: order.index("UDLR"[dc[0]]))
        children = [cell for _, cell in moves if cell != back]
        generated += len(children)
        for cell in children:
            board[blank], board[cell] = board[cell], 0
            h = pdb.heuristic_value(board, GOAL)
            if g + 1 + h > bound:
                pruned.append(g + 1 + h)
            elif h == 0 or dfs(cell, g + 1, blank, bound):
                path.append(cell)
                return True
            board[cell], board[blank] = board[blank], 0
        return False

    bound = pdb.heuristic_value(board, GOAL)
    bound += (bound ^ kernel.solution_parity(problem)) & 1
    while not dfs(board.index(0), 0, -1, bound):
        bound = min(pruned)
        bound += (bound ^ kernel.solution_parity(problem)) & 1
        pruned.clear()
    return bound, searched, generated, [problem.start.index(0), *path[::-1]]


@pytest.fixture
def counting():
    assert pdb.prepare(GOAL, T3)
    kernel.count_generated(True)
    yield
    kernel.count_generated(False)


@pytest.mark.parametrize("start", BOARDS)
def test_the_kernel_counts_what_plain_idastar_generates(counting, monkeypatch, start):
    """In the natural order (the cut below the bound), the same length, nodes searched
    and nodes generated as the plain search, but for the children still to make when the
    solution is found (they count in the kernel: at most two a move)."""
    monkeypatch.setattr(kernel, "ORDER_DEPTH", 99)
    problem = Problem(start, GOAL, T3)
    length, searched, generated = plain_idastar(problem)
    r = pdb.idastar(problem)
    assert (r.length, r.nodes) == (length, searched)
    assert generated <= kernel.generated() <= generated + 2 * length


@pytest.mark.parametrize("start", BOARDS)
def test_korfs_order_is_the_plain_search_in_his_order(counting, monkeypatch, start):
    """NPUZZLE_ORDER=korf: nothing reordered (whatever ORDER_DEPTH), the blank's moves up,
    left, right, down: the plain search's answer in that order, move for move, and its
    nodes; the default order's answer or count differs on each of these boards."""
    monkeypatch.setenv("NPUZZLE_ORDER", "korf")
    problem = Problem(start, GOAL, T3)
    length, searched, generated, cells = plain_search(problem, "ULRD")
    r = pdb.idastar(problem)
    assert (r.length, r.nodes) == (length, searched)
    assert generated <= kernel.generated() <= generated + 2 * length
    assert apply_moves(start, r.moves, T3) == GOAL
    assert r.moves == "".join("UDLR"[d] for d in kernel.directions(T3.neighbors, cells))
    monkeypatch.delenv("NPUZZLE_ORDER")
    default = pdb.idastar(problem)
    assert default.length == length and (default.moves, default.nodes) != (r.moves, r.nodes)


@pytest.mark.parametrize("start", BOARDS[1:])  # the first one's h is its length: one pass
def test_ordered_passes_count_a_whole_pass_alike(counting, start):
    """The ordered passes (subtrees below kernel.ORDER_DEPTH in another order) count the
    nodes above the cut too: a first pass stopped at its end, which holds no solution,
    generates what the plain search's first pass does."""
    problem = Problem(start, GOAL, T3)
    bound, first = _one_pass(problem)
    assert bound < plain_idastar(problem)[0]  # the first pass holds no solution
    r = pdb.idastar(problem, stop_between_passes=0)
    assert r.stopped == "time limit" and r.lower_bound > bound
    assert kernel.generated() == first and r.nodes < first
    kernel.count_generated(False)
    pdb.idastar(problem)
    assert kernel.generated() == 0  # not counting


def _one_pass(problem: Problem) -> tuple[int, int]:
    """The plain search's first bound and the nodes its pass generates."""
    board = list(problem.start)
    generated = 1
    bound = pdb.heuristic_value(board, GOAL)
    bound += (bound ^ kernel.solution_parity(problem)) & 1

    def dfs(blank: int, g: int, back: int) -> None:
        nonlocal generated
        children = [cell for _, cell in sorted(T3.neighbors[blank]) if cell != back]
        generated += len(children)
        for cell in children:
            board[blank], board[cell] = board[cell], 0
            if g + 1 + pdb.heuristic_value(board, GOAL) <= bound:
                dfs(cell, g + 1, blank)
            board[cell], board[blank] = board[blank], 0

    dfs(board.index(0), 0, -1)
    return bound, generated


def test_an_ordinary_search_runs_the_kernel_it_always_ran():
    """Without count_generated the kernel has no counter of nodes generated: its inner
    function reads and writes nothing more per node than before."""
    from types import CodeType

    for generated, expected in ((False, False), (True, True)):
        factory = kernel._kernel(2, (1, 1), generated)
        dfs = next(c for c in factory.__code__.co_consts if isinstance(c, CodeType) and c.co_name == "dfs")
        assert ("generated" in dfs.co_freevars) is expected
