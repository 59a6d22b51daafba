// The game, without the page: the board, the moves made (grouped into actions for Undo
// and Redo), the timer, and the solution being followed.  No DOM, no timers of its own:
// the page calls it and draws what it says, and tests/game_test.mjs drives it under Node.
//
// Vocabulary (as rules.js): a *move* is a letter U, D, L or R, the way the BLANK goes;
// an *action* is what one input did (a click that slid a run of three tiles is three
// moves and one action, undone in one step, as in Tatham's Fifteen).  Each move made
// is *by* "person", "solver" (playback and Step) or "hint", so an ending can say who
// solved it; undoing a move takes back its maker too (undo is not a move).
//
// The person's counter and timer are the person's own: `ownMoves` counts the moves by
// "person" and "hint" (a hint is asked for), never the solver's, and the solution's playback
// neither starts the timer nor keeps it running (it pauses; the person's next move goes on
// from the time counted).  So a person who takes over mid-playback sees their own moves.
//
// A new game never throws a game in progress away: load() keeps it (`previous`, with its
// moves, timer and solution), and Undo with no move left to undo brings it back, as a
// stray arrow key on the Size menu must not cost a game.

import {
  DIRECTIONS,
  OPPOSITE,
  applyMove,
  countMtm,
  movesPerSecond,
  defaultGoal,
  formatBoardId,
  formatWrap,
  sameBoard,
  topology,
} from "./rules.js";
import { readSaved, writeSaved } from "./saved_game.js";
import { Timer } from "./timer.js";

/**
 * A solution and where the board is along it.  `index` is the number of its moves made
 * (null once the board has left it); `optimal` is the solver's word, never read from text;
 * `origin` is "solver" or "link" (a link's moves are replayed, not proven anything).
 */
export class Solution {
  constructor({ start, moves, tiles, optimal = false, origin = "solver", summary = "", notes = [] }) {
    if (tiles.length !== moves.length) throw new Error("a solution lists one tile per move");
    this.start = start;
    this.moves = moves;
    this.tiles = tiles;
    this.optimal = optimal;
    this.origin = origin;
    this.summary = summary;
    this.notes = notes;
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
    /** @type {string[]} the moves made, a letter each (load() sets these, and every field below) */
    this.past = [];
    this.generation = 0; // the games loaded
    this.version = 0; // the boards shown
    this.solution = null;
    this.previous = null; // the game a new one replaced, for Undo: {saved, own}
    this.load({ tiles: defaultGoal(w, h), goal: defaultGoal(w, h), topo: topology(w, h) }, { quiet: true });
  }

  /** Call `listener({newGame, cells})` after every change of the board, the game or the
   *  solution; newGame is true when a game was loaded (the problem may have changed);
   *  cells is the Set of cells whose tile changed, or null for "maybe all".
   *  @param {(change: {newGame?: boolean, cells?: Set<number> | null}) => void} listener */
  subscribe(listener) {
    this.listeners.push(listener);
  }

  /** Start a new game on a problem {tiles, goal, topo}: moves, history and timer cleared.
   *  The solution is dropped unless `keepSolution` and the problem is the same.  `origin`
   *  says where the board came from ({kind: "link" | "random" | "editor", ...}, for the
   *  messages); `hints` the hints already given on it (Reset keeps them).  A game in
   *  progress is kept for Undo (`previous`) unless `keepPrevious` is false. */
  load(
    { tiles, goal, topo },
    {
      keepSolution = false,
      solution = null,
      quiet = false,
      origin = { kind: "random" },
      hints = 0,
      keepPrevious = true,
    } = {},
  ) {
    const same = this.topo && sameBoard(goal, this.goal) && sameShape(topo, this.topo);
    // kept as saved_game.js writes it (with the person's own moves, for the status line), until a newer game in progress
    if (keepPrevious && this.inProgress) this.previous = { saved: writeSaved(this), own: this.ownMoves };
    else if (!keepPrevious) this.previous = null;
    this.topo = topo;
    this.goal = goal;
    this.start = tiles;
    this.tiles = tiles;
    this.origin = origin;
    this.hints = hints;
    this.past = [];
    this.future = [];
    this.pastGroups = [];
    this.futureGroups = [];
    this.pastBy = [];
    this.futureBy = [];
    this.blank = tiles.indexOf(0);
    this.timer = new Timer(this.timer.now);
    if (!(keepSolution && same)) this.solution = null;
    if (solution) this.solution = new Solution({ start: tiles, ...solution });
    this.generation = this.nextGeneration; // counts games: a late answer about an old one is ignored
    this.version = (this.version || 0) + 1; // counts boards shown: a message about one goes with it
    if (!quiet) this.changed({ newGame: true });
  }

  /** The generation the next load gives its game: known before the load's listeners run. */
  get nextGeneration() {
    return (this.generation || 0) + 1;
  }

  get solved() {
    return sameBoard(this.tiles, this.goal);
  }

  get moveCount() {
    return this.past.length;
  }

  /** The person's own moves (and the hints' they asked for): the solver's are not counted. */
  get ownMoves() {
    let n = 0;
    for (const by of this.pastBy) if (by !== "solver") n++;
    return n;
  }

  /** Moves made on a board not at its goal: a game that a new one would throw away. */
  get inProgress() {
    return !!this.past?.length && !this.solved;
  }

  /** The person's own moves in the game before this one, when Undo would bring it back, or 0. */
  get undoableGame() {
    return this.previous && !this.past.length ? this.previous.own : 0;
  }

  get canUndo() {
    return this.past.length > 0 || !!this.previous;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  get canReset() {
    return this.past.length > 0 || !sameBoard(this.tiles, this.start);
  }

  /** Make the blank's moves in turn, as one action, up to the first impossible one;
   *  the number made.  The timer starts with the first move off a board not solved. */
  move(letters, by = "person") {
    const cells = new Set();
    const tiles = this.tiles.slice(); // one copy for the whole run, changed in place
    let made = 0;
    for (const letter of letters || "") {
      const offGoal = by !== "solver" && !this.timer.running && !sameBoard(tiles, this.goal);
      if (!this.slide(tiles, letter, cells)) break;
      if (offGoal) this.timer.start();
      this.past.push(letter);
      this.pastBy.push(by);
      made++;
    }
    if (!made) return 0;
    this.tiles = tiles;
    this.pastGroups.push(made);
    this.future = [];
    this.futureGroups = [];
    this.futureBy = [];
    this.changed({ cells });
    return made;
  }

  /** The blank's move on `tiles` (changed in place, the cells touched added to `cells`);
   *  false when it would leave the board. */
  slide(tiles, letter, cells) {
    const d = DIRECTIONS.indexOf(letter);
    const target = d < 0 ? -1 : this.topo.step[this.blank][d];
    if (target < 0) return false;
    tiles[this.blank] = tiles[target];
    tiles[target] = 0;
    cells.add(this.blank).add(target);
    this.blank = target;
    return true;
  }

  /** Undo the last action (a click that slid a run undoes the whole run); with none left,
   *  the game before this one comes back, as it was. */
  undo() {
    if (!this.past.length) {
      if (this.previous) this.resume(this.previous.saved);
      return;
    }
    const n = this.pastGroups.pop();
    const tiles = this.tiles.slice(),
      cells = new Set();
    for (let k = 0; k < n; k++) {
      const letter = this.past.pop();
      this.future.push(letter);
      this.futureBy.push(this.pastBy.pop());
      this.slide(tiles, OPPOSITE[letter], cells);
    }
    this.tiles = tiles;
    this.futureGroups.push(n);
    this.changed({ cells });
  }

  redo() {
    if (!this.future.length) return;
    const n = this.futureGroups.pop();
    const tiles = this.tiles.slice(),
      cells = new Set();
    for (let k = 0; k < n; k++) {
      const letter = this.future.pop();
      this.past.push(letter);
      this.pastBy.push(this.futureBy.pop());
      this.slide(tiles, letter, cells);
    }
    this.tiles = tiles;
    this.pastGroups.push(n);
    this.changed({ cells });
  }

  /** Back to the start of this game; a solution of the same problem stays, and the
   *  hints given are still counted. */
  reset() {
    const previous = this.previous; // Reset is asked for: it keeps no game, and loses none kept
    this.load(
      { tiles: this.start, goal: this.goal, topo: this.topo },
      { keepSolution: true, origin: this.origin, hints: this.hints, keepPrevious: false },
    );
    this.previous = previous;
  }

  /** A hint was given about this board (the person may then make its move, or ask
   *  the hint to make it: `move(letter, "hint")`). */
  hinted() {
    this.hints++;
  }

  /** How the board reached its goal, once it has: {moves, solver, hints, own, ms} (solver:
   *  the moves the solver played; own: the person's own solve); null when not solved or
   *  no move was made. */
  get ending() {
    const moves = this.past.length;
    if (!moves || !this.solved) return null;
    let solver = 0;
    for (const by of this.pastBy) if (by === "solver") solver++;
    const letters = this.past.join(""),
      ms = this.timer.elapsed();
    return {
      moves,
      solver,
      hints: this.hints,
      own: !solver && !this.hints,
      ms,
      mtm: countMtm(letters),
      tps: movesPerSecond(letters, ms),
    };
  }

  /** Follow a solution from the current board ({moves, tiles, optimal, origin, summary, notes}). */
  setSolution(solution) {
    this.solution = new Solution({ start: this.tiles, ...solution });
    this.changed();
  }

  /** Make the solution's next move; false when there is none. */
  stepForward() {
    return this.playSolution(1) > 0;
  }

  /** Make up to `n` of the solution's next moves, each one action by the solver, with one
   *  change for them all (playback at speed: a 30x30 answer has ~70,000 moves); the
   *  number made. */
  playSolution(n) {
    const s = this.solution;
    if (!s?.next || n < 1) return 0;
    const tiles = this.tiles.slice(),
      cells = new Set();
    this.timer.stop(); // the person's time pauses while the solver plays
    let made = 0;
    while (made < n && s.index < s.moves.length) {
      const letter = s.moves[s.index];
      if (!this.slide(tiles, letter, cells)) break; // cannot happen: a solution is checked when made
      this.past.push(letter);
      this.pastBy.push("solver");
      this.pastGroups.push(1);
      s.index++;
      made++;
    }
    this.tiles = tiles;
    s.board = tiles;
    this.future = [];
    this.futureGroups = [];
    this.futureBy = [];
    this.changed({ cells });
    return made;
  }

  /** Take back the solution's last move (by Undo when that was the last action). */
  stepBack() {
    const s = this.solution;
    if (!s?.index) return false;
    const last = s.moves[s.index - 1];
    if (this.pastGroups.at(-1) === 1 && this.past.at(-1) === last) this.undo();
    else this.move(OPPOSITE[last], "solver");
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

  /** The game as plain JSON-safe data, for keeping it across a reload (saved_game.js). */
  toJSON() {
    return writeSaved(this);
  }

  /** A new game from toJSON()'s data; throws an Error when the data does not hold together.
   *  @param {object} data  @param {{now?: () => number}} [options] */
  static restore(data, { now } = {}) {
    const game = new Game({ now });
    game.resume(data);
    return game;
  }

  /** Take up a game saved by toJSON() in place of this one (as load, a new game for the
   *  listeners); throws an Error, leaving this game as it was, when the data is not one. */
  resume(data) {
    const r = readSaved(data);
    const { tiles, goal, topo } = r.problem;
    this.load({ tiles, goal, topo }, { quiet: true, origin: r.origin, hints: r.hints, keepPrevious: false });
    this.tiles = r.tiles;
    this.blank = r.tiles.indexOf(0);
    this.past = r.past;
    this.pastGroups = r.pastGroups;
    this.pastBy = r.pastBy;
    this.future = r.future;
    this.futureGroups = r.futureGroups;
    this.futureBy = r.futureBy;
    this.timer.resume(r.timer.ms, r.timer.running && !this.solved);
    if (r.solution) {
      const s = new Solution(r.solution);
      s.index = r.solution.index;
      s.board = r.solution.board;
      this.solution = s;
    }
    this.changed({ newGame: true });
  }

  changed({ newGame = false, cells = null } = {}) {
    if (!newGame) this.version++;
    if (this.solved) this.timer.stop();
    if (this.solution) this.solution.follow(this.tiles, this.topo);
    for (const listener of this.listeners) listener({ newGame, cells });
  }
}

function sameShape(a, b) {
  return (
    a.width === b.width &&
    a.height === b.height &&
    formatWrap(a.wrapRows, a.wrapCols) === formatWrap(b.wrapRows, b.wrapCols)
  );
}
