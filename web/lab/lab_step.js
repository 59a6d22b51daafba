// The study lab's step-through: a search one event at a time (npuzzle.api's step_start and
// step_next), kept in a history so Back works, with the node taken, its f = g + h, A*'s
// open list and closed set, IDA*'s threshold, path and cut-offs, and the first levels of
// the search tree (api.tree) drawn as SVG.  Every step is a request to the lab's worker,
// so the page never waits; Run asks for RUN_BATCH events a request.

import { drawBoard } from "./lab_board.js";
import { message } from "./lab_table.js";
import { parseBoardId } from "../game/rules.js";
import { t } from "../languages/i18n.js";

const RUN_BATCH = 20; // events a request while running
const RUN_PAUSE = 250; // ms between requests while running, so each can be seen
const TREE_LEVELS = 3;
const CUTOFFS_SHOWN = 8;

const el = (tag, attrs = {}, text = null) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
};
const path = (moves) => (moves ? moves : t("step.start"));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** f as this search adds it up: g + h (A*, IDA*), g + w·h (the weighted ones), h (greedy). */
function fSum(e, algorithm, weight) {
  if (algorithm === "greedy") return t("lab.step.f_greedy", { h: e.h });
  if (algorithm.startsWith("weighted")) return t("lab.step.f_weighted", { g: e.g, h: e.h, f: e.f, w: String(weight) });
  return t("step.fgh", { g: e.g, h: e.h, f: e.f });
}

/** The board a node holds, in words: the start, or the board after its moves. */
const boardAt = (moves) => (moves ? t("lab.step.board_after", { moves }) : t("lab.step.board_start"));

/** One sentence for an event, in a teacher's words (the search, the board, why), the one
 *  announced to screen readers.  @param {number} [weight]  the weighted searches' w */
export function describe(e, algorithm, weight = 2) {
  const fgh = e.g === undefined ? "" : fSum(e, algorithm, weight); // events without a node have no f
  const search = message(`lab.algorithm.${algorithm}`);
  const board = boardAt(e.moves);
  switch (e.type) {
    case "iteration":
      return t("step.iteration", { iteration: e.iteration, threshold: e.threshold });
    case "iteration_end":
      return t("step.iteration_end", { iteration: e.iteration, next: e.next_threshold });
    case "cutoff":
      return t("lab.step.cutoff", { search, board, fgh, threshold: e.threshold });
    case "goal":
      return t("step.goal", { id: e.id ?? "", length: e.length, moves: e.moves });
    case "stopped":
      return t("step.stopped", { why: message(`lab.stopped.${e.why}`), nodes: e.nodes_expanded });
    case "expand":
      if (algorithm === "bfs") return t("lab.step.bfs", { board, depth: e.moves.length, queue: e.queue_size });
      if (e.threshold !== undefined) return t("lab.step.ida", { search, board, fgh, threshold: e.threshold });
      return t("lab.step.take", { search, board, fgh, open: e.open_size, closed: e.closed_size });
    default:
      return e.type;
  }
}

export class StepView {
  /**
   * @param {import("../game/element.js").Finder} $
   * @param {{ask: import("../solver/ask.js").Asking, problem: () => object,
   *   settings: () => object, say: (text: string) => void}} o  ask: the lab's first worker
   */
  constructor($, { ask, problem, settings, say }) {
    this.$ = $;
    this.ask = ask;
    this.problem = problem;
    this.settings = settings;
    this.say = say;
    this.reset();
    $("lab-step-back").addEventListener("click", () => this.back());
    $("lab-step-step").addEventListener("click", () => this.step());
    $("lab-step-run").addEventListener("click", () => this.run());
    $("lab-step-pause").addEventListener("click", () => this.pause());
    $("lab-step-restart").addEventListener("click", () => {
      this.reset();
      this.step();
    });
    for (const id of ["lab-step-algorithm", "lab-step-heuristic"]) $(id).addEventListener("change", () => this.reset());
  }

  /** Forget the session (a new board, algorithm or worker). */
  reset() {
    if (this.session) this.ask("step_stop", { session: this.session }); // its outcome does not matter
    this.session = null;
    this.key = null; // what the session is about: board and choices
    this.history = [];
    this.at = -1;
    this.done = false;
    this.running = false;
    this.pending = false;
    this.queued = 0;
    this.treeKey = null;
    this.generation = (this.generation || 0) + 1; // answers to an older session are dropped
    if (this.$("lab-step-now")) this.render();
  }

  choices() {
    return {
      ...this.problem(),
      algorithm: this.$("lab-step-algorithm", HTMLSelectElement).value,
      heuristic: this.$("lab-step-heuristic", HTMLSelectElement).value,
      weight: this.settings().weight,
    };
  }

  /** The next n events (from the history if we stepped back, else from the worker). */
  async forward(n) {
    if (this.at < this.history.length - 1) {
      this.at = Math.min(this.history.length - 1, this.at + n);
      return this.render();
    }
    if (this.pending) {
      this.queued += n; // Step pressed again before the answer came: asked for once it has
      return;
    }
    if (this.done) return;
    const args = this.choices();
    const key = JSON.stringify(args);
    if (key !== this.key) this.reset();
    this.pending = true;
    const generation = this.generation;
    const outcome = this.session
      ? await this.ask("step_next", { session: this.session, n })
      : await this.ask("step_start", { ...args, n });
    this.pending = false;
    if (generation !== this.generation) return;
    if (outcome.kind !== "answer") {
      this.running = false;
      if (outcome.kind === "bad-input") this.say(t("step.cannot", { error: outcome.message }));
      if (outcome.kind === "failed") this.say(t("step.failed", { error: outcome.message }));
      return;
    }
    const r = outcome.reply;
    this.key = key;
    this.session = r.done ? null : r.session;
    this.done = r.done;
    this.history.push(...r.events);
    this.at = this.history.length - 1;
    this.render();
    if (this.queued && !this.running) {
      const more = this.queued;
      this.queued = 0;
      await this.forward(more);
    }
  }

  step() {
    this.running = false;
    return this.forward(1);
  }

  back() {
    this.running = false;
    if (this.at > 0) this.at -= 1;
    this.render();
  }

  async run() {
    if (this.running) return;
    this.running = true;
    this.at = this.history.length - 1;
    this.buttons();
    while (this.running && !this.done) {
      await this.forward(RUN_BATCH);
      if (this.running && !this.done) await sleep(RUN_PAUSE);
    }
    this.running = false;
    this.buttons();
  }

  pause() {
    this.running = false;
    this.buttons();
  }

  buttons() {
    const $ = this.$;
    $("lab-step-back", HTMLButtonElement).disabled = this.at <= 0;
    $("lab-step-step", HTMLButtonElement).disabled = this.done && this.at >= this.history.length - 1;
    $("lab-step-run", HTMLButtonElement).disabled = this.running || this.done;
    $("lab-step-pause", HTMLButtonElement).disabled = !this.running;
  }

  render() {
    const $ = this.$;
    this.buttons();
    const e = this.history[this.at];
    const now = $("lab-step-now");
    const details = $("lab-step-details");
    details.replaceChildren();
    if (!e) {
      now.textContent = t("step.press");
      $("lab-step-tree").replaceChildren();
      return;
    }
    const { algorithm, weight } = JSON.parse(this.key || "{}"); // the session's choices
    const sentence = describe(e, algorithm, weight);
    now.textContent = `${this.at + 1}. ${sentence}`;
    if (!this.running) this.say(sentence);
    const facts = el("dl", { class: "lab-facts" });
    const fact = (name, value, id) => {
      if (value === undefined || value === null) return;
      facts.append(el("dt", {}, name), el("dd", id ? { id } : {}, String(value)));
    };
    fact(t("step.g"), e.g, "lab-step-g");
    fact(t("step.h"), e.h, "lab-step-h");
    fact(t("step.f"), e.f, "lab-step-f");
    fact(t("step.threshold"), e.threshold);
    fact(t("step.path"), e.moves === undefined ? undefined : path(e.moves), "lab-step-path");
    fact(t("step.open"), e.open_size);
    fact(t("step.closed"), e.closed_size, "lab-step-closed");
    fact(t("step.expanded"), e.nodes_expanded);
    fact(t("step.generated"), e.nodes_generated);
    details.append(facts);
    const [width] = parseBoardId(this.problem().board);
    if (e.board) details.append(drawBoard(e.board, width, t("step.board", { path: path(e.moves) })));
    if (e.open_top?.length) details.append(openTable(e.open_top));
    const cutoffs = this.recentCutoffs();
    if (cutoffs.length) {
      const list = el("ul", { class: "lab-cutoffs", "aria-label": t("step.cutoffs") });
      for (const c of cutoffs)
        list.append(el("li", {}, `${path(c.moves)}: f = ${c.g} + ${c.h} = ${c.f} > ${c.threshold}`));
      details.append(el("p", { class: "lab-note" }, t("step.cutoffs_title")), list);
    }
    this.drawTree(e);
  }

  /** IDA*'s cut-offs in the current pass, up to the event shown, latest first. */
  recentCutoffs() {
    const found = [];
    for (let i = this.at; i >= 0 && found.length < CUTOFFS_SHOWN; i--) {
      const e = this.history[i];
      if (e.type === "iteration") break;
      if (e.type === "cutoff") found.push(e);
    }
    return found;
  }

  /** The tree's first levels: A*'s after the expansions so far, IDA*'s for the current pass. */
  async drawTree(e) {
    const args = JSON.parse(this.key);
    if (args.algorithm === "bfs") return this.$("lab-step-tree").replaceChildren();
    const ida = args.algorithm.includes("idastar");
    const iteration = ida ? this.history.slice(0, this.at + 1).filter((x) => x.type === "iteration").length || 1 : 1;
    const steps = ida ? 0 : (e.step ?? this.history.slice(0, this.at + 1).filter((x) => x.type === "expand").length);
    // A finished search's tree: its first levels, then the solution's path down to the goal.
    const path = e.type === "goal" ? { path: e.moves, steps: steps + 1 } : {};
    const treeArgs = { ...args, levels: TREE_LEVELS, steps, iteration, ...path };
    const key = JSON.stringify(treeArgs);
    if (key === this.treeKey) return this.markCurrent(e);
    this.treeKey = key;
    delete treeArgs.n;
    const outcome = await this.ask("tree", treeArgs);
    if (outcome.kind === "failed") this.say(t("step.tree_failed", { error: outcome.message }));
    if (key !== this.treeKey || outcome.kind === "cancelled" || outcome.kind === "failed") return;
    const into = this.$("lab-step-tree");
    if (outcome.kind === "bad-input") return into.replaceChildren(el("p", {}, outcome.message));
    const r = outcome.reply;
    const note =
      e.type === "goal" ? t("lab.tree_finished", { levels: r.levels, length: e.length }) : treeNote(r, ida, steps);
    into.replaceChildren(treeSvg(r), el("p", { class: "lab-note" }, note + leftOutNote(r)));
    this.markCurrent(e);
  }

  markCurrent(e) {
    const svg = this.$("lab-step-tree").querySelector("svg");
    if (!svg) return;
    for (const g of svg.querySelectorAll(".current")) g.classList.remove("current");
    const node = e.id !== undefined && svg.querySelector(`[data-id="${e.id}"]`);
    if (node) node.classList.add("current");
  }
}

function openTable(top) {
  const table = el("table", { class: "lab-open" });
  table.append(el("caption", {}, t("step.open_top")));
  const head = el("tr");
  for (const name of [t("step.node"), "f", "g", "h", t("step.path")]) head.append(el("th", { scope: "col" }, name));
  table.appendChild(el("thead")).append(head);
  const body = table.appendChild(el("tbody"));
  for (const n of top) {
    const tr = el("tr");
    for (const v of [n.id, n.f, n.g, n.h, path(n.moves)]) tr.append(el("td", {}, String(v)));
    body.append(tr);
  }
  return table;
}

function treeNote(r, ida, steps) {
  const base = ida
    ? t("step.tree_ida", { threshold: r.threshold, levels: r.levels })
    : t(`step.tree_astar.${steps === 1 ? "one" : "other"}`, { n: steps, levels: r.levels });
  return base + t("step.tree_each");
}

/** How many nodes the search made that the tree leaves out (the "+N" under the nodes). */
const leftOut = (r) => r.nodes.reduce((sum, n) => sum + (n.hidden || 0), 0);
const plural = (key, n) => t(`${key}.${n === 1 ? "one" : "other"}`, { n });
const leftOutNote = (r) => (leftOut(r) ? plural("step.tree_left_out", leftOut(r)) : "");

const SVG = "http://www.w3.org/2000/svg";
const svgEl = (tag, attrs = {}, text = null) => {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
};

/** The tree as SVG: leaves side by side in the order generated, each parent over its children. */
export function treeSvg(r) {
  const W = 58,
    H = 64,
    R = 22;
  const children = new Map();
  const byId = new Map(r.nodes.map((n) => [n.id, n]));
  const roots = [];
  for (const n of r.nodes) {
    if (n.parent === null || !byId.has(n.parent)) roots.push(n);
    else children.set(n.parent, [...(children.get(n.parent) || []), n]);
  }
  const x = new Map();
  let next = 0;
  const place = (n) => {
    const kids = children.get(n.id) || [];
    if (!kids.length) x.set(n.id, next++);
    else {
      kids.forEach(place);
      x.set(n.id, (x.get(kids[0].id) + x.get(kids[kids.length - 1].id)) / 2);
    }
  };
  roots.forEach(place);
  const depth = Math.max(0, ...r.nodes.map((n) => n.g));
  const width = Math.max(1, next) * W,
    height = (depth + 1) * H;
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: "lab-tree",
    role: "img",
    "aria-label":
      t("step.tree_label", { n: r.nodes.length, depth }) +
      (leftOut(r) ? plural("step.tree_label_left_out", leftOut(r)) : ""),
  });
  const cx = (n) => x.get(n.id) * W + W / 2,
    cy = (n) => n.g * H + R + 4;
  for (const n of r.nodes) {
    const p = byId.get(n.parent);
    const edge = n.on_path && p?.on_path ? "edge path" : "edge"; // the solution's path, marked
    if (p) svg.append(svgEl("line", { x1: cx(p), y1: cy(p), x2: cx(n), y2: cy(n), class: edge }));
  }
  for (const n of r.nodes) {
    const g = svgEl("g", { class: `node ${n.status.replace(/ /g, "-")}${n.on_path ? " path" : ""}`, "data-id": n.id });
    g.append(
      svgEl(
        "title",
        {},
        t("step.node_title", {
          id: n.id,
          status: message(`lab.status.${n.status}`),
          g: n.g,
          h: n.h ?? "?",
          f: n.f ?? "?",
        }) + (n.hidden ? plural("step.node_hidden", n.hidden) : ""),
      ),
    );
    g.append(svgEl("circle", { cx: cx(n), cy: cy(n), r: R }));
    g.append(svgEl("text", { x: cx(n), y: cy(n) - 4 }, n.move || t("step.root")));
    if (n.f !== null && n.f !== undefined)
      g.append(svgEl("text", { x: cx(n), y: cy(n) + 11, class: "f" }, `${n.g}+${n.h}`));
    svg.append(g);
    // the nodes left out below this one, under its circle, beside the edge going down
    if (n.hidden)
      svg.append(
        svgEl("text", { x: cx(n) + 4, y: cy(n) + R + 12, class: "left-out", "data-below": n.id }, `+${n.hidden}`),
      );
  }
  return svg;
}
