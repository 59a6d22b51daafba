// What the page shows of the game around the board: the board (through the view), the
// move count and the timer (and the big one, big_timer.js), the line under the board (how
// the game ended, the score, new records), the coach's line and marks, the records line,
// the solver's status line, the solution panel and which buttons can be pressed; and a
// person's move said aloud for those who cannot see the board ("7 moved left").  It reads
// the game and the objects around it and draws; it changes none of them.

import { OPPOSITE, walk } from "./rules.js";
import { clock } from "./timer.js";
import { aboutText, messageText } from "./status.js";
import { goodText, metricsText, newRecordText, recordsText, scoreText } from "./coach.js";
import { t } from "../languages/i18n.js";
import { Legend } from "./legend.js";
import { BigTimer } from "../practice/big_timer.js";

// Faster than this tiles jump instead of sliding: slides of a hundred tiles at once made
// the browser lay the board out every frame (tasks of 100-200 ms on a 30x30).
const SLIDING_RATE = 32;
// A move's announcement waits this long at most for the coach's words about the board it made.
const COACH_WAIT_MS = 1500;

export class GameScreen {
  /**
   * @param {import("./element.js").Finder} $  the page's element by id (main.js's)
   * @param {{game: import("./game.js").Game, view: import("./view.js").BoardView,
   *   playback: import("./playback.js").Playback, rate: () => number, panel: import("./playback.js").SolutionPanel,
   *   solverUI: import("../solver/solve_ui.js").SolverUI, coach: import("./coach.js").Coach,
   *   session: import("../practice/session_ui.js").SessionPanel}} parts  rate: playback's moves a second;
   *   session: the records line is worked out from it, the big timer reads its figures
   */
  constructor($, parts) {
    this.$ = $;
    this.game = parts.game;
    this.view = parts.view;
    this.playback = parts.playback;
    this.rate = parts.rate;
    this.panel = parts.panel;
    this.solverUI = parts.solverUI;
    this.coach = parts.coach;
    this.records = parts.session.records;
    this.session = parts.session;
    this.big = new BigTimer($, { game: this.game, session: parts.session });
    this.legend = new Legend($("legend"));
    this.good = []; // the coach's tiles marked now
    /** @type {{words: string, generation: number, version: number} | null} a move not said yet */
    this.pending = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.waiting = undefined;
  }

  /** Draw the game: the board (the view moves only the cells that changed, so a batch of
   *  playback moves costs the cells it touched), counts, messages, solution, records, buttons. */
  render() {
    const { $, game } = this;
    $("board").classList.toggle("jumping", this.playback.playing && this.rate() > SLIDING_RATE);
    this.view.render(game.tiles, game.topo, game.goal);
    $("move-count").textContent = String(game.ownMoves); // the person's own: playback's are the solution's
    this.showTime();
    this.showMessage();
    this.panel.render(game.solution, this.playback.playing);
    this.showRecords();
    this.solverChanged();
  }

  /** The line under the board: how the game ended (with the score when it was the person's
   *  own solve and the optimum from the start is known), or that the goal is on screen. */
  showMessage() {
    const { game, coach } = this;
    const ending = game.ending;
    let text = messageText(ending, game.solved, clock);
    if (ending?.own) text += ` ${metricsText(ending)}`;
    if (ending?.own && coach.optimum()) text += ` ${scoreText(coach.optimum())}`;
    const broke = ending?.own ? newRecordText(this.records.beatenBy(game)) : "";
    if (broke) text += ` ${broke}`;
    setText(this.$("message"), text);
    this.$("message").classList.toggle("won", !!ending?.own);
    this.$("message").title = ending?.own ? t("score.metrics_title") : ""; // what STM, MTM and TPS count
  }

  /** The coach's line and marks, from what it knows about the board on screen: while it
   *  works out a new position the line says so, and no figure or mark of another board
   *  stays.  It is no live region: a move's announcement carries its words (announce). */
  showCoach() {
    const shown = this.coach.view();
    const line = this.$("coach");
    line.hidden = shown.state === "off";
    line.dataset.state = shown.state;
    setText(this.$("coach-text"), shown.text);
    setText(this.$("coach-good"), goodText(shown.good));
    this.view.mark(shown.good);
    this.good = shown.good;
    this.showMessage();
    this.solverChanged(); // the legend, and the status line's bound (one with the coach's)
    this.sayMove();
  }

  /** The legend names the marks on the board now: tiles at home (not told apart on a
   *  picture), the coach's tiles, the hint's tile. */
  showLegend() {
    const { tiles, goal } = this.game;
    const pictured = this.$("board").classList.contains("pictured");
    this.legend.show({
      home: !pictured && tiles.some((tile, cell) => tile && goal[cell] === tile),
      good: this.good.length > 0,
      hint: this.solverUI.hintShown !== null,
    });
  }

  showRecords() {
    const kind = this.session.kind; // the session's key: the size's, or its event's ("4x4 x10")
    setText(this.$("records-text"), recordsText(kind, this.records.get(kind), clock));
  }

  /** The coach's and the records' fixed words, in the page's language. */
  showWords() {
    this.$("coach-on-label").textContent = t("coach.switch");
    this.$("coach-label").textContent = t("coach.label");
    this.$("records-clear").textContent = t("records.clear");
    this.$("status-details-label").textContent = t("details");
    this.legend.relabel();
    this.showRecords();
    this.showCoach();
  }

  /** The status line, the hint's tile and the buttons, from the solver's and the game's state. */
  solverChanged() {
    setText(this.$("status"), this.solverUI.statusLine());
    const figures = this.solverUI.statusDetails();
    this.$("status-details").hidden = !figures;
    setText(this.$("status-figures"), figures);
    setText(this.$("about"), aboutText(this.solverUI));
    this.view.highlight(this.solverUI.hintShown);
    this.showLegend();
    this.showButtons();
  }

  /** After a Solve, the solution's playback controls in sight (scrolled to, the least that shows them). */
  revealPlayback() {
    const bar = this.game.solution?.origin === "solver" ? this.$("play").closest("[role=toolbar]") : null;
    if (!bar) return;
    bar.scrollIntoView({ block: "nearest" });
    const below = bar.getBoundingClientRect().bottom - innerHeight; // the page scrolls by whole pixels:
    if (below > 0) scrollBy(0, Math.ceil(below)); // a fraction of one may be left below the screen
  }

  showTime() {
    this.$("timer").textContent = clock(this.game.timer.elapsed());
    this.big.show();
  }

  showButtons() {
    const { $, game } = this;
    const ready = this.solverUI.ready,
      busy = !!this.solverUI.busy,
      held = this.session.practice.holding; // practice mode or an event under way: no help
    $("solve", HTMLButtonElement).disabled = !ready || busy || held;
    $("hint", HTMLButtonElement).disabled = !ready || busy || held || game.solved;
    $("shuffle", HTMLButtonElement).disabled = !ready || busy;
    $("cancel", HTMLButtonElement).disabled = !busy;
    $("undo", HTMLButtonElement).disabled = !game.canUndo;
    $("redo", HTMLButtonElement).disabled = !game.canRedo;
    $("reset", HTMLButtonElement).disabled = !game.canReset;
  }

  /** Say a person's move (the blank's `letters` made from the board `before`) once, with the
   *  coach's words about the board it made when they come within COACH_WAIT_MS; a move
   *  made before it is said replaces it, so no words are said of a board gone by.
   *  @param {number[]} before @param {string} letters @param {object} topo */
  announce(before, letters, topo) {
    const { tiles } = walk(before, letters, topo);
    const words = t("announce.moved", { tiles: listed(tiles), way: t(`way.${OPPOSITE[letters[0]]}`) });
    this.pending = { words, generation: this.game.generation, version: this.game.version };
    clearTimeout(this.waiting);
    this.waiting = setTimeout(() => this.sayMove(true), COACH_WAIT_MS);
    this.sayMove();
  }

  /** Say the move waiting, joined to the coach's words if it has them for the board on
   *  screen and that is the board the move made; it waits for them unless `now`. */
  sayMove(now = false) {
    const move = this.pending;
    if (!move) return;
    const { game } = this;
    const current = move.generation === game.generation && move.version === game.version;
    const shown = this.coach.view();
    if (!now && current && shown.state === "thinking") return; // it is working this board out (no worker yet: said at once)
    this.pending = null;
    clearTimeout(this.waiting);
    const advice = current && shown.state === "answer" ? shown.text + goodText(shown.good) : "";
    this.$("announce").textContent = advice ? t("announce.coach", { move: move.words, advice }) : move.words;
  }
}

/** Set an element's text only when it changes (live regions speak every change).
 *  @param {HTMLElement} element @param {string} text */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** "3, 7 and 11": the tiles a move slid.  @param {number[]} items */
const listed = (items) =>
  items.length < 2
    ? String(items[0])
    : t("announce.and", { items: items.slice(0, -1).join(t("announce.list")), last: items.at(-1) });
