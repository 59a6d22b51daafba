"""Korf's order (npuzzle.pdb.kernel.korf_order): the 24-puzzle's default, chosen by
measurement (docs/benchmarks-record.md, "The 24-puzzle optimally"), and the split passes
in it: their subtrees listed and handed out in the order of his depth-first search (the
blank's moves up, left, right, down), so a pool of one finds his search's solution."""

from __future__ import annotations

import pytest
from support import korf24, korf100

from npuzzle import Problem, Topology, api, pdb
from npuzzle.pdb import kernel, parallel
from npuzzle.pdb.frontier import memo

T5 = Topology(5, 5)


def test_korfs_order_is_the_default_on_the_24_puzzle_only(monkeypatch):
    monkeypatch.delenv("NPUZZLE_ORDER", raising=False)
    five = Problem(tuple(range(1, 25)) + (0,), tuple(range(25)), T5)
    wrapped = Problem(five.start, five.goal, Topology(5, 5, wrap_rows=(2,)))
    four = Problem(tuple(range(1, 16)) + (0,), tuple(range(16)), Topology(4, 4))
    assert [kernel.korf_order(p) for p in (five, wrapped, four)] == [True, False, False]
    monkeypatch.setenv("NPUZZLE_ORDER", "ordered")
    assert [kernel.korf_order(p) for p in (five, wrapped, four)] == [False, False, False]
    monkeypatch.setenv("NPUZZLE_ORDER", "korf")
    assert [kernel.korf_order(p) for p in (five, wrapped, four)] == [True, True, True]


def depth_first(problem: Problem, depth: int, order: str) -> list[list[int]]:
    """The blank's cells of every node `depth` moves down, never undoing a move, in the
    order a recursive search trying the blank's moves in `order` meets them."""
    step = {"U": 0, "D": 1, "L": 2, "R": 3}
    found: list[list[int]] = []

    def walk(cells: list[int], back: int) -> None:
        if len(cells) > depth:
            found.append(cells)
            return
        moves = dict(problem.topology.neighbors[cells[-1]])
        for d in order:
            cell = moves.get(step[d])
            if cell is not None and cell != back:
                walk(cells + [cell], cells[-1])

    walk([problem.start.index(0)], -1)
    return found


def test_the_pages_subtrees_come_in_korfs_order_on_the_24_puzzle(monkeypatch):
    monkeypatch.delenv("NPUZZLE_ORDER", raising=False)
    five = Problem(tuple(korf24()[0][0]), tuple(range(25)), T5)
    assert pdb.prepare(five.goal, T5)  # the ordered list is sorted by the databases' h
    cells = [c for _, _, c in parallel.split_jobs(five)]
    assert cells == depth_first(five, parallel.SPLIT_DEPTH, "ULRD")
    deeper = parallel.split_frontier(five, 1 << 30, 7, memo(five.goal))[0]  # the CPython split's list
    assert [c for _, _, c in deeper] == depth_first(five, 7, "ULRD")
    monkeypatch.setenv("NPUZZLE_ORDER", "ordered")  # lowest h first: another order
    ordered = [c for _, _, c in parallel.split_jobs(five)]
    assert sorted(ordered) == sorted(cells) and ordered != cells


@pytest.mark.cluster
def test_split_passes_over_one_worker_find_korfs_solution_move_for_move(monkeypatch):
    """Each pass's subtrees handed out in his order to a pool of one: the first solution
    found is the one-process search's in his order (tests/test_kernel_count.py: his
    depth-first search's), on each board; in the ordered passes (the subtrees most
    visited first) it is another on Korf's #55."""
    goal, t4 = tuple(range(16)), Topology(4, 4)
    assert pdb.prepare(goal, t4)
    same = []
    for number in (12, 55, 79):  # 45, 41 and 42 moves
        board, optimum = korf100()[number - 1]
        problem = Problem(board, goal, t4)
        monkeypatch.setenv("NPUZZLE_ORDER", "korf")
        his = pdb.idastar(problem)
        first = pdb.heuristic_value(board, goal)
        first += (first ^ kernel.solution_parity(problem)) & 1
        for order in ("korf", "ordered"):
            monkeypatch.setenv("NPUZZLE_ORDER", order)
            r = parallel.split_search(problem, 1, {"bound": first, "nodes": 0, "seconds": 0.0})
            assert r.optimal and r.length == his.length == optimum
            same.append((order, r.moves == his.moves))
    assert same == [(o, o == "korf" or n != 55) for n in (12, 55, 79) for o in ("korf", "ordered")]


def test_split_start_tells_the_pages_pool_to_keep_korfs_order_on_the_24_puzzle(monkeypatch):
    monkeypatch.delenv("NPUZZLE_ORDER", raising=False)
    goal4, goal5 = tuple(range(16)), tuple(range(25))
    assert pdb.prepare(goal4, Topology(4, 4)) and pdb.prepare(goal5, T5)
    five = ["5x5:" + ",".join(map(str, b)) for b in (korf24()[0][0], goal5)]
    four = ["4x4:" + ",".join(map(str, b)) for b in (korf100()[2][0], goal4)]  # 59 moves: split

    def reorder() -> list[bool]:
        return [api.split_start(*board, strategy="optimal")["split"]["reorder"] for board in (five, four)]

    assert reorder() == [False, True]
    monkeypatch.setenv("NPUZZLE_ORDER", "ordered")
    assert reorder() == [True, True]
    monkeypatch.setenv("NPUZZLE_ORDER", "korf")
    assert reorder() == [False, False]
