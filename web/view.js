// Drawing the board and turning clicks, keys, swipes and pinches into requests.  It never
// changes the game: it calls the handlers.
//
// The board is a CSS grid whose children stand in board order, row by row: one button
// per tile and one element for the gap, so the grid places them and a screen reader
// reads them where they stand, each named with its place ("7, row 2, column 3").  A move
// puts the nodes of the cells it changed in their new places (a tile's button goes with
// it, so it keeps focus), relabels them and slides them: the work is per cell changed,
// never per cell of the board, so a 30x30 answer plays back at thousands of moves a second.
//
//   view.render(tiles, topo, goal)  draw a board (rebuilt when the shape changes; else
//                                   only the cells that differ from what is drawn)
//   view.update(tiles, cells)       only these cells changed (tiles: the board now)
//   view.move(from, to)             the tile in `from` slid into the gap at `to`
//   view.setPicture({url, aspect})  cut a picture into the tiles (null: plain tiles)

import { piecePosition, pieceSize } from "./picture.js";

const TOUCHABLE = 32; // px: a tile smaller than a fingertip; below it the board can be zoomed
import { register, t as tr } from "./i18n.js";

register({
  en: { "view.where": "row {row}, column {column}", "view.gap": "gap, {where}", "view.tile": "{tile}, {where}",
    "view.row": "row {n}", "view.column": "column {n}", "view.wraps": "{line} wraps around",
    "view.board": "Board, {width} by {height}", "view.wrapping": "; wrapping round: {lines}", "view.list": ", " },
  zh: { "view.where": "第 {row} 行第 {column} 列", "view.gap": "空格，{where}", "view.tile": "{tile}，{where}",
    "view.row": "第 {n} 行", "view.column": "第 {n} 列", "view.wraps": "{line}首尾相连",
    "view.board": "棋盘，{width} × {height}", "view.wrapping": "；环绕：{lines}", "view.list": "、" },
});

const ZOOM_TO = 44; // px: the first "Zoom in" makes tiles this big
const MAX_CELL = 120; // px: zooming stops here
const SLIDE_MS = 120;
const SWIPE = 24; // px: a shorter drag is a click
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class BoardView {
  /**
   * @param {HTMLElement} element  the board (a grid)
   * @param {{onCell: (cell:number)=>void, onDirection: (tileDirection:string)=>void}} handlers
   *   onDirection gets the way a TILE should slide: "U", "D", "L" or "R".
   * @param {{frame: HTMLElement, zoomBar?: HTMLElement, zoomIn?: HTMLButtonElement, zoomOut?: HTMLButtonElement,
   *   zoomFit?: HTMLButtonElement}} parts  the scrolling frame round the board, and the zoom bar
   */
  constructor(element, handlers, parts) {
    this.element = element;
    this.handlers = handlers;
    this.frame = parts.frame;
    this.zoomBar = parts.zoomBar;
    this.zoomIn = parts.zoomIn;
    this.zoomOut = parts.zoomOut;
    this.zoomFit = parts.zoomFit;
    this.buttons = new Map(); // tile number -> button
    this.gap = null;
    this.nodes = []; // cell -> the node drawn there
    this.tiles = []; // cell -> the tile drawn there
    this.cellOf = []; // tile -> the cell it is drawn in
    this.shape = "";
    this.zoom = 1;
    this.picture = null;
    element.addEventListener("click", (/** @type {MouseEvent & {target: Element}} */ event) => {
      const button = /** @type {HTMLElement} */ (event.target.closest("button.tile"));
      if (!button || this.swiped) return;
      this.handlers.onCell(Number(button.dataset.cell));
    });
    document.addEventListener("keydown", (event) => this.key(event));
    this.gestures();
    if (this.zoomIn) {
      this.zoomIn.addEventListener("click", () => this.setZoom(this.cellSize() < ZOOM_TO ? ZOOM_TO / this.fitCell() : this.zoom * 1.5));
      this.zoomOut.addEventListener("click", () => this.setZoom(this.zoom / 1.5));
      this.zoomFit.addEventListener("click", () => this.setZoom(1));
      // Whenever the board's size changes (the window, the layout settling while the page
      // loads on a busy machine), after layout and before the paint: a bar shown for a
      // moment's small size is hidden again before anyone sees the board move.
      new ResizeObserver(() => this.showZoom()).observe(this.element);
    }
  }

  key(event) {
    const keys = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
    const direction = keys[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    this.handlers.onDirection(direction);
  }

  /** Pointer gestures on the board: a swipe slides a tile; when zoomed, one finger (or the
   *  mouse) drags the board about; two fingers pinch to zoom. */
  gestures() {
    const el = this.element;
    const down = new Map(); // pointerId -> {x, y}
    let start = null; // the first pointer's start, and the scroll then
    let pinch = null; // {distance, zoom} when two pointers went down
    const spread = () => {
      const [a, b] = [...down.values()];
      return Math.hypot(a.x - b.x, a.y - b.y) || 1;
    };
    el.addEventListener("pointerdown", (event) => {
      down.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (down.size === 2) {
        pinch = { distance: spread(), zoom: this.zoom };
        start = null;
      } else if (down.size === 1) {
        start = { x: event.clientX, y: event.clientY, left: this.frame.scrollLeft, top: this.frame.scrollTop, dragged: false };
        this.swiped = false;
      }
    });
    el.addEventListener("pointermove", (event) => {
      if (!down.has(event.pointerId)) return;
      down.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && down.size === 2) {
        const [a, b] = [...down.values()];
        this.setZoom(pinch.zoom * spread() / pinch.distance, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      } else if (start && this.zoom > 1) {
        const dx = event.clientX - start.x, dy = event.clientY - start.y;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= SWIPE / 2) start.dragged = true;
        this.frame.scrollLeft = start.left - dx;
        this.frame.scrollTop = start.top - dy;
      }
    });
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
      if (this.zoom > 1) {
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

  // ---------------------------------------------------------------- drawing

  /** Draw `tiles` on the topology; tiles already where the goal has them are marked. */
  render(tiles, topo, goal) {
    const { width, height } = topo;
    const shape = `${width}x${height}|${topo.wrapRows}|${topo.wrapCols}`;
    if (shape !== this.shape) this.rebuild(topo, shape);
    if (goal !== this.goal) {
      this.goal = goal;
      this.goalCell = [];
      goal.forEach((t, cell) => { this.goalCell[t] = cell; });
      if (this.tiles.length) this.tiles.forEach((t, cell) => t && this.label(this.nodes[cell], t, cell));
      this.paint();
    }
    if (!this.tiles.length) return this.fill(tiles);
    const changed = [];
    for (let cell = 0; cell < tiles.length; cell++) if (tiles[cell] !== this.tiles[cell]) changed.push(cell);
    this.update(tiles, changed);
  }

  /** Only `cells` changed; `tiles[cell]` is what each now holds. */
  update(tiles, cells) {
    if (!cells.length) return;
    const { width, height } = this.topo;
    const active = document.activeElement;
    // Every node leaves its cell for a placeholder, then each goes where its tile now is.
    const holders = cells.map((cell) => {
      const holder = document.createComment("");
      this.nodes[cell].replaceWith(holder);
      return holder;
    });
    const slide = cells.length <= 2 * Math.max(width, height) + 2 && !reducedMotion()
      && !this.element.classList.contains("jumping"); // fast playback: tiles jump
    cells.forEach((cell, i) => {
      const t = tiles[cell];
      const node = t === 0 ? this.gap : this.buttons.get(t);
      const from = this.cellOf[t];
      holders[i].replaceWith(node);
      this.nodes[cell] = node;
      this.tiles[cell] = t;
      this.cellOf[t] = cell;
      this.label(node, t, cell);
      if (t && slide && from !== cell) this.slide(node, from, cell);
    });
    if (active && active !== document.activeElement && active.isConnected) /** @type {HTMLElement} */ (active).focus({ preventScroll: true });
    if (this.zoom > 1) this.keepInView(this.gap);
  }

  /** The tile in `from` slid into the gap at `to`. */
  move(from, to) {
    this.update({ [from]: 0, [to]: this.tiles[from] }, [from, to]);
  }

  /** Cut a picture into the tiles ({url, aspect: width / height}; null: plain tiles). */
  setPicture(picture) {
    this.picture = picture;
    this.paint();
  }

  /** Each tile shows its goal cell's part of the picture: one URL for every tile (a
   *  variable on the board), one size, a position per tile; set when the picture, the
   *  shape or the goal changes, never per move (a tile's part goes with it). */
  paint() {
    const p = this.picture, el = this.element;
    el.classList.toggle("pictured", !!p);
    if (!p) {
      el.style.removeProperty("--picture");
      for (const button of this.buttons.values()) button.style.backgroundPosition = "";
      return;
    }
    if (!this.topo || !this.goalCell) return;
    const { width, height } = this.topo;
    el.style.setProperty("--picture", `url("${p.url}")`);
    el.style.setProperty("--piece-size", pieceSize(width, height, p.aspect));
    for (const [t, button] of this.buttons) button.style.backgroundPosition = piecePosition(this.goalCell[t], width, height, p.aspect);
  }

  /** Mark one tile as the hint's (null: none). */
  highlight(tile) {
    const button = tile === null || tile === undefined ? null : this.buttons.get(tile) || null;
    if (button === this.hinted) return;
    if (this.hinted) this.hinted.classList.remove("hint");
    this.hinted = button;
    if (button) button.classList.add("hint");
  }

  /** Mark the tiles whose move keeps to a shortest path (the coach's), and no others. */
  mark(tiles) {
    const want = new Set(tiles.map((t) => this.buttons.get(t)).filter(Boolean));
    for (const button of this.marked || []) if (!want.has(button)) button.classList.remove("good");
    for (const button of want) button.classList.add("good");
    this.marked = want;
  }

  /** A tile's button (or the gap) says what it is and where, as a person counts: from 1. */
  label(node, t, cell) {
    const w = this.topo.width;
    const where = tr("view.where", { row: Math.floor(cell / w) + 1, column: (cell % w) + 1 });
    if (t === 0) {
      node.setAttribute("aria-label", tr("view.gap", { where }));
      return;
    }
    node.setAttribute("aria-label", tr("view.tile", { tile: t, where }));
    node.dataset.cell = String(cell);
    node.classList.toggle("home", this.goalCell[t] === cell);
  }

  /** Slide a tile's button from where cell `a` is drawn to cell `b`, where it now stands;
   *  through a wrapped edge it comes in from beyond the edge it arrives at. */
  slide(node, a, b) {
    const w = this.topo.width;
    const ra = Math.floor(a / w), ca = a % w, rb = Math.floor(b / w), cb = b % w;
    let dx = ca - cb, dy = ra - rb, opacity = 1;
    if (Math.abs(dx) + Math.abs(dy) > 1) { // through a wrap: one cell beyond the far edge
      [dx, dy, opacity] = [-Math.sign(dx), -Math.sign(dy), 0.2];
    }
    if (node.sliding) node.sliding.cancel();
    node.sliding = node.animate(
      [{ transform: `translate(${100 * dx}%, ${100 * dy}%)`, opacity }, { transform: "none", opacity: 1 }],
      { duration: SLIDE_MS, easing: "ease-out" });
  }

  /** Every cell from scratch, in board order. */
  fill(tiles) {
    this.tiles = tiles.slice();
    this.nodes = tiles.map((t, cell) => {
      this.cellOf[t] = cell;
      return t === 0 ? this.gap : this.buttons.get(t);
    });
    this.element.prepend(...this.nodes);
    this.nodes.forEach((node, cell) => this.label(node, tiles[cell], cell));
    this.showZoom();
  }

  rebuild(topo, shape) {
    const { width, height } = topo;
    this.topo = topo;
    this.goal = null;
    this.shape = shape;
    this.tiles = [];
    this.cellOf = [];
    this.element.replaceChildren();
    this.buttons.clear();
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    // The font follows the cell's width (100cqw is the board's width), smaller for more
    // digits, so every label fits inside its tile at every size and zoom.
    const digits = String(width * height - 1).length;
    const share = digits <= 1 ? 0.5 : digits === 2 ? 0.42 : 0.3;
    this.element.style.setProperty("--tile-font", `min(2.2rem, ${(100 * share / width).toFixed(3)}cqw)`);
    for (let tile = 1; tile < width * height; tile++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.textContent = String(tile);
      this.buttons.set(tile, button);
    }
    this.gap = document.createElement("span");
    this.gap.className = "gap";
    this.gap.setAttribute("role", "img");
    // Wrapped rows and columns: a marker on both ends shows which edges join.
    const mark = (cls, style, label) => {
      const m = document.createElement("span");
      m.className = `wrap-mark ${cls}`;
      m.setAttribute("aria-hidden", "true");
      m.title = label;
      Object.assign(m.style, style);
      m.textContent = cls.startsWith("row") ? "⇆" : "⇅";
      this.element.append(m);
    };
    for (const r of topo.wrapRows) {
      const top = `${(100 * (r + 0.5)) / height}%`;
      const label = tr("view.wraps", { line: tr("view.row", { n: r + 1 }) });
      mark("row-left", { top }, label);
      mark("row-right", { top }, label);
    }
    for (const c of topo.wrapCols) {
      const left = `${(100 * (c + 0.5)) / width}%`;
      const label = tr("view.wraps", { line: tr("view.column", { n: c + 1 }) });
      mark("col-top", { left }, label);
      mark("col-bottom", { left }, label);
    }
    this.boardLabel();
    this.setZoom(1);
  }

  /** The board's own label: its size and wrapped lines. */
  boardLabel() {
    const { width, height, wrapRows, wrapCols } = this.topo;
    const wraps = [...wrapRows.map((r) => tr("view.row", { n: r + 1 })), ...wrapCols.map((c) => tr("view.column", { n: c + 1 }))];
    this.element.setAttribute("aria-label",
      tr("view.board", { width, height }) + (wraps.length ? tr("view.wrapping", { lines: wraps.join(tr("view.list")) }) : ""));
  }

  /** Say every label again (the language changed). */
  relabel() {
    if (!this.topo) return;
    this.boardLabel();
    for (const m of /** @type {NodeListOf<HTMLElement>} */ (this.element.querySelectorAll(".wrap-mark"))) {
      const row = m.classList.contains("row-left") || m.classList.contains("row-right");
      const share = parseFloat(row ? m.style.top : m.style.left) / 100;
      const n = Math.round(share * (row ? this.topo.height : this.topo.width) - 0.5) + 1;
      m.title = tr("view.wraps", { line: tr(row ? "view.row" : "view.column", { n }) });
    }
    this.tiles.forEach((t, cell) => this.label(this.nodes[cell], t, cell));
  }

  // ---------------------------------------------------------------- zoom

  /** A cell's width in px at the current zoom, and when the board fits the frame. */
  cellSize() {
    return this.element.getBoundingClientRect().width / this.topo.width;
  }

  fitCell() {
    return this.cellSize() / this.zoom;
  }

  /** Zoom to `zoom` times the fitting size (1: fit), keeping `around` (a point on the
   *  screen; default: the gap) where it was. */
  setZoom(zoom, around = null) {
    if (!this.topo || !this.frame) return;
    const fit = this.fitCell() || 1;
    zoom = Math.min(Math.max(zoom, 1), Math.max(1, MAX_CELL / fit));
    if (Math.abs(zoom - this.zoom) < 1e-3 && !(zoom === 1 && this.frame.style.height)) return this.showZoom();
    const frame = this.frame;
    const box = this.element.getBoundingClientRect();
    const point = around || (this.gap && this.gap.isConnected ? centre(this.gap.getBoundingClientRect()) : centre(box));
    const fx = (point.x - box.left) / box.width, fy = (point.y - box.top) / box.height; // board fractions
    const onFrame = { x: point.x - frame.getBoundingClientRect().left, y: point.y - frame.getBoundingClientRect().top };
    if (zoom > 1 && !frame.style.height) frame.style.height = `${frame.offsetHeight}px`; // the frame keeps its size
    if (zoom === 1) frame.style.height = "";
    this.zoom = zoom;
    this.element.style.setProperty("--zoom", String(zoom));
    frame.classList.toggle("zoomed", zoom > 1);
    if (zoom > 1) {
      const after = this.element.getBoundingClientRect(), f = frame.getBoundingClientRect();
      const x = after.left - f.left + frame.scrollLeft + fx * after.width;
      const y = after.top - f.top + frame.scrollTop + fy * after.height;
      frame.scrollLeft = x - (around ? onFrame.x : frame.clientWidth / 2);
      frame.scrollTop = y - (around ? onFrame.y : frame.clientHeight / 2);
    }
    this.showZoom();
  }

  /** The zoom bar shows when tiles are smaller than a fingertip, or zoomed. */
  showZoom() {
    if (!this.zoom || !this.topo || !this.zoomIn) return;
    const fit = this.fitCell();
    this.zoomBar.hidden = !(this.zoom > 1 || (fit > 0 && fit < TOUCHABLE));
    this.zoomOut.disabled = this.zoomFit.disabled = this.zoom <= 1;
    this.zoomIn.disabled = fit * this.zoom >= MAX_CELL - 1;
  }

  /** Scroll the frame (only) so that `node` is inside it. */
  keepInView(node) {
    const f = this.frame.getBoundingClientRect(), n = node.getBoundingClientRect();
    const margin = n.width;
    const left = f.left + this.frame.clientLeft, top = f.top + this.frame.clientTop;
    const right = left + this.frame.clientWidth, bottom = top + this.frame.clientHeight;
    if (n.left < left + margin) this.frame.scrollLeft -= left + margin - n.left;
    else if (n.right > right - margin) this.frame.scrollLeft += n.right - right + margin;
    if (n.top < top + margin) this.frame.scrollTop -= top + margin - n.top;
    else if (n.bottom > bottom - margin) this.frame.scrollTop += n.bottom - bottom + margin;
  }
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
