// The study lab in the page: compare algorithms x heuristics on the board (a table, CSV,
// Markdown, charts), study them over many boards (lab_study.js), step through a search,
// see the heuristic on the board, and load the course reports' boards.  Everything is
// computed by npuzzle.api in the lab's own workers (a Pool of its own, started when the
// lab is first opened: one worker, and as many as the game's for a study), so a long
// comparison never holds up the game's solver, and Cancel restarts only the lab's workers.
//
// The lab's settings travel in the link (address.js: lab=compare|study|step, algorithms,
// heuristics, weight, time, nodes; a study's size, count, depths, seed or boards);
// main.js asks linkSettings() for them.

import { Solver } from "./solver.js";
import { Pool, defaultWorkers } from "./pool.js";
import { ask } from "./ask.js";
import { parseBoardId, parseProblem } from "./rules.js";
import { databaseText, unsolvable } from "./messages.js";
import { LabCharts } from "./lab_charts.js";
import { StepView } from "./lab_step.js";
import { STUDY_MARKUP, StudyView } from "./lab_study.js";
import { drawExplained } from "./lab_board.js";
import { nameAll, runName } from "./lab_table.js";
import { RunPanel, runPanelMarkup } from "./lab_run.js";
import { listCases } from "./lab_cases.js";
import { number, pythonText, readEnglish, register, t, translate } from "./i18n.js";
import { LAB_ALGORITHMS, LAB_COLUMNS, LAB_HEURISTICS, LAB_MAX_NODES, LAB_TIME_LIMIT, LAB_WEIGHT, MAX_NODES_RANGE,
  TIME_LIMIT_RANGE, WEIGHT_RANGE } from "./shared.js";

// The budget's defaults are the package's (npuzzle.lab); the names ticked at first are the page's.
export const LAB_DEFAULTS = { algorithms: ["astar", "idastar"], heuristics: ["misplaced", "manhattan"], weight: LAB_WEIGHT,
  timeLimit: LAB_TIME_LIMIT, maxNodes: LAB_MAX_NODES };
const VIEWS = ["compare", "study", "step", "heuristic", "cases"];
const LINKED_VIEWS = ["compare", "study", "step"]; // the views a link opens
const SETTINGS_VIEWS = ["compare", "study"]; // the views that show the algorithms, heuristics and budget

// The markup's English is its own (i18n.readEnglish); the names of algorithms and heuristics
// are the package's, by their code (data-code, lab_table.js's nameAll).
register({
  en: {
    "lab.s.loading": "Loading the lab's Python…", "lab.s.restarting": "Cancelled. Restarting the lab's worker: {text}",
    "lab.s.cases_failed": "Loading the course cases failed: {error}", "lab.s.ready": "Lab ready.", "lab.s.ready_again": "Cancelled. Lab ready again.", "lab.s.failed": "The lab could not start: {error}.",
    "lab.s.running": "Running the comparison…", "lab.s.done_row": "{done} of {total} runs done (last: {run}).",
    "lab.s.cannot": "Cannot compare: {error}",
    "lab.s.compared.one": "Compared {n} run in {seconds} s.", "lab.s.compared.other": "Compared {n} runs in {seconds} s.",
    "lab.s.failed_compare": "The comparison failed: {error}", "lab.s.cancelled": "Cancelled. Restarting the lab's worker…",
    "lab.s.explain_failed": "Explaining failed: {error}",
    "lab.caption.one": "{n} run on {board}", "lab.caption.other": "{n} runs on {board}",
  },
  zh: {
    "lab.title": "学习实验室",
    "lab.intro": "在上面的棋盘上重做课程报告中的实验：A* 与 IDA* 配合不同的启发函数，统计、单步执行并画出来，所用的 Python 代码与命令行的 npuzzle compare 相同。",
    "lab.views": "实验室视图", "lab.tab.compare": "比较", "lab.tab.study": "多棋盘研究", "lab.tab.step": "单步执行", "lab.tab.heuristic": "棋盘上的启发函数",
    "lab.tab.cases": "课程案例", "lab.algorithms": "算法", "lab.heuristics": "启发函数", "lab.budget": "每次运行的预算",
    "lab.weight": "权重 w（加权搜索）", "lab.time": "每次运行的时间上限（秒）", "lab.nodes": "每次运行的节点上限（扩展节点数）",
    "lab.comparison": "比较", "lab.run": "运行比较",
    "lab.runs_done": "已完成的运行", "lab.table_label": "比较表（可横向滚动）",
    "lab.chart_nodes": "每次运行的扩展节点数（对数坐标；红色：被预算停止）。",
    "lab.chart_passes": "IDA*：每一轮的阈值与该轮扩展的节点数（对数坐标）。每一轮重复上一轮并再深入一点。",
    "lab.algorithm": "算法", "lab.heuristic": "启发函数", "lab.restart": "重新开始", "lab.stepping": "单步",
    "lab.back": "后退", "lab.step": "单步", "lab.run_steps": "连续运行", "lab.pause": "暂停", "lab.tree_label": "搜索树（可横向滚动）",
    "lab.explain": "要解释的启发函数",
    "lab.cases_intro": "课程报告中的棋盘。选择一个即可放到棋盘上，并用上面的设置运行比较。",
    "lab.s.loading": "正在加载实验室的 Python…", "lab.s.restarting": "已取消。正在重启实验室的 Worker：{text}",
    "lab.s.cases_failed": "加载课程案例失败：{error}", "lab.s.ready": "实验室已就绪。", "lab.s.ready_again": "已取消。实验室再次就绪。", "lab.s.failed": "实验室无法启动：{error}。",
    "lab.s.running": "正在运行比较…", "lab.s.done_row": "已完成 {done} / {total} 次运行（最近：{run}）。",
    "lab.s.cannot": "无法比较：{error}",
    "lab.s.compared.one": "在 {seconds} 秒内比较了 {n} 次运行。", "lab.s.compared.other": "在 {seconds} 秒内比较了 {n} 次运行。",
    "lab.s.failed_compare": "比较失败：{error}", "lab.s.cancelled": "已取消。正在重启实验室的 Worker…",
    "lab.s.explain_failed": "解释失败：{error}",
    "lab.caption.one": "在 {board} 上的 {n} 次运行", "lab.caption.other": "在 {board} 上的 {n} 次运行",
  },
});

const checkboxes = (name, values, kind) => values.map((value) =>
  `<label class="lab-check"><input type="checkbox" name="${name}" value="${value}"> <span data-code="lab.${kind}.${value}"></span></label>`).join("");
const options = (values, kind) => values.map((v) => `<option value="${v}" data-code="lab.${kind}.${v}"></option>`).join("");

const MARKUP = `
<h2 id="lab-title" data-i18n="lab.title">Study lab</h2>
<p class="lab-intro" data-i18n="lab.intro">The course reports' experiments on the board above: A* and IDA* with different heuristics, counted, stepped through and pictured, by the same Python code as the command line's npuzzle compare.</p>
<div class="lab-tabs" role="tablist" aria-label="Lab views" data-i18n-aria-label="lab.views">
  <button type="button" role="tab" id="lab-tab-compare" aria-controls="lab-compare" data-i18n="lab.tab.compare">Compare</button>
  <button type="button" role="tab" id="lab-tab-study" aria-controls="lab-study" data-i18n="lab.tab.study">Study</button>
  <button type="button" role="tab" id="lab-tab-step" aria-controls="lab-step" data-i18n="lab.tab.step">Step through</button>
  <button type="button" role="tab" id="lab-tab-heuristic" aria-controls="lab-heuristic" data-i18n="lab.tab.heuristic">h on the board</button>
  <button type="button" role="tab" id="lab-tab-cases" aria-controls="lab-cases" data-i18n="lab.tab.cases">Course cases</button>
</div>
<p id="lab-status" class="lab-status" role="status"></p>

<section id="lab-compare" role="tabpanel" aria-labelledby="lab-tab-compare" class="lab-panel">
  <form id="lab-settings" class="lab-settings">
    <fieldset><legend data-i18n="lab.algorithms">Algorithms</legend>${checkboxes("lab-algorithm", LAB_ALGORITHMS, "algorithm")}</fieldset>
    <fieldset><legend data-i18n="lab.heuristics">Heuristics</legend>${checkboxes("lab-heuristic", LAB_HEURISTICS, "heuristic")}</fieldset>
    <fieldset class="lab-numbers"><legend data-i18n="lab.budget">Each run's budget</legend>
      <label id="lab-weight-label"><span data-i18n="lab.weight">Weight w (weighted searches)</span> <input id="lab-weight" type="number" min="${WEIGHT_RANGE[0]}" max="${WEIGHT_RANGE[1]}" step="0.1"></label>
      <label><span data-i18n="lab.time">Time limit a run (seconds)</span> <input id="lab-time" type="number" min="${TIME_LIMIT_RANGE[0]}" max="${TIME_LIMIT_RANGE[1]}" step="any"></label>
      <label><span data-i18n="lab.nodes">Node limit a run (nodes expanded)</span> <input id="lab-nodes" type="number" min="${MAX_NODES_RANGE[0]}" max="${MAX_NODES_RANGE[1]}" step="1"></label>
    </fieldset>
  </form>
${runPanelMarkup("lab", { toolbar: ["lab.comparison", "Comparison"], run: ["lab.run", "Run comparison"],
    progress: ["lab.runs_done", "Runs done"], table: ["lab.table_label", "Comparison table (scrolls sideways)"], wrap: "lab-table-wrap" })}
  <div class="lab-charts" id="lab-charts" hidden>
    <figure><div class="lab-chart"><canvas id="lab-chart-nodes" role="img"></canvas></div>
      <figcaption data-i18n="lab.chart_nodes">Nodes expanded by each run (log scale; red: stopped by its budget).</figcaption></figure>
    <figure><div class="lab-chart"><canvas id="lab-chart-passes" role="img"></canvas></div>
      <figcaption data-i18n="lab.chart_passes">IDA*: each pass's threshold against the nodes it expanded (log scale). Each pass repeats the one before and goes a little further.</figcaption></figure>
  </div>
</section>

<section id="lab-study" role="tabpanel" aria-labelledby="lab-tab-study" class="lab-panel" hidden>${STUDY_MARKUP}
</section>

<section id="lab-step" role="tabpanel" aria-labelledby="lab-tab-step" class="lab-panel" hidden>
  <div class="lab-step-choices">
    <label><span data-i18n="lab.algorithm">Search to step through</span> <select id="lab-step-algorithm">${options(LAB_ALGORITHMS, "algorithm")}</select></label>
    <label><span data-i18n="lab.heuristic">Estimate h</span> <select id="lab-step-heuristic">${options(LAB_HEURISTICS, "heuristic")}</select></label>
    <button type="button" id="lab-step-restart" data-i18n="lab.restart">Start over</button>
  </div>
  <div class="controls" role="toolbar" aria-label="Stepping" data-i18n-aria-label="lab.stepping">
    <button type="button" id="lab-step-back" disabled data-i18n="lab.back">Back</button>
    <button type="button" id="lab-step-step" data-i18n="lab.step">Step</button>
    <button type="button" id="lab-step-run" data-i18n="lab.run_steps">Run</button>
    <button type="button" id="lab-step-pause" disabled data-i18n="lab.pause">Pause</button>
  </div>
  <p id="lab-step-now" class="lab-step-now"></p>
  <p id="lab-step-said" class="visually-hidden" aria-live="polite"></p>
  <div id="lab-step-details" class="lab-step-details"></div>
  <div id="lab-step-tree" class="lab-tree-wrap" tabindex="0" role="region" aria-label="Search tree (scrolls sideways)" data-i18n-aria-label="lab.tree_label"></div>
</section>

<section id="lab-heuristic" role="tabpanel" aria-labelledby="lab-tab-heuristic" class="lab-panel" hidden>
  <label><span data-i18n="lab.explain">Estimate h to explain</span> <select id="lab-explain-heuristic">${options(LAB_HEURISTICS, "heuristic")}</select></label>
  <p id="lab-explain-about" class="lab-note"></p>
  <div id="lab-explain" class="lab-explain"></div>
</section>

<section id="lab-cases" role="tabpanel" aria-labelledby="lab-tab-cases" class="lab-panel" hidden>
  <p data-i18n="lab.cases_intro">The boards of the course reports. Choose one to put it on the board and run the comparison with the settings above.</p>
  <ul id="lab-case-list" class="lab-case-list"></ul>
</section>`;

export class Lab {
  /**
   * @param {HTMLElement} root  the lab's (empty) section
   * @param {{problem: () => object, load: (problem: object) => void, changed: () => void, workers?: () => number}} o
   *   problem(): the game's {board, goal, wrap}; load(): put a problem on the board;
   *   changed(): the lab's link settings changed; workers(): the workers a study uses
   *   (the game's pool's size; default pool.js's defaultWorkers)
   */
  constructor(root, { problem, load, changed, workers = defaultWorkers }) {
    this.root = root;
    this.problem = problem;
    this.load = load;
    this.changed = changed;
    root.innerHTML = MARKUP;
    readEnglish(root);
    translate(root);
    nameAll(root);
    const $ = (/** @type {string} */ id) => /** @type {any} */ (root.querySelector(`#${id}`)); // any, as main.js's
    this.$ = $;
    this.view = null; // the tab shown, once the lab is open
    this.solver = null;
    this.afterReady = null; // what to do once the worker is ready (a link's comparison)
    this.setSettings(LAB_DEFAULTS);
    this.charts = new LabCharts($("lab-chart-nodes"), $("lab-chart-passes"));
    const status = (text) => this.status(text);
    this.panel = new RunPanel($, "lab", { run: () => this.compare(), cancel: () => this.cancel(), status,
      fileName: () => `compare-${this.panel.answer.start.replace(/[^0-9a-z]+/gi, "-").slice(0, 60)}.csv` });
    this.studyView = new StudyView($, {
      ask: (action, args, onProgress) => this.ask(action, args, onProgress), pool: () => this.solver, workers,
      settings: () => this.settings(), status, changed, cancel: () => this.cancel(),
    });
    this.steps = new StepView($, {
      ask: (action, args) => this.ask(action, args),
      problem, settings: () => this.settings(), say: (text) => { $("lab-step-said").textContent = text; },
    });

    const tabs = VIEWS.map((v) => $(`lab-tab-${v}`));
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.show(VIEWS[i]));
      tab.addEventListener("keydown", (event) => {
        const way = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
        if (!way) return;
        event.preventDefault();
        const next = tabs[(i + way + tabs.length) % tabs.length];
        next.focus();
        next.click();
      });
    });
    $("lab-settings").addEventListener("change", () => changed());
    $("lab-settings").addEventListener("submit", (event) => event.preventDefault());
    $("lab-explain-heuristic").addEventListener("change", () => this.explain());
    this.show("compare", { quiet: true });
    root.closest("details").addEventListener("toggle", () => {
      if (root.closest("details").open) this.show(this.view);
      else changed();
    });
  }

  // ---------------------------------------------------------------- the worker

  /** Start the lab's workers (once): a Pool of its own, of one worker until a study asks
   *  for more, so Cancel here leaves the game's alone. */
  start() {
    if (this.solver) return;
    this.status(t("lab.s.loading"));
    this.solver = new Pool({
      onWorkers: (count) => { // a helper is ready: it takes a board
        this.root.dataset.workers = String(count); // for tools and tests
        this.studyView.workersChanged();
      },
      onLoading: (text, step) => {
        const said = () => (step ? t(`loading.${step}`) : text); // the worker's step, worded by messages.js
        this.status(this.restarting ? () => t("lab.s.restarting", { text: said() }) : said);
      },
      onReady: () => {
        this.status(this.restarting ? t("lab.s.ready_again") : t("lab.s.ready"));
        this.restarting = false;
        this.loadCases();
        const then = this.afterReady;
        this.afterReady = null;
        if (then) then();
        else if (this.view === "heuristic") this.explain();
      },
      onFailed: (error) => this.status(t("lab.s.failed", { error })),
    }, 1, (handlers) => new Solver({ ...handlers, role: "lab" }));
  }

  /** The outcome of a request to the lab's first worker (ask.js), the workers started if need be. */
  ask(action, args, onProgress) {
    this.start();
    return ask(this.solver, action, args, onProgress);
  }

  /** The lab's status line: a text, or a function that words it (again when the language changes). */
  status(text) {
    this.said = typeof text === "function" ? text : null;
    this.$("lab-status").textContent = typeof text === "function" ? text() : text;
  }

  /** Say everything again in the language now chosen (the markup, the status, the table). */
  relabel() {
    translate(this.root);
    nameAll(this.root);
    if (this.said) this.status(this.said);
    if (this.shownTable) this.showTable(...this.shownTable);
    if (this.descriptions) this.describe();
    if (this.cases) this.listCases();
    if (this.explained) drawExplained(this.$("lab-explain"), this.explained, parseBoardId(this.explained.start)[0]);
    this.steps.treeKey = null; // the tree's note is drawn again too
    this.steps.render();
    if (this.panel.answer && !this.$("lab-charts").hidden) this.charts.draw(this.panel.answer.rows);
    this.studyView.relabel();
  }

  // ---------------------------------------------------------------- opening, tabs, settings

  /** Open the lab (from a link or a click) on a view, with a link's settings; a link's
   *  compare or study view runs it once the worker is ready. */
  open(link) {
    if (!link) return;
    this.setSettings({ ...LAB_DEFAULTS, ...Object.fromEntries(Object.entries(link).filter(([, v]) => v !== null)) });
    this.studyView.set(link);
    if (!link.view) return;
    this.root.closest("details").open = true;
    this.show(link.view);
    if (link.view === "compare") this.whenReady(() => this.compare());
    if (link.view === "study") this.whenReady(() => this.studyView.run());
    if (link.view === "step") this.steps.reset();
  }

  whenReady(f) {
    this.start();
    if (this.solver.ready) f();
    else this.afterReady = f;
  }

  show(view, { quiet = false } = {}) {
    this.view = view;
    for (const v of VIEWS) {
      const tab = this.$(`lab-tab-${v}`);
      tab.setAttribute("aria-selected", String(v === view));
      tab.tabIndex = v === view ? 0 : -1;
      this.$(`lab-${v}`).hidden = v !== view;
    }
    // The algorithms, heuristics and budget serve the comparison and the study: they move
    // into the panel shown (a study has no weight: its weighted searches take the default).
    if (SETTINGS_VIEWS.includes(view)) this.$(`lab-${view}`).prepend(this.$("lab-settings"));
    this.$("lab-weight-label").hidden = view === "study";
    if (quiet) return;
    this.start();
    if (view === "heuristic" && this.solver.ready) this.explain();
    if (view === "step") {
      const s = this.settings();
      this.$("lab-step-algorithm").value = s.algorithms[0] || "astar";
      this.$("lab-step-heuristic").value = s.heuristics[0] || "manhattan";
      this.steps.render();
    }
    this.changed();
  }

  /** The board changed (a move, a new game): pictures of the old one go. */
  boardChanged() {
    this.steps.reset();
    if (this.view === "heuristic" && this.solver && this.solver.ready) this.explain();
  }

  setSettings(s) {
    const $ = this.$;
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll('input[name="lab-algorithm"]'))) box.checked = s.algorithms.includes(box.value);
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll('input[name="lab-heuristic"]'))) box.checked = s.heuristics.includes(box.value);
    $("lab-weight").value = s.weight;
    $("lab-time").value = s.timeLimit;
    $("lab-nodes").value = s.maxNodes;
  }

  settings() {
    const $ = this.$;
    const ticked = (name) => [.../** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll(`input[name="${name}"]:checked`))].map((b) => b.value);
    const number = (id, fallback) => (($(id).value.trim() === "") ? fallback : Number($(id).value));
    return { algorithms: ticked("lab-algorithm"), heuristics: ticked("lab-heuristic"),
      weight: number("lab-weight", LAB_DEFAULTS.weight), timeLimit: number("lab-time", LAB_DEFAULTS.timeLimit),
      maxNodes: number("lab-nodes", LAB_DEFAULTS.maxNodes) };
  }

  /** What the link carries: the view (compare, study or step, when the lab is open), the
   *  settings that differ from the defaults, and a study's own settings (all of them, so
   *  the link draws the same boards); null when there is nothing to say. */
  linkSettings() {
    const open = this.root.closest("details").open;
    const s = this.settings();
    const link = { view: open && LINKED_VIEWS.includes(this.view) ? this.view : null };
    for (const key of Object.keys(LAB_DEFAULTS)) {
      const same = JSON.stringify(s[key]) === JSON.stringify(LAB_DEFAULTS[key]);
      link[key] = same ? null : s[key];
    }
    if (link.view === "study") Object.assign(link, this.studyView.linkSettings());
    return Object.values(link).some((v) => v !== null) ? link : null;
  }

  // ---------------------------------------------------------------- compare

  async compare() {
    const { panel } = this;
    if (panel.running) return;
    const s = this.settings();
    const args = { ...this.problem(), algorithms: s.algorithms, heuristics: s.heuristics, weight: s.weight,
      time_limit: s.timeLimit, max_nodes: s.maxNodes };
    panel.answer = null;
    panel.setRunning(true);
    this.$("lab-charts").hidden = true;
    const rows = [];
    this.showTable(args.board, rows);
    this.status(() => t("lab.s.running"));
    const t0 = performance.now();
    const outcome = await this.ask("compare", args, (p) => {
      if (p.phase === "databases") return this.status(() => databaseText(p));
      panel.progress(p.done, p.total);
      rows.push(p.row);
      this.showTable(args.board, rows);
      this.status(() => t("lab.s.done_row", { done: p.done, total: p.total, run: runName(p.row) }));
    });
    if (outcome.kind !== "answer" || !outcome.reply.solvable) {
      panel.setRunning(false);
      if (outcome.kind === "bad-input") this.status(() => t("lab.s.cannot", { error: pythonText(outcome.reply) }));
      if (outcome.kind === "failed") this.status(t("lab.s.failed_compare", { error: outcome.message }));
      if (outcome.kind === "answer") this.status(() => unsolvable(outcome.reply.reason_code || outcome.reply.reason));
      return; // cancelled: cancel() said so
    }
    const r = outcome.reply;
    panel.finished(r);
    this.showTable(r.start, r.rows);
    const seconds = (performance.now() - t0) / 1000;
    this.status(() => t(`lab.s.compared.${r.rows.length === 1 ? "one" : "other"}`, { n: r.rows.length, seconds: number(seconds, 2) }));
    this.$("lab-table").dataset.seconds = seconds.toFixed(2);
    this.$("lab-charts").hidden = false;
    await this.charts.draw(r.rows);
  }

  cancel() {
    if (!this.solver) return;
    this.solver.cancel(); // the lab's worker is terminated and starts again
    this.restarting = true;
    this.steps.reset(); // its step sessions went with it
    this.status(() => t("lab.s.cancelled"));
    this.panel.setRunning(false);
  }

  showTable(board, rows) {
    this.shownTable = [board, rows];
    this.panel.showTable(LAB_COLUMNS, rows, t(`lab.caption.${rows.length === 1 ? "one" : "other"}`, { n: rows.length, board }));
  }

  // ---------------------------------------------------------------- the heuristic, the cases

  async explain() {
    const $ = this.$;
    const heuristic = $("lab-explain-heuristic").value;
    const outcome = await this.ask("explain", { ...this.problem(), heuristic });
    if (outcome.kind === "bad-input") return $("lab-explain").replaceChildren(outcome.message);
    if (outcome.kind === "failed") return this.status(t("lab.s.explain_failed", { error: outcome.message }));
    if (outcome.kind === "cancelled") return;
    const r = outcome.reply;
    drawExplained($("lab-explain"), r, parseBoardId(r.start)[0]);
    this.explained = r; // drawn again when the language changes
    if (this.descriptions) this.describe();
  }

  async loadCases() {
    if (this.cases) return;
    const outcome = await this.ask("cases", {});
    if (outcome.kind === "failed") this.status(t("lab.s.cases_failed", { error: outcome.message }));
    if (outcome.kind !== "answer") return; // asked again when the worker is next ready
    const r = outcome.reply;
    this.cases = r.cases;
    this.descriptions = { algorithms: r.algorithms, heuristics: r.heuristics };
    this.describe();
    this.listCases();
  }

  /** Each algorithm's and heuristic's sentence (Python's, coded about.<name>) as the boxes' titles. */
  describe() {
    const about = (name, text) => pythonText({ error: text, code: `about.${name}`, params: {} });
    for (const [kind, texts] of Object.entries(this.descriptions)) {
      for (const [name, text] of Object.entries(texts)) {
        const box = this.root.querySelector(`input[name="lab-${kind.slice(0, -1)}"][value="${name}"]`);
        if (box) box.parentElement.title = about(name, text);
      }
    }
    const heuristic = this.$("lab-explain-heuristic").value;
    if (this.explained) this.$("lab-explain-about").textContent = about(heuristic, this.descriptions.heuristics[heuristic] || "");
  }

  listCases() {
    listCases(this.$("lab-case-list"), this.cases, (c) => this.useCase(c));
  }

  useCase(c) {
    this.load(parseProblem(c.board, c.goal, c.wrap));
    this.show("compare");
    this.compare();
  }
}
