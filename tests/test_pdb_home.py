"""Pattern databases whose search starts with the blank at its home (``blank_home``).

A pattern at home may enclose free cells (5x5-6a encloses cell 0, where the goal puts
the blank).  Started with the blank on any free cell, the search counts goals the real one
never is; started with the blank where the goal puts it, the table is stronger and still
admissible.
"""

from __future__ import annotations

import pytest
from support import bfs

from npuzzle import Topology
from npuzzle.pdb import files, shapes, store
from npuzzle.pdb.build import build_numpy, build_python, build_regions, home_blanks

T3 = Topology(3, 3)


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


@pytest.mark.parametrize(
    "topology, groups",
    [
        (T3, [(1, 3), (2, 4, 5), (6, 7, 8)]),
        (T3, [(1, 3, 4), (2, 5, 8), (6, 7)]),
        (Topology(3, 2), [(1, 3), (2, 4, 5)]),
        (Topology(4, 2), [(1, 4), (2, 3, 5), (6, 7)]),
    ],
)
def test_the_additive_heuristic_with_the_blank_at_home_stays_admissible(topology, groups):
    # the goal puts tile c on cell c and the blank on 0; the first group encloses cell 0.
    # On every board the sum of the groups' tables, the first built with the blank at
    # home, is at most the true distance and at least what it was
    goal = tuple(range(topology.size))
    truth = bfs(goal, topology)
    home = [build_python(topology, groups[0], blank_home=0)] + [build_python(topology, g) for g in groups[1:]]
    before = [build_python(topology, g) for g in groups]

    def h(tables, board):
        where = {t: c for c, t in enumerate(board)}
        return sum(t[sum(where[c] << 4 * i for i, c in enumerate(g))] for t, g in zip(tables, groups))

    raised = 0
    for board, distance in truth.items():
        new, old = h(home, board), h(before, board)
        assert old <= new <= distance, board
        raised += new > old
    assert raised > 0


def test_every_use_of_5x5_6a_puts_its_blank_home_on_the_goals_blank():
    # the table is admissible only where cell 0 of 5x5-6a maps onto the goal's blank
    assert shapes.BLANK_HOME == {"5x5-6a": 0}
    for blank in (0, 4, 20, 24):
        for partition in shapes._six_partitions(blank):
            for name, _, inverse in partition:
                if name in shapes.BLANK_HOME:
                    assert inverse[blank] == shapes.BLANK_HOME[name]


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
