// The page's side of the worker protocol (docs/protocol.md; its messages are typed in
// protocol.js): requests with ids, promises for their answers, progress callbacks, and
// cancel = terminate and start a new worker.

// The solver's first worker is started by the page's first module (start_early.js calls
// `startEarly` before the page's own modules have loaded, about 0.25 s sooner); the first
// Solver without a role adopts it with whatever it said meanwhile.

/** @typedef {import("../generated/protocol.js").Actions} Actions */
/** @typedef {import("../generated/protocol.js").ErrorReply} ErrorReply */
/** @typedef {import("../generated/protocol.js").Progress} Progress */
/** What a worker said before its Solver listened: a message's data, or an error's text.
 *  @typedef {["message", import("../generated/protocol.js").WorkerMessage] | ["error", string]} Said */
/** A request awaiting its answer.
 *  @typedef {{resolve: (reply: object) => void, reject: (error: Error) => void,
 *    onProgress: (progress: Progress) => void}} Pending */

/** Whether requests ask for the strongest 4x4 tables: strong_tables.js answers (Solver
 *  options), without this module, which the page's first script loads, loading it. */
export const wants = { strong: () => false };

/** @type {{worker: Worker, said: Said[]} | null} */
let early = null;
let solverStarted = false; // a Solver without a role has started: too late to start early

/** Start the page's solver worker now; the first Solver without a role takes it over. */
export function startEarly() {
  if (early || solverStarted || typeof Worker === "undefined") return;
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  /** @type {Said[]} */
  const said = [];
  worker.onmessage = (event) => said.push(["message", event.data]);
  worker.onerror = (event) => {
    event.preventDefault();
    said.push(["error", event.message]);
  };
  early = { worker, said };
}

/**
 * What a Solver tells its owner about the worker starting (Pool takes the same).
 * @typedef {object} SolverHandlers
 * @property {(text: string, step: string) => void} [onLoading]  a stage of the start
 * @property {(version: string) => void} [onReady]  the worker can answer requests
 * @property {(error: string) => void} [onFailed]  it could not start, or failed
 * @property {string} [role]
 */

export class Solver {
  /** `role` names what the worker is for ("coach", "lab"; none for the solver's own) in
   *  its address's fragment, so tools and tests can tell the page's workers apart (the
   *  fragment is not sent, and the offline cache serves the same file).
   *  @param {SolverHandlers} [handlers] */
  constructor({ onLoading = () => {}, onReady = () => {}, onFailed = () => {}, role = "" } = {}) {
    this.handlers = { onLoading, onReady, onFailed };
    this.role = role;
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.ready = false;
    this.closed = false;
    /** @type {import("../generated/protocol.js").Timings | undefined} */
    this.timings = undefined;
    /** @type {Worker} */
    this.worker = this.start();
  }

  /** Start (or adopt) a worker; it is this.worker, and returned.  @returns {Worker} */
  start() {
    this.ready = false;
    this.closed = false;
    const adopted = !this.role && early;
    early = adopted ? null : early;
    if (!this.role) solverStarted = true;
    if (!adopted) {
      const url = new URL("./worker.js", import.meta.url);
      if (this.role) url.hash = this.role;
      this.worker = new Worker(url, { type: "module" });
      this.listen(this.worker, []);
      return this.worker;
    }
    // what the early worker said is heard once the page's constructors have returned
    this.worker = adopted.worker;
    setTimeout(() => this.listen(adopted.worker, adopted.said), 0);
    return this.worker;
  }

  /** Hear the worker: first what it said before (kind and data), then what it says.
   *  @param {Worker} worker  @param {Said[]} said */
  listen(worker, said) {
    if (this.closed || worker !== this.worker) return; // closed meanwhile
    for (const heard of said) {
      if (heard[0] === "message") this.receive(heard[1]);
      else this.failed(heard[1]);
    }
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.failed(event.message);
    };
  }

  /** @param {string} message */
  failed(message) {
    this.handlers.onFailed(message || "the solver's worker failed to start");
  }

  /** @param {import("../generated/protocol.js").WorkerMessage} message */
  receive(message) {
    if ("type" in message && message.type === "loading") return this.handlers.onLoading(message.text, message.step);
    if ("type" in message && message.type === "ready") {
      this.ready = true;
      this.timings = message.timings;
      return this.handlers.onReady(message.version);
    }
    if ("type" in message && message.type === "failed") return this.handlers.onFailed(message.error);
    const request = this.pending.get(message.id);
    if (!request) return;
    if ("type" in message && message.type === "progress") return request.onProgress(message.progress);
    this.pending.delete(message.id);
    if ("error" in message) request.reject(new Error(message.error));
    else request.resolve(message.result);
  }

  /** A promise of the action's reply (protocol.js: `<Action>Reply`, or an ErrorReply);
   *  onProgress gets its progress dicts (protocol.js Progress).
   *  @template {keyof Actions} A
   *  @param {A} action  @param {Actions[A]["args"]} args  @param {(progress: Progress) => void} [onProgress]
   *  @returns {Promise<Actions[A]["reply"] | ErrorReply>} */
  request(action, args, onProgress = () => {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // the worker's JSON is the action's reply: tests/test_protocol_shapes.py holds the
      // package's replies to the types this promises
      const answered = (/** @type {object} */ reply) =>
        resolve(/** @type {Actions[A]["reply"] | ErrorReply} */ (reply));
      this.pending.set(id, { resolve: answered, reject, onProgress });
      this.worker.postMessage({ id, action, args, strong: wants.strong() });
    });
  }

  get busy() {
    return this.pending.size > 0;
  }

  /** Stop whatever the worker is doing: it is terminated and a fresh one starts loading. */
  cancel() {
    this.close();
    this.start();
  }

  /** Terminate the worker; its requests are rejected with a CancelledError. */
  close() {
    this.worker.terminate();
    this.ready = false;
    this.closed = true;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(new CancelledError("cancelled"));
  }
}

export class CancelledError extends Error {}
