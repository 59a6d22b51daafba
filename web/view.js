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
      if (button.dataset.cell === String(cell)) return;
      const before = button.dataset.cell === undefined ? -1 : Number(button.dataset.cell);
      const r = Math.floor(cell / width), c = cell % width;
      const through = before < 0 ? null : this.wrapStep(before, cell, topo);
      if (through) button.style.transition = "none"; // no slide across the whole board
      button.style.left = `${(100 * c) / width}%`;
      button.style.top = `${(100 * r) / height}%`;
      button.dataset.cell = String(cell);
      button.classList.toggle("home", cellsOfGoal.get(tile) === cell);
      if (through) {
        void button.offsetWidth; // apply the jump before transitions come back
        button.style.transition = "";
        // It comes in from beyond the edge it wrapped to, as if it had gone out of the other.
        button.animate([{ transform: through, opacity: 0.2 }, { transform: "none", opacity: 1 }],
          { duration: 160, easing: "ease-out" });
      }
    });
  }

  /** Mark one tile as the hint's (null: none). */
  highlight(tile) {
    const button = tile === null ? null : this.buttons.get(tile) || null;
    if (button === this.hinted) return;
    if (this.hinted) this.hinted.classList.remove("hint");
    this.hinted = button;
    if (button) button.classList.add("hint");
  }

  /** The transform a tile starts from when its move from `a` to `b` went through a
   *  wrapped edge (one cell beyond the edge it arrives at), else null. */
  wrapStep(a, b, topo) {
    const { width } = topo;
    const ra = Math.floor(a / width), ca = a % width, rb = Math.floor(b / width), cb = b % width;
    if (ra === rb && Math.abs(ca - cb) > 1 && topo.wrapRows.includes(ra)) {
      return `translateX(${cb > ca ? 100 : -100}%)`;
    }
    if (ca === cb && Math.abs(ra - rb) > 1 && topo.wrapCols.includes(ca)) {
      return `translateY(${rb > ra ? 100 : -100}%)`;
    }
    return null;
  }

  rebuild(topo, shape) {
    const { width, height } = topo;
    this.shape = shape;
    this.element.replaceChildren();
    this.buttons.clear();
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    this.element.style.aspectRatio = `${width} / ${height}`;
    // The font follows the tile's width (100cqw is the board's width), smaller for 3-digit
    // numbers, so a 30x30 board keeps its numbers inside their tiles.
    const digits = String(width * height - 1).length;
    const share = digits <= 1 ? 0.5 : digits === 2 ? 0.42 : 0.3;
    this.element.style.setProperty("--tile-font", `min(2.2rem, ${(100 * share / width).toFixed(3)}cqw)`);
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
