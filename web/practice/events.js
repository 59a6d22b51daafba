// Slidysim's events (the twin of npuzzle/speedsolving/events.py, held to it by
// tests/test_events.py): which boards an event deals, and the key its sessions are kept
// under.  No DOM: tests/events_twin.mjs drives it under Node.
//
//   sessionKey("4x4", "single")   "4x4"            (a single keeps the kind: nothing kept moves)
//   sessionKey("4x4", "x10")      "4x4 x10"        (marathons x10, x42; "4x4 blind")
//   sessionKey("5x5", "relay")    "relay 2x2-5x5"  (relay-h: "relay 4x2-4x6", relay-w: "relay 2x4-6x4")
//   eventBoards("relay 4x2-4x6")  [[4, 2], [4, 3], [4, 4], [4, 5], [4, 6]]
//
// A solve of an event carries `event` (absent: a single) and, for a marathon or a relay,
// `splits`: a board each, {scramble, moves, ms}, ms the time from the event's start when
// that board was solved; its moves are the boards' moves in a row, its MTM the sum of the
// boards' (solveMtm).

import { EVENTS, MARATHONS, RELAY_MAX_SIDE } from "../generated/shared.js";
import { countMtm } from "../game/rules.js";

export { EVENTS };

/** An event the size cannot have, or a key that names no event. */
export class EventError extends Error {}

/** @param {string} kind  @returns {[number, number, string]} */
function size(kind) {
  const m = /^(\d+)x(\d+)(?: (\S.*))?$/.exec(kind);
  if (!m) throw new EventError(`'${kind}' is not a size`);
  return [Number(m[1]), Number(m[2]), m[3] || ""];
}

/** The events a board of this kind can have, in the chooser's order.  @param {string} kind */
export function offered(kind) {
  const [width, height, wrap] = size(kind);
  const plain = !wrap && Math.max(width, height) <= RELAY_MAX_SIDE;
  return EVENTS.filter(
    (event) =>
      !(
        (event === "relay" && !(plain && width === height && width >= 3)) ||
        (event === "relay-h" && !(plain && height >= 3)) ||
        (event === "relay-w" && !(plain && width >= 3))
      ),
  );
}

/** The key the sessions of this event on boards of this kind are kept under.  @param {string} kind  @param {string} event */
export function sessionKey(kind, event) {
  if (!offered(kind).includes(event)) throw new EventError(`no event '${event}' for ${kind}`);
  const [width, height] = size(kind);
  if (event === "single") return kind;
  if (event === "relay") return `relay 2x2-${width}x${height}`;
  if (event === "relay-h") return `relay ${width}x2-${width}x${height}`;
  if (event === "relay-w") return `relay 2x${height}-${width}x${height}`;
  return `${kind} ${event}`;
}

/** The kind and the event of a session's key: [the size chosen, the event's name].  @param {string} key */
export function keyEvent(key) {
  const m = /^relay (\d+)x(\d+)-(\d+)x(\d+)$/.exec(key);
  let kind, event;
  if (m) {
    const [w1, h1, w2, h2] = m.slice(1).map(Number);
    kind = `${w2}x${h2}`;
    event = w1 === 2 && h1 === 2 && w2 === h2 ? "relay" : w1 === w2 && h1 === 2 ? "relay-h" : "relay-w";
  } else {
    const [width, height, rest] = size(key);
    const words = rest ? rest.split(" ") : [];
    event = words.length && EVENTS.includes(words[words.length - 1]) ? /** @type {string} */ (words.pop()) : "single";
    kind = `${width}x${height}${words.length ? ` ${words.join(" ")}` : ""}`;
  }
  if (!offered(kind).includes(event) || sessionKey(kind, event) !== key)
    throw new EventError(`'${key}' names no event`);
  return [kind, event];
}

/** The wraps of a session's key ("5x5 r2,c2 x10": "r2,c2"), "" on a plain board or a key
 *  that names no event.  @param {string} key */
export function keyWrap(key) {
  try {
    return size(keyEvent(key)[0])[2];
  } catch (e) {
    if (e instanceof EventError) return "";
    throw e;
  }
}

/** The boards [width, height] an event's key deals, in order.  @param {string} key  @returns {[number, number][]} */
export function eventBoards(key) {
  const [kind, event] = keyEvent(key);
  const [width, height] = size(kind);
  const from = (/** @type {number} */ first, /** @type {number} */ last) =>
    Array.from({ length: last - first + 1 }, (_, i) => first + i);
  if (event === "x10" || event === "x42") return Array.from({ length: MARATHONS[event] }, () => [width, height]);
  if (event === "relay") return from(2, width).map((n) => [n, n]);
  if (event === "relay-h") return from(2, height).map((h) => [width, h]);
  if (event === "relay-w") return from(2, width).map((w) => [w, height]);
  return [[width, height]];
}

/** A solve's multi-tile moves: of its moves, or the sum of its boards' (its splits').
 *  @param {{moves: string, splits?: {moves: string}[] | null}} solve */
export function solveMtm(solve) {
  return solve.splits?.length ? solve.splits.reduce((n, s) => n + countMtm(s.moves), 0) : countMtm(solve.moves);
}
