"""The worker protocol's types: every action's arguments and reply, the progress messages
and the error reply, as the page's worker sends and receives them (JSON).

    >>> import json
    >>> from npuzzle.api import call
    >>> reply: BoardReply = json.loads(call("check", '{"board": "2x2:1,2,3,0"}'))
    >>> sorted(reply) == sorted(BoardReply.__annotations__)
    True

The page's side has the same types as JSDoc typedefs, with the same names, in
``web/protocol.js``; ``docs/protocol.md`` gives the envelope around them and the table of
actions (``npuzzle.api.dispatch.ACTIONS`` pairs each action with its types here), and
``tests/test_protocol.py`` holds the two sides and the functions to the same names.

Vocabulary.  An *action* is a name the page sends ("step_start"); its *arguments* are
the keyword arguments of the function of that name in ``npuzzle.api`` (``progress``, given
by ``call``, excepted), typed here as ``<Action>Args`` ("StepStartArgs"); its *reply* is
the dict the function returns, ``<Action>Reply`` (``{"ok": True, ...}``), or an
``ErrorReply``.  A board, goal or wrap is text in
the notation of ``npuzzle.notation`` (``"3x3:1,2,3,4,5,6,7,8,0"``, ``"r1,c2"``); an
option left out (or null) takes its default.
"""

from collections.abc import Callable
from typing import Any, Literal, NotRequired, Required, TypedDict

__all__ = [
    "ErrorReply",
    "CodedText",
    "OkReply",
    "ProblemArgs",
    "CheckArgs",
    "ProblemFields",
    "BoardReply",
    "CheckReply",
    "RandomReply",
    "SolveOptions",
    "SolveArgs",
    "SolveReply",
    "RandomArgs",
    "CoachArgs",
    "CoachReply",
    "WarmArgs",
    "WarmReply",
    "DatabasesArgs",
    "DatabasesReply",
    "RegisterReply",
    "CompareArgs",
    "CompareRow",
    "WordedRow",
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
    "StudyBoardsArgs",
    "StudyJob",
    "StudyBoardsReply",
    "StudyBoardArgs",
    "StudyRun",
    "StudyBoardReply",
    "StudyTableArgs",
    "StudyRow",
    "StudyTableReply",
    "SplitStartArgs",
    "SplitJob",
    "Split",
    "SplitReply",
    "RaceReply",
    "SplitStartReply",
    "SplitPassArgs",
    "SplitPassReply",
    "SplitFinishArgs",
    "SplitFinishReply",
    "AnalyseArgs",
    "AnalyseRow",
    "AnalyseReply",
    "SolutionsArgs",
    "SolutionsReply",
    "AnalyseProgress",
    "SearchProgress",
    "CompareProgress",
    "BuildingProgress",
    "DatabasesProgress",
    "Progress",
    "ProgressCallback",
]


# --- errors ----------------------------------------------------------------------------------


class ErrorReply(TypedDict):
    """Any action's reply to input it refuses (nothing in the api raises on bad input)."""

    ok: Literal[False]
    field: str
    """The input at fault: "board", "goal", "wrap", "moves", "options", "session",
    "database", a study's "size", "count", "depths", "seed", "boards" or "results", or
    "action" (an unknown action, arguments that are not a JSON object, an argument the
    action does not take or one missing)."""
    error: str
    """The message in English, fit to show a person (the command line prints the same)."""
    code: NotRequired[str]
    """The message's code in ``npuzzle.messages.CATALOGUE``, for the page to show it in the
    person's language; absent for the few messages with no code."""
    params: NotRequired[dict[str, Any]]
    """The code's parameters (present with ``code``)."""
    line: NotRequired[int]
    """The line at fault, counted from 1, in a field of many lines (study_boards' boards)."""


class CodedText(TypedDict):
    """A text the page shows in the person's language (``npuzzle.messages.coded``)."""

    code: str | None
    """Its code in the catalogue, None for a text that has none (shown in English)."""
    params: dict[str, Any]
    text: str
    """The English text."""


class OkReply(TypedDict):
    """A reply that says only that it was done (step_stop)."""

    ok: Literal[True]


# --- the game: check, solve, random, replay, coach, warm --------------------------------------


class ProblemArgs(TypedDict, total=False):
    """A board, and the goal and wrapped lines it is solved with."""

    board: Required[str]
    """The start."""
    goal: str | None
    """The goal (default: 1, 2, ..., then the blank)."""
    wrap: str | None
    """The rows and columns that wrap round ("r1,c2", "all"; default none)."""


class CheckArgs(ProblemArgs, total=False):
    """check's arguments: the problem alone."""


class ProblemFields(TypedDict):
    """The fields of a problem's reply: the board read, and whether it can reach the goal."""

    ok: Literal[True]
    width: int
    height: int
    goal: list[int]
    """The goal, row by row, 0 the blank."""
    wrap_rows: list[int]
    """The rows that wrap round, counted from 0."""
    wrap_cols: list[int]
    id: str
    """The start as a board ID ("3x3:1,2,...")."""
    goal_id: str
    wrap: str
    """The wraps as text ("" for none)."""
    default_goal: bool
    """The goal is the default one."""
    solvable: bool
    reason: str
    """Why it is (not) solvable, in English."""
    reason_code: CodedText
    """The same, to show in the person's language."""


class BoardReply(ProblemFields):
    """check's and random's reply."""

    tiles: list[int]
    """The start, row by row, 0 the blank."""


CheckReply = BoardReply
RandomReply = BoardReply


class SolveOptions(ProblemArgs, total=False):
    """The options of solve, split_start and split_finish (npuzzle.portfolio.solve's)."""

    algorithm: str
    """npuzzle.search.ALGORITHMS (default "idastar")."""
    heuristic: str | None
    """npuzzle.search.HEURISTICS, or None: the strategy chooses."""
    strategy: str
    """npuzzle.portfolio.STRATEGIES (default "auto")."""
    time_limit: float | None
    """Seconds (None: no limit)."""
    max_nodes: int | None
    """A*'s cap on the states it stores (None: its default for the board's size)."""


class SolveArgs(SolveOptions, total=False):
    """solve's arguments."""

    lane: list[int] | None
    """[k, n]: this worker is k of n racing the ladder's weights (see split_start)."""


class SolveReply(ProblemFields):
    """solve's reply (and split_start's or split_finish's): the problem's fields and the
    search's (npuzzle.engine.Result), as the command line's --json prints them; ``reason``
    is the search's."""

    found: bool
    moves: str
    """The blank's moves, U, D, L, R ("" when nothing was found, or the start is the goal)."""
    tiles: list[int]
    """The tile each move slides (the board is ``id``)."""
    length: int | None
    optimal: bool
    """Proven shortest."""
    lower_bound: int
    """A proven lower bound on the length of a shortest solution."""
    nodes: int
    seconds: float
    algorithm: str
    heuristic: str
    stopped: str | None
    """"time limit" or "node limit" when a limit ended the search."""
    notes: list[str]
    """What the solver tried and chose, in English."""
    note_codes: list[CodedText]
    """The notes, to show in the person's language."""
    max_nodes: int | None
    """A*'s cap on the states it stores, so a memory stop can say how many (None for the
    other searches)."""
    mtm: int | None
    """The answer's multi-tile moves (runs of one letter; None when nothing was found)."""


class RandomArgs(TypedDict, total=False):
    """random's arguments: a uniformly random solvable board, or the goal scrambled."""

    width: Required[int]
    height: Required[int]
    goal: str | None
    """The goal (default: the default goal of that size)."""
    wrap: str | None
    seed: int | None
    """The random generator's seed (None: a fresh one)."""
    moves: int | None
    """Scramble the goal by this many random moves instead (None: uniformly random)."""


class CoachArgs(ProblemArgs, total=False):
    """coach's arguments."""

    time_limit: float | None
    """Seconds for the coach's search (None: npuzzle.coach.DEFAULT_SECONDS)."""


class CoachReply(TypedDict):
    """coach's reply (npuzzle.coach.Advice)."""

    ok: Literal[True]
    solvable: bool
    distance: int | None
    """Moves left to the goal: exact, or a proven lower bound (None: unsolvable)."""
    exact: bool
    """False when ``distance`` is only a lower bound."""
    moves: dict[str, str]
    """For each legal move of the blank: "closer", "further" or "unknown"."""
    tiles: dict[str, int]
    """For each legal move, the tile it slides."""
    best: str
    """A first move of a shortest path ("" when not exact)."""
    seconds: float
    reason: str


class WarmArgs(ProblemArgs, total=False):
    """warm's arguments: the problem whose goal the next searches will have."""


class WarmReply(TypedDict):
    """warm's reply."""

    ok: Literal[True]
    seconds: float
    """Time spent building the goal's tables and kernels."""


class DatabasesArgs(TypedDict, total=False):
    """databases's arguments: another request's arguments, with its action.  Any other
    argument is taken and ignored, so the worker can pass a request's as they are."""

    board: str | None
    goal: str | None
    wrap: str | None
    action: str
    """The request's action (default "solve")."""
    algorithm: str
    heuristic: str | None
    strategy: str


class DatabasesReply(TypedDict):
    """databases's reply: the pattern databases the request will use that this process
    has not loaded yet (none for bad arguments: the action itself will say what is wrong)."""

    ok: Literal[True]
    names: list[str]
    """Database names, keys of the site's manifest.json ``pdb``."""


class RegisterReply(TypedDict):
    """register's reply (not an action: the worker calls npuzzle.api.register with a file's
    bytes); an error has the field "database"."""

    ok: Literal[True]
    name: str


# --- the speedsolvers' tools: analyse, solutions -----------------------------------------------


class AnalyseArgs(ProblemArgs, total=False):
    """analyse's arguments: a solve, as its start (any board notation, Slidysim's too) and moves."""

    moves: Required[str]
    """The solve's moves in ``notation``; a number after a letter repeats it ("R3D2L")."""
    notation: str
    """"gap" (default: each letter the way the blank goes) or "tile" (the way a tile goes,
    Slidysim's)."""
    solve_time: float | None
    """Seconds the solve took, for TPS and the export line (None: not known)."""
    time_limit: float | None
    """Seconds for the analysis (None: no limit); when it runs out, the rows done so far."""


class AnalyseRow(TypedDict):
    """One move of the solve (npuzzle.analysis.Row)."""

    move: str
    """The blank's letter (the page writes it in the chosen notation)."""
    tile: int
    """The tile it slid."""
    before: int
    """Moves left before it: exact, or a lower bound when the analysis is not ``exact``."""
    after: int
    lost: int | None
    """2 when the move took the position one further from the goal, 0 when one closer
    (None: bounds only)."""
    better: str
    """Where it lost: a move of the blank on a shortest path from the position before ("" otherwise)."""
    before_upper: int | None
    """Bounds only: the moves the solve itself still took (None when it did not reach the goal)."""
    after_upper: int | None


class AnalyseReply(TypedDict):
    """analyse's reply (npuzzle.analysis.Analysis)."""

    ok: Literal[True]
    exact: bool
    """Exact distances (3x3 and 4x4 with their databases), else bounds."""
    rows: list[AnalyseRow]
    optimum: int | None
    """The start's distance (a lower bound when not exact)."""
    length: int
    """Single-tile moves (STM)."""
    mtm: int
    """Multi-tile moves (MTM): runs of one letter."""
    lost: int | None
    first_loss: int | None
    """The number of the first move that lost moves (None: none did)."""
    solved: bool
    """The moves end on the goal."""
    optimal_mtm: int | None
    """The fewest MTM moves (boards of at most 9 cells; None elsewhere)."""
    seconds: float
    stopped: str | None
    """"time limit" when the time ran out (fewer rows than moves)."""
    reason: str
    """Why the board cannot reach its goal ("" when it can)."""
    moves: str
    """The blank's letters."""
    notation: str
    solution: str
    """The moves in ``notation`` (tile notation with counts)."""
    export: str
    """The solve on one line: scramble, solution, time, moves (STM, MTM), TPS."""


class SolutionsArgs(ProblemArgs, total=False):
    """solutions's arguments."""

    keep: int
    """How many solutions to list (default 10, at most npuzzle.api.speed.MAX_KEEP)."""
    notation: str
    """"gap" (default) or "tile": how ``solutions`` are written."""
    time_limit: float | None


class SolutionsReply(TypedDict):
    """solutions's reply (npuzzle.analysis.Solutions)."""

    ok: Literal[True]
    length: int
    """The optimal length."""
    count: int
    """How many optimal solutions there are."""
    moves: list[str]
    """The first ``keep``, as the blank's letters."""
    solutions: list[str]
    """The same in ``notation``."""
    notation: str
    nodes: int
    seconds: float


# --- the study lab -----------------------------------------------------------------------------


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
StepStopReply = OkReply


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


# --- the study lab over many boards: study_boards, study_board, study_table ----------------------


class StudyBoardsArgs(TypedDict, total=False):
    """study_boards' arguments: count random boards at each of depths, or boards one a line."""

    size: str
    """WxH of the random boards, at most 9 cells (default "3x3"; their goal, unless goal is given)."""
    goal: str | None
    wrap: str | None
    count: int | None
    """Random boards at each depth (npuzzle.api.STUDY_COUNT_RANGE)."""
    depths: list[int] | str | None
    """Solution lengths, a list or a text like "12,16,20,24"."""
    seed: int
    """The same seed draws the same boards, as ``npuzzle study --seed`` (default 0)."""
    boards: str | None
    """Boards one a line, in every notation solve takes (instead of count and depths)."""
    algorithms: list[str] | str | None
    heuristics: list[str] | str | None


class StudyJob(TypedDict):
    """One board of a study: what study_board takes besides the goal, wrap and names."""

    board: str
    depth: int | None
    """Its optimal length (random boards), None for a given board (found by solving it)."""


class StudyBoardsReply(TypedDict):
    """study_boards' reply: the boards, with the goal, wrap and names each is run with."""

    ok: Literal[True]
    goal: str
    wrap: str
    seed: int
    algorithms: list[str]
    """The algorithms to run (the command line's defaults when none were given)."""
    heuristics: list[str]
    jobs: list[StudyJob]


class StudyBoardArgs(ProblemArgs, total=False):
    """study_board's arguments: a board of the study, and its runs' names and budget."""

    depth: int | None
    algorithms: list[str] | str | None
    heuristics: list[str] | str | None
    time_limit: float | None
    """Seconds for each run."""
    max_nodes: int | None
    """Nodes each run may expand."""


class StudyRun(CompareRow):
    """One run on a board of a study: compare's row, with the board's depth."""

    depth: int | None
    """The board's depth (a given board's: the length an optimal run found, else None)."""


class StudyBoardReply(TypedDict):
    """study_board's reply: a run per algorithm x heuristic."""

    ok: Literal[True]
    start: str
    depth: int | None
    runs: list[StudyRun]


class StudyTableArgs(TypedDict):
    """study_table's argument: every board's runs (study_board's ``runs``), in the boards' order."""

    results: list[list[StudyRun]]


class StudyRow(TypedDict):
    """A row of the study's table (npuzzle.lab.study.STUDY_COLUMNS): means over the boards solved."""

    depth: int | None
    algorithm: str
    heuristic: str | None
    boards: int
    solved: int
    mean_nodes_expanded: float | None
    mean_nodes_generated: float | None
    mean_seconds: float | None
    ebf: float | None
    """The effective branching factor of the mean nodes generated."""
    cells: dict[str, CodedText]
    """The row's cells as people read them, by column (npuzzle.lab.cells)."""


class StudyTableReply(TypedDict):
    """study_table's reply: the table, as ``npuzzle study --csv`` prints it and as Markdown."""

    ok: Literal[True]
    rows: list[StudyRow]
    csv: str
    markdown: str


# --- the page's pool of workers ------------------------------------------------------------


class SplitStartArgs(SolveOptions, total=False):
    """split_start's arguments: solve's, and the pool's size (no ``lane``)."""

    lanes: int | None
    """The pool's workers."""


class SplitJob(TypedDict):
    """A subtree of a split search: split_pass's arguments."""

    board: str
    back: int
    """The cell the blank must not move back to first (the size: none)."""
    cells: list[int]
    """The blank's cells from the start to this board."""


class Split(TypedDict):
    """Where a split search stands after its first pass."""

    bound: int
    """The next pass's bound."""
    parity: int
    """The solutions' length parity."""
    nodes: int
    seconds: float
    left: float | None
    """Seconds left for optimal search (None: no limit)."""
    depth: int
    """The subtrees' depth below the start."""
    jobs: list[SplitJob]
    """Most promising first."""


class SplitReply(TypedDict):
    """split_start's reply when the pool is to split the search."""

    ok: Literal[True]
    split: Split


class RaceReply(TypedDict):
    """split_start's reply when the pool is to race the ladder's weights: it sends solve
    with ``lane`` [k, race] to ``race`` workers and keeps the shortest answer."""

    ok: Literal[True]
    race: int


SplitStartReply = SplitReply | RaceReply | SolveReply
"""split_start's reply: split the search, race, or solve's own answer (done in its first
second, or a board that is not split)."""


class SplitPassArgs(ProblemArgs, total=False):
    """split_pass's arguments: one IDA* pass below a subtree's board."""

    back: Required[int]
    depth_left: Required[int]
    """Moves left below the board within the bound."""
    bound: Required[int]
    time_limit: float | None


class SplitPassReply(TypedDict):
    """split_pass's reply."""

    ok: Literal[True]
    found: bool
    best: int
    """The largest negative slack pruned."""
    nodes: int
    cells: list[int]
    """The blank's cells below the board, when found."""
    stopped: str | None


class SplitFinishArgs(SolveOptions, total=False):
    """split_finish's arguments: solve's (no ``lane``), and what the passes found."""

    cells: Required[list[int] | None]
    """The blank's cells from the start (None: nothing found in time)."""
    bound: Required[int]
    nodes: Required[int]
    seconds: Required[float]
    """The pool's, counted from split_start."""


SplitFinishReply = SolveReply


# --- progress ------------------------------------------------------------------------------


class SearchProgress(TypedDict):
    """A search's progress, about four times a second (solve, split_start, split_pass,
    split_finish; npuzzle.engine.Clock)."""

    algorithm: str
    bound: int
    """The current pass's bound (IDA*) or f (A*)."""
    nodes: int
    seconds: float
    weight: NotRequired[str]
    """Weighted stages: the weight being tried ("3/2")."""
    best: NotRequired[int | None]
    """Weighted stages: the shortest length found so far."""


class CompareProgress(TypedDict):
    """compare's progress, after each run."""

    done: int
    total: int
    row: WordedRow


class BuildingProgress(TypedDict):
    """A pattern database being built (the command line; the page's are built by the site)."""

    phase: Literal["building"]
    database: str
    states: int
    total: int


class DatabasesProgress(TypedDict):
    """Pattern databases downloading (sent by the page's worker, before the action runs)."""

    phase: Literal["databases"]
    loaded: int
    """Bytes so far."""
    total: int
    failed: NotRequired[str]
    """Why they did not load (the action then runs without them)."""
    unpacking: NotRequired[str]
    """The file being registered."""


class AnalyseProgress(TypedDict):
    """analyse's progress, after each row."""

    phase: Literal["analyse"]
    done: int
    total: int
    seconds: float


Progress = SearchProgress | CompareProgress | BuildingProgress | DatabasesProgress | AnalyseProgress

ProgressCallback = Callable[[Progress], None]
"""What a reporting action calls with each progress dict (``call`` sends them on as JSON)."""
