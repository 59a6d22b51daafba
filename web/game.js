// The game, without the page: the board, the moves made (grouped into actions for Undo
// and Redo), the timer, and the solution being followed.  No DOM, no timers of its own:
// the page calls it and draws what it says, and tests/game_test.mjs drives it under Node.
//
// Vocabulary (as rules.js): a *move* is a letter U, D, L or R, the way the BLANK goes;
// an *action* is what one input did (a click that slid a run of three tiles is three
// moves and one action, undone in one step, as in Tatham's Fifteen).

import { OPPOSITE, applyMove, defaultGoal, formatBoardId, formatWrap, sameBoard, topology } from "./rules.js";

/** A stopwatch as data: start and stop it, read elapsed milliseconds; `now` is injectable. */
export class Timer {
  constructor(now = () => performance.now()) {
    this.now = now;
    this.startedAt = null; // when the current run began, or null when stopped
    this.banked = 0; // milliseconds of the runs before it
  }

  get running() {
    return this.startedAt !== null;
  }

  /** Start, or go on from the time already counted. */
  start() {
    if (!this.running) this.startedAt = this.now();
  }

  stop() {
    if (!this.running) return;
    this.banked += this.now() - this.startedAt;
    this.startedAt = null;
  }

  elapsed() {
    return this.banked + (this.running ? this.now() - this.startedAt : 0);
  }
}

/** "m:ss" for milliseconds. */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A solution and where the board is along it.  `index` is the number of its moves made
 * (null once the board has left it); `optimal` is the solver's word, never read from text;
 * `origin` is "solver" or "link" (a link's moves are replayed, not proven anything).
 */
export class Solution {
  constructor({ start, moves, tiles, optimal = false, origin = "solver", summary = "", notes = [] }) {
    if (tiles.length !== moves.length) throw new Error("a solution lists one tile per move");
    Object.assign(this, { start, moves, tiles, optimal, origin, summary, notes });
    this.index = 0;
    this.board = start; // the board after `index` moves
  }

  get following() {
    return this.index !== null;
  }

  get finished() {
    return this.index !== null && this.index >= this.moves.length;
  }

  /** The move to make next, or null. */
  get next() {
    return this.index === null || this.finished ? null : this.moves[this.index];
  }

  /** The moves still to make, or "" when none or the board has left the solution. */
  get remaining() {
    return this.index === null ? "" : this.moves.slice(this.index);
  }

  /** Keep the position in step with the board: one move either way, or back at the start;
   *  else the board has left the solution (index null). */
  follow(tiles, topo) {
    if (this.index !== null) {
      if (sameBoard(this.board, tiles)) return;
      const ahead = this.next ? applyMove(this.board, this.next, topo) : null;
      if (ahead && sameBoard(ahead, tiles)) {
        this.index++;
        this.board = ahead;
        return;
      }
      const behind = this.index > 0 ? applyMove(this.board, OPPOSITE[this.moves[this.index - 1]], topo) : null;
      if (behind && sameBoard(behind, tiles)) {
        this.index--;
        this.board = behind;
        return;
      }
    }
    const home = sameBoard(this.start, tiles);
    this.index = home ? 0 : null;
    this.board = home ? this.start : null;
  }
}

export const DEFAULT_SIZE = [4, 4];

export class Game {
  /** @param {{now?: () => number}} options  the clock for the timer (ms) */
  constructor({ now } = {}) {
    this.timer = new Timer(now);
    this.listeners = [];
    const [w, h] = DEFAULT_SIZE;
    this.solution = null;
    this.load({ tiles: defaultGoal(w, h), goal: defaultGoal(w, h), topo: topology(w, h) }, { quiet: true });
  }

  /** Call `listener({newGame})` after every change of the board, the game or the solution;
   *  newGame is true when a game was loaded (the problem may have changed). */
  subscribe(listener) {
    this.listeners.push(listener);
  }

  /** Start a new game on a problem {tiles, goal, topo}: moves, history and timer cleared.
   *  The solution is dropped unless `keepSolution` and the problem is the same. */
  load({ tiles, goal, topo }, { keepSolution = false, solution = null, quiet = false } = {}) {
    const same = this.topo && sameBoard(goal, this.goal) && sameShape(topo, this.topo);
    Object.assign(this, { topo, goal, start: tiles, tiles, past: [], future: [], pastGroups: [], futureGroups: [] });
    this.timer = new Timer(this.timer.now);
    if (!(keepSolution && same)) this.solution = null;
    if (solution) this.solution = new Solution({ start: tiles, ...solution });
    this.generation = (this.generation || 0) + 1; // counts games: a late answer about an old one is ignored
    if (!quiet) this.changed({ newGame: true });
  }

  get solved() {
    return sameBoard(this.tiles, this.goal);
  }

  get moveCount() {
    return this.past.length;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  get canReset() {
    return this.past.length > 0 || !sameBoard(this.tiles, this.start);
  }

  /** Make the blank's moves in turn, as one action, up to the first impossible one;
   *  the number made.  The timer starts with the first move off a board not solved. */
  move(letters) {
    let made = 0;
    for (const letter of letters || "") {
      const next = applyMove(this.tiles, letter, this.topo);
      if (!next) break;
      if (!this.timer.running && !this.solved) this.timer.start();
      this.past.push(letter);
      this.tiles = next;
      made++;
    }
    if (!made) return 0;
    this.pastGroups.push(made);
    this.future = [];
    this.futureGroups = [];
    this.changed();
    return made;
  }

  /** Undo the last action (a click that slid a run undoes the whole run). */
  undo() {
    if (!this.past.length) return;
    const n = this.pastGroups.pop();
    for (let k = 0; k < n; k++) {
      const letter = this.past.pop();
      this.future.push(letter);
      this.tiles = applyMove(this.tiles, OPPOSITE[letter], this.topo);
    }
    this.futureGroups.push(n);
    this.changed();
  }

  redo() {
    if (!this.future.length) return;
    const n = this.futureGroups.pop();
    for (let k = 0; k < n; k++) {
      const letter = this.future.pop();
      this.past.push(letter);
      this.tiles = applyMove(this.tiles, letter, this.topo);
    }
    this.pastGroups.push(n);
    this.changed();
  }

  /** Back to the start of this game; a solution of the same problem stays. */
  reset() {
    this.load({ tiles: this.start, goal: this.goal, topo: this.topo }, { keepSolution: true });
  }

  /** Follow a solution from the current board ({moves, tiles, optimal, origin, summary, notes}). */
  setSolution(solution) {
    this.solution = new Solution({ start: this.tiles, ...solution });
    this.changed();
  }

  /** Make the solution's next move; false when there is none. */
  stepForward() {
    const letter = this.solution && this.solution.next;
    return letter ? this.move(letter) > 0 : false;
  }

  /** Take back the solution's last move (by Undo when that was the last action). */
  stepBack() {
    const s = this.solution;
    if (!s || !s.index) return false;
    const last = s.moves[s.index - 1];
    if (this.pastGroups.at(-1) === 1 && this.past.at(-1) === last) this.undo();
    else this.move(OPPOSITE[last]);
    return true;
  }

  /** The problem as text, as npuzzle.api takes it (the goal and wrap always given). */
  problem() {
    const { width, height, wrapRows, wrapCols } = this.topo;
    return {
      board: formatBoardId(width, height, this.tiles),
      goal: formatBoardId(width, height, this.goal),
      wrap: formatWrap(wrapRows, wrapCols, width, height),
    };
  }

  changed({ newGame = false } = {}) {
    if (this.solved) this.timer.stop();
    if (this.solution) this.solution.follow(this.tiles, this.topo);
    for (const listener of this.listeners) listener({ newGame });
  }
}

function sameShape(a, b) {
  return a.width === b.width && a.height === b.height
    && formatWrap(a.wrapRows, a.wrapCols) === formatWrap(b.wrapRows, b.wrapCols);
}
