// The Controls group: how the person's hands move the tiles, as Slidysim lets a speedsolver
// choose, remembered in this browser (settings.js):
//
//   the mouse   "click": a click (a tap) slides a tile; "hover": a tile slides when the mouse
//               or a pen enters it, no click needed (touch keeps taps and swipes)
//   the keys    the arrows, and WASD or IJKL beside them
//   a key's way the way the tile goes (the page's first rule), or the way the gap goes
//   the scramble key  Space, Enter, R, N or F2 (solve_keys.js); Escape gives up a solve
//
//   const controls = new Controls($, view, handlers)   // BoardInput's handlers, and { scramble, abandon }
//
// It makes the board's input (board_input.js) and the solve's keys (solve_keys.js), hands
// them each choice, and says the keys in force in the line under the board ("Arrow keys
// and WASD move the gap.") and the solve's in the group ("Space: a new board; Esc: give
// up the solve.").

import { BoardInput } from "../game/board_input.js";
import { SolveKeys } from "./solve_keys.js";
import { connect, settings } from "../game/settings.js";
import { onLanguage, t } from "../languages/i18n.js";

/** The three choices: [control's id, setting, the choice's name in BoardInput's ControlChoice]. */
const CHOICES = /** @type {const} */ ([
  ["control-mouse", "mouse"],
  ["control-keys", "keys"],
  ["control-way", "way"],
]);

export class Controls {
  /** @param {import("../game/element.js").Finder} $ @param {import("../game/view.js").BoardView} view
   *  @param {import("../game/board_input.js").BoardHandlers & {scramble: () => void, abandon: () => void}} handlers
   *    BoardInput's, and solve_keys.js's: a new board; the solve given up */
  constructor($, view, handlers) {
    this.input = new BoardInput(view, handlers);
    this.keys = new SolveKeys($, handlers);
    this.line = $("board-keys");
    this.solveLine = $("control-solve-keys"); // in the Controls group: the board's line stays one line
    /** @type {import("../game/board_input.js").ControlChoice} */
    this.choice = { mouse: "click", keys: "arrows", way: "tile" };
    for (const [id, name] of CHOICES) {
      connect($(id, HTMLSelectElement), settings.controls[name], (value) => {
        this.choice = { ...this.choice, [name]: value };
        this.input.choose(this.choice);
        this.say();
      });
    }
    this.keys.changed = () => this.say();
    onLanguage(() => this.say());
  }

  /** The line under the board: the keys in force, and the mouse's hover when chosen; the
   *  solve's keys in the Controls group. */
  say() {
    const { keys, way, mouse } = this.choice;
    this.line.textContent =
      t("controls.line", { keys: t(`controls.line_${keys}`), way: t(`controls.line_${way}`) }) +
      (mouse === "hover" ? t("controls.line_hover") : "");
    this.solveLine.textContent = t("controls.line_solve", { key: this.keyName() });
  }

  /** The scramble key's name, as a keyboard shows it ("Space", "F2").  */
  keyName() {
    const choice = this.keys.choice;
    return choice === "space" || choice === "enter" ? t(`controls.key_${choice}`) : choice.toUpperCase();
  }
}
