"""Shared fixtures: the test vectors and breadth-first search, the ground truth on small boards."""

from __future__ import annotations

import json
import os
import sys
from collections import deque
from functools import cache
from pathlib import Path

import pytest

from npuzzle import Problem, Topology

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402  (writes web/shared.js)
# The browser tests' fixtures, defined once here so every test file shares one Chromium
# (a second Playwright started in the same session fails).
from web_fixtures import browser, site_url  # noqa: F401  (fixtures)

DATA = Path(__file__).parent / "data"

# Node counts and answers are those of the standard databases, also on a machine where the
# stronger 4x4 one (half7, built on request) is in the cache; its tests ask for it.
os.environ.setdefault("NPUZZLE_DATABASES", "standard")


@pytest.fixture(scope="session", autouse=True)
def shared_module():
    """web/shared.js, which build.py writes from the package: the page's modules import it,
    and the Node tests run them from web/ with no site built."""
    return build.write_shared()


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
    """Distance from every reachable board (up to depth moves away) to goal; moves are
    reversible, so the search starts at the goal."""
    dist = {goal: 0}
    queue = deque([(goal, goal.index(0))])
    neighbors = topology.neighbors
    while queue:
        board, blank = queue.popleft()
        d = dist[board] + 1
        if depth is not None and d > depth:
            break
        for _, cell in neighbors[blank]:
            b = list(board)
            b[blank], b[cell] = b[cell], 0
            b = tuple(b)
            if b not in dist:
                dist[b] = d
                queue.append((b, cell))
    return dist


@pytest.fixture(scope="session")
def small_boards():
    """(goal, topology) pairs small enough for breadth-first search over every board."""
    return SMALL_BOARDS


SMALL_BOARDS = [
    ((1, 2, 3, 0), Topology(2, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(3, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(2, 3)),
    ((0, 1, 2, 3, 4, 5, 6, 7), Topology(4, 2)),
    ((1, 2, 3, 4, 5, 0), Topology(3, 2, wrap_rows=(0, 1))),       # odd wraps: not bipartite
    ((1, 2, 3, 4, 5, 6, 7, 0), Topology(4, 2, wrap_rows=(1,))),   # even wrap: still bipartite
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3)),
    ((1, 2, 6, 4, 5, 8, 7, 0, 3), Topology(3, 3)),                # seed 003's goal
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), Topology(3, 3, wrap_rows=(1,), wrap_cols=(1,))),
]
