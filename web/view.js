// Drawing the board and turning clicks, keys and swipes into requests.  The view keeps
// one button per tile (so a tile slides, and keeps focus, when it moves); the blank is
// an empty cell, not a button.  It never changes the game: it calls the handlers.

export class BoardView {
  /**
   * @param {HTMLElement} element  the board container
   * @param {{onCell: (cell:number)=>void, onDirection: (tileDirection:string)=>void}} handlers
   *   onDirection gets the way a TILE should slide: "U", "D", "L" or "R".
   */
  constructor(element, handlers) {
    this.element = element;
    this.handlers = handlers;
    this.buttons = new Map(); // tile number -> button
    this.shape = "";
    element.addEventListener("click", (event) => {
      const button = event.target.closest("button.tile");
      if (!button || this.swiped) return;
      this.handlers.onCell(Number(button.dataset.cell));
    });
    document.addEventListener("keydown", (event) => this.key(event));
    this.swipe();
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

  swipe() {
    let start = null;
    this.element.addEventListener("pointerdown", (event) => {
      start = { x: event.clientX, y: event.clientY };
      this.swiped = false;
    });
    this.element.addEventListener("pointerup", (event) => {
      if (!start) return;
      const dx = event.clientX - start.x, dy = event.clientY - start.y;
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
      this.swiped = true; // the click that follows is part of the swipe
      setTimeout(() => { this.swiped = false; }, 0);
      this.handlers.onDirection(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
    });
    this.element.addEventListener("pointercancel", () => { start = null; });
  }

  /** Draw `tiles` on the topology; tiles already where the goal has them are marked. */
  render(tiles, topo, goal) {
    const { width, height } = topo;
    const shape = `${width}x${height}|${topo.wrapRows}|${topo.wrapCols}`;
    if (shape !== this.shape) this.rebuild(topo, shape);
    const cellsOfGoal = new Map(goal.map((t, cell) => [t, cell]));
    tiles.forEach((tile, cell) => {
      if (tile === 0) return;
      const button = this.buttons.get(tile);
      const r = Math.floor(cell / width), c = cell % width;
      button.style.left = `${(100 * c) / width}%`;
      button.style.top = `${(100 * r) / height}%`;
      button.dataset.cell = String(cell);
      button.classList.toggle("home", cellsOfGoal.get(tile) === cell);
    });
  }

  rebuild(topo, shape) {
    const { width, height } = topo;
    this.shape = shape;
    this.element.replaceChildren();
    this.buttons.clear();
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    this.element.style.aspectRatio = `${width} / ${height}`;
    const font = Math.max(0.8, 3.2 - 0.3 * Math.max(width, height));
    this.element.style.setProperty("--tile-font", `${font}rem`);
    for (let tile = 1; tile < width * height; tile++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.textContent = String(tile);
      button.style.width = `${100 / width}%`;
      button.style.height = `${100 / height}%`;
      this.buttons.set(tile, button);
      this.element.append(button);
    }
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
      mark("row-left", { top }, `row ${r} wraps around`);
      mark("row-right", { top }, `row ${r} wraps around`);
    }
    for (const c of topo.wrapCols) {
      const left = `${(100 * (c + 0.5)) / width}%`;
      mark("col-top", { left }, `column ${c} wraps around`);
      mark("col-bottom", { left }, `column ${c} wraps around`);
    }
    const wraps = [...topo.wrapRows.map((r) => `row ${r}`), ...topo.wrapCols.map((c) => `column ${c}`)];
    this.element.setAttribute("aria-label",
      `Board, ${width} by ${height}` + (wraps.length ? `; wrapping: ${wraps.join(", ")}` : ""));
  }
}
