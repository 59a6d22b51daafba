// Runs the npuzzle wheel inside real Pyodide under Node.js and prints one JSON object.
//   node tests/pyodide_node.mjs dist/
// Loads the runtime the site serves (dist/pyodide/), installs the wheel the site serves
// (named by dist/manifest.json) with micropip, and calls npuzzle.api.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] || "dist");
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage("micropip", { messageCallback: () => {} });
const manifest = JSON.parse(readFileSync(`${site}/manifest.json`, "utf8"));
const name = manifest.wheel.split("/").pop();
pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(`${site}/${manifest.wheel}`));
await pyodide.pyimport("micropip").install(`emfs:/tmp/${name}`);
const loadSeconds = (performance.now() - t0) / 1000;

const out = pyodide.runPython(`
import json, sys, time
from npuzzle import api
progress = []
t = time.perf_counter()
solved = api.solve("3x3:8,6,7,2,5,4,3,0,1", progress=progress.append)
seconds = time.perf_counter() - t
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
})
`);
const result = JSON.parse(out);
result.load_seconds = loadSeconds;
console.log(JSON.stringify(result));
