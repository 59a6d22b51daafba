// The lab's result tables and the files it offers: a table filled from rows (the first
// cell of each row its header), and a text offered as a download.  The Compare view
// (lab.js) and the Study view (lab_study.js) use both.

/**
 * Fill table's head and body: a column per name, headed label(name), and a row per row,
 * each cell text(row, name), the first one the row's header.
 * @param {HTMLTableElement} table
 * @param {readonly string[]} columns
 * @param {object[]} rows
 * @param {(column: string) => string} label
 * @param {(row: object, column: string) => string} text
 */
export function fillTable(table, columns, rows, label, text) {
  const head = document.createElement("tr");
  for (const c of columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.column = c;
    th.textContent = label(c);
    head.append(th);
  }
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...rows.map((row) => {
    const tr = document.createElement("tr");
    columns.forEach((c, i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) cell.scope = "row";
      cell.dataset.column = c;
      cell.textContent = text(row, c);
      tr.append(cell);
    });
    return tr;
  }));
}

/** Offer text as a file named `name` (a link clicked, its address released after). */
export function download(name, text, type = "text/csv") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
