// The study lab's markup and its words: the tabs, the Compare view's settings, run panel
// and charts, the Step and heuristic views, the course cases, and the board the lab works
// on (lab_game.js keeps it in step with the game).  lab.js builds the lab from it.
//
// The markup's English is its own (i18n.readEnglish); the names of algorithms and heuristics
// are the package's, by their code (data-code, lab_table.js's nameAll).

import { register } from "../languages/i18n.js";
import { LAB_GAME_MARKUP } from "./lab_game.js";
import { runPanelMarkup } from "./lab_run.js";
import { STUDY_MARKUP } from "./lab_study.js";
import {
  LAB_ALGORITHMS,
  LAB_HEURISTICS,
  MAX_NODES_RANGE,
  TIME_LIMIT_RANGE,
  WEIGHT_RANGE,
} from "../generated/shared.js";

/** The lab's views, in the tabs' order. */
export const VIEWS = ["compare", "study", "step", "heuristic", "cases"];

register({
  en: {
    "lab.s.loading": "Loading the lab's Python…",
    "lab.s.restarting": "Cancelled. Restarting the lab's worker: {text}",
    "lab.s.cases_failed": "Loading the course cases failed: {error}",
    "lab.s.ready": "Lab ready.",
    "lab.s.ready_again": "Cancelled. Lab ready again.",
    "lab.s.failed": "The lab could not start: {error}.",
    "lab.s.running": "Running the comparison…",
    "lab.s.done_row": "{done} of {total} runs done (last: {run}).",
    "lab.s.cannot": "Cannot compare: {error}",
    "lab.s.compared.one": "Compared {n} run in {seconds} s.",
    "lab.s.compared.other": "Compared {n} runs in {seconds} s.",
    "lab.s.failed_compare": "The comparison failed: {error}",
    "lab.s.cancelled": "Cancelled. Restarting the lab's worker…",
    "lab.s.explain_failed": "Explaining failed: {error}",
    "lab.caption.one": "{n} run on {board}",
    "lab.caption.other": "{n} runs on {board}",
  },
  zh: {
    "lab.title": "学习实验室",
    "lab.intro":
      "在游戏的棋盘（下方，可在此换尺寸）上重做课程报告中的实验：A* 与 IDA* 配合不同的启发函数，统计、单步执行并画出来，所用的 Python 代码与命令行的 npuzzle compare 相同。",
    "lab.views": "实验室视图",
    "lab.tab.compare": "比较",
    "lab.tab.study": "多棋盘研究",
    "lab.tab.step": "单步执行",
    "lab.tab.heuristic": "棋盘上的启发函数",
    "lab.tab.cases": "课程案例",
    "lab.algorithms": "算法",
    "lab.heuristics": "启发函数",
    "lab.budget": "每次运行的预算",
    "lab.weight": "权重 w（加权搜索）",
    "lab.time": "每次运行的时间上限（秒）",
    "lab.nodes": "每次运行的节点上限（扩展节点数）",
    "lab.comparison": "比较",
    "lab.run": "运行比较",
    "lab.runs_done": "已完成的运行",
    "lab.table_label": "比较表（可横向滚动）",
    "lab.chart_nodes": "每次运行的扩展节点数（对数坐标；红色：被预算停止）。",
    "lab.chart_passes": "IDA*：每一轮的阈值与该轮扩展的节点数（对数坐标）。每一轮重复上一轮并再深入一点。",
    "lab.algorithm": "算法",
    "lab.heuristic": "启发函数",
    "lab.restart": "重新开始",
    "lab.stepping": "单步",
    "lab.back": "后退",
    "lab.step": "单步",
    "lab.run_steps": "连续运行",
    "lab.pause": "暂停",
    "lab.tree_label": "搜索树（可横向滚动）",
    "lab.explain": "要解释的启发函数",
    "lab.cases_intro": "课程报告中的棋盘。选择一个即可放到棋盘上，并用上面的设置运行比较。",
    "lab.s.loading": "正在加载实验室的 Python…",
    "lab.s.restarting": "已取消。正在重启实验室的 Worker：{text}",
    "lab.s.cases_failed": "加载课程案例失败：{error}",
    "lab.s.ready": "实验室已就绪。",
    "lab.s.ready_again": "已取消。实验室再次就绪。",
    "lab.s.failed": "实验室无法启动：{error}。",
    "lab.s.running": "正在运行比较…",
    "lab.s.done_row": "已完成 {done} / {total} 次运行（最近：{run}）。",
    "lab.s.cannot": "无法比较：{error}",
    "lab.s.compared.one": "在 {seconds} 秒内比较了 {n} 次运行。",
    "lab.s.compared.other": "在 {seconds} 秒内比较了 {n} 次运行。",
    "lab.s.failed_compare": "比较失败：{error}",
    "lab.s.cancelled": "已取消。正在重启实验室的 Worker…",
    "lab.s.explain_failed": "解释失败：{error}",
    "lab.caption.one": "在 {board} 上的 {n} 次运行",
    "lab.caption.other": "在 {board} 上的 {n} 次运行",
  },
});

const checkboxes = (name, values, kind) =>
  values
    .map(
      (value) =>
        `<label class="lab-check"><input type="checkbox" name="${name}" value="${value}"> <span data-code="lab.${kind}.${value}"></span></label>`,
    )
    .join("");
const options = (values, kind) =>
  values.map((v) => `<option value="${v}" data-code="lab.${kind}.${v}"></option>`).join("");

/** The lab's markup, English. */
export const MARKUP = `
<h2 id="lab-title" data-i18n="lab.title">Study lab</h2>
<p class="lab-intro" data-i18n="lab.intro">The course reports' experiments on the game's board (below, its size to switch here): A* and IDA* with different heuristics, counted, stepped through and pictured, by the same Python code as the command line's npuzzle compare.</p>
${LAB_GAME_MARKUP}
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
${runPanelMarkup("lab", {
  toolbar: ["lab.comparison", "Comparison"],
  run: ["lab.run", "Run comparison"],
  progress: ["lab.runs_done", "Runs done"],
  table: ["lab.table_label", "Comparison table (scrolls sideways)"],
  wrap: "lab-table-wrap",
})}
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
