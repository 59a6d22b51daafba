// Runs a benchmark inside Pyodide under Node.js: the same code and boards as under CPython.
//   node benchmarks/pyodide.mjs <site dir> NAME [its arguments...]
//   node benchmarks/pyodide.mjs dist solve korf100 --slice 0:10   (bench.py solve ... --runtime pyodide)
//   node benchmarks/pyodide.mjs dist reflection --slice 0:40
// NAME is a module of benchmarks/ whose main() takes its arguments (solve, beam, reflection, compact).
// Uses the built site (python3 build.py): its Pyodide runtime, the npuzzle wheel's
// sources from this checkout, and the pattern databases named in manifest.json, which
// are registered as the web worker does after fetching them.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [site, name, ...args] = process.argv.slice(2);
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
fs.mkdirTree("/bench/benchmarks");
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
for (const file of readdirSync(join(root, "benchmarks"))) {
  if (file.endsWith(".py")) fs.writeFile(`/bench/benchmarks/${file}`, readFileSync(join(root, "benchmarks", file)));
}
const manifest = JSON.parse(readFileSync(join(site, "manifest.json"), "utf8"));
const strong = new Set(manifest.strong?.names ?? []); // the strongest tables: the page's on request only
const databases = Object.entries(manifest.pdb || {})
  .filter(([name]) => !strong.has(name))
  .map(([, d]) => d.url);
for (const [i, url] of databases.entries()) {
  fs.writeFile(`/bench/db${i}.pdb`, readFileSync(join(site, url)));
}
// NPUZZLE_COMPACT=DIR: also register DIR's compact tables (NAME.compact, npuzzle.pdb.compact),
// read from the disk through a mount rather than copied into Pyodide's own file system
const compactDir = process.env.NPUZZLE_COMPACT;
if (compactDir) {
  fs.mkdirTree("/compact");
  fs.mount(fs.filesystems.NODEFS, { root: resolve(compactDir) }, "/compact");
}
pyodide.globals.set("bench_args", pyodide.toPy(args));
pyodide.globals.set("name", name);
const status = pyodide.runPython(`
import sys, pathlib
sys.path.insert(0, "/bench")
sys.setrecursionlimit(10000)
from npuzzle import pdb
for path in sorted(pathlib.Path("/bench").glob("db*.pdb")):
    pdb.register(path.read_bytes())
for path in sorted(pathlib.Path("/compact").glob("*.compact")):
    pdb.register(path.read_bytes())
import importlib
extra = ["--runtime", "cpython"] if name == "solve" else []
importlib.import_module("benchmarks." + name).main(list(bench_args) + extra)
`);
process.exit(status || 0);
