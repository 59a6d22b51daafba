// Solves korf100 boards with pattern databases inside real Pyodide under Node.js; the
// base of the Pyodide benchmark.  Prints one JSON object a board.
//   node tests/pyodide_pdb_node.mjs dist/ 88 [12 ...]     (1-based lines of korf100.txt)
// Korf's goal has the blank first.  Loads the runtime and wheel the site serves (as tests/pyodide_node.mjs does), reads
// the database files the site serves (dist/pdb/, named in dist/manifest.json) and
// registers them with npuzzle.pdb.register, as the web worker does after fetching them.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = resolve(process.argv[2] || "dist");
const lines = process.argv.slice(3).map(Number);
const korf = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "data/korf100.txt"), "utf8")
  .trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));

const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage("micropip", { messageCallback: () => {} });
const manifest = JSON.parse(readFileSync(`${site}/manifest.json`, "utf8"));
const name = manifest.wheel.split("/").pop();
pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(`${site}/${manifest.wheel}`));
await pyodide.pyimport("micropip").install(`emfs:/tmp/${name}`);
const t1 = performance.now();
const register = pyodide.runPython("from npuzzle import pdb\nlambda data: pdb.register(data.to_bytes())");
const registered = [];
for (const entry of Object.values(manifest.pdb || {})) {
  registered.push(register(new Uint8Array(readFileSync(`${site}/${entry.url}`))));
}
const t2 = performance.now();
console.log(JSON.stringify({ load_seconds: (t1 - t0) / 1000, register_seconds: (t2 - t1) / 1000, registered }));

const solve = pyodide.runPython(`
import json
from npuzzle import api

GOAL = "4x4:" + ",".join(map(str, range(16)))  # Korf's goal: the blank first

def solve(board, time_limit):
    r = api.solve(board, GOAL, time_limit=time_limit)
    keep = ("ok", "error", "solvable", "found", "length", "optimal", "lower_bound", "nodes", "seconds",
            "heuristic", "algorithm", "notes", "reason")
    return json.dumps({k: r.get(k) for k in keep})
solve
`);
for (const line of lines) {
  const row = korf[line - 1];
  const board = `4x4:${row.slice(0, 16).join(",")}`;
  const result = JSON.parse(solve(board, process.env.TIME_LIMIT ? Number(process.env.TIME_LIMIT) : undefined));
  console.log(JSON.stringify({ line, board, expected: row[16], ...result }));
}
