// One run panel for the lab's Compare and Study views: the toolbar (Run, Cancel, the CSV
// for scripts, the CSV as shown, Copy as Markdown), the running state, the progress bar,
// the Markdown field for a browser that does not allow copying, and the table with its
// caption.  A view says what a run is and what its answer ({csv}, written by Python: the
// command line's --csv, identifiers and all) is called; the panel keeps the buttons, the
// files and the table in step with it.  The Markdown and the CSV as shown are the table on
// the screen, cell for cell: the names, the weights and the language a reader sees.

import { number, t } from "../languages/i18n.js";
import { download, fillTable, searchName, shownCsv, shownMarkdown } from "./lab_table.js";

// The link button's words, by the panel: a link that runs the comparison, or the study.
const LINK_TEXTS = { lab: "lab.link", "lab-study": "lab.study_link" };

/**
 * A panel's markup, its elements' ids starting with `id`: -run, -cancel, -csv, -csv-shown, -markdown,
 * -link, -progress, -markdown-text, -link-text, -table, -caption.  Each text is its key.
 * @param {string} id  "lab" (Compare) or "lab-study" (Study)
 * @param {{toolbar: string, run: string, progress: string, table: string, wrap: string, between?: string}} o
 *   wrap: the table box's class; between: markup after the toolbar
 */
export function runPanelMarkup(id, { toolbar, run, progress, table, wrap, between = "" }) {
  return `
  <div class="controls" role="toolbar" data-i18n-aria-label="${toolbar}">
    <button type="button" id="${id}-run" data-i18n="${run}"></button>
    <button type="button" id="${id}-cancel" disabled data-i18n="lab.cancel"></button>
    <button type="button" id="${id}-csv-shown" disabled data-i18n="lab.csv_shown"></button>
    <button type="button" id="${id}-csv" disabled data-i18n="lab.csv_ids"></button>
    <button type="button" id="${id}-markdown" disabled data-i18n="lab.markdown"></button>
    <button type="button" id="${id}-link" data-i18n="${LINK_TEXTS[id]}"></button>
  </div>${between}
  <input id="${id}-link-text" class="lab-link-text" type="text" readonly hidden data-i18n-aria-label="lab.link_label">
  <p><progress id="${id}-progress" max="1" value="0" hidden data-i18n-aria-label="${progress}"></progress></p>
  <textarea id="${id}-markdown-text" class="lab-markdown-text" readonly hidden data-i18n-aria-label="lab.markdown_label"></textarea>
  <div class="${wrap}" tabindex="0" role="region" data-i18n-aria-label="${table}">
    <table id="${id}-table" class="lab-table" hidden><caption id="${id}-caption"></caption><thead></thead><tbody></tbody></table>
  </div>`;
}

export class RunPanel {
  /**
   * @param {import("../game/element.js").Finder} $  the lab's element finder
   * @param {string} id  as given to runPanelMarkup
   * @param {object} o
   * @param {() => void} o.run  Run was pressed
   * @param {() => void} o.cancel  Cancel was pressed
   * @param {(text: string | (() => string)) => void} o.status  the lab's status line
   * @param {() => string} o.fileName  the CSV's file name for the answer shown (the CSV as shown: "-as-shown" added)
   */
  constructor($, id, { run, cancel, status, fileName }) {
    this.status = status;
    this.fileName = fileName;
    /** @type {import("../game/element.js").Finder} this panel's element named name (its id: the panel's, then name) */
    this.part = (name, kind) => $(`${id}-${name}`, kind);
    this.running = false;
    this.answer = null; // the answer shown, with its csv and markdown, once a run has finished
    this.part("run").addEventListener("click", () => run());
    this.part("cancel").addEventListener("click", () => cancel());
    this.part("csv").addEventListener("click", () => this.downloadCsv());
    this.part("csv-shown").addEventListener("click", () => this.downloadShown());
    this.part("markdown").addEventListener("click", () => this.copyMarkdown());
  }

  /** A run starts (the progress bar shows; the answer shown stays until the view drops it) or ends. */
  setRunning(on) {
    this.running = on;
    this.part("run", HTMLButtonElement).disabled = on;
    this.part("cancel", HTMLButtonElement).disabled = !on;
    this.part("csv", HTMLButtonElement).disabled = on || !this.answer;
    this.part("csv-shown", HTMLButtonElement).disabled = on || !this.answer;
    this.part("markdown", HTMLButtonElement).disabled = on || !this.answer;
    const bar = this.part("progress", HTMLProgressElement);
    bar.hidden = !on;
    bar.value = 0;
    if (on) this.part("markdown-text").hidden = true;
  }

  /** A run has finished: its answer ({csv, markdown}) is offered as files. */
  finished(answer) {
    this.answer = answer;
    this.setRunning(false);
  }

  progress(done, total) {
    const bar = this.part("progress", HTMLProgressElement);
    bar.max = total;
    bar.value = done;
  }

  /** Show rows the package worded (their `cells`) under a caption (mark: as fillTable's). */
  showTable(columns, rows, caption, mark = undefined) {
    const table = this.part("table", HTMLTableElement);
    table.hidden = false;
    this.part("caption").textContent = caption;
    fillTable(table, columns, rows, mark);
  }

  /** Bring the table into view and give it the focus (a link that ran the lab: a lecture
   *  hall sees the result, a keyboard or screen reader is at it). */
  reveal() {
    const box = this.part("table").parentElement;
    box.scrollIntoView({ block: "start" });
    box.focus({ preventScroll: true });
  }

  /** The table on the screen: its headers, then each row's cells, as the reader sees them. */
  shown() {
    const table = this.part("table", HTMLTableElement);
    const texts = (tr) => [...tr.children].map((c) => c.textContent);
    return [texts(table.tHead.rows[0]), ...[...table.tBodies[0].rows].map(texts)];
  }

  hideTable() {
    this.part("table").hidden = true;
  }

  downloadCsv() {
    if (this.answer) download(this.fileName(), this.answer.csv);
  }

  downloadShown() {
    if (this.answer) download(this.fileName().replace(/\.csv$/, "-as-shown.csv"), shownCsv(this.shown()));
  }

  /** Offer a link (that runs the lab): copied, and shown in a field to copy by hand. */
  async offerLink(url) {
    const field = this.part("link-text", HTMLInputElement);
    field.value = url;
    field.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      this.status(() => t("lab.s.link_copied"));
    } catch {
      field.select();
      this.status(() => t("lab.s.link_copy"));
    }
  }

  async copyMarkdown() {
    if (!this.answer) return;
    const text = shownMarkdown(this.shown());
    const field = this.part("markdown-text", HTMLTextAreaElement);
    field.value = text;
    try {
      await navigator.clipboard.writeText(text);
      this.status(() => t("lab.s.copied"));
    } catch {
      field.hidden = false;
      field.select();
      this.status(() => t("lab.s.copy"));
    }
  }
}

/** A comparison's status line while it runs: the run in progress (its StudyProgress, as it
 *  starts and while it runs), its time so far and the runs left after it, the time moving
 *  on between its reports. */
export class RunTicker {
  /** @param {(text: () => string) => void} status  @param {number} weight  the weighted searches' w */
  constructor(status, weight) {
    this.status = status;
    this.weight = weight;
    this.running = null; // {p: the run's last report, since: when it started}
    this.ticking = setInterval(() => this.tell(), 1000);
  }

  /** @param {import("../generated/protocol.js").StudyProgress} p */
  heard(p) {
    if (!this.running || this.running.p.run !== p.run) this.running = { p, since: performance.now() };
    this.running.p = p;
    this.tell();
  }

  tell() {
    if (!this.running) return;
    const { p, since } = this.running;
    const left = p.runs - p.run;
    const seconds = Math.floor((performance.now() - since) / 1000);
    this.status(() =>
      t("lab.s.run", {
        run: p.run,
        total: p.runs,
        name: searchName(p, this.weight),
        seconds: number(seconds),
        nodes: number(p.nodes),
        left: left === 0 ? t("lab.s.left.none") : t(`lab.s.left.${left === 1 ? "one" : "other"}`, { n: left }),
      }),
    );
  }

  stop() {
    clearInterval(this.ticking);
  }
}
