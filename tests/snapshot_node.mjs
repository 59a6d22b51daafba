// The site's Python snapshot under Node.js, started as web/solver/worker.js starts it: loadPyodide
// with _loadSnapshot, the wheel's files unpacked again.  Prints JSON: which npuzzle modules
// the snapshot had imported, and what a module it had not imported (npuzzle.cli) and the
// package's metadata say once the files are back.  Usage: node snapshot_node.mjs SITE

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const site = resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const manifest = JSON.parse(readFileSync(join(site, "manifest.json"), "utf8"));
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/",
  _loadSnapshot: gunzipSync(readFileSync(join(site, manifest.snapshot.url))) });
const imported = JSON.parse(pyodide.runPython(
  "import json, sys; json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'npuzzle'))"));
const path = "/tmp/" + manifest.wheel.split("/").pop();
pyodide.FS.writeFile(path, readFileSync(join(site, manifest.wheel)));
const after = JSON.parse(pyodide.runPython(`
import importlib, importlib.metadata, json, site, zipfile
zipfile.ZipFile(${JSON.stringify(path)}).extractall(site.getsitepackages()[0])
importlib.invalidate_caches()
import npuzzle, npuzzle.cli
json.dumps({"version": npuzzle.__version__, "metadata": importlib.metadata.version("npuzzle"),
            "cli": callable(npuzzle.cli.main),
            "solve": json.loads(npuzzle.api.call("solve", json.dumps({"board": "3x3:1,2,3,4,5,6,0,7,8"})))})
`));
console.log(JSON.stringify({ imported, ...after }));
