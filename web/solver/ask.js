// One way to ask a worker (a Solver, a Pool, or anything with their `request`): the
// answer comes back as one of four outcomes, so no call site sorts replies and errors
// by hand, and every message is already in the page's language.
//
//   const outcome = await ask(worker, "check", { board });
//   switch (outcome.kind) {
//     case "answer":    // outcome.reply: the action's reply (protocol.js <Action>Reply)
//     case "bad-input": // outcome.message: why the package refused (its ErrorReply, worded
//                       // by i18n.js); outcome.reply: that ErrorReply, to word it again later
//     case "cancelled": // Cancel terminated the worker: nothing to say
//     case "failed":    // outcome.message: what the worker said when it or Python broke
//                       // (an internal error, with no code: the call site frames it)
//   }

import { CancelledError } from "./solver.js";
import { pythonText } from "../languages/i18n.js";

/** A refusal that reached a caller as an exception (the pool's split passes throw the
 *  ErrorReply of the worker that refused), so that it is worded as any other refusal. */
export class RefusedError extends Error {
  /** @param {import("../generated/protocol.js").ErrorReply} reply */
  constructor(reply) {
    super(reply.error);
    this.reply = reply;
  }
}

/**
 * @typedef {{kind: "answer", reply: object}
 *   | {kind: "bad-input", message: string, reply: import("../generated/protocol.js").ErrorReply}
 *   | {kind: "cancelled"}
 *   | {kind: "failed", message: string}} Outcome
 */

/**
 * The outcome of one request.
 * @param {{request: (action: string, args: object, onProgress?: Function) => Promise<object>}} worker
 * @param {string} action  an action of npuzzle.api (docs/protocol.md)
 * @param {object} args
 * @param {(progress: object) => void} [onProgress]
 * @returns {Promise<Outcome>}
 */
export async function ask(worker, action, args, onProgress = () => {}) {
  try {
    const reply = await worker.request(action, args, onProgress);
    if (reply && reply.ok === false) return { kind: "bad-input", message: pythonText(reply), reply };
    return { kind: "answer", reply };
  } catch (e) {
    if (e instanceof CancelledError) return { kind: "cancelled" };
    if (e instanceof RefusedError) return { kind: "bad-input", message: pythonText(e.reply), reply: e.reply };
    return { kind: "failed", message: String(e?.message ?? e) }; // the worker's own words: no code to word it by
  }
}
