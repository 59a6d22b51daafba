// The study lab in the page: compare algorithms x heuristics on the board (a table, CSV,
// Markdown, charts), study them over many boards (lab_study.js), step through a search,
// see the heuristic on the board, and load the course reports' boards.  Everything is
// computed by npuzzle.api in the lab's own workers (a Pool of its own, started when the
// lab is first opened: one worker, and as many as the game's for a study), so a long
// comparison never holds up the game's solver, and Cancel restarts only the lab's workers.
//
// The lab's settings travel in the link (address.js: lab=compare|study|step, algorithms,
// heuristics, weight, time, nodes; a study's size, count, depths, seed or boards).  The
// address bar keeps them (link.js asks linkSettings()), so a reload opens the lab again as
// it was, and runs nothing: only a link made by "Link to this comparison" (or study)
// carries run=1, and only such a link runs the lab when it opens.

import { Solver } from "../solver/solver.js";
import { Pool, defaultWorkers } from "../solver/pool.js";
import { ask } from "../solver/ask.js";
import { parseBoardId, parseProblem } from "../game/rules.js";
import { databaseText, unsolvable } from "../game/status.js";
import { LabCharts } from "./lab_charts.js";
import { StepView } from "./lab_step.js";
import { StudyView } from "./lab_study.js";
import { drawExplained } from "./lab_board.js";
import { nameAll, skipped } from "./lab_table.js";
import { RunPanel, RunTicker } from "./lab_run.js";
import { listCases } from "./lab_cases.js";
import { LabGame } from "./lab_game.js";
import { MARKUP, VIEWS } from "./lab_markup.js";
import { number, pythonText, t, translate } from "../languages/i18n.js";
import { LAB_COLUMNS, LAB_MAX_NODES, LAB_TIME_LIMIT, LAB_WEIGHT } from "../generated/shared.js";
import { finder } from "../game/element.js";

// The budget's defaults are the package's (npuzzle.lab); the names ticked at first are the page's.
export const LAB_DEFAULTS = {
  algorithms: ["astar", "idastar"],
  heuristics: ["misplaced", "manhattan"],
  weight: LAB_WEIGHT,
  timeLimit: LAB_TIME_LIMIT,
  maxNodes: LAB_MAX_NODES,
};
const LINKED_VIEWS = ["compare", "study", "step"]; // the views a link opens
const SETTINGS_VIEWS = ["compare", "study"]; // the views that show the algorithms, heuristics and budget

export class Lab {
  /**
   * @param {HTMLElement} root  the lab's (empty) section
   * @param {{problem: () => {board: string, goal: string, wrap: string}, load: (problem: object) => void, changed: () => void,
   *   workers?: () => number, linkTo?: (lab: object) => string, sizeMenu?: HTMLSelectElement | null}} o
   *   problem(): the game's {board, goal, wrap}; load(): put a problem on the board;
   *   changed(): the lab's link settings changed; workers(): the workers a study uses
   *   (the game's pool's size; default pool.js's defaultWorkers); linkTo(lab): the link to
   *   the game's board with these lab settings (link.js); sizeMenu: the game's Size menu
   */
  constructor(
    root,
    { problem, load, changed, workers = defaultWorkers, linkTo = () => location.href, sizeMenu = null },
  ) {
    this.root = root;
    this.problem = problem;
    this.load = load;
    this.changed = changed;
    this.linkTo = linkTo;
    root.innerHTML = MARKUP;
    translate(root);
    nameAll(root);
    const $ = finder(root);
    this.$ = $;
    this.view = null; // the tab shown, once the lab is open
    this.solver = null;
    this.afterReady = null; // what to do once the worker is ready (a link's comparison)
    this.setSettings(LAB_DEFAULTS);
    const status = (text) => this.status(text);
    this.charts = new LabCharts($("lab-chart-nodes"), $("lab-chart-passes"), status);
    this.game = new LabGame($, { problem, sizeMenu }); // drawn while the lab is open
    this.panel = new RunPanel($, "lab", {
      run: () => this.compare(),
      cancel: () => this.cancel(),
      status,
      fileName: () => `compare-${this.panel.answer.start.replace(/[^0-9a-z]+/gi, "-").slice(0, 60)}.csv`,
    });
    this.studyView = new StudyView($, {
      ask: (action, args, onProgress) => this.ask(action, args, onProgress),
      pool: () => this.solver,
      workers,
      settings: () => this.settings(),
      status,
      changed,
      cancel: () => this.cancel(),
    });
    this.steps = new StepView($, {
      ask: (action, args) => this.ask(action, args),
      problem,
      settings: () => this.settings(),
      say: (text) => {
        $("lab-step-said").textContent = text;
      },
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
    $("lab-link").addEventListener("click", () => this.panel.offerLink(this.runLink("compare")));
    $("lab-study-link").addEventListener("click", () => this.studyView.panel.offerLink(this.runLink("study")));
    $("lab-settings").addEventListener("change", () => changed());
    $("lab-settings").addEventListener("submit", (event) => event.preventDefault());
    $("lab-explain-heuristic").addEventListener("change", () => this.explain());
    this.show("compare", { quiet: true });
    root.closest("details").addEventListener("toggle", () => {
      if (root.closest("details").open) {
        this.game.show();
        this.show(this.view);
      } else changed();
    });
  }

  // ---------------------------------------------------------------- the worker

  /** Start the lab's workers (once): a Pool of its own, of one worker until a study asks
   *  for more, so Cancel here leaves the game's alone. */
  start() {
    if (this.solver) return;
    this.status(t("lab.s.loading"));
    this.solver = new Pool(
      {
        onWorkers: (count) => {
          // a helper is ready: it takes a board
          this.root.dataset.workers = String(count); // for tools and tests
          this.studyView.workersChanged();
        },
        onLoading: (text, step) => {
          const said = () => (step ? t(`loading.${step}`) : text); // the worker's step, worded by status.js
          this.status(this.restarting ? () => t("lab.s.restarting", { text: said() }) : said);
        },
        onReady: () => {
          // (a helper joining a running study is no news: the run's progress stays on the line)
          if (!this.busy()) this.status(this.restarting ? t("lab.s.ready_again") : t("lab.s.ready"));
          this.restarting = false;
          this.loadCases();
          const then = this.afterReady;
          this.afterReady = null;
          if (then) then();
          else if (this.view === "heuristic") this.explain();
        },
        onFailed: (error) => this.status(t("lab.s.failed", { error })),
      },
      1,
      (handlers) => new Solver({ ...handlers, role: "lab" }),
    );
  }

  /** The outcome of a request to the lab's first worker (ask.js), the workers started if need be.
   *  @type {import("../solver/ask.js").Asking} */
  ask(action, args, onProgress) {
    this.start();
    return ask(this.solver, action, args, onProgress);
  }

  /** Whether a comparison or a study is running. */
  busy() {
    return this.panel.running || this.studyView.panel.running;
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
    if (this.isOpen()) this.game.show();
    if (this.said) this.status(this.said);
    if (this.shownTable) this.showTable(...this.shownTable);
    if (this.descriptions) this.describe();
    if (this.cases) this.listCases();
    if (this.explained) drawExplained(this.$("lab-explain"), this.explained, parseBoardId(this.explained.start)[0]);
    this.steps.treeKey = null; // the tree's note is drawn again too
    this.steps.render();
    if (this.panel.answer && !this.$("lab-charts").hidden)
      this.charts.draw(
        this.panel.answer.rows.filter((row) => !skipped(row)),
        this.panel.answer.start,
      );
    this.studyView.relabel();
  }

  // ---------------------------------------------------------------- opening, tabs, settings

  /** Open the lab (from a link or a reload) on a view, with a link's settings.  Only a
   *  link that says run=1 runs its comparison or study, once the worker is ready: the
   *  address of a game with the lab open reopens the lab and runs nothing. */
  open(link) {
    if (!link) return;
    const { run, ...settings } = link;
    this.setSettings({
      ...LAB_DEFAULTS,
      ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null)),
    });
    this.studyView.set(link);
    if (!link.view) return;
    this.root.closest("details").open = true;
    this.show(link.view);
    // A link that runs the lab shows it at once, and its result, with the focus, when it ends.
    if (run && SETTINGS_VIEWS.includes(link.view)) this.root.scrollIntoView({ block: "start" });
    if (run && link.view === "compare") this.whenReady(() => this.compare({ reveal: true }));
    if (run && link.view === "study") this.whenReady(() => this.studyView.run({ reveal: true }));
    if (link.view === "step") this.steps.reset();
  }

  /** The link that opens the game's board with the lab's settings on a view and runs it (run=1). */
  runLink(view) {
    return this.linkTo({ ...this.linkSettings(view), run: true });
  }

  isOpen() {
    return this.root.closest("details").open;
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
      this.$("lab-step-algorithm", HTMLSelectElement).value = s.algorithms[0] || "astar";
      this.$("lab-step-heuristic", HTMLSelectElement).value = s.heuristics[0] || "manhattan";
      this.steps.render();
    }
    this.changed();
  }

  /** The board changed (a move, a new game): the lab's copy shows it, pictures of the old one go. */
  boardChanged() {
    if (this.isOpen()) this.game.show(); // (not on every move of a closed lab's 30x30 playback)
    this.steps.reset();
    if (this.view === "heuristic" && this.solver && this.solver.ready) this.explain();
  }

  setSettings(s) {
    const $ = this.$;
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (
      this.root.querySelectorAll('input[name="lab-algorithm"]')
    ))
      box.checked = s.algorithms.includes(box.value);
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (
      this.root.querySelectorAll('input[name="lab-heuristic"]')
    ))
      box.checked = s.heuristics.includes(box.value);
    $("lab-weight", HTMLInputElement).value = s.weight;
    $("lab-time", HTMLInputElement).value = s.timeLimit;
    $("lab-nodes", HTMLInputElement).value = s.maxNodes;
  }

  settings() {
    const $ = this.$;
    const ticked = (name) =>
      [
        .../** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll(`input[name="${name}"]:checked`)),
      ].map((b) => b.value);
    const number = (/** @type {string} */ id, /** @type {number | null} */ fallback) => {
      const text = $(id, HTMLInputElement).value;
      return text.trim() === "" ? fallback : Number(text);
    };
    return {
      algorithms: ticked("lab-algorithm"),
      heuristics: ticked("lab-heuristic"),
      weight: number("lab-weight", LAB_DEFAULTS.weight),
      timeLimit: number("lab-time", LAB_DEFAULTS.timeLimit),
      maxNodes: number("lab-nodes", LAB_DEFAULTS.maxNodes),
    };
  }

  /** What the link carries: the view (compare, study or step, when the lab is open; or
   *  the view given), the settings that differ from the defaults, and a study's own
   *  settings (all of them, so the link draws the same boards); null when there is nothing to say.
   *  @param {string | null} [view] */
  linkSettings(view = null) {
    const open = this.isOpen();
    const s = this.settings();
    const link = { view: view || (open && LINKED_VIEWS.includes(this.view) ? this.view : null) };
    for (const key of Object.keys(LAB_DEFAULTS)) {
      const same = JSON.stringify(s[key]) === JSON.stringify(LAB_DEFAULTS[key]);
      link[key] = same ? null : s[key];
    }
    if (link.view === "study") Object.assign(link, this.studyView.linkSettings());
    return Object.values(link).some((v) => v !== null) ? link : null;
  }

  // ---------------------------------------------------------------- compare

  /** Run the comparison; reveal: bring its table into view and focus it when it ends (a link's). */
  async compare({ reveal = false } = {}) {
    const { panel } = this;
    if (panel.running) return;
    const s = this.settings();
    const args = {
      ...this.problem(),
      algorithms: s.algorithms,
      heuristics: s.heuristics,
      weight: s.weight,
      time_limit: s.timeLimit,
      max_nodes: s.maxNodes,
    };
    panel.answer = null;
    panel.setRunning(true);
    this.$("lab-charts").hidden = true;
    const rows = [];
    this.showTable(args.board, rows);
    this.status(() => t("lab.s.running"));
    const t0 = performance.now();
    const ticker = new RunTicker(this.status.bind(this), args.weight);
    const outcome = await this.ask("compare", args, (p) => {
      if ("phase" in p && p.phase === "databases") return this.status(() => databaseText(p));
      if ("phase" in p && p.phase === "study") return ticker.heard(p);
      if (!("row" in p)) return; // a database being built: its rows come after
      panel.progress(p.done, p.total);
      rows.push(p.row);
      this.showTable(args.board, rows);
      if (p.done === p.total) this.status(() => t("lab.s.finishing"));
    });
    ticker.stop();
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
    this.status(() =>
      t(`lab.s.compared.${r.rows.length === 1 ? "one" : "other"}`, { n: r.rows.length, seconds: number(seconds, 2) }),
    );
    this.$("lab-table").dataset.seconds = seconds.toFixed(2);
    this.$("lab-charts").hidden = false;
    await this.charts.draw(
      r.rows.filter((row) => !skipped(row)),
      r.start,
    );
    if (reveal) panel.reveal();
  }

  cancel() {
    if (!this.solver) return;
    this.solver.cancel(); // the lab's worker is terminated and starts again
    this.restarting = true;
    this.steps.reset(); // its step sessions went with it
    this.status(() => t("lab.s.cancelled"));
    this.panel.setRunning(false);
  }

  /** The rows under their caption; once a row is a proven-optimal search (BFS, A*, IDA*
   *  with an admissible heuristic), every length equal to its length is marked. */
  showTable(board, rows) {
    this.shownTable = [board, rows];
    const proven = rows.find((row) => row.optimal); // (optimal: found by such a search)
    const caption = t(`lab.caption.${rows.length === 1 ? "one" : "other"}`, { n: rows.length, board });
    const mark = (row, column, text) =>
      column === "length" && proven && row.length === proven.length ? t("lab.shortest", { n: text }) : text;
    this.panel.showTable(LAB_COLUMNS, rows, proven ? t("lab.optimum", { caption, n: proven.length }) : caption, mark);
  }

  // ---------------------------------------------------------------- the heuristic, the cases

  async explain() {
    const $ = this.$;
    const heuristic = $("lab-explain-heuristic", HTMLSelectElement).value;
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
    const heuristic = this.$("lab-explain-heuristic", HTMLSelectElement).value;
    if (this.explained)
      this.$("lab-explain-about").textContent = about(heuristic, this.descriptions.heuristics[heuristic] || "");
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
