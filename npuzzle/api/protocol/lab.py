"""The study lab on one board: compare, explain, step through a search, draw its tree, the course's cases."""

from typing import Any, Literal, NotRequired, Required, TypedDict

from .common import CodedText, OkReply, ProblemArgs

__all__ = [
    "CompareArgs",
    "IdaPass",
    "CompareRow",
    "WordedRow",
    "CompareReply",
    "ExplainArgs",
    "ExplainTile",
    "ConflictLine",
    "PatternGroup",
    "Partition",
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
    "Case",
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


class IdaPass(TypedDict):
    """One pass of IDA*."""

    threshold: int
    """Its bound on f."""
    nodes_expanded: int


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
    passes: list[IdaPass] | None
    """IDA*'s passes (None for the other searches)."""


class WordedRow(CompareRow):
    """compare's row as its reply and progress give it: with its cells for people."""

    cells: dict[str, CodedText]
    """The row's cells as people read them, by column (npuzzle.lab.cells)."""


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
    rows: list[WordedRow]
    csv: NotRequired[str]
    """The table as ``npuzzle compare --csv`` prints it."""
    markdown: NotRequired[str]


class ExplainArgs(ProblemArgs, total=False):
    """explain's arguments."""

    heuristic: str
    """npuzzle.lab.HEURISTICS (default "manhattan")."""


class ExplainTile(TypedDict):
    """A tile's part of a per-tile heuristic."""

    tile: int
    cell: int
    """Where it is."""
    goal_cell: int
    """Where the goal has it."""
    distance: int
    """Moves from its cell to its goal cell in the board's graph (wraps are shortcuts)."""
    cost: int
    """Its part of the value: misplaced's 0 or 1, the distance for the others (0 for pdb)."""


class ConflictLine(TypedDict):
    """A row or column with tiles in linear conflict (npuzzle.lab.explain.line_conflicts)."""

    line: Literal["row", "column"]
    index: int
    """The row or column, counted from 0."""
    tiles: list[int]
    """The tiles in their goal line, in order along it."""
    pairs: list[list[int]]
    """The pairs of them in reverse goal order."""
    leave: list[int]
    """The tiles that must leave the line and come back (the others are a longest run in order)."""
    cost: int
    """2 moves a tile that leaves."""


class PatternGroup(TypedDict):
    """A group of a pattern database partition, and its database value on the board."""

    cells: list[int]
    """The goal cells of its tiles."""
    tiles: list[int]
    value: int


class Partition(TypedDict):
    """A partition of the tiles into pattern database groups."""

    groups: list[PatternGroup]
    total: int
    """The sum of its groups' values."""


class ExplainReply(TypedDict):
    """explain's reply: a heuristic's value on the board and its parts (npuzzle.lab.explain)."""

    ok: Literal[True]
    start: str
    goal: str
    wrap: str
    heuristic: str
    value: int
    board: list[int]
    tiles: list[ExplainTile]
    """Per tile, the blank excepted."""
    lines: list[ConflictLine]
    """Linear conflict's lines in conflict (none for the other heuristics)."""
    partitions: list[Partition]
    """The pattern databases' partitions (pdb; none for the others)."""
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
    path: str
    """A solution's moves (U D L R): its nodes are drawn below ``levels`` too, marked on_path."""


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
    on_path: bool
    """On the path given (a solution's first moves)."""
    hidden: int
    """How many nodes the search generated below this one that are not drawn (the
    subtrees collapsed under it: the picture's "+N")."""


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


class Case(TypedDict):
    """A board of the course's reports (npuzzle.lab.cases)."""

    name: str
    """The report's number, then the board's place in it ("001 #1")."""
    source: str
    """The report's file."""
    title: str
    board: str
    goal: str
    wrap: str
    """As in links ("r2,c2"; "" for none)."""
    optimal: int | None
    """The optimal length (None: not known)."""
    note: str


class CasesReply(TypedDict):
    """cases's reply: the course reports' boards, and the lab's choices with a sentence on each."""

    ok: Literal[True]
    cases: list[Case]
    algorithms: dict[str, str]
    """Each algorithm of npuzzle.lab.ALGORITHMS, and a sentence on it."""
    heuristics: dict[str, str]
    """Each heuristic of npuzzle.lab.HEURISTICS, and a sentence on it."""
