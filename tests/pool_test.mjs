// Drives web/solver/pool.js's coordinator (splitSolve) under Node over fake workers: each is a
// CPython process answering npuzzle.api.call requests, as the page's worker answers them
// in Pyodide.  Prints one JSON object for tests/test_pool.py.
//   node tests/pool_test.mjs WORKERS BOARD GOAL [TIME_LIMIT]
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ask } from "../web/solver/ask.js";
import { Pool, bestOf, defaultWorkers, linkWorkers, passOrder, splitSolve } from "../web/solver/pool.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SERVE = `
import json, sys
from npuzzle import api
for line in sys.stdin:
    m = json.loads(line)
    report = lambda text, i=m["id"]: print(json.dumps({"id": i, "progress": json.loads(text)}), flush=True)
    print(json.dumps({"id": m["id"], "result": json.loads(api.call(m["action"], json.dumps(m["args"]), report))}), flush=True)
`;

class FakeWorker {
  constructor() {
    this.child = spawn(process.env.PYTHON || "python3", ["-c", SERVE], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, PYTHONPATH: ROOT } });
    this.pending = new Map();
    this.nextId = 1;
    this.actions = [];
    this.jobs = []; // [board, nodes] of each split_pass, in the order sent
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const m = JSON.parse(line), request = this.pending.get(m.id);
      if ("progress" in m) return request.onProgress(m.progress);
      this.pending.delete(m.id);
      request.resolve(m.result);
    });
  }

  request(action, args, onProgress = () => {}) {
    const id = this.nextId++;
    this.actions.push(action);
    const job = action === "split_pass" ? this.jobs.push([args.board, null]) - 1 : null;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.child.stdin.write(JSON.stringify({ id, action, args }) + "\n");
    }).then((result) => {
      if (job !== null) this.jobs[job][1] = result.nodes;
      return result;
    });
  }

  close() { this.child.stdin.end(); }
}

// A worker that answers from a script, to see the coordinator's order of subtrees: four
// subtrees a..d, the pass at bound 50 then 52 then 54, where d holds the solution;
// reorder false: the split in Korf's order, kept every pass.
class ScriptedWorker {
  constructor(reorder = true) { this.sent = []; this.reorder = reorder; }
  async request(action, args) {
    if (action === "split_start") {
      return { ok: true, split: { bound: 50, parity: 0, nodes: 0, seconds: 0, left: null, depth: 3,
        jobs: ["a", "b", "c", "d"].map((board) => ({ board, back: 0, cells: [board] })), reorder: this.reorder } };
    }
    if (action === "split_finish") return { ok: true, cells: args.cells, bound: args.bound };
    this.sent.push(`${args.bound}${args.board}`);
    const nodes = { 50: { a: 1, b: 30, c: 20, d: 5 }, 52: { a: 7, b: 40, c: 60, d: 50 }, 54: { a: 3, c: 90, b: 80, d: 10 } };
    return { ok: true, found: args.bound === 54 && args.board === "d", best: -2, next_bound: args.bound + 2,
      nodes: nodes[args.bound][args.board], cells: [], stopped: null };
  }
}
// Racing workers that answer solve from a script (an Error: that lane fails).
class Lane {
  constructor(answer) { this.answer = answer; }
  async request(action) {
    if (action === "split_start") return { ok: true, race: 2 };
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}
const laneAnswer = { ok: true, found: true, length: 90, lower_bound: 80, nodes: 5, optimal: false };
const helperFails = await splitSolve([new Lane(laneAnswer), new Lane(new Error("out of memory"))], { board: "y" });
const firstFails = await splitSolve([new Lane(new Error("cancelled")), new Lane(laneAnswer)], { board: "y" })
  .then(() => "answered", (e) => e.message);

// A worker that refuses a subtree mid-split: the refusal reaches ask() as a refusal (its
// ErrorReply, to be worded in the page's language), not as a broken worker.
class RefusingWorker extends ScriptedWorker {
  async request(action, args) {
    if (action !== "split_pass") return super.request(action, args);
    return { ok: false, error: "the time limit must be positive", code: "bad_time_limit", params: {} };
  }
}
const refusing = { request: (action, args) => splitSolve([new RefusingWorker()], args) };
const refused = await ask(refusing, "solve", { board: "x" });

const scripted = new ScriptedWorker();
const scriptedAnswer = await splitSolve([scripted], { board: "x" });
const inKorfsOrder = new ScriptedWorker(false);
await splitSolve([inKorfsOrder], { board: "x" });

// A pool whose helper is not ready when Solve comes: the split starts on the first worker
// alone, the helper takes nothing until it is ready and warmed, then takes subtrees of the
// pass under way (it becomes ready once the first worker has searched its first subtree).
class FakeSolver extends ScriptedWorker {
  constructor(handlers) {
    super();
    this.handlers = handlers;
    this.ready = false;
    this.actions = [];
  }
  async request(action, args) {
    this.actions.push(action);
    if (action === "warm") return { ok: true };
    const answer = await super.request(action, args);
    if (action === "split_pass" && this.onPass) this.onPass();
    return answer;
  }
  close() { this.ready = false; }
}
const solvers = [];
const settled = [];
const pool = new Pool({ onSettled: () => settled.push(pool.busy ? "busy" : pool.workers.length) }, 2, (h) => solvers.push(new FakeSolver(h)) && solvers.at(-1));
const [firstSolver] = solvers;
firstSolver.ready = true;
firstSolver.handlers.onReady("v"); // the helper starts now, and loads while the first works
const helperSolver = solvers[1];
await pool.request("warm", { board: "x", goal: "g" });
const beforeReady = [...helperSolver.actions];
firstSolver.onPass = () => {
  firstSolver.onPass = null;
  helperSolver.ready = true;
  helperSolver.handlers.onReady("v");
};
const joinedAnswer = await pool.request("solve", { board: "x" });
const joining = { beforeReady, first: firstSolver.sent, helper: helperSolver.sent, helperActions: helperSolver.actions,
  answer: joinedAnswer, settled, listeners: pool.joiners.size };

const [count, board, goal, limit] = process.argv.slice(2);
const workers = Array.from({ length: Number(count) }, () => new FakeWorker());
const seen = [];
const args = { board, goal, wrap: "" };
if (limit) args.time_limit = Number(limit);
const result = await splitSolve(workers, args, (p) => seen.push(p));
for (const w of workers) w.close();
const passes = seen.filter((p) => p.workers);
console.log(JSON.stringify({
  result, progress: seen.filter((p) => typeof p.nodes === "number").map((p) => [p.bound, p.nodes]),
  pooled: passes.length, actions: workers.map((w) => w.actions), jobs: workers.map((w) => w.jobs),
  scripted: { sent: scripted.sent, answer: scriptedAnswer }, korf: inKorfsOrder.sent, race: { helperFails, firstFails }, joining,
  refused: { kind: refused.kind, code: refused.reply?.code, message: refused.message },
  helpers: { passOrder: passOrder([5, 9, 5, 0, 12]),
    bestOf: [
      bestOf([{ ok: true, found: true, length: 104, lower_bound: 72, nodes: 5, optimal: false },
        { ok: true, found: true, length: 100, lower_bound: 74, nodes: 7, optimal: false }]),
      bestOf([{ ok: true, found: true, length: 80, lower_bound: 70, nodes: 1, optimal: false },
        { ok: true, found: true, length: 80, lower_bound: 80, nodes: 2, optimal: false, id: "second" }]),
      bestOf([{ ok: true, found: false, nodes: 3 }, { ok: true, found: false, nodes: 4 }])],
    defaults: [defaultWorkers(1), defaultWorkers(2), defaultWorkers(4), defaultWorkers(16), defaultWorkers(undefined),
      defaultWorkers(8, 4), defaultWorkers(8, 16), defaultWorkers(8, 0.5), defaultWorkers(8, undefined)],
    links: [linkWorkers("#id=3x3:1&workers=2"), linkWorkers("#workers=0"), linkWorkers("#workers=99&id=x"), linkWorkers("#id=x")] },
}));
