// Korf's 100 with the pattern-database solver inside Pyodide under Node.js.
//   node tools/bench_pdb_pyodide.mjs <pyodide dir> <pdb dir> [first:last]
// Copies the npuzzle package and bench_pdb.py from this checkout into Pyodide's file
// system, registers the database files (<pdb dir>/*.pdb, as the web worker would after
// fetching them) and runs bench_pdb.run, printing its rows and summary.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [runtime, pdbDir, slice = "0:100"] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(runtime) + "/", stdout: (s) => console.log(s) });
const fs = pyodide.FS;
fs.mkdirTree("/bench/npuzzle");
fs.mkdirTree("/bench/tests/data");
for (const name of readdirSync(join(root, "npuzzle")).filter((n) => n.endsWith(".py"))) {
  fs.writeFile(`/bench/npuzzle/${name}`, readFileSync(join(root, "npuzzle", name)));
}
fs.writeFile("/bench/bench_pdb.py", readFileSync(join(root, "bench_pdb.py")));
fs.writeFile("/bench/tests/data/korf100.txt", readFileSync(join(root, "tests/data/korf100.txt")));
for (const name of readdirSync(pdbDir).filter((n) => n.endsWith(".pdb"))) {
  fs.writeFile(`/bench/${name}`, readFileSync(join(pdbDir, name)));
}
const [first, last] = slice.split(":");
pyodide.runPython(`
import sys, pathlib
sys.path.insert(0, "/bench")
sys.setrecursionlimit(10000)
from npuzzle import pdb
for path in pathlib.Path("/bench").glob("*.pdb"):
    pdb.register(path.read_bytes())
import bench_pdb
bench_pdb.run(${Number(first || 0)}, ${Number(last || 100)})
`);
