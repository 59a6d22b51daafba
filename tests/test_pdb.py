"""Pattern databases: tables against breadth-first search, admissibility, optimal solutions.

The six-tile databases come from the cache directory ($NPUZZLE_CACHE or ~/.cache/npuzzle)
and are built there on first use (about 12 s each with numpy).
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from support import bfs, korf24, korf100, require_built, seed_cases, seed_problem

from npuzzle import Problem, Topology, apply_moves, pdb, solve
from npuzzle.pdb import parallel, store
from npuzzle.pdb.build import build_numpy, build_python, build_regions
from npuzzle.pdb.kernel import directions, search_state
from npuzzle.result import Clock
from npuzzle.rules.random_board import scramble
from npuzzle.search.optimal import WeightedSearch

T4 = Topology(4, 4)
BLANK_FIRST = tuple(range(16))
DEFAULT = tuple(range(1, 16)) + (0,)
EASY_KORF = (1, 3, 4, 5, 7, 8)  # the quickest of Korf's 100 (each under 0.3 M nodes)


@pytest.fixture(scope="session")
def databases():
    """Both six-tile databases, loaded from the cache directory or built there once."""
    for goal in (BLANK_FIRST, _centre_goal()):
        assert pdb.prepare(goal, T4)


def _centre_goal():
    """A goal with the blank on a centre cell (cell 5): the one that needs ring6."""
    return (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)


def _relabel(board, goal, new_goal):
    """The board whose tiles are renamed so that goal becomes new_goal (same distance)."""
    rename = {g: n for g, n in zip(goal, new_goal)}
    return tuple(rename[t] for t in board)


def _transform(board, sym):
    out = [0] * len(board)
    for cell, t in enumerate(board):
        out[sym[cell]] = t
    return tuple(out)


def _pattern_bfs(topology, cells):
    """Ground truth for a pattern holding every tile: the plain BFS distance of each board."""
    n = topology.size
    goal = [0] * n
    for i, c in enumerate(cells):
        goal[c] = i + 1
    return bfs(tuple(goal), topology)


@pytest.mark.parametrize(
    "topology, cells",
    [(Topology(3, 2), (0, 1, 2, 3, 4)), (Topology(2, 3), (5, 4, 3, 2, 1)), (Topology(2, 2), (3, 0, 1))],
)
def test_full_pattern_equals_bfs(topology, cells):
    # With every tile in the pattern every move costs 1 and the blank's cell is forced,
    # so each entry must equal the breadth-first distance of that board.
    table = build_python(topology, cells)
    truth = _pattern_bfs(topology, cells)
    assert len(truth) == len(set(truth))
    for board, d in truth.items():
        index = sum(board.index(i + 1) << 4 * i for i in range(len(cells)))
        assert table[index] == d


@pytest.mark.parametrize("topology, cells, bits", [(T4, (1, 2, 3), 4), (Topology(5, 5), (0, 7, 24), 5)])
def test_small_pattern_against_reference_search(topology, cells, bits):
    # A 3-tile pattern on 4x4 (cells in 4 bits) and on 5x5 (5 bits) against a plain
    # Dijkstra over (placement, blank) written separately here, and the numpy generator
    # against the pure-Python one.
    table = build_python(topology, cells)
    assert build_numpy(topology, cells) == table
    assert len(table) == 1 << bits * len(cells)
    dist = {}
    queue = deque()
    for b in range(topology.size):
        if b not in cells:
            dist[(cells, b)] = 0
            queue.append((cells, b))
    while queue:  # 0-1 BFS with a deque
        state = queue.popleft()
        where, blank = state
        for _, c in topology.neighbors[blank]:
            if c in where:
                i = where.index(c)
                nxt, cost = (where[:i] + (blank,) + where[i + 1 :], c), dist[state] + 1
            else:
                nxt, cost = (where, c), dist[state]
            if cost < dist.get(nxt, 99):
                dist[nxt] = cost
                (queue.appendleft if cost == dist[state] else queue.append)(nxt)
    best = {}
    for (where, _), d in dist.items():
        best[where] = min(d, best.get(where, 99))
    n = topology.size
    assert len(best) == n * (n - 1) * (n - 2)
    for where, d in best.items():
        assert table[sum(p << bits * i for i, p in enumerate(where))] == d


@pytest.mark.parametrize(
    "goal", [BLANK_FIRST, DEFAULT, _centre_goal(), (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15)]
)
def test_partitions_cover_every_goal_cell(goal):
    parts = pdb.partitions(goal)
    assert len(parts) == pdb.MAX_PARTITIONS
    blank = goal.index(0)
    for groups in parts:
        cells = [c for _, group, _ in groups for c in group]
        assert sorted(cells) == sorted(set(range(16)) - {blank})


def test_every_blank_cell_has_two_partitions():
    for blank in range(16):
        goal = [0] * 16
        others = iter(range(1, 16))
        goal = tuple(0 if c == blank else next(others) for c in range(16))
        assert len(pdb.partitions(goal)) == 2, blank


def test_admissible_on_korf100(databases):
    for board, optimal in korf100():
        h = pdb.heuristic_value(board, BLANK_FIRST)
        assert h <= optimal


@pytest.mark.parametrize("goal", [BLANK_FIRST, DEFAULT, _centre_goal()])
def test_admissible_near_the_goal(databases, goal):
    # Every board within 12 moves of the goal, by breadth-first search: h <= distance.
    dist = bfs(goal, T4, depth=12)
    rng = random.Random(4)
    sample = rng.sample(sorted(dist), 3000)
    for board in sample:
        assert pdb.heuristic_value(board, goal) <= dist[board]


def _diagonal_mirrors(side):
    """{blank cell: the mirror of the square about a diagonal through it, as a cell permutation}."""
    main = [c % side * side + c // side for c in range(side * side)]
    anti = [(side - 1 - c % side) * side + side - 1 - c // side for c in range(side * side)]
    found = {c: anti for c in range(side * side) if anti[c] == c}
    found.update((c, main) for c in range(side * side) if main[c] == c)  # the centre: either
    return found


def _mirrored(board, goal, mirror):
    """The board mirrored, its tiles renamed so the goal maps onto itself (same distance)."""
    rename = {goal[c]: goal[mirror[c]] for c in range(len(goal))}
    out = [0] * len(board)
    for c, t in enumerate(board):
        out[mirror[c]] = rename[t]
    return tuple(out)


@pytest.mark.parametrize("side", [4, 5])
def test_second_partition_is_the_reflection_when_the_goal_allows(side):
    # A goal whose blank lies on a diagonal maps onto itself under that mirror (tiles
    # renamed): its second partition is the first one mirrored, the reflected lookup.
    blanks = _diagonal_mirrors(side)
    if side == 5:
        blanks = {c: m for c, m in blanks.items() if c in (0, 4, 20, 24)}  # 5x5 databases: corner blanks
    for blank, mirror in blanks.items():
        goal = tuple(0 if c == blank else c + (c < blank) for c in range(side * side))
        first, second = pdb.partitions(goal)
        assert sorted(sorted(mirror[c] for c in cells) for _, cells, _ in first) == sorted(
            sorted(cells) for _, cells, _ in second
        ), blank


@pytest.mark.parametrize("goal", [BLANK_FIRST, DEFAULT, _centre_goal()])
def test_reflected_lookup_is_the_lookup_of_the_mirrored_board(databases, goal):
    # Korf and Felner's reflected lookup: the same partition looked up on the board mirrored
    # about the diagonal.  The heuristic is the larger of both (so never below one partition)
    # and stays admissible; the kernel's value agrees with a fresh computation.
    mirror = _diagonal_mirrors(4)[goal.index(0)]
    dist = bfs(goal, T4, depth=10)
    rng = random.Random(21)
    boards = rng.sample(sorted(dist), 500) + [scramble(goal, T4, 200, seed=s) for s in range(100)]
    for board in boards:
        direct, reflected = (sum(v for _, v in groups) for groups in pdb.group_values(board, goal))
        assert reflected == sum(v for _, v in pdb.group_values(_mirrored(board, goal, mirror), goal, limit=1)[0])
        h = pdb.heuristic_value(board, goal)
        assert h == max(direct, reflected) >= pdb.heuristic_value(board, goal, limit=1) == direct
        if board in dist:
            assert h <= dist[board]
        hs = search_state(Problem(board, goal, T4), Clock("test", None, None))[3]  # the kernel's start values
        assert hs == [direct, reflected]


def test_reflected_lookup_keeps_the_lengths_and_cuts_the_nodes(databases):
    # The kernel with the reflected lookup against one partition on Korf's quickest boards:
    # the same optimal lengths, fewer nodes in all (0.21 of them on Korf's first 40).
    nodes = {1: 0, 2: 0}
    for index in EASY_KORF:
        board, optimal = korf100()[index]
        for limit in nodes:
            r = pdb.idastar(Problem(board, BLANK_FIRST, T4), limit=limit)
            assert (r.length, r.optimal) == (optimal, True)
            assert apply_moves(board, r.moves, T4) == BLANK_FIRST
            nodes[limit] += r.nodes
    assert nodes[2] < 0.7 * nodes[1]


@pytest.mark.cluster
def test_a_search_told_to_stop_between_passes_stops_there_with_the_next_bound(databases):
    # The split's first try stops at the end of a pass once its time is half gone, so the
    # split searches no pass twice: stopped at once, the search has done exactly its first
    # pass (all the nodes a search bounded by it would see), and its lower bound is the
    # next pass's bound, never above the optimum; the split from there is still optimal.
    board, optimal = korf100()[2]
    problem = Problem(board, BLANK_FIRST, T4)
    stopped = pdb.idastar(problem, stop_between_passes=0.0)
    assert stopped.stopped == "time limit" and not stopped.found
    h = pdb.heuristic_value(board, BLANK_FIRST)
    first = h + ((h ^ optimal) & 1)
    assert first < stopped.lower_bound <= optimal and (stopped.lower_bound - optimal) % 2 == 0
    whole = pdb.idastar(problem)
    assert 0 < stopped.nodes < whole.nodes and (whole.length, whole.lower_bound) == (optimal, optimal)
    split = parallel.idastar_parallel(problem, 2)
    assert (split.length, split.optimal) == (optimal, True)


@pytest.mark.parametrize("index", EASY_KORF)
def test_korf_easy_optimal_both_goals(databases, index):
    board, optimal = korf100()[index]
    r = solve(Problem(board, BLANK_FIRST, T4), heuristic="pdb")
    assert (r.length, r.optimal, r.heuristic, r.notes) == (optimal, True, "pdb", [])
    assert apply_moves(board, r.moves, T4) == BLANK_FIRST
    # The same instance turned by 180 degrees and renamed for the default goal.
    turn = tuple(range(15, -1, -1))
    turned = _relabel(_transform(board, turn), _transform(BLANK_FIRST, turn), DEFAULT)
    r = solve(Problem(turned, DEFAULT, T4), heuristic="pdb")
    assert r.length == optimal
    assert apply_moves(turned, r.moves, T4) == DEFAULT


def test_centre_goal_optimal(databases):
    # Random walks from a goal with the blank in the centre (the ring6 partitions),
    # checked against linear conflict's optimal length.
    goal = _centre_goal()
    rng = random.Random(5)
    for _ in range(3):
        board, blank = list(goal), goal.index(0)
        for _ in range(60):
            _, c = rng.choice(T4.neighbors[blank])
            board[blank], board[c] = board[c], 0
            blank = c
        start = tuple(board)
        r = solve(Problem(start, goal, T4), heuristic="pdb")
        check = solve(Problem(start, goal, T4), heuristic="linear-conflict")
        assert (r.length, r.heuristic) == (check.length, "pdb")
        assert apply_moves(start, r.moves, T4) == goal


def test_seed_cases(databases):
    for case in seed_cases():
        if case["width"] != 4 or case["height"] != 4 or case["optimal"] is None:
            continue
        problem = seed_problem(case)
        r = solve(problem, heuristic="pdb")
        assert r.length == case["optimal"]
        assert apply_moves(problem.start, r.moves, problem.topology) == problem.goal


def test_falls_back_with_a_note():
    from npuzzle import parse_problem

    r = solve(parse_problem("3x2:1,2,3,0,4,5"), heuristic="pdb")
    assert (r.moves, r.heuristic) == ("RR", "linear-conflict")
    assert r.notes and "4x4" in r.notes[0]
    r = solve(Problem((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15), DEFAULT, T4), "astar", "pdb")
    assert (r.moves, r.heuristic) == ("R", "linear-conflict")
    assert "IDA*" in r.notes[0]


def test_files_round_trip_and_damage_is_caught(databases):
    data = pdb.encode("corner6", pdb.table("corner6"))
    assert pdb.decode(data) == ("corner6", pdb.table("corner6"))
    head, _, body = data.partition(b"\n")
    with pytest.raises(ValueError):
        pdb.decode(head.replace(b"corner6", b"ring6", 1) + b"\n" + body)
    with pytest.raises(ValueError):
        pdb.decode(b"hello\n" + body)


@pytest.mark.parametrize(
    "goal",
    [
        (1, 2, 3, 4, 5, 6, 7, 8, 0),
        (1, 2, 3, 4, 0, 5, 6, 7, 8),
        (1, 0, 2, 3, 4, 5, 6, 7, 8),
        (1, 2, 6, 4, 5, 8, 7, 0, 3),
    ],
)
def test_3x3_optimal_against_bfs(goal):
    # The 3x3 uses two 4-4 partitions built on first use; every farthest board and a sample.
    t = Topology(3, 3)
    dist = bfs(goal, t)
    far = max(dist.values())
    boards = [b for b, d in dist.items() if d == far]
    boards += random.Random(9).sample(sorted(dist), 150)
    for board in boards:
        assert pdb.heuristic_value(board, goal) <= dist[board]
        r = solve(Problem(board, goal, t), heuristic="pdb")
        assert (r.length, r.heuristic, r.notes) == (dist[board], "pdb", [])
        assert apply_moves(board, r.moves, t) == goal


def test_write_and_prepare_from_a_directory(databases, tmp_path, monkeypatch):
    paths = pdb.write_databases(tmp_path / "site", ["corner6"])
    assert [p.name for p in paths] == ["corner6.pdb"]
    saved = dict(store._tables)
    monkeypatch.setattr(store, "_tables", {})
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path / "empty"))
    assert not pdb.prepare(DEFAULT, T4, tmp_path / "nowhere", build=False)
    assert pdb.prepare(DEFAULT, T4, tmp_path / "site", build=False)
    assert pdb.table("corner6") == saved["corner6"]


def test_time_limit_stops_with_a_lower_bound(databases):
    board, optimal = korf100()[59]  # the hardest: seconds of search
    r = solve(Problem(board, BLANK_FIRST, T4), heuristic="pdb", time_limit=0.2)
    assert (r.found, r.stopped, r.heuristic) == (False, "time limit", "pdb")
    assert pdb.heuristic_value(board, BLANK_FIRST) <= r.lower_bound <= optimal
    assert r.nodes > 0


@pytest.mark.cluster
def test_parallel_search_is_optimal_and_replays():
    goal = tuple(range(16))
    t = Topology(4, 4)
    assert pdb.prepare(goal, t)
    boards = korf100()
    for index, processes in ((2, 2), (2, 1), (16, 2)):  # Korf #3 (59 moves: split), #17 (66, quick)
        board, optimum = boards[index]
        r = pdb.idastar_parallel(Problem(board, goal, t), processes)
        assert r.found and r.optimal and r.length == optimum == r.lower_bound
        assert apply_moves(board, r.moves, t) == goal
    stopped = pdb.idastar_parallel(Problem(boards[59][0], goal, t), 2, time_limit=1.0)
    assert not stopped.found and stopped.stopped == "time limit" and stopped.lower_bound <= 66


def test_without_numpy_a_4x4_database_is_not_built(monkeypatch, tmp_path):
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "can_build", lambda: False)
    monkeypatch.setattr(store, "_tables", {})
    goal = tuple(range(16))
    note = pdb.unavailable(Problem(korf100()[0][0], goal, Topology(4, 4)))
    assert note.startswith("the 4x4 pattern databases are not built yet and building them needs numpy")
    assert not list(tmp_path.rglob("*.pdb"))


# --- The 5x5: five-tile databases, weighted search -----------------------------------

T5 = Topology(5, 5)
K24_GOAL = tuple(range(25))  # Korf's goal: the blank first


@pytest.fixture(scope="session")
def databases5():
    """The 5x5 databases, from the cache directory or built there (about 10 minutes)."""
    assert pdb.prepare(K24_GOAL, T5)


@pytest.mark.parametrize("corner", [0, 4, 20, 24])
def test_5x5_partitions_for_every_corner(corner):
    goal = [t + 1 for t in range(24)]
    goal.insert(corner, 0)
    parts = pdb.partitions(goal)
    assert len(parts) == 2 and parts[0] != parts[1]
    for groups in parts:
        cells = sorted(c for _, cs, _ in groups for c in cs)
        assert cells == [c for c in range(25) if c != corner]
        assert sorted(len(cs) for _, cs, _ in groups) == [4, 5, 5, 5, 5]
    assert pdb.supports(T5, goal)


def test_5x5_without_a_corner_blank_is_not_supported():
    goal = tuple(range(1, 13)) + (0,) + tuple(range(13, 25))  # the blank in the centre
    assert not pdb.supports(T5, goal) and pdb.database_names(goal, T5) == set()
    assert pdb.unavailable(Problem(goal, goal, T5)).startswith("pattern databases cover")


def test_5x5_heuristic_is_admissible_on_korf24(databases5):
    # every one of Korf's 50 optima bounds the heuristic, for his goal and turned 180
    # degrees and renamed for the goal 1..24 then the blank (the same distance)
    default = tuple(range(1, 25)) + (0,)
    total = 0
    for board, optimum in korf24():
        h = pdb.heuristic_value(board, K24_GOAL)
        turned = tuple(25 - board[24 - c] if board[24 - c] else 0 for c in range(25))
        assert h <= optimum and pdb.heuristic_value(turned, default) == h
        total += h
    assert total == 3929  # mean 78.58: the tables are the ones measured


def test_weighted_search_stays_within_its_weight(databases, databases5):
    for board, optimum in korf24()[:3] + korf24()[4:5]:  # w = 3/2 answers these in under 0.3 s
        r = pdb.idastar(Problem(board, K24_GOAL, T5), weight=(3, 2), time_limit=30)
        assert r.found and not r.optimal and r.algorithm == "weighted-idastar"
        assert optimum <= r.length <= 1.5 * optimum
        assert r.lower_bound == pdb.heuristic_value(board, K24_GOAL)
        assert apply_moves(board, r.moves, T5) == K24_GOAL
    board, optimum = korf100()[0]
    r = pdb.idastar(Problem(board, BLANK_FIRST, T4), weight=(4, 3))
    assert optimum <= r.length <= 4 * optimum / 3 and apply_moves(board, r.moves, T4) == BLANK_FIRST


def test_weighted_search_in_slices_finds_what_one_run_finds(databases5):
    board, _ = korf24()[0]
    problem = Problem(board, K24_GOAL, T5)
    whole = pdb.idastar(problem, weight=(3, 2))
    sliced = WeightedSearch(problem, (3, 2), pdb.PatternDatabases(K24_GOAL))
    seconds = 0.01
    runs = 0
    while not (r := sliced.run(seconds)).found:  # doubling, as the portfolio does
        runs += 1
        seconds *= 2
        assert r.stopped == "time limit" and runs < 20
    assert runs > 1 and r.moves == whole.moves


def test_weighted_search_in_other_move_orders(databases5):
    # the last pass ends at the first of its solutions: which, depends on the order
    board, optimum = korf24()[0]
    problem = Problem(board, K24_GOAL, T5)
    answers = [
        WeightedSearch(problem, (3, 2), pdb.PatternDatabases(K24_GOAL), order).run(30)
        for order in range(len(pdb.MOVE_ORDERS))
    ]
    assert answers[0].moves == pdb.idastar(problem, weight=(3, 2)).moves
    for r in answers:
        assert r.found and optimum <= r.length <= 1.5 * optimum and apply_moves(board, r.moves, T5) == K24_GOAL
    assert len({r.moves for r in answers}) > 1


def test_the_portfolio_answers_a_24_puzzle_with_the_databases(databases5):
    board, optimum = korf24()[4]  # 100 moves
    r = solve(Problem(board, K24_GOAL, T5), time_limit=2.0)
    assert r.found and not r.optimal and r.algorithm in ("beam", "weighted-idastar") and r.heuristic == "pdb"
    assert optimum <= r.length <= 1.5 * optimum and apply_moves(board, r.moves, T5) == K24_GOAL
    assert pdb.heuristic_value(board, K24_GOAL) <= r.lower_bound <= optimum
    assert any(n.startswith("beam search (width ") for n in r.notes)
    # the ladder of weighted IDA* runs in the budget's last part: it finds an answer on an idle
    # machine and may run out of its time beside other work; either way it was tried
    assert any(n.startswith("weighted IDA* (") and "pattern databases" in n for n in r.notes)
    assert r.seconds < 15  # it keeps to its 2 s (not exactly: a loaded machine overshoots), never the search's minutes


@pytest.mark.cluster
def test_optimal_5x5_search_in_parallel_agrees(databases5):
    # a 5x5 that optimal search finishes (58 moves, about half a second): long enough
    # that the passes are split and shared out to two processes
    goal = tuple(range(1, 25)) + (0,)
    board = scramble(goal, T5, 70, 0)
    alone = pdb.idastar(Problem(board, goal, T5))
    shared = pdb.idastar_parallel(Problem(board, goal, T5), 2)
    assert alone.optimal and shared.optimal and alone.length == shared.length == 58
    assert apply_moves(board, shared.moves, T5) == goal


@pytest.mark.cluster
def test_progress_of_split_passes_never_goes_backwards(databases):
    """With one process (the page's single worker) the search is the ordered one-process
    search; its ticks add the nodes above the cut and never go backwards."""
    board, optimum = korf100()[2]  # Korf #3, 59 moves
    seen = []
    r = pdb.idastar_parallel(Problem(board, BLANK_FIRST, T4), 1, progress=seen.append)
    assert r.length == optimum
    nodes = [s["nodes"] for s in seen]
    bounds = [s["bound"] for s in seen]
    assert len(seen) > 3 and nodes == sorted(nodes) and bounds == sorted(bounds)
    assert nodes[-1] <= r.nodes and bounds[-1] <= optimum


def test_ordered_passes_find_what_plain_passes_find(databases, monkeypatch):
    """Optimal IDA* searches the subtrees below kernel.ORDER_DEPTH most visited first:
    the same lengths as the natural order (which it takes when the cut is deeper than
    the bound), solutions that replay, and the same lower bound when stopped."""
    from npuzzle.pdb import kernel

    boards = korf100()
    ordered = {i: pdb.idastar(Problem(boards[i][0], BLANK_FIRST, T4)) for i in EASY_KORF}
    monkeypatch.setattr(kernel, "ORDER_DEPTH", 99)
    for i, r in ordered.items():
        board, optimum = boards[i]
        plain = pdb.idastar(Problem(board, BLANK_FIRST, T4))
        assert r.length == plain.length == optimum and r.optimal
        assert r.nodes != plain.nodes  # the last pass took another order
        assert apply_moves(board, r.moves, T4) == BLANK_FIRST
    monkeypatch.setattr(kernel, "ORDER_DEPTH", 6)
    board, optimum = boards[59]
    seen = []
    stopped = pdb.idastar(Problem(board, BLANK_FIRST, T4), time_limit=0.5, progress=seen.append)
    assert not stopped.found and stopped.stopped == "time limit"
    assert pdb.heuristic_value(board, BLANK_FIRST) <= stopped.lower_bound <= optimum
    nodes = [s["nodes"] for s in seen]
    assert nodes == sorted(nodes) and all(s["bound"] <= optimum for s in seen)


@pytest.mark.slow
def test_a_cut_subtree_pass_searches_what_the_plain_pass_searches(databases, monkeypatch):
    """A split subtree's pass searches its own parts (kernel.SUBTREE_CUT below it) lowest
    h first: a pass without a solution expands the same nodes as the plain pass, and the
    same subtrees hold a solution, which replays.  Its pruned slack can be smaller (a node
    pruned above the cut is seen only through the parts below it), so the next bound can
    skip a pass, but never past the optimum."""
    from npuzzle.pdb import kernel

    board, optimum = korf100()[2]  # Korf #3, 59 moves
    jobs = parallel.split_jobs(Problem(board, BLANK_FIRST, T4))
    depth = parallel.SPLIT_DEPTH
    for bound in (optimum - 4, optimum - 2, optimum):
        cut, plain = [], []
        for job_board, back, _ in jobs:
            job = (job_board, BLANK_FIRST, back, bound - depth)
            cut.append(parallel.subtree_pass(job))
            monkeypatch.setattr(kernel, "SUBTREE_CUT", 99)
            plain.append(parallel.subtree_pass(job))
            monkeypatch.undo()
        assert [r[0] for r in cut] == [r[0] for r in plain] and any(r[0] for r in cut) == (bound == optimum)
        for (found, best, nodes, below), same, (_, _, cells) in zip(cut, plain, jobs):
            if not found:
                assert nodes == same[2] and best <= same[1] < 0
            for answer in (below, same[3]) if found else ():
                moves = "".join("UDLR"[d] for d in directions(T4.neighbors, cells + answer))
                assert len(moves) == optimum and apply_moves(board, moves, T4) == BLANK_FIRST
        if bound < optimum:
            assert parallel.next_bound(bound, max(r[1] for r in cut), optimum % 2) <= optimum


def test_ordered_passes_on_3x3_equal_bfs():
    # every 3x3 board at least 20 moves from a goal (all beyond the cut): IDA* with
    # ordered passes gives the breadth-first distance
    t = Topology(3, 3)
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    dist = bfs(goal, t)
    far = [b for b, d in dist.items() if d >= 20]
    for board in random.Random(12).sample(sorted(far), 300):
        r = pdb.idastar(Problem(board, goal, t))
        assert r.length == dist[board] and apply_moves(board, r.moves, t) == goal


# ---------------------------------------------------------------- the stronger 4x4 database, on request


@pytest.mark.parametrize("level", ["half7", "half8"])
@pytest.mark.parametrize("blank", [0, 3, 12, 15])
def test_stronger_partitions_cover_the_board_and_mirror_each_other(blank, level):
    from npuzzle.pdb import shapes

    goal = tuple(t for t in range(1, 16))
    goal = goal[:blank] + (0,) + goal[blank:]
    shapes.use_strong(level)
    try:
        found = shapes.partitions(goal)
    finally:
        shapes.use_strong("")
    assert len(found) == 2
    covers = []
    for groups in found:
        cells = [c for _, group, _ in groups for c in group]
        assert sorted(cells) == sorted(set(range(16)) - {blank})  # disjoint, every tile but none twice
        if level == "half7":  # 7-7-1
            assert [k for k, _, _ in groups][:2] == ["half7", "half7"] and len(groups[2][1]) == 1
        else:  # 7-8: two rows but the blank's corner, and the other two rows (or columns)
            assert [k for k, _, _ in groups] == ["half7", "half8"]
            rows = {c // 4 for c in groups[1][1]}
            columns = {c % 4 for c in groups[1][1]}
            assert len(rows) == 2 or len(columns) == 2
        covers.append({frozenset(group) for _, group, _ in groups})
    r, c = divmod(blank, 4)
    mirror = (lambda cell: (cell % 4) * 4 + cell // 4) if r == c else (lambda cell: (3 - cell % 4) * 4 + 3 - cell // 4)
    assert {frozenset(mirror(x) for x in group) for group in covers[0]} == covers[1]


def test_without_a_corner_blank_the_standard_partitions_stay():
    from npuzzle.pdb import shapes

    goal = (1, 0) + tuple(range(2, 16))
    standard = shapes.partitions(goal)
    for level in ("half7", "half8"):
        shapes.use_strong(level)
        try:
            assert shapes.partitions(goal) == standard
        finally:
            shapes.use_strong("")


def test_the_stronger_database_is_used_only_when_built(tmp_path, monkeypatch):
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.delenv("NPUZZLE_DATABASES", raising=False)
    monkeypatch.setattr(store, "_tables", {k: v for k, v in store._tables.items() if k not in pdb.STRONG_SHAPES})
    assert store.not_cached(["half7"]) == ["half7"]
    store.prepare(DEFAULT, T4, build=False)
    assert not pdb.shapes.strong()


@pytest.mark.parametrize(
    "topology, cells",
    [
        (Topology(3, 3), (1, 2, 3, 4)),
        (Topology(3, 3), (0, 4, 8)),
        (Topology(3, 2), (0, 1)),
        (T4, (1, 2, 3)),
        (T4, (0, 1, 4, 5)),
        (T4, (8, 9, 10, 11, 12)),
        (T4, (15, 3, 12, 5, 6)),
        (Topology(4, 4, wrap_rows=(1,), wrap_cols=(2,)), (1, 2, 5, 6)),
        (Topology(4, 3), (0, 5, 6, 11)),
        # over 16 cells: masks of 32 bits, regions by flood fill (the 5x5's six-tile tables)
        (Topology(5, 5), (1, 2, 3)),
        (Topology(5, 5), (0, 12, 24)),
        (Topology(5, 4), (1, 2, 5, 6)),
        (Topology(6, 3), (0, 1, 2, 9)),
    ],
)
def test_the_region_search_builds_the_same_table(topology, cells):
    # the search over (placement, blank region) that builds the big databases gives the
    # table of the search over (placement, blank cell), byte for byte
    assert build_regions(topology, cells, chunk=97).tobytes() == build_numpy(topology, cells)


def test_the_region_search_over_16_cells_refuses_a_wrapped_board():
    with pytest.raises(ValueError, match="must not wrap"):
        build_regions(Topology(5, 5, wrap_rows=(1,)), (1, 2))


@pytest.mark.parametrize("blank", [0, 4, 20, 24])
def test_the_six_tile_5x5_partitions_cover_the_board_and_mirror_each_other(blank):
    from npuzzle.pdb import shapes

    first, mirror = shapes._six_partitions(blank)
    everything = set(range(25)) - {blank}
    for partition in (first, mirror):
        assert sorted(c for _, cells, _ in partition for c in cells) == sorted(everything)
        assert [name for name, _, _ in partition] == ["5x5-6a", "5x5-6b", "5x5-6b", "5x5-6b"]
        for name, cells, inverse in partition:  # each board cell maps back onto the table's cells
            assert tuple(inverse[c] for c in cells) == shapes.STRONG_SHAPES[name][1]
    # the diagonal through the blank: the main one for corners 0 and 24, the other for 4 and 20
    main = blank in (0, 24)
    reflect = {c: (c % 5 if main else 4 - c % 5) * 5 + (c // 5 if main else 4 - c // 5) for c in range(25)}
    assert reflect[blank] == blank
    assert {frozenset(reflect[c] for c in cells) for _, cells, _ in first} == {
        frozenset(cells) for _, cells, _ in mirror
    }
    if blank == 0:  # Korf and Felner's groups
        assert [sorted(cells) for _, cells, _ in first] == [
            [1, 2, 5, 6, 7, 12],
            [3, 4, 8, 9, 13, 14],
            [10, 11, 15, 16, 20, 21],
            [17, 18, 19, 22, 23, 24],
        ]


def test_the_region_search_reports_its_levels():
    seen = []
    build_regions(T4, (0, 1, 2), seen.append)
    assert [info["depth"] for info in seen] == sorted(info["depth"] for info in seen)
    assert seen[-1]["states"] == seen[-1]["total"] == 16 * 15 * 14  # every placement reached


def test_the_region_search_takes_half8_and_refuses_what_its_ranks_cannot_count():
    from npuzzle.pdb.build import _rank_weights

    assert _rank_weights(16, 8) == (
        [
            15 * 14 * 13 * 12 * 11 * 10 * 9,
            14 * 13 * 12 * 11 * 10 * 9,
            13 * 12 * 11 * 10 * 9,
            12 * 11 * 10 * 9,
            11 * 10 * 9,
            10 * 9,
            9,
            1,
        ],
        518_918_400,
    )  # half8
    with pytest.raises(ValueError, match="4,151,347,200 placements are too many"):
        build_regions(T4, tuple(range(1, 10)))  # before any table is made


def test_raw_database_files_round_trip_and_damage_is_caught(tmp_path, monkeypatch, request):
    # RAW databases (half8's 4 GiB) are stored as they are and mapped, not read; a tiny
    # stand-in shape exercises the same code
    monkeypatch.setitem(store.ALL_SHAPES, "tiny", (2, (1, 2)))
    store.RAW.add("tiny")  # the one set the files and the store read
    request.addfinalizer(lambda: store.RAW.discard("tiny"))
    table = bytes(range(256))
    path = tmp_path / "tiny.pdb"
    store.write_raw(path, "tiny", table)
    assert path.stat().st_size == (1 << 16) + 256  # a header of 64 KiB: mappable on every system
    name, mapped = store.open_raw(path)
    assert name == "tiny" and mapped[:] == table and mapped[200] == 200
    with open(path, "r+b") as f:  # a cut-off file
        f.truncate((1 << 16) + 100)
    with pytest.raises(ValueError, match="damaged"):
        store.open_raw(path)
    path.write_bytes(b"something else" * 400)
    with pytest.raises(ValueError, match="not an npuzzle"):
        store.open_raw(path)
    store.write_raw(path, "tiny", table)  # prepare-style loading picks it up by its name
    monkeypatch.delitem(store._tables, "tiny", raising=False)
    assert store._load_file(path) and store.table("tiny")[:] == table
    store._tables.pop("tiny")


def test_the_strongest_loaded_partitions_are_chosen(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "_tables", {})
    monkeypatch.setattr(store, "_strong_looked", set())
    monkeypatch.delenv("NPUZZLE_DATABASES", raising=False)
    assert store._strong_wanted(tmp_path) == ""
    store._tables["half7"] = b""
    assert store._strong_wanted(tmp_path) == "half7"
    store._tables["half8"] = b""
    assert store._strong_wanted(tmp_path) == "half8"
    monkeypatch.setenv("NPUZZLE_DATABASES", "half7")  # to compare 7-7-1 with 7-8
    assert store._strong_wanted(tmp_path) == "half7"
    monkeypatch.setenv("NPUZZLE_DATABASES", "standard")
    assert store._strong_wanted(tmp_path) == ""
    del store._tables["half7"]  # 7-8 needs both
    monkeypatch.delenv("NPUZZLE_DATABASES")
    assert store._strong_wanted(tmp_path) == ""
    store._tables["half7h"] = b""  # 7-8 with half7 built with the blank in its corner
    assert store._strong_wanted(tmp_path) == "half7h"
    store._tables["half7"] = b""
    assert store._strong_wanted(tmp_path) == "half7h"
    monkeypatch.setenv("NPUZZLE_DATABASES", "half8")  # 7-8 with half7, to compare them
    assert store._strong_wanted(tmp_path) == "half8"
    monkeypatch.setenv("NPUZZLE_DATABASES", "half7")
    assert store._strong_wanted(tmp_path) == "half7"
    del store._tables["half7"]  # 7-7-1 takes half7, never half7h
    assert store._strong_wanted(tmp_path) == ""


def test_only_the_strongest_levels_tables_are_loaded(tmp_path, monkeypatch):
    # with half7h and half8 in the cache half7 stays on the disk: 7-8 does not take it
    monkeypatch.setattr(store, "_tables", {})
    monkeypatch.setattr(store, "_strong_looked", set())
    monkeypatch.delenv("NPUZZLE_DATABASES", raising=False)
    loaded = []

    def load(path):
        loaded.append(path.name)
        store._tables[path.stem] = b""
        return True

    monkeypatch.setattr(store, "_load_file", load)
    for name in ("half7", "half7h", "half8"):
        (tmp_path / f"{name}.pdb").write_bytes(b"")
    assert store._strong_wanted(tmp_path) == "half7h" and loaded == ["half7h.pdb", "half8.pdb"]
    (tmp_path / "half7h.pdb").unlink()
    monkeypatch.setattr(store, "_tables", {})
    monkeypatch.setattr(store, "_strong_looked", set())
    loaded.clear()
    assert store._strong_wanted(tmp_path) == "half8" and loaded == ["half7.pdb", "half8.pdb"]


@pytest.mark.parametrize(
    "level, goal",
    [("half7", BLANK_FIRST), ("half8", BLANK_FIRST), ("half8", DEFAULT), ("half7h", BLANK_FIRST), ("half7h", DEFAULT)],
)
def test_the_stronger_databases_keep_answers_optimal_and_h_admissible(monkeypatch, level, goal):
    require_built(level)
    monkeypatch.setenv("NPUZZLE_DATABASES", level)  # this level's tables, loaded by prepare
    try:
        assert pdb.prepare(goal, T4) and pdb.shapes.strong() == level
        for number in (1, 3, 4, 5, 7, 8, 60):
            board, optimum = korf100()[number - 1]
            if goal == DEFAULT:  # the same board turned 180 degrees and renamed for the goal 1..15,0
                board = tuple(DEFAULT[15 - t] for t in board[::-1])
            problem = Problem(board, goal, T4)
            h = pdb.heuristic_value(board, goal)
            r = pdb.idastar(problem)
            assert h <= optimum and r.length == optimum and apply_moves(board, r.moves, T4) == goal
    finally:
        pdb.shapes.use_strong("")


# The digests of the six-tile tables built by build_numpy (the search over (placement,
# blank cell)); every 4x4 table is built by build_regions now, so this checks that a fresh
# build gives the same bytes.
SIX_TILE_DIGESTS = {
    "corner6": "c0a82ca8a67de76e088ca60ea52733ab65741467de870a80bd75d31de93629da",
    "ring6": "f36c58f925e525e274d29b5a6e6506668a0ec20180eeb0d0f50b490d9598e2cf",
}


def test_the_six_tile_tables_are_the_same_bytes_as_ever(databases):
    import hashlib

    for name, digest in SIX_TILE_DIGESTS.items():
        assert hashlib.sha256(store.table(name)).hexdigest() == digest


def test_a_file_that_cannot_be_used_is_passed_over_with_its_reason(databases, tmp_path, monkeypatch):
    good = pdb.encode("corner6", pdb.table("corner6"))
    monkeypatch.setattr(store, "_tables", {k: v for k, v in store._tables.items() if k != "corner6"})
    store.passed_over()  # start from nothing
    path = tmp_path / "corner6.pdb"
    assert store.check_file(path) is None and not store._load_file(path)  # absent: nothing to say
    assert store.passed_over() == {}
    path.write_bytes(good[: len(good) - 1000])  # cut off: once a traceback, now a reason
    assert store.check_file(path) == "pattern database 'corner6' is damaged"
    assert not store._load_file(path)
    assert store.passed_over() == {"corner6": "pattern database 'corner6' is damaged"}
    assert store.passed_over() == {}  # said once
    (tmp_path / "ring6.pdb").write_bytes(good)  # a sound file under another database's name
    assert store.check_file(tmp_path / "ring6.pdb") == "it holds corner6"
    assert not store._load_file(tmp_path / "ring6.pdb") and not store.loaded("corner6")  # nothing registered
    path.write_bytes(good)
    assert store.check_file(path) is None and store._load_file(path)
    assert store.passed_over() == {"ring6": "it holds corner6"}
