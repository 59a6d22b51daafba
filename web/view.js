// Drawing the board.  It never changes the game and never listens to the person: input
// is board_input.js's, and the zoom (zoom.js) is the view's own part.
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
//   view.zoom                       the board's zoom and pan (zoom.js)

import { piecePosition, pieceSize } from "./picture.js";
import { register, t as tr } from "./i18n.js";
import { Zoom } from "./zoom.js";

register({
  en: { "view.where": "row {row}, column {column}", "view.gap": "gap, {where}", "view.tile": "{tile}, {where}",
    "view.row": "row {n}", "view.column": "column {n}", "view.wraps": "{line} wraps around",
    "view.board": "Board, {width} by {height}", "view.wrapping": "; wrapping round: {lines}", "view.list": ", " },
  zh: { "view.where": "第 {row} 行第 {column} 列", "view.gap": "空格，{where}", "view.tile": "{tile}，{where}",
    "view.row": "第 {n} 行", "view.column": "第 {n} 列", "view.wraps": "{line}首尾相连",
    "view.board": "棋盘，{width} × {height}", "view.wrapping": "；环绕：{lines}", "view.list": "、" },
});

const SLIDE_MS = 120;
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class BoardView {
  /**
   * @param {HTMLElement} element  the board (a grid)
   * @param {import("./zoom.js").ZoomParts} parts  the scrolling frame round the board, and the zoom bar
   */
  constructor(element, parts) {
    this.element = element;
    this.topo = null;
    this.buttons = new Map(); // tile number -> button
    this.gap = null;
    this.nodes = []; // cell -> the node drawn there
    this.tiles = []; // cell -> the tile drawn there
    this.cellOf = []; // tile -> the cell it is drawn in
    this.shape = "";
    this.picture = null;
    this.zoom = new Zoom(this, parts);
  }

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
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
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
    if (active && active !== document.activeElement && active.isConnected) active.focus({ preventScroll: true });
    if (this.zoom.level > 1) this.zoom.keepInView(this.gap);
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
    this.zoom.show();
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
    this.zoom.set(1);
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
}
