// Runs bench.py inside Pyodide under Node.js: the same code and boards as under CPython.
//   node tools/bench_pyodide.mjs <site dir> [bench.py arguments...]
//   node tools/bench_pyodide.mjs <site dir> --tool bench_reflection [its arguments...]
//     (another tool whose main() takes its arguments, e.g. tools/bench_reflection.py)
// Uses the built site (python3 build.py): its Pyodide runtime, the npuzzle wheel's
// sources from this checkout, and the pattern databases named in manifest.json, which
// are registered as the web worker does after fetching them.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [site, ...args] = process.argv.slice(2);
const tool = args[0] === "--tool" ? args.splice(0, 2)[1] : null;
const runtime = resolve(site, "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtime + "/",
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
});
const fs = pyodide.FS;
fs.mkdirTree("/bench/npuzzle");
fs.mkdirTree("/bench/tests/data");
// the package's sources, its subpackages (pdb/, lab/) included
for (const name of readdirSync(join(root, "npuzzle"), { recursive: true })) {
  if (!name.endsWith(".py") || name.includes("__pycache__")) continue;
  const target = `/bench/npuzzle/${name}`;
  fs.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  fs.writeFile(target, readFileSync(join(root, "npuzzle", name)));
}
for (const name of readdirSync(join(root, "tests", "data"))) {
  fs.writeFile(`/bench/tests/data/${name}`, readFileSync(join(root, "tests", "data", name)));
}
fs.writeFile("/bench/bench.py", readFileSync(join(root, "bench.py")));
if (tool) fs.writeFile(`/bench/${tool}.py`, readFileSync(join(root, "tools", `${tool}.py`)));
const manifest = JSON.parse(readFileSync(join(site, "manifest.json"), "utf8"));
const databases = Object.values(manifest.pdb || {}).map((d) => d.url);
for (const [i, url] of databases.entries()) {
  fs.writeFile(`/bench/db${i}.pdb`, readFileSync(join(site, url)));
}
pyodide.globals.set("bench_args", pyodide.toPy(args));
pyodide.globals.set("tool", tool);
const status = pyodide.runPython(`
import sys, pathlib
sys.path.insert(0, "/bench")
sys.setrecursionlimit(10000)
from npuzzle import pdb
for path in sorted(pathlib.Path("/bench").glob("db*.pdb")):
    pdb.register(path.read_bytes())
import bench
if tool:
    import importlib
    importlib.import_module(tool).main(list(bench_args))
else:
    bench.main(list(bench_args) + ["--runtime", "cpython"])
`);
process.exit(status || 0);
