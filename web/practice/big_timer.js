// The big timer, as speedsolvers read one (csTimer, Slidysim): while a solve is timed in
// practice mode (its inspection, then from the first move to the goal) the time in large tabular digits, the
// session's current ao5 and ao12 under it (session.js's stats over the figures the session
// panel counts: "ao5: –" while too few), and the inspection's countdown in a line of its
// own, apart from the time.  It is a picture for the eyes: aria-hidden, never live (the
// status line and the message under the board say the result).
//
//   const big = new BigTimer($, { game, session });  // session: session_ui.js's SessionPanel
//   big.show()   // 20 times a second, with the small timer (game_screen.js)
//
// Its state is the element's data-state, and style.css decides what shows: "timing" (shown
// everywhere: on a laptop over the top of the right-hand column, on a phone under the
// board), "done" (the solve just ended: on a phone it stays with the final time, so the
// page under the board does not jump; on a laptop the column comes back), "" (hidden).

import { clock } from "../game/timer.js";
import { resultOf, scored, stats } from "./session.js";
import { t } from "../languages/i18n.js";

const NONE = "–"; // too few solves for the average

export class BigTimer {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{game: import("../game/game.js").Game, session: import("./session_ui.js").SessionPanel}} parts */
  constructor($, { game, session }) {
    this.game = game;
    this.session = session;
    this.box = $("big-timer");
    this.time = $("big-time");
    this.ao5 = $("big-ao5");
    this.ao12 = $("big-ao12");
    this.inspection = $("big-inspection");
    this.board = $("big-place");
    /** @type {number | null} the game whose solve was seen timed */
    this.timed = null;
  }

  /** Whether the inspection is counting down on this game's board. */
  inspecting() {
    const running = this.session.inspection.running;
    return !!running && running.generation === this.game.generation;
  }

  show() {
    const g = this.game;
    // a solve that counts is one in practice mode (practice_mode.js): the others are assisted
    const events = this.session.events, // a marathon or a relay: the whole event's time, and the board's number
      eventTime = events.elapsed();
    const timing =
      (this.session.practice.on || events.underWay) && (g.timer.running || this.inspecting() || events.running);
    if (timing) this.timed = g.generation;
    const state = timing ? "timing" : g.solved && this.timed === g.generation ? "done" : "";
    if (this.box.dataset.state !== state) this.box.dataset.state = state;
    if (!state) return;
    write(this.time, clock(eventTime ?? g.timer.elapsed()));
    write(this.board, events.place());
    // the current ao5 and ao12 are those of the last 5 and 12 results the session counts
    const results = scored(this.session.sessions.list(this.session.kind)).solves.slice(-12).map(resultOf);
    const figures = stats(results);
    const text = (/** @type {number | null} */ ms) => (ms === null ? NONE : clock(ms));
    write(this.ao5, t("bigtimer.ao5", { time: text(figures.ao5.current) }));
    write(this.ao12, t("bigtimer.ao12", { time: text(figures.ao12.current) }));
    const shown = this.session.inspection.shown; // inspection.js's line beside the small timer
    write(this.inspection, shown.hidden ? "" : (shown.textContent ?? ""));
  }
}

/** An element's text, written only when it changes.  @param {HTMLElement} element  @param {string} text */
function write(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
