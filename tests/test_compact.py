"""Compact pattern-database tables (npuzzle.pdb.compact): the rank of a placement and its
inverse, the conversion from a dense table, the files, and the kernel reading them: the
same nodes and answers as the dense tables."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from support import korf100, require_built

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.pdb import compact, kernel, lookups, store
from npuzzle.pdb.build import build_python
from npuzzle.pdb.shapes import partitions
from npuzzle.rules.board import default_goal
from npuzzle.rules.notation import parse_problem

T3 = Topology(3, 3)
T4 = Topology(4, 4)
BLANK_FIRST = tuple(range(16))


def test_ranks_number_every_placement_in_the_dense_order():
    # the dense index's order: tile k-1's cell most significant, tile 0's least; so the
    # placements listed that way (itertools gives (tile 2, tile 1, tile 0)) are ranks 0, 1, 2, ...
    for r, reversed_cells in enumerate(permutations(range(9), 3)):
        cells = reversed_cells[::-1]
        assert compact.rank(cells, 9) == r
        assert compact.unrank(r, 9, 3) == cells
    assert r + 1 == compact.placements(9, 3) == 504
    # tile 2 on cell 1 (digit 1, weight 8 * 7), tile 1 on 0 (digit 0), tile 0 on 2 (both below it: digit 0)
    assert compact.rank((2, 0, 1), 9) == 56


def test_ranks_of_eight_tiles_on_sixteen_cells_go_and_come_back():
    rng = random.Random(41)
    total = compact.placements(16, 8)
    assert total == 518_918_400
    assert compact.weights(16, 8) == [1, 9, 90, 990, 11_880, 154_440, 2_162_160, 32_432_400]
    # each tile on its largest digit: tile i on cell 8 + i, no later tile below it
    assert (
        compact.rank(tuple(range(8, 16)), 16)
        == sum((8 + i) * w for i, w in enumerate(compact.weights(16, 8)))
        == total - 1
    )
    assert compact.unrank(0, 16, 8) == (7, 6, 5, 4, 3, 2, 1, 0)
    assert compact.unrank(total - 1, 16, 8) == (8, 9, 10, 11, 12, 13, 14, 15)
    for _ in range(20_000):
        cells = tuple(rng.sample(range(16), 8))
        assert compact.unrank(compact.rank(cells, 16), 16, 8) == cells
        r = rng.randrange(total)
        assert compact.rank(compact.unrank(r, 16, 8), 16) == r


def test_a_placement_that_is_not_one_is_named():
    with pytest.raises(ValueError, match=r"^not a placement of 3 tiles on 9 cells: \(1, 1, 2\)$"):
        compact.rank((1, 1, 2), 9)
    with pytest.raises(ValueError, match=r"^not a placement of 2 tiles on 9 cells: \(0, 9\)$"):
        compact.rank((0, 9), 9)
    with pytest.raises(ValueError, match=r"^rank 504 is not below P\(9, 3\) = 504$"):
        compact.unrank(504, 9, 3)
    with pytest.raises(ValueError, match=r"^a dense table of 3 tiles on 9 cells has 4,096 entries, not 10$"):
        compact.to_compact(bytes(10), 9, 3)


@pytest.mark.parametrize(("n", "k"), [(9, 1), (9, 2), (9, 3), (9, 4), (16, 4), (12, 5)])
def test_the_compact_table_holds_the_dense_entry_of_every_placement(n, k):
    rng = random.Random(n * 100 + k)
    dense = bytes(rng.randrange(256) for _ in range(1 << 4 * k))
    table = compact.to_compact(dense, n, k)
    assert len(table) == compact.placements(n, k)
    for r, reversed_cells in enumerate(permutations(range(n), k)):
        index = compact.dense_index(reversed_cells[::-1], n)
        assert table.values[r] == dense[index] == table[index]
        assert table.rank_of(index) == r


def test_a_real_table_converted_keeps_its_values():
    cells = (0, 1, 3, 4)
    dense = build_python(T3, cells)
    table = compact.to_compact(dense, 9, 4)
    assert sorted(set(table.values)) == sorted({dense[compact.dense_index(p, 9)] for p in permutations(range(9), 4)})
    assert table[compact.dense_index(cells, 9)] == 0  # the pattern at home


def test_a_compact_file_is_read_back_and_a_damaged_one_named(tmp_path, monkeypatch):
    dense = bytearray(1 << 24)  # corner6's shape: 6 tiles on 16 cells
    dense[compact.dense_index((15, 14, 13, 12, 11, 10), 16)] = 7
    table = compact.to_compact(bytes(dense), 16, 6)
    assert sum(table.values) == 7 and table.values[compact.rank((15, 14, 13, 12, 11, 10), 16)] == 7
    path = tmp_path / "x.compact"
    compact.write(path, "corner6", table)
    data = path.read_bytes()
    assert compact.is_compact(data) and not compact.is_compact(b"npuzzle-pdb 1 corner6")
    name, back = compact.read(data)
    assert name == "corner6" and bytes(back.values) == bytes(table.values)
    monkeypatch.setattr(store, "_tables", {})  # the page's way in: register a file's bytes
    assert store.register(data) == "corner6" and isinstance(store.table("corner6"), compact.Compact)
    damaged = bytearray(data)
    damaged[-1] ^= 1
    with pytest.raises(ValueError, match=r"^compact pattern database 'corner6' is damaged$"):
        compact.read(damaged)
    with pytest.raises(ValueError, match=r"^compact pattern database 'corner6' is damaged$"):
        compact.read(data[:-1])
    compact.write(path, "half7h", table)  # six tiles: not half7h's seven
    with pytest.raises(ValueError, match=r"^unknown pattern database 'half7h'$"):
        compact.read(path.read_bytes())
    with pytest.raises(ValueError, match=r"^not an npuzzle compact pattern database$"):
        compact.read(b"hello")


@pytest.fixture
def compact_3x3(monkeypatch):
    """The 3x3's two 4-4 partitions' tables in compact form, in the registry."""
    goal = default_goal(3, 3)
    keys = {key for groups in partitions(goal) for key, _, _ in groups}
    dense = {key: store.table(key) for key in keys}
    for key in keys:
        monkeypatch.setitem(store._tables, key, compact.to_compact(dense[key], 9, len(key[2])))
    return dense


BOARDS_3X3 = ["3x3:8,6,7,2,5,4,3,0,1", "3x3:6,4,7,8,5,0,3,2,1", "3x3:0,8,7,6,5,4,3,2,1", "3x3:1,2,3,4,5,6,0,7,8"]


def test_the_compact_kernel_searches_the_nodes_the_dense_one_does_on_the_3x3(compact_3x3):
    problems = [parse_problem(b) for b in BOARDS_3X3]
    got = [(r.moves, r.nodes) for r in map(pdb.idastar, problems)]
    weighted = [kernel.weighted_pass(p, (3, 2), None, None, None)[0].moves for p in problems]
    assert any(key[-1] for key in kernel._kernels if len(key) == 4)  # the compact kernel was compiled
    for key, table in compact_3x3.items():
        store._tables[key] = table
    assert [(r.moves, r.nodes) for r in map(pdb.idastar, problems)] == got
    assert [kernel.weighted_pass(p, (3, 2), None, None, None)[0].moves for p in problems] == weighted
    assert [len(m) for m, _ in got] == [31, 31, 28, 2]
    assert [n for _, n in got] == [761, 768, 56, 2]


def test_the_other_kernels_read_compact_tables_by_the_dense_index(compact_3x3):
    # the counting kernel and the dual's and BPMX's read table[index]: Compact.__getitem__
    problem = parse_problem(BOARDS_3X3[0])
    counted = kernel.count_paths(problem, 31, keep=2)
    lookups.use_lookups(dual=True, bpmx=True)
    try:
        both = pdb.idastar(problem)
        for key, table in compact_3x3.items():
            store._tables[key] = table
        assert (both.moves, both.nodes) == ((r := pdb.idastar(problem)).moves, r.nodes)
    finally:
        lookups.use_lookups()
    assert kernel.count_paths(problem, 31, keep=2) == counted
    assert counted[0] > 0 and both.length == 31


def test_the_compact_kernel_searches_the_nodes_the_dense_one_does_with_6_6_3(monkeypatch):
    assert pdb.prepare(BLANK_FIRST, T4)
    dense = store.table("corner6")
    boards = [korf100()[i] for i in (0, 3, 5)]
    got = [(r.moves, r.nodes) for r in (pdb.idastar(Problem(b, BLANK_FIRST, T4)) for b, _ in boards)]
    monkeypatch.setitem(store._tables, "corner6", compact.to_compact(dense, 16, 6))
    for (board, optimal), (moves, nodes) in zip(boards, got):
        r = pdb.idastar(Problem(board, BLANK_FIRST, T4))
        assert (r.moves, r.nodes) == (moves, nodes)
        assert (r.length, r.optimal) == (optimal, True)
        assert apply_moves(board, r.moves, T4) == BLANK_FIRST


@pytest.mark.slow
def test_compact_7_8_searches_the_nodes_dense_7_8_does(monkeypatch):
    require_built("half7h")
    monkeypatch.setenv("NPUZZLE_DATABASES", "half7h")
    assert pdb.prepare(BLANK_FIRST, T4, build=False)
    names = ("half7h", "half8")
    boards = [korf100()[i] for i in (0, 2, 87)]
    try:
        dense = [pdb.idastar(Problem(b, BLANK_FIRST, T4)) for b, _ in boards]
        store.use_compact(names)
        assert all(isinstance(store.table(name), compact.Compact) for name in names)
        for (board, optimal), before in zip(boards, dense):
            r = pdb.idastar(Problem(board, BLANK_FIRST, T4))
            assert (r.moves, r.nodes, r.length) == (before.moves, before.nodes, optimal)
    finally:
        store.use_dense(names)
