// Playing a solution back: Playback steps the game along its solution, a batch of moves
// each animation frame, and SolutionPanel draws the solution (moves, tiles, position,
// notes) and its buttons.  The position is the solution's own ("Solution: move 14 of 57"):
// the moves it plays are the solver's, so the person's counter and timer stay as they were
// (game.js: ownMoves, and the timer pauses while the solver plays).
//
// Why frames and batches: a 30x30 answer has ~70,000 moves, and at the top speed (2,048
// a second) one timer callback a move, each drawing the whole board and writing the
// address, kept the main thread busy for 20 s and more, Pause included.  Now a frame
// makes the moves due by then (at most `batch`, which halves when a frame's moves and
// drawing took longer than FRAME_BUDGET and doubles while they take under half), the
// game reports them as one change, and the address is written when playing stops.

import { language, number, pythonText, t } from "../languages/i18n.js";
import { summaryVerdict } from "./status.js";

const SHOWN_TILES = 2000; // longer tile lists are cut (a 30x30 solution has ~70,000)
const FRAME_BUDGET = 8; // ms of moves and drawing a frame: the rest of it answers input
const MAX_BATCH = 4096;

export class Playback {
  /**
   * @param {import("./game.js").Game} game
   * @param {() => number} rate  moves a second wanted
   * @param {() => void} changed  after playing starts or stops
   */
  constructor(game, rate, changed) {
    this.game = game;
    this.rate = rate;
    this.changed = changed;
    this.frame = null; // the requested animation frame while playing
    this.batch = 16;
  }

  get playing() {
    return this.frame !== null;
  }

  toggle() {
    if (this.playing) return this.stop();
    const s = this.game.solution;
    if (s?.next) this.start();
  }

  start() {
    this.began = performance.now();
    this.done = 0; // moves made since `began`
    this.frame = requestAnimationFrame(() => this.tick());
    this.changed();
  }

  /** One frame: the moves due by now, within the batch; playing stops at the end. */
  tick() {
    const now = performance.now(),
      rate = this.rate();
    const due = Math.floor((rate * (now - this.began)) / 1000) + 1 - this.done;
    if (due > 0) {
      const n = Math.min(due, this.batch);
      const made = this.game.playSolution(n); // one change: the board, counts and panel drawn once
      const spent = performance.now() - now;
      this.done += made;
      if (spent > FRAME_BUDGET) this.batch = Math.max(1, this.batch >> 1);
      else if (spent < FRAME_BUDGET / 2 && n === this.batch) this.batch = Math.min(MAX_BATCH, this.batch * 2);
      if (due > n) this.began = now - (this.done * 1000) / rate; // behind: go on from here, not catch up
      const s = this.game.solution;
      if (!made || !s?.next) this.stop();
    }
    if (this.playing) this.frame = requestAnimationFrame(() => this.tick());
  }

  stop() {
    if (!this.playing) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
    this.changed();
  }

  /** The speed changed: go on at the new one from here. */
  restart() {
    if (!this.playing) return;
    this.began = performance.now();
    this.done = 0;
  }
}

export class SolutionPanel {
  /** @param {import("./element.js").Finder} $  the page's elements by id */
  constructor($) {
    this.$ = $;
    this.shown = null; // the Solution whose lists are drawn
    this.marked = null; // the tile span of the next move
  }

  /** Draw the solution and where the board is along it; null hides the panel. */
  render(solution, playing) {
    const $ = this.$;
    $("solution").hidden = !solution;
    if (!solution) {
      this.shown = null;
      return;
    }
    if (solution !== this.shown || this.language !== language()) this.fill(solution);
    const s = solution;
    if (this.marked) this.marked.classList.remove("next");
    this.marked = s.index === null ? null : $("solution-tiles").children[s.index] || null;
    if (this.marked) this.marked.classList.add("next");
    const summary = summaryVerdict(s.summary); // the player's words; the figures are in the status line's Details
    $("solution-progress").textContent =
      s.index === null
        ? t("panel.left")
        : t("panel.at", { i: s.index, n: s.moves.length }) + (summary ? ` · ${summary}` : "");
    $("play").textContent = playing ? t("panel.pause") : t("panel.play");
    $("step-forward", HTMLButtonElement).disabled = !s.next;
    $("step-back", HTMLButtonElement).disabled = !s.index;
    $("play", HTMLButtonElement).disabled = s.index === null || (s.finished && !playing);
  }

  fill(s) {
    const $ = this.$;
    this.shown = s;
    this.language = language(); // the lists are drawn again when the language changes
    this.marked = null;
    const item = (text) => Object.assign(document.createElement("li"), { textContent: text });
    $("solution-notes").hidden = !s.notes.length;
    $("solution-notes-list").replaceChildren(...s.notes.map((note) => item(pythonText(note))));
    $("solution-moves").textContent = s.moves || t("panel.none");
    const list = $("solution-tiles");
    const span = (t) => Object.assign(document.createElement("span"), { textContent: String(t) });
    list.replaceChildren(...s.tiles.slice(0, SHOWN_TILES).flatMap((t, i) => [i ? " " : "", span(t)]));
    if (s.tiles.length > SHOWN_TILES) list.append(t("panel.more", { n: number(s.tiles.length - SHOWN_TILES) }));
    if (!s.tiles.length) list.textContent = t("panel.none");
  }
}
