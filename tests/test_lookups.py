"""Dual lookups and BPMX (npuzzle.pdb.lookups): admissible, the kernel searching exactly
what a plain reference search with the same values searches, and optimal answers."""

from __future__ import annotations

import random

import pytest
from support import bfs, korf100

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.pdb import kernel, lookups
from npuzzle.pdb.shapes import partitions
from npuzzle.result import Clock
from npuzzle.rules.board import default_goal

T3 = Topology(3, 3)
T4 = Topology(4, 4)
BLANK_FIRST = tuple(range(16))
# (dual, bpmx, cut): plain, each, and the pairs measured (bench.py lookups)
VARIANTS = [
    (False, False, False),
    (True, False, False),
    (False, True, False),
    (True, True, False),
    (False, False, True),
    (True, False, True),
]


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    lookups.use_lookups()


@pytest.mark.parametrize("goal", [default_goal(3, 3), tuple(range(9)), (1, 2, 3, 4, 0, 5, 6, 7, 8)])
def test_the_dual_never_overstates_on_the_8_puzzle(goal):
    distance = bfs(goal, T3)
    parts = partitions(goal)
    dual = lookups.Dual(parts, goal, 3)
    label = [goal.index(t) for t in range(9)]
    over = raised = 0
    every = 1 if goal == default_goal(3, 3) else 5  # the other goals: a fifth of the boards
    for board, d in list(distance.items())[::every]:
        v = dual.of(board, label)
        over += v > d
        raised += v > kernel.heuristic_value(board, goal)
    assert over == 0
    if goal == default_goal(3, 3):  # docs/benchmarks-record.md, "Dual lookups"
        assert raised == 11_440
    else:
        assert raised > 0


def test_the_dual_of_a_board_with_the_blank_home_is_the_inverse_permutation():
    goal = default_goal(3, 3)
    board = (4, 1, 3, 7, 2, 6, 5, 8, 0)  # the blank on its goal cell
    # tile t on cell c: the dual has "tile" c on t's goal cell (tiles named by goal cells)
    inverse = [0] * 9
    for cell, t in enumerate(board):
        inverse[goal.index(t)] = goal[cell]
    value = lookups.dual_value(board, goal, partitions(goal), 3)
    assert value == kernel.heuristic_value(tuple(inverse), goal)
    assert value <= bfs(goal, T3)[board]


def _reference(problem: Problem, dual: bool, bpmx: bool, cut: bool) -> tuple[int, int]:
    """(length, nodes) of IDA* from nothing: each child's values computed from its board
    (each partition's sum, the dual's), in the kernel's move order and bounds, a pruned
    child's value for BPMX taken as far as the kernel takes it."""
    goal, nb = problem.goal, problem.topology.neighbors
    parts = partitions(goal)
    width = problem.topology.width

    def values(board):
        return [kernel.Partition(g, goal, board).value() for g in parts]

    def slack(board, r):  # the kernel's: partitions in turn while the child stands, then the dual
        x = None
        for h in values(board):
            x = r - h if x is None else min(x, r - h)
            if x < 0:
                return x
        if dual:
            x = min(x, r - lookups.dual_value(board, goal, parts, width))
        return x

    found = 1 << 40
    nodes = best = 0

    def dfs(board, blank, r, kb, back):
        nonlocal nodes, best
        nodes += 1
        s = min([r - h for h in values(board)] + [kb])
        r -= 1
        kids = []
        for _, cell in sorted(nb[blank]):
            if cell == back:
                continue
            child = list(board)
            child[blank], child[cell] = child[cell], 0
            kids.append((cell, tuple(child), slack(tuple(child), r)))
            if bpmx:
                s = min(s, kids[-1][2] + 2)
        if s < 0:
            best = max(best, s)
            return s
        for cell, child, x in kids:
            x = min(x, s) if bpmx else x
            if x < 0:
                if cut and x < -2:  # the parent's h raised past the bound: its other children go
                    best = max(best, x + 2)
                    return 0
                best = max(best, x)
                continue
            if not r:
                return found
            y = dfs(child, cell, r, x, blank)
            if y == found:
                return found
            if bpmx and y + 2 < s:
                s = y + 2
                if s < 0:
                    best = max(best, s)
                    return s
        return s if bpmx else 0

    parity = kernel.solution_parity(problem)
    bound = max(values(problem.start))
    bound += (bound ^ parity) & 1
    while True:
        best = -(1 << 30)
        if dfs(problem.start, problem.start.index(0), bound, 1 << 30, None) == found:
            return bound, nodes
        bound -= best
        bound += (bound ^ parity) & 1


@pytest.mark.parametrize("dual, bpmx, cut", VARIANTS)
def test_the_kernel_searches_what_the_reference_searches(dual, bpmx, cut):
    goal = default_goal(3, 3)
    distance = bfs(goal, T3)
    rng = random.Random(41)
    for board in rng.sample(sorted(distance), 40):
        problem = Problem(board, goal, T3)
        if board == goal:
            continue
        lookups.use_lookups(dual, bpmx, cut)
        run, stats, _, hs, _, _ = kernel.search_state(problem, Clock("pdb", None, None))
        parity = kernel.solution_parity(problem)
        first = max(hs) + ((max(hs) ^ parity) & 1)
        assert run(hs, board.index(0), first, parity)
        bound, nodes = stats()
        assert (bound, nodes) == _reference(problem, dual, bpmx, cut), board
        assert bound == distance[board]


@pytest.mark.parametrize("goal", [default_goal(3, 3), tuple(range(9))])
def test_every_variant_is_optimal_on_the_8_puzzle(goal):
    distance = bfs(goal, T3)
    rng = random.Random(7)
    nodes = {}
    boards = rng.sample(sorted(distance), 150)
    for variant in VARIANTS:
        lookups.use_lookups(*variant)
        nodes[variant] = 0
        for board in boards:
            r = pdb.idastar(Problem(board, goal, T3))
            assert (r.length, r.optimal) == (distance[board], True)
            assert apply_moves(board, r.moves, T3) == goal
            nodes[variant] += r.nodes
    plain, dual, bpmx, both, cut, dual_cut = (nodes[v] for v in VARIANTS)
    assert dual < plain and both < bpmx and dual_cut < cut


@pytest.fixture(scope="module")
def databases():
    assert pdb.prepare(BLANK_FIRST, T4)


@pytest.mark.parametrize("variant", VARIANTS[1:])
def test_korf_boards_stay_optimal_with_fewer_nodes(databases, variant):
    # 6-6-3 and its reflection (the tests' databases); the 7-8 figures: bench.py lookups
    nodes = [0, 0]
    for index in (0, 3, 5, 7):
        board, optimal = korf100()[index]
        for k, chosen in enumerate([VARIANTS[0], variant]):
            lookups.use_lookups(*chosen)
            r = pdb.idastar(Problem(board, BLANK_FIRST, T4))
            assert (r.length, r.optimal) == (optimal, True)
            assert apply_moves(board, r.moves, T4) == BLANK_FIRST
            nodes[k] += r.nodes
    assert nodes[1] < nodes[0]


def test_the_setting_is_read_from_the_environment(monkeypatch):
    lookups.use_lookups()
    lookups._chosen[0] = None
    for value, expected in [
        ("dual", VARIANTS[1]),
        ("bpmx", VARIANTS[2]),
        ("dual, bpmx", VARIANTS[3]),
        ("cut", VARIANTS[4]),
    ]:
        monkeypatch.setenv("NPUZZLE_LOOKUPS", value)
        assert lookups.lookups() == expected
    monkeypatch.delenv("NPUZZLE_LOOKUPS")
    assert lookups.lookups() == VARIANTS[0]


def test_a_lookups_setting_that_is_not_one_is_refused(monkeypatch, capsys):
    from npuzzle import cli

    monkeypatch.setenv("NPUZZLE_LOOKUPS", "dual,cut,bpmx")
    assert cli.main(["solve", "3x3:1,2,3,4,5,6,7,0,8"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == (
        "npuzzle: error: NPUZZLE_LOOKUPS=dual,cut,bpmx is not a setting: use dual, bpmx, dual,bpmx, cut or "
        "dual,cut (look-ups the optimal search adds, docs/solver.md), or leave it unset\n"
    )


def test_the_command_line_answers_the_same_with_the_lookups(monkeypatch, capsys):
    from npuzzle import cli

    for setting in ("", "dual,bpmx", "dual,cut"):
        monkeypatch.setenv("NPUZZLE_LOOKUPS", setting)
        assert cli.main(["solve", "3x3:8,6,7,2,5,4,3,0,1", "--json"]) == 0
        assert '"length": 31' in capsys.readouterr().out
