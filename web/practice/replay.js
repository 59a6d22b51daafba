// A solve replayed on the page's board: each move at its recorded time (or slower), Pause,
// Back and Step move by move, a slider to any move, the solve's clock at the current move
// and "move k of n"; from here the solve's analysis, and a link that opens this replay.
//
//   const replay = new Replay($, { game, load, onMove, analyse })
//   replay.open({ problem, moves, times, ms, title })  // the scramble on the board, at move 0
//   replay.seek(k)                                     // the position after k moves
//
// A solve is {problem: {tiles, goal, topo}, moves: the blank's letters, times: ms from the
// timer's start, one a move (null when not recorded: it then plays evenly over `ms`), ms:
// the solve's time (null when unknown)}.  `onMove(k)` follows the position (the analysis's
// highlighted row); `analyse(solve)` opens the analysis of the solve.
//
// The replay's moves are the solver's, as playback's are (game.move(letters, "solver")): the
// timer does not start, the person's counter, records and session do not count them.  A
// person's move on the board leaves the replay; its next step puts the scramble back.
//
// A whole marathon or relay (solve.boards, event_replay.js) plays as one: its moves and
// times in a row from the event's start, each board dealt in turn (the next one's scramble
// as soon as the board before is solved, as in the event), "Board 3 of 10" and the splits
// shown, the board on screen marked; its link carries every board (solve code version 2).

import { OPPOSITE, sameBoard, walk } from "../game/rules.js";
import { writeAddress } from "../game/address.js";
import { linkLanguage } from "../game/link.js";
import { encode, encodeEvent } from "./solve_code.js";
import { formatTime, splitTime } from "./session.js";
import { number, t } from "../languages/i18n.js";

/** A solve to replay (above), with its number in the session (n) when it has one; a whole
 *  event's with its boards and splits (event_replay.js).
 *  @typedef {{problem: import("../game/rules.js").Problem, moves: string, times?: number[] | null,
 *    ms: number | null, n?: number, title?: string, boards?: import("./event_replay.js").Board[],
 *    splits?: import("./solve_code.js").Split[]}} Solve */

export class Replay {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{game: import("../game/game.js").Game, load: (problem: import("../game/rules.js").Problem, options: object) => void,
   *   onMove?: (k: number) => void, analyse?: (solve: Solve) => void}} parts */
  constructor($, { game, load, onMove = () => {}, analyse = () => {} }) {
    this.$ = $;
    this.game = game;
    this.load = load;
    this.onMove = onMove;
    this.analyse = analyse;
    /** @type {(Solve & {clock: number[], dealt: import("./event_replay.js").Board[]}) | null}
     *  the solve open, its clock a move, its boards (one for a single solve) */
    this.solve = null;
    this.at = 0; // moves made (of every board)
    this.shown = 0; // the board on screen (its index)
    /** @type {number[] | null} the board after `at` moves, as this replay put it */
    this.board = null;
    /** @type {number | null} the game this replay loaded */
    this.generation = null;
    /** @type {number | null} the requested animation frame while playing */
    this.frame = null;
    this.began = 0; // when playing (re)started (performance.now())
    this.from = 0; // the solve's clock then
    const on = (/** @type {string} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("replay-play", () => this.toggle());
    on("replay-back", () => this.step(-1));
    on("replay-step", () => this.step(1));
    on("replay-start", () => this.jump(0));
    on("replay-end", () => this.jump(this.current.moves.length));
    on("replay-close", () => this.close());
    on("replay-analyse", () => this.analyse(this.current));
    on("replay-link", () => this.makeLink());
    $("replay-seek").addEventListener("input", () => this.jump(Number($("replay-seek", HTMLInputElement).value)));
    $("replay-rate").addEventListener("change", () => this.restart());
    // Left and right arrows step while the focus is on the replay's buttons (elsewhere they slide tiles).
    $("replay").addEventListener("keydown", (event) => {
      const d = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      const target = event.target instanceof Element ? event.target : null;
      if (!d || !this.solve || target?.closest("input, select")) return;
      event.preventDefault();
      event.stopPropagation(); // not a move of the board's (board_input.js listens on the document)
      this.step(d);
    });
    game.subscribe(() => this.render());
  }

  get playing() {
    return this.frame !== null;
  }

  /** Whether the board shows this replay (no move of the person's since). */
  get onBoard() {
    return !!this.solve && this.game.generation === this.generation && sameBoard(this.game.tiles, this.board);
  }

  /** The solve open: its buttons and its steps exist only while one is.
   *  @returns {Solve & {clock: number[], dealt: import("./event_replay.js").Board[]}} */
  get current() {
    if (!this.solve) throw new Error("no replay is open");
    return this.solve;
  }

  /** A solve's replay, its scramble on the board at move 0; the panel shown and focused.  @param {Solve} solve */
  open(solve) {
    this.stop();
    const n = solve.moves.length,
      dealt = solve.boards ?? [{ problem: solve.problem, from: 0, to: n, ms: solve.ms ?? 0 }];
    this.solve = { ...solve, clock: solve.times || evenly(n, solve.ms), dealt };
    this.$("replay-event").hidden = !solve.boards;
    this.$("replay-analyse").hidden = !!solve.boards; // an analysis is of one board
    this.$("replay-seek", HTMLInputElement).max = String(solve.moves.length);
    this.$("replay-link-text").hidden = true;
    this.$("replay-status").textContent = "";
    this.$("replay").hidden = false;
    this.putBack();
    this.$("replay-play").focus();
    this.said();
  }

  close() {
    this.stop();
    this.solve = null;
    this.$("replay").hidden = true;
  }

  /** The board of position k: the one whose move comes next (the last board at the end).  @param {number} k */
  boardAt(k) {
    const { dealt } = this.current;
    const i = dealt.findIndex((board) => k < board.to);
    return i < 0 ? dealt.length - 1 : i;
  }

  /** Board b's scramble on the board (the first's unless given), a new game (the person's
   *  game in progress kept for Undo).  @param {number} [b] */
  putBack(b = 0) {
    const { problem, from } = this.current.dealt[b];
    this.at = from;
    this.shown = b;
    this.board = problem.tiles;
    this.generation = this.game.nextGeneration; // the game about to load: its address is this replay's link
    this.load(problem, { origin: { kind: "replay" } });
    this.generation = this.game.generation;
    this.render(); // drawn by the game's change too, before the game was known to be the replay's
  }

  /** The position after k moves, from where the board is (one run of moves either way).  @param {number} k */
  seek(k) {
    const { moves } = this.current;
    k = Math.max(0, Math.min(moves.length, k));
    const b = this.boardAt(k);
    if (!this.onBoard || b !== this.shown) this.putBack(b);
    const letters =
      k >= this.at
        ? moves.slice(this.at, k)
        : [...moves.slice(k, this.at)]
            .reverse()
            .map((letter) => OPPOSITE[/** @type {keyof typeof OPPOSITE} */ (letter)])
            .join("");
    this.at = k;
    this.board = walk(this.board, letters, this.game.topo).end;
    if (letters)
      this.game.move(letters, "solver"); // drawn once, by the game's change
    else this.render();
    this.onMove(k);
  }

  /** One move either way (Back, Step, the analysis's row): playing pauses.  @param {number} d */
  step(d) {
    this.stop();
    this.seek(this.at + d);
    this.said();
  }

  /** @param {number} k */
  jump(k) {
    this.stop();
    this.seek(k);
    this.said();
  }

  toggle() {
    if (this.playing) {
      this.stop();
      this.said();
      return;
    }
    if (this.at >= this.current.moves.length) this.seek(0);
    else if (!this.onBoard) this.seek(this.at);
    this.restart(true);
    this.frame = requestAnimationFrame(() => this.tick());
    this.render();
  }

  /** Play on from here at the speed chosen (the speed changed, or playing starts). */
  restart(starting = false) {
    if (!this.playing && !starting) return;
    this.began = performance.now();
    this.from = this.clockAt(this.at);
  }

  /** The solve's clock after k moves: the k-th move's time (0 before the first).  @param {number} k */
  clockAt(k) {
    return k ? this.current.clock[k - 1] : 0;
  }

  /** One frame: the moves whose time has come; playing stops at the end or when the person
   *  moved (the board left the replay). */
  tick() {
    const { clock, moves } = this.current;
    if (!this.onBoard) {
      this.stop();
      return this.said();
    }
    const now = this.from + (performance.now() - this.began) * Number(this.$("replay-rate", HTMLSelectElement).value);
    let k = this.at;
    while (k < moves.length && clock[k] <= now) k++;
    if (k !== this.at) this.seek(k);
    if (this.at >= moves.length) {
      this.stop();
      return this.said();
    }
    this.frame = requestAnimationFrame(() => this.tick());
  }

  stop() {
    if (this.frame === null) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
    this.render();
  }

  /** Said to screen readers (aria-live) only when the position stands: a pause, a step. */
  said() {
    if (!this.solve) return;
    const board = this.current.boards ? `${this.boardText()} · ` : "";
    this.$("replay-said").textContent = `${board}${this.position()} · ${this.clockText()}`;
  }

  position() {
    return t("replay.at", { k: number(this.at), n: number(this.current.moves.length) });
  }

  boardText() {
    return t("replay.event.board", { k: number(this.shown + 1), count: number(this.current.dealt.length) });
  }

  clockText() {
    const time = formatTime(this.clockAt(this.at));
    return this.current.times ? t("replay.time", { time }) : t("replay.no_times", { time });
  }

  /** The panel: where the replay is, its clock, its buttons; the board's own drawing is the game's. */
  render() {
    const $ = this.$,
      s = this.solve;
    if (!s) return;
    const n = s.moves.length;
    const total = s.ms === null || s.ms === undefined ? "-" : formatTime(s.ms);
    const count = number(s.dealt.length);
    $("replay-heading").textContent = s.boards
      ? s.n
        ? t("replay.event.of_solve", { n: s.n, count, moves: number(n), time: total })
        : t("replay.event.of", { count, moves: number(n), time: total })
      : s.n
        ? t("replay.of_solve", { n: s.n, moves: number(n), time: total })
        : t("replay.of", { moves: number(n), time: total });
    if (s.boards) this.renderSplits();
    $("replay-at").textContent = this.position();
    $("replay-clock").textContent = this.clockText();
    $("replay-seek", HTMLInputElement).value = String(this.at);
    $("replay-play").textContent = this.playing ? t("replay.pause") : t("replay.play");
    // Back, Step, Start and End stay enabled at the ends (they do nothing there): a button
    // disabled under the focus drops it, and the next arrow key would slide a tile.
    $("replay-link", HTMLButtonElement).disabled = s.ms === null || s.ms === undefined;
    $("replay-status").textContent = this.onBoard || this.playing ? "" : t("replay.left");
  }

  /** An event's board on screen ("Board 3 of 10") and its splits, each board's own time,
   *  the one on screen marked. */
  renderSplits() {
    const { dealt } = this.current;
    this.$("replay-board").textContent = this.boardText();
    const splits = dealt.map((_, i) => {
      const span = document.createElement(i === this.shown ? "strong" : "span");
      span.textContent = formatTime(splitTime(dealt, i));
      if (i === this.shown) span.setAttribute("aria-current", "step");
      return span;
    });
    this.$("replay-splits").replaceChildren(t("replay.event.splits"), ...splits.flatMap((span) => [" ", span]));
  }

  /** This solve's code (the moves, their times, the solve's time; an event's every board). */
  get code() {
    const s = this.current,
      ms = Math.round(s.ms ?? 0);
    return s.splits ? encodeEvent(s.splits, s.times ?? null, ms) : encode(s.moves, s.times ?? null, ms);
  }

  /** The page's link that opens this replay: shown, copied where allowed, and said with its length. */
  makeLink() {
    const $ = this.$,
      { problem } = this.current;
    const hash = writeAddress(problem, "", null, linkLanguage(location.hash), null, this.code);
    const link = `${location.href.split("#")[0]}#${hash}`;
    $("replay-link-text").hidden = false;
    $("replay-link-text", HTMLInputElement).value = link;
    navigator.clipboard?.writeText(link).catch(() => {});
    const length = number(link.length);
    $("replay-status").textContent = this.current.boards
      ? t("replay.event.linked", { count: number(this.current.dealt.length), length })
      : t("replay.linked", { length });
  }

  /** The address while the replay is on the board: its link (so a reload opens it again); else null.
   *  @param {string | null} lang */
  address(lang) {
    if (!this.solve || !this.onBoard || this.solve.ms === null || this.solve.ms === undefined) return null;
    return writeAddress(this.solve.problem, "", null, lang, null, this.code);
  }
}

/** Times spread evenly over ms (a solve recorded without its moves' times).
 *  @param {number} n  @param {number | null} ms */
function evenly(n, ms) {
  const total = ms || n * 250; // no time either: 4 moves a second
  return Array.from({ length: n }, (_, i) => Math.round(((i + 1) * total) / n));
}
