"""Sliding-tile puzzles of any size, goal and wrapping, solved optimally where possible.

Where optimal search cannot finish, answers are near-optimal and carry a proven lower bound.

    >>> from npuzzle import parse_problem, solve
    >>> solve(parse_problem("3x3:1,2,3,4,5,6,0,7,8")).moves
    'RR'
"""

from .result import Result
from .rules.board import MoveError, Problem, apply_moves, boards_along, default_goal, tiles_moved
from .rules.notation import (
    NotationError,
    format_board_id,
    format_rows,
    format_wrap,
    parse_board,
    parse_moves,
    parse_problem,
    parse_wrap,
)
from .rules.random_board import random_board, scramble
from .rules.solvability import solvability
from .rules.topology import Topology
from .search.heuristics import Heuristic
from .search.optimal import ALGORITHMS, HEURISTICS
from .search.portfolio import STRATEGIES, solve

__all__ = [
    "ALGORITHMS",
    "HEURISTICS",
    "STRATEGIES",
    "Heuristic",
    "MoveError",
    "NotationError",
    "Problem",
    "Result",
    "Topology",
    "apply_moves",
    "boards_along",
    "default_goal",
    "format_board_id",
    "format_rows",
    "format_wrap",
    "parse_board",
    "parse_moves",
    "parse_problem",
    "parse_wrap",
    "random_board",
    "scramble",
    "solvability",
    "solve",
    "tiles_moved",
]
__version__ = "0.1.0"
