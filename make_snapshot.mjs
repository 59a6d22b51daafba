// A memory snapshot of the solver's worker, made by build.py under Node.js:
//
//     node make_snapshot.mjs SITE OUT
//
// It starts the site's own Pyodide (SITE/pyodide/) with the experimental _makeSnapshot
// option, unpacks the site's npuzzle wheel into site-packages (a pure-Python wheel: its
// files are the installation; micropip cannot be used here, as a snapshot cannot be made
// once Pyodide has loaded a package), imports npuzzle.api and answers two small solves (so
// the modules a solve needs are imported too), then writes Pyodide's memory snapshot,
// gzipped, to OUT.  web/solver/worker.js starts from it (loadPyodide's _loadSnapshot) instead of
// starting Python, loading micropip and installing the wheel with it, and falls back to
// that normal start whenever the snapshot fails.  A snapshot only loads into the Pyodide
// build that made it, which is why the build makes it from the very files the site serves.

import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [site, out] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const manifest = JSON.parse(readFileSync(join(site, "manifest.json"), "utf8"));

// The program name a browser worker has (under Node it would be this script's path).
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", _makeSnapshot: true,
  _sysExecutable: "./this.program" });
const wheel = "/tmp/" + manifest.wheel.split("/").pop();
pyodide.FS.writeFile(wheel, readFileSync(join(site, manifest.wheel)));
// Only strings cross into Python here: a snapshot cannot hold references to JS objects.
pyodide.runPython(`
import json, site, zipfile
zipfile.ZipFile(${JSON.stringify(wheel)}).extractall(site.getsitepackages()[0])
import npuzzle.api
for board in ("3x3:1,2,3,4,5,6,0,7,8", "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"):
    assert json.loads(npuzzle.api.call("solve", json.dumps({"board": board})))["ok"]
del board, json, site, zipfile
`);
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(out, packed);
console.log(JSON.stringify({ bytes: snapshot.length, gzipped: packed.length }));
