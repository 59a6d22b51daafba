// The study lab in the page: compare algorithms x heuristics on the board (a table, CSV,
// Markdown, charts), step through a search, see the heuristic on the board, and load the
// course reports' boards.  Everything is computed by npuzzle.api in the lab's own worker
// (a second Solver, started when the lab is first opened), so a long comparison never
// holds up the game's solver, and Cancel restarts only the lab's worker.
//
// The lab's settings travel in the link (address.js: lab=compare|step, algorithms,
// heuristics, weight, time, nodes); main.js asks linkSettings() for them.

import { CancelledError, Solver } from "./solver.js";
import { parseProblem } from "./rules.js";
import { LabCharts } from "./lab_charts.js";
import { StepView } from "./lab_step.js";
import { drawExplained } from "./lab_board.js";

export const LAB_DEFAULTS = { algorithms: ["astar", "idastar"], heuristics: ["misplaced", "manhattan"], weight: 2,
  timeLimit: 10, maxNodes: 1_000_000 };
const ALGORITHMS = { bfs: "Breadth-first search", astar: "A*", idastar: "IDA*", "weighted-astar": "Weighted A*",
  "weighted-idastar": "Weighted IDA*", greedy: "Greedy best-first" };
const HEURISTICS = { misplaced: "Misplaced tiles", manhattan: "Manhattan distance",
  "linear-conflict": "Linear conflict", pdb: "Pattern databases" };
const VIEWS = ["compare", "step", "heuristic", "cases"];
const COLUMN_TITLES = { algorithm: "algorithm", heuristic: "heuristic", found: "found", length: "length",
  optimal: "optimal", nodes_expanded: "nodes expanded", nodes_generated: "nodes generated", max_stored: "max stored",
  seconds: "seconds", iterations: "IDA* passes", ebf: "effective branching factor", initial_h: "h at the start",
  stopped: "stopped" };

const checkboxes = (name, choices) => Object.entries(choices).map(([value, label]) =>
  `<label class="lab-check"><input type="checkbox" name="${name}" value="${value}"> ${label}</label>`).join("");
const options = (choices) => Object.entries(choices).map(([v, label]) => `<option value="${v}">${label}</option>`).join("");

const MARKUP = `
<h2 id="lab-title">Study lab</h2>
<p class="lab-intro">The course reports' experiments on the board above: A* and IDA* with different
heuristics, counted, stepped through and pictured, by the same Python code as the command line's
<code>npuzzle compare</code>.</p>
<div class="lab-tabs" role="tablist" aria-label="Lab views">
  <button type="button" role="tab" id="lab-tab-compare" aria-controls="lab-compare">Compare</button>
  <button type="button" role="tab" id="lab-tab-step" aria-controls="lab-step">Step through</button>
  <button type="button" role="tab" id="lab-tab-heuristic" aria-controls="lab-heuristic">h on the board</button>
  <button type="button" role="tab" id="lab-tab-cases" aria-controls="lab-cases">Course cases</button>
</div>
<p id="lab-status" class="lab-status" role="status"></p>

<section id="lab-compare" role="tabpanel" aria-labelledby="lab-tab-compare" class="lab-panel">
  <form id="lab-settings" class="lab-settings">
    <fieldset><legend>Algorithms</legend>${checkboxes("lab-algorithm", ALGORITHMS)}</fieldset>
    <fieldset><legend>Heuristics</legend>${checkboxes("lab-heuristic", HEURISTICS)}</fieldset>
    <fieldset class="lab-numbers"><legend>Each run's budget</legend>
      <label>Weight w (weighted searches) <input id="lab-weight" type="number" min="1" max="100" step="0.1"></label>
      <label>Time limit a run (seconds) <input id="lab-time" type="number" min="0.001" step="any"></label>
      <label>Node limit a run (nodes expanded) <input id="lab-nodes" type="number" min="1" step="1"></label>
    </fieldset>
  </form>
  <div class="controls" role="toolbar" aria-label="Comparison">
    <button type="button" id="lab-run">Run comparison</button>
    <button type="button" id="lab-cancel" disabled>Cancel</button>
    <button type="button" id="lab-csv" disabled>CSV</button>
    <button type="button" id="lab-markdown" disabled>Copy as Markdown</button>
  </div>
  <p><progress id="lab-progress" max="1" value="0" hidden aria-label="Runs done"></progress></p>
  <textarea id="lab-markdown-text" class="lab-markdown-text" readonly hidden aria-label="The table as Markdown"></textarea>
  <div class="lab-table-wrap" tabindex="0" role="region" aria-label="Comparison table (scrolls sideways)">
    <table id="lab-table" class="lab-table" hidden><caption id="lab-caption"></caption><thead></thead><tbody></tbody></table>
  </div>
  <div class="lab-charts" id="lab-charts" hidden>
    <figure><div class="lab-chart"><canvas id="lab-chart-nodes" role="img"></canvas></div>
      <figcaption>Nodes expanded by each run (log scale; red: stopped by its budget).</figcaption></figure>
    <figure><div class="lab-chart"><canvas id="lab-chart-passes" role="img"></canvas></div>
      <figcaption>IDA*: each pass's threshold against the nodes it expanded (log scale). Each pass repeats the one before and goes a little further.</figcaption></figure>
  </div>
</section>

<section id="lab-step" role="tabpanel" aria-labelledby="lab-tab-step" class="lab-panel" hidden>
  <div class="lab-step-choices">
    <label>Search to step through <select id="lab-step-algorithm">${options(ALGORITHMS)}</select></label>
    <label>Estimate h <select id="lab-step-heuristic">${options(HEURISTICS)}</select></label>
    <button type="button" id="lab-step-restart">Start over</button>
  </div>
  <div class="controls" role="toolbar" aria-label="Stepping">
    <button type="button" id="lab-step-back" disabled>Back</button>
    <button type="button" id="lab-step-step">Step</button>
    <button type="button" id="lab-step-run">Run</button>
    <button type="button" id="lab-step-pause" disabled>Pause</button>
  </div>
  <p id="lab-step-now" class="lab-step-now"></p>
  <p id="lab-step-said" class="visually-hidden" aria-live="polite"></p>
  <div id="lab-step-details" class="lab-step-details"></div>
  <div id="lab-step-tree" class="lab-tree-wrap" tabindex="0" role="region" aria-label="Search tree (scrolls sideways)"></div>
</section>

<section id="lab-heuristic" role="tabpanel" aria-labelledby="lab-tab-heuristic" class="lab-panel" hidden>
  <label>Estimate h to explain <select id="lab-explain-heuristic">${options(HEURISTICS)}</select></label>
  <p id="lab-explain-about" class="lab-note"></p>
  <div id="lab-explain" class="lab-explain"></div>
</section>

<section id="lab-cases" role="tabpanel" aria-labelledby="lab-tab-cases" class="lab-panel" hidden>
  <p>The boards of the course reports. Choose one to put it on the board and run the comparison with the settings above.</p>
  <ul id="lab-case-list" class="lab-case-list"></ul>
</section>`;

export class Lab {
  /**
   * @param {HTMLElement} root  the lab's (empty) section
   * @param {{problem: () => object, load: (problem: object) => void, changed: () => void}} o
   *   problem(): the game's {board, goal, wrap}; load(): put a problem on the board;
   *   changed(): the lab's link settings changed
   */
  constructor(root, { problem, load, changed }) {
    Object.assign(this, { root, problem, load, changed });
    root.innerHTML = MARKUP;
    const $ = (id) => root.querySelector(`#${id}`);
    this.$ = $;
    this.view = null; // the tab shown, once the lab is open
    this.solver = null;
    this.comparing = false;
    this.answer = null; // the last compare answer
    this.afterReady = null; // what to do once the worker is ready (a link's comparison)
    this.setSettings(LAB_DEFAULTS);
    this.charts = new LabCharts($("lab-chart-nodes"), $("lab-chart-passes"));
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

  /** Start the lab's worker (once): a second Solver, so Cancel here leaves the game's alone. */
  start() {
    if (this.solver) return;
    this.status("Loading the lab's Python…");
    this.solver = new Solver({
      onLoading: (text) => this.status(this.restarting ? `Cancelled. Restarting the lab's worker: ${text}` : text),
      onReady: () => {
        this.status(this.restarting ? "Cancelled. Lab ready again." : "Lab ready.");
        this.restarting = false;
        this.loadCases();
        const then = this.afterReady;
        this.afterReady = null;
        if (then) then();
        else if (this.view === "heuristic") this.explain();
      },
      onFailed: (error) => this.status(`The lab could not start: ${error}.`),
    });
  }

  request(action, args, onProgress) {
    this.start();
    return this.solver.request(action, args, onProgress);
  }

  status(text) {
    this.$("lab-status").textContent = text;
  }

  // ---------------------------------------------------------------- opening, tabs, settings

  /** Open the lab (from a link or a click) on a view, with a link's settings; a link's
   *  compare view runs the comparison once the worker is ready. */
  open(link) {
    if (!link) return;
    this.setSettings({ ...LAB_DEFAULTS, ...Object.fromEntries(Object.entries(link).filter(([, v]) => v !== null)) });
    if (!link.view) return;
    this.root.closest("details").open = true;
    this.show(link.view);
    if (link.view === "compare") this.whenReady(() => this.compare());
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
    for (const box of this.root.querySelectorAll('input[name="lab-algorithm"]')) box.checked = s.algorithms.includes(box.value);
    for (const box of this.root.querySelectorAll('input[name="lab-heuristic"]')) box.checked = s.heuristics.includes(box.value);
    $("lab-weight").value = s.weight;
    $("lab-time").value = s.timeLimit;
    $("lab-nodes").value = s.maxNodes;
  }

  settings() {
    const $ = this.$;
    const ticked = (name) => [...this.root.querySelectorAll(`input[name="${name}"]:checked`)].map((b) => b.value);
    const number = (id, fallback) => (($(id).value.trim() === "") ? fallback : Number($(id).value));
    return { algorithms: ticked("lab-algorithm"), heuristics: ticked("lab-heuristic"),
      weight: number("lab-weight", LAB_DEFAULTS.weight), timeLimit: number("lab-time", LAB_DEFAULTS.timeLimit),
      maxNodes: number("lab-nodes", LAB_DEFAULTS.maxNodes) };
  }

  /** What the link carries: the view (compare or step, when the lab is open) and the
   *  settings that differ from the defaults; null when there is nothing to say. */
  linkSettings() {
    const open = this.root.closest("details").open;
    const s = this.settings();
    const link = { view: open && ["compare", "step"].includes(this.view) ? this.view : null };
    for (const key of Object.keys(LAB_DEFAULTS)) {
      const same = JSON.stringify(s[key]) === JSON.stringify(LAB_DEFAULTS[key]);
      link[key] = same ? null : s[key];
    }
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
    this.status("Running the comparison…");
    const t0 = performance.now();
    try {
      const r = await this.request("compare", args, (p) => {
        if (p.phase === "databases") return this.status(databaseText(p));
        progress.max = p.total;
        progress.value = p.done;
        rows.push(p.row);
        this.showTable(args.board, rows);
        this.status(`${p.done} of ${p.total} runs done (last: ${p.row.algorithm}${p.row.heuristic ? `, ${p.row.heuristic}` : ""}).`);
      });
      if (!r.ok) return this.status(`Cannot compare: ${r.error}`);
      if (!r.solvable) return this.status(`This board is unsolvable: ${r.reason.replace(/^unsolvable:\s*/i, "")}`);
      this.answer = r;
      this.showTable(r.start, r.rows);
      const wall = ((performance.now() - t0) / 1000).toFixed(2);
      this.status(`Compared ${r.rows.length} run${r.rows.length === 1 ? "" : "s"} in ${wall} s.`);
      $("lab-table").dataset.seconds = wall;
      $("lab-charts").hidden = false;
      await this.charts.draw(r.rows);
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(`The comparison failed: ${e.message}`);
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
    this.status("Cancelled. Restarting the lab's worker…");
    this.setComparing(false);
  }

  showTable(board, rows) {
    const $ = this.$;
    const table = $("lab-table");
    table.hidden = false;
    const columns = Object.keys(COLUMN_TITLES);
    $("lab-caption").textContent = `${rows.length} run${rows.length === 1 ? "" : "s"} on ${board}`;
    const head = document.createElement("tr");
    for (const c of columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = COLUMN_TITLES[c];
      th.dataset.column = c;
      head.append(th);
    }
    table.tHead.replaceChildren(head);
    const body = table.tBodies[0];
    body.replaceChildren(...rows.map((row) => {
      const tr = document.createElement("tr");
      columns.forEach((c, i) => {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) cell.scope = "row";
        cell.dataset.column = c;
        cell.textContent = shown(row, c);
        tr.append(cell);
      });
      return tr;
    }));
  }

  downloadCsv() {
    if (!this.answer) return;
    const blob = new Blob([this.answer.csv], { type: "text/csv" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `compare-${this.answer.start.replace(/[^0-9a-z]+/gi, "-").slice(0, 60)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async copyMarkdown() {
    if (!this.answer) return;
    const text = this.answer.markdown;
    const field = this.$("lab-markdown-text");
    field.value = text;
    try {
      await navigator.clipboard.writeText(text);
      this.status("The table was copied as Markdown.");
    } catch {
      field.hidden = false;
      field.select();
      this.status("Copy the Markdown below (the browser did not allow copying).");
    }
  }

  // ---------------------------------------------------------------- the heuristic, the cases

  async explain() {
    const $ = this.$;
    const heuristic = $("lab-explain-heuristic").value;
    try {
      const r = await this.request("explain", { ...this.problem(), heuristic });
      if (!r.ok) return $("lab-explain").replaceChildren(r.error);
      const width = Number(r.start.split("x")[0]);
      drawExplained($("lab-explain"), r, width);
      if (this.descriptions) $("lab-explain-about").textContent = this.descriptions.heuristics[heuristic] || "";
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(`Explaining failed: ${e.message}`);
    }
  }

  async loadCases() {
    if (this.cases) return;
    let r;
    try {
      r = await this.request("cases", {});
    } catch (e) {
      if (!(e instanceof CancelledError)) this.status(`Loading the course cases failed: ${e.message}`);
      return; // asked again when the worker is next ready
    }
    this.cases = r.cases;
    this.descriptions = { algorithms: r.algorithms, heuristics: r.heuristics };
    for (const [name, text] of Object.entries(r.algorithms)) {
      const box = this.root.querySelector(`input[name="lab-algorithm"][value="${name}"]`);
      if (box) box.parentElement.title = text;
    }
    for (const [name, text] of Object.entries(r.heuristics)) {
      const box = this.root.querySelector(`input[name="lab-heuristic"][value="${name}"]`);
      if (box) box.parentElement.title = text;
    }
    const list = this.$("lab-case-list");
    list.replaceChildren(...r.cases.map((c) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${c.name}: ${c.board.split(":")[0]}${c.wrap ? ` wrapped ${c.wrap}` : ""}, ` +
        (c.optimal === null ? "unsolvable" : `optimal ${c.optimal} moves`);
      button.addEventListener("click", () => this.useCase(c));
      const title = document.createElement("span");
      title.className = "lab-note";
      title.textContent = ` ${c.title}${c.note ? ` (${c.note})` : ""}`;
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
  if (p.failed) return `Could not load the pattern databases: ${p.failed}`;
  if (p.unpacking) return `Unpacking pattern databases (${p.unpacking})…`;
  return `Loading pattern databases ${(p.loaded / 1e6).toFixed(1)} / ${(p.total / 1e6).toFixed(1)} MB`;
}

/** A cell as the CLI's table shows it (npuzzle.lab.shown's rules). */
function shown(row, column) {
  const value = row[column];
  if (value === null || value === undefined) return "-";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (column === "seconds") return value.toFixed(4);
  if (column === "ebf") return value.toFixed(3);
  if (column === "algorithm" && row.weight !== null && row.weight !== undefined) return `${value} (w=${row.weight})`;
  return String(value);
}
