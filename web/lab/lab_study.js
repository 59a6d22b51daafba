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
import { message } from "./lab_table.js";
import { databaseText } from "../game/status.js";
import { number, pythonText, register, t } from "../languages/i18n.js";
import { STUDY_COLUMNS } from "../generated/shared.js";

/** The study's own settings at first (the algorithms, heuristics and budget are the lab's). */
export const STUDY_DEFAULTS = { size: "3x3", count: "20", depths: "12,16,20,24", seed: "0", boards: null };

register({
  en: {
    "study.s.drawing": "Drawing the boards…",
    "study.s.drawn": "Drawing the boards: {drawn} of {total}, each proven by the optimal solver…",
    "study.s.running": "Studying: {done} of {total} boards done on {workers}…",
    "study.s.run": "Studying: {done} of {total} boards done on {workers}; board {board}: {run}, {nodes} nodes…",
    "study.s.done.one": "Studied {n} board ({runs} runs) in {seconds} s on {workers}.",
    "study.s.done.other": "Studied {n} boards ({runs} runs) in {seconds} s on {workers}.",
    "study.workers.one": "{n} worker",
    "study.workers.other": "{n} workers",
    "study.s.failed": "The study failed: {error}",
    "study.refused": "Cannot run the study: {error}",
    "study.line": "line {line}: {error}",
    "study.caption.random": "{n} boards, {count} at each depth, seed {seed}, goal {goal}",
    "study.caption.pasted.one": "{n} board pasted, goal {goal}",
    "study.caption.pasted.other": "{n} boards pasted, goal {goal}",
  },
  zh: {
    "study.intro":
      "课程报告中的表格：每种算法配合每个启发函数，在许多棋盘上按解的长度（深度）统计平均扩展节点数、生成节点数、时间和有效分支因子，与命令行的 npuzzle study 相同。",
    "study.boards": "棋盘",
    "study.random": "每个深度的随机棋盘",
    "study.pasted": "粘贴的棋盘，每行一个",
    "study.size": "尺寸（宽x高：至多 9 格，或 4x4）",
    "study.count": "每个深度的棋盘数",
    "study.depths": "深度（解的长度，逗号分隔）",
    "study.seed": "随机种子（相同的种子抽出相同的棋盘）",
    "study.method":
      "至多 9 格时，每个深度的棋盘从该深度的全部棋盘中均匀抽取。在 4x4 上，用该步数的随机游走抽取，只保留最优求解器证明没有更短解的棋盘：每个长度都是精确的，但最短路径多的棋盘出现得更频繁。",
    "study.lines": "棋盘，每行一个（编号或用 / 分隔的行）",
    "study.toolbar": "研究",
    "study.run": "运行研究",
    "study.boards_done": "已完成的棋盘",
    "study.table_label": "研究表（可横向滚动）",
    "study.chart": "各深度的平均扩展节点数（对数坐标），每种算法与启发函数一条线。",
    "study.s.drawing": "正在抽取棋盘…",
    "study.s.drawn": "正在抽取棋盘：{drawn} / {total}，每个都由最优求解器证明…",
    "study.s.running": "研究中：已完成 {done} / {total} 个棋盘，使用 {workers}…",
    "study.s.run": "研究中：已完成 {done} / {total} 个棋盘，使用 {workers}；第 {board} 个棋盘：{run}，{nodes} 个节点…",
    "study.s.done.one": "用 {seconds} 秒在 {workers} 上研究了 {n} 个棋盘（{runs} 次运行）。",
    "study.s.done.other": "用 {seconds} 秒在 {workers} 上研究了 {n} 个棋盘（{runs} 次运行）。",
    "study.workers.one": "{n} 个 Worker",
    "study.workers.other": "{n} 个 Worker",
    "study.s.failed": "研究失败：{error}",
    "study.refused": "无法运行研究：{error}",
    "study.line": "第 {line} 行：{error}",
    "study.caption.random": "{n} 个棋盘，每个深度 {count} 个，种子 {seed}，目标 {goal}",
    "study.caption.pasted.one": "粘贴的 {n} 个棋盘，目标 {goal}",
    "study.caption.pasted.other": "粘贴的 {n} 个棋盘，目标 {goal}",
  },
});

/** The Study panel's markup, after the lab's settings (which the lab moves into it). */
export const STUDY_MARKUP = `
  <p class="lab-note" data-i18n="study.intro">The course reports' table: each algorithm with each heuristic over many boards, mean nodes expanded and generated, mean time and effective branching factor by solution length (depth), as the command line's npuzzle study prints it.</p>
  <form id="lab-study-form" class="lab-settings">
    <fieldset><legend data-i18n="study.boards">Boards</legend>
      <label class="lab-check"><input type="radio" name="lab-study-source" value="random" checked> <span data-i18n="study.random">Random boards at each depth</span></label>
      <label class="lab-check"><input type="radio" name="lab-study-source" value="pasted"> <span data-i18n="study.pasted">Boards pasted, one a line</span></label>
    </fieldset>
    <fieldset id="lab-study-random" class="lab-numbers"><legend data-i18n="study.random">Random boards at each depth</legend>
      <label><span data-i18n="study.size">Size (WxH: up to 9 cells, or 4x4)</span> <input id="lab-study-size" type="text" autocomplete="off" spellcheck="false"></label>
      <label><span data-i18n="study.count">Boards at each depth</span> <input id="lab-study-count" type="text" inputmode="numeric" autocomplete="off"></label>
      <label><span data-i18n="study.depths">Depths (solution lengths, comma-separated)</span> <input id="lab-study-depths" type="text" autocomplete="off" spellcheck="false"></label>
      <label><span data-i18n="study.seed">Seed (the same seed draws the same boards)</span> <input id="lab-study-seed" type="text" autocomplete="off"></label>
      <p class="lab-note" data-i18n="study.method">Up to 9 cells, each depth's boards are drawn uniformly from all of them. On a 4x4, by random walks of that many moves kept only when the optimal solver proves no shorter solution: every length is exact, but boards with many shortest paths come up more often.</p>
    </fieldset>
    <label id="lab-study-pasted" class="lab-study-pasted" hidden><span data-i18n="study.lines">Boards, one a line (IDs, or rows split by /)</span>
      <textarea id="lab-study-boards" rows="6" spellcheck="false" autocomplete="off"></textarea></label>
  </form>
${runPanelMarkup("lab-study", {
  toolbar: ["study.toolbar", "Study"],
  run: ["study.run", "Run study"],
  progress: ["study.boards_done", "Boards done"],
  table: ["study.table_label", "Study table (scrolls sideways)"],
  wrap: "lab-study-wrap",
  between: `\n  <p id="lab-study-error" class="lab-error" role="alert" hidden></p>`,
})}
  <figure id="lab-study-figure" class="lab-study-figure" hidden><div class="lab-chart"><canvas id="lab-study-chart" role="img"></canvas></div>
    <figcaption data-i18n="study.chart">Mean nodes expanded by depth (log scale), a line for each algorithm and heuristic.</figcaption></figure>`;

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

  async run() {
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
    const said = (done) => () =>
      t("study.s.running", { done: number(done), total: number(total), workers: this.workersText(pool) });
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
        const run =
          p.heuristic === null
            ? message(`lab.algorithm.${p.algorithm}`)
            : `${message(`lab.algorithm.${p.algorithm}`)} / ${message(`lab.heuristic.${p.heuristic}`)}`;
        this.status(() =>
          t("study.s.run", {
            done: number(done),
            total: number(total),
            workers: this.workersText(pool),
            board: number(i + 1),
            run,
            nodes: number(p.nodes),
          }),
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
    this.panel.showTable(STUDY_COLUMNS, rows, caption);
  }

  fileName() {
    const { drawn, source } = this.panel.answer;
    return `${source === "pasted" ? `study-${drawn.jobs.length}-boards` : `study-seed${drawn.seed}`}.csv`;
  }
}
