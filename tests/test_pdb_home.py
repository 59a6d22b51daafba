"""Pattern databases whose search starts with the blank at its home (``blank_home``).

A pattern at home may enclose free cells (5x5-6a encloses cell 0, where the goal puts
the blank; so does half7, whose table built that way is half7h).  Started with the blank on
any free cell, the search counts goals the real one never is; started with the blank where
the goal puts it, the table is stronger and still admissible.
"""

from __future__ import annotations

import pytest
from support import bfs, korf100, require_built

from npuzzle import Problem, Topology, apply_moves, pdb
from npuzzle.pdb import files, shapes, store
from npuzzle.pdb.build import build_numpy, build_python, build_regions, home_blanks
from npuzzle.rules.random_board import random_board

T3 = Topology(3, 3)
T4 = Topology(4, 4)
BLANK_FIRST = tuple(range(16))
DEFAULT = tuple(range(1, 16)) + (0,)


@pytest.mark.parametrize(
    "topology, cells, blank_home, enclosed",
    [
        (T3, (1, 3), 0, [0]),  # the corner cut off by its two neighbours
        (Topology(3, 2), (1, 3), 0, [0]),
        (Topology(4, 3), (2, 4, 5), 0, [0, 1]),  # two cells cut off
        (Topology(4, 3), (2, 4, 5), 11, [3, 6, 7, 8, 9, 10, 11]),  # the rest of the board
        (Topology(5, 4), (1, 5, 6), 0, [0]),
        (Topology(5, 5), (1, 5, 12), 0, [0]),  # over 16 cells: regions by flood fill
        (Topology(5, 5), (2, 6, 10), 0, [0, 1, 5]),
        (Topology(5, 5), (2, 6, 10), 24, [3, 4, 7, 8, 9] + list(range(11, 25))),
    ],
)
def test_the_three_builders_agree_with_the_blank_at_home(topology, cells, blank_home, enclosed):
    assert home_blanks(topology, cells, blank_home) == enclosed
    table = build_python(topology, cells, blank_home=blank_home)
    assert build_numpy(topology, cells, blank_home=blank_home) == table
    assert build_regions(topology, cells, chunk=97, blank_home=blank_home).tobytes() == table
    anywhere = build_python(topology, cells)
    assert all(a <= b for a, b in zip(anywhere, table))  # never weaker
    if len(enclosed) + len(cells) == topology.size:  # the home leaves one free region: no change
        assert table == anywhere
    else:
        assert table != anywhere


@pytest.mark.parametrize("topology, cells", [(T3, (1, 2)), (Topology(4, 3), (0, 1, 6)), (Topology(5, 4), (7, 8))])
def test_a_home_that_encloses_nothing_gives_todays_table(topology, cells):
    free = [c for c in range(topology.size) if c not in cells]
    for blank_home in (free[0], free[-1]):
        assert home_blanks(topology, cells, blank_home) == free
        assert build_python(topology, cells, blank_home=blank_home) == build_python(topology, cells)
        assert build_regions(topology, cells, blank_home=blank_home).tobytes() == build_numpy(topology, cells)


def test_the_blank_in_the_corner_costs_two_more_moves_of_the_pattern():
    # tiles 1 and 3 home but tile 3 on cell 4: one move of it, with the blank ending on
    # cell 2 or below; the goal's blank is on cell 0, behind tiles 1 and 3: two more
    anywhere, home = build_python(T3, (1, 3)), build_python(T3, (1, 3), blank_home=0)
    assert (anywhere[1 | 4 << 4], home[1 | 4 << 4]) == (1, 3)
    assert (anywhere[1 | 3 << 4], home[1 | 3 << 4]) == (0, 0)  # at home
    assert (sum(anywhere), sum(home)) == (244, 306)


def test_the_blank_home_must_be_a_free_cell():
    with pytest.raises(ValueError, match="must be a free cell"):
        build_python(T3, (1, 3), blank_home=1)
    with pytest.raises(ValueError, match="must be a free cell"):
        build_regions(T3, (1, 3), blank_home=9)


def test_every_use_of_5x5_6a_puts_its_blank_home_on_the_goals_blank():
    # the table is admissible only where cell 0 of 5x5-6a maps onto the goal's blank
    assert shapes.BLANK_HOME == {"5x5-6a": 0, "half7h": 0}
    for blank in (0, 4, 20, 24):
        for partition in shapes._six_partitions(blank):
            for name, _, inverse in partition:
                if name in shapes.BLANK_HOME:
                    assert inverse[blank] == shapes.BLANK_HOME[name]


def _walls(topology: Topology, cells, blank: int) -> bool:
    """Whether the group's tiles at home keep the goal's blank from some free cell."""
    return home_blanks(topology, cells, blank) != [c for c in range(topology.size) if c not in cells]


def test_of_the_4x4s_tables_only_half7s_wall_in_the_blank_and_half7h_is_read_only_there():
    # every partition of every level, for the goal's blank on each of the 16 cells: the only
    # groups whose tiles at home wall the blank in (or out of a corner) are images of half7.
    # In 7-8 the corner they wall in is the goal's blank, and 7-8 reads half7h, built with
    # the blank there; 7-7-1's second image walls in the last tile's corner instead, where
    # half7h would overstate, so 7-7-1 keeps half7.  6-6-3's groups (corner6, ring6, the
    # small patterns) and half8 wall in nothing: built with the blank home, the same tables.
    walls = set()
    for level in shapes.STRONG_LEVELS:
        shapes.use_strong(level)
        try:
            for blank in range(16):
                goal = tuple(range(1, 16))
                goal = goal[:blank] + (0,) + goal[blank:]
                for partition in shapes.partitions(goal):
                    for key, cells, inverse in partition:
                        if key in shapes.BLANK_HOME:
                            assert inverse[blank] == shapes.BLANK_HOME[key] and _walls(T4, cells, blank)
                        if _walls(T4, cells, blank):
                            walls.add((level, key, inverse[blank] == 0))
        finally:
            shapes.use_strong("")
    # (level, table, whether the walled-in cell is the goal's blank)
    assert walls == {
        ("half7", "half7", True),
        ("half7", "half7", False),
        ("half8", "half7", True),
        ("half7h", "half7h", True),
    }
    assert home_blanks(T4, shapes.STRONG_SHAPES["half7"][1], 0) == [0]
    assert not _walls(T4, shapes.STRONG_SHAPES["half8"][1], 0)  # half8 was not built again


@pytest.mark.parametrize(
    "topology, partitions",
    [
        (T3, [[(1, 3), (2, 4, 5), (6, 7, 8)]]),
        (T3, [[(1, 3, 4), (2, 5, 8), (6, 7)]]),
        (Topology(3, 2), [[(1, 3), (2, 4, 5)]]),
        (Topology(4, 2), [[(1, 4), (2, 3, 5), (6, 7)]]),
        # 7-8's shape on the 3x3: two rows but the blank's corner, and the row left (5-3),
        # with its mirror image about the diagonal, as the 4x4's is looked up
        (T3, [[(1, 2, 3, 4, 5), (6, 7, 8)], [(3, 6, 1, 4, 7), (2, 5, 8)]]),
        (Topology(2, 4), [[(1, 2, 3), (4, 5, 6, 7)]]),  # two rows of two but the corner: 3-4
        (Topology(4, 2), [[(1, 4, 5), (2, 3, 6, 7)]]),  # two columns but the corner: 3-4
    ],
)
def test_the_additive_heuristic_with_the_blank_at_home_stays_admissible(topology, partitions):
    # the goal puts tile c on cell c and the blank on 0; the first group of each partition
    # walls in cell 0 and is built with the blank there.  On every board the maximum over
    # the partitions of their sums is at most the true distance and at least what it was
    # with every table built with the blank anywhere
    goal = tuple(range(topology.size))
    truth = bfs(goal, topology)
    assert all(home_blanks(topology, groups[0], 0) == [0] for groups in partitions)
    home = [[build_python(topology, g, blank_home=0 if i == 0 else None) for i, g in enumerate(p)] for p in partitions]
    before = [[build_python(topology, g) for g in p] for p in partitions]

    def h(tables, board):
        where = {t: c for c, t in enumerate(board)}
        return max(
            sum(t[sum(where[c] << 4 * i for i, c in enumerate(g))] for t, g in zip(part, groups))
            for part, groups in zip(tables, partitions)
        )

    raised = 0
    for board, distance in truth.items():
        new, old = h(home, board), h(before, board)
        assert old <= new <= distance, board
        raised += new > old
    assert raised > 0


def _on_the_path(board, moves: str):
    """Each board on a solution's path with its distance to the goal (the solution optimal)."""
    for i, move in enumerate(moves):
        yield board, len(moves) - i
        board = apply_moves(board, move, T4)
    yield board, 0


def test_a_4x4_group_walling_in_the_blank_stays_admissible_on_random_boards():
    # on the real board, with tables of a few tiles: (1, 4, 5) walls in the blank's corner
    # like half7; every board on an optimal path (6-6-3's IDA*, at the published optimum)
    # of Korf's quickest random boards, against its true distance
    groups = [(1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15)]
    home = [build_numpy(T4, g, blank_home=0 if i == 0 else None) for i, g in enumerate(groups)]
    before = [build_numpy(T4, g) for g in groups]

    def h(tables, board):
        where = {t: c for c, t in enumerate(board)}
        return sum(t[sum(where[c] << 4 * i for i, c in enumerate(g))] for t, g in zip(tables, groups))

    assert pdb.prepare(BLANK_FIRST, T4)  # 6-6-3 (conftest: NPUZZLE_DATABASES=standard)
    raised = boards = 0
    for number in (1, 3, 4, 5, 7, 8):
        start, optimum = korf100()[number - 1]
        r = pdb.idastar(Problem(start, BLANK_FIRST, T4))
        assert r.length == optimum
        for board, distance in _on_the_path(start, r.moves):
            new, old = h(home, board), h(before, board)
            assert old <= new <= distance, board
            raised += new > old
            boards += 1
    assert boards == sum(korf100()[n - 1][1] + 1 for n in (1, 3, 4, 5, 7, 8)) and raised > 0


@pytest.mark.slow
def test_half7h_is_never_below_half7_and_7_8_with_it_stays_admissible_on_random_boards(monkeypatch):
    # the real tables, when built: half7h at least half7 at every placement; and on Korf's
    # 100 and twenty boards drawn for the goal 1..15,0, every board on an optimal path (7-8
    # with half7, at the published optimum where there is one) has 7-8's h with half7h at
    # least with half7 and at most its true distance
    import numpy as np

    require_built("half8", "half7h")
    for level in ("half8", "half7h"):
        monkeypatch.setenv("NPUZZLE_DATABASES", level)
        assert pdb.prepare(BLANK_FIRST, T4) and shapes.strong() == level
    old, new = (np.frombuffer(store.table(name), dtype=np.uint8) for name in ("half7", "half7h"))
    assert (new >= old).all() and (new > old).any()
    boards = [(start, BLANK_FIRST, optimum) for start, optimum in korf100()]
    boards += [(random_board(DEFAULT, T4, seed), DEFAULT, None) for seed in range(20)]
    raised = 0
    try:
        for start, goal, optimum in boards:
            shapes.use_strong("half8")
            r = pdb.idastar(Problem(start, goal, T4))
            assert optimum is None or r.length == optimum
            for board, distance in _on_the_path(start, r.moves):
                shapes.use_strong("half8")
                before = pdb.heuristic_value(board, goal)
                shapes.use_strong("half7h")
                after = pdb.heuristic_value(board, goal)
                assert before <= after <= distance, board
                raised += after > before
    finally:
        shapes.use_strong("")
    assert raised > 0


def test_a_file_says_where_the_blank_started_and_an_older_one_still_loads(tmp_path, monkeypatch, request):
    # a tiny RAW shape stands in for 5x5-6a (1 GiB)
    monkeypatch.setitem(store.ALL_SHAPES, "tiny", (2, (1, 2)))
    monkeypatch.setitem(shapes.BLANK_HOME, "tiny", 0)
    store.RAW.add("tiny")
    request.addfinalizer(lambda: store.RAW.discard("tiny"))
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "_tables", {})
    folder = tmp_path / "pdb"
    folder.mkdir()
    path = folder / "tiny.pdb"
    table = bytes(range(256))
    store.write_raw(path, "tiny", table)
    header = path.read_bytes()[:200].split(b"\n")[0]
    assert header.startswith(b"npuzzle-pdb-raw 1 tiny 2x2 1,2 ") and header.endswith(b" blank=0")
    assert not store.outdated(path) and store.check_file(path) is None
    assert store.not_cached(["tiny"], fresh=True) == []
    # the same file as it was written before: no blank field
    data = path.read_bytes()
    old = header.removesuffix(b" blank=0")
    path.write_bytes((old + b"\n").ljust(1 << 16) + data[1 << 16 :])
    assert store.outdated(path) and store.check_file(path) is None
    store._tables.clear()
    assert store.not_cached(["tiny"]) == [] and store.table("tiny")[:] == table  # it loads and is used
    assert store.not_cached(["tiny"], fresh=True) == ["tiny"]  # and `databases build` makes it again
    # a blank field that is not the shape's is refused
    path.write_bytes(header.replace(b"blank=0", b"blank=3") + data[len(header) :])
    with pytest.raises(ValueError, match="unknown pattern database 'tiny'"):
        files.open_raw(path)
    assert not store.outdated(folder / "absent.pdb") and not store.outdated(folder / "5x5-6b.pdb")


def test_databases_list_says_an_older_5x5_6a_is_weaker(tmp_path, monkeypatch, capsys):
    from npuzzle import cli

    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "check_file", lambda path: None)
    (tmp_path / "pdb").mkdir()
    (tmp_path / "pdb" / "5x5-6a.pdb").write_bytes(b"npuzzle-pdb-raw 1 5x5-6a 5x5 1,2,5,6,7,12 0123\n")
    assert cli.main(["databases", "list"]) == 0
    assert (
        "5x5-6a   5x5, 6 tiles, 1024 MiB in memory, on request: "
        f"{tmp_path / 'pdb' / '5x5-6a.pdb'} (built before the blank's home was kept, weaker: "
        "npuzzle databases build 5x5-6a rebuilds it)\n"
    ) in capsys.readouterr().out
