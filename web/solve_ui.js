// The solver's side of the page: the worker's start, check / solve / hint / shuffle /
// cancel requests about the game's board, the progress line and the verdicts.  It says
// things through `status(text)`; the game's board is only changed through `game` and
// the `load` callback.

import { CancelledError, Solver } from "./solver.js";
import { defaultGoal, formatBoardId, formatWrap, sameBoard, topology } from "./rules.js";

const SEARCH_NAMES = { astar: "A*", "weighted-idastar": "weighted IDA*" };
const HINT_SECONDS = 2; // a hint's search budget on boards bigger than 4x4

export const number = (n) => Number(n).toLocaleString("en-US");
const stripUnsolvable = (reason) => reason.replace(/^unsolvable:\s*/i, "");
export const unsolvable = (reason) => `This board is unsolvable: ${stripUnsolvable(reason)}`;

/** The status line for one of solve's progress dicts. */
export function progressText(p) {
  const mb = (n) => (n / 1e6).toFixed(1);
  if (p.phase === "databases") {
    if (p.failed) return `Could not load the pattern databases (${p.failed}): solving without them…`;
    if (p.unpacking) return `Unpacking pattern databases (${p.unpacking})…`;
    return `Loading pattern databases ${mb(p.loaded)} / ${mb(p.total)} MB`;
  }
  if (p.phase === "building") return `Building pattern database ${p.database}…`;
  const name = SEARCH_NAMES[p.algorithm] || "IDA*";
  if (p.weight) {
    const best = p.best === null ? "none yet" : `${p.best} moves`;
    return `Solving with ${name} (w = ${p.weight}): best so far ${best}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
  }
  return `Solving with ${name}: bound ${p.bound}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
}

/** "62 moves, optimal" or "80 moves (not proven optimal; at least 52)". */
export function verdict(r) {
  const moves = `${r.length} move${r.length === 1 ? "" : "s"}`;
  return r.optimal ? `${moves}, optimal` : `${moves} (not proven optimal; at least ${r.lower_bound})`;
}

/** A problem {tiles, goal, topo} from an api answer (check, random). */
export const problemOf = (r) => ({ tiles: r.tiles, goal: r.goal, topo: topology(r.width, r.height, r.wrap_rows, r.wrap_cols) });

export class SolverUI {
  /**
   * @param {object} o
   * @param {import("./game.js").Game} o.game
   * @param {(text: string) => void} o.status  shows a line in the status area
   * @param {() => object} o.options  the solver options chosen: {strategy, algorithm, heuristic}
   * @param {(problem: object) => void} o.load  starts a new game on a problem
   * @param {() => void} o.stopPlayback
   * @param {() => void} o.changed  after busy or ready changes (buttons)
   * @param {(solver: Solver) => void} o.onReady  once the worker can work (first time and after restarts)
   */
  constructor({ game, status, options, load, stopPlayback, changed, onReady }) {
    Object.assign(this, { game, status, options, load, stopPlayback, changed });
    this.busy = null; // "solve" | "hint" | "shuffle" while a request runs
    this.restarting = false; // Cancel terminated the worker and a new one is starting
    this.checked = null; // the check answer for the current game, once known
    this.solver = new Solver({
      onLoading: (text) => status(this.restarting ? `Cancelled. Restarting the solver: ${text}` : text),
      onReady: (version) => {
        status(this.restarting ? "Cancelled. Solver ready again." : `Solver ready (npuzzle ${version}).`);
        this.restarting = false;
        changed();
        onReady(this.solver);
        if (!this.checked) this.check();
      },
      onFailed: (error) => {
        status(`The solver could not start: ${error}. You can still play.`);
        changed();
      },
    });
  }

  get ready() {
    return this.solver.ready;
  }

  /** A new game was loaded: say at once if its board is unsolvable. */
  newGame() {
    this.checked = null;
    if (this.ready) this.check();
  }

  async check() {
    const asked = this.game.generation;
    try {
      const result = await this.solver.request("check", this.game.problem());
      if (asked !== this.game.generation) return;
      this.checked = result;
      if (result.ok && !result.solvable) this.status(unsolvable(result.reason));
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(`Checking the board failed: ${e.message}`);
    }
  }

  /** Solve the board on screen and follow the answer; the api's answer, or null. */
  async solve({ hint = false } = {}) {
    if (this.busy) return null;
    const game = this.game;
    const args = { ...game.problem(), ...this.options() };
    // A hint should come quickly: where search cannot prove its answer optimal anyway
    // (boards bigger than 4x4) it gets a short budget instead of the full one.
    const nearOptimal = args.strategy !== "optimal" && !args.heuristic && args.algorithm === "idastar";
    if (hint && nearOptimal && game.tiles.length > 16) args.time_limit = HINT_SECONDS;
    const startBoard = game.tiles;
    this.setBusy(hint ? "hint" : "solve");
    this.status(hint ? "Looking for the best next move…" : "Solving…");
    const t0 = performance.now();
    try {
      const r = await this.solver.request("solve", args, (p) => this.status(progressText(p)));
      if (!r.ok) return this.status(`Cannot solve: ${r.error}`), null;
      if (!r.solvable) return this.status(unsolvable(r.reason)), null;
      if (!r.found) return this.status(`No solution found: ${r.reason || r.stopped || "the search stopped"}.`), null;
      const wall = ((performance.now() - t0) / 1000).toFixed(2);
      const summary = `${verdict(r)} (${number(r.nodes)} nodes, ${r.seconds.toFixed(2)} s solving, ${wall} s in all)`;
      if (sameBoard(startBoard, game.tiles)) {
        game.setSolution({ moves: r.moves, tiles: r.tiles, optimal: r.optimal, origin: "solver", summary, notes: r.notes || [] });
        this.status(r.length ? `Solution: ${summary}.` : `Already at the goal: 0 moves, optimal.`);
      } else {
        this.status(`Solved the earlier board: ${summary}; the board has changed since.`);
      }
      return r;
    } catch (e) {
      this.status(e instanceof CancelledError ? "Cancelled. Restarting the solver…" : `The solver failed: ${e.message}`);
      return null;
    } finally {
      this.setBusy(null);
    }
  }

  /** Play the next move of the solver's solution, solving first if there is none to follow. */
  async hint() {
    const s = this.game.solution;
    if (!(s && s.next && s.origin === "solver")) {
      const r = await this.solve({ hint: true });
      if (!r || !r.length) return;
    }
    const next = this.game.solution;
    if (!(next && next.next)) return;
    const letter = next.next, tile = next.tiles[next.index], left = next.moves.length - next.index;
    this.stopPlayback();
    this.game.move(letter);
    this.status(`Hint: slid tile ${tile} (the blank went ${letter}); ${left} more to go${next.optimal ? ", optimal" : " (not proven optimal)"}.`);
  }

  /** A uniformly random solvable board (from Python) for a shape and goal, default the game's. */
  async shuffle({ topo = this.game.topo, goal = this.game.goal } = {}) {
    if (this.busy || !this.ready) return;
    const { width, height, wrapRows, wrapCols } = topo;
    const args = { width, height, wrap: formatWrap(wrapRows, wrapCols, width, height) };
    if (!sameBoard(goal, defaultGoal(width, height))) args.goal = formatBoardId(width, height, goal);
    this.setBusy("shuffle");
    try {
      const r = await this.solver.request("random", args);
      if (!r.ok) return this.status(`Cannot shuffle: ${r.error}`);
      this.load(problemOf(r));
      this.status("New random board. Solver ready.");
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(`Shuffle failed: ${e.message}`);
    } finally {
      this.setBusy(null);
    }
  }

  /** Stop whatever the solver is doing: its worker is terminated and starts again. */
  cancel() {
    this.stopPlayback();
    this.solver.cancel();
    this.restarting = true;
    this.status("Cancelled. Restarting the solver…");
    this.setBusy(null);
  }

  setBusy(what) {
    this.busy = what;
    this.changed();
  }
}
