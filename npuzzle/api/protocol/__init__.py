"""The worker protocol's types, the one definition of every message between the page and its
solver workers: each action's arguments and reply, the progress messages, the error reply
and the envelope around them, as JSON.

    >>> import json
    >>> from npuzzle.api import call
    >>> reply: BoardReply = json.loads(call("check", '{"board": "2x2:1,2,3,0"}'))
    >>> sorted(reply) == sorted(BoardReply.__annotations__)
    True
    >>> from npuzzle.api.protocol.shapes import mismatches
    >>> mismatches({**reply, "width": "2"}, BoardReply)
    ["width: expected int, got '2'"]

Vocabulary.  An *action* is a name the page sends ("step_start"); its *arguments* are
the keyword arguments of the function of that name in ``npuzzle.api`` (``progress``, given
by ``call``, excepted), typed here as ``<Action>Args`` ("StepStartArgs"); its *reply* is
the dict the function returns, ``<Action>Reply`` (``{"ok": True, ...}``), or an
``ErrorReply``.  A board, goal or wrap is text in the notation of ``npuzzle.rules.notation``
("3x3:1,2,3,4,5,6,7,8,0", "r1,c2"); an option left out (or null) takes its default.

The types are TypedDicts, a module a theme; each type's docstring, and the docstring under
each of its fields, say what it means.  The page has the same types, generated from these
with their documentation by ``builder/protocol_js.py`` into ``web/generated/protocol.js`` (never
edited by hand); ``docs/protocol.md`` describes the protocol, ``npuzzle.api.dispatch.ACTIONS``
pairs each action with its function, and ``tests/test_protocol_shapes.py`` holds every
action's real replies to their types, field by field (``shapes.mismatches``).
"""

from .common import CodedText, ErrorReply, OkReply, ProblemArgs, ProblemFields
from .envelope import (
    PoolProgress,
    Timings,
    WorkerError,
    WorkerFailed,
    WorkerLoading,
    WorkerMessage,
    WorkerProgress,
    WorkerReady,
    WorkerRequest,
    WorkerResult,
)
from .game import (
    BoardReply,
    CheckArgs,
    CheckReply,
    CoachArgs,
    CoachReply,
    DatabasesArgs,
    DatabasesReply,
    RandomArgs,
    RandomReply,
    RegisterReply,
    SolveArgs,
    SolveOptions,
    SolveReply,
    WarmArgs,
    WarmReply,
)
from .lab import (
    Case,
    CasesArgs,
    CasesReply,
    CompareArgs,
    CompareReply,
    CompareRow,
    ConflictLine,
    ExplainArgs,
    ExplainReply,
    ExplainTile,
    IdaPass,
    Partition,
    PatternGroup,
    StepNextArgs,
    StepNextReply,
    StepReply,
    StepStartArgs,
    StepStartReply,
    StepStopArgs,
    StepStopReply,
    TreeArgs,
    TreeNode,
    TreeReply,
    WordedRow,
)
from .progress import (
    AnalyseProgress,
    BuildingProgress,
    CompareProgress,
    DatabasesProgress,
    Progress,
    ProgressCallback,
    SearchProgress,
)
from .speed import (
    AnalyseArgs,
    AnalyseReply,
    AnalyseRow,
    CstimerArgs,
    CstimerReply,
    CstimerSession,
    CstimerSolve,
    SolutionsArgs,
    SolutionsReply,
)
from .split import (
    RaceReply,
    Split,
    SplitFinishArgs,
    SplitFinishReply,
    SplitJob,
    SplitPassArgs,
    SplitPassReply,
    SplitReply,
    SplitStartArgs,
    SplitStartReply,
)
from .study import (
    DrawingProgress,
    StudyBoardArgs,
    StudyBoardReply,
    StudyBoardsArgs,
    StudyBoardsReply,
    StudyJob,
    StudyProgress,
    StudyReply,
    StudyRow,
    StudyRun,
    StudyTableArgs,
    StudyTableReply,
)

__all__ = [
    # envelope
    "WorkerRequest",
    "WorkerResult",
    "WorkerError",
    "WorkerProgress",
    "WorkerLoading",
    "Timings",
    "WorkerReady",
    "WorkerFailed",
    "WorkerMessage",
    "PoolProgress",
    # common
    "ErrorReply",
    "CodedText",
    "OkReply",
    "ProblemArgs",
    "ProblemFields",
    # game
    "CheckArgs",
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
    # speed
    "AnalyseArgs",
    "CstimerArgs",
    "CstimerReply",
    "CstimerSession",
    "CstimerSolve",
    "AnalyseRow",
    "AnalyseReply",
    "SolutionsArgs",
    "SolutionsReply",
    # lab
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
    # study
    "StudyBoardsArgs",
    "StudyJob",
    "StudyBoardsReply",
    "StudyBoardArgs",
    "StudyRun",
    "StudyBoardReply",
    "StudyTableArgs",
    "StudyRow",
    "StudyTableReply",
    "StudyReply",
    # split
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
    # progress
    "SearchProgress",
    "CompareProgress",
    "BuildingProgress",
    "DatabasesProgress",
    "AnalyseProgress",
    "StudyProgress",
    "DrawingProgress",
    "Progress",
    "ProgressCallback",
]
