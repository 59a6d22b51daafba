// Keys as speedsolvers expect them (Slidysim, csTimer), listed in the Controls group and
// remembered (settings.js):
//
//   the scramble key   Space unless another is chosen (Enter, R, N, F2): a new board of the
//                      size on screen, uniform over the solvable boards (the solver's
//                      `random`, as Shuffle; tests/test_speedsolving.py checks it is uniform)
//   Escape             gives up the solve being made: a DNF in the session when it had
//                      started (a move made), nothing when not; then a new board
//
// Space and Enter are left to a focused button, link or field (they press it), and to a
// switch or summary reached by the keyboard, not to one last clicked (Practice mode ticked
// with the mouse, then Space deals); the letters and F2 only to a field that takes text.  The size chosen last is remembered too, and
// dealt again at an address with no board (keep, dealKept).
//
//   new SolveKeys($, { scramble: () => ..., abandon: () => ... })   (controls.js makes it)

import { connect, settings } from "../game/settings.js";

/** The keys that may deal a new board: the setting's value -> KeyboardEvent.key. */
export const SCRAMBLE_KEYS = /** @type {const} */ ({ space: " ", enter: "Enter", r: "r", n: "n", f2: "F2" });

/** Whether the focused node takes this key itself.
 *  @param {EventTarget | null} target  @param {string} key
 *  @param {EventTarget | null} clicked  the control the focus came to by a pointer */
function taken(target, key, clicked) {
  if (!(target instanceof Element)) return false;
  const field = target.closest("textarea, select, [contenteditable], input");
  const typed = field && !(field instanceof HTMLInputElement && ["checkbox", "radio", "button"].includes(field.type));
  if (typed) return true;
  // a switch or a summary clicked last (Practice mode ticked) leaves the key to dealing;
  // a button keeps it (a Step clicked, then pressed again with Space)
  if (target === clicked && target.matches("input[type=checkbox], input[type=radio], summary")) return false;
  return (key === " " || key === "Enter") && !!target.closest("button, a[href], summary, input");
}

export class SolveKeys {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{scramble: () => void, abandon: () => void}} handlers  a new board; the solve given up */
  constructor($, { scramble, abandon }) {
    this.handlers = { scramble, abandon };
    this.bare = !/(^#?|&)id=/.test(location.hash); // the address has no board: the size chosen last is dealt
    /** @type {keyof typeof SCRAMBLE_KEYS} */
    this.choice = "space";
    this.changed = () => {}; // told when the choice changes (the line under the board)
    connect($("control-scramble", HTMLSelectElement), settings.controls.scramble, (value) => {
      if (value in SCRAMBLE_KEYS) this.choice = /** @type {keyof typeof SCRAMBLE_KEYS} */ (value);
      this.changed();
    });
    // the control the focus came to by a pointer (a click, a tap), not by the keyboard: it
    // does not keep Space and Enter.  The browser's :focus-visible cannot say it, as a key
    // pressed on a clicked control makes it match before the page sees the key.
    /** @type {EventTarget | null} */
    this.clicked = null;
    let pointing = false;
    document.addEventListener("pointerdown", () => (pointing = true), true);
    document.addEventListener("keydown", () => (pointing = false), true);
    document.addEventListener("focusin", (event) => (this.clicked = pointing ? event.target : null));
    document.addEventListener("keydown", (event) => this.press(event));
  }

  /** @param {KeyboardEvent} event */
  press(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (taken(event.target, event.key, this.clicked)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "Escape") {
      this.handlers.abandon();
      this.handlers.scramble();
    } else if (key === SCRAMBLE_KEYS[this.choice]) {
      event.preventDefault(); // Space would scroll the page
      this.handlers.scramble();
    }
  }

  /** Remember the size chosen.  @param {number} width @param {number} height @param {string} wrapText */
  keep(width, height, wrapText) {
    settings.size.set(`${width}x${height}${wrapText ? ` ${wrapText}` : ""}`); // refused: this visit only
  }

  /** Where the address had no board: deal the size chosen last, when one is remembered.
   *  @param {(width: number, height: number, wrapText: string) => void} newShape */
  dealKept(newShape) {
    const size = /^(\d{1,2})x(\d{1,2})(?: (.+))?$/.exec(String(settings.size.get() ?? ""));
    if (this.bare && size) newShape(Number(size[1]), Number(size[2]), size[3] || "");
  }
}
