// The board the lab works on, at hand inside the lab: a small copy of the game's board
// (read-only: the game's own board plays), its ID, and the game's Size menu again ("Board
// size", so that "Size" still names the game's menu alone), so a teacher switches between
// the 8- and the 15-puzzle without scrolling up to the game.
//
// The sizes are the game's Size menu's own options (pickers.js lists them once), and
// choosing one here chooses it in that menu (its value set, its change event sent): the
// game starts the new board the one way it always does, and keeps what a person did in
// the same way (the Size menu's question or Undo).

import { parseBoardId } from "../game/rules.js";
import { t } from "../languages/i18n.js";
import { drawBoard } from "./lab_board.js";

const MAX_DRAWN = 64; // cells: a larger board is given by its ID only (an 8x8 is the largest drawn)

/** The markup (texts by key), placed by lab_markup.js under the lab's introduction. */
export const LAB_GAME_MARKUP = `
<div id="lab-game" class="lab-game" role="group" aria-labelledby="lab-game-title">
  <span id="lab-game-title" class="lab-game-title" data-i18n="lab.game"></span>
  <div id="lab-game-board" class="lab-game-board"></div>
  <code id="lab-game-id" class="lab-game-id"></code>
  <span class="lab-game-size"><label for="lab-size" data-i18n="lab.size"></label> <select id="lab-size"></select></span>
</div>`;

export class LabGame {
  /**
   * @param {import("../game/element.js").Finder} $  the lab's element finder
   * @param {{problem: () => {board: string}, sizeMenu: HTMLSelectElement | null}} o
   *   problem(): the game's board; sizeMenu: the game's Size menu (null: the lab offers none)
   */
  constructor($, { problem, sizeMenu }) {
    this.$ = $;
    this.problem = problem;
    this.sizeMenu = sizeMenu;
    this.select = $("lab-size", HTMLSelectElement);
    /** @type {HTMLElement} */ (this.select.parentElement).hidden = !sizeMenu;
    this.select.addEventListener("change", () => this.choose());
  }

  /** Draw the game's board and show its size (after a move, a new game, a new language). */
  show() {
    const { board } = this.problem();
    const [width, height, tiles] = parseBoardId(board);
    const label = t("lab.game_board", { id: board });
    const small = width * height <= MAX_DRAWN;
    this.$("lab-game-board").replaceChildren(...(small ? [drawBoard(tiles, width, label)] : []));
    this.$("lab-game-id").textContent = small ? board : `${board.slice(0, 40)}…`; // a 30x30's is 2,600 characters
    if (this.sizeMenu) this.showSizes(`${width}x${height}`);
  }

  /** The Size menu's sizes (not its "Other…", which opens the game's width and height
   *  fields): the game's size chosen, or, for a size the menu does not list, that size
   *  shown alone and not to be chosen. */
  showSizes(size) {
    const menu = /** @type {HTMLSelectElement} */ (this.sizeMenu);
    const listed = [...menu.options].filter((o) => /^\d+x\d+$/.test(o.value));
    const options = listed.map((o) => new Option(o.text, o.value, false, o.value === size));
    if (!listed.some((o) => o.value === size)) {
      const own = new Option(size.replace("x", " × "), size, true, true);
      own.disabled = true;
      options.unshift(own);
    }
    this.select.replaceChildren(...options);
  }

  /** A size chosen here: chosen in the game's Size menu, as a person would. */
  choose() {
    const menu = /** @type {HTMLSelectElement} */ (this.sizeMenu);
    if (menu.value === this.select.value) return;
    menu.value = this.select.value;
    menu.dispatchEvent(new Event("change", { bubbles: true }));
    // what the game's menu says now: the size chosen, or the one kept if the game asked and was told no
    if ([...this.select.options].some((o) => o.value === menu.value)) this.select.value = menu.value;
  }
}
