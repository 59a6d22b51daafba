"""What the tests share that is not a fixture: the test vectors, breadth-first search (the
ground truth on small boards), hypothesis strategies for boards and moves, a long 4x4
solve, generated sessions of solves, and the one way to run a Node.js script.  Test files import from here (and from
web_fixtures.py), never from each other or from conftest.py.
"""

from __future__ import annotations

import ast
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from hypothesis import strategies as st

from npuzzle import Problem, Topology
from npuzzle.catalogue import shown, text
from npuzzle.rules.board import MoveError, apply_moves, default_goal, distances
from npuzzle.rules.notation import NotationError, format_board_id, parse_wrap
from npuzzle.rules.topology import DIRECTIONS, OPPOSITE
from npuzzle.speedsolving.events import event_boards, key_event
from npuzzle.speedsolving.session_files import check_solve

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
# The blank's step (rows, columns) for each direction letter, for tests that move a pointer.
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def seed_cases() -> list[dict]:
    return json.loads((DATA / "seed_cases.json").read_text())["cases"]


def seed_problem(case: dict) -> Problem:
    t = Topology(case["width"], case["height"], tuple(case["wrap_rows"]), tuple(case["wrap_cols"]))
    return Problem(tuple(case["start"]), tuple(case["goal"]), t)


def korf100() -> list[tuple[tuple[int, ...], int]]:
    """Korf's 100 15-puzzles (goal: the blank first) with their optimal lengths."""
    return _vectors("korf100.txt", 16)


def korf24() -> list[tuple[tuple[int, ...], int]]:
    """Korf's 50 24-puzzles (goal: the blank first) with their optimal lengths."""
    return _vectors("korf24.txt", 25)


def _vectors(name: str, n: int) -> list[tuple[tuple[int, ...], int]]:
    rows = [list(map(int, line.split())) for line in (DATA / name).read_text().splitlines() if line.strip()]
    return [(tuple(r[:n]), r[n]) for r in rows]


@cache
def bfs(goal: tuple[int, ...], topology: Topology, depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Distance from every reachable board (up to depth moves away) to goal, by breadth-first
    search from the goal (``npuzzle.rules.board.distances``, the one reference the tests and the
    tools share), kept for the session: treat it as read-only."""
    return distances(goal, topology, depth)


def closer_tiles(board: tuple[int, ...], distance: dict[tuple[int, ...], int], topology: Topology) -> set[int]:
    """The tiles whose move brings the board one move nearer its goal (``distance``: bfs's table),
    the tiles the coach marks."""
    blank = board.index(0)
    good = set()
    for _, cell in topology.neighbors[blank]:
        after = list(board)
        after[blank], after[cell] = after[cell], 0
        if distance[tuple(after)] < distance[board]:
            good.add(board[cell])
    return good


def left_out_under(whole: list[dict], drawn: set[int]) -> dict[int, int]:
    """For a search tree drawn in part (the ids `drawn`) out of the same search drawn to every
    depth (`whole`, the lab's tree nodes): how many nodes are left out under each node drawn,
    each counted under the nearest node drawn above it."""
    parent = {n["id"]: n["parent"] for n in whole}
    assert drawn <= set(parent)
    under = dict.fromkeys(drawn, 0)
    for i in set(parent) - drawn:
        while i not in drawn:
            i = parent[i]
        under[i] += 1
    return under


def require_built(*levels: str) -> None:
    """Skip a test of the stronger 4x4 databases (the tables of each of ``levels``,
    ``npuzzle.pdb.shapes.LEVEL_TABLES``: half7 for 7-7-1, half7 and half8 or half7h and
    half8 for 7-8) when they are not built, as they are built only on request (npuzzle
    databases build half7: 2 minutes; half8: 20 minutes, 4 GiB).  With NPUZZLE_REQUIRE_7_8=1
    (the weekly databases workflow, which builds them) the test fails instead, so it cannot
    pass by skipping."""
    from npuzzle.pdb import shapes, store

    names = sorted({name for level in levels for name in shapes.LEVEL_TABLES[level]})
    missing = [name for name in names if not (store.cache_dir() / f"{name}.pdb").exists()]
    if missing and os.environ.get("NPUZZLE_REQUIRE_7_8") == "1":
        pytest.fail(f"NPUZZLE_REQUIRE_7_8=1 but {', '.join(missing)} not built in {store.cache_dir()}")
    if missing:
        pytest.skip(f"built only on request: npuzzle databases build {' '.join(missing)}")


SMALL_BOARDS = [
    ((1, 2, 3, 0), Topology(2, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(3, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(2, 3)),
    ((0, 1, 2, 3, 4, 5, 6, 7), Topology(4, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(3, 2, wrap_rows=(0, 1))),  # odd wraps: not bipartite
    ((1, 2, 3, 4, 5, 6, 7, 0), Topology(4, 2, wrap_rows=(1,))),  # even wrap: still bipartite
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3)),
    ((1, 2, 6, 4, 5, 8, 7, 0, 3), Topology(3, 3)),  # seed 003's goal
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3, wrap_rows=(1,), wrap_cols=(1,))),
]


# ---------------------------------------------------------------- hypothesis strategies


@st.composite
def topologies(draw, max_side: int = 6) -> Topology:
    """Any size up to max_side, with any set of wrapped rows and columns where a wrap is allowed."""
    w = draw(st.integers(2, max_side))
    h = draw(st.integers(2, max_side))
    rows = draw(st.sets(st.integers(0, h - 1))) if w >= 3 else set()
    cols = draw(st.sets(st.integers(0, w - 1))) if h >= 3 else set()
    return Topology(w, h, tuple(sorted(rows)), tuple(sorted(cols)))


@st.composite
def boards(draw, topology: Topology) -> tuple[int, ...]:
    return tuple(draw(st.permutations(range(topology.size))))


@st.composite
def walks(draw, topology: Topology, start: tuple[int, ...], max_moves: int = 40) -> str:
    """A move string that stays on the board: each letter drawn among the legal ones."""
    blank = start.index(0)
    moves = []
    for _ in range(draw(st.integers(0, max_moves))):
        d, blank = draw(st.sampled_from(topology.neighbors[blank]))
        moves.append(DIRECTIONS[d])
    return "".join(moves)


# A 4x4 solve of 68 moves (weighted IDA*, w = 2) of a board 54 moves from the goal, as
# Slidysim writes them; docs/speedsolving.md times its analysis.
SOLVE_4X4 = (
    "0 11 12 15/5 9 1 6/8 7 3 4/10 2 14 13",
    "ULDLU2RD2LU2RDL2URULDR2ULDLURD2RURUL2DR2D2LULU2RD3L2URDRU2LDRU2LDLU",
)


# ---------------------------------------------------------------- Node.js


def node_executable() -> str:
    """The Node.js executable.  Where it is missing the test is skipped, or fails when
    NPUZZLE_REQUIRE_NODE=1 (``python3 build.py test`` sets it, having installed Node)."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("NPUZZLE_REQUIRE_NODE") == "1":
            pytest.fail("Node.js is needed by the twin tests (python3 build.py test installs it)")
        pytest.skip("node is not installed")
    return found


def run_node(script: Path, *args: str, input: str | None = None, timeout: float = 60) -> str:
    """Run a Node.js script with arguments (and standard input); its standard output.  The
    test fails with the script's error output when it exits with an error."""
    done = subprocess.run(
        [node_executable(), str(script), *map(str, args)], input=input, capture_output=True, text=True, timeout=timeout
    )
    if done.returncode:
        pytest.fail(f"{Path(script).name} exited with {done.returncode}:\n{done.stderr}")
    return done.stdout


# ---------------------------------------------------------------- the twin tests of web/game/rules.js


def python_answer(f, field="board"):
    """What the package answers, as the twin tests compare it with rules.js: {"ok": value},
    or the error with its field, code and parameters (as the api sends them: shown)."""
    try:
        value = f()
    except NotationError as e:  # the code and parameters too: the page words them in Chinese
        return {"error": str(e), "field": e.field, "code": e.code, "params": shown(e.code, e.params)}
    except MoveError as e:
        return {"error": str(e), "field": "moves", "code": e.code, "params": shown(e.code, e.params)}
    return {"ok": value}


def rules_js(node: str, **cases) -> dict:
    """rules_twin.mjs's answers to the cases (each kind not given: none)."""
    kinds = (
        "ids",
        "wraps",
        "moves",
        "walks",
        "formats",
        "problems",
        "scrambles",
        "clicks",
        "notated",
        "written",
        "metrics",
    )
    cases = {kind: cases.get(kind, []) for kind in kinds}
    out = subprocess.run(
        [node, str(Path(__file__).with_name("rules_twin.mjs"))],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    return json.loads(out)


def _dask_command() -> tuple[list[str], dict]:
    """The `dask` command of this Python and the keywords its processes start with."""
    bin_dir = Path(sys.executable).parent
    dask = (
        [str(bin_dir / "dask")] if (bin_dir / "dask").exists() else [sys.executable, "-m", "distributed.cli.dask_spec"]
    )
    env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="False")
    return dask, {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}


def dask_worker(address: str) -> subprocess.Popen:
    """A `dask worker` process of one thread and no nanny (killed, it stays dead, as when a
    machine is lost) joining the scheduler at address."""
    dask, quiet = _dask_command()
    return subprocess.Popen([*dask, "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"], **quiet)


@contextmanager
def dask_cluster(folder: Path, workers: int = 2) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """A real Dask cluster on this machine: a `dask scheduler` and `workers` dask_worker
    processes.  Yields (the scheduler's address, the processes: the scheduler first; a
    test may add more); all are killed at the end."""
    pytest.importorskip("dask.distributed")
    scheduler_file = folder / "scheduler.json"
    dask, quiet = _dask_command()
    procs = [
        subprocess.Popen(
            [*dask, "scheduler", "--scheduler-file", str(scheduler_file), "--port", "0", "--no-dashboard"], **quiet
        )
    ]
    try:
        end = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < end:
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        procs.extend(dask_worker(address) for _ in range(workers))
        yield address, procs
    finally:
        for p in procs:
            p.kill()
            p.wait()


# ---------------------------------------------------------------- the build's constants


def build_constant(module: str, name: str):
    """A constant of builder/MODULE.py, read from its source (the tests import no part of
    the build but builder.codegen)."""
    tree = ast.parse((ROOT / "builder" / f"{module}.py").read_text())
    (value,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]
    ]
    return ast.literal_eval(value)


def tier_markers(tiers: dict[str, str]) -> set[str]:
    """The marker names the tiers' -m expressions use."""
    return {word for text in tiers.values() for word in re.findall(r"\w+", text)} - {"and", "or", "not"}


@cache
def _messages() -> dict[str, dict[str, str]]:
    sys.path.insert(0, str(ROOT))
    from builder import codegen

    return codegen.package_texts()


def worded(code: str, lang: str = "en", **params) -> str:
    """A package message as the page words it in a language (web/i18n.js's pythonText, from
    the page's catalogues): the template with {name} fields, the parameters as the api sends
    them (shown), a word given as a parameter in the language."""
    if lang == "en":
        return text(code, **params)
    messages = _messages()[lang]
    values = {
        name: messages.get(f"word.{value}", value) if isinstance(value, str) else value
        for name, value in shown(code, params).items()
    }
    return re.sub(r"\{([A-Za-z_]\w*)\}", lambda m: str(values[m[1]]), messages[code])


def generated_solves(seed: int, count: int) -> list[dict]:
    """Solves of 3x3 boards as the page keeps them: a scramble walked from the goal, the
    walk back as the solution, each move's time, marks, some pasted, some without times."""
    rng = random.Random(seed)
    topology, goal = Topology(3, 3), default_goal(3, 3)
    solves, date = [], 1_764_000_000_000
    for _ in range(count):
        tries = rng.randrange(1, 30)
        board, moves = walk_back(rng, goal, topology, lambda n, walked, tries=tries: n >= tries)
        times = sorted(rng.randrange(0, 20_000) for _ in moves)
        ms = (times[-1] if times else 0) + rng.randrange(0, 500)
        date += rng.randrange(1, 10**8)
        solves.append(
            {
                "date": date,
                "type": rng.choice(["random", "pasted"]),
                "ms": ms,
                "penalty": rng.choice(["", "", "+2", "DNF"]),
                "scramble": format_board_id(3, 3, board),
                "moves": moves,
                "times": times if rng.random() < 0.8 else None,
                "optimum": rng.choice([None, len(moves)]),
                "assisted": date % 5 == 0,  # not drawn from rng: the sessions before the field stay as they were
            }
        )
    return solves


def shortest(board_id: str) -> str:
    """The blank's moves of a shortest solution of a plain board, by breadth-first search."""
    shape, cells = board_id.split(":")
    width, height = map(int, shape.split("x"))
    board = tuple(map(int, cells.split(",")))
    goal = (*range(1, width * height), 0)
    distance = bfs(goal, Topology(width, height))
    moves = ""
    while board != goal:
        blank = board.index(0)
        for way, cell in (("U", blank - width), ("D", blank + width), ("L", blank - 1), ("R", blank + 1)):
            if way in "LR" and cell // width != blank // width or not 0 <= cell < len(board):
                continue
            after = list(board)
            after[blank], after[cell] = after[cell], 0
            if distance[tuple(after)] < distance[board]:
                board, moves = tuple(after), moves + way
                break
    return moves


def marathon_solve():
    """A 2x2 marathon of three boards (of x10, given up on the fourth: a DNF), by hand."""
    boards = [("2x2:1,2,0,3", "R"), ("2x2:0,1,3,2", "RD"), ("2x2:1,0,3,2", "DLUR"), ("2x2:1,2,0,3", "")]
    splits, at = [], 0
    for scramble, moves in boards[:3]:
        at += 700 * max(1, len(moves))
        splits.append({"scramble": scramble, "moves": moves, "ms": at})
    moves = "".join(s["moves"] for s in splits)
    return {
        "date": 1,
        "type": "random",
        "ms": at + 500,
        "penalty": "DNF",
        "scramble": splits[0]["scramble"],
        "moves": moves,
        "times": [100 * (i + 1) for i in range(len(moves))],
        "optimum": None,
        "assisted": False,
        "event": "x10",
        "splits": splits,
    }


def board_walk(rng: random.Random, width: int, height: int, wrap: str = "") -> tuple[str, str]:
    """A scramble walked from the goal and the walk back: (board ID, the blank's moves), a
    move at least (the page deals again a board dealt at its goal)."""
    topology = Topology(width, height, *parse_wrap(wrap, width, height))
    steps = rng.randrange(1, 12)
    board, moves = walk_back(rng, default_goal(width, height), topology, lambda n, walked: len(walked) >= steps)
    return format_board_id(width, height, board), moves


def walk_back(rng: random.Random, goal: tuple, topology: Topology, enough) -> tuple[tuple, str]:
    """A random walk of the blank from the goal, a letter a try (a try off the board is
    lost), until enough(tries, walked); the board it leaves and the blank's way back."""
    board, walked, tries = goal, "", 0
    while not enough(tries, walked):
        tries += 1
        letter = rng.choice("UDLR")
        try:
            board = apply_moves(board, letter, topology)
        except MoveError:
            continue
        walked += letter
    return board, "".join(OPPOSITE[x] for x in reversed(walked))


def event_solves(key: str, seed: int, count: int = 4) -> list[dict]:
    """Solves of an event as the page keeps them: a board after another, each board's
    time from the event's start, every move's time; some given up (a DNF with fewer boards)."""
    rng = random.Random(seed)
    kind, event = key_event(key)
    wrap = kind.split(" ", 1)[1] if " " in kind else ""
    boards = event_boards(key)
    solves, date = [], 1_764_000_000_000
    for n in range(count):
        given_up = n % 3 == 2
        dealt = boards[: rng.randrange(1, len(boards))] if given_up and len(boards) > 1 else boards
        splits, times, at = [], [], 0
        for width, height in dealt:
            scramble, moves = board_walk(rng, width, height, wrap)
            for _ in moves:
                at += rng.randrange(50, 400)
                times.append(at)
            at += rng.randrange(0, 300)
            splits.append({"scramble": scramble, "moves": moves, "ms": at})
        date += rng.randrange(1, 10**8)
        solve = {
            "date": date,
            "type": "random",
            "ms": at + (rng.randrange(0, 900) if given_up else 0),
            "penalty": "DNF" if given_up else rng.choice(["", "", "+2"]),
            "scramble": splits[0]["scramble"],
            "moves": "".join(s["moves"] for s in splits),
            "times": times if rng.random() < 0.8 else None,
            "optimum": None,
            "assisted": False,
            "event": event,
        }
        if len(boards) > 1:
            solve["splits"] = splits
        solves.append(check_solve(solve, key))
    return solves
