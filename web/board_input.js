// The person's hands on the board: clicks, keys, swipes and pinches turned into requests.
// It never changes the game and never draws: it calls the handlers, and zooms and pans
// through the view's Zoom (zoom.js).
//
//   new BoardInput(view, { onCell, onDirection, onUndo, onRedo })
//
//   a click on a tile         onCell(cell): slide it (and the tiles between) into the gap
//   an arrow key, a swipe     onDirection(way): the way a TILE should slide, "U", "D", "L" or "R"
//   Ctrl+Z, Ctrl+Shift+Z      onUndo(), onRedo() (Cmd on a Mac)
//   when zoomed, one finger (or the mouse) drags the board about; two fingers pinch to zoom

const SWIPE = 24; // px: a shorter drag is a click
const ARROWS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };

/** @typedef {{onCell: (cell: number) => void, onDirection: (tileWay: string) => void,
 *   onUndo?: () => void, onRedo?: () => void}} BoardHandlers */

export class BoardInput {
  /**
   * @param {{element: HTMLElement, zoom: import("./zoom.js").Zoom}} view  the board's view (view.js)
   * @param {BoardHandlers} handlers
   */
  constructor(view, handlers) {
    this.element = view.element;
    this.zoom = view.zoom;
    this.handlers = handlers;
    this.swiped = false; // the click that ends a swipe, drag or pinch is not a click on a tile
    this.element.addEventListener("click", (event) => {
      const button = /** @type {Element} */ (event.target).closest("button.tile");
      if (!button || this.swiped) return;
      this.handlers.onCell(Number(/** @type {HTMLElement} */ (button).dataset.cell));
    });
    document.addEventListener("keydown", (event) => this.key(event));
    this.gestures();
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {Element} */ (event.target);
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      const handler = event.shiftKey ? this.handlers.onRedo : this.handlers.onUndo;
      if (handler) handler();
      return;
    }
    const direction = ARROWS[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.handlers.onDirection(direction);
  }

  /** Pointer gestures on the board: a swipe slides a tile; when zoomed, one finger (or the
   *  mouse) drags the board about; two fingers pinch to zoom. */
  gestures() {
    const el = this.element, zoom = this.zoom, frame = zoom.frame;
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
        zoom.set(pinch.level * spread() / pinch.distance, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      } else if (start && zoom.level > 1) {
        const dx = event.clientX - start.x, dy = event.clientY - start.y;
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
      const dx = event.clientX - s.x, dy = event.clientY - s.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE) return;
      this.suppressClick(); // the click that follows is part of the swipe
      this.handlers.onDirection(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  }

  suppressClick() {
    this.swiped = true;
    setTimeout(() => { this.swiped = false; }, 0);
  }
}
