// @ts-check
// Generated from npuzzle/api/protocol/ by builder/protocol_js.py: do not edit.  Change the
// Python types (their docstrings are the documentation below) and build again.
//
// The worker protocol's types on the page's side: the messages between the page and its
// solver workers (the envelope), and every action's arguments, reply and progress.
// docs/protocol.md describes the protocol.
//
// Types only: nothing imports this module at run time.  A module names a type in its JSDoc
// as `import("./protocol.js").SolveArgs`.  An action "step_start" has `StepStartArgs` and
// `StepStartReply`; any reply may be an `ErrorReply` instead.  `Actions`, at the end, maps
// every action to both: ask() and the workers' request() are typed by it, so a call that
// names another action, passes another argument or reads another reply field is an error.

// -------------------------------------------------------------------------------------------------
// The envelope: the messages between the page and a worker, around every action's arguments and
// reply.
//
// The page sends a WorkerRequest; the worker answers it with a WorkerResult (the action's reply, or
// an ErrorReply: bad input is a reply) or a WorkerError (no reply at all), and sends WorkerProgress
// while it runs. WorkerLoading, WorkerReady and WorkerFailed tell how the worker's start goes.
// These messages are built by web/solver/worker.js, not by Python: they are typed here so that one
// file defines every type the page and the package share.

/**
 * A request from the page to a worker (solver.js sends it): the action's keyword arguments in
 * `args`; `id` pairs the answer with it.
 * @typedef {object} WorkerRequest
 * @property {number} id
 * @property {string} action A key of npuzzle.api.dispatch.ACTIONS ("solve").
 * @property {Object<string, *>} args The action's `<Action>Args`.
 * @property {boolean} [strong] The person asked for the strongest 4x4 tables (Solver options): the
 *   worker fetches them too where the action's search can use them (DatabasesArgs' `strong`).
 */

/**
 * The worker's answer to a request: the action's reply (`<Action>Reply` or `ErrorReply`: bad input
 * is a reply, never an error).
 * @typedef {object} WorkerResult
 * @property {number} id
 * @property {Object<string, *>} result
 */

/**
 * The worker's answer to a request that could not be answered: the worker did not start, or Python
 * raised (a bug). Solver.request rejects with an Error of this text.
 * @typedef {object} WorkerError
 * @property {number} id
 * @property {string} error
 */

/**
 * Progress of a request under way: the pattern databases downloading, then the action's own (the
 * actions of npuzzle.api.REPORTING).
 * @typedef {object} WorkerProgress
 * @property {"progress"} type
 * @property {number} id
 * @property {Progress} progress
 */

/**
 * The worker while it starts: `step` names the stage for the page's messages, `text` says it in
 * English.
 * @typedef {object} WorkerLoading
 * @property {"loading"} type
 * @property {"runtime" | "install"} step
 * @property {string} text
 */

/**
 * Seconds the worker spent starting.
 * @typedef {object} Timings
 * @property {number} runtime Loading Pyodide with micropip, or from the memory snapshot.
 * @property {number} wheel Installing the npuzzle wheel (0 from the snapshot).
 * @property {number} import Importing npuzzle.api.
 * @property {string} snapshot "used", "none" (the site has none) or "failed: <why>" (a normal start
 *   followed).
 * @property {number | null} snapshot_rate The snapshot's download rate in MB/s over its first 0.3
 *   s, or null (it came sooner, or the site has none).
 */

/**
 * The worker can answer requests.
 * @typedef {object} WorkerReady
 * @property {"ready"} type
 * @property {string} version npuzzle.__version__
 * @property {Timings} timings
 */

/**
 * The worker could not start (its requests are answered with a WorkerError).
 * @typedef {object} WorkerFailed
 * @property {"failed"} type
 * @property {string} error
 */

/**
 * Any message from a worker to the page.
 * @typedef {WorkerResult | WorkerError | WorkerProgress | WorkerLoading | WorkerReady | WorkerFailed} WorkerMessage
 */

/**
 * What the pool's split or raced solve reports to the page (web/solver/pool.js; not sent by a
 * worker): SearchProgress with its nodes added over the workers, never going back.
 * @typedef {object} PoolProgress
 * @property {string} algorithm
 * @property {number} bound The current pass's bound (IDA*) or f (A*).
 * @property {number} nodes
 * @property {number} seconds
 * @property {string} [weight] Weighted stages: the weight being tried ("3/2").
 * @property {number | null} [best] Weighted stages: the shortest length found so far.
 * @property {number} workers The workers searching.
 */

// -------------------------------------------------------------------------------------------------
// What every action shares: the error reply, coded texts, and a problem's arguments and fields.

/**
 * Any action's reply to input it refuses (nothing in the api raises on bad input).
 * @typedef {object} ErrorReply
 * @property {false} ok
 * @property {string} field The input at fault: "board", "goal", "wrap", "moves", "options",
 *   "session", "database", a study's "size", "count", "depths", "seed", "boards" or "results", a
 *   file's "text" (cstimer), or "action" (an unknown action, arguments that are not a JSON object,
 *   an argument the action does not take or one missing).
 * @property {string} error The message in English, fit to show a person (the command line prints
 *   the same).
 * @property {string} [code] The message's code in `npuzzle.catalogue.CATALOGUE`, for the page to
 *   show it in the person's language; absent for the few messages with no code.
 * @property {Object<string, *>} [params] The code's parameters (present with `code`), as the
 *   message shows them (`npuzzle.catalogue.shown`: a value it quotes or formats is that text).
 * @property {number} [line] The line at fault, counted from 1, in a field of many lines
 *   (study_boards' boards).
 */

/**
 * A text the page shows in the person's language (`npuzzle.catalogue.coded`).
 * @typedef {object} CodedText
 * @property {string | null} code Its code in the catalogue, null for a text that has none (shown in
 *   English).
 * @property {Object<string, *>} params The code's parameters, as the message shows them
 *   (`npuzzle.catalogue.shown`).
 * @property {string} text The English text.
 */

/**
 * A reply that says only that it was done (step_stop).
 * @typedef {object} OkReply
 * @property {true} ok
 */

/**
 * A board, and the goal and wrapped lines it is solved with.
 * @typedef {object} ProblemArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 */

/**
 * The fields of a problem's reply: the board read, and whether it can reach the goal.
 * @typedef {object} ProblemFields
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {number[]} goal The goal, row by row, 0 the blank.
 * @property {number[]} wrap_rows The rows that wrap round, counted from 0.
 * @property {number[]} wrap_cols The columns that wrap round, counted from 0.
 * @property {string} id The start as a board ID ("3x3:1,2,...").
 * @property {string} goal_id The goal as a board ID.
 * @property {string} wrap The wraps as text ("" for none).
 * @property {boolean} default_goal The goal is the default one.
 * @property {boolean} solvable
 * @property {string} reason Why it is (not) solvable, in English.
 * @property {CodedText} reason_code The same, to show in the person's language.
 */

// -------------------------------------------------------------------------------------------------
// The game: check, solve, random, coach, warm, and the pattern databases a request needs.

/**
 * check's arguments: the problem alone.
 * @typedef {object} CheckArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 */

/**
 * check's and random's reply.
 * @typedef {object} BoardReply
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {number[]} goal The goal, row by row, 0 the blank.
 * @property {number[]} wrap_rows The rows that wrap round, counted from 0.
 * @property {number[]} wrap_cols The columns that wrap round, counted from 0.
 * @property {string} id The start as a board ID ("3x3:1,2,...").
 * @property {string} goal_id The goal as a board ID.
 * @property {string} wrap The wraps as text ("" for none).
 * @property {boolean} default_goal The goal is the default one.
 * @property {boolean} solvable
 * @property {string} reason Why it is (not) solvable, in English.
 * @property {CodedText} reason_code The same, to show in the person's language.
 * @property {number[]} tiles The start, row by row, 0 the blank.
 */

/**
 * check's reply.
 * @typedef {BoardReply} CheckReply
 */

/**
 * random's reply.
 * @typedef {BoardReply} RandomReply
 */

/**
 * The options of solve, split_start and split_finish (npuzzle.search.portfolio.solve's).
 * @typedef {object} SolveOptions
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] npuzzle.search.optimal.ALGORITHMS (default "idastar").
 * @property {string | null} [heuristic] npuzzle.search.optimal.HEURISTICS, or null: the strategy
 *   chooses.
 * @property {string} [strategy] npuzzle.search.portfolio.STRATEGIES (default "auto").
 * @property {number | null} [time_limit] Seconds (null: no limit).
 * @property {number | null} [max_nodes] A*'s cap on the states it stores (null: its default for the
 *   board's size).
 */

/**
 * solve's arguments.
 * @typedef {object} SolveArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] npuzzle.search.optimal.ALGORITHMS (default "idastar").
 * @property {string | null} [heuristic] npuzzle.search.optimal.HEURISTICS, or null: the strategy
 *   chooses.
 * @property {string} [strategy] npuzzle.search.portfolio.STRATEGIES (default "auto").
 * @property {number | null} [time_limit] Seconds (null: no limit).
 * @property {number | null} [max_nodes] A*'s cap on the states it stores (null: its default for the
 *   board's size).
 * @property {number[] | null} [lane] [k, n]: this worker is k of n racing the ladder's weights (see
 *   split_start).
 */

/**
 * solve's reply (and split_start's or split_finish's): the problem's fields and the search's
 * (npuzzle.result.Result), as the command line's --json prints them; `reason` is the search's.
 * @typedef {object} SolveReply
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {number[]} goal The goal, row by row, 0 the blank.
 * @property {number[]} wrap_rows The rows that wrap round, counted from 0.
 * @property {number[]} wrap_cols The columns that wrap round, counted from 0.
 * @property {string} id The start as a board ID ("3x3:1,2,...").
 * @property {string} goal_id The goal as a board ID.
 * @property {string} wrap The wraps as text ("" for none).
 * @property {boolean} default_goal The goal is the default one.
 * @property {boolean} solvable
 * @property {string} reason Why it is (not) solvable, in English.
 * @property {CodedText} reason_code The same, to show in the person's language.
 * @property {boolean} found
 * @property {string} moves The blank's moves, U, D, L, R ("" when nothing was found, or the start
 *   is the goal).
 * @property {number[]} tiles The tile each move slides (the board is `id`).
 * @property {number | null} length
 * @property {boolean} optimal Proven shortest.
 * @property {number} lower_bound A proven lower bound on the length of a shortest solution.
 * @property {number} nodes
 * @property {number} seconds
 * @property {string} algorithm
 * @property {string} heuristic
 * @property {string | null} stopped "time limit" or "node limit" when a limit ended the search.
 * @property {string[]} notes What the solver tried and chose, in English.
 * @property {CodedText[]} note_codes The notes, to show in the person's language.
 * @property {number | null} max_nodes A*'s cap on the states it stores, so a memory stop can say
 *   how many (null for the other searches).
 * @property {number | null} mtm The answer's multi-tile moves (runs of one letter; null when
 *   nothing was found).
 */

/**
 * random's arguments: a uniformly random solvable board, or the goal scrambled.
 * @typedef {object} RandomArgs
 * @property {number} width
 * @property {number} height
 * @property {string | null} [goal] The goal (default: the default goal of that size).
 * @property {string | null} [wrap]
 * @property {number | null} [seed] The random generator's seed (null: a fresh one).
 * @property {number | null} [moves] Scramble the goal by this many random moves instead (null:
 *   uniformly random).
 */

/**
 * coach's arguments.
 * @typedef {object} CoachArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {number | null} [time_limit] Seconds for the coach's search (null:
 *   npuzzle.speedsolving.coach.DEFAULT_SECONDS).
 */

/**
 * coach's reply (npuzzle.speedsolving.coach.Advice).
 * @typedef {object} CoachReply
 * @property {true} ok
 * @property {boolean} solvable
 * @property {number | null} distance Moves left to the goal: exact, or a proven lower bound (null:
 *   unsolvable).
 * @property {boolean} exact `distance` is exact (else only a lower bound).
 * @property {Object<string, string>} moves For each legal move of the blank: "closer", "further" or
 *   "unknown".
 * @property {Object<string, number>} tiles For each legal move, the tile it slides.
 * @property {string} best A first move of a shortest path ("" when not exact).
 * @property {number} seconds
 * @property {string} reason
 */

/**
 * warm's arguments: the problem whose goal the next searches will have.
 * @typedef {object} WarmArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 */

/**
 * warm's reply.
 * @typedef {object} WarmReply
 * @property {true} ok
 * @property {number} seconds Time spent building the goal's tables and kernels.
 */

/**
 * databases's arguments: another request's arguments, with its action. Any other argument is taken
 * and ignored, so the worker can pass a request's as they are.
 * @typedef {object} DatabasesArgs
 * @property {string | null} [board]
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [action] The request's action (default "solve").
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 * @property {boolean} [strong] Whether the person asked for the strongest 4x4 tables (7-8:
 *   PAGE_LEVEL's), which a 4x4 solve then needs too where they apply to its goal.
 */

/**
 * databases's reply: the pattern databases the request will use that this process has not loaded
 * yet (none for bad arguments: the action itself will say what is wrong).
 * @typedef {object} DatabasesReply
 * @property {true} ok
 * @property {string[]} names Database names, keys of the site's manifest.json `pdb`.
 */

/**
 * register's reply (not an action: the worker calls npuzzle.api.register with a file's bytes); an
 * error has the field "database".
 * @typedef {object} RegisterReply
 * @property {true} ok
 * @property {string} name
 */

// -------------------------------------------------------------------------------------------------
// The speedsolvers' tools: analyse a solve, list every optimal solution.

/**
 * analyse's arguments: a solve, as its start (any board notation, Slidysim's too) and moves.
 * @typedef {object} AnalyseArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} moves The solve's moves in `notation`; a number after a letter repeats it
 *   ("R3D2L").
 * @property {string} [notation] "gap" (default: each letter the way the blank goes) or "tile" (the
 *   way a tile goes, Slidysim's).
 * @property {number | null} [solve_time] Seconds the solve took, for TPS and the export line (null:
 *   not known).
 * @property {number | null} [time_limit] Seconds for the analysis (null: no limit); when it runs
 *   out, the rows done so far.
 */

/**
 * One move of the solve (npuzzle.speedsolving.analysis.Row).
 * @typedef {object} AnalyseRow
 * @property {string} move The blank's letter (the page writes it in the chosen notation).
 * @property {number} tile The tile it slid.
 * @property {number} before Moves left before it: exact, or a lower bound when the analysis is not
 *   `exact`.
 * @property {number} after
 * @property {number | null} lost 2 when the move took the position one further from the goal, 0
 *   when one closer (null: bounds only).
 * @property {string} better Where it lost: a move of the blank on a shortest path from the position
 *   before ("" otherwise).
 * @property {number | null} before_upper Bounds only: the moves the solve itself still took (null
 *   when it did not reach the goal).
 * @property {number | null} after_upper
 */

/**
 * analyse's reply (npuzzle.speedsolving.analysis.Analysis).
 * @typedef {object} AnalyseReply
 * @property {true} ok
 * @property {boolean} exact Exact distances (3x3 and 4x4 with their databases), else bounds.
 * @property {AnalyseRow[]} rows
 * @property {number | null} optimum The start's distance (a lower bound when not exact).
 * @property {number} length Single-tile moves (STM).
 * @property {number} mtm Multi-tile moves (MTM): runs of one letter.
 * @property {number | null} lost
 * @property {number | null} first_loss The number of the first move that lost moves (null: none
 *   did).
 * @property {boolean} solved The moves end on the goal.
 * @property {number | null} optimal_mtm The fewest MTM moves (boards of at most 9 cells; null
 *   elsewhere).
 * @property {number} seconds
 * @property {string | null} stopped "time limit" when the time ran out (fewer rows than moves).
 * @property {string} reason Why the board cannot reach its goal ("" when it can).
 * @property {string} moves The blank's letters.
 * @property {string} notation
 * @property {string} solution The moves in `notation` (tile notation with counts).
 * @property {string} export The solve on one line: scramble, solution, time, moves (STM, MTM), TPS.
 */

/**
 * solutions's arguments.
 * @typedef {object} SolutionsArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {number} [keep] How many solutions to list (default 10, at most
 *   npuzzle.api.speed.MAX_KEEP).
 * @property {string} [notation] "gap" (default) or "tile": how `solutions` are written.
 * @property {number | null} [time_limit]
 */

/**
 * solutions's reply (npuzzle.speedsolving.analysis.Solutions).
 * @typedef {object} SolutionsReply
 * @property {true} ok
 * @property {number} length The optimal length.
 * @property {number} count How many optimal solutions there are.
 * @property {string[]} moves The first `keep`, as the blank's letters.
 * @property {string[]} solutions The same in `notation`.
 * @property {string} notation
 * @property {number} nodes
 * @property {number} seconds
 */

/**
 * cstimer's arguments: csTimer's export file.
 * @typedef {object} CstimerArgs
 * @property {string} text The file's whole text (one JSON text, as csTimer's "export to file"
 *   writes it).
 */

/**
 * A solve as the page keeps it (web/practice/session.js's Solve).
 * @typedef {object} CstimerSolve
 * @property {number} date When it ended, ms since 1970.
 * @property {string} type "random": csTimer's scrambles are random states.
 * @property {number} ms The time in ms, without the penalty.
 * @property {string} penalty "", "+2" or "DNF".
 * @property {string} scramble The board ID the scramble leaves from the solved board.
 * @property {string} moves Empty: csTimer keeps no moves.
 * @property {number[] | null} times
 * @property {number | null} optimum
 * @property {boolean} assisted
 */

/**
 * A 15-puzzle or 8-puzzle session of the file.
 * @typedef {object} CstimerSession
 * @property {string} name Its name in csTimer.
 * @property {string} kind "4x4" or "3x3".
 * @property {CstimerSolve[]} solves
 */

/**
 * cstimer's reply (npuzzle.speedsolving.cstimer.CsTimerFile).
 * @typedef {object} CstimerReply
 * @property {true} ok
 * @property {CstimerSession[]} sessions The sliding-puzzle sessions, in csTimer's order.
 * @property {string[]} left_out The names of the sessions with solves that are not sliding puzzles
 *   (cubes...), left out.
 */

// -------------------------------------------------------------------------------------------------
// The study lab on one board: compare, explain, step through a search, draw its tree, the course's
// cases.

/**
 * compare's arguments (npuzzle.lab.compare's): lists, or comma-separated text.
 * @typedef {object} CompareArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string[] | string | null} [algorithms] npuzzle.lab.ALGORITHMS (null: breadth-first
 *   search on small boards, A*, IDA*).
 * @property {string[] | string | null} [heuristics] npuzzle.lab.HEURISTICS (null: the three
 *   per-tile ones, and pdb where ready).
 * @property {number} [weight] The weighted searches' w.
 * @property {number | null} [time_limit] Seconds for each run.
 * @property {number | null} [max_nodes] Nodes each run may expand.
 */

/**
 * One pass of IDA*.
 * @typedef {object} IdaPass
 * @property {number} threshold Its bound on f.
 * @property {number} nodes_expanded
 */

/**
 * One run of a comparison (npuzzle.lab.compare.Row).
 * @typedef {object} CompareRow
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {boolean} found
 * @property {number | null} length
 * @property {boolean} optimal
 * @property {number} nodes_expanded
 * @property {number} nodes_generated
 * @property {number} max_stored
 * @property {number} seconds
 * @property {number | null} iterations
 * @property {number | null} ebf The effective branching factor.
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {IdaPass[] | null} passes IDA*'s passes (null for the other searches).
 */

/**
 * compare's row as its reply and progress give it: with its cells for people.
 * @typedef {object} WordedRow
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {boolean} found
 * @property {number | null} length
 * @property {boolean} optimal
 * @property {number} nodes_expanded
 * @property {number} nodes_generated
 * @property {number} max_stored
 * @property {number} seconds
 * @property {number | null} iterations
 * @property {number | null} ebf The effective branching factor.
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {IdaPass[] | null} passes IDA*'s passes (null for the other searches).
 * @property {Object<string, CodedText>} cells The row's cells as people read them, by column
 *   (npuzzle.lab.cells).
 */

/**
 * compare's reply: a row per algorithm x heuristic, none when unsolvable (then no `csv` nor
 * `markdown`).
 * @typedef {object} CompareReply
 * @property {true} ok
 * @property {string} start The board ID of the start.
 * @property {string} goal
 * @property {string} wrap
 * @property {boolean} solvable
 * @property {string} reason
 * @property {CodedText} reason_code
 * @property {WordedRow[]} rows
 * @property {string} [csv] The table as `npuzzle compare --csv` prints it.
 * @property {string} [markdown]
 */

/**
 * explain's arguments.
 * @typedef {object} ExplainArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [heuristic] npuzzle.lab.HEURISTICS (default "manhattan").
 */

/**
 * A tile's part of a per-tile heuristic.
 * @typedef {object} ExplainTile
 * @property {number} tile
 * @property {number} cell Where it is.
 * @property {number} goal_cell Where the goal has it.
 * @property {number} distance Moves from its cell to its goal cell in the board's graph (wraps are
 *   shortcuts).
 * @property {number} cost Its part of the value: misplaced's 0 or 1, the distance for the others (0
 *   for pdb).
 */

/**
 * A row or column with tiles in linear conflict (npuzzle.lab.explain.line_conflicts).
 * @typedef {object} ConflictLine
 * @property {"row" | "column"} line
 * @property {number} index The row or column, counted from 0.
 * @property {number[]} tiles The tiles in their goal line, in order along it.
 * @property {Array<number[]>} pairs The pairs of them in reverse goal order.
 * @property {number[]} leave The tiles that must leave the line and come back (the others are a
 *   longest run in order).
 * @property {number} cost 2 moves a tile that leaves.
 */

/**
 * A group of a pattern database partition, and its database value on the board.
 * @typedef {object} PatternGroup
 * @property {number[]} cells The goal cells of its tiles.
 * @property {number[]} tiles
 * @property {number} value
 */

/**
 * A partition of the tiles into pattern database groups.
 * @typedef {object} Partition
 * @property {PatternGroup[]} groups
 * @property {number} total The sum of its groups' values.
 */

/**
 * explain's reply: a heuristic's value on the board and its parts (npuzzle.lab.explain).
 * @typedef {object} ExplainReply
 * @property {true} ok
 * @property {string} start
 * @property {string} goal
 * @property {string} wrap
 * @property {string} heuristic
 * @property {number} value
 * @property {number[]} board
 * @property {ExplainTile[]} tiles Per tile, the blank excepted.
 * @property {ConflictLine[]} lines Linear conflict's lines in conflict (none for the other
 *   heuristics).
 * @property {Partition[]} partitions The pattern databases' partitions (pdb; none for the others).
 * @property {number | null} chosen The partition whose total is the value (pdb).
 */

/**
 * step_start's arguments.
 * @typedef {object} StepStartArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] npuzzle.lab.ALGORITHMS (default "astar").
 * @property {string} [heuristic]
 * @property {number} [weight]
 * @property {number} [n] Events to return at most.
 */

/**
 * step_next's arguments.
 * @typedef {object} StepNextArgs
 * @property {number} session The session step_start opened.
 * @property {number} [n]
 */

/**
 * step_stop's arguments.
 * @typedef {object} StepStopArgs
 * @property {number} session
 */

/**
 * step_start's and step_next's reply.
 * @typedef {object} StepReply
 * @property {true} ok
 * @property {number} session
 * @property {Array<Object<string, *>>} events The search's next events: {"type": "expand" | "goal"
 *   | "iteration" | "iteration_end" | "stopped", ...}, as npuzzle.lab.searches yields them.
 * @property {boolean} done The search has ended (the session is forgotten).
 * @property {string | null} moves The answer once done (null: not found, or not done).
 */

/**
 * step_start's and step_next's reply.
 * @typedef {StepReply} StepStartReply
 */

/**
 * step_start's and step_next's reply.
 * @typedef {StepReply} StepNextReply
 */

/**
 * step_stop's reply.
 * @typedef {OkReply} StepStopReply
 */

/**
 * tree's arguments.
 * @typedef {object} TreeArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] Any of npuzzle.lab.ALGORITHMS but "bfs" (default "astar").
 * @property {string} [heuristic]
 * @property {number} [levels] Depth of the picture.
 * @property {number} [steps] A* and greedy: the tree after this many expansions.
 * @property {number} [iteration] IDA*: the tree of this pass.
 * @property {number} [weight]
 * @property {string} [path] A solution's moves (U D L R): its nodes are drawn below `levels` too,
 *   marked on_path.
 */

/**
 * A node of a search tree picture.
 * @typedef {object} TreeNode
 * @property {number} id
 * @property {number | null} parent
 * @property {string | null} move
 * @property {number[]} board
 * @property {number} g
 * @property {number | null} h
 * @property {number | null} f
 * @property {string} status "expanded", "in open", "duplicate", "superseded", "cut-off" or "goal".
 * @property {number} [step] A*, weighted A* and greedy, a node expanded: the expansion that
 *   expanded it (its nodes_expanded count then).
 * @property {boolean} on_path On the path given (a solution's first moves).
 * @property {number} hidden How many nodes the search generated below this one that are not drawn
 *   (the subtrees collapsed under it: the picture's "+N").
 */

/**
 * tree's reply (npuzzle.lab.tree).
 * @typedef {object} TreeReply
 * @property {true} ok
 * @property {string} start
 * @property {string} goal
 * @property {string} wrap
 * @property {string} algorithm
 * @property {string} heuristic
 * @property {number} levels
 * @property {number | null} threshold IDA*'s threshold in that pass.
 * @property {boolean} truncated The search ran out of its budget first.
 * @property {TreeNode[]} nodes
 */

/**
 * cases takes no arguments.
 * @typedef {object} CasesArgs
 */

/**
 * A board of the course's reports (npuzzle.lab.cases).
 * @typedef {object} Case
 * @property {string} name The report's number, then the board's place in it ("001 #1").
 * @property {string} source The report's file.
 * @property {string} title
 * @property {string} board
 * @property {string} goal
 * @property {string} wrap As in links ("r2,c2"; "" for none).
 * @property {number | null} optimal The optimal length (null: not known).
 * @property {string} note
 */

/**
 * cases's reply: the course reports' boards, and the lab's choices with a sentence on each.
 * @typedef {object} CasesReply
 * @property {true} ok
 * @property {Case[]} cases
 * @property {Object<string, string>} algorithms Each algorithm of npuzzle.lab.ALGORITHMS, and a
 *   sentence on it.
 * @property {Object<string, string>} heuristics Each heuristic of npuzzle.lab.HEURISTICS, and a
 *   sentence on it.
 */

// -------------------------------------------------------------------------------------------------
// The study lab over many boards: draw them (study_boards), run one (study_board), make the table
// (study_table).

/**
 * study_boards' arguments: count random boards at each of depths, or boards one a line.
 * @typedef {object} StudyBoardsArgs
 * @property {string | null} [size] WxH of the random boards (default "3x3"; pasted boards: the
 *   first one's size), solved towards its goal unless goal is given: at most 9 cells, or a size
 *   with pattern databases (the 4x4), where walks proven by the optimal solver draw them
 *   (npuzzle.lab.depths).
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number | null} [count] Random boards at each depth (npuzzle.api.STUDY_COUNT_RANGE).
 * @property {number[] | string | null} [depths] Solution lengths, a list or a text like
 *   "12,16,20,24".
 * @property {number} [seed] The same seed draws the same boards, as `npuzzle study --seed` (default
 *   0).
 * @property {string | null} [boards] Boards one a line, in every notation solve takes (instead of
 *   count and depths).
 * @property {string[] | string | null} [algorithms]
 * @property {string[] | string | null} [heuristics]
 */

/**
 * One board of a study: what study_board takes besides the goal, wrap and names.
 * @typedef {object} StudyJob
 * @property {string} board
 * @property {number | null} depth Its optimal length (random boards), null for a given board (found
 *   by solving it).
 */

/**
 * study_boards' reply: the boards, with the goal, wrap and names each is run with.
 * @typedef {object} StudyBoardsReply
 * @property {true} ok
 * @property {string} goal
 * @property {string} wrap
 * @property {number} seed
 * @property {string[]} algorithms The algorithms to run (the command line's defaults when none were
 *   given).
 * @property {string[]} heuristics
 * @property {StudyJob[]} jobs
 */

/**
 * study_board's arguments: a board of the study, and its runs' names and budget.
 * @typedef {object} StudyBoardArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {number | null} [depth]
 * @property {string[] | string | null} [algorithms]
 * @property {string[] | string | null} [heuristics]
 * @property {number | null} [time_limit] Seconds for each run.
 * @property {number | null} [max_nodes] Nodes each run may expand.
 */

/**
 * study_board's progress: as each run starts and about four times a second while it runs.
 * @typedef {object} StudyProgress
 * @property {"study"} phase
 * @property {number} run The run's place on this board, from 1.
 * @property {number} runs
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {number} nodes Nodes expanded so far by this run.
 */

/**
 * study_boards' progress: after each board drawn by a proven walk (a 4x4).
 * @typedef {object} DrawingProgress
 * @property {"drawing"} phase
 * @property {number} drawn
 * @property {number} total The boards wanted (fewer are drawn where a depth has fewer).
 */

/**
 * One run on a board of a study: compare's row, with the board's depth.
 * @typedef {object} StudyRun
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {boolean} found
 * @property {number | null} length
 * @property {boolean} optimal
 * @property {number} nodes_expanded
 * @property {number} nodes_generated
 * @property {number} max_stored
 * @property {number} seconds
 * @property {number | null} iterations
 * @property {number | null} ebf The effective branching factor.
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {IdaPass[] | null} passes IDA*'s passes (null for the other searches).
 * @property {number | null} depth The board's depth (a given board's: the length an optimal run
 *   found, else null).
 */

/**
 * study_board's reply: a run per algorithm x heuristic.
 * @typedef {object} StudyBoardReply
 * @property {true} ok
 * @property {string} start
 * @property {number | null} depth
 * @property {StudyRun[]} runs
 */

/**
 * study_table's argument: every board's runs (study_board's `runs`), in the boards' order.
 * @typedef {object} StudyTableArgs
 * @property {Array<StudyRun[]>} results
 */

/**
 * A row of the study's table (npuzzle.lab.study.STUDY_COLUMNS): means over the boards solved.
 * @typedef {object} StudyRow
 * @property {number | null} depth
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {number} boards
 * @property {number} solved
 * @property {number | null} mean_nodes_expanded
 * @property {number | null} mean_nodes_generated
 * @property {number | null} mean_seconds
 * @property {number | null} ebf The effective branching factor of the mean nodes generated.
 * @property {Object<string, CodedText>} cells The row's cells as people read them, by column
 *   (npuzzle.lab.cells).
 */

/**
 * study_table's reply: the table, as `npuzzle study --csv` prints it and as Markdown.
 * @typedef {object} StudyTableReply
 * @property {true} ok
 * @property {StudyRow[]} rows
 * @property {string} csv
 * @property {string} markdown
 */

/**
 * A whole study in one reply (`npuzzle.api.study`, and `npuzzle study --json`): the table
 * (study_table's reply) with the goal, wrap, seed and names it was run with (study_boards').
 * @typedef {object} StudyReply
 * @property {true} ok
 * @property {StudyRow[]} rows
 * @property {string} csv
 * @property {string} markdown
 * @property {string} goal
 * @property {string} wrap
 * @property {number} seed
 * @property {string[]} algorithms
 * @property {string[]} heuristics
 * @property {number} seconds The whole study's wall time, drawing the boards included.
 */

// -------------------------------------------------------------------------------------------------
// The page's pool of workers: a solve split over several (split_start, split_pass, split_finish),
// or raced.

/**
 * split_start's arguments: solve's, and the pool's size (no `lane`).
 * @typedef {object} SplitStartArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] npuzzle.search.optimal.ALGORITHMS (default "idastar").
 * @property {string | null} [heuristic] npuzzle.search.optimal.HEURISTICS, or null: the strategy
 *   chooses.
 * @property {string} [strategy] npuzzle.search.portfolio.STRATEGIES (default "auto").
 * @property {number | null} [time_limit] Seconds (null: no limit).
 * @property {number | null} [max_nodes] A*'s cap on the states it stores (null: its default for the
 *   board's size).
 * @property {number | null} [lanes] The pool's workers.
 */

/**
 * A subtree of a split search: split_pass's arguments.
 * @typedef {object} SplitJob
 * @property {string} board
 * @property {number} back The cell the blank must not move back to first (the size: none).
 * @property {number[]} cells The blank's cells from the start to this board.
 */

/**
 * Where a split search stands after its first pass.
 * @typedef {object} Split
 * @property {number} bound The next pass's bound.
 * @property {number} parity The solutions' length parity.
 * @property {number} nodes
 * @property {number} seconds
 * @property {number | null} left Seconds left for optimal search (null: no limit).
 * @property {number} depth The subtrees' depth below the start.
 * @property {SplitJob[]} jobs Most promising first, or in Korf's search's order.
 * @property {boolean} reorder Whether each pass after the first runs the subtrees most nodes first
 *   (by the pass before); false: in the jobs' order every pass (Korf's order, the 24-puzzle's).
 */

/**
 * split_start's reply when the pool is to split the search.
 * @typedef {object} SplitReply
 * @property {true} ok
 * @property {Split} split
 */

/**
 * split_start's reply when the pool is to race the ladder's weights: it sends solve with `lane` [k,
 * race] to `race` workers and keeps the shortest answer.
 * @typedef {object} RaceReply
 * @property {true} ok
 * @property {number} race
 */

/**
 * split_start's reply: split the search, race, or solve's own answer (done in its first second, or
 * a board that is not split).
 * @typedef {SplitReply | RaceReply | SolveReply} SplitStartReply
 */

/**
 * split_pass's arguments: one IDA* pass below a subtree's board.
 * @typedef {object} SplitPassArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {number} back
 * @property {number} depth_left Moves left below the board within the bound.
 * @property {number} bound
 * @property {number} parity The solutions' parity (split_start's), which every pass's bound keeps.
 * @property {number | null} [time_limit]
 */

/**
 * split_pass's reply.
 * @typedef {object} SplitPassReply
 * @property {true} ok
 * @property {boolean} found
 * @property {number} best The largest negative slack pruned.
 * @property {number} next_bound The bound of the next pass as far as this subtree knows
 *   (npuzzle.pdb.parallel.next_bound): the pass's next bound is the least of its subtrees'.
 * @property {number} nodes
 * @property {number[]} cells The blank's cells below the board, when found.
 * @property {string | null} stopped
 */

/**
 * split_finish's arguments: solve's (no `lane`), and what the passes found.
 * @typedef {object} SplitFinishArgs
 * @property {string} board The start.
 * @property {string | null} [goal] The goal (default: 1, 2, ..., then the blank).
 * @property {string | null} [wrap] The rows and columns that wrap round ("r1,c2", "all"; default
 *   none).
 * @property {string} [algorithm] npuzzle.search.optimal.ALGORITHMS (default "idastar").
 * @property {string | null} [heuristic] npuzzle.search.optimal.HEURISTICS, or null: the strategy
 *   chooses.
 * @property {string} [strategy] npuzzle.search.portfolio.STRATEGIES (default "auto").
 * @property {number | null} [time_limit] Seconds (null: no limit).
 * @property {number | null} [max_nodes] A*'s cap on the states it stores (null: its default for the
 *   board's size).
 * @property {number[] | null} cells The blank's cells from the start (null: nothing found in time).
 * @property {number} bound
 * @property {number} nodes
 * @property {number} seconds The pool's, counted from split_start.
 */

/**
 * split_finish's reply.
 * @typedef {SolveReply} SplitFinishReply
 */

// -------------------------------------------------------------------------------------------------
// Progress: what a reporting action sends while it runs (npuzzle.api.REPORTING).

/**
 * A search's progress, about four times a second (solve, split_start, split_pass, split_finish;
 * npuzzle.result.Clock).
 * @typedef {object} SearchProgress
 * @property {string} algorithm
 * @property {number} bound The current pass's bound (IDA*) or f (A*).
 * @property {number} nodes
 * @property {number} seconds
 * @property {string} [weight] Weighted stages: the weight being tried ("3/2").
 * @property {number | null} [best] Weighted stages: the shortest length found so far.
 */

/**
 * compare's progress, after each run.
 * @typedef {object} CompareProgress
 * @property {number} done
 * @property {number} total
 * @property {WordedRow} row
 */

/**
 * A pattern database being built (the command line; the page's are built by the site).
 * @typedef {object} BuildingProgress
 * @property {"building"} phase
 * @property {string} database
 * @property {number} states
 * @property {number} total
 */

/**
 * Pattern databases downloading (sent by the page's worker, before the action runs).
 * @typedef {object} DatabasesProgress
 * @property {"databases"} phase
 * @property {number} loaded Bytes so far.
 * @property {number} total
 * @property {string} [failed] Why they did not load (the action then runs without them).
 * @property {string} [unpacking] The file being registered.
 */

/**
 * analyse's progress, after each row.
 * @typedef {object} AnalyseProgress
 * @property {"analyse"} phase
 * @property {number} done
 * @property {number} total
 * @property {number} seconds
 */

/**
 * Any progress message.
 * @typedef {SearchProgress | CompareProgress | BuildingProgress | DatabasesProgress | AnalyseProgress | StudyProgress | DrawingProgress} Progress
 */

/**
 * What a reporting action calls with each progress dict (`call` sends them on as JSON).
 * @typedef {function(Progress): void} ProgressCallback
 */

// -------------------------------------------------------------------------------------------------
// The actions: npuzzle.api.dispatch.ACTIONS.

/**
 * Each action of npuzzle.api (npuzzle.api.dispatch.ACTIONS) with the type of its arguments and of
 * its reply (any reply may be an ErrorReply instead). The page's ask() and request() take an action
 * of this map, `keyof Actions`, and its `args`; the reply they give is its `reply`.
 * @typedef {object} Actions
 * @property {{args: CheckArgs, reply: CheckReply}} check
 * @property {{args: SolveArgs, reply: SolveReply}} solve
 * @property {{args: RandomArgs, reply: RandomReply}} random
 * @property {{args: CoachArgs, reply: CoachReply}} coach
 * @property {{args: WarmArgs, reply: WarmReply}} warm
 * @property {{args: DatabasesArgs, reply: DatabasesReply}} databases
 * @property {{args: CompareArgs, reply: CompareReply}} compare
 * @property {{args: ExplainArgs, reply: ExplainReply}} explain
 * @property {{args: StepStartArgs, reply: StepStartReply}} step_start
 * @property {{args: StepNextArgs, reply: StepNextReply}} step_next
 * @property {{args: StepStopArgs, reply: StepStopReply}} step_stop
 * @property {{args: TreeArgs, reply: TreeReply}} tree
 * @property {{args: CasesArgs, reply: CasesReply}} cases
 * @property {{args: SplitStartArgs, reply: SplitStartReply}} split_start
 * @property {{args: SplitPassArgs, reply: SplitPassReply}} split_pass
 * @property {{args: SplitFinishArgs, reply: SplitFinishReply}} split_finish
 * @property {{args: AnalyseArgs, reply: AnalyseReply}} analyse
 * @property {{args: SolutionsArgs, reply: SolutionsReply}} solutions
 * @property {{args: CstimerArgs, reply: CstimerReply}} cstimer
 * @property {{args: StudyBoardsArgs, reply: StudyBoardsReply}} study_boards
 * @property {{args: StudyBoardArgs, reply: StudyBoardReply}} study_board
 * @property {{args: StudyTableArgs, reply: StudyTableReply}} study_table
 */

export {};
