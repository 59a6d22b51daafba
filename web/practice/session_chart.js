// The session's statistics and its chart, under its figures in the Session panel: the
// solves counted, the DNFs, mean moves, mean TPS and best TPS (statistics.js), and a line
// chart of the times by solve number with the rolling ao5 and ao12 as csTimer draws them
// (a DNF a gap in its line, never a huge value), drawn by Chart.js through the lab's
// ChartView (its "Download image" too) only while the panel is open: a closed panel
// never loads Chart.js.
//
//   const view = new SessionStatistics($, status);
//   view.show(kind, solves);   // after each change of the session

import { SESSION_TREND } from "../generated/shared.js";
import { ChartView, GRID, colour, lineChart, marker } from "../lab/chart_view.js";
import { number, t } from "../languages/i18n.js";
import { DNF, formatTime, formatTps } from "./session.js";
import { sessionStatistics, trend } from "./statistics.js";

/** @typedef {{n: number[], times: (number | null)[], [average: `ao${number}`]: (number | null)[]}} Trend */

/** The chart's configuration: the times and each average a line of its own colour and
 *  marker, x the solve's number, y the time (ticks in seconds); null values are gaps.
 *  @param {Trend} series  @param {string} ink */
function chartConfig(series, ink) {
  const lines = [
    { label: t("session.chart_times"), values: series.times },
    ...SESSION_TREND.map((size) => ({ label: `ao${size}`, values: series[`ao${size}`] })),
  ];
  const datasets = lines.map((line, i) => ({
    label: line.label,
    data: line.values.map((y, k) => ({ x: series.n[k], y })),
    borderColor: colour(i),
    backgroundColor: colour(i),
    ...marker(i),
    pointRadius: i ? 3 : 4,
    borderWidth: i ? 2 : 1,
    spanGaps: false, // a DNF (or a DNF average) leaves a gap
  }));
  const y = {
    type: "linear",
    title: { display: true, text: t("session.chart_time"), color: ink },
    grid: { color: GRID },
    ticks: { callback: (/** @type {number} */ v) => number(v / 1000), color: ink },
  };
  /** @param {{dataset: {label: string}, parsed: {x: number, y: number}}} item */
  const label = (item) => `#${item.parsed.x} ${item.dataset.label}: ${formatTime(item.parsed.y)}`;
  return lineChart(datasets, t("session.chart_solve"), y, label, ink);
}

/** The latest average of `size` of a series: null while too few solves, DNF for a gap.
 *  @param {(number | null)[]} values  @param {number} size */
const latest = (values, size) => (values.length < size ? null : (values[values.length - 1] ?? DNF));

export class SessionStatistics {
  /** @param {import("../game/element.js").Finder} $  @param {(text: string) => void} status  where the saved image is said */
  constructor($, status) {
    this.$ = $;
    this.panel = $("session", HTMLDetailsElement);
    this.figure = $("session-chart-figure");
    this.canvas = $("session-chart", HTMLCanvasElement);
    this.kind = "";
    /** @type {import("./session.js").Solve[]} */
    this.solves = [];
    this.view = new ChartView(this.canvas, {
      title: "session.chart_title",
      file: "session",
      status,
      subtitle: () => t("session.chart_subtitle", { kind: this.kind, count: number(this.solves.length) }),
    });
    this.panel.addEventListener("toggle", () => this.draw());
  }

  /** The statistics and the chart of a session.  @param {string} kind  @param {import("./session.js").Solve[]} solves */
  show(kind, solves) {
    this.kind = kind;
    this.solves = solves;
    const s = sessionStatistics(solves);
    this.$("session-statistics").textContent = t("session.statistics", {
      count: number(s.count),
      dnfs: number(s.dnfs),
      moves: s.meanMoves === null ? "-" : number(s.meanMoves, 1),
      mean: formatTps(s.meanTps),
      best: formatTps(s.bestTps),
    });
    this.draw();
  }

  /** Draw the chart when the panel is open and a solve is counted; hide it when none is. */
  draw() {
    const series = /** @type {Trend} */ (trend(this.solves));
    this.figure.hidden = !series.n.length;
    if (!series.n.length) return this.view.destroy();
    if (!this.panel.open) return;
    const done = /** @type {number[]} */ (series.times.filter((v) => v !== null));
    const averages = SESSION_TREND.map((size) => `ao${size} ${formatTime(latest(series[`ao${size}`], size))}`);
    this.canvas.setAttribute(
      "aria-label",
      t("session.chart_label", {
        count: number(series.n.length),
        dnfs: number(series.times.length - done.length),
        best: formatTime(done.length ? Math.min(...done) : null),
        worst: formatTime(done.length ? Math.max(...done) : null),
        averages: averages.join(", "),
      }),
    );
    this.view.draw((ink) => chartConfig(series, ink));
  }
}
