// The solver's module worker: Pyodide from this site, the npuzzle wheel installed with
// micropip, and npuzzle.api called on request.
//
// Protocol.  The page sends {id, action, args} with action one of check, solve, random,
// replay (args are api keyword arguments).  The worker answers {id, result} or
// {id, error}; while solving it sends {type: "progress", id, progress}.  It also sends
// {type: "loading", text} while starting and {type: "ready", version, timings} once it
// can work (timings: seconds spent loading the runtime, micropip, and the wheel).
// Cancelling a solve means terminating this worker and starting a new one.
//
// Pattern databases.  Before a solve the worker asks Python which databases the board
// needs (4x4 and 5x5 boards, and bigger ones whose constructive solver ends on a 4x4), fetches
// those not yet loaded (files named in manifest.json; the service worker keeps them),
// sending progress {phase: "databases", loaded, total} (bytes), and registers them.
// A failed download is not an error: the solver then says it used linear conflict.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

const GLUE = `
import json
from npuzzle import api, __version__

from npuzzle import pdb, portfolio
from npuzzle.notation import NotationError, parse_problem

_ACTIONS = {"check": api.check, "solve": api.solve, "random": api.random, "replay": api.replay}
_loaded = set()

def databases(args_json):
    """The pattern databases a solve needs and this worker has not loaded (JSON list)."""
    args = json.loads(args_json)
    try:
        problem = parse_problem(args["board"], args.get("goal"), args.get("wrap"))
    except (NotationError, KeyError, ValueError):
        return "[]"  # the solve itself will explain
    names = portfolio.databases_needed(problem, args.get("strategy", "auto"), args.get("heuristic"),
                                       args.get("algorithm", "idastar"))
    return json.dumps(sorted(names - _loaded))

def register(data):
    _loaded.add(pdb.register(data.to_bytes()))

def call(action, args_json, report):
    args = json.loads(args_json)
    if action == "solve":
        args["progress"] = lambda d: report(json.dumps(d))
    return json.dumps(_ACTIONS[action](**args))
`;

async function start() {
  const t0 = performance.now();
  self.postMessage({ type: "loading", text: "Loading the Python runtime…" });
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  const t1 = performance.now();
  self.postMessage({ type: "loading", text: "Installing the solver…" });
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const t2 = performance.now();
  const manifest = await (await fetch(here("./manifest.json"), { cache: "no-cache" })).json();
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(here("./" + manifest.wheel));
  micropip.destroy();
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(GLUE, { globals: namespace });
  const call = namespace.get("call");
  const databases = namespace.get("databases");
  const register = namespace.get("register");
  const version = namespace.get("__version__");
  const t3 = performance.now();
  const seconds = (ms) => Math.round(ms) / 1000;
  const timings = { runtime: seconds(t1 - t0), micropip: seconds(t2 - t1), wheel: seconds(t3 - t2) };
  return { call, databases, register, manifest, version, timings };
}

/** Fetch and register the databases a solve needs, reporting bytes as they arrive. */
async function loadDatabases(python, args, report) {
  const names = JSON.parse(python.databases(JSON.stringify(args)));
  const files = names.map((n) => python.manifest.pdb && python.manifest.pdb[n]).filter(Boolean);
  if (!files.length) return;
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  let loaded = 0, shown = 0;
  report({ phase: "databases", loaded, total });
  for (const file of files) {
    let data;
    try {
      const response = await fetch(here("./" + file.url));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const reader = response.body.getReader();
      const chunks = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.length;
        if (performance.now() - shown > 100) {
          shown = performance.now();
          report({ phase: "databases", loaded, total });
        }
      }
      data = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) { data.set(c, at); at += c.length; }
    } catch (err) {
      report({ phase: "databases", loaded, total, failed: String(err && err.message || err) });
      return; // solved without them; the result's notes say so
    }
    report({ phase: "databases", loaded, total, unpacking: file.url.split("/").pop() });
    python.register(data);
  }
}

const ready = start();
ready.then(
  ({ version, timings }) => self.postMessage({ type: "ready", version, timings }),
  (err) => self.postMessage({ type: "failed", error: String(err && err.message || err) }),
);

self.onmessage = async (event) => {
  const { id, action, args } = event.data;
  let python;
  try {
    python = await ready;
  } catch (err) {
    self.postMessage({ id, error: "the solver could not start: " + String(err && err.message || err) });
    return;
  }
  try {
    const report = (json) => self.postMessage({ type: "progress", id, progress: JSON.parse(json) });
    if (action === "solve") {
      await loadDatabases(python, args || {}, (p) => self.postMessage({ type: "progress", id, progress: p }));
    }
    const text = python.call(action, JSON.stringify(args || {}), report);
    self.postMessage({ id, result: JSON.parse(text) });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
