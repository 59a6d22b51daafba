// Cutting a picture into the tiles: pure arithmetic, no DOM (tests/picture_test.mjs).
//
// Each tile shows the part of the picture that its GOAL cell covers, so the picture is
// whole when the board is solved.  The picture covers the board as CSS's
// `background-size: cover` would (scaled to fill it, the overflow cut off equally on both
// sides), and every tile is a window onto it: the same background-size for all tiles
// and a background-position per tile.  All lengths are in cells: the board is
// width x height cells, the picture imageW x imageH cells.
//
//   pieceSize(4, 4, 1)            "400% 400%"   (the picture is 4 cells wide and tall)
//   piecePosition(5, 4, 4, 1)     "33.3333% 33.3333%" (goal cell 5: row 1, column 1)
//
// A percentage position p puts the point p of the picture on the point p of the tile,
// so a tile whose window starts x cells into a picture imageW cells wide needs
// p = x / (imageW - 1); imageW is at least the board's width, at least 2.

/** The picture's size in cells when it covers a width x height board ({w, h}); `aspect`
 *  is the picture's width over its height. */
export function coverCells(width, height, aspect) {
  const a = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  const w = Math.max(width, height * a);
  return { w, h: w / a };
}

const pct = (x) => `${Number((100 * x).toFixed(4))}%`;

/** The background-size every tile gets. */
export function pieceSize(width, height, aspect) {
  const { w, h } = coverCells(width, height, aspect);
  return `${pct(w)} ${pct(h)}`;
}

/** The background-position of the tile whose goal cell is `cell`. */
export function piecePosition(cell, width, height, aspect) {
  const { w, h } = coverCells(width, height, aspect);
  const row = Math.floor(cell / width),
    col = cell % width;
  const x = (w - width) / 2 + col,
    y = (h - height) / 2 + row; // where its window starts, in cells
  return `${pct(x / (w - 1))} ${pct(h > 1 ? y / (h - 1) : 0)}`;
}
