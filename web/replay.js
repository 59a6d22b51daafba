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

import { OPPOSITE, sameBoard, walk } from "./rules.js";
import { writeAddress } from "./address.js";
import { linkLanguage } from "./link.js";
import { encode } from "./solve_code.js";
import { formatTime } from "./session.js";
import { number, t } from "./i18n.js";


export class Replay {
  /** @param {(id: string) => any} $ @param {{game: import("./game.js").Game, load: (problem: object, options: object) => void,
   *   onMove?: (k: number) => void, analyse?: (solve: object) => void}} parts */
  constructor($, { game, load, onMove = () => {}, analyse = () => {} }) {
    this.$ = $;
    this.game = game;
    this.load = load;
    this.onMove = onMove;
    this.analyse = analyse;
    this.solve = null;
    this.at = 0; // moves made
    this.board = null; // the board after `at` moves, as this replay put it
    this.generation = null; // the game this replay loaded
    this.frame = null; // the requested animation frame while playing
    const on = (id, f) => $(id).addEventListener("click", f);
    on("replay-play", () => this.toggle());
    on("replay-back", () => this.step(-1));
    on("replay-step", () => this.step(1));
    on("replay-start", () => this.jump(0));
    on("replay-end", () => this.jump(this.solve.moves.length));
    on("replay-close", () => this.close());
    on("replay-analyse", () => this.analyse(this.solve));
    on("replay-link", () => this.makeLink());
    $("replay-seek").addEventListener("input", () => this.jump(Number($("replay-seek").value)));
    $("replay-rate").addEventListener("change", () => this.restart());
    // Left and right arrows step while the focus is on the replay's buttons (elsewhere they slide tiles).
    $("replay").addEventListener("keydown", (event) => {
      const d = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!d || !this.solve || event.target.closest("input, select")) return;
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

  /** A solve's replay, its scramble on the board at move 0; the panel shown and focused. */
  open(solve) {
    this.stop();
    this.solve = { ...solve, clock: solve.times || evenly(solve.moves.length, solve.ms) };
    this.$("replay-seek").max = String(solve.moves.length);
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

  /** The scramble on the board, a new game (the person's game in progress kept for Undo). */
  putBack() {
    const { problem } = this.solve;
    this.at = 0;
    this.board = problem.tiles;
    this.load(problem, { origin: { kind: "replay" } });
    this.generation = this.game.generation;
    this.render(); // drawn by the game's change too, before the game was known to be the replay's
  }

  /** The position after k moves, from where the board is (one run of moves either way). */
  seek(k) {
    const { moves } = this.solve;
    k = Math.max(0, Math.min(moves.length, k));
    if (!this.onBoard) this.putBack();
    const letters = k >= this.at ? moves.slice(this.at, k)
      : [...moves.slice(k, this.at)].reverse().map((letter) => OPPOSITE[letter]).join("");
    this.at = k;
    this.board = walk(this.board, letters, this.game.topo).end;
    if (letters) this.game.move(letters, "solver"); // drawn once, by the game's change
    else this.render();
    this.onMove(k);
  }

  /** One move either way (Back, Step, the analysis's row): playing pauses. */
  step(d) {
    this.stop();
    this.seek(this.at + d);
    this.said();
  }

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
    if (this.at >= this.solve.moves.length) this.seek(0);
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

  /** The solve's clock after k moves: the k-th move's time (0 before the first). */
  clockAt(k) {
    return k ? this.solve.clock[k - 1] : 0;
  }

  /** One frame: the moves whose time has come; playing stops at the end or when the person
   *  moved (the board left the replay). */
  tick() {
    const { clock, moves } = this.solve;
    if (!this.onBoard) {
      this.stop();
      return this.said();
    }
    const now = this.from + (performance.now() - this.began) * Number(this.$("replay-rate").value);
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
    if (!this.playing) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
    this.render();
  }

  /** Said to screen readers (aria-live) only when the position stands: a pause, a step. */
  said() {
    if (!this.solve) return;
    this.$("replay-said").textContent = `${this.position()} · ${this.clockText()}`;
  }

  position() {
    return t("replay.at", { k: number(this.at), n: number(this.solve.moves.length) });
  }

  clockText() {
    const time = formatTime(this.clockAt(this.at));
    return this.solve.times ? t("replay.time", { time }) : t("replay.no_times", { time });
  }

  /** The panel: where the replay is, its clock, its buttons; the board's own drawing is the game's. */
  render() {
    const $ = this.$, s = this.solve;
    if (!s) return;
    const n = s.moves.length;
    const total = s.ms === null || s.ms === undefined ? "-" : formatTime(s.ms);
    $("replay-heading").textContent = s.n ? t("replay.of_solve", { n: s.n, moves: number(n), time: total })
      : t("replay.of", { moves: number(n), time: total });
    $("replay-at").textContent = this.position();
    $("replay-clock").textContent = this.clockText();
    $("replay-seek").value = String(this.at);
    $("replay-play").textContent = this.playing ? t("replay.pause") : t("replay.play");
    // Back, Step, Start and End stay enabled at the ends (they do nothing there): a button
    // disabled under the focus drops it, and the next arrow key would slide a tile.
    $("replay-link").disabled = s.ms === null || s.ms === undefined;
    $("replay-status").textContent = this.onBoard || this.playing ? "" : t("replay.left");
  }

  /** This solve's code (the moves, their times, the solve's time). */
  get code() {
    const s = this.solve;
    return encode(s.moves, s.times, Math.round(s.ms));
  }

  /** The page's link that opens this replay: shown, copied where allowed, and said with its length. */
  makeLink() {
    const $ = this.$, { problem } = this.solve;
    const hash = writeAddress(problem, "", null, linkLanguage(location.hash), null, this.code);
    const link = `${location.href.split("#")[0]}#${hash}`;
    $("replay-link-text").hidden = false;
    $("replay-link-text").value = link;
    navigator.clipboard?.writeText(link).catch(() => {});
    $("replay-status").textContent = t("replay.linked", { length: number(link.length) });
  }

  /** The address while the replay is on the board: its link (so a reload opens it again); else null. */
  address(lang) {
    if (!this.onBoard || this.solve.ms === null || this.solve.ms === undefined) return null;
    return writeAddress(this.solve.problem, "", null, lang, null, this.code);
  }
}

/** Times spread evenly over ms (a solve recorded without its moves' times). */
function evenly(n, ms) {
  const total = ms || n * 250; // no time either: 4 moves a second
  return Array.from({ length: n }, (_, i) => Math.round(((i + 1) * total) / n));
}
