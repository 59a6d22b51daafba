// The study lab's charts, drawn by Chart.js (pinned, self-hosted under vendor/chartjs by
// build.py): nodes expanded per run, each IDA* run's threshold against the nodes its pass
// expanded, and a study's mean nodes expanded by depth.  The numbers are the table's rows;
// the table beside the charts holds the same numbers for those who do not see them.  Runs
// are named as the table names them (the package's words: lab_table.js's runName).
//
// Made to be read and put on a slide:
// - the runs are horizontal bars, so their names read across, one name a line each (a
//   vertical bar chart had to slant them, and a phone had no room for them);
// - a log axis starts a power of ten below the smallest value, so the smallest run is a
//   bar one decade long, never a sliver on the axis (and Chart.js's minBarLength keeps
//   any bar at least 8 px), and ends at the power of ten above the largest;
// - log axes are ticked at powers of ten only, in the page's number format (Chart.js's
//   own ticks at 2, 3, ... 9 times each power ran into each other), and every bar says
//   its value at its end;
// - colours have a legend (red: stopped by its budget), not only the caption;
// - "Download image" gives a PNG of the chart drawn again at slide size, white behind
//   it, with its title and the table's caption (the board) in it.

import { number, t } from "../languages/i18n.js";
import { ChartView, GRID, colour, lineChart, marker } from "./chart_view.js";
import { cellText, runName } from "./lab_table.js";

const STOPPED = "#b3261e";
const MIN_BAR = 8; // px: the shortest a bar is drawn (Chart.js's minBarLength)
const ROW_HEIGHT = 36; // px a run takes in the bar chart (two lines of its name)

/** A log axis's ends: the power of ten below the smallest value (at least 1: counts are
 *  whole) and the power of ten at or above the largest.  @param {number[]} values */
function logRange(values) {
  const low = Math.min(...values),
    high = Math.max(...values);
  return {
    min: 10 ** Math.max(0, Math.floor(Math.log10(low)) - (low >= 10 ? 1 : 0)),
    max: 10 ** Math.max(1, Math.ceil(Math.log10(high))),
  };
}

/** A log axis ticked at the powers of ten between its ends, in the page's number format;
 *  Chart.js skips labels that would touch. */
function logAxis(title, ink, range = {}) {
  return {
    type: "logarithmic",
    ...range,
    title: { display: true, text: title, color: ink },
    grid: { color: GRID },
    afterBuildTicks: (axis) => {
      const ticks = [];
      for (let p = Math.ceil(Math.log10(axis.min) - 1e-9); 10 ** p <= axis.max * (1 + 1e-9); p++)
        ticks.push({ value: 10 ** p });
      axis.ticks = ticks;
    },
    ticks: { callback: (value) => number(value), autoSkip: true, autoSkipPadding: 12, maxRotation: 0, color: ink },
  };
}

/** Each bar's value at its end: inside the bar (white) where it fits, else after it. */
const barValues = (texts, ink) => ({
  id: "npuzzleBarValues",
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = "12px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    chart.getDatasetMeta(0).data.forEach((bar, i) => {
      const { x, y, base } = /** @type {import("chart.js").BarElement} */ (bar).getProps(["x", "y", "base"], true);
      const width = ctx.measureText(texts[i]).width;
      const inside = x - base > width + 12;
      ctx.fillStyle = inside ? "#fff" : ink;
      ctx.textAlign = inside ? "right" : "left";
      ctx.fillText(texts[i], inside ? x - 6 : x + 4, y);
    });
    ctx.restore();
  },
});

/** The bar chart of nodes expanded, a bar a run: runs that stopped in red, with a legend. */
function nodesConfig(rows, ink) {
  const values = rows.map((r) => Math.max(r.nodes_expanded, 1)); // log scale: 0 drawn as 1
  const stopped = rows.some((r) => r.stopped);
  const key = (text, colour) => ({
    text,
    fillStyle: "rgba(0, 0, 0, 0)",
    strokeStyle: colour,
    lineWidth: 3,
    hidden: false,
    fontColor: ink,
  });
  return {
    type: "bar",
    data: {
      labels: rows.map((r) => runName(r) + (r.stopped ? t("chart.stopped") : "")),
      datasets: [
        {
          label: t("chart.nodes"),
          data: values,
          minBarLength: MIN_BAR,
          // each run its own colour, the same as its line in the passes chart; a run the
          // budget stopped is outlined in red besides its "(stopped)"
          backgroundColor: rows.map((_, i) => colour(i)),
          borderColor: rows.map((r, i) => (r.stopped ? STOPPED : colour(i))),
          borderWidth: rows.map((r) => (r.stopped ? 3 : 0)),
        },
      ],
    },
    plugins: [
      barValues(
        rows.map((r) => number(r.nodes_expanded)),
        ink,
      ),
    ],
    options: {
      indexAxis: "y",
      color: ink,
      animation: false,
      maintainAspectRatio: false,
      layout: { padding: { right: 8 } },
      scales: {
        x: logAxis(t("chart.nodes_log"), ink, logRange(values)),
        y: {
          grid: { color: GRID },
          ticks: {
            autoSkip: false,
            color: ink,
            // two lines a run: the algorithm, then the heuristic (and whether it stopped)
            callback: (_, i) => [
              cellText(rows[i], "algorithm"),
              (rows[i].heuristic === null ? "" : cellText(rows[i], "heuristic")) +
                (rows[i].stopped ? t("chart.stopped") : ""),
            ],
          },
        },
      },
      plugins: {
        legend: {
          // the runs are named beside their bars: the legend only says what red outlines mean
          display: stopped,
          onClick: () => {},
          labels: { generateLabels: () => [key(t("chart.budget"), STOPPED)] },
        },
        tooltip: { callbacks: { label: (item) => number(rows[item.dataIndex].nodes_expanded) } },
      },
    },
  };
}

/** A line chart on a log y axis: a dataset a line, points {x, y}. */
function linesConfig(lines, xTitle, yTitle, ink) {
  const ys = lines.flatMap((l) => l.points.map((p) => p.y));
  const datasets = lines.map((line, i) => ({
    label: line.name,
    data: line.points,
    borderColor: colour(line.index ?? i),
    backgroundColor: colour(line.index ?? i),
    ...marker(line.index ?? i),
    pointRadius: 5,
    pointHoverRadius: 7,
  }));
  const y = logAxis(yTitle, ink, ys.length ? logRange(ys) : {});
  return lineChart(datasets, xTitle, y, (item) => `${item.dataset.label}: ${number(item.parsed.y)}`, ink);
}

export class LabCharts {
  /**
   * @param {HTMLCanvasElement} nodesCanvas  @param {HTMLCanvasElement} passesCanvas
   * @param {(text: string) => void} status  the lab's status line
   */
  constructor(nodesCanvas, passesCanvas, status = () => {}) {
    this.nodes = new ChartView(nodesCanvas, { title: "chart.title.nodes", file: "nodes", status });
    this.passes = new ChartView(passesCanvas, { title: "chart.title.passes", file: "ida-passes", status });
  }

  /** Draw (or redraw) both charts for these rows. */
  /** @param {object[]} rows  @param {string} board  the board's ID, for the images' file names */
  async draw(rows, board = "") {
    const canvas = this.nodes.canvas;
    canvas.setAttribute(
      "aria-label",
      t("chart.nodes_label", {
        runs: rows
          .map((r) => `${runName(r)} ${r.nodes_expanded}${r.stopped ? ` (${cellText(r, "stopped")})` : ""}`)
          .join("; "),
      }),
    );
    const idaRows = rows.filter((r) => r.passes?.length);
    this.labelPasses(idaRows); // before Chart.js loads: a shown chart is never without its words
    // a row a run, and room for the legend and the axis: every bar as thick as the next
    await this.nodes.draw((ink) => nodesConfig(rows, ink), {
      height: Math.max(200, rows.length * ROW_HEIGHT + 110),
      board,
    });
    await this.drawPasses(idaRows, board, rows);
  }

  /** The passes chart shown for these runs (hidden when none has passes), and its words.  @param {object[]} idaRows */
  labelPasses(idaRows) {
    const canvas = this.passes.canvas;
    canvas.closest("figure").hidden = !idaRows.length;
    if (!idaRows.length) return;
    canvas.setAttribute(
      "aria-label",
      t("chart.passes_label", {
        runs: idaRows
          .map((r) => `${runName(r)}: ${r.passes.map((p) => `${p.threshold} → ${p.nodes_expanded}`).join(", ")}`)
          .join("; "),
      }),
    );
  }

  /** @param {object[]} idaRows  @param {string} board  @param {object[]} rows  every run, whose
   *  order gives each line the colour and marker of its run in the nodes chart */
  async drawPasses(idaRows, board, rows = idaRows) {
    this.labelPasses(idaRows);
    if (!idaRows.length) return this.passes.destroy();
    const lines = idaRows.map((r) => ({
      name: runName(r),
      index: rows.indexOf(r),
      points: r.passes.map((p) => ({ x: p.threshold, y: Math.max(p.nodes_expanded, 1) })),
    }));
    // IDA*'s cut-off is on f = g + h, a weighted run's on f = g + w·h
    const weighted = idaRows.filter((r) => r.weight !== null).length;
    const axis =
      weighted === 0
        ? t("chart.threshold")
        : t(weighted === idaRows.length ? "lab.threshold_weighted" : "lab.threshold_mixed");
    await this.passes.draw((ink) => linesConfig(lines, axis, t("chart.pass_nodes"), ink), { board });
  }

  clear() {
    this.nodes.destroy();
    this.passes.destroy();
  }
}

/** A study's chart: mean nodes expanded by depth on a log scale, a line for each
 *  algorithm x heuristic (depths with no board solved, and boards of unknown depth, left out). */
export class StudyChart {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.view = new ChartView(canvas, { title: "chart.title.study", file: "study-by-depth" });
    this.canvas = canvas;
  }

  get chart() {
    return this.view.chart;
  }

  /** @param {Array<import("../generated/protocol.js").StudyRow>} rows */
  async draw(rows) {
    const lines = new Map(); // run name -> points
    for (const r of rows) {
      if (r.depth === null || r.mean_nodes_expanded === null) continue;
      const name = runName(r);
      if (!lines.has(name)) lines.set(name, []);
      lines.get(name).push({ x: r.depth, y: Math.max(r.mean_nodes_expanded, 1) }); // log scale: 0 drawn as 1
    }
    this.canvas.setAttribute(
      "aria-label",
      t("chart.study_label", {
        runs: [...lines]
          .map(([name, points]) => `${name}: ${points.map((p) => `${p.x} → ${p.y}`).join(", ")}`)
          .join("; "),
      }),
    );
    const data = [...lines].map(([name, points]) => ({ name, points }));
    await this.view.draw((ink) => linesConfig(data, t("chart.depth"), t("chart.mean_nodes_log"), ink));
  }
}
