// The Controls group: how the person's hands move the tiles, as Slidysim lets a speedsolver
// choose, remembered in this browser (settings.js):
//
//   the mouse   "click": a click (a tap) slides a tile; "hover": a tile slides when the mouse
//               or a pen enters it, no click needed (touch keeps taps and swipes)
//   the keys    the arrows, and WASD or IJKL beside them
//   a key's way the way the tile goes (the page's first rule), or the way the gap goes
//
//   const controls = new Controls($, view, handlers)   // handlers as BoardInput's
//
// It makes the board's input (board_input.js), hands it each choice, and says the keys in
// force in the line under the board ("Arrow keys and WASD move the gap.").

import { BoardInput } from "../game/board_input.js";
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
   *  @param {import("../game/board_input.js").BoardHandlers} handlers */
  constructor($, view, handlers) {
    this.input = new BoardInput(view, handlers);
    this.line = $("board-keys");
    /** @type {import("../game/board_input.js").ControlChoice} */
    this.choice = { mouse: "click", keys: "arrows", way: "tile" };
    for (const [id, name] of CHOICES) {
      connect($(id, HTMLSelectElement), settings.controls[name], (value) => {
        this.choice = { ...this.choice, [name]: value };
        this.input.choose(this.choice);
        this.say();
      });
    }
    onLanguage(() => this.say());
  }

  /** The line under the board: the keys in force, and the mouse's hover when chosen. */
  say() {
    const { keys, way, mouse } = this.choice;
    this.line.textContent =
      t("controls.line", { keys: t(`controls.line_${keys}`), way: t(`controls.line_${way}`) }) +
      (mouse === "hover" ? t("controls.line_hover") : "");
  }
}
