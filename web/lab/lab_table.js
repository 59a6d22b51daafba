// The lab's result tables and the files it offers: a table filled from rows (the first
// cell of each row its header), and a text offered as a download.  The Compare view
// (lab.js) and the Study view (lab_study.js) use both.
//
// The words are the package's: a row's cells come worded from Python (the reply's
// `cells`, npuzzle.lab.cells), and names by their code in npuzzle.catalogue
// (i18n.message), so the page holds no names.

import { message, pythonText } from "../languages/i18n.js";

export { message };

/** A column's header: "nodes expanded", 扩展节点数. */
export const columnName = (column) => message(`lab.column.${column}`);

/** A cell of a row the package worded (compare's and study_table's rows have `cells`). */
export const cellText = (row, column) => pythonText(row.cells[column]);

/** A run as charts and the status line name it: its algorithm (with w) and heuristic, as the table writes them. */
export const runName = (row) =>
  row.heuristic === null ? cellText(row, "algorithm") : `${cellText(row, "algorithm")} / ${cellText(row, "heuristic")}`;

/** A run as a search's progress names it ({algorithm, heuristic}: identifiers), as the
 *  table does: with w for a weighted search when the weight is given. */
export function searchName({ algorithm, heuristic }, weight = null) {
  const name =
    weight !== null && algorithm.startsWith("weighted")
      ? message(`lab.run.${algorithm}`, { weight: String(weight) })
      : message(`lab.algorithm.${algorithm}`);
  return heuristic === null ? name : `${name} / ${message(`lab.heuristic.${heuristic}`)}`;
}

/** Whether a row is a run that never ran (its heuristic cannot serve the board: npuzzle.lab.skipped). */
export const skipped = (row) => row.cells.found.code === "lab.not_run";

/** Word every element under root with a data-code (a catalogue code) in the page's language. */
export function nameAll(root) {
  for (const node of root.querySelectorAll("[data-code]")) node.textContent = message(node.dataset.code);
}

/**
 * Fill table's head and body: a column per name, headed by its name, and a row per row,
 * each cell as the package worded it, the first one the row's header.
 * @param {HTMLTableElement} table
 * @param {string[]} columns
 * @param {Array<{cells: Object<string, object>}>} rows
 * @param {(row: object, column: string, text: string) => string} [mark]  a cell's text as shown (default: as worded)
 */
export function fillTable(table, columns, rows, mark = (_row, _column, text) => text) {
  const head = document.createElement("tr");
  for (const c of columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.column = c;
    th.textContent = columnName(c);
    head.append(th);
  }
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement("tr");
      columns.forEach((c, i) => {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) cell.scope = "row";
        cell.dataset.column = c;
        cell.textContent = mark(row, c, cellText(row, c));
        tr.append(cell);
      });
      return tr;
    }),
  );
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvCell = (text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Lines of texts (the table as shown: headers first) as CSV, a line each ending in "\n".
 *  @param {string[][]} lines */
export const shownCsv = (lines) => lines.map((cells) => `${cells.map(csvCell).join(",")}\n`).join("");

/** Lines of texts (the table as shown: headers first) as a Markdown table, its figures right-aligned.
 *  @param {string[][]} lines */
export function shownMarkdown([head, ...rows]) {
  const line = (cells) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  const figure = (text) => text === "-" || /^\d/.test(text); // a count, a time, or none
  const figures = head.map((_, i) => rows.length > 0 && rows.every((r) => figure(r[i])));
  return [line(head), `|${figures.map((f) => (f ? "---:" : "---")).join("|")}|`, ...rows.map(line)].join("\n");
}

/** Offer text (or a Blob: a chart's PNG) as a file named `name` (a link clicked, its address released after).
 *  @param {string} name  @param {string | Blob} content  @param {string} [type] */
export function download(name, content, type = "text/csv") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
