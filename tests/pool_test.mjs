// Drives web/pool.js's coordinator (splitSolve) under Node over fake workers: each is a
// CPython process answering npuzzle.api.call requests, as the page's worker answers them
// in Pyodide.  Prints one JSON object for tests/test_pool.py.
//   node tests/pool_test.mjs WORKERS BOARD GOAL [TIME_LIMIT]
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultWorkers, linkWorkers, nextBound, passOrder, splitSolve } from "../web/pool.js";

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
    this.handedBack = []; // for each split_pass: whether it got a `visited` to order by
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
    if (action === "split_pass") this.handedBack.push(Array.isArray(args.visited));
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.child.stdin.write(JSON.stringify({ id, action, args }) + "\n");
    });
  }

  close() { this.child.stdin.end(); }
}

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
  pooled: passes.length, actions: workers.map((w) => w.actions), handedBack: workers.map((w) => w.handedBack),
  helpers: { nextBound: [nextBound(50, -1, 0), nextBound(50, -2, 0), nextBound(51, -3, 1)],
    passOrder: passOrder([{ nodes: 5 }, { nodes: 9 }, { nodes: 5 }, { nodes: 0 }, { nodes: 12 }]),
    defaults: [defaultWorkers(1), defaultWorkers(2), defaultWorkers(4), defaultWorkers(16), defaultWorkers(undefined)],
    links: [linkWorkers("#id=3x3:1&workers=2"), linkWorkers("#workers=0"), linkWorkers("#workers=99&id=x"), linkWorkers("#id=x")] },
}));
