// The solver's module worker: Pyodide from this site, the npuzzle wheel installed with
// micropip, and npuzzle.api called on request.  Transport only: every decision is made by
// npuzzle.api in Python.
//
// The messages it takes and sends, and every action's arguments, reply and progress, are
// described in docs/protocol.md and typed in protocol.js (generated from the Python types,
// npuzzle/api/protocol/).  Cancelling a request means terminating this worker and starting a new one.
//
// Pattern databases.  Before every request the worker asks Python (action "databases", with
// the request's action and arguments) which databases it needs (a solve of a 4x4 or 5x5
// board, or of a bigger one whose constructive solver ends on a 4x4; the coach; a lab action
// that names pdb), fetches those not yet loaded (files named in manifest.json; the service
// worker keeps them), reporting their bytes as they arrive (DatabasesProgress), and
// registers them.  A failed download is not an error: the solver then says it used linear
// conflict.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { CACHE_PREFIX, DATA_CACHE, FETCH_LOCK } from "../generated/shared.js";

/** @typedef {import("../generated/protocol.js").Actions} Actions */
/** @typedef {import("../generated/protocol.js").ErrorReply} ErrorReply */
/** What the build's manifest.json says (builder/site.py): the wheel, the snapshot, the
 *  pattern databases' files, and the build's name (its cache's).
 *  @typedef {{wheel: string, build?: string, snapshot?: {url: string},
 *    pdb?: Object<string, {url: string, bytes: number, size?: number, gzip?: boolean}>}} Manifest */
/** The wheel's bytes, once fetched.  @typedef {Promise<{bytes: Uint8Array}>} Wheel */
/** Python with npuzzle, started: npuzzle.api's call and register, and what the start saw.
 *  @typedef {{call: (action: string, args: string, report?: (json: string) => void) => string,
 *    register: (data: Uint8Array) => {toJs: (options: object) => {ok: boolean, error?: string}},
 *    manifest: Manifest, version: string, timings: import("../generated/protocol.js").Timings}} Python */

// A path of the site (this worker lives in its solver/ folder): the runtime, manifest.json,
// the wheel, the snapshot and the databases are at the site's top.
const here = (/** @type {string} */ path) => new URL(path, new URL("../", import.meta.url)).href;
/** An error's words (an Error's message, else the thing itself as text).  @param {unknown} error */
const errorText = (error) => String(error instanceof Error && error.message ? error.message : error);

// Each file once.  On a first visit the page's workers (the solver's, the coach's, the
// lab's) and the service worker's install would each download the runtime (pyodide.asm.wasm
// alone is 9.6 MB) before any of them is cached.  So a worker fetches the runtime, the
// snapshot, the wheel and the databases through the Cache Storage the service worker serves
// from (web/sw.js: the build's cache, named in manifest.json, and the databases' own), one
// download a file: under a lock named by its address (Web Locks, shared by every worker and
// the service worker of the site), whoever comes first downloads it and stores it, and the
// others wait and read it from the cache.  The service worker's install stores only what is
// not there yet.

// The caches' names and the fetch lock's are builder/codegen.py's (CACHE_PREFIX, DATA_CACHE:
// the databases' cache, FETCH_LOCK), through shared.js; the build writes them into web/sw.js.
/** The build's cache (web/sw.js CACHE), once manifest.json has named it. */
let runtimeCache = /** @type {string | null} */ (null);
const plainFetch = self.fetch.bind(self);
/** f() holding the Web Lock named name.  @param {string} name @param {() => Promise<void>} f */
const underLock = (name, f) => navigator.locks.request(name, f);

/**
 * The response for url: from the cache named cacheName, or else downloaded (once, under the
 * url's lock) and stored there.  The response is handed on as it arrives (progress, and
 * WebAssembly compiled while it downloads) while a copy is stored; the lock is held until
 * the copy is.  Without Cache Storage or Web Locks (an insecure origin), a plain fetch.
 * @param {string} url
 * @param {string | null} cacheName
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
function fetchOnce(url, cacheName, init) {
  if (!cacheName || !self.caches || !(self.navigator && navigator.locks)) return plainFetch(url, init);
  return new Promise((resolve, reject) => {
    underLock(`${FETCH_LOCK} ${url}`, async () => {
      let cache = null;
      try {
        cache = await caches.open(cacheName);
        const hit = await cache.match(url);
        if (hit) return resolve(hit);
      } catch {
        cache = null; // storage refused (full, or private mode): downloaded as usual
      }
      let response;
      try {
        response = await plainFetch(url, init);
      } catch (error) {
        return reject(error);
      }
      if (!response.ok || !cache) return resolve(response);
      const copy = response.clone();
      resolve(response);
      await cache.put(url, copy).catch(() => {}); // an aborted download is not stored
    }).catch(reject);
  });
}

// Pyodide fetches its runtime files (pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json,
// micropip's wheels) with the global fetch: those under ./pyodide/ go through fetchOnce.
self.fetch = (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) => {
  const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
  if (url.startsWith(here("./pyodide/")) && !(input instanceof Request)) return fetchOnce(url, runtimeCache, init);
  return plainFetch(input, init);
};

// The snapshot saves about 1.5 s of a 2-core machine's start but adds its download (6 MB)
// to a first visit: it is used when it arrives at SNAPSHOT_RATE or faster (from the cache,
// or over a fast network), judged on its first RATE_AFTER ms; on a slower network the
// worker drops it and starts as usual (docs/benchmarks.md, the start).
const SNAPSHOT_RATE = 3.5e6; // bytes a second (28 Mbit/s)
const RATE_AFTER = 300; // ms

/** The snapshot's bytes, gunzipped; throws if it comes slower than SNAPSHOT_RATE.  seen.rate
 *  gets the rate it came at (MB/s; left null when it came within RATE_AFTER).
 *  @param {{url: string}} snapshot  @param {{rate: number | null}} seen */
async function snapshotBytes(snapshot, seen) {
  // Chromium's guess of the network (not in every browser, nor in TypeScript's DOM)
  const link =
    self.navigator &&
    /** @type {WorkerNavigator & {connection?: {saveData?: boolean, effectiveType?: string}}} */ (navigator).connection;
  if (link && (link.saveData || /2g|3g/.test(link.effectiveType || ""))) {
    throw new Error(
      `the network is slow (${link.saveData ? "data saver" : link.effectiveType}): a normal start is quicker`,
    );
  }
  const abort = new AbortController();
  const response = await fetchOnce(here(`./${snapshot.url}`), runtimeCache, { signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`the snapshot: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks = [];
  const began = performance.now();
  let received = 0,
    judged = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    const ms = performance.now() - began;
    if (!judged && ms > RATE_AFTER) {
      judged = true;
      const rate = received / (ms / 1000);
      seen.rate = Math.round(rate / 1e4) / 100;
      if (rate < SNAPSHOT_RATE) {
        abort.abort();
        throw new Error(`the network is slow (${(rate / 1e6).toFixed(1)} MB/s): a normal start is quicker`);
      }
    }
  }
  return new Response(new Blob(chunks).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/** The wheel's bytes written into Python's file system; its path there.
 *  @param {import("pyodide").PyodideInterface} pyodide  @param {Manifest} manifest  @param {Wheel} wheel */
async function wheelFile(pyodide, manifest, wheel) {
  const path = `/tmp/${manifest.wheel.split("/").pop()}`;
  pyodide.FS.writeFile(path, (await wheel).bytes);
  return path;
}

/** Python with npuzzle imported, from the memory snapshot build.py made of this very
 *  runtime and wheel (make_snapshot.mjs): no Python start-up, no micropip, no install.
 *  The snapshot holds the imported modules but not the files, so the wheel's files are
 *  unpacked again for modules imported later.  Throws if anything is wrong with it.
 *  @param {Manifest & {snapshot: {url: string}}} manifest  @param {Wheel} wheel  @param {{rate: number | null}} seen */
async function fromSnapshot(manifest, wheel, seen) {
  const bytes = await snapshotBytes(manifest.snapshot, seen);
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), _loadSnapshot: bytes });
  const path = await wheelFile(pyodide, manifest, wheel);
  pyodide.runPython(`
import importlib, site, zipfile
zipfile.ZipFile(${JSON.stringify(path)}).extractall(site.getsitepackages()[0])
importlib.invalidate_caches()
`);
  return pyodide;
}

/** Python with npuzzle installed by micropip from the wheel's bytes.
 *  @param {Manifest} manifest  @param {Wheel} wheel */
async function installed(manifest, wheel) {
  // micropip comes with the runtime (loaded as it starts, not after)
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), packages: ["micropip"] });
  const path = await wheelFile(pyodide, manifest, wheel);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:${path}`);
  micropip.destroy();
  return pyodide;
}

/** @returns {Promise<Python>} */
async function start() {
  const t0 = performance.now();
  // The wheel is fetched while the runtime loads, and micropip installs it from memory.
  const manifest = fetch(here("./manifest.json"), { cache: "no-cache" })
    .then((r) => r.json())
    .then((/** @type {Manifest} */ m) => {
      runtimeCache = m.build ? CACHE_PREFIX + m.build : null; // none on a site built without it
      return m;
    });
  const wheel = manifest.then(async (m) => {
    const response = await fetchOnce(here(`./${m.wheel}`), runtimeCache);
    if (!response.ok) throw new Error(`the solver's wheel: HTTP ${response.status}`);
    return { bytes: new Uint8Array(await response.arrayBuffer()) };
  });
  wheel.catch(() => {}); // awaited below; a failure is reported there
  self.postMessage({ type: "loading", step: "runtime", text: "Loading the Python runtime…" });
  const site = await manifest;
  let pyodide = null;
  let snapshot = site.snapshot ? "used" : "none";
  /** @type {{rate: number | null}} */
  const seen = { rate: null }; // the snapshot's download rate, for the timings
  if (site.snapshot) {
    try {
      pyodide = await fromSnapshot({ ...site, snapshot: site.snapshot }, wheel, seen);
      pyodide.pyimport("npuzzle.api").destroy();
    } catch (error) {
      // a normal start instead (the reason is kept with the timings)
      snapshot = `failed: ${errorText(error)}`;
      pyodide = null;
    }
  }
  const t1 = performance.now();
  if (!pyodide) {
    self.postMessage({ type: "loading", step: "install", text: "Installing the solver…" });
    pyodide = await installed(site, wheel);
  }
  const t3 = performance.now();
  // Everything Python is in the package: npuzzle.api.call answers a request (JSON in,
  // JSON out), npuzzle.api.register loads a database file's bytes.
  const api = pyodide.pyimport("npuzzle.api");
  const call = api.call;
  const register = api.register;
  const version = pyodide.pyimport("npuzzle").__version__;
  const t4 = performance.now();
  const seconds = (/** @type {number} */ ms) => Math.round(ms) / 1000;
  const timings = {
    runtime: seconds(t1 - t0),
    wheel: seconds(t3 - t1),
    import: seconds(t4 - t3),
    snapshot,
    snapshot_rate: seen.rate,
  };
  return { call, register, manifest: site, version, timings };
}

/**
 * The action's reply from Python (npuzzle.api.call: JSON in, JSON out), typed by protocol.js.
 * @template {keyof Actions} A
 * @param {Python} python  @param {A} action  @param {Actions[A]["args"]} args
 * @param {(json: string) => void} [report]  the action's progress, as JSON
 * @returns {Actions[A]["reply"] | ErrorReply}
 */
function callPython(python, action, args, report) {
  return JSON.parse(python.call(action, JSON.stringify(args), report));
}

/** Fetch and register the databases a request needs, reporting bytes as they arrive.
 *  @param {Python} python  @param {import("../generated/protocol.js").DatabasesArgs} args
 *  @param {(progress: import("../generated/protocol.js").DatabasesProgress) => void} report */
async function loadDatabases(python, args, report) {
  const needed = callPython(python, "databases", args);
  const names = "names" in needed ? needed.names : [];
  const pdb = python.manifest.pdb || {};
  const files = names.filter((n) => pdb[n]).map((n) => pdb[n]);
  if (files.length < names.length) {
    // a site served while its databases are still being built (build.py serve, first run)
    report({ phase: "databases", loaded: 0, total: 0, failed: "not built yet on this server; reload later" });
    return;
  }
  if (!files.length) return;
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  let loaded = 0,
    shown = 0;
  report({ phase: "databases", loaded, total });
  for (const file of files) {
    let data;
    try {
      const response = await fetchOnce(here(`./${file.url}`), DATA_CACHE);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      // the bytes as they arrive counted for the progress, then unpacked where the file is
      // gzipped (the strongest tables), straight into one array of the manifest's size (577
      // MB for those: chunks joined afterwards would hold them twice)
      const counted = response.body.pipeThrough(
        new TransformStream({
          transform(chunk, out) {
            loaded += chunk.length;
            if (performance.now() - shown > 100) {
              shown = performance.now();
              report({ phase: "databases", loaded, total });
            }
            out.enqueue(chunk);
          },
        }),
      );
      const size = file.size ?? file.bytes;
      const reader = (file.gzip ? counted.pipeThrough(new DecompressionStream("gzip")) : counted).getReader();
      data = new Uint8Array(size);
      let at = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (at + value.length > size) throw new Error(`more than the ${size} bytes the manifest says`);
        data.set(value, at);
        at += value.length;
      }
      if (at !== size) throw new Error(`${at} bytes of the ${size} the manifest says`);
    } catch (err) {
      report({ phase: "databases", loaded, total, failed: errorText(err) });
      return; // solved without them; the result's notes say so
    }
    report({ phase: "databases", loaded, total, unpacking: file.url.split("/").pop() });
    const answer = python.register(data).toJs({ dict_converter: Object.fromEntries });
    if (!answer.ok) {
      report({ phase: "databases", loaded, total, failed: answer.error });
      return;
    }
  }
}

const ready = start();
ready.then(
  ({ version, timings }) => self.postMessage({ type: "ready", version, timings }),
  (err) => self.postMessage({ type: "failed", error: errorText(err) }),
);

// One request at a time, in the order sent: a request awaits its databases' download, and
// one sent meanwhile (a solve after the page's warm, the coach's next position) must not
// start its own download of the same files or overtake it.
let queue = Promise.resolve();
self.onmessage = (event) => {
  queue = queue.then(() => answer(event.data));
};

/** Answer one request (protocol.js WorkerRequest, its action one of protocol.js Actions)
 *  with a WorkerResult or a WorkerError; `strong`: the person asked for the strongest 4x4 tables.
 *  @template {keyof Actions} A  @param {{id: number, action: A, args: Actions[A]["args"], strong?: boolean}} request */
async function answer({ id, action, args, strong }) {
  let python;
  try {
    python = await ready;
  } catch (err) {
    self.postMessage({ id, error: `the solver could not start: ${errorText(err)}` });
    return;
  }
  try {
    const report = (/** @type {string} */ json) =>
      self.postMessage({ type: "progress", id, progress: JSON.parse(json) });
    // Python says which databases this action needs (none for most): solve's, the coach's and the lab's.
    await loadDatabases(python, { ...(args || {}), action, strong: !!strong }, (p) =>
      self.postMessage({ type: "progress", id, progress: p }),
    );
    self.postMessage({ id, result: callPython(python, action, args || {}, report) });
  } catch (err) {
    self.postMessage({ id, error: errorText(err) });
  }
}
