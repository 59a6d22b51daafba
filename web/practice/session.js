// Sessions of solves as speedsolvers keep them, without the page: every solve with its
// scramble, time, moves and the moves' times; the averages (the twin of
// npuzzle/speedsolving/sessions.py, held to it by tests/test_sessions.py); the sessions kept in
// session_store.js (named sessions under each key).  Its files (CSV, JSON) are session_files.js's.  No DOM:
// tests/session_twin.mjs drives it under Node.
//
//   stats(solves.map(resultOf))   // {count, finished, single, mean, ao5, ...}
//
// Vocabulary (as sessions.py): a *result* is a time in ms with its penalty counted, or
// DNF, which is Infinity: it sorts after every time and a mean over it is DNF again.  A
// *kind* is records.js's: the size and the wrapped lines ("4x4", "5x5 r2,c2").  A *solve*
// is {date, type, ms, penalty, scramble, moves, times, optimum, assisted}: date in ms since 1970;
// type "random" (dealt by the page) or "pasted" (a scramble given by a link, the editor,
// the analysis or a lab case); penalty "", "+2" or "DNF"; scramble a board ID; moves the
// blank's letters; times each move's ms from the first move (null when not all are known:
// a solve a reload cut in two); optimum the fewest moves from the scramble, or null;
// assisted whether a help was used (the coach shown, a hint, the solution shown): such a
// solve is listed, marked, but counts for no figure and no record (counting()).
//
// A solve of an event (marathon, relay, blindfolded) has an `event` and, over several
// boards, `splits` (events.js); a solve kept without the field is a single.  Sessions are
// kept by key (events.js's sessionKey: a single's is its kind) in session_store.js.

import {
  PENALTY_MS,
  SESSION_AVERAGES,
  SESSION_PENALTIES as PENALTIES,
  SESSION_TYPES as TYPES,
  TRIM_PERCENT,
} from "../generated/shared.js";
import { RulesError, movesPerSecond, parseBoardId, parseWrap, topology, walk } from "../game/rules.js";
import { EventError, eventBoards, keyEvent, solveMtm } from "./events.js";

export const DNF = Infinity;
// A solve's penalties and types (npuzzle.speedsolving.session_files, through shared.js)
export { PENALTIES, TYPES };

/** A kept solve: when (ms since 1970), its type ("random", ...), its time (ms) and penalty
 *  ("", "+2", "DNF"), the scramble (a board ID), the blank's moves, each move's time (ms
 *  from the start; null: not recorded), the board's optimum (null: not known) and whether
 *  a help was used.
 *  @typedef {{date: number, type: string, ms: number, penalty: string, scramble: string,
 *    moves: string, times: number[] | null, optimum: number | null, assisted: boolean,
 *    event?: string, splits?: Split[]}} Solve */
/** A board of a marathon or relay: its scramble, its moves, and when it was solved (ms from the event's start).
 *  @typedef {{scramble: string, moves: string, ms: number}} Split */
/** An average's (or the single's) figure now and at best (null: too few results).
 *  @typedef {{current: number | null, best: number | null}} Figure */

/** m:ss.sss for milliseconds (minutes past 59 go on counting), DNF, or "-" for none (null).
 *  @param {number | null} ms */
export function formatTime(ms) {
  if (ms === null || ms === undefined) return "-";
  if (ms === DNF) return "DNF";
  const whole = Math.floor(ms);
  const s = Math.floor(whole / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}.${String(whole % 1000).padStart(3, "0")}`;
}

/** Board i's own time (0-based) in an event's splits, ms: its split less the one before.
 *  @param {{ms: number}[]} splits  @param {number} i */
export function splitTime(splits, i) {
  return splits[i].ms - (i ? splits[i - 1].ms : 0);
}

/** TPS as the page shows it, everywhere (the message, the records, the list): the 3 places
 *  movesPerSecond (rules.js) rounds it to, or "-" for none (a time under 1 ms).
 *  @param {number | null} tps */
export function formatTps(tps) {
  return tps === null || tps === undefined ? "-" : tps.toFixed(3);
}

/** A solve's result: its time, 2 s more for "+2", DNF for "DNF".  @param {number} ms  @param {string} [penalty] */
export function result(ms, penalty = "") {
  return penalty === "DNF" ? DNF : penalty === "+2" ? ms + PENALTY_MS : ms;
}

/** A kept solve's result.  @param {{ms: number, penalty: string}} solve */
export const resultOf = (solve) => result(solve.ms, solve.penalty);

/** How many results each end of an average of n drops: ceil(n * 5 %), at least 1.  @param {number} n */
export function trimmed(n) {
  return Math.max(1, Math.ceil((n * TRIM_PERCENT) / 100));
}

/** The mean to the nearest ms, halves up (integers, as Python's), or DNF when one is.  @param {number[]} values */
function mean(values) {
  if (values.some((v) => v === DNF)) return DNF;
  const total = values.reduce((a, b) => a + b, 0),
    count = values.length;
  return Math.floor((2 * total + count) / (2 * count));
}

/** The average of these results (n of them, n >= 3): the best and worst trimmed(n) dropped.
 *  @param {number[]} results */
export function average(results) {
  const cut = trimmed(results.length);
  return mean([...results].sort((a, b) => a - b).slice(cut, results.length - cut));
}

/** The average of `size` at each result: of it and the size - 1 before it (null for the
 *  first size - 1), as sessions.rolling.  @param {number[]} results  @param {number} size
 *  @returns {(number | null)[]} */
export function rolling(results, size) {
  return results.map((_, i) => (i + 1 >= size ? average(results.slice(i + 1 - size, i + 1)) : null));
}

/** {current, best} of the average of `size` over every run of `size` results in a row.
 *  @param {number[]} results  @param {number} size  @returns {Figure} */
function figures(results, size) {
  const runs = /** @type {number[]} */ (rolling(results, size).slice(Math.max(0, size - 1)));
  if (!runs.length) return { current: null, best: null };
  return { current: runs[runs.length - 1], best: Math.min(...runs) };
}

/** A session's figures from its results, oldest first (as sessions.stats): {count,
 *  finished, single: {current, best}, mean, ao5, ao12, ao50, ao100: {current, best}}.
 *  @param {number[]} results */
export function stats(results) {
  const done = results.filter((r) => r !== DNF);
  /** @type {{count: number, finished: number, single: Figure, mean: number | null, [average: `ao${number}`]: Figure}} */
  const out = {
    count: results.length,
    finished: done.length,
    single: {
      current: results.length ? results[results.length - 1] : null,
      best: results.length ? Math.min(...results) : null,
    },
    mean: done.length ? mean(done) : null,
  };
  for (const size of SESSION_AVERAGES) out[`ao${size}`] = figures(results, size);
  return out;
}

/** A solve's move counts and speed: {stm, mtm, tps} (an event's MTM is its boards').
 *  @param {{moves: string, ms: number, splits?: {moves: string}[] | null}} solve */
export function counted(solve) {
  return { stm: solve.moves.length, mtm: solveMtm(solve), tps: movesPerSecond(solve.moves, solve.ms) };
}

/** The solves a session's figures and records count, and their type (as sessions.scored):
 *  its unassisted solves of random boards; a session with none, its unassisted pasted ones.
 *  @param {Solve[]} solves  @returns {{solves: Solve[], type: string}} */
export function scored(solves) {
  const mine = solves.filter((s) => !s.assisted);
  const dealt = mine.filter((s) => s.type === "random");
  if (dealt.length || !mine.length) return { solves: dealt, type: "random" };
  return { solves: mine.filter((s) => s.type === "pasted"), type: "pasted" };
}

/** What a file cannot be read for: a code of npuzzle.catalogue ("file.*") and its values. */
export class SessionFileError extends Error {
  /** @param {string} key @param {Record<string, unknown>} [params] */
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

/** A solve that holds together for its kind, or a SessionFileError: the scramble a board
 *  of the kind's size, the moves legal on it, one time a move, in order, none after the
 *  solve's time.  @param {Solve} solve  @param {string} kind  @returns {Solve} the solve */
export function checkSolve(solve, kind) {
  if (typeof solve.moves !== "string" || !Number.isSafeInteger(solve.ms) || solve.ms < 0) {
    throw new SessionFileError("file.field", { field: "time_ms", value: String(solve.ms) });
  }
  let size, event, boards;
  try {
    [size, event] = keyEvent(kind); // a single's kind, or an event's key (events.js)
    boards = eventBoards(kind);
  } catch (e) {
    if (e instanceof EventError) throw new SessionFileError("file.field", { field: "size", value: kind });
    throw e;
  }
  if ((solve.event ?? "single") !== event) throw new SessionFileError("file.field", { field: "event", value: kind });
  const wrap = size.replace(/^\S+ ?/, "");
  const splits = solve.splits ?? [{ scramble: solve.scramble, moves: solve.moves, ms: solve.ms }];
  if (
    !Array.isArray(splits) ||
    !splits.length ||
    splits.length > boards.length ||
    splits.some((x, i) => !Number.isSafeInteger(x?.ms) || x.ms < (i ? splits[i - 1].ms : 0) || x.ms > solve.ms) ||
    splits[0].scramble !== solve.scramble ||
    splits.map((x) => x.moves).join("") !== solve.moves
  ) {
    throw new SessionFileError("file.field", { field: "splits", value: kind });
  }
  for (const [i, split] of splits.entries()) checkBoard(split, boards[i], wrap, kind);
  const t = solve.times;
  if (
    t !== null &&
    (t.length !== solve.moves.length ||
      t.some((x, i) => !Number.isSafeInteger(x) || x < (i ? t[i - 1] : 0) || x > solve.ms))
  ) {
    throw new SessionFileError("file.field", { field: "move_times", value: t.join(" ") });
  }
  if (
    !Number.isSafeInteger(solve.date) ||
    !TYPES.includes(solve.type) ||
    !PENALTIES.includes(solve.penalty) ||
    !(solve.assisted === undefined || typeof solve.assisted === "boolean")
  ) {
    throw new SessionFileError("file.field", { field: "date", value: String(solve.date) });
  }
  return solve;
}

/** One board of a solve: its scramble of that size, its moves legal on it.
 *  @param {{scramble: string, moves: string}} board  @param {[number, number]} shape  @param {string} wrap  @param {string} kind */
function checkBoard({ scramble, moves }, [w, h], wrap, kind) {
  let width, height, tiles, topo;
  try {
    [width, height, tiles] = parseBoardId(scramble);
  } catch (e) {
    if (e instanceof RulesError) throw new SessionFileError("file.field", { field: "scramble", value: scramble });
    throw e;
  }
  if (width !== w || height !== h) throw new SessionFileError("file.size", { scramble, size: kind });
  try {
    topo = topology(width, height, ...parseWrap(wrap, width, height));
  } catch (e) {
    if (e instanceof RulesError) throw new SessionFileError("file.field", { field: "size", value: kind });
    throw e;
  }
  try {
    walk(tiles, moves, topo);
  } catch (e) {
    if (e instanceof RulesError) throw new SessionFileError("file.moves", { scramble });
    throw e;
  }
}
