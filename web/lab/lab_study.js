// The lab's Study view: every algorithm x heuristic over many boards, the course reports'
// table by solution length (npuzzle study on the command line).  Random boards at each
// depth (npuzzle.lab.depths; the same seed drawing the same boards as the command line) or
// boards pasted one a line.  The lab's first worker checks the study and draws its boards
// (action study_boards); each board is then run by whichever of the lab's workers is free
// (study_board), and the first worker makes the table of all the runs (study_table), with
// the CSV npuzzle study --csv prints.  The lab's Cancel stops every worker.

import { ask } from "../solver/ask.js";
import { StudyChart } from "./lab_charts.js";
import { RunPanel, runPanelMarkup } from "./lab_run.js";
import { searchName } from "./lab_table.js";
import { databaseText } from "../game/status.js";
import { number, pythonText, t } from "../languages/i18n.js";
import { STUDY_COLUMNS } from "../generated/shared.js";

/** The study's own settings at first (the algorithms, heuristics and budget are the lab's). */
export const STUDY_DEFAULTS = { size: "3x3", count: "20", depths: "12,16,20,24", seed: "0", boards: null };

/** The Study panel's markup, after the lab's settings (which the lab moves into it). */
/** The study's columns that are means over the boards solved: its last ones, from the first mean on. */
const MEANS = STUDY_COLUMNS.slice(STUDY_COLUMNS.findIndex((c) => c.startsWith("mean_")));

/** A time to come, roughly, as a person says it: "40 s", "3 min". */
const duration = (seconds) =>
  seconds < 90
    ? t("study.s.seconds", { n: number(Math.max(1, Math.round(seconds))) })
    : t("study.s.minutes", { n: number(Math.round(seconds / 60)) });

export const STUDY_MARKUP = `
  <p class="lab-note" data-i18n="study.intro"></p>
  <form id="lab-study-form" class="lab-settings">
    <fieldset><legend data-i18n="study.boards"></legend>
      <label class="lab-check"><input type="radio" name="lab-study-source" value="random" checked> <span data-i18n="study.random"></span></label>
      <label class="lab-check"><input type="radio" name="lab-study-source" value="pasted"> <span data-i18n="study.pasted"></span></label>
    </fieldset>
    <fieldset id="lab-study-random" class="lab-numbers"><legend data-i18n="study.random"></legend>
      <label><span data-i18n="study.size"></span> <input id="lab-study-size" type="text" autocomplete="off" spellcheck="false"></label>
      <label><span data-i18n="study.count"></span> <input id="lab-study-count" type="text" inputmode="numeric" autocomplete="off"></label>
      <label><span data-i18n="study.depths"></span> <input id="lab-study-depths" type="text" autocomplete="off" spellcheck="false"></label>
      <label><span data-i18n="study.seed"></span> <input id="lab-study-seed" type="text" autocomplete="off"></label>
      <p class="lab-note" data-i18n="study.method"></p>
    </fieldset>
    <label id="lab-study-pasted" class="lab-study-pasted" hidden><span data-i18n="study.lines"></span>
      <textarea id="lab-study-boards" rows="6" spellcheck="false" autocomplete="off"></textarea></label>
  </form>
${runPanelMarkup("lab-study", {
  toolbar: "study.toolbar",
  run: "study.run",
  progress: "study.boards_done",
  table: "study.table_label",
  wrap: "lab-study-wrap",
  between: `\n  <p id="lab-study-error" class="lab-error" role="alert" hidden></p>`,
})}
  <figure id="lab-study-figure" class="lab-study-figure" hidden><div class="lab-chart"><canvas id="lab-study-chart" role="img"></canvas></div>
    <figcaption data-i18n="study.chart"></figcaption></figure>`;

// The inputs of the study's own settings, by the name the link gives them.
const FIELDS = { size: "lab-study-size", count: "lab-study-count", depths: "lab-study-depths", seed: "lab-study-seed" };
// The study's arguments at fault in an ErrorReply (field), and the input that holds each.
const FAULTS = { ...FIELDS, boards: "lab-study-boards" };

/** A whole number typed as text goes to Python as a number, anything else as typed (Python
 *  refuses it, quoting it). */
const numeric = (text) => (/^-?\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : text.trim() === "" ? null : text);

export class StudyView {
  /**
   * @param {import("../game/element.js").Finder} $  the lab's element finder
   * @param {object} o
   * @param {import("../solver/ask.js").Asking} o.ask  the lab's first worker
   * @param {() => import("../solver/pool.js").Pool} o.pool  the lab's workers
   * @param {() => number} o.workers  how many workers a study uses
   * @param {() => object} o.settings  the lab's algorithms, heuristics and budget
   * @param {(text: string | (() => string)) => void} o.status  the lab's status line
   * @param {() => void} o.changed  the link's settings changed
   * @param {() => void} o.cancel  the lab's Cancel: every worker stops
   */
  constructor($, { ask, pool, workers, settings, status, changed, cancel }) {
    this.$ = $;
    this.ask = ask;
    this.pool = pool;
    this.workers = workers;
    this.settings = settings;
    this.status = status;
    this.changed = changed;
    // the panel's answer: the last table, {rows, csv, markdown, drawn, count, source}
    this.panel = new RunPanel($, "lab-study", {
      run: () => this.run(),
      cancel,
      status,
      fileName: () => this.fileName(),
    });
    this.sharing = null; // hands the next board to a free worker, while a study runs
    this.chart = new StudyChart($("lab-study-chart"));
    this.set(STUDY_DEFAULTS);
    for (const radio of this.radios()) radio.addEventListener("change", () => this.showSource());
    $("lab-study-form").addEventListener("change", () => changed());
    $("lab-study-form").addEventListener("submit", (event) => event.preventDefault());
  }

  radios() {
    const radios = this.$("lab-study-form").querySelectorAll('input[name="lab-study-source"]');
    return [...radios].filter((radio) => radio instanceof HTMLInputElement);
  }

  /** Put settings in the fields: {size, count, depths, seed} (null: the default), boards (a
   *  link's, lines split by ";"; given: the pasted boards are chosen). */
  set(s) {
    for (const [key, id] of Object.entries(FIELDS)) this.$(id, HTMLInputElement).value = s[key] ?? STUDY_DEFAULTS[key];
    const pasted = s.boards !== null && s.boards !== undefined;
    if (pasted) this.$("lab-study-boards", HTMLTextAreaElement).value = s.boards.split(";").join("\n");
    for (const radio of this.radios()) radio.checked = radio.value === (pasted ? "pasted" : "random");
    this.showSource();
  }

  /** The study's own settings as typed: {source, size, count, depths, seed, boards}.
   *  @returns {{source: string, size: string, count: string, depths: string, seed: string, boards: string}} */
  values() {
    const source = this.radios().find((r) => r.checked).value;
    const values = /** @type {{size: string, count: string, depths: string, seed: string}} */ (
      Object.fromEntries(Object.entries(FIELDS).map(([key, id]) => [key, this.$(id, HTMLInputElement).value.trim()]))
    );
    return { source, ...values, boards: this.$("lab-study-boards", HTMLTextAreaElement).value };
  }

  /** What the link carries for a study: the random boards' settings, or the pasted boards
   *  (their lines joined by ";"). */
  linkSettings() {
    const v = this.values();
    if (v.source === "pasted") {
      return {
        boards:
          v.boards
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean)
            .join(";") || null,
      };
    }
    return {
      size: v.size || null,
      count: v.count || null,
      depths: v.depths.replace(/\s+/g, "") || null,
      seed: v.seed || null,
    };
  }

  showSource() {
    const pasted = this.values().source === "pasted";
    this.$("lab-study-random").hidden = pasted;
    this.$("lab-study-pasted").hidden = !pasted;
  }

  /** The arguments of study_boards for the fields as they are. */
  arguments() {
    const s = this.settings(),
      v = this.values();
    // pasted boards are solved towards the goal of the first one's size (no size sent)
    const boards =
      v.source === "pasted"
        ? { boards: v.boards }
        : { size: v.size || "3x3", count: numeric(v.count), depths: v.depths, seed: numeric(v.seed) ?? 0 };
    return { ...boards, algorithms: s.algorithms, heuristics: s.heuristics };
  }

  /** Say why the study was refused, at the field at fault; nothing else changes. */
  refuse(r) {
    const $ = this.$;
    const said = () =>
      t("study.refused", { error: r.line ? t("study.line", { line: r.line, error: pythonText(r) }) : pythonText(r) });
    $("lab-study-error").textContent = said();
    $("lab-study-error").hidden = false;
    this.refused = said;
    const field = FAULTS[r.field] && $(FAULTS[r.field]);
    if (field) field.setAttribute("aria-invalid", "true");
  }

  clearRefusal() {
    this.refused = null;
    this.$("lab-study-error").hidden = true;
    for (const id of Object.values(FAULTS)) this.$(id).removeAttribute("aria-invalid");
  }

  /** Run the study; reveal: bring its table into view and focus it when it ends (a link's). */
  async run({ reveal = false } = {}) {
    const { $, panel } = this;
    if (panel.running) return;
    const s = this.settings();
    const t0 = performance.now();
    panel.setRunning(true);
    this.clearRefusal();
    this.status(() => t("study.s.drawing"));
    // A 4x4's boards are drawn by walks the optimal solver proves: seconds, said board by board.
    const drawing = await this.ask("study_boards", this.arguments(), (p) => {
      if (!("phase" in p)) return;
      if (p.phase === "databases") this.status(() => databaseText(p));
      if (p.phase === "drawing")
        this.status(() => t("study.s.drawn", { drawn: number(p.drawn), total: number(p.total) }));
    });
    if (drawing.kind !== "answer") return this.stopped(drawing);
    const drawn = drawing.reply;
    // The study is accepted: the last table goes, and the lab's workers are made up to the page's number.
    panel.answer = null;
    panel.hideTable();
    $("lab-study-figure").hidden = true;
    const pool = this.pool();
    pool.resize(this.workers());
    const common = {
      goal: drawn.goal,
      wrap: drawn.wrap,
      algorithms: drawn.algorithms,
      heuristics: drawn.heuristics,
      time_limit: s.timeLimit,
      max_nodes: s.maxNodes,
    };
    const total = drawn.jobs.length;
    panel.progress(0, total);
    // Once a board is done, the time left at the pace so far (boards run side by side).
    const began = performance.now();
    const left = (done) => {
      if (done === 0 || done === total) return "";
      const seconds = (((performance.now() - began) / 1000) * (total - done)) / done;
      return ` ${t("study.s.left", { time: duration(seconds) })}`;
    };
    const said = (done) => () =>
      t("study.s.running", { done: number(done), total: number(total), workers: this.workersText(pool) }) + left(done);
    this.status(said(0));
    // Each run reports as it starts and while it runs (StudyProgress), so the first board
    // moves the bar and the status line at once; a board done counts whole.
    const within = new Map(); // board's index -> the fraction of its runs done
    let done = 0;
    const moved = () => panel.progress(done + [...within.values()].reduce((a, b) => a + b, 0), total);
    const shared = await this.share(
      pool,
      drawn.jobs,
      common,
      (n, i) => {
        done = n;
        within.delete(i);
        moved();
        this.status(said(done));
      },
      (i, p) => {
        within.set(i, (p.run - 1) / p.runs);
        moved();
        const run = searchName(p);
        this.status(
          () =>
            // a run just started has expanded nothing yet: it is said to start, not "0 nodes"
            t(p.nodes ? "study.s.run" : "study.s.run_start", {
              done: number(done),
              total: number(total),
              workers: this.workersText(pool),
              board: number(i + 1),
              run,
              nodes: number(p.nodes),
            }) + left(done),
        );
      },
    );
    if (shared.kind !== "answer") return this.stopped(shared);
    const results = shared.reply;
    const tabled = await this.ask("study_table", { results });
    if (tabled.kind !== "answer") return this.stopped(tabled);
    const seconds = (performance.now() - t0) / 1000;
    const runs = results.reduce((n, r) => n + r.length, 0);
    const v = this.values();
    panel.finished({ ...tabled.reply, drawn, count: v.count, source: v.source });
    this.showTable();
    $("lab-study-table").dataset.seconds = seconds.toFixed(2);
    const used = pool.workers.length;
    this.status(() =>
      t(`study.s.done.${drawn.jobs.length === 1 ? "one" : "other"}`, {
        n: number(drawn.jobs.length),
        runs: number(runs),
        seconds: number(seconds, 1),
        workers: t(`study.workers.${used === 1 ? "one" : "other"}`, { n: used }),
      }),
    );
    $("lab-study-figure").hidden = false;
    await this.chart.draw(tabled.reply.rows);
    if (reveal) panel.reveal();
  }

  /** A study that did not end in a table: refused (said at the field at fault), failed or cancelled.
   *  @param {import("../solver/ask.js").Unanswered & {board?: string}} outcome  board: the board a worker was running */
  stopped(outcome) {
    this.sharing = null;
    this.panel.setRunning(false);
    if (outcome.kind === "bad-input" && !outcome.board) {
      this.refuse(outcome.reply);
      this.status(t("lab.s.ready"));
    } else if (outcome.kind !== "cancelled") {
      this.status(
        t("study.s.failed", { error: outcome.board ? `${outcome.board}: ${outcome.message}` : outcome.message }),
      );
    }
  }

  workersText(pool) {
    const n = pool.workers.length;
    return t(`study.workers.${n === 1 ? "one" : "other"}`, { n });
  }

  /**
   * Every job's runs, in the jobs' order, as an outcome (ask.js; its reply the runs): each
   * board goes to whichever of the pool's ready workers is free (a helper that becomes
   * ready joins in: see feed), onDone(done, i) after each (i: the board's index), onRun(i,
   * progress) as each run of board i starts and while it runs (StudyProgress).  The first
   * outcome that is not an answer ends it (a refusal names its board), as does Cancel,
   * which terminates the workers.
   * @param {(done: number, i: number) => void} onDone
   * @param {(i: number, progress: import("../generated/protocol.js").StudyProgress) => void} onRun
   * @returns {Promise<{kind: "answer", reply: import("../generated/protocol.js").StudyRun[][]}
   *   | import("../solver/ask.js").Unanswered & {board?: string}>}
   */
  share(pool, jobs, common, onDone, onRun) {
    const results = new Array(jobs.length);
    const busy = new Set();
    let next = 0,
      done = 0,
      over = false;
    return new Promise((resolve) => {
      const end = (outcome) => {
        over = true;
        this.sharing = null;
        resolve(outcome);
      };
      const feed = () => {
        for (const worker of pool.workers) {
          if (over || next >= jobs.length) return;
          if (busy.has(worker)) continue;
          const i = next++;
          busy.add(worker);
          const heard = (/** @type {import("../generated/protocol.js").Progress} */ p) => {
            if (!over && "phase" in p && p.phase === "study") onRun(i, p);
          };
          ask(worker, "study_board", { ...common, ...jobs[i] }, heard).then((outcome) => {
            busy.delete(worker);
            if (over) return;
            if (outcome.kind !== "answer") return end({ ...outcome, board: jobs[i].board });
            results[i] = outcome.reply.runs;
            onDone(++done, i);
            if (done === jobs.length) end({ kind: "answer", reply: results });
            else feed();
          });
        }
      };
      this.sharing = feed;
      feed();
    });
  }

  /** The lab's workers changed (a helper is ready): give it a board. */
  workersChanged() {
    if (this.sharing) this.sharing();
  }

  /** Say everything again in the language now chosen. */
  relabel() {
    if (this.refused) this.$("lab-study-error").textContent = this.refused();
    if (this.panel.answer) {
      this.showTable();
      if (!this.$("lab-study-figure").hidden) this.chart.draw(this.panel.answer.rows);
    }
  }

  showTable() {
    const { rows, drawn, source, count } = this.panel.answer;
    const n = drawn.jobs.length;
    const caption =
      source === "pasted"
        ? t(`study.caption.pasted.${n === 1 ? "one" : "other"}`, { n: number(n), goal: drawn.goal })
        : t("study.caption.random", { n: number(n), count, seed: drawn.seed, goal: drawn.goal });
    // a mean over fewer boards than the depth has says over how many (the runs stopped by
    // their budget are not in it)
    const mark = (row, column, text) =>
      MEANS.includes(column) && row.solved > 0 && row.solved < row.boards
        ? t("lab.mean_over", { mean: text, solved: row.solved, boards: row.boards })
        : text;
    const partial = rows.some((row) => row.solved > 0 && row.solved < row.boards);
    this.panel.showTable(STUDY_COLUMNS, rows, partial ? t("lab.means", { caption }) : caption, mark);
  }

  fileName() {
    const { drawn, source } = this.panel.answer;
    return `${source === "pasted" ? `study-${drawn.jobs.length}-boards` : `study-seed${drawn.seed}`}.csv`;
  }
}
