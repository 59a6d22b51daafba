// The study lab's markup, its words by key: the tabs, the Compare view's settings, run panel
// and charts, the Step and heuristic views, the course cases, and the board the lab works
// on (lab_game.js keeps it in step with the game).  lab.js builds the lab from it.
//
// The markup's texts are keys (data-i18n), filled by i18n.translate; the names of algorithms and heuristics
// are the package's, by their code (data-code, lab_table.js's nameAll).

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

const checkboxes = (name, values, kind) =>
  values
    .map(
      (value) =>
        `<label class="lab-check"><input type="checkbox" name="${name}" value="${value}"> <span data-code="lab.${kind}.${value}"></span></label>`,
    )
    .join("");
const options = (values, kind) =>
  values.map((v) => `<option value="${v}" data-code="lab.${kind}.${v}"></option>`).join("");

/** The lab's markup, its texts by key (translate() fills them). */
export const MARKUP = `
<h2 id="lab-title" data-i18n="lab.title"></h2>
<p class="lab-intro" data-i18n="lab.intro"></p>
${LAB_GAME_MARKUP}
<div class="lab-tabs" role="tablist" data-i18n-aria-label="lab.views">
  <button type="button" role="tab" id="lab-tab-compare" aria-controls="lab-compare" data-i18n="lab.tab.compare"></button>
  <button type="button" role="tab" id="lab-tab-study" aria-controls="lab-study" data-i18n="lab.tab.study"></button>
  <button type="button" role="tab" id="lab-tab-step" aria-controls="lab-step" data-i18n="lab.tab.step"></button>
  <button type="button" role="tab" id="lab-tab-heuristic" aria-controls="lab-heuristic" data-i18n="lab.tab.heuristic"></button>
  <button type="button" role="tab" id="lab-tab-cases" aria-controls="lab-cases" data-i18n="lab.tab.cases"></button>
</div>
<p id="lab-status" class="lab-status" role="status"></p>

<section id="lab-compare" role="tabpanel" aria-labelledby="lab-tab-compare" class="lab-panel">
  <form id="lab-settings" class="lab-settings">
    <fieldset><legend data-i18n="lab.algorithms"></legend>${checkboxes("lab-algorithm", LAB_ALGORITHMS, "algorithm")}</fieldset>
    <fieldset><legend data-i18n="lab.heuristics"></legend>${checkboxes("lab-heuristic", LAB_HEURISTICS, "heuristic")}</fieldset>
    <fieldset class="lab-numbers"><legend data-i18n="lab.budget"></legend>
      <label id="lab-weight-label"><span data-i18n="lab.weight"></span> <input id="lab-weight" type="number" min="${WEIGHT_RANGE[0]}" max="${WEIGHT_RANGE[1]}" step="0.1"></label>
      <label><span data-i18n="lab.time"></span> <input id="lab-time" type="number" min="${TIME_LIMIT_RANGE[0]}" max="${TIME_LIMIT_RANGE[1]}" step="any"></label>
      <label><span data-i18n="lab.nodes"></span> <input id="lab-nodes" type="number" min="${MAX_NODES_RANGE[0]}" max="${MAX_NODES_RANGE[1]}" step="1"></label>
    </fieldset>
  </form>
${runPanelMarkup("lab", {
  toolbar: "lab.comparison",
  run: "lab.run",
  progress: "lab.runs_done",
  table: "lab.table_label",
  wrap: "lab-table-wrap",
})}
  <div class="lab-charts" id="lab-charts" hidden>
    <figure><div class="lab-chart"><canvas id="lab-chart-nodes" role="img"></canvas></div>
      <figcaption data-i18n="lab.chart_nodes"></figcaption></figure>
    <figure><div class="lab-chart"><canvas id="lab-chart-passes" role="img"></canvas></div>
      <figcaption data-i18n="lab.chart_passes"></figcaption></figure>
  </div>
</section>

<section id="lab-study" role="tabpanel" aria-labelledby="lab-tab-study" class="lab-panel" hidden>${STUDY_MARKUP}
</section>

<section id="lab-step" role="tabpanel" aria-labelledby="lab-tab-step" class="lab-panel" hidden>
  <div class="lab-step-choices">
    <label><span data-i18n="lab.algorithm"></span> <select id="lab-step-algorithm">${options(LAB_ALGORITHMS, "algorithm")}</select></label>
    <label><span data-i18n="lab.heuristic"></span> <select id="lab-step-heuristic">${options(LAB_HEURISTICS, "heuristic")}</select></label>
    <button type="button" id="lab-step-restart" data-i18n="lab.restart"></button>
  </div>
  <div class="controls" role="toolbar" data-i18n-aria-label="lab.stepping">
    <button type="button" id="lab-step-back" disabled data-i18n="lab.back"></button>
    <button type="button" id="lab-step-step" data-i18n="lab.step"></button>
    <button type="button" id="lab-step-run" data-i18n="lab.run_steps"></button>
    <button type="button" id="lab-step-pause" disabled data-i18n="lab.pause"></button>
  </div>
  <p id="lab-step-now" class="lab-step-now"></p>
  <p id="lab-step-said" class="visually-hidden" aria-live="polite"></p>
  <div id="lab-step-details" class="lab-step-details"></div>
  <div id="lab-step-tree" class="lab-tree-wrap" tabindex="0" role="region" data-i18n-aria-label="lab.tree_label"></div>
</section>

<section id="lab-heuristic" role="tabpanel" aria-labelledby="lab-tab-heuristic" class="lab-panel" hidden>
  <label><span data-i18n="lab.explain"></span> <select id="lab-explain-heuristic">${options(LAB_HEURISTICS, "heuristic")}</select></label>
  <p id="lab-explain-about" class="lab-note"></p>
  <div id="lab-explain" class="lab-explain"></div>
</section>

<section id="lab-cases" role="tabpanel" aria-labelledby="lab-tab-cases" class="lab-panel" hidden>
  <p data-i18n="lab.cases_intro"></p>
  <ul id="lab-case-list" class="lab-case-list"></ul>
</section>`;
