"""The sets of boards the benchmarks solve, by name (``SETS``): each a list of (name, problem,
known optimal length or None).

    >>> [name for name, _, _ in SETS["korf100"]()[:2]]
    ['korf100-001', 'korf100-002']
"""

from __future__ import annotations

import json
from pathlib import Path

from npuzzle import Problem, Topology, default_goal, random_board, scramble

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def seeds() -> list[tuple[str, Problem, int | None]]:
    cases = json.loads((DATA / "seed_cases.json").read_text())["cases"]
    out = []
    for i, c in enumerate(cases):
        t = Topology(c["width"], c["height"], tuple(c["wrap_rows"]), tuple(c["wrap_cols"]))
        out.append(
            (f"seed-{i:02d} {c['width']}x{c['height']}", Problem(tuple(c["start"]), tuple(c["goal"]), t), c["optimal"])
        )
    return out


def _vector_file(name: str, side: int, goal: tuple[int, ...] | None = None) -> list[tuple[str, Problem, int | None]]:
    n = side * side
    goal = goal or tuple(range(n))  # Korf's convention: blank top-left
    t = Topology(side, side)
    out = []
    lines = [line for line in (DATA / name).read_text().split("\n") if line.strip() and not line.startswith("#")]
    for i, line in enumerate(lines):
        if True:
            nums = list(map(int, line.split()))
            out.append((f"{name.split('.')[0]}-{i + 1:03d}", Problem(tuple(nums[:n]), goal, t), nums[n]))
    return out


def random_sizes() -> list[tuple[str, Problem, int | None]]:
    """Uniformly random boards, default goal: three each of 5x5 to 30x30, and rectangles."""
    out = []
    for w, h in ((5, 5), (6, 6), (8, 8), (10, 10), (15, 15), (20, 20), (30, 30), (2, 8), (3, 5), (7, 4)):
        t = Topology(w, h)
        for seed in range(3 if w * h > 16 else 1):
            out.append(
                (
                    f"random {w}x{h} #{seed}",
                    Problem(random_board(default_goal(w, h), t, seed), default_goal(w, h), t),
                    None,
                )
            )
    return out


def wrapped() -> list[tuple[str, Problem, int | None]]:
    """Seed 004's board (row 2 and column 2 wrap), scrambles and random boards on it, and a torus."""
    out = [b for b in seeds() if b[1].topology.wrapped]
    goal = default_goal(5, 5)
    for name, t in (("r2,c2", Topology(5, 5, (2,), (2,))), ("torus", Topology(5, 5, tuple(range(5)), tuple(range(5))))):
        for seed in range(2):
            out.append((f"5x5 {name} s40 #{seed}", Problem(scramble(goal, t, 40, seed), goal, t), None))
        for seed in range(3):
            out.append((f"5x5 {name} rnd #{seed}", Problem(random_board(goal, t, seed), goal, t), None))
    return out


def korf100_default_goal() -> list[tuple[str, Problem, int | None]]:
    """Korf's boards turned 180 degrees and renamed, so the goal is 1..15 then the blank."""
    goal = default_goal(4, 4)
    out = []
    for name, p, optimum in _vector_file("korf100.txt", 4):
        turned = p.start[::-1]  # cell c goes to 15 - c
        board = tuple(goal[15 - t] for t in turned)  # tile t's goal cell t is now 15 - t
        out.append((name + "-turned", Problem(board, goal, p.topology), optimum))
    return out


SETS = {
    "seeds": seeds,
    "korf100": lambda: _vector_file("korf100.txt", 4),
    "korf100-default": korf100_default_goal,
    "korf24": lambda: _vector_file("korf24.txt", 5),
    "hardest80": lambda: _vector_file("hardest80.txt", 4, default_goal(4, 4)),  # Korf and Schultze's seventeen
    "random": random_sizes,
    "wrapped": wrapped,
}
