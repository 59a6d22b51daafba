// The solver's side of the page: the worker's start, check / solve / hint / shuffle /
// cancel requests about the game's board, the progress line and the verdicts.  It says
// things through `status(text)`; the game's board is only changed through `game` and
// the `load` callback.

import { Pool } from "./pool.js";
import { ask, isRefusal } from "./ask.js";
import { defaultGoal, formatBoardId, formatWrap, sameBoard, topology } from "../game/rules.js";
import { ProgressTotal, statusDetails, statusText } from "../game/status.js";
import { strongTables } from "./strong_tables.js";

/** @typedef {import("../generated/protocol.js").ErrorReply} ErrorReply */
/** @typedef {import("../generated/protocol.js").SolveReply} SolveReply */
/** @typedef {import("../generated/protocol.js").CheckReply} CheckReply */
/** What the status line says of the worker (status.js solverText words it): its phase,
 *  with the English text and key of a loading step, its version once ready, or its error.
 *  @typedef {{phase: string, text?: string, step?: string, version?: string, error?: string}} Phase */
/** A request's outcome told to the status line (status.js noteText words it by its kind).
 *  @typedef {{kind: string} & Record<string, unknown>} Note */

const HINT_SECONDS = 2; // a hint's search budget: the portfolio answers optimally if it can prove it in time

/** A problem {tiles, goal, topo} from an api answer (check, random).
 *  @param {import("../generated/protocol.js").BoardReply} r */
export const problemOf = (r) => ({
  tiles: r.tiles,
  goal: r.goal,
  topo: topology(r.width, r.height, r.wrap_rows, r.wrap_cols),
});

export class SolverUI {
  /**
   * @param {object} o
   * @param {import("../game/game.js").Game} o.game
   * @param {() => object} o.options  the solver options chosen: {strategy, algorithm, heuristic}
   * @param {() => boolean} o.hintMoves  whether a hint makes its move (else it only shows it)
   * @param {(problem: object, options: object) => void} o.load  starts a new game on a problem
   * @param {() => void} o.stopPlayback
   * @param {() => void} o.changed  after anything the status line or the buttons show changed
   * @param {(solver: Pool) => void} o.onReady  once the worker can work (first time and after restarts)
   * @param {number} [o.workers]  the pool's workers (default: pool.js's defaultWorkers: the cores but one, a worker per 2 GB of memory, at most 4)
   * @param {(count: number) => void} [o.onWorkers]  how many workers can take work, when it changes
   * @param {() => void} [o.onSettled]  whenever every worker of the pool has loaded and none works (Pool's onSettled)
   * @param {(problem: object, proven?: number) => number} [o.bound]  the page's one lower bound for a problem, told a Solve's (the coach's)
   */
  constructor({
    game,
    options,
    hintMoves,
    load,
    stopPlayback,
    changed,
    onReady,
    workers,
    onWorkers,
    onSettled,
    bound = (_problem, proven = 0) => proven,
  }) {
    this.bound = bound;
    this.game = game;
    this.options = options;
    this.hintMoves = hintMoves;
    this.load = load;
    this.stopPlayback = stopPlayback;
    this.changed = changed;
    /** @type {string | null} "solve" | "hint" | "shuffle" while a request runs */
    this.busy = null;
    /** @type {object | null} the running request's last progress, its nodes counted from the start */
    this.progress = null;
    /** when the running request began (performance.now()), and the timer that says its seconds */
    this.began = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticking = undefined;
    /** @type {(Note & {generation: number, version?: number}) | null} the last request's outcome, with the game (and board) it is about */
    this.note = null;
    /** @type {{generation: number, result: CheckReply | ErrorReply} | null} the check answer for the current game, once known */
    this.checked = null;
    /** @type {string | null} the goal and wrap the workers were warmed for */
    this.warmed = null;
    this.shuffles = 0; // Shuffles made this visit
    /** @type {string} the package's version, once a worker has said it (the About line) */
    this.version = "";
    /** @type {Phase} */
    this.phase = { phase: "loading", text: "" }; // text: the worker's step in English; step: its key (status.js words it)
    this.solver = new Pool(
      {
        onLoading: (text, step) =>
          this.setPhase({ phase: this.phase.phase === "restarting" ? "restarting" : "loading", text, step }),
        onReady: (version) => {
          this.version = version;
          this.setPhase({ phase: "ready", version });
          onReady(this.solver);
          if (!this.checked) this.check();
        },
        onFailed: (error) => this.setPhase({ phase: "failed", error }),
        onWorkers,
        onSettled,
      },
      workers,
    );
  }

  get ready() {
    return this.solver.ready;
  }

  /** The status line: computed from the solver's state, the running request and the game. */
  statusLine() {
    return statusText(this.said());
  }

  /** The solver's figures behind the status line (method, nodes, times), or "" when none. */
  statusDetails() {
    return statusDetails(this.said());
  }

  /** The state the status line and its details are worded from (status.js). */
  said() {
    const { game } = this;
    const checked = this.checked && this.checked.generation === game.generation ? this.checked.result : null;
    const note = this.note;
    return {
      solver: this.phase,
      busy: this.busy,
      progress: this.progress,
      elapsed: this.busy ? (performance.now() - this.began) / 1000 : 0,
      note: note?.problem
        ? { ...note, summary: this.bounded(/** @type {object} */ (note.problem), note.summary) }
        : note,
      checked,
      game: { generation: game.generation, version: game.version, origin: game.origin, undoable: game.undoableGame },
    };
  }

  /** A solve's summary with the page's one lower bound for its board (the coach's may be
   *  greater), and optimal when its length is that bound (an older page's text summary as it is).
   *  @param {object} problem @param {unknown} said */
  bounded(problem, said) {
    if (!said || typeof said !== "object") return said;
    const summary = /** @type {{length: number, optimal: boolean, lower_bound?: number | null}} */ (said);
    if (summary.optimal) return summary;
    const lower = Math.max(summary.lower_bound || 0, this.bound(problem));
    return { ...summary, lower_bound: lower, optimal: lower === summary.length };
  }

  /** The current hint's tile when it is to be shown on the board (not made), else null. */
  get hintShown() {
    const n = this.note,
      g = this.game;
    return n && n.kind === "hint" && n.shown && n.generation === g.generation && n.version === g.version
      ? n.tile
      : null;
  }

  /** Record the outcome of a request about the game as it is now: about this game, or
   *  (`board`) only about this board, dropped by the next move.
   *  @param {Note} note  @param {{board?: boolean}} [o] */
  tell(note, { board = false } = {}) {
    this.note = { ...note, generation: this.game.generation, ...(board ? { version: this.game.version } : {}) };
    this.changed();
  }

  /** @param {Phase} phase */
  setPhase(phase) {
    this.phase = phase;
    this.changed();
  }

  /** A new game was loaded: say at once if its board is unsolvable. */
  newGame() {
    this.checked = null;
    if (this.ready) this.check();
  }

  async check() {
    const generation = this.game.generation;
    const outcome = await ask(this.solver, "check", this.game.problem());
    if (outcome.kind === "failed") return this.tell({ kind: "check-failed", error: outcome.message });
    if (outcome.kind === "cancelled" || generation !== this.game.generation) return;
    const result = outcome.reply; // an answer, or a refusal (an ErrorReply: the status line words it)
    this.checked = { generation, result };
    this.changed();
    if (!isRefusal(result) && result.solvable) this.warm(result);
  }

  /** Get the worker ready for this goal while the person looks at the board: the first
   *  search of a goal fetches its databases and builds its small pattern tables (0.2-0.7 s
   *  in the browser for a 3x3 or 4x4), which Solve or Hint would otherwise wait for.  Once
   *  a goal and shape; boards past 4x4 are not searched optimally, so not warmed.
   *  @param {CheckReply} checked */
  warm(checked) {
    const key = `${checked.goal_id}|${checked.wrap}`;
    if (checked.width * checked.height > 16 || this.warmed === key) return;
    this.warmed = key;
    ask(this.solver, "warm", { board: checked.id, goal: checked.goal_id, wrap: checked.wrap }).then((outcome) => {
      if (outcome.kind === "cancelled" || outcome.kind === "failed") this.warmed = null; // the worker restarts cold: the next game tries again
    });
  }

  /** Run a solve request for the game's board, with progress; the api's answer (a
   *  refusal too: failure() words it), or null when it was cancelled or failed (the note says).
   *  @param {import("../generated/protocol.js").SolveArgs} args  @param {string} busy */
  async runSolve(args, busy) {
    const totals = new ProgressTotal();
    this.game.timer.stop(); // the person's time pauses while the solver thinks; their next move goes on
    this.setBusy(busy);
    const outcome = await ask(this.solver, "solve", args, (p) => {
      this.progress = totals.add(p);
      this.changed();
    });
    this.setBusy(null);
    if (outcome.kind === "cancelled") {
      this.tell({ kind: "cancelled" });
      return null;
    }
    if (outcome.kind === "failed") {
      this.tell({ kind: "failed", error: outcome.message });
      return null;
    }
    return outcome.reply ?? null; // an answer, or a refusal
  }

  /** The note for an answer that has no solution in it, or null when it has one.
   *  @param {SolveReply | ErrorReply} r  @returns {Note | null} */
  static failure(r) {
    if (isRefusal(r)) return { kind: "error", error: r }; // Python's error dict: its code words it in either language
    if (!r.solvable) return { kind: "unsolvable", reason: r.reason_code || r.reason };
    if (!r.found) return { kind: "stopped", result: r };
    return null;
  }

  /** Solve the board on screen and follow the answer; the api's answer, or null. */
  async solve() {
    if (this.busy) return null;
    const game = this.game;
    const startBoard = game.tiles,
      generation = game.generation,
      problem = game.problem();
    const t0 = performance.now();
    const r = await this.runSolve({ ...game.problem(), ...this.options() }, "solve");
    if (!r || generation !== game.generation) return null; // cancelled, failed, or another game now
    const failed = SolverUI.failure(r);
    if (failed) {
      this.tell(failed);
      return null;
    }
    if (isRefusal(r)) return null; // (failure() has said it: this tells the checker)
    // the summary is numbers, worded when shown (in the language of the moment)
    const lower = this.bound(problem, r.lower_bound || 0); // one bound with the coach's
    const summary = {
      length: r.length,
      optimal: r.optimal || lower === r.length,
      lower_bound: r.optimal ? r.lower_bound : lower,
      nodes: r.nodes,
      seconds: r.seconds,
      wall: (performance.now() - t0) / 1000,
      mtm: r.mtm,
      algorithm: r.algorithm,
      heuristic: r.heuristic,
    };
    if (sameBoard(startBoard, game.tiles)) {
      game.setSolution({
        moves: r.moves,
        tiles: r.tiles,
        optimal: r.optimal,
        origin: "solver",
        summary,
        notes: r.note_codes || r.notes || [],
      });
      this.tell({ kind: "solution", summary, length: r.length, problem });
      strongTables.suggest(game, summary, () => this.solve()); // a 4x4 not proven: the strongest tables would
    } else {
      this.tell({ kind: "earlier", summary, problem }, { board: true });
    }
    return r;
  }

  /** The next move, and only that: from the solution being followed if the person asked
   *  for one (Solve), else from a quick solve (HINT_SECONDS; the whole answer is not shown).
   *  It is made, or highlighted, as the person chose. */
  async hint() {
    const game = this.game;
    if (this.busy || game.solved) return;
    const s = game.solution;
    let hint;
    if (s?.next && s.origin === "solver") {
      hint = { letter: s.next, tile: s.tiles[s.index], optimal: s.optimal, seconds: null };
    } else {
      const { generation, version } = game;
      const r = await this.runSolve({ ...game.problem(), strategy: "auto", time_limit: HINT_SECONDS }, "hint");
      if (!r || generation !== game.generation || version !== game.version) return; // the board moved on
      const failed = SolverUI.failure(r);
      if (failed) return this.tell(failed);
      if (isRefusal(r)) return; // (failure() has said it: this tells the checker)
      if (!r.length) return this.tell({ kind: "hint-none" });
      hint = { letter: r.moves[0], tile: r.tiles[0], optimal: r.optimal, seconds: HINT_SECONDS };
    }
    game.hinted();
    const makes = this.hintMoves();
    if (makes) {
      this.stopPlayback();
      game.move(hint.letter, "hint");
    }
    this.tell({ kind: "hint", ...hint, shown: !makes }, { board: true });
  }

  /** A uniformly random solvable board (from Python) for a shape and goal, default the
   *  game's; `warning` is said with it (a wrap that could not be made).
   *  @param {{topo?: ReturnType<typeof topology>, goal?: number[], warning?: string | object}} [o]  warning: text, or an error reply */
  async shuffle({ topo = this.game.topo, goal = this.game.goal, warning = "" } = {}) {
    if (this.busy || !this.ready) return;
    const { width, height, wrapRows, wrapCols } = topo;
    /** @type {import("../generated/protocol.js").RandomArgs} */
    const args = { width, height, wrap: formatWrap(wrapRows, wrapCols, width, height) };
    if (!sameBoard(goal, defaultGoal(width, height))) args.goal = formatBoardId(width, height, goal);
    this.setBusy("shuffle");
    const asked = this.game.version; // a move or a new game since counts
    const outcome = await ask(this.solver, "random", args);
    this.setBusy(null);
    // The person moved while the worker answered (busy with the coach, it can take seconds):
    // the board they are moving stays, as a new one would throw their moves away.
    if (this.game.version !== asked) return;
    // a refusal is kept as Python's error dict, worded in the language of the moment (status.js)
    if (outcome.kind === "bad-input") this.tell({ kind: "shuffle-failed", error: outcome.reply });
    if (outcome.kind === "failed") this.tell({ kind: "shuffle-failed", error: outcome.message });
    // numbered, so that each Shuffle changes the status line and is said (two in a row would read the same)
    if (outcome.kind === "answer")
      this.load(problemOf(outcome.reply), { origin: { kind: "random", warning, shuffled: ++this.shuffles } });
  }

  /** Stop whatever the solver is doing: its worker is terminated and starts again. */
  cancel() {
    this.stopPlayback();
    this.solver.cancel();
    this.warmed = null; // a fresh worker has built nothing
    this.phase = { phase: "restarting", text: "Loading the Python runtime…", step: "runtime" };
    this.setBusy(null);
    this.tell({ kind: "cancelled" });
  }

  /** @param {string | null} what */
  setBusy(what) {
    this.busy = what;
    clearInterval(this.ticking);
    if (what) {
      this.began = performance.now();
      this.ticking = setInterval(() => this.changed(), 1000); // "Thinking… 3 s" counts on between progress reports
    } else this.progress = null;
    this.changed();
  }
}
