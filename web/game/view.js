// Drawing the board.  It never changes the game and never listens to the person: input
// is board_input.js's, and the zoom (zoom.js) is the view's own part.
//
// The board is a CSS grid and an ARIA grid: a row element per row and a cell element per
// cell, in board order (both display: contents, so the grid places what they hold), each
// cell holding one tile's button or the gap.  A screen reader reads them where they stand,
// each named with its place and what it can do ("7, row 2, column 3, can move left", "5,
// row 2, column 2, home").  A move puts the nodes of the cells it changed in their new
// cells (a tile's button goes with it, so it keeps focus), renames them and the tiles in
// the gap's lines, and slides them: the work is per cell changed and per cell of the gap's
// row and column, never per cell of the board, so a 30x30 answer plays back at thousands
// of moves a second.
//
// The board is one stop of the Tab key (a roving tabindex): one node has tabindex 0, the
// others -1, and the one the person focuses last keeps it; it goes with its tile, so a
// move changes no tabindex.
//
//   view.render(tiles, topo, goal)  draw a board (rebuilt when the shape changes; else
//                                   only the cells that differ from what is drawn)
//   view.update(tiles, cells)       only these cells changed (tiles: the board now)
//   view.move(from, to)             the tile in `from` slid into the gap at `to`
//   view.setPicture({url, aspect})  cut a picture into the tiles (null: plain tiles)
//   view.focusCell(cell)            move the keyboard's focus to a cell (and the Tab stop)
//   view.rove(node)                 this tile (or the gap) is the board's Tab stop now
//   view.zoom                       the board's zoom and pan (zoom.js)

import { piecePosition, pieceSize } from "./picture.js";
import { t as tr } from "../languages/i18n.js";
import { Zoom } from "./zoom.js";
import { OPPOSITE, movesToCell } from "./rules.js";

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
    this.cells = []; // cell -> its grid cell, which holds that node
    this.rows = []; // the grid's rows, which hold the cells
    this.stop = null; // the node that has tabindex 0: the board's one Tab stop
    /** @type {{where: string[], home: string, can: Record<string, string>} | null} */
    this.named = null; // the names' words in the page's language (words())
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
      goal.forEach((t, cell) => {
        this.goalCell[t] = cell;
      });
      for (const [cell, t] of this.tiles.entries()) if (t) this.label(this.nodes[cell], t, cell);
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
    const gapWas = this.cellOf[0];
    const slide =
      cells.length <= 2 * Math.max(width, height) + 2 &&
      !reducedMotion() &&
      !this.element.classList.contains("jumping"); // fast playback: tiles jump
    // Each node goes into the cell its tile now stands in; a cell holds two nodes only until
    // the other leaves for a cell of its own (the changed cells trade their nodes).
    const from = cells.map((cell) => this.cellOf[tiles[cell]]);
    cells.forEach((cell) => {
      const t = tiles[cell];
      const node = t === 0 ? this.gap : this.buttons.get(t);
      this.cells[cell].append(node);
      this.nodes[cell] = node;
      this.tiles[cell] = t;
      this.cellOf[t] = cell;
    });
    cells.forEach((cell, i) => {
      const t = tiles[cell];
      if (t && slide && from[i] !== cell) this.slide(this.nodes[cell], from[i], cell);
    });
    // Names: the changed cells, and the tiles that could move or now can (the gap's lines).
    const named = new Set([...cells, ...this.lines(gapWas), ...this.lines(this.cellOf[0])]);
    for (const cell of named) this.label(this.nodes[cell], this.tiles[cell], cell);
    if (active && active !== document.activeElement && active.isConnected) active.focus({ preventScroll: true });
    if (this.zoom.level > 1) this.zoom.keepInView(this.gap);
  }

  /** The cells of a cell's row and column.  @param {number} cell @returns {number[]} */
  lines(cell) {
    const { width, height } = this.topo;
    const r = Math.floor(cell / width),
      c = cell % width,
      out = [];
    for (let i = 0; i < width; i++) out.push(r * width + i);
    for (let i = 0; i < height; i++) out.push(i * width + c);
    return out;
  }

  /** Move the keyboard's focus to a cell's tile (or the gap); it becomes the Tab stop. */
  focusCell(cell) {
    const node = this.nodes[cell];
    if (!node) return;
    this.rove(node);
    node.focus();
  }

  /** This node (a tile's button or the gap) is the board's one Tab stop. */
  rove(node) {
    if (node === this.stop) return;
    if (this.stop) this.stop.tabIndex = -1;
    this.stop = node;
    node.tabIndex = 0;
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
    const p = this.picture,
      el = this.element;
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
    for (const [t, button] of this.buttons)
      button.style.backgroundPosition = piecePosition(this.goalCell[t], width, height, p.aspect);
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

  /** A tile's button (or the gap) says what it is and where, as a person counts (from 1),
   *  and whether it is home and which way a click would slide it. */
  label(node, t, cell) {
    const w = this.topo.width,
      words = this.words();
    words.where[cell] ??= tr("view.where", { row: Math.floor(cell / w) + 1, column: (cell % w) + 1 });
    const where = words.where[cell];
    if (t === 0) {
      node.setAttribute("aria-label", tr("view.gap", { where }));
      return;
    }
    const home = this.goalCell[t] === cell;
    const gap = this.cellOf[0];
    const inLine = Math.floor(gap / w) === Math.floor(cell / w) || gap % w === cell % w; // else it cannot move
    const letters = inLine ? movesToCell(this.tiles, cell, this.topo) : ""; // the blank's; the tile goes the other way
    const name =
      tr("view.tile", { tile: t, where }) + (home ? words.home : "") + (letters ? words.can[OPPOSITE[letters[0]]] : "");
    if (node.getAttribute("aria-label") !== name) node.setAttribute("aria-label", name); // the gap's lines: most stay
    node.dataset.cell = String(cell);
    node.classList.toggle("home", home);
  }

  /** The words of the tiles' names in the page's language, worded once (a 30x30 playback
   *  renames the tiles of the gap's lines every frame).  Dropped when the language or the
   *  shape changes. */
  words() {
    if (!this.named) {
      const can = Object.fromEntries(
        ["U", "D", "L", "R"].map((way) => [way, tr("view.can", { way: tr(`view.${way}`) })]),
      );
      this.named = { where: [], home: tr("view.home"), can };
    }
    return this.named;
  }

  /** Slide a tile's button from where cell `a` is drawn to cell `b`, where it now stands;
   *  through a wrapped edge it comes in from beyond the edge it arrives at. */
  slide(node, a, b) {
    const w = this.topo.width;
    const ra = Math.floor(a / w),
      ca = a % w,
      rb = Math.floor(b / w),
      cb = b % w;
    let dx = ca - cb,
      dy = ra - rb,
      opacity = 1;
    if (Math.abs(dx) + Math.abs(dy) > 1) {
      // through a wrap: one cell beyond the far edge
      [dx, dy, opacity] = [-Math.sign(dx), -Math.sign(dy), 0.2];
    }
    if (node.sliding) node.sliding.cancel();
    node.sliding = node.animate(
      [
        { transform: `translate(${100 * dx}%, ${100 * dy}%)`, opacity },
        { transform: "none", opacity: 1 },
      ],
      { duration: SLIDE_MS, easing: "ease-out" },
    );
  }

  /** Every cell from scratch, in board order. */
  fill(tiles) {
    this.tiles = tiles.slice();
    this.nodes = tiles.map((t, cell) => {
      this.cellOf[t] = cell;
      return t === 0 ? this.gap : this.buttons.get(t);
    });
    for (const [cell, node] of this.nodes.entries()) this.cells[cell].append(node);
    for (const [cell, node] of this.nodes.entries()) this.label(node, tiles[cell], cell);
    this.element.prepend(...this.rows); // filled and named while detached: one insertion
    this.rove(this.nodes[0]);
    this.zoom.show();
  }

  rebuild(topo, shape) {
    const { width, height } = topo;
    this.topo = topo;
    this.named = null;
    this.goal = null;
    this.shape = shape;
    this.tiles = [];
    this.cellOf = [];
    this.stop = null;
    this.element.replaceChildren();
    this.buttons.clear();
    this.cells = [];
    this.rows = [];
    for (let r = 0; r < height; r++) {
      const row = document.createElement("div");
      row.className = "board-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < width; c++) {
        const cell = document.createElement("div");
        cell.className = "board-cell";
        cell.setAttribute("role", "gridcell");
        this.cells.push(cell);
      }
      row.append(...this.cells.slice(r * width));
      this.rows.push(row);
    }
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    // The font follows the cell's width (100cqw is the board's width), smaller for more
    // digits, so every label fits inside its tile at every size and zoom.
    const digits = String(width * height - 1).length;
    const share = digits <= 1 ? 0.5 : digits === 2 ? 0.42 : 0.3;
    this.element.style.setProperty("--tile-font", `min(2.2rem, ${((100 * share) / width).toFixed(3)}cqw)`);
    for (let tile = 1; tile < width * height; tile++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.tabIndex = -1;
      button.textContent = String(tile);
      this.buttons.set(tile, button);
    }
    this.gap = document.createElement("span");
    this.gap.className = "gap";
    this.gap.setAttribute("role", "img");
    this.gap.tabIndex = -1; // reachable inside the board, to find where the gap is
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
    const wraps = [
      ...wrapRows.map((r) => tr("view.row", { n: r + 1 })),
      ...wrapCols.map((c) => tr("view.column", { n: c + 1 })),
    ];
    this.element.setAttribute(
      "aria-label",
      tr("view.board", { width, height }) +
        (wraps.length ? tr("view.wrapping", { lines: wraps.join(tr("view.list")) }) : ""),
    );
  }

  /** Say every label again (the language changed). */
  relabel() {
    if (!this.topo) return;
    this.named = null;
    this.boardLabel();
    for (const m of /** @type {NodeListOf<HTMLElement>} */ (this.element.querySelectorAll(".wrap-mark"))) {
      const row = m.classList.contains("row-left") || m.classList.contains("row-right");
      const share = parseFloat(row ? m.style.top : m.style.left) / 100;
      const n = Math.round(share * (row ? this.topo.height : this.topo.width) - 0.5) + 1;
      m.title = tr("view.wraps", { line: tr(row ? "view.row" : "view.column", { n }) });
    }
    for (const [cell, t] of this.tiles.entries()) this.label(this.nodes[cell], t, cell);
  }
}
