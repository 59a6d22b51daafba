// The person's hands on the board: clicks, keys, swipes and pinches turned into requests.
// It never changes the game and never draws: it calls the handlers, and zooms and pans
// through the view's Zoom (zoom.js).
//
//   new BoardInput(view, { onCell, onDirection, onUndo, onRedo, announce })
//   input.choose({ mouse: "hover", keys: "wasd", way: "gap" })   the person's controls
//
//   a click on a tile         onCell(cell): slide it (and the tiles between) into the gap; it
//     (Enter or Space on the  answers how many moves it made, and none is said in `announce`
//     focused tile)           ("7 cannot move: it is not in line with the gap")
//   hover mode: the mouse     onCell(cell) for every cell the pointer enters, in the order it
//     or a pen entering a     crosses them (Slidysim's control); a tile not in line with the
//     tile                    gap stays, silently
//   an arrow key (and WASD    onDirection(way): the way a TILE should slide, "U", "D", "L" or "R";
//     or IJKL when chosen),   a key names the tile's way, or the gap's when so chosen (a swipe
//     a swipe                 always drags a tile)
//   Ctrl+Z, Ctrl+Shift+Z      onUndo(), onRedo() (Cmd on a Mac)
//   when zoomed, one finger (or the mouse) drags the board about; two fingers pinch to zoom
//
// The arrows work whatever letters are chosen: WASD and IJKL are added to them, as a
// speedsolver switching to letters keeps the arrows for a one-handed try.  The letters are
// read by the key's place (event.code), so WASD lies under the same fingers on an AZERTY
// keyboard (Z, Q, S, D there); they never act with Ctrl, Alt, Meta or Shift.  A text field,
// a menu, a slider or a radio group keeps its own keys; a checkbox or a button takes none,
// so the keys go to the board while one has the focus (a box just ticked with the mouse).
//
// No input is ever dropped: every key and every cell entered calls its handler at once, in
// order, and a move is made synchronously before the next event is read (the slide's
// animation and the drawing never hold a move back).  The presses that were lost went to
// a board that Shuffle's late answer then replaced (solve_ui.js now keeps the board the
// person moved), or to a checkbox that had kept the focus.
//
// The board is one stop of the Tab key (view.js keeps a roving tabindex).  The arrow keys
// slide tiles, so inside the board the focus moves with Shift and the arrows (to the next
// cell that way), Home and End (the row's first and last cell), Ctrl+Home and Ctrl+End (the
// board's first and last cell), as a grid's arrows, Home and End do in WAI-ARIA's grid pattern.

import { t } from "../languages/i18n.js";

const SWIPE = 24; // px: a shorter drag is a click
const ARROWS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
/** The letter keys of each key set, by their place on the keyboard (event.code). */
export const LETTERS = {
  arrows: {},
  wasd: { KeyW: "U", KeyA: "L", KeyS: "D", KeyD: "R" },
  ijkl: { KeyI: "U", KeyJ: "L", KeyK: "D", KeyL: "R" },
};
const OTHER = { U: "D", D: "U", L: "R", R: "L" };
const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] }; // rows, columns

/** @typedef {{mouse: "click" | "hover", keys: "arrows" | "wasd" | "ijkl", way: "tile" | "gap"}} ControlChoice
 *   the person's controls: the mouse's mode, the key set, and whose way a key names */

/** The way a TILE goes for a key, or null when the key moves nothing: the arrows always,
 *  the chosen set's letters without Ctrl, Alt, Meta or Shift; a key that names the gap's
 *  way sends the tile the other way.
 *  @param {{key: string, code: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean}} event
 *  @param {ControlChoice} choice  @returns {string | null} */
export function keyWay(event, choice) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const named = ARROWS[event.key] || (!event.shiftKey && LETTERS[choice.keys]?.[event.code]) || null;
  if (!named) return null;
  return choice.way === "gap" ? OTHER[named] : named;
}

/** The cells a straight pointer path crosses, in order, from the point `a` to `b` (in
 *  cells: {x: column, y: row}, fractions within), on a board `width` by `height`; cells off
 *  the board are left out.  A fast mouse moves several cells between two events, and each
 *  cell it passed is entered.  Through a corner exactly, the column changes first.
 *  @param {{x: number, y: number}} a @param {{x: number, y: number}} b
 *  @param {number} width @param {number} height @returns {number[]} */
export function cellsCrossed(a, b, width, height) {
  let col = Math.floor(a.x),
    row = Math.floor(a.y);
  const endCol = Math.floor(b.x),
    endRow = Math.floor(b.y);
  const dx = b.x - a.x,
    dy = b.y - a.y,
    stepX = Math.sign(dx),
    stepY = Math.sign(dy);
  // how far along the path (0 to 1) the next column line and the next row line are
  const along = (from, d, cellAt) => (d === 0 ? Infinity : ((d > 0 ? cellAt + 1 : cellAt) - from) / d);
  let nextX = along(a.x, dx, col),
    nextY = along(a.y, dy, row);
  const gapX = stepX ? Math.abs(1 / dx) : Infinity,
    gapY = stepY ? Math.abs(1 / dy) : Infinity;
  const out = [];
  const add = () => {
    if (col >= 0 && col < width && row >= 0 && row < height) out.push(row * width + col);
  };
  add();
  // at most one step a line crossed: the path ends in the cell of b
  for (let n = Math.abs(endCol - col) + Math.abs(endRow - row); n > 0; n--) {
    if (nextX <= nextY) {
      col += stepX;
      nextX += gapX;
    } else {
      row += stepY;
      nextY += gapY;
    }
    add();
  }
  return out;
}

/** Inputs that take no arrow or letter key: one of them focused (a checkbox just ticked
 *  with the mouse) leaves the keys to the board, or the first presses of a solve are lost. */
const KEYLESS = new Set(["checkbox", "button", "submit", "reset", "file", "color", "image"]);

/** Widgets of ARIA's that move within themselves by the arrows (tabs, a listbox, a slider...). */
const ARROW_ROLES = ["slider", "spinbutton", "radiogroup", "tablist", "listbox", "menu", "menubar", "tree"];
const ARROW_WIDGETS = ARROW_ROLES.map((role) => `[role=${role}]`).join(", ");

/** Whether the focused node takes the keys itself: a text field, a menu, a slider, a radio
 *  group or a widget of ARROW_ROLES (their arrows and letters are theirs); and a disclosure's
 *  summary keeps the arrows (the page scrolls), the letters going to the board.
 *  @param {Element} target @param {KeyboardEvent} event */
function usesKeys(target, event) {
  if (!target.closest) return false;
  if (target.closest("summary") && event.key.startsWith("Arrow")) return true;
  if (target.closest(ARROW_WIDGETS)) return true;
  const control = target.closest("input, textarea, select, [contenteditable]");
  return !!control && !(control instanceof HTMLInputElement && KEYLESS.has(control.type));
}

/** @typedef {{onCell: (cell: number) => number, onDirection: (tileWay: string) => void,
 *   onUndo?: () => void, onRedo?: () => void, announce?: HTMLElement, resting?: () => boolean}} BoardHandlers
 *   announce: the polite live region where a click that moves nothing is explained;
 *   resting: whether the board is at its goal or shows a replay or a solution being played
 *   (hovering then moves nothing: the hand may lie on the board while it watches) */

export class BoardInput {
  /**
   * @param {import("./view.js").BoardView} view  the board's view
   * @param {BoardHandlers} handlers
   */
  constructor(view, handlers) {
    this.view = view;
    this.element = view.element;
    this.zoom = view.zoom;
    this.handlers = handlers;
    this.swiped = false; // the click that ends a swipe, drag or pinch is not a click on a tile
    /** @type {ControlChoice} */
    this.choice = { mouse: "click", keys: "arrows", way: "tile" };
    /** @type {{x: number, y: number, cell: number} | null} where the hovering pointer was last (on the page), and its cell */
    this.pointer = null;
    this.element.addEventListener("click", (event) => {
      const button = /** @type {Element} */ (event.target).closest("button.tile");
      if (!button || this.swiped) return;
      if (!this.handlers.onCell(Number(/** @type {HTMLElement} */ (button).dataset.cell)))
        this.stuck(button.textContent);
    });
    // the node the person focuses (Tab, a click) is the board's Tab stop
    this.element.addEventListener("focusin", (event) => {
      const node = /** @type {HTMLElement} */ (event.target);
      if (node.matches(".tile, .gap")) view.rove(node);
    });
    document.addEventListener("keydown", (event) => this.key(event));
    this.gestures();
    // the whole page's moves: a fast pointer's first point on the board, or its first off
    // it, can be cells away from the edge it crossed
    document.addEventListener("pointermove", (event) => this.hover(event));
    window.addEventListener("pointerout", (event) => {
      if (!event.relatedTarget) this.pointer = null;
    }); // out of the window
  }

  /** The person's controls (controls.js remembers them).  @param {ControlChoice} choice */
  choose(choice) {
    this.choice = { ...choice };
    this.pointer = null;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {Element} */ (event.target);
    if (usesKeys(target, event)) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      const handler = event.shiftKey ? this.handlers.onRedo : this.handlers.onUndo;
      if (handler) handler();
      return;
    }
    if (this.element.contains(target) && this.focusKey(event, target)) {
      event.preventDefault();
      return;
    }
    const direction = keyWay(event, this.choice);
    if (!direction) return;
    event.preventDefault();
    this.handlers.onDirection(direction);
  }

  /** Hover mode: every cell the mouse or pen entered since the last event anywhere on the
   *  page (the coalesced points between two events too, and the cells a straight path
   *  between them crosses) slides its tile when it can; staying in a cell slides nothing
   *  more.  Touch keeps taps and swipes.  A solved board stays solved under it (the hand
   *  goes on past the last tile, and the board waits for Shuffle), and a replay or a
   *  solution's playback is only watched; a click or a key still moves it.  @param {PointerEvent} event */
  hover(event) {
    if (this.choice.mouse !== "hover" || event.pointerType === "touch") return;
    const topo = this.view.topo;
    if (!topo || (event.buttons && this.zoom.level > 1)) {
      // dragging the zoomed board about
      this.pointer = null;
      return;
    }
    const { width, height } = topo;
    const box = this.element.getBoundingClientRect(); // the grid's cells are its equal shares
    /** A point of the page in cells of the board, as it is drawn now (it may have scrolled). */
    const cells = (x, y) => ({ x: ((x - box.left) * width) / box.width, y: ((y - box.top) * height) / box.height });
    const coalesced = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    for (const p of coalesced.length ? coalesced : [event]) {
      const at = cells(p.clientX, p.clientY),
        was = this.pointer;
      let last = was ? was.cell : -1;
      for (const cell of cellsCrossed(was ? cells(was.x, was.y) : at, at, width, height)) {
        if (cell === last) continue; // still in the cell entered before: it slid already
        last = cell;
        if (!this.handlers.resting?.()) this.handlers.onCell(cell);
      }
      const on = at.x >= 0 && at.x < width && at.y >= 0 && at.y < height;
      this.pointer = { x: p.clientX, y: p.clientY, cell: on ? last : -1 }; // off the board: coming back is entering
    }
  }

  /** A key that moves the focus inside the board (Shift+arrows, Home, End, Ctrl+Home,
   *  Ctrl+End); false for any other key.
   *  @param {KeyboardEvent} event @param {Element} target  the focused tile or gap */
  focusKey(event, target) {
    const { topo, cellOf } = this.view;
    if (!topo || event.altKey || event.metaKey) return false;
    const { width, height } = topo;
    const here = /** @type {HTMLElement} */ (target).classList.contains("gap")
      ? cellOf[0]
      : cellOf[Number(target.textContent)];
    const r = Math.floor(here / width),
      c = here % width;
    let to = null;
    if (event.shiftKey && !event.ctrlKey && ARROWS[event.key]) {
      const [dr, dc] = STEP[ARROWS[event.key]];
      const [r2, c2] = [r + dr, c + dc];
      if (r2 >= 0 && r2 < height && c2 >= 0 && c2 < width) to = r2 * width + c2;
      else to = here; // the edge: the focus stays
    } else if (event.key === "Home" && !event.shiftKey) {
      to = event.ctrlKey ? 0 : r * width;
    } else if (event.key === "End" && !event.shiftKey) {
      to = event.ctrlKey ? width * height - 1 : r * width + width - 1;
    }
    if (to === null) return false;
    this.view.focusCell(to);
    return true;
  }

  /** Say that a tile cannot move (a click or Enter on it moved nothing).  The words change
   *  a little each time (a no-break space), so the same tile twice is said twice. */
  stuck(tile) {
    const live = this.handlers.announce;
    if (!live) return;
    this.said = !this.said;
    live.textContent = t("board.stuck", { tile }) + (this.said ? "" : "\u00a0");
  }

  /** Pointer gestures on the board: a swipe slides a tile; when zoomed, one finger (or the
   *  mouse) drags the board about; two fingers pinch to zoom. */
  gestures() {
    const el = this.element,
      zoom = this.zoom,
      frame = zoom.frame;
    /** @type {Map<number, {x: number, y: number}>} pointerId -> where it is */
    const down = new Map();
    /** @type {{x: number, y: number, left: number, top: number, dragged: boolean} | null} the first pointer's start, and the scroll then */
    let start = null;
    /** @type {{distance: number, level: number} | null} when two pointers went down */
    let pinch = null;
    const spread = () => {
      const [a, b] = [...down.values()];
      return Math.hypot(a.x - b.x, a.y - b.y) || 1;
    };
    el.addEventListener("pointerdown", (event) => {
      down.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (down.size === 2) {
        pinch = { distance: spread(), level: zoom.level };
        start = null;
      } else if (down.size === 1) {
        start = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop, dragged: false };
        this.swiped = false;
      }
    });
    el.addEventListener("pointermove", (event) => {
      if (!down.has(event.pointerId)) return;
      down.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && down.size === 2) {
        const [a, b] = [...down.values()];
        zoom.set((pinch.level * spread()) / pinch.distance, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      } else if (start && zoom.level > 1) {
        const dx = event.clientX - start.x,
          dy = event.clientY - start.y;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= SWIPE / 2) start.dragged = true;
        frame.scrollLeft = start.left - dx;
        frame.scrollTop = start.top - dy;
      }
    });
    /** @param {PointerEvent} event */
    const up = (event) => {
      if (!down.delete(event.pointerId)) return;
      const s = start;
      if (pinch) {
        if (!down.size) pinch = null;
        this.suppressClick();
        return;
      }
      start = null;
      if (!s || event.type === "pointercancel") return;
      if (zoom.level > 1) {
        if (s.dragged) this.suppressClick(); // it was a drag, not a click
        return;
      }
      const dx = event.clientX - s.x,
        dy = event.clientY - s.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE) return;
      if (this.choice.mouse === "hover" && event.pointerType !== "touch") return this.suppressClick(); // hovering moved them
      this.suppressClick(); // the click that follows is part of the swipe
      this.handlers.onDirection(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : dy > 0 ? "D" : "U");
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  }

  suppressClick() {
    this.swiped = true;
    setTimeout(() => {
      this.swiped = false;
    }, 0);
  }
}
