// The study lab's charts, drawn by Chart.js (pinned, self-hosted under vendor/chartjs by
// build.py): nodes expanded per run on a log scale, each IDA* run's threshold against
// the nodes its pass expanded, and a study's mean nodes expanded by depth on a log scale.
// The numbers are the table's rows; the table beside the charts holds the same numbers
// for those who do not see them.  Runs are named as the table names them (the package's
// words: lab_table.js's runName), in the legends, the axes and the canvases' labels.

import { register, t } from "./i18n.js";
import { cellText, runName } from "./lab_table.js";

register({
  en: {
    "chart.nodes_label": "Bar chart of nodes expanded per run, log scale: {runs}", "chart.stopped": " (stopped)",
    "chart.nodes": "nodes expanded", "chart.nodes_log": "nodes expanded (log scale)",
    "chart.passes_label": "Line chart of IDA*'s passes, threshold against nodes expanded in the pass: {runs}",
    "chart.threshold": "threshold (f = g + h cut-off)", "chart.pass_nodes": "nodes expanded in the pass",
    "chart.study_label": "Line chart of mean nodes expanded by depth, log scale: {runs}",
    "chart.depth": "depth (solution length)", "chart.mean_nodes_log": "mean nodes expanded (log scale)",
  },
  zh: {
    "chart.nodes_label": "每次运行扩展节点数的柱状图（对数坐标）：{runs}", "chart.stopped": "（已停止）",
    "chart.nodes": "扩展节点数", "chart.nodes_log": "扩展节点数（对数坐标）",
    "chart.passes_label": "IDA* 各轮的折线图，阈值对该轮扩展节点数：{runs}",
    "chart.threshold": "阈值（f = g + h 的剪枝界限）", "chart.pass_nodes": "该轮扩展节点数",
    "chart.study_label": "各深度平均扩展节点数的折线图（对数坐标）：{runs}",
    "chart.depth": "深度（解的长度）", "chart.mean_nodes_log": "平均扩展节点数（对数坐标）",
  },
});

let loading = null;

/** Chart.js, loaded from this site the first time a chart is drawn. */
function chartLibrary() {
  // The UMD build sets globalThis.Chart when imported as a module (it has no exports).
  loading ||= import("./vendor/chartjs/chart.umd.min.js").then(() => globalThis.Chart);
  return loading;
}

const COLOURS = ["#2f5d8a", "#b3591e", "#2e7d4f", "#8a2f6b", "#6b6b1f", "#1f6b6b"];

export class LabCharts {
  /** @param {HTMLCanvasElement} nodesCanvas  @param {HTMLCanvasElement} passesCanvas */
  constructor(nodesCanvas, passesCanvas) {
    this.canvases = { nodes: nodesCanvas, passes: passesCanvas };
    this.charts = {};
  }

  /** Draw (or redraw) both charts for these rows. */
  async draw(rows) {
    const Chart = await chartLibrary();
    this.drawNodes(Chart, rows);
    this.drawPasses(Chart, rows.filter((r) => r.passes && r.passes.length));
  }

  replace(Chart, key, config) {
    if (this.charts[key]) this.charts[key].destroy();
    this.charts[key] = new Chart(this.canvases[key], config);
  }

  drawNodes(Chart, rows) {
    const canvas = this.canvases.nodes;
    canvas.setAttribute("aria-label", t("chart.nodes_label", {
      runs: rows.map((r) => `${runName(r)} ${r.nodes_expanded}${r.stopped ? ` (${cellText(r, "stopped")})` : ""}`).join("; ") }));
    this.replace(Chart, "nodes", {
      type: "bar",
      data: {
        labels: rows.map((r) => runName(r) + (r.stopped ? t("chart.stopped") : "")),
        datasets: [{
          label: t("chart.nodes"),
          data: rows.map((r) => Math.max(r.nodes_expanded, 1)), // log scale: 0 drawn as 1
          backgroundColor: rows.map((r) => (r.stopped ? "#b3261e" : COLOURS[0])),
        }],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          y: { type: "logarithmic", title: { display: true, text: t("chart.nodes_log") } },
          x: { ticks: { autoSkip: false, maxRotation: 60, minRotation: 30 } },
        },
        plugins: { legend: { display: false } },
      },
    });
  }

  drawPasses(Chart, idaRows) {
    const canvas = this.canvases.passes;
    canvas.closest("figure").hidden = !idaRows.length;
    if (!idaRows.length) return;
    canvas.setAttribute("aria-label", t("chart.passes_label", {
      runs: idaRows.map((r) => `${runName(r)}: ${r.passes.map((p) => `${p.threshold} → ${p.nodes_expanded}`).join(", ")}`).join("; ") }));
    this.replace(Chart, "passes", {
      type: "line",
      data: {
        datasets: idaRows.map((r, i) => ({
          label: runName(r),
          data: r.passes.map((p) => ({ x: p.threshold, y: Math.max(p.nodes_expanded, 1) })),
          borderColor: COLOURS[i % COLOURS.length],
          backgroundColor: COLOURS[i % COLOURS.length],
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { type: "linear", title: { display: true, text: t("chart.threshold") }, ticks: { precision: 0 } },
          y: { type: "logarithmic", title: { display: true, text: t("chart.pass_nodes") } },
        },
      },
    });
  }

  clear() {
    for (const chart of Object.values(this.charts)) chart.destroy();
    this.charts = {};
  }
}

/** A study's chart: mean nodes expanded by depth on a log scale, a line for each
 *  algorithm x heuristic (depths with no board solved, and boards of unknown depth, left out). */
export class StudyChart {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.chart = null;
  }

  /** @param {Array<import("./protocol.js").StudyRow>} rows */
  async draw(rows) {
    const Chart = await chartLibrary();
    const lines = new Map(); // run name -> points
    for (const r of rows) {
      if (r.depth === null || r.mean_nodes_expanded === null) continue;
      const name = runName(r);
      if (!lines.has(name)) lines.set(name, []);
      lines.get(name).push({ x: r.depth, y: Math.max(r.mean_nodes_expanded, 1) }); // log scale: 0 drawn as 1
    }
    this.canvas.setAttribute("aria-label", t("chart.study_label", {
      runs: [...lines].map(([name, points]) => `${name}: ${points.map((p) => `${p.x} → ${p.y}`).join(", ")}`).join("; ") }));
    if (this.chart) this.chart.destroy();
    this.chart = new Chart(this.canvas, {
      type: "line",
      data: {
        datasets: [...lines].map(([name, points], i) => ({
          label: name, data: points,
          borderColor: COLOURS[i % COLOURS.length], backgroundColor: COLOURS[i % COLOURS.length],
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { type: "linear", title: { display: true, text: t("chart.depth") }, ticks: { precision: 0 } },
          y: { type: "logarithmic", title: { display: true, text: t("chart.mean_nodes_log") } },
        },
      },
    });
  }
}
