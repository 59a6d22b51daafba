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

/** @typedef {import("../generated/protocol.js").Actions} Actions */
/** @typedef {import("../generated/protocol.js").ErrorReply} ErrorReply */
/** @typedef {import("../generated/protocol.js").Progress} Progress */

/**
 * What answers requests: a Solver, a Pool, or a stand-in of a test.  Its `request` takes an
 * action of protocol.js's `Actions` and that action's arguments, and promises its reply (or
 * an ErrorReply), so the checker holds every call to the protocol.
 * @typedef {object} Requester
 * @property {<A extends keyof Actions>(action: A, args: Actions[A]["args"],
 *   onProgress?: (progress: Progress) => void) => Promise<Actions[A]["reply"] | ErrorReply>} request
 */

/**
 * A request's outcome (an action's, or any action's when A is not given).
 * @template {keyof Actions} [A=keyof Actions]
 * @typedef {{kind: "answer", reply: Actions[A]["reply"]}
 *   | {kind: "bad-input", message: string, reply: ErrorReply}
 *   | {kind: "cancelled"}
 *   | {kind: "failed", message: string}} Outcome
 */

/** An outcome that is not an answer: a refusal, a cancel or a failure.
 *  @typedef {Exclude<Outcome, {kind: "answer"}>} Unanswered */

/**
 * ask() with its worker given (the lab's `ask`, which starts the lab's workers first).
 * @typedef {<A extends keyof Actions>(action: A, args: Actions[A]["args"],
 *   onProgress?: (progress: Progress) => void) => Promise<Outcome<A>>} Asking
 */

/**
 * The outcome of one request.
 * @template {keyof Actions} A
 * @param {Requester} worker
 * @param {A} action  an action of npuzzle.api (docs/protocol.md)
 * @param {Actions[A]["args"]} args
 * @param {(progress: Progress) => void} [onProgress]
 * @returns {Promise<Outcome<A>>}
 */
export async function ask(worker, action, args, onProgress = () => {}) {
  try {
    const reply = await worker.request(action, args, onProgress);
    if (isRefusal(reply)) return { kind: "bad-input", message: pythonText(reply), reply };
    return { kind: "answer", reply };
  } catch (e) {
    if (e instanceof CancelledError) return { kind: "cancelled" };
    if (e instanceof RefusedError) return { kind: "bad-input", message: pythonText(e.reply), reply: e.reply };
    return { kind: "failed", message: String(e instanceof Error ? e.message : e) }; // the worker's own words: no code to word it by
  }
}

/** Whether a reply is an ErrorReply (bad input), not the action's own.
 *  @param {object} reply  @returns {reply is ErrorReply} */
export const isRefusal = (reply) => !!reply && "ok" in reply && reply.ok === false;

/** Whether a progress message is a search's (nodes and a bound), not a download's or a
 *  database's.  @param {Progress} progress  @returns {progress is import("../generated/protocol.js").SearchProgress} */
export const searching = (progress) => "bound" in progress && typeof progress.nodes === "number";
