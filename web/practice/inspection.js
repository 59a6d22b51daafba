// The inspection before a solve, as the cubing timers have it: when a new board comes (and
// the person has asked for it), 15 seconds to look at it are counted down beside the
// timer.  The timer starts at the first move, as always.  A first move after 15 s costs
// +2, after 17 s the solve is a DNF, as the WCA's rule (A3d1) and csTimer have it: the
// line beside the timer says so as it happens, and the session takes the solve with that
// mark (session_ui.js asks mark()).  Off unless chosen; the choice is remembered
// (settings.js).
//
//   new Inspection({ game, control: checkbox, setting: settings.inspection, timer: $("timer") })
//   inspection.mark()   "", "+2" or "DNF": what this game's inspection cost

import { connect } from "../game/settings.js";
import { t } from "../languages/i18n.js";

export const INSPECTION_SECONDS = 15;
const DNF_SECONDS = 17;

/** The mark a solve gets for starting `ms` after its inspection began: "" within 15 s,
 *  "+2" up to 17 s, "DNF" after.  @param {number} ms @returns {"" | "+2" | "DNF"} */
export function inspectionMark(ms) {
  return ms > DNF_SECONDS * 1000 ? "DNF" : ms > INSPECTION_SECONDS * 1000 ? "+2" : "";
}

export class Inspection {
  /** @param {{game: import("../game/game.js").Game, control: HTMLInputElement,
   *   setting: import("../game/settings.js").Setting, timer: HTMLElement, now?: () => number}} parts */
  constructor({ game, control, setting, timer, now = () => performance.now() }) {
    this.game = game;
    this.now = now;
    this.on = false;
    this.running = null; // {generation, started} while the person looks
    this.cost = null; // {generation, mark}: what the inspection of a game being solved cost
    this.shown = document.createElement("span");
    this.shown.className = "inspection";
    this.shown.hidden = true;
    (timer.parentElement ?? timer).after(this.shown); // beside "Time: 0:00.000", apart from it
    connect(control, setting, (value) => {
      this.on = value === "on";
    });
    game.subscribe(({ newGame }) => (newGame ? this.begin() : this.tick()));
    setInterval(() => this.tick(), 100);
  }

  /** A new board: count down, when chosen and the board is there to be solved. */
  begin() {
    const g = this.game;
    this.running =
      this.on && !g.solved && !g.past.length && !g.timer.running
        ? { generation: g.generation, started: this.now() }
        : null;
    this.cost = null;
    this.tick();
  }

  /** What this game's inspection cost: "", "+2" or "DNF" (none chosen: ""). */
  mark() {
    this.tick(); // the first move may be this very change
    return this.cost && this.cost.generation === this.game.generation ? this.cost.mark : "";
  }

  tick() {
    const g = this.game,
      r = this.running;
    if (r && r.generation !== g.generation) this.running = null;
    else if (r && (g.past.length || g.timer.running)) {
      // the first move: the solve starts
      this.running = null;
      this.cost = { generation: g.generation, mark: inspectionMark(this.now() - r.started) };
    }
    const ms = this.running ? this.now() - this.running.started : 0;
    const mark = this.running ? inspectionMark(ms) : this.cost?.generation === g.generation ? this.cost.mark : "";
    const text = mark
      ? t("inspection.over", { s: mark === "DNF" ? DNF_SECONDS : INSPECTION_SECONDS, mark })
      : this.running
        ? t("inspection.left", { s: Math.ceil(INSPECTION_SECONDS - ms / 1000) })
        : "";
    this.shown.hidden = !text;
    if (this.shown.textContent !== text) this.shown.textContent = text;
  }
}
