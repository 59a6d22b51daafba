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
import { onLanguage, register, t } from "../languages/i18n.js";

register({
  en: {
    "controls.line": "{keys} {way}",
    "controls.line_arrows": "Arrow keys",
    "controls.line_wasd": "Arrow keys and WASD",
    "controls.line_ijkl": "Arrow keys and IJKL",
    "controls.line_tile": "slide a tile into the gap.",
    "controls.line_gap": "move the gap.",
    "controls.line_hover": " Pointing at a tile slides it.",
  },
  zh: {
    "controls.line": "{keys}{way}",
    "controls.line_arrows": "方向键",
    "controls.line_wasd": "方向键和 WASD 键",
    "controls.line_ijkl": "方向键和 IJKL 键",
    "controls.line_tile": "把一个方块滑进空格。",
    "controls.line_gap": "移动空格。",
    "controls.line_hover": "鼠标指向一个方块，它就滑动。",
    // the group's static texts (their English is in index.html)
    "controls.title": "操作方式",
    "controls.mouse": "鼠标",
    "controls.click": "点击",
    "controls.hover": "悬停（不用点击）",
    "controls.keys": "按键",
    "controls.arrows": "方向键",
    "controls.wasd": "方向键 + WASD",
    "controls.ijkl": "方向键 + IJKL",
    "controls.way": "按键移动",
    "controls.tile": "方块",
    "controls.gap": "空格",
    "controls.help":
      "悬停：鼠标或触控笔进入方块时它就滑动，不用点击；在触摸屏上仍是点按和滑动。选“方块”时，→ 把一个方块向右滑进空格；选“空格”时，→ 把空格向右移。输入框和菜单里的按键不会移动方块。",
  },
});

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
