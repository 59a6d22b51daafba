// The files build.py copies into the site beside web/'s modules, from pinned npm packages,
// typed by those packages' own declarations (tsconfig.json's "paths" name where build.py
// caches them).  They are not in web/, so the checker sees them only through these lines.

// web/solver/worker.js: `import { loadPyodide } from "../pyodide/pyodide.mjs"`.
declare module "*/pyodide/pyodide.mjs" {
  export { loadPyodide } from "pyodide";
}

// web/lab/lab_charts.js: the UMD build of Chart.js, imported for its side effect.
declare module "*/vendor/chartjs/chart.umd.min.js" {}

// ... which is to set globalThis.Chart.
declare var Chart: typeof import("chart.js").Chart;
