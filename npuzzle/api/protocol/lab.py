"""The study lab on one board: compare, explain, step through a search, draw its tree, the course's cases."""

from typing import Any, Literal, NotRequired, Required, TypedDict

from .common import CodedText, OkReply, ProblemArgs

__all__ = [
    "CompareArgs",
    "CompareRow",
    "CompareReply",
    "ExplainArgs",
    "ExplainReply",
    "StepStartArgs",
    "StepNextArgs",
    "StepStopArgs",
    "StepReply",
    "StepStartReply",
    "StepNextReply",
    "StepStopReply",
    "TreeArgs",
    "TreeNode",
    "TreeReply",
    "CasesArgs",
    "CasesReply",
]


class CompareArgs(ProblemArgs, total=False):
    """compare's arguments (npuzzle.lab.compare's): lists, or comma-separated text."""

    algorithms: list[str] | str | None
    """npuzzle.lab.ALGORITHMS (None: breadth-first search on small boards, A*, IDA*)."""
    heuristics: list[str] | str | None
    """npuzzle.lab.HEURISTICS (None: the three per-tile ones, and pdb where ready)."""
    weight: float
    """The weighted searches' w."""
    time_limit: float | None
    """Seconds for each run."""
    max_nodes: int | None
    """Nodes each run may expand."""


class CompareRow(TypedDict):
    """One run of a comparison (npuzzle.lab.compare.Row)."""

    algorithm: str
    heuristic: str | None
    found: bool
    length: int | None
    optimal: bool
    nodes_expanded: int
    nodes_generated: int
    max_stored: int
    seconds: float
    iterations: int | None
    ebf: float | None
    """The effective branching factor."""
    initial_h: int | None
    stopped: str | None
    moves: str
    weight: float | None
    passes: list[dict[str, int]] | None
    """IDA*'s passes: {"threshold", "nodes_expanded"} each."""


class CompareReply(TypedDict):
    """compare's reply: a row per algorithm x heuristic, none when unsolvable (then no
    ``csv`` nor ``markdown``)."""

    ok: Literal[True]
    start: str
    """The board ID of the start."""
    goal: str
    wrap: str
    solvable: bool
    reason: str
    reason_code: CodedText
    rows: list[CompareRow]
    csv: NotRequired[str]
    """The table as ``npuzzle compare --csv`` prints it."""
    markdown: NotRequired[str]


class ExplainArgs(ProblemArgs, total=False):
    """explain's arguments."""

    heuristic: str
    """npuzzle.lab.HEURISTICS (default "manhattan")."""


class ExplainReply(TypedDict):
    """explain's reply: a heuristic's value on the board and its parts (npuzzle.lab.explain)."""

    ok: Literal[True]
    start: str
    goal: str
    wrap: str
    heuristic: str
    value: int
    board: list[int]
    tiles: list[dict[str, int]]
    """Per tile: {"tile", "cell", "goal_cell", "distance", "cost"}."""
    lines: list[dict[str, Any]]
    """Linear conflict's lines in conflict."""
    partitions: list[dict[str, Any]]
    """The pattern databases' partitions: {"groups", "total"} each."""
    chosen: int | None
    """The partition whose total is the value (pdb)."""


class StepStartArgs(ProblemArgs, total=False):
    """step_start's arguments."""

    algorithm: str
    """npuzzle.lab.ALGORITHMS (default "astar")."""
    heuristic: str
    weight: float
    n: int
    """Events to return at most."""


class StepNextArgs(TypedDict, total=False):
    """step_next's arguments."""

    session: Required[int]
    """The session step_start opened."""
    n: int


class StepStopArgs(TypedDict):
    """step_stop's arguments."""

    session: int


class StepReply(TypedDict):
    """step_start's and step_next's reply."""

    ok: Literal[True]
    session: int
    events: list[dict[str, Any]]
    """The search's next events: {"type": "expand" | "goal" | "iteration" | "iteration_end"
    | "stopped", ...}, as npuzzle.lab.searches yields them."""
    done: bool
    """The search has ended (the session is forgotten)."""
    moves: str | None
    """The answer once done (None: not found, or not done)."""


StepStartReply = StepNextReply = StepReply
"""step_start's and step_next's reply."""

StepStopReply = OkReply
"""step_stop's reply."""


class TreeArgs(ProblemArgs, total=False):
    """tree's arguments."""

    algorithm: str
    """Any of npuzzle.lab.ALGORITHMS but "bfs" (default "astar")."""
    heuristic: str
    levels: int
    """Depth of the picture."""
    steps: int
    """A* and greedy: the tree after this many expansions."""
    iteration: int
    """IDA*: the tree of this pass."""
    weight: float


class TreeNode(TypedDict):
    """A node of a search tree picture."""

    id: int
    parent: int | None
    move: str | None
    board: list[int]
    g: int
    h: int | None
    f: float | None
    status: str
    """"expanded", "in open", "duplicate", "superseded", "cut-off" or "goal"."""
    step: NotRequired[int]
    """A*, weighted A* and greedy, a node expanded: the expansion that expanded it (its
    nodes_expanded count then)."""


class TreeReply(TypedDict):
    """tree's reply (npuzzle.lab.tree)."""

    ok: Literal[True]
    start: str
    goal: str
    wrap: str
    algorithm: str
    heuristic: str
    levels: int
    threshold: float | None
    """IDA*'s threshold in that pass."""
    truncated: bool
    """The search ran out of its budget first."""
    nodes: list[TreeNode]


class CasesArgs(TypedDict):
    """cases takes no arguments."""


class CasesReply(TypedDict):
    """cases's reply: the course reports' boards, and the lab's choices with a sentence on each."""

    ok: Literal[True]
    cases: list[dict[str, Any]]
    """{"name", "source", "title", "board", "goal", "wrap", "optimal", "note"} each."""
    algorithms: dict[str, str]
    heuristics: dict[str, str]
