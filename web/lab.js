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

import { CancelledError, Solver } from "./solver.js";
import { Pool, defaultWorkers } from "./pool.js";
import { parseProblem } from "./rules.js";
import { LabCharts } from "./lab_charts.js";
import { StepView } from "./lab_step.js";
import { STUDY_MARKUP, StudyView } from "./lab_study.js";
import { drawExplained } from "./lab_board.js";
import { download, fillTable } from "./lab_table.js";
import { language, number, pythonText, readEnglish, register, t, translate } from "./i18n.js";
import { LAB_ALGORITHMS, LAB_COLUMNS, LAB_HEURISTICS, LAB_MAX_NODES, LAB_TIME_LIMIT, LAB_WEIGHT, MAX_NODES_RANGE,
  TIME_LIMIT_RANGE, WEIGHT_RANGE } from "./shared.js";

// The budget's defaults are the package's (npuzzle.lab); the names ticked at first are the page's.
export const LAB_DEFAULTS = { algorithms: ["astar", "idastar"], heuristics: ["misplaced", "manhattan"], weight: LAB_WEIGHT,
  timeLimit: LAB_TIME_LIMIT, maxNodes: LAB_MAX_NODES };
// The package's algorithms and heuristics, in its order, with the page's English names for them.
const NAMES = { bfs: "Breadth-first search", astar: "A*", idastar: "IDA*", "weighted-astar": "Weighted A*",
  "weighted-idastar": "Weighted IDA*", greedy: "Greedy best-first", misplaced: "Misplaced tiles",
  manhattan: "Manhattan distance", "linear-conflict": "Linear conflict", pdb: "Pattern databases" };
const named = (names) => Object.fromEntries(names.map((name) => [name, NAMES[name] ?? name]));
const ALGORITHMS = named(LAB_ALGORITHMS);
const HEURISTICS = named(LAB_HEURISTICS);
const VIEWS = ["compare", "study", "step", "heuristic", "cases"];
const LINKED_VIEWS = ["compare", "study", "step"]; // the views a link opens
const SETTINGS_VIEWS = ["compare", "study"]; // the views that show the algorithms, heuristics and budget

// The markup's English is its own (i18n.readEnglish); names and columns are keyed by their value.
register({
  en: {
    "lab.s.loading": "Loading the lab's Python…", "lab.s.restarting": "Cancelled. Restarting the lab's worker: {text}",
    "lab.s.cases_failed": "Loading the course cases failed: {error}", "lab.s.ready": "Lab ready.", "lab.s.ready_again": "Cancelled. Lab ready again.", "lab.s.failed": "The lab could not start: {error}.",
    "lab.s.running": "Running the comparison…", "lab.s.done_row": "{done} of {total} runs done (last: {run}).",
    "lab.s.cannot": "Cannot compare: {error}", "lab.s.unsolvable": "This board is unsolvable: {reason}",
    "lab.s.compared.one": "Compared {n} run in {seconds} s.", "lab.s.compared.other": "Compared {n} runs in {seconds} s.",
    "lab.s.failed_compare": "The comparison failed: {error}", "lab.s.cancelled": "Cancelled. Restarting the lab's worker…",
    "lab.s.copied": "The table was copied as Markdown.", "lab.s.copy": "Copy the Markdown below (the browser did not allow copying).",
    "lab.s.explain_failed": "Explaining failed: {error}",
    "lab.s.db_failed": "Could not load the pattern databases: {failed}", "lab.s.db_unpacking": "Unpacking pattern databases ({file})…",
    "lab.s.db_loading": "Loading pattern databases {loaded} / {total} MB",
    "lab.caption.one": "{n} run on {board}", "lab.caption.other": "{n} runs on {board}",
    "lab.yes": "yes", "lab.no": "no",
    "lab.case": "{name}: {size}{wrap}, {optimal}", "lab.case.wrapped": " wrapped {wrap}", "lab.case.unsolvable": "unsolvable",
    "lab.case.optimal": "optimal {n} moves",
    "lab.col.algorithm": "algorithm", "lab.col.heuristic": "heuristic", "lab.col.found": "found", "lab.col.length": "length",
    "lab.col.optimal": "optimal", "lab.col.nodes_expanded": "nodes expanded", "lab.col.nodes_generated": "nodes generated",
    "lab.col.max_stored": "max stored", "lab.col.seconds": "seconds", "lab.col.iterations": "IDA* passes",
    "lab.col.ebf": "effective branching factor", "lab.col.initial_h": "h at the start", "lab.col.stopped": "stopped",
    "lab.stop.time limit": "time limit", "lab.stop.node limit": "node limit",
  },
  zh: {
    "lab.title": "学习实验室",
    "lab.intro": "在上面的棋盘上重做课程报告中的实验：A* 与 IDA* 配合不同的启发函数，统计、单步执行并画出来，所用的 Python 代码与命令行的 npuzzle compare 相同。",
    "lab.views": "实验室视图", "lab.tab.compare": "比较", "lab.tab.study": "多棋盘研究", "lab.tab.step": "单步执行", "lab.tab.heuristic": "棋盘上的启发函数",
    "lab.tab.cases": "课程案例", "lab.algorithms": "算法", "lab.heuristics": "启发函数", "lab.budget": "每次运行的预算",
    "lab.weight": "权重 w（加权搜索）", "lab.time": "每次运行的时间上限（秒）", "lab.nodes": "每次运行的节点上限（扩展节点数）",
    "lab.comparison": "比较", "lab.run": "运行比较", "lab.cancel": "取消", "lab.markdown": "复制为 Markdown",
    "lab.runs_done": "已完成的运行", "lab.markdown_label": "Markdown 格式的表格", "lab.table_label": "比较表（可横向滚动）",
    "lab.chart_nodes": "每次运行的扩展节点数（对数坐标；红色：被预算停止）。",
    "lab.chart_passes": "IDA*：每一轮的阈值与该轮扩展的节点数（对数坐标）。每一轮重复上一轮并再深入一点。",
    "lab.algorithm": "算法", "lab.heuristic": "启发函数", "lab.restart": "重新开始", "lab.stepping": "单步",
    "lab.back": "后退", "lab.step": "单步", "lab.run_steps": "连续运行", "lab.pause": "暂停", "lab.tree_label": "搜索树（可横向滚动）",
    "lab.explain": "要解释的启发函数",
    "lab.cases_intro": "课程报告中的棋盘。选择一个即可放到棋盘上，并用上面的设置运行比较。",
    "lab.algorithm.bfs": "广度优先搜索", "lab.algorithm.astar": "A*", "lab.algorithm.idastar": "IDA*",
    "lab.algorithm.weighted-astar": "加权 A*", "lab.algorithm.weighted-idastar": "加权 IDA*", "lab.algorithm.greedy": "贪婪最佳优先",
    "lab.heuristic.misplaced": "错位数", "lab.heuristic.manhattan": "曼哈顿距离", "lab.heuristic.linear-conflict": "线性冲突",
    "lab.heuristic.pdb": "模式数据库",
    "lab.s.loading": "正在加载实验室的 Python…", "lab.s.restarting": "已取消。正在重启实验室的 Worker：{text}",
    "lab.s.cases_failed": "加载课程案例失败：{error}", "lab.s.ready": "实验室已就绪。", "lab.s.ready_again": "已取消。实验室再次就绪。", "lab.s.failed": "实验室无法启动：{error}。",
    "lab.s.running": "正在运行比较…", "lab.s.done_row": "已完成 {done} / {total} 次运行（最近：{run}）。",
    "lab.s.cannot": "无法比较：{error}", "lab.s.unsolvable": "这个棋盘无解：{reason}",
    "lab.s.compared.one": "在 {seconds} 秒内比较了 {n} 次运行。", "lab.s.compared.other": "在 {seconds} 秒内比较了 {n} 次运行。",
    "lab.s.failed_compare": "比较失败：{error}", "lab.s.cancelled": "已取消。正在重启实验室的 Worker…",
    "lab.s.copied": "表格已复制为 Markdown。", "lab.s.copy": "请复制下面的 Markdown（浏览器不允许复制）。",
    "lab.s.explain_failed": "解释失败：{error}",
    "lab.s.db_failed": "无法加载模式数据库：{failed}", "lab.s.db_unpacking": "正在解压模式数据库（{file}）…",
    "lab.s.db_loading": "正在加载模式数据库 {loaded} / {total} MB",
    "lab.caption.one": "在 {board} 上的 {n} 次运行", "lab.caption.other": "在 {board} 上的 {n} 次运行",
    "lab.yes": "是", "lab.no": "否",
    "lab.case": "{name}：{size}{wrap}，{optimal}", "lab.case.wrapped": "，环绕 {wrap}", "lab.case.unsolvable": "无解",
    "lab.case.optimal": "最优 {n} 步",
    "lab.col.algorithm": "算法", "lab.col.heuristic": "启发函数", "lab.col.found": "找到解", "lab.col.length": "长度",
    "lab.col.optimal": "最优", "lab.col.nodes_expanded": "扩展节点数", "lab.col.nodes_generated": "生成节点数",
    "lab.col.max_stored": "最多存储", "lab.col.seconds": "秒", "lab.col.iterations": "IDA* 轮数",
    "lab.col.ebf": "有效分支因子", "lab.col.initial_h": "初始 h", "lab.col.stopped": "停止原因",
    "lab.stop.time limit": "时间上限", "lab.stop.node limit": "节点上限",
  },
});

const checkboxes = (name, choices, kind) => Object.entries(choices).map(([value, label]) =>
  `<label class="lab-check"><input type="checkbox" name="${name}" value="${value}"> <span data-i18n="lab.${kind}.${value}">${label}</span></label>`).join("");
const options = (choices, kind) => Object.entries(choices).map(([v, label]) => `<option value="${v}" data-i18n="lab.${kind}.${v}">${label}</option>`).join("");

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
    <fieldset><legend data-i18n="lab.algorithms">Algorithms</legend>${checkboxes("lab-algorithm", ALGORITHMS, "algorithm")}</fieldset>
    <fieldset><legend data-i18n="lab.heuristics">Heuristics</legend>${checkboxes("lab-heuristic", HEURISTICS, "heuristic")}</fieldset>
    <fieldset class="lab-numbers"><legend data-i18n="lab.budget">Each run's budget</legend>
      <label id="lab-weight-label"><span data-i18n="lab.weight">Weight w (weighted searches)</span> <input id="lab-weight" type="number" min="${WEIGHT_RANGE[0]}" max="${WEIGHT_RANGE[1]}" step="0.1"></label>
      <label><span data-i18n="lab.time">Time limit a run (seconds)</span> <input id="lab-time" type="number" min="${TIME_LIMIT_RANGE[0]}" max="${TIME_LIMIT_RANGE[1]}" step="any"></label>
      <label><span data-i18n="lab.nodes">Node limit a run (nodes expanded)</span> <input id="lab-nodes" type="number" min="${MAX_NODES_RANGE[0]}" max="${MAX_NODES_RANGE[1]}" step="1"></label>
    </fieldset>
  </form>
  <div class="controls" role="toolbar" aria-label="Comparison" data-i18n-aria-label="lab.comparison">
    <button type="button" id="lab-run" data-i18n="lab.run">Run comparison</button>
    <button type="button" id="lab-cancel" disabled data-i18n="lab.cancel">Cancel</button>
    <button type="button" id="lab-csv" disabled>CSV</button>
    <button type="button" id="lab-markdown" disabled data-i18n="lab.markdown">Copy as Markdown</button>
  </div>
  <p><progress id="lab-progress" max="1" value="0" hidden aria-label="Runs done" data-i18n-aria-label="lab.runs_done"></progress></p>
  <textarea id="lab-markdown-text" class="lab-markdown-text" readonly hidden aria-label="The table as Markdown" data-i18n-aria-label="lab.markdown_label"></textarea>
  <div class="lab-table-wrap" tabindex="0" role="region" aria-label="Comparison table (scrolls sideways)" data-i18n-aria-label="lab.table_label">
    <table id="lab-table" class="lab-table" hidden><caption id="lab-caption"></caption><thead></thead><tbody></tbody></table>
  </div>
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
    <label><span data-i18n="lab.algorithm">Search to step through</span> <select id="lab-step-algorithm">${options(ALGORITHMS, "algorithm")}</select></label>
    <label><span data-i18n="lab.heuristic">Estimate h</span> <select id="lab-step-heuristic">${options(HEURISTICS, "heuristic")}</select></label>
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
  <label><span data-i18n="lab.explain">Estimate h to explain</span> <select id="lab-explain-heuristic">${options(HEURISTICS, "heuristic")}</select></label>
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
    const $ = (/** @type {string} */ id) => /** @type {any} */ (root.querySelector(`#${id}`)); // any, as main.js's
    this.$ = $;
    this.view = null; // the tab shown, once the lab is open
    this.solver = null;
    this.comparing = false;
    this.answer = null; // the last compare answer
    this.afterReady = null; // what to do once the worker is ready (a link's comparison)
    this.setSettings(LAB_DEFAULTS);
    this.charts = new LabCharts($("lab-chart-nodes"), $("lab-chart-passes"));
    this.studyView = new StudyView($, {
      request: (action, args) => this.request(action, args), pool: () => this.solver, workers,
      settings: () => this.settings(), status: (text) => this.status(text), changed,
    });
    this.steps = new StepView($, {
      request: (action, args) => this.request(action, args),
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
    $("lab-run").addEventListener("click", () => this.compare());
    $("lab-cancel").addEventListener("click", () => this.cancel());
    $("lab-study-cancel").addEventListener("click", () => this.cancel());
    $("lab-csv").addEventListener("click", () => this.downloadCsv());
    $("lab-markdown").addEventListener("click", () => this.copyMarkdown());
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

  request(action, args, onProgress) {
    this.start();
    return this.solver.request(action, args, onProgress);
  }

  /** The lab's status line: a text, or a function that words it (again when the language changes). */
  status(text) {
    this.said = typeof text === "function" ? text : null;
    this.$("lab-status").textContent = typeof text === "function" ? text() : text;
  }

  /** Say everything again in the language now chosen (the markup, the status, the table). */
  relabel() {
    translate(this.root);
    if (this.said) this.status(this.said);
    if (this.shownTable) this.showTable(...this.shownTable);
    if (this.descriptions) this.describe();
    if (this.cases) this.listCases();
    if (this.explained) drawExplained(this.$("lab-explain"), this.explained, Number(this.explained.start.split("x")[0]));
    this.steps.treeKey = null; // the tree's note is drawn again too
    this.steps.render();
    if (this.answer && !this.$("lab-charts").hidden) this.charts.draw(this.answer.rows);
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
    if (this.comparing) return;
    const $ = this.$;
    const s = this.settings();
    const args = { ...this.problem(), algorithms: s.algorithms, heuristics: s.heuristics, weight: s.weight,
      time_limit: s.timeLimit, max_nodes: s.maxNodes };
    this.setComparing(true);
    const progress = $("lab-progress");
    progress.hidden = false;
    progress.value = 0;
    const rows = [];
    this.showTable(args.board, rows);
    this.status(() => t("lab.s.running"));
    const t0 = performance.now();
    try {
      const r = await this.request("compare", args, (p) => {
        if (p.phase === "databases") return this.status(() => databaseText(p));
        progress.max = p.total;
        progress.value = p.done;
        rows.push(p.row);
        this.showTable(args.board, rows);
        this.status(() => t("lab.s.done_row", { done: p.done, total: p.total,
          run: `${p.row.algorithm}${p.row.heuristic ? `, ${p.row.heuristic}` : ""}` }));
      });
      if (!r.ok) return this.status(() => t("lab.s.cannot", { error: pythonText(r) }));
      if (!r.solvable) {
        return this.status(() => t("lab.s.unsolvable", { reason: pythonText(r.reason_code || r.reason).replace(/^(unsolvable:|无解：)\s*/i, "") }));
      }
      this.answer = r;
      this.showTable(r.start, r.rows);
      const seconds = (performance.now() - t0) / 1000, wall = seconds.toFixed(2);
      this.status(() => t(`lab.s.compared.${r.rows.length === 1 ? "one" : "other"}`, { n: r.rows.length, seconds: number(seconds, 2) }));
      $("lab-table").dataset.seconds = wall;
      $("lab-charts").hidden = false;
      await this.charts.draw(r.rows);
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(t("lab.s.failed_compare", { error: e.message }));
    } finally {
      this.setComparing(false);
      progress.hidden = true;
    }
  }

  setComparing(on) {
    const $ = this.$;
    this.comparing = on;
    $("lab-run").disabled = on;
    $("lab-cancel").disabled = !on;
    $("lab-csv").disabled = on || !this.answer;
    $("lab-markdown").disabled = on || !this.answer;
    if (on) {
      this.answer = null;
      $("lab-charts").hidden = true;
      $("lab-markdown-text").hidden = true;
    }
  }

  cancel() {
    if (!this.solver) return;
    this.solver.cancel(); // the lab's worker is terminated and starts again
    this.restarting = true;
    this.steps.reset(); // its step sessions went with it
    this.status(() => t("lab.s.cancelled"));
    this.setComparing(false);
  }

  showTable(board, rows) {
    const $ = this.$;
    const table = $("lab-table");
    table.hidden = false;
    this.shownTable = [board, rows];
    const columns = LAB_COLUMNS;
    $("lab-caption").textContent = t(`lab.caption.${rows.length === 1 ? "one" : "other"}`, { n: rows.length, board });
    fillTable(table, columns, rows, (c) => t(`lab.col.${c}`), shown);
  }

  downloadCsv() {
    if (!this.answer) return;
    download(`compare-${this.answer.start.replace(/[^0-9a-z]+/gi, "-").slice(0, 60)}.csv`, this.answer.csv);
  }

  async copyMarkdown() {
    if (!this.answer) return;
    const text = this.answer.markdown;
    const field = this.$("lab-markdown-text");
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

  // ---------------------------------------------------------------- the heuristic, the cases

  async explain() {
    const $ = this.$;
    const heuristic = $("lab-explain-heuristic").value;
    try {
      const r = await this.request("explain", { ...this.problem(), heuristic });
      if (!r.ok) return $("lab-explain").replaceChildren(pythonText(r));
      const width = Number(r.start.split("x")[0]);
      drawExplained($("lab-explain"), r, width);
      this.explained = r; // drawn again when the language changes
      if (this.descriptions) this.describe();
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(t("lab.s.explain_failed", { error: e.message }));
    }
  }

  async loadCases() {
    if (this.cases) return;
    let r;
    try {
      r = await this.request("cases", {});
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(t("lab.s.cases_failed", { error: e.message }));
      return; // asked again when the worker is next ready
    }
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
    const list = this.$("lab-case-list");
    list.replaceChildren(...this.cases.map((c) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t("lab.case", { name: c.name, size: c.board.split(":")[0], wrap: c.wrap ? t("lab.case.wrapped", { wrap: c.wrap }) : "",
        optimal: c.optimal === null ? t("lab.case.unsolvable") : t("lab.case.optimal", { n: c.optimal }) });
      button.addEventListener("click", () => this.useCase(c));
      const title = document.createElement("span");
      title.className = "lab-note";
      const note = c.note && language() !== "en" ? pythonText({ error: c.note, code: "case.rebuilt", params: {} }) : c.note;
      title.textContent = ` ${c.title}${note ? ` (${note})` : ""}`;
      li.append(button, title);
      return li;
    }));
  }

  useCase(c) {
    this.load(parseProblem(c.board, c.goal, c.wrap));
    this.show("compare");
    this.compare();
  }
}

function databaseText(p) {
  if (p.failed) return t("lab.s.db_failed", { failed: pythonText(p.failed) });
  if (p.unpacking) return t("lab.s.db_unpacking", { file: p.unpacking });
  return t("lab.s.db_loading", { loaded: number(p.loaded / 1e6, 1), total: number(p.total / 1e6, 1) });
}

/** A cell as the CLI's table shows it (npuzzle.lab.shown's rules). */
function shown(row, column) {
  const value = row[column];
  if (value === null || value === undefined) return "-";
  if (typeof value === "boolean") return value ? t("lab.yes") : t("lab.no");
  if (column === "stopped" && ["time limit", "node limit"].includes(value)) return t(`lab.stop.${value}`);
  if (column === "seconds") return value.toFixed(4);
  if (column === "ebf") return value.toFixed(3);
  if (column === "algorithm" && row.weight !== null && row.weight !== undefined) return `${value} (w=${row.weight})`;
  return String(value);
}
