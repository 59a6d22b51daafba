// The board's legend: what its colours and marks mean, next to the board, naming only the
// marks on it now (a tile at home; the coach's tiles that keep to a shortest path, with the
// gold border and dot; the hint's tile), so it stays one short line on a phone.  Each entry
// has a small sample of the mark (hidden from screen readers, which read the words).

import { t } from "../languages/i18n.js";

/** The marks, in the order shown: each a sample's class and its words' key. */
const MARKS = ["home", "good", "hint"];

export class Legend {
  /** @param {HTMLElement} element  an empty list (<ul>) beside the board */
  constructor(element) {
    this.element = element;
    this.items = new Map(
      MARKS.map((mark) => {
        const item = document.createElement("li");
        item.dataset.mark = mark;
        const sample = document.createElement("span");
        sample.className = `legend-sample ${mark}`;
        sample.setAttribute("aria-hidden", "true");
        item.append(sample, document.createElement("span"));
        return [mark, item];
      }),
    );
    element.append(...this.items.values());
  }

  /** Show the entries of the marks in use: {home, good, hint} booleans.  The list keeps
   *  its line when none is (style.css), so nothing under the board moves as marks come. */
  show(inUse) {
    for (const [mark, item] of this.items) item.hidden = !inUse[mark];
  }

  /** The words in the page's language. */
  relabel() {
    this.element.setAttribute("aria-label", t("legend.label"));
    for (const [mark, item] of this.items) item.lastElementChild.textContent = t(`legend.${mark}`);
  }
}
