"""How long a whole event's replay link is (npuzzle.speedsolving.solve_code, version 2).

    python3 tools/event_link_length.py              # a 4x4 x10 and a 2x2-5x5 relay, 5 of each
    python3 tools/event_link_length.py --events 3 --seed 7

Each board is a random-state scramble (npuzzle.rules.random_board: uniform over the
solvable boards, as the page's Shuffle deals them), solved by the package's solver
(``solve``: optimally on the 2x2 to 4x4, some 53 moves on a 4x4 as a fast solver's own;
constructively on the 5x5, line by line as a person solves it, about twice the optimum;
neither depends on the machine's speed, so the figures are the same everywhere), and played
at a speed drawn for that board from 4 to 8 moves a second after half a second to a second
of looking.  The link is the page's: its address, the first board's id, the code, ``&lang=zh``.
It prints each event's moves, code and link lengths, then the medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from npuzzle.rules.board import Problem, default_goal
from npuzzle.rules.notation import format_board_id
from npuzzle.rules.random_board import random_board
from npuzzle.rules.topology import Topology
from npuzzle.search.portfolio import solve
from npuzzle.speedsolving.events import event_boards
from npuzzle.speedsolving.solve_code import Split, encode_event

BASE = "https://someone.github.io/npuzzle/"  # the address a link starts with (33 characters)


def event(key: str, rng: random.Random) -> tuple[list[Split], list[int], int]:
    """One event of that key played: its splits, every move's time, its time."""
    splits, times, now = [], [], 0
    for width, height in event_boards(key):
        topology, goal = Topology(width, height), default_goal(width, height)
        tiles = random_board(goal, topology, seed=rng.randrange(2**32))
        strategy = "optimal" if width * height <= 16 else "constructive"  # the same moves on any machine
        moves = solve(Problem(tiles, goal, topology), strategy=strategy).moves
        now += rng.randint(500, 1000)  # looking at the new board
        tps = rng.uniform(4, 8)
        for _ in moves:
            now += round(rng.expovariate(tps) * 1000)
            times.append(now)
        splits.append(Split(format_board_id(width, height, tiles), moves, now))
    return splits, times, now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=5, help="events of each kind (5)")
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'event':21} moves  code  link")
    for key in ("4x4 x10", "relay 2x2-5x5"):
        rows = []
        for _ in range(args.events):
            splits, times, ms = event(key, rng)
            code = encode_event(splits, times, ms)
            link = f"{BASE}#id={splits[0].scramble}&replay={code}&lang=zh"
            rows.append((len(times), len(code), len(link)))
            print(f"{key:21} {len(times):5} {len(code):5} {len(link):5}")
        medians = [statistics.median(column) for column in zip(*rows, strict=True)]
        print(f"{key + ' median':21} {medians[0]:5g} {medians[1]:5g} {medians[2]:5g}")


if __name__ == "__main__":
    main()
