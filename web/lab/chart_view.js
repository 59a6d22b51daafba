// A chart drawn by Chart.js (pinned, self-hosted under vendor/chartjs by build.py, loaded
// the first time a chart is drawn) with its "Download image" button: the PNG is the chart
// drawn again at slide size, white behind it, with its title and a subtitle.  Shared by
// the study lab's charts (lab_charts.js) and the session's chart (practice/session_chart.js),
// with the colours and markers that tell their lines apart.
//
//   const view = new ChartView(canvas, { title: "chart.title.nodes", file: "nodes" });
//   await view.draw((ink) => config);   // a configuration, its words in that colour

import { t } from "../languages/i18n.js";
import { download } from "./lab_table.js";

let loading = null;

/** Chart.js, loaded from this site the first time a chart is drawn. */
function chartLibrary() {
  // The UMD build sets globalThis.Chart when imported as a module (it has no exports).
  loading ||= import("../vendor/chartjs/chart.umd.min.js").then(() => globalThis.Chart);
  return loading;
}

const COLOURS = ["#2f5d8a", "#b3591e", "#2e7d4f", "#8a2f6b", "#6b6b1f", "#1f6b6b"];
// A line's marker, with its colour, so that no two lines of a chart look alike, even
// printed in grey: Chart.js's point styles, then the same ones turned by 45 degrees.
const MARKERS = ["circle", "rect", "triangle", "rectRot", "star", "crossRot", "cross", "rectRounded", "dash", "line"];

/** The colour of a chart's i-th line: the palette's, then hues 137.5 degrees apart (never twice). */
export const colour = (i) => (i < COLOURS.length ? COLOURS[i] : `hsl(${Math.round((i * 137.5) % 360)}, 60%, 38%)`);

/** The marker of a chart's i-th line: {pointStyle, rotation}, never the same twice. */
export const marker = (i) => ({
  pointStyle: MARKERS[i % MARKERS.length],
  pointRotation: 45 * Math.floor(i / MARKERS.length),
});
const INK = "#1d2733"; // the words on a downloaded image (white); on screen, the page's own colour
export const GRID = "rgba(128, 128, 128, 0.3)"; // seen on the light page, the dark one and the image
const IMAGE = { width: 1200, height: 675, scale: 2 }; // a 16:9 slide, drawn at twice its size

/** A line chart's configuration: a dataset a line (points {x, y}), x a linear axis of
 *  whole numbers, y the axis given, the legend showing each line's marker.
 *  @param {object[]} datasets  @param {string} xTitle  @param {object} y  the y axis
 *  @param {(item: {dataset: {label: string}, parsed: {x: number, y: number}}) => string} label  a point's tooltip  @param {string} ink  the words' colour */
export function lineChart(datasets, xTitle, y, label, ink) {
  return {
    type: "line",
    data: { datasets },
    options: {
      animation: false,
      maintainAspectRatio: false,
      color: ink,
      scales: {
        x: {
          type: "linear",
          title: { display: true, text: xTitle, color: ink },
          grid: { color: GRID },
          ticks: { precision: 0, maxRotation: 0, color: ink },
        },
        y,
      },
      plugins: {
        legend: { labels: { color: ink, boxWidth: 14, usePointStyle: true } },
        tooltip: { callbacks: { label } },
      },
    },
  };
}

/** White behind the chart (a canvas is transparent: a PNG would be black on some slides). */
const WHITE = {
  id: "npuzzleWhite",
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** The same chart drawn again at slide size, white behind it, with a title: a PNG. */
async function chartImage(Chart, config, title, subtitle, height) {
  const canvas = document.createElement("canvas"); // never shown: Chart.js draws it at once when not responsive
  canvas.width = IMAGE.width;
  canvas.height = height;
  const { options } = config;
  const chart = new Chart(canvas, {
    ...config,
    plugins: [...(config.plugins || []), WHITE],
    options: {
      ...options,
      responsive: false,
      animation: false,
      devicePixelRatio: IMAGE.scale,
      layout: { padding: 16 },
      plugins: {
        ...options.plugins,
        title: { display: true, text: title, color: INK, font: { size: 18, weight: "bold" } },
        subtitle: { display: !!subtitle, text: subtitle, color: INK, font: { size: 13 }, padding: { bottom: 10 } },
      },
    },
  });
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  chart.destroy();
  return blob;
}

/** A file name from words and a board ID: npuzzle-nodes-3x3-1-2-3-….png */
const imageName = (...parts) =>
  `npuzzle-${parts
    .join("-")
    .replace(/[^0-9a-z]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)}.png`;

/** One chart on a canvas, drawn again when asked, with its "Download image" button (made
 *  after the chart's box in its figure, so each view's markup need not hold it). */
export class ChartView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{title: string, file: string, status?: (text: string) => void, subtitle?: () => string}} o
   *   title: the image's title's key (chart.title.*); file: the file name's first word;
   *   status: where to say the image was saved; subtitle: the image's (else the caption
   *   of the chart's tab's table)
   */
  constructor(canvas, { title, file, status = () => {}, subtitle = null }) {
    this.canvas = canvas;
    this.subtitle = subtitle || (() => canvas.closest("[role=tabpanel]")?.querySelector("caption")?.textContent || "");
    this.title = title;
    this.file = file;
    this.status = status;
    this.chart = null;
    this.config = null; // (ink) => the chart's configuration, its words in that colour: the page's, or the image's
    this.height = null;
    this.board = "";
    this.button = makeButton(canvas);
    this.button.disabled = true;
    this.button.addEventListener("click", () => this.download());
  }

  /**
   * Draw from a configuration builder (called again for the image).
   * @param {(ink: string) => object} config
   * @param {{height?: number | null, board?: string}} [o]  height: the chart's box's, in px
   *   (else the style sheet's); board: the board ID the image's file is named after
   */
  async draw(config, { height = null, board = "" } = {}) {
    const Chart = await chartLibrary();
    if (height !== null) /** @type {HTMLElement} */ (this.canvas.parentElement).style.height = `${height}px`;
    this.chart?.destroy();
    this.config = config;
    this.height = height;
    this.board = board;
    this.chart = new Chart(this.canvas, config(getComputedStyle(this.canvas).color));
    this.button.disabled = false;
  }

  /** The chart as a PNG, offered as a file named after the chart and the board. */
  async download() {
    if (!this.config) return;
    const Chart = await chartLibrary();
    const caption = this.subtitle();
    const height = Math.max(IMAGE.height, (this.height || 0) + 90); // a tall bar chart keeps its rows' height
    const blob = await chartImage(Chart, this.config(INK), t(this.title), caption, height);
    const name = imageName(this.file, this.board);
    download(name, blob, "image/png");
    this.status(t("chart.saved", { name }));
  }

  destroy() {
    this.chart?.destroy();
    this.chart = null;
    this.config = null;
    this.button.disabled = true;
  }
}

/** A "Download image" button after the chart's box. */
function makeButton(canvas) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "lab-chart-download";
  button.dataset.i18n = "chart.download"; // worded again with the page's other texts
  button.textContent = t("chart.download");
  canvas.parentElement.after(button);
  return button;
}
