// @ts-check
// The worker protocol's types, on the page's side: the messages between the page and its
// solver workers (the envelope), and every action's arguments, reply and progress.  The
// Python side has the same types by the same names in npuzzle/api/protocol.py, whose
// docstrings say what each field means; docs/protocol.md describes the protocol, and
// tests/test_protocol.py holds the two files, npuzzle.api's actions and the page's requests
// to the same names.
//
// Types only: nothing imports this module at run time.  A module names a type in its JSDoc
// as `import("./protocol.js").SolveArgs` (an editor with TypeScript's checker then checks
// the calls).  An action "step_start" has `StepStartArgs` and `StepStartReply`; any reply
// may be an `ErrorReply` instead.

// ---------------------------------------------------------------------------- the envelope

/**
 * A request from the page to a worker (solver.js sends it): the action's keyword
 * arguments in `args`; `id` pairs the answer with it.
 * @typedef {object} WorkerRequest
 * @property {number} id
 * @property {string} action A key of npuzzle.api.dispatch.ACTIONS ("solve").
 * @property {object} args The action's `<Action>Args`.
 */

/**
 * The worker's answer to a request: the action's reply (`<Action>Reply` or `ErrorReply`:
 * bad input is a reply, never an error).
 * @typedef {object} WorkerResult
 * @property {number} id
 * @property {object} result
 */

/**
 * The worker's answer to a request that could not be answered: the worker did not start,
 * or Python raised (a bug).  Solver.request rejects with an Error of this text.
 * @typedef {object} WorkerError
 * @property {number} id
 * @property {string} error
 */

/**
 * Progress of a request under way: the pattern databases downloading, then the action's
 * own (solve, compare, split_start, split_pass, split_finish report).
 * @typedef {object} WorkerProgress
 * @property {"progress"} type
 * @property {number} id
 * @property {Progress} progress
 */

/**
 * The worker while it starts: `step` names the stage for the page's messages, `text`
 * says it in English.
 * @typedef {object} WorkerLoading
 * @property {"loading"} type
 * @property {"runtime" | "install"} step
 * @property {string} text
 */

/**
 * The worker can answer requests.
 * @typedef {object} WorkerReady
 * @property {"ready"} type
 * @property {string} version npuzzle.__version__
 * @property {Timings} timings
 */

/**
 * Seconds the worker spent starting.
 * @typedef {object} Timings
 * @property {number} runtime Loading Pyodide with micropip, or from the memory snapshot.
 * @property {number} wheel Installing the npuzzle wheel (0 from the snapshot).
 * @property {number} import Importing npuzzle.api.
 * @property {string} snapshot "used", "none" (the site has none) or "failed: <why>" (a
 *   normal start followed).
 * @property {number|null} snapshot_rate The snapshot's download rate in MB/s over its first
 *   0.3 s, or null (it came sooner, or the site has none).
 */

/**
 * The worker could not start (its requests are answered with a WorkerError).
 * @typedef {object} WorkerFailed
 * @property {"failed"} type
 * @property {string} error
 */

/** @typedef {WorkerResult | WorkerError | WorkerProgress | WorkerLoading | WorkerReady | WorkerFailed} WorkerMessage */

/**
 * What the pool's split or raced solve reports to the page (pool.js; not sent by a
 * worker): SearchProgress with its nodes added over the workers, never going back.
 * @typedef {object} PoolProgress
 * @property {string} algorithm
 * @property {number} bound
 * @property {number} nodes
 * @property {number} seconds
 * @property {number} workers
 * @property {string} [weight]
 * @property {number | null} [best]
 */

// ------------------------------------------------------ actions, replies, progress, errors
// (the same order as npuzzle/api/protocol.py)

/**
 * Any action's reply to input it refuses (nothing in the api raises on bad input).
 * @typedef {object} ErrorReply
 * @property {false} ok
 * @property {string} field The input at fault ("board", "options", "action", ...).
 * @property {string} error The message in English.
 * @property {string} [code] Its code in messages.json, to say it in the person's language.
 * @property {Object<string, *>} [params] The code's parameters.
 * @property {number} [line] The line at fault (from 1) in a field of many lines (a study's boards).
 */

/**
 * A text the page shows in the person's language (`npuzzle.messages.coded`).
 * @typedef {object} CodedText
 * @property {string | null} code
 * @property {Object<string, *>} params
 * @property {string} text
 */

/**
 * A reply that says only that it was done (step_stop).
 * @typedef {object} OkReply
 * @property {true} ok
 */

/**
 * A board, and the goal and wrapped lines it is solved with.
 * @typedef {object} ProblemArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 */

/**
 * check's arguments: the problem alone.
 * @typedef {object} CheckArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 */

/**
 * The fields of a problem's reply: the board read, and whether it can reach the goal.
 * @typedef {object} ProblemFields
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {Array<number>} goal
 * @property {Array<number>} wrap_rows
 * @property {Array<number>} wrap_cols
 * @property {string} id
 * @property {string} goal_id
 * @property {string} wrap
 * @property {boolean} default_goal
 * @property {boolean} solvable
 * @property {string} reason
 * @property {CodedText} reason_code
 */

/**
 * check's and random's reply.
 * @typedef {object} BoardReply
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {Array<number>} goal
 * @property {Array<number>} wrap_rows
 * @property {Array<number>} wrap_cols
 * @property {string} id
 * @property {string} goal_id
 * @property {string} wrap
 * @property {boolean} default_goal
 * @property {boolean} solvable
 * @property {string} reason
 * @property {CodedText} reason_code
 * @property {Array<number>} tiles
 */

/** @typedef {BoardReply} CheckReply */

/** @typedef {BoardReply} RandomReply */

/**
 * The options of solve, split_start and split_finish (npuzzle.portfolio.solve's).
 * @typedef {object} SolveOptions
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
 */

/**
 * solve's arguments.
 * @typedef {object} SolveArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
 * @property {Array<number> | null} [lane]
 */

/**
 * solve's reply (and split_start's or split_finish's): the problem's fields and the search's
 * (npuzzle.engine.Result), as the command line's --json prints them; `reason` is the search's.
 * @typedef {object} SolveReply
 * @property {true} ok
 * @property {number} width
 * @property {number} height
 * @property {Array<number>} goal
 * @property {Array<number>} wrap_rows
 * @property {Array<number>} wrap_cols
 * @property {string} id
 * @property {string} goal_id
 * @property {string} wrap
 * @property {boolean} default_goal
 * @property {boolean} solvable
 * @property {string} reason
 * @property {CodedText} reason_code
 * @property {boolean} found
 * @property {string} moves
 * @property {Array<number>} tiles
 * @property {number | null} length
 * @property {boolean} optimal
 * @property {number} lower_bound
 * @property {number} nodes
 * @property {number} seconds
 * @property {string} algorithm
 * @property {string} heuristic
 * @property {string | null} stopped
 * @property {Array<string>} notes
 * @property {Array<CodedText>} note_codes
 * @property {number | null} max_nodes
 * @property {number | null} mtm  the answer's multi-tile moves (runs of one letter)
 */

/**
 * random's arguments: a uniformly random solvable board, or the goal scrambled.
 * @typedef {object} RandomArgs
 * @property {number} width
 * @property {number} height
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number | null} [seed]
 * @property {number | null} [moves]
 */

/**
 * coach's arguments.
 * @typedef {object} CoachArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number | null} [time_limit]
 */

/**
 * coach's reply (npuzzle.coach.Advice).
 * @typedef {object} CoachReply
 * @property {true} ok
 * @property {boolean} solvable
 * @property {number | null} distance
 * @property {boolean} exact
 * @property {Object<string, string>} moves
 * @property {Object<string, number>} tiles
 * @property {string} best
 * @property {number} seconds
 * @property {string} reason
 */

/**
 * warm's arguments: the problem whose goal the next searches will have.
 * @typedef {object} WarmArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 */

/**
 * warm's reply.
 * @typedef {object} WarmReply
 * @property {true} ok
 * @property {number} seconds
 */

/**
 * databases's arguments: another request's arguments, with its action. Any other argument is taken
 * and ignored, so the worker can pass a request's as they are.
 * @typedef {object} DatabasesArgs
 * @property {string | null} [board]
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [action]
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 */

/**
 * databases's reply: the pattern databases the request will use that this process has not loaded
 * yet (none for bad arguments: the action itself will say what is wrong).
 * @typedef {object} DatabasesReply
 * @property {true} ok
 * @property {Array<string>} names
 */

/**
 * register's reply (not an action: the worker calls npuzzle.api.register with a file's bytes); an
 * error has the field "database".
 * @typedef {object} RegisterReply
 * @property {true} ok
 * @property {string} name
 */

/**
 * compare's arguments (npuzzle.lab.compare's): lists, or comma-separated text.
 * @typedef {object} CompareArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {Array<string> | string | null} [algorithms]
 * @property {Array<string> | string | null} [heuristics]
 * @property {number} [weight]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
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
 * @property {number | null} ebf
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {Array<Object<string, number>> | null} passes
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
 * @property {number | null} ebf
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {Array<Object<string, number>> | null} passes
 * @property {Object<string, CodedText>} cells
 */

/**
 * compare's reply: a row per algorithm x heuristic, none when unsolvable (then no `csv` nor
 * `markdown`).
 * @typedef {object} CompareReply
 * @property {true} ok
 * @property {string} start
 * @property {string} goal
 * @property {string} wrap
 * @property {boolean} solvable
 * @property {string} reason
 * @property {CodedText} reason_code
 * @property {Array<WordedRow>} rows
 * @property {string} [csv]
 * @property {string} [markdown]
 */

/**
 * explain's arguments.
 * @typedef {object} ExplainArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [heuristic]
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
 * @property {Array<number>} board
 * @property {Array<Object<string, number>>} tiles
 * @property {Array<Object<string, *>>} lines
 * @property {Array<Object<string, *>>} partitions
 * @property {number | null} chosen
 */

/**
 * step_start's arguments.
 * @typedef {object} StepStartArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string} [heuristic]
 * @property {number} [weight]
 * @property {number} [n]
 */

/**
 * step_next's arguments.
 * @typedef {object} StepNextArgs
 * @property {number} session
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
 * @property {Array<Object<string, *>>} events
 * @property {boolean} done
 * @property {string | null} moves
 */

/** @typedef {StepReply} StepStartReply */

/** @typedef {StepReply} StepNextReply */

/** @typedef {OkReply} StepStopReply */

/**
 * tree's arguments.
 * @typedef {object} TreeArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string} [heuristic]
 * @property {number} [levels]
 * @property {number} [steps]
 * @property {number} [iteration]
 * @property {number} [weight]
 */

/**
 * A node of a search tree picture.
 * @typedef {object} TreeNode
 * @property {number} id
 * @property {number | null} parent
 * @property {string | null} move
 * @property {Array<number>} board
 * @property {number} g
 * @property {number | null} h
 * @property {number | null} f
 * @property {string} status
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
 * @property {number | null} threshold
 * @property {boolean} truncated
 * @property {Array<TreeNode>} nodes
 */

/**
 * cases takes no arguments.
 * @typedef {object} CasesArgs
 */

/**
 * cases's reply: the course reports' boards, and the lab's choices with a sentence on each.
 * @typedef {object} CasesReply
 * @property {true} ok
 * @property {Array<Object<string, *>>} cases
 * @property {Object<string, string>} algorithms
 * @property {Object<string, string>} heuristics
 */

/**
 * study_boards' arguments: count random boards at each of depths, or boards one a line.
 * @typedef {object} StudyBoardsArgs
 * @property {string} [size] WxH of the random boards, at most 9 cells (default "3x3").
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number | null} [count] Random boards at each depth.
 * @property {Array<number> | string | null} [depths] Solution lengths, a list or "12,16,20,24".
 * @property {number} [seed] The same seed draws the same boards, as `npuzzle study --seed`.
 * @property {string | null} [boards] Boards one a line (instead of count and depths).
 * @property {Array<string> | string | null} [algorithms]
 * @property {Array<string> | string | null} [heuristics]
 */

/**
 * One board of a study.
 * @typedef {object} StudyJob
 * @property {string} board
 * @property {number | null} depth Its optimal length (random boards), null for a given board.
 */

/**
 * study_boards' reply: the boards, with the goal, wrap and names each is run with.
 * @typedef {object} StudyBoardsReply
 * @property {true} ok
 * @property {string} goal
 * @property {string} wrap
 * @property {number} seed
 * @property {Array<string>} algorithms
 * @property {Array<string>} heuristics
 * @property {Array<StudyJob>} jobs
 */

/**
 * study_board's arguments: a board of the study, and its runs' names and budget.
 * @typedef {object} StudyBoardArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number | null} [depth]
 * @property {Array<string> | string | null} [algorithms]
 * @property {Array<string> | string | null} [heuristics]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
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
 * @property {number | null} ebf
 * @property {number | null} initial_h
 * @property {string | null} stopped
 * @property {string} moves
 * @property {number | null} weight
 * @property {Array<Object<string, number>> | null} passes
 * @property {number | null} depth
 */

/**
 * study_board's reply: a run per algorithm x heuristic.
 * @typedef {object} StudyBoardReply
 * @property {true} ok
 * @property {string} start
 * @property {number | null} depth
 * @property {Array<StudyRun>} runs
 */

/**
 * study_table's argument: every board's runs, in the boards' order.
 * @typedef {object} StudyTableArgs
 * @property {Array<Array<StudyRun>>} results
 */

/**
 * A row of the study's table: means over the boards solved.
 * @typedef {object} StudyRow
 * @property {number | null} depth
 * @property {string} algorithm
 * @property {string | null} heuristic
 * @property {number} boards
 * @property {number} solved
 * @property {number | null} mean_nodes_expanded
 * @property {number | null} mean_nodes_generated
 * @property {number | null} mean_seconds
 * @property {number | null} ebf
 * @property {Object<string, CodedText>} cells
 */

/**
 * study_table's reply: the table, as `npuzzle study --csv` prints it and as Markdown.
 * @typedef {object} StudyTableReply
 * @property {true} ok
 * @property {Array<StudyRow>} rows
 * @property {string} csv
 * @property {string} markdown
 */

/**
 * split_start's arguments: solve's, and the pool's size (no `lane`).
 * @typedef {object} SplitStartArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
 * @property {number | null} [lanes]
 */

/**
 * A subtree of a split search: split_pass's arguments.
 * @typedef {object} SplitJob
 * @property {string} board
 * @property {number} back
 * @property {Array<number>} cells
 */

/**
 * Where a split search stands after its first pass.
 * @typedef {object} Split
 * @property {number} bound
 * @property {number} parity
 * @property {number} nodes
 * @property {number} seconds
 * @property {number | null} left
 * @property {number} depth
 * @property {Array<SplitJob>} jobs
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

/** @typedef {SplitReply | RaceReply | SolveReply} SplitStartReply */

/**
 * split_pass's arguments: one IDA* pass below a subtree's board.
 * @typedef {object} SplitPassArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number} back
 * @property {number} depth_left
 * @property {number} bound
 * @property {number | null} [time_limit]
 */

/**
 * split_pass's reply.
 * @typedef {object} SplitPassReply
 * @property {true} ok
 * @property {boolean} found
 * @property {number} best
 * @property {number} nodes
 * @property {Array<number>} cells
 * @property {string | null} stopped
 */

/**
 * split_finish's arguments: solve's (no `lane`), and what the passes found.
 * @typedef {object} SplitFinishArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} [algorithm]
 * @property {string | null} [heuristic]
 * @property {string} [strategy]
 * @property {number | null} [time_limit]
 * @property {number | null} [max_nodes]
 * @property {Array<number> | null} cells
 * @property {number} bound
 * @property {number} nodes
 * @property {number} seconds
 */

/** @typedef {SolveReply} SplitFinishReply */

/**
 * analyse's arguments: a solve, as its start (any board notation, Slidysim's too) and moves.
 * @typedef {object} AnalyseArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {string} moves
 * @property {string} [notation]
 * @property {number | null} [solve_time]
 * @property {number | null} [time_limit]
 */

/**
 * One move of the solve (npuzzle.analysis.Row).
 * @typedef {object} AnalyseRow
 * @property {string} move
 * @property {number} tile
 * @property {number} before
 * @property {number} after
 * @property {number | null} lost
 * @property {string} better
 * @property {number | null} before_upper
 * @property {number | null} after_upper
 */

/**
 * analyse's reply (npuzzle.analysis.Analysis).
 * @typedef {object} AnalyseReply
 * @property {true} ok
 * @property {boolean} exact
 * @property {AnalyseRow[]} rows
 * @property {number | null} optimum
 * @property {number} length
 * @property {number} mtm
 * @property {number | null} lost
 * @property {number | null} first_loss
 * @property {boolean} solved
 * @property {number | null} optimal_mtm
 * @property {number} seconds
 * @property {string | null} stopped
 * @property {string} reason
 * @property {string} moves
 * @property {string} notation
 * @property {string} solution
 * @property {string} export
 */

/**
 * solutions's arguments.
 * @typedef {object} SolutionsArgs
 * @property {string} board
 * @property {string | null} [goal]
 * @property {string | null} [wrap]
 * @property {number} [keep]
 * @property {string} [notation]
 * @property {number | null} [time_limit]
 */

/**
 * solutions's reply (npuzzle.analysis.Solutions).
 * @typedef {object} SolutionsReply
 * @property {true} ok
 * @property {number} length
 * @property {number} count
 * @property {string[]} moves
 * @property {string[]} solutions
 * @property {string} notation
 * @property {number} nodes
 * @property {number} seconds
 */

/**
 * A search's progress, about four times a second (solve, split_start, split_pass, split_finish;
 * npuzzle.engine.Clock).
 * @typedef {object} SearchProgress
 * @property {string} algorithm
 * @property {number} bound
 * @property {number} nodes
 * @property {number} seconds
 * @property {string} [weight]
 * @property {number | null} [best]
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
 * @property {number} loaded
 * @property {number} total
 * @property {string} [failed]
 * @property {string} [unpacking]
 */

/**
 * analyse's progress, after each row.
 * @typedef {object} AnalyseProgress
 * @property {"analyse"} phase
 * @property {number} done
 * @property {number} total
 * @property {number} seconds
 */

/** @typedef {SearchProgress | CompareProgress | BuildingProgress | DatabasesProgress | AnalyseProgress} Progress */

export {};
