// A pool of solver workers (solver.js; each loads its own Pyodide and databases).  Every
// request goes to the first worker, except a solve that needs optimal IDA* with the
// pattern databases past its first second: its passes are split into subtrees handed to
// whichever worker is free, the first pass lowest h first, every later one most visited
// (in the pass before) first; a worker searches a subtree's own parts lowest h first
// (npuzzle.pdb.parallel); a 24-puzzle's come in Korf's order and keep it every pass.
// Every pass searches what the sequential search's pass does, in another order (the next
// bound may skip a pass, never past the optimum), so the first solution found is optimal.
//
// The helpers (the workers but the first) start once the first is ready, so the page is
// usable as soon as with one, and each is warmed for the page's goal before it takes work.
// A solve uses the workers that can take work then: one that becomes ready during a split
// joins it at once, taking the next subtree of the pass under way, so a Solve pressed while
// the helpers load is split from its first pass and gains from each helper as it arrives.
//
// Cancel terminates every worker and starts them again.  A pass cannot be interrupted
// (no SharedArrayBuffer on a plain static host), so once one worker finds the solution
// the others finish the subtree they are in and their answers are dropped; the next
// split waits for them (see `idle`).

import { CancelledError, Solver } from "./solver.js";
import { MAX_LANES } from "../generated/shared.js";
import { RefusedError, isRefusal, searching } from "./ask.js";
export { CancelledError }; // the pool's callers catch it as the solver's

/** @typedef {import("../generated/protocol.js").Actions} Actions */
/** @typedef {import("../generated/protocol.js").ErrorReply} ErrorReply */
/** @typedef {import("../generated/protocol.js").Progress} Progress */
/** @typedef {import("../generated/protocol.js").SolveArgs} SolveArgs */
/** @typedef {import("../generated/protocol.js").SolveReply} SolveReply */
/** @typedef {import("./ask.js").Requester} Requester */

/** The pool's workers at most: as many as the package's races have lanes. */
export const MAX_WORKERS = MAX_LANES;

/** A pool size from a number: whole, at least 1, at most MAX_WORKERS.  @param {unknown} n */
export const clampWorkers = (n) => Math.min(MAX_WORKERS, Math.max(1, Math.floor(Number(n) || 1)));

/** The default stops here: on paper the split gains 3.80x on 4 workers and only 4.40x on 8
 *  (docs/benchmarks.md, the split on paper), for 100-150 MB a worker; &workers=N may ask
 *  for more. */
export const HELPFUL_WORKERS = 4;
/** Device memory (GB, as navigator.deviceMemory says it) a worker is given by default: each
 *  takes 100-150 MB (docs/benchmarks.md), and a phone that kills a tab past its share
 *  must keep the page. */
export const GB_PER_WORKER = 2;

/** The workers by default: the cores but the page's own, at most one per GB_PER_WORKER of
 *  the device's memory where the browser tells it, at least 1, at most HELPFUL_WORKERS. */
export const defaultWorkers = (
  cores = globalThis.navigator && navigator.hardwareConcurrency,
  memory = globalThis.navigator && /** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory,
) => {
  const byMemory =
    memory !== undefined && Number.isFinite(memory) && memory > 0 ? Math.floor(memory / GB_PER_WORKER) : Infinity;
  return clampWorkers(Math.min((cores || 2) - 1, byMemory, HELPFUL_WORKERS));
};

/** The pool size a link asks for (&workers=N), or null.  @param {string} [hash] */
export function linkWorkers(hash) {
  const m = /(?:^#?|&)workers=(\d+)(?:&|$)/.exec(hash || "");
  return m ? clampWorkers(Number(m[1])) : null;
}

// The promise of each worker's last request, settled either way: a worker is free for a
// subtree once it settles (one still finishing a dropped subtree is not handed another).
/** @type {WeakMap<Requester, Promise<void>>} */
const lastRequest = new WeakMap();
const idle = (/** @type {Requester} */ worker) => lastRequest.get(worker) || Promise.resolve();
const settled = () => {};

/** worker.request(action, args, onProgress), remembered as the worker's last request.
 *  @template {keyof Actions} A
 *  @param {Requester} worker  @param {A} action  @param {Actions[A]["args"]} args
 *  @param {(progress: Progress) => void} [onProgress] */
function send(worker, action, args, onProgress) {
  const answer = worker.request(action, args, onProgress);
  lastRequest.set(worker, answer.then(settled, settled));
  return answer;
}

/** A crew of workers for splitSolve: those that can take work now (the first first), and
 *  onJoin(listener), which calls listener(worker) as each other worker becomes able and
 *  returns a function that stops it.
 *  @typedef {{list: () => Requester[], onJoin: (listener: (worker: Requester) => void) => () => void}} Crew */

/** A fixed list of workers: a crew nobody joins.  @param {Requester[]} workers  @returns {Crew} */
export const fixedCrew = (workers) => ({ list: () => workers, onJoin: () => () => {} });

/**
 * solve's answer for args, over workers (objects with request(action, args, onProgress),
 * as Solver; an array, or a crew that workers join, as Pool's): the split passes of
 * npuzzle.pdb.parallel.idastar_parallel, one subtree a worker at a time (actions
 * split_start, split_pass, split_finish: docs/protocol.md).  A worker that joins during a
 * pass takes that pass's next subtree.  onProgress gets PoolProgress (protocol.js), nodes
 * added over the workers and never going backwards (and the first worker's own progress
 * while it starts or finishes).
 */
/** @param {Requester[] | Crew} workers  @param {SolveArgs} args  @param {(progress: Progress) => void} [onProgress]
 *  @param {() => number} [now]  @returns {Promise<SolveReply | ErrorReply>} */
export async function splitSolve(workers, args, onProgress = () => {}, now = () => performance.now()) {
  const crew = Array.isArray(workers) ? fixedCrew(workers) : workers;
  const first = crew.list()[0];
  const start = await send(first, "split_start", { ...args, lanes: crew.list().length }, onProgress);
  if ("race" in start) return raceSolve(crew.list().slice(0, start.race), args, onProgress);
  if (!("split" in start)) return start; // solve's own answer (or a refusal): not split, or done in its first second
  const { parity, jobs, depth, left, reorder } = start.split;
  const began = now() - start.split.seconds * 1000;
  const deadline = left === null ? null : now() + left * 1000;
  let bound = start.split.bound,
    nodes = start.split.nodes,
    shown = nodes;
  /** @type {Map<Requester, number>} */
  const running = new Map(); // worker -> nodes of the subtree it is in
  const report = () => {
    let total = nodes;
    for (const n of running.values()) total += n;
    shown = Math.max(shown, total);
    /** @type {import("../generated/protocol.js").PoolProgress} */
    const progress = {
      algorithm: "idastar",
      bound,
      nodes: shown,
      seconds: Math.round(now() - began) / 1000,
      workers: crew.list().length,
    };
    onProgress(progress);
  };
  const base = { goal: args.goal, wrap: args.wrap, bound, parity };
  const sizes = jobs.map(() => 0); // each subtree's nodes in the pass before
  let order = jobs.map((_, i) => i);

  /** One pass: {found: {worker, cells} | null, nextBound, stopped}; nodes added as subtrees
   *  end.  Every worker of the crew takes subtrees, and each that joins meanwhile.  The next
   *  pass's bound is the least of the subtrees' next_bound (the package's rule,
   *  npuzzle.pdb.parallel.next_bound, applied by each split_pass).
   *  @typedef {{found: {worker: Requester, cells: number[]} | null, nextBound: number, stopped: string | null}} Passed */
  const pass = () =>
    /** @type {Promise<Passed>} */ (
      new Promise((resolve, reject) => {
        let next = 0,
          nextBound = Infinity,
          over = false,
          busy = 0;
        let stopped = /** @type {string | null} */ (null);
        /** @type {Set<Requester>} */
        const taking = new Set();
        let stopJoining = () => {};
        const end = (/** @type {Passed} */ outcome) => {
          if (!over) {
            over = true;
            stopJoining();
            resolve(outcome);
          }
        };
        const work = async (/** @type {Requester} */ worker) => {
          await idle(worker);
          while (!over && !stopped && next < order.length) {
            const i = order[next++],
              job = jobs[i];
            const seconds = deadline === null ? null : Math.max((deadline - now()) / 1000, 1e-3);
            running.set(worker, 0);
            const r = await send(
              worker,
              "split_pass",
              { ...base, bound, board: job.board, back: job.back, depth_left: bound - depth, time_limit: seconds },
              (p) => {
                if (!over && searching(p)) {
                  running.set(worker, p.nodes);
                  report();
                }
              },
            );
            running.delete(worker);
            if (over) return;
            if (isRefusal(r)) throw new RefusedError(r); // worded in the page's language by ask()
            nodes += r.nodes;
            sizes[i] = r.nodes;
            nextBound = Math.min(nextBound, r.next_bound);
            if (r.found) return end({ found: { worker, cells: job.cells.concat(r.cells) }, nextBound, stopped: null });
            if (r.stopped) stopped = r.stopped;
          }
          if (--busy === 0) end({ found: null, nextBound, stopped });
        };
        const take = (/** @type {Requester} */ worker) => {
          if (over || taking.has(worker)) return;
          taking.add(worker);
          busy++;
          work(worker).catch((e) => {
            if (!over) {
              over = true;
              stopJoining();
              reject(e);
            }
          });
        };
        for (const worker of crew.list()) take(worker);
        stopJoining = crew.onJoin(take);
        if (over) stopJoining(); // the pass ended before it could listen (nothing to hand out)
      })
    );

  for (;;) {
    base.bound = bound;
    const { found, nextBound, stopped } = await pass();
    report();
    if (found || stopped) {
      const finisher = found ? found.worker : first;
      // the nodes shown: the subtrees dropped unfinished count what they had searched
      return send(
        finisher,
        "split_finish",
        { ...args, cells: found ? found.cells : null, bound, nodes: shown, seconds: Math.round(now() - began) / 1000 },
        onProgress,
      );
    }
    bound = nextBound;
    if (reorder !== false) order = passOrder(sizes); // false: Korf's order, the jobs' own, every pass
  }
}

/** The subtrees' order for the next pass from their nodes in the pass before: most first,
 *  as npuzzle.pdb.parallel orders them (ties here in split_start's order, lowest h first;
 *  there in the pass before's: mostly subtrees pruned at their root, 0 nodes each).
 *  @param {number[]} sizes */
export function passOrder(sizes) {
  return sizes.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
}

/**
 * solve's answer for a board answered by a ladder of weights (5x5 and up): every worker
 * runs solve on a lane of the ladder's weights for the whole time (npuzzle.search.portfolio.races),
 * and the shortest answer wins, with the best lower bound and the nodes of all.  Progress
 * adds the nodes (never going back), and `best` is the shortest length found so far.  A
 * helper's lane that fails is left out; the first worker's (the whole ladder) must answer.
 */
/** @param {Requester[]} workers  @param {SolveArgs} args  @param {(progress: Progress) => void} [onProgress]
 *  @returns {Promise<SolveReply | ErrorReply>} */
export async function raceSolve(workers, args, onProgress = () => {}) {
  /** @type {(import("../generated/protocol.js").SearchProgress | null)[]} */
  const seen = workers.map(() => null);
  let shown = 0;
  const settled = await Promise.allSettled(
    workers.map((worker, k) =>
      send(worker, "solve", { ...args, lane: [k, workers.length] }, (p) => {
        seen[k] = searching(p) ? p : null;
        if (!searching(p)) return onProgress(p); // databases arriving, and the like
        const all = seen.filter((q) => q !== null);
        const lengths = all.map((q) => q.best).filter((b) => typeof b === "number");
        shown = Math.max(
          shown,
          all.reduce((n, q) => n + (q.nodes || 0), 0),
        );
        /** @type {import("../generated/protocol.js").PoolProgress} */
        const progress = {
          ...p,
          nodes: shown,
          workers: workers.length,
          best: lengths.length ? Math.min(...lengths) : null,
        };
        onProgress(progress);
      }),
    ),
  );
  if (settled[0].status === "rejected") throw settled[0].reason; // Cancel, or the first worker failed
  return bestOf(settled.filter((s) => s.status === "fulfilled").map((s) => s.value));
}

/** The race's answer: the shortest found (the first worker's on a tie), proven optimal if
 *  any is, with the highest lower bound and the nodes of all.
 *  @param {(SolveReply | ErrorReply)[]} answers  @returns {SolveReply | ErrorReply} */
export function bestOf(answers) {
  const found = answers.filter((a) => !isRefusal(a) && a.found).map((a) => /** @type {SolveReply} */ (a));
  if (!found.length) return answers[0];
  const best = found.reduce((a, b) => ((b.length ?? Infinity) < (a.length ?? Infinity) ? b : a));
  const bound = Math.max(...found.map((a) => a.lower_bound || 0));
  return {
    ...best,
    lower_bound: Math.max(bound, best.lower_bound || 0),
    optimal: best.optimal || best.length === bound,
    nodes: answers.reduce((n, a) => n + (("nodes" in a && a.nodes) || 0), 0),
  };
}

/** Solver's interface over a pool of `size` workers (see the top of this file). */
export class Pool {
  /**
   * @param {import("./solver.js").SolverHandlers & {onWorkers?: (count: number) => void, onSettled?: () => void}} [handlers]
   *   Solver's, and those counted() calls
   * @param {number} [size]
   * @param {(handlers: import("./solver.js").SolverHandlers) => Solver} [makeSolver]  a worker (tests pass fakes)
   */
  constructor(handlers = {}, size = defaultWorkers(), makeSolver = (h) => new Solver(h)) {
    this.handlers = handlers;
    this.makeSolver = makeSolver;
    this.size = clampWorkers(size);
    this.running = 0; // the page's requests under way
    /** @type {Solver[]} */
    this.helpers = [];
    /** @type {Set<Solver>} the helpers ready and warmed: they can take a split's subtrees */
    this.able = new Set();
    /** @type {Set<(worker: Requester) => void>} splitSolve's listeners for helpers becoming able */
    this.joiners = new Set();
    /** @type {import("../generated/protocol.js").WarmArgs | undefined} the last warm-up's, for helpers as they come */
    this.warmed = undefined;
    /** @type {Solver} */
    this.first = this.start();
  }

  /** Start the workers; the first is this.first, and returned.  @returns {Solver} */
  start() {
    const { onLoading = () => {}, onReady = () => {}, onFailed = () => {} } = this.handlers;
    this.helpers = [];
    this.able = new Set();
    this.joiners = new Set();
    this.counted();
    this.first = this.makeSolver({
      onLoading,
      onFailed,
      onReady: (version) => {
        this.fit();
        onReady(version);
      },
    });
    return this.first;
  }

  /** Start or stop helpers to make `size` workers (only between requests). */
  fit() {
    if (!this.first.ready || this.running) return;
    while (this.helpers.length > this.size - 1) {
      const helper = this.helpers.pop();
      if (!helper) break;
      this.able.delete(helper);
      helper.close();
    }
    while (this.helpers.length < this.size - 1) {
      const helper = this.makeSolver({
        onReady: () => {
          // its tables and databases before it takes a subtree: a subtree handed to a helper
          // still fetching them would hold up the pass's end
          const warmed = this.warmed ? send(helper, "warm", this.warmed) : Promise.resolve();
          warmed.catch(() => {}).then(() => this.join(helper));
        },
        onFailed: () => {
          // a helper that cannot start is left out
          this.helpers = this.helpers.filter((h) => h !== helper);
          this.able.delete(helper);
          helper.close();
          this.counted();
        },
      });
      this.helpers.push(helper);
    }
    this.counted();
  }

  /** A helper is ready and warmed: it takes work from now on, in a split under way too.
   *  @param {Solver} helper */
  join(helper) {
    if (!this.helpers.includes(helper) || !helper.ready) return; // closed or resized away meanwhile
    this.able.add(helper);
    this.counted();
    for (const listener of [...this.joiners]) listener(helper);
  }

  /** The crew splitSolve works with: the workers able now, and those that join.  @returns {Crew} */
  get crew() {
    return {
      list: () => this.workers,
      onJoin: (listener) => {
        this.joiners.add(listener);
        return () => {
          this.joiners.delete(listener);
        };
      },
    };
  }

  /** Tell onWorkers how many workers can take work, and onSettled once no helper is still
   *  loading and no request runs (the page starts its other workers then, so they do not
   *  slow the pool's loading or a solve pressed meanwhile). */
  counted() {
    if (this.handlers.onWorkers) this.handlers.onWorkers(this.workers.length);
    const settled = this.first?.ready && !this.running && this.helpers.every((h) => this.able.has(h));
    if (settled && this.handlers.onSettled) {
      this.handlers.onSettled();
    }
  }

  /** Use n workers from the next request on.  @param {number} n */
  resize(n) {
    this.size = clampWorkers(n);
    this.fit();
  }

  get ready() {
    return this.first.ready;
  }
  get timings() {
    return this.first.timings;
  }
  get busy() {
    return this.running > 0;
  }
  /** The workers that can take work now: the first and the helpers loaded and warmed. */
  get workers() {
    return this.first?.ready ? [this.first, ...this.helpers.filter((h) => this.able.has(h))] : [];
  }

  /** A promise of api.<action>(**args)'s dict, as Solver.request; a solve over the pool
   *  (split from the start when the pool has helpers, even if none has loaded yet: they join
   *  as they come).  A warm-up goes to every worker (and to helpers as they come), so a
   *  split's first subtrees do not wait for tables and databases. */
  /** @template {keyof Actions} A
   *  @param {A} action  @param {Actions[A]["args"]} args  @param {(progress: Progress) => void} [onProgress]
   *  @returns {Promise<Actions[A]["reply"] | ErrorReply>} */
  async request(action, args, onProgress = () => {}) {
    if (isAction(action, args, "warm")) {
      this.warmed = args;
      for (const helper of this.workers.slice(1)) send(helper, "warm", args).catch(() => {});
    }
    this.running++;
    try {
      if (!isAction(action, args, "solve") || this.size < 2 || !this.first.ready) {
        return await this.first.request(action, args, onProgress);
      }
      // a solve's reply is this action's: TypeScript does not narrow A by the test above
      return /** @type {Actions[A]["reply"] | ErrorReply} */ (await splitSolve(this.crew, args, onProgress));
    } finally {
      this.running--;
      this.fit(); // a size chosen while it ran
    }
  }

  /** Stop everything: every worker is terminated, and they start again. */
  cancel() {
    this.joiners.clear();
    for (const helper of this.helpers) helper.close();
    this.first.close();
    this.start();
  }
}

/** Whether a request's action is `name` (its arguments then are that action's): TypeScript
 *  does not narrow a generic action's arguments by a test of the action.
 *  @template {keyof Actions} A  @template {keyof Actions} N
 *  @param {A} action  @param {Actions[A]["args"]} args  @param {N} name
 *  @returns {args is Actions[A]["args"] & Actions[N]["args"]} */
const isAction = (action, args, name) => args !== undefined && /** @type {string} */ (action) === name;
