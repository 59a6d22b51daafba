"""The study lab: instrumented searches to compare, step through and picture.

    >>> from npuzzle.rules.notation import parse_problem
    >>> problem = parse_problem("3x3:1,2,3,4,5,6,0,7,8")
    >>> [(r.algorithm, r.heuristic, r.length) for r in compare(problem, ["bfs", "idastar"], ["manhattan"])]
    [('bfs', None, 2), ('idastar', 'manhattan', 2)]
    >>> explain(problem, "linear-conflict")["value"]
    2
    >>> [e["type"] for e in Steps(problem, "idastar", "manhattan").next(9)]
    ['iteration', 'expand', 'cutoff', 'expand', 'cutoff', 'goal']

For teaching, beside the solver (npuzzle.search.optimal, npuzzle.search.portfolio), not instead of it:
the searches here are written to be read and count what they do (``searches``); the
modules, each importing only those before it:

- ``searches``: breadth-first search, A*, IDA*, weighted A*/IDA*, greedy best-first, as
  generators of events, with the definitions of the counts;
- ``compare``: every algorithm x heuristic on a board, each with its own budget, a row each;
- ``explain``: a heuristic's value as the sum of its parts on the board;
- ``steps``: a search one event at a time, and the first levels of its tree;
- ``cases``: the boards of the course reports (the seed documents);
- ``depths``: boards at an exact optimal depth, drawn for a study;
- ``study``: every algorithm x heuristic over many boards, the reports' table by depth.
"""

from .cases import COURSE_CASES, course_cases
from .compare import (
    BFS_CELLS,
    COLUMNS,
    DEFAULT_MAX_NODES,
    DEFAULT_TIME_LIMIT,
    DEFAULT_WEIGHT,
    HEURISTIC_DESCRIPTIONS,
    HEURISTICS,
    STOP_REASONS,
    Row,
    cell,
    cells,
    compare,
    default_algorithms,
    default_heuristics,
    in_order,
    run_order,
    shown,
    to_csv,
    to_markdown,
)
from .explain import explain
from .searches import ALGORITHMS, DESCRIPTIONS, OPTIMAL, ebf, make_heuristic
from .steps import Steps, tree
from .study import (
    STUDY_COLUMNS,
    LineError,
    boards_at_depths,
    read_boards,
    study_board,
    study_csv,
    study_markdown,
    study_names,
    study_text,
)
from .study import table as study_table

__all__ = [
    "ALGORITHMS",
    "HEURISTICS",
    "DESCRIPTIONS",
    "HEURISTIC_DESCRIPTIONS",
    "OPTIMAL",
    "COLUMNS",
    "BFS_CELLS",
    "DEFAULT_MAX_NODES",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_WEIGHT",
    "Row",
    "compare",
    "in_order",
    "run_order",
    "to_csv",
    "to_markdown",
    "shown",
    "cell",
    "cells",
    "STOP_REASONS",
    "default_algorithms",
    "default_heuristics",
    "explain",
    "Steps",
    "tree",
    "ebf",
    "make_heuristic",
    "COURSE_CASES",
    "course_cases",
    "STUDY_COLUMNS",
    "LineError",
    "boards_at_depths",
    "read_boards",
    "study_board",
    "study_names",
    "study_table",
    "study_csv",
    "study_markdown",
    "study_text",
]
