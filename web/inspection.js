// The inspection before a solve, as the cubing timers have it: when a new board comes (and
// the person has asked for it), 15 seconds to look at it are counted down beside the
// timer; the timer starts at the first move, as always, or when the 15 seconds are over.
// Off unless chosen; the choice is remembered (settings.js).
//
//   new Inspection({ game, control: checkbox, setting: settings.inspection, timer: $("timer") })

import { connect } from "./settings.js";
import { register, t } from "./i18n.js";

export const INSPECTION_SECONDS = 15;

register({
  en: { "inspection.left": "Inspection: {s} s" },
  zh: { "inspection.left": "观察：{s} 秒", "session.inspection": "复原前观察 15 秒（计时从第一步或观察结束时开始）" },
});

export class Inspection {
  /** @param {{game: import("./game.js").Game, control: HTMLInputElement,
   *   setting: import("./settings.js").Setting, timer: HTMLElement, now?: () => number}} parts */
  constructor({ game, control, setting, timer, now = () => performance.now() }) {
    this.game = game;
    this.now = now;
    this.on = false;
    this.running = null; // {generation, started} while counting down
    this.shown = document.createElement("span");
    this.shown.className = "inspection";
    this.shown.hidden = true;
    timer.after(this.shown);
    connect(control, setting, (value) => { this.on = value === "on"; });
    game.subscribe(({ newGame }) => (newGame ? this.begin() : this.tick()));
    setInterval(() => this.tick(), 100);
  }

  /** A new board: count down, when chosen and the board is there to be solved. */
  begin() {
    const g = this.game;
    this.running = this.on && !g.solved && !g.past.length && !g.timer.running
      ? { generation: g.generation, started: this.now() } : null;
    this.tick();
  }

  tick() {
    const g = this.game, r = this.running;
    if (r && (r.generation !== g.generation || g.past.length || g.timer.running)) this.running = null; // moved: solving
    else if (r && this.now() - r.started >= INSPECTION_SECONDS * 1000) {
      this.running = null;
      g.timer.start(); // the time is up: the solve's time runs
    }
    this.shown.hidden = !this.running;
    if (this.running) {
      const left = Math.ceil(INSPECTION_SECONDS - (this.now() - this.running.started) / 1000);
      const text = t("inspection.left", { s: left });
      if (this.shown.textContent !== text) this.shown.textContent = text;
    }
  }
}
