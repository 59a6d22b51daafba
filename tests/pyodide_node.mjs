// Runs the npuzzle wheel inside real Pyodide under Node.js and prints one JSON object.
//   node tests/pyodide_node.mjs dist/ [korf100 line ...]
// Loads the runtime the site serves (dist/pyodide/), installs the wheel the site serves
// (named by dist/manifest.json) with micropip, registers the site's pattern databases
// as the web worker does after fetching them, calls npuzzle.api, and solves the given
// (1-based) lines of tests/data/korf100.txt against Korf's goal (the blank first).
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
const api = pyodide.pyimport("npuzzle.api");  // as the page's worker registers them
const strong = new Set(manifest.strong?.names ?? []);  // the strongest tables: the page's on request only
const registered = Object.entries(manifest.pdb || {}).filter(([name]) => !strong.has(name)).map(
  ([, entry]) => api.register(new Uint8Array(readFileSync(`${site}/${entry.url}`))).get("name"));
const t2 = performance.now();

pyodide.globals.set("korf_boards", pyodide.toPy(lines.map((line) => korf[line - 1])));
// the 24-puzzle's budget (s): 1, or more where a loaded machine gave the weighted search too little
pyodide.globals.set("korf24_seconds", Number(process.env.KORF24_SECONDS || 1));
const out = pyodide.runPython(`
import json, sys, time
from npuzzle import api
progress = []
t = time.perf_counter()
solved = api.solve("3x3:8,6,7,2,5,4,3,0,1", progress=progress.append)
seconds = time.perf_counter() - t
korf_goal = "4x4:" + ",".join(map(str, range(16)))
korf24 = "5x5:17,1,20,9,16,2,22,19,14,5,15,21,0,3,24,23,18,13,12,7,10,8,6,4,11"  # korf24 #5, 100 moves
korf = []
for row in korf_boards:
    r = api.solve("4x4:" + ",".join(map(str, row[:16])), korf_goal)
    korf.append({"expected": row[16], **{k: r.get(k) for k in ("found", "length", "optimal", "nodes", "seconds", "heuristic")}})
json.dumps({
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "check": api.check("3x3:1,2,3,4,5,6,0,7,8"),
    "bad": api.check("3x3:1,2,3"),
    "unsolvable": api.check("3x3:2,1,3,4,5,6,7,8,0"),
    "random": api.random(4, 4, seed=1),
    "wrapped": api.solve("3x3:3,1,2,4,5,6,7,8,0", wrap="r0"),
    "hard": {"length": solved["length"], "optimal": solved["optimal"], "nodes": solved["nodes"],
             "seconds": seconds, "moves": solved["moves"], "progress_calls": len(progress)},
    "korf": korf,
    "korf24": {"board": korf24, **api.solve(korf24, "5x5:" + ",".join(map(str, range(25))), time_limit=korf24_seconds)},
})
`);
const result = JSON.parse(out);
result.load_seconds = (t1 - t0) / 1000;
result.register_seconds = (t2 - t1) / 1000;
result.registered = registered;
console.log(JSON.stringify(result));
