// The study lab's small boards: a board drawn as a grid of cells (the step view's node,
// the heuristic's board), and the heuristic on the board: each tile's part of h, linear
// conflict's lines and the pattern groups, from npuzzle.api.explain.  Drawing only: the
// numbers are Python's.

import { t } from "../languages/i18n.js";

const GROUP_COLOURS = ["#d9e8f7", "#f9e2c5", "#dcefd9", "#f3d7e6", "#e6e0f5", "#f5f0c8"];

const el = (tag, attrs = {}, text = null) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
};

/** A board as a grid: `mark(tile, cell)` may give {badge, colour, outline, title} for a cell.
 *  @param {number[]} tiles  @param {number} width  @param {string} label
 *  @param {(tile: number, cell: number) => ({badge?: number, colour?: string, outline?: boolean, title?: string} | null)} [mark] */
export function drawBoard(tiles, width, label, mark = () => ({})) {
  const grid = el("div", { class: "lab-board", role: "img", "aria-label": label });
  grid.style.setProperty("--w", width);
  tiles.forEach((tile, cell) => {
    const m = mark(tile, cell) || {};
    const box = el("div", { class: tile ? "lab-cell" : "lab-cell blank", "data-cell": cell });
    if (tile) box.append(el("span", { class: "lab-tile" }, String(tile)));
    if (m.badge !== undefined) box.append(el("span", { class: "lab-badge", "data-cost": m.badge }, String(m.badge)));
    if (m.colour) box.style.background = m.colour;
    if (m.outline) box.classList.add("conflict");
    if (m.title) box.title = m.title;
    grid.append(box);
  });
  return grid;
}

/** Draw explain()'s answer `e` (width: the board's) into `into`: the board with each tile's
 *  part, the lines in conflict, the pattern groups, and the sum that gives h. */
export function drawExplained(into, e, width) {
  into.replaceChildren();
  const cost = new Map(e.tiles.map((t) => [t.cell, t]));
  const conflicted = new Set(e.lines.flatMap((l) => l.leave));
  const chosen = e.chosen === null ? null : e.partitions[e.chosen];
  const groupOf = new Map();
  if (chosen) for (const [i, g] of chosen.groups.entries()) for (const tile of g.tiles) groupOf.set(tile, i);
  const perTile = e.heuristic !== "pdb";
  into.append(
    drawBoard(e.board, width, t("board.parts", { heuristic: e.heuristic }), (tile, cell) => {
      if (!tile) return {};
      const part = cost.get(cell);
      const group = groupOf.get(tile);
      return {
        badge: perTile ? part.cost : undefined,
        colour: group === undefined ? null : GROUP_COLOURS[group % GROUP_COLOURS.length],
        outline: conflicted.has(tile),
        title: t(`board.tile.${part.distance === 1 ? "one" : "other"}`, { tile, n: part.distance }),
      };
    }),
  );

  const parts = [];
  const list = el("ul", { class: "lab-parts" });
  if (perTile) {
    const tileSum = e.tiles.reduce((s, t) => s + t.cost, 0);
    parts.push(tileSum);
    // (the wraps are named only on a board that has them)
    const what =
      e.heuristic === "misplaced" ? t("board.misplaced") : t(e.wrap ? "lab.h.distances_wrapped" : "lab.h.distances");
    list.append(el("li", {}, t("board.sum", { sum: tileSum, what })));
  }
  for (const line of e.lines) {
    parts.push(line.cost);
    const pairs = line.pairs.map(([a, b]) => `${a}–${b}`).join(", ");
    const kind = ["row", "column"].includes(line.line) ? t(`board.${line.line}`) : line.line;
    list.append(
      el(
        "li",
        { "data-line-cost": line.cost },
        t("board.line", {
          cost: line.cost,
          line: kind,
          index: line.index,
          pairs,
          leave: line.leave.join(t("board.and")),
        }),
      ),
    );
  }
  if (chosen) {
    chosen.groups.forEach((g, i) => {
      parts.push(g.value);
      const item = el(
        "li",
        { "data-group-value": g.value },
        t("board.group", { value: g.value, tiles: g.tiles.join(", ") }),
      );
      item.style.borderLeft = `0.8rem solid ${GROUP_COLOURS[i % GROUP_COLOURS.length]}`;
      list.append(item);
    });
    if (e.partitions.length > 1) {
      list.append(el("li", {}, t("board.largest", { sums: e.partitions.map((p) => p.total).join(", ") })));
    }
  }
  const sum = el("p", { class: "lab-sum" });
  // h = its parts added up; a single part is h itself, said once
  sum.append(parts.length > 1 ? `h = ${parts.join(" + ")} = ` : "h = ");
  sum.append(el("strong", { id: "lab-h-value" }, String(e.value)));
  into.append(sum, list);
}
