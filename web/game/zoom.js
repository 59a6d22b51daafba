// The board's zoom: on a big board (a 30x30 on a phone) the tiles are smaller than a
// fingertip, and the person can zoom in and pan.  The board grows inside its frame (the
// frame keeps its size and scrolls); the zoom bar shows only when it is of use.
//
//   zoom.set(level, around)   zoom to `level` times the fitting size (1: fit), keeping a
//                             point on the screen (default: the gap) where it was
//   zoom.keepInView(node)     scroll the frame so a node (the gap, after a move) stays in it
//
// Drawing (view.js) tells it when the board is rebuilt or filled; input (board_input.js)
// pinches and drags through it.

const TOUCHABLE = 32; // px: a tile smaller than a fingertip; below it the board can be zoomed
const ZOOM_TO = 44; // px: the first "Zoom in" makes tiles this big
const MAX_CELL = 120; // px: zooming stops here

/** @typedef {{frame: HTMLElement, zoomBar?: HTMLElement, zoomIn?: HTMLButtonElement, zoomOut?: HTMLButtonElement,
 *   zoomFit?: HTMLButtonElement}} ZoomParts  the scrolling frame round the board, and the zoom bar */

export class Zoom {
  /**
   * @param {{element: HTMLElement, topo: ({width: number} | null), gap: (HTMLElement | null)}} board
   *   the board's view: its grid element, its topology (null before the first board) and its gap
   * @param {ZoomParts} parts
   */
  constructor(board, { frame, zoomBar, zoomIn, zoomOut, zoomFit }) {
    this.board = board;
    this.frame = frame;
    this.zoomBar = zoomBar;
    this.zoomIn = zoomIn;
    this.zoomOut = zoomOut;
    this.zoomFit = zoomFit;
    /** times the fitting size: 1 when the board fits its frame */
    this.level = 1;
    if (!zoomIn) return;
    zoomIn.addEventListener("click", () =>
      this.set(this.cellSize() < ZOOM_TO ? ZOOM_TO / this.fitCell() : this.level * 1.5),
    );
    zoomOut.addEventListener("click", () => this.set(this.level / 1.5));
    zoomFit.addEventListener("click", () => this.set(1));
    // Whenever the board's size changes (the window, the layout settling while the page
    // loads on a busy machine), after layout and before the paint: a bar shown for a
    // moment's small size is hidden again before anyone sees the board move.
    new ResizeObserver(() => this.show()).observe(board.element);
  }

  /** A cell's width in px at the current zoom. */
  cellSize() {
    return this.board.element.getBoundingClientRect().width / this.board.topo.width;
  }

  /** A cell's width in px when the board fits the frame. */
  fitCell() {
    return this.cellSize() / this.level;
  }

  /** Zoom to `level` times the fitting size (1: fit), keeping `around` (a point on the
   *  screen; default: the gap) where it was.
   *  @param {number} level @param {{x: number, y: number} | null} around */
  set(level, around = null) {
    const { element, topo, gap } = this.board;
    if (!topo || !this.frame) return;
    const fit = this.fitCell() || 1;
    level = Math.min(Math.max(level, 1), Math.max(1, MAX_CELL / fit));
    if (Math.abs(level - this.level) < 1e-3 && !(level === 1 && this.frame.style.height)) return this.show();
    const frame = this.frame;
    const box = element.getBoundingClientRect();
    const point = around || (gap?.isConnected ? centre(gap.getBoundingClientRect()) : centre(box));
    const fx = (point.x - box.left) / box.width,
      fy = (point.y - box.top) / box.height; // board fractions
    const onFrame = { x: point.x - frame.getBoundingClientRect().left, y: point.y - frame.getBoundingClientRect().top };
    if (level > 1 && !frame.style.height) frame.style.height = `${frame.offsetHeight}px`; // the frame keeps its size
    if (level === 1) frame.style.height = "";
    this.level = level;
    element.style.setProperty("--zoom", String(level));
    frame.classList.toggle("zoomed", level > 1);
    if (level > 1) {
      const after = element.getBoundingClientRect(),
        f = frame.getBoundingClientRect();
      const x = after.left - f.left + frame.scrollLeft + fx * after.width;
      const y = after.top - f.top + frame.scrollTop + fy * after.height;
      frame.scrollLeft = x - (around ? onFrame.x : frame.clientWidth / 2);
      frame.scrollTop = y - (around ? onFrame.y : frame.clientHeight / 2);
    }
    this.show();
  }

  /** The zoom bar shows when tiles are smaller than a fingertip, or zoomed. */
  show() {
    if (!this.board.topo || !this.zoomIn) return;
    const fit = this.fitCell();
    this.zoomBar.hidden = !(this.level > 1 || (fit > 0 && fit < TOUCHABLE));
    this.zoomOut.disabled = this.zoomFit.disabled = this.level <= 1;
    this.zoomIn.disabled = fit * this.level >= MAX_CELL - 1;
  }

  /** Scroll the frame (only) so that `node` is inside it.  @param {Element} node */
  keepInView(node) {
    const f = this.frame.getBoundingClientRect(),
      n = node.getBoundingClientRect();
    const margin = n.width;
    const left = f.left + this.frame.clientLeft,
      top = f.top + this.frame.clientTop;
    const right = left + this.frame.clientWidth,
      bottom = top + this.frame.clientHeight;
    if (n.left < left + margin) this.frame.scrollLeft -= left + margin - n.left;
    else if (n.right > right - margin) this.frame.scrollLeft += n.right - right + margin;
    if (n.top < top + margin) this.frame.scrollTop -= top + margin - n.top;
    else if (n.bottom > bottom - margin) this.frame.scrollTop += n.bottom - bottom + margin;
  }
}

/** @param {DOMRect} r */
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
