// The solver's module worker: Pyodide from this site, the npuzzle wheel installed with
// micropip, and npuzzle.api called on request.
//
// Protocol.  The page sends {id, action, args} with action one of check, solve, random,
// replay (args are api keyword arguments).  The worker answers {id, result} or
// {id, error}; while solving it sends {type: "progress", id, progress}.  It also sends
// {type: "loading", text} while starting and {type: "ready", version, timings} once it
// can work (timings: seconds spent loading the runtime, micropip, and the wheel).
// Cancelling a solve means terminating this worker and starting a new one.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

const GLUE = `
import json
from npuzzle import api, __version__

_ACTIONS = {"check": api.check, "solve": api.solve, "random": api.random, "replay": api.replay}

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
  const version = namespace.get("__version__");
  const t3 = performance.now();
  const seconds = (ms) => Math.round(ms) / 1000;
  const timings = { runtime: seconds(t1 - t0), micropip: seconds(t2 - t1), wheel: seconds(t3 - t2) };
  return { call, version, timings };
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
    const text = python.call(action, JSON.stringify(args || {}), report);
    self.postMessage({ id, result: JSON.parse(text) });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
