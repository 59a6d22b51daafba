// The person's records, worked out from the sessions and nothing else (session.js): for
// each kind of puzzle (its size and its wrapped lines: a torus is another game), the best
// single, ao5, ao12, ao50 and ao100, the fewest moves and MTM and the best TPS of the
// solves the session's figures count (session.js's scored(): unassisted, random boards; a
// size with none, its pasted scrambles, marked), over every named session of the kind
// (session_store.js: a personal best is the person's, whichever session holds it; the
// session's own Best column is that session's, as csTimer's).  An import, a +2, a
// deletion changes them at once: with one session the records line says what its Best
// column says, with several the best of their Best columns.  personalBests and bestOver
// are the twins of npuzzle.speedsolving.records.personal_bests and best_over
// (tests/test_sessions.py holds them equal).
//
// No DOM: tests/coach_test.mjs and tests/controls_test.mjs drive this under Node.

import { SESSION_AVERAGES } from "../generated/shared.js";
import { formatWrap, movesPerSecond } from "../game/rules.js";
import { solveMtm } from "./events.js";
import { resultOf, scored, stats } from "./session.js";

/** The kind of puzzle a record is for: "4x4", "5x5 r2,c2", "3x3 all".
 *  @param {import("../game/rules.js").Topology} topo */
export function recordKind(topo) {
  const wrap = formatWrap(topo.wrapRows, topo.wrapCols, topo.width, topo.height);
  return `${topo.width}x${topo.height}${wrap ? ` ${wrap}` : ""}`;
}

/** The personal bests of a session, as npuzzle.speedsolving.records.personal_bests.
 *  @typedef {{type: string, count: number, single: number, moves: number | null, mtm: number | null,
 *    tps: number | null, [average: `ao${number}`]: number | null}} Bests */

/** The records of a session's solves (oldest first), or null while none counted is finished.
 *  @param {import("./session.js").Solve[]} solves  @returns {Bests | null} */
export function personalBests(solves) {
  const { solves: mine, type } = scored(solves);
  const done = mine.filter((s) => s.penalty !== "DNF");
  if (!done.length) return null;
  const figures = stats(mine.map(resultOf));
  const played = done.filter((s) => s.moves);
  const speeds = played.map((s) => movesPerSecond(s.moves, s.ms)).filter((v) => v !== null);
  /** @type {Bests} */
  const out = { type, count: mine.length, single: Math.min(...done.map(resultOf)), moves: null, mtm: null, tps: null };
  for (const size of SESSION_AVERAGES) out[`ao${size}`] = figures[`ao${size}`].best;
  if (played.length) {
    out.moves = Math.min(...played.map((s) => s.moves.length));
    out.mtm = Math.min(...played.map(solveMtm));
  }
  if (speeds.length) out.tps = Math.max(...speeds);
  return out;
}

/** The records over every session of a key (sessions named under it): each session's
 *  personal bests, the best of each figure kept (an average is never taken across two
 *  sessions); the sessions with random boards counted when one has any, else the pasted
 *  ones, marked.  As npuzzle.speedsolving.records.best_over.
 *  @param {import("./session.js").Solve[][]} lists  @returns {Bests | null} */
export function bestOver(lists) {
  const all = /** @type {Bests[]} */ (lists.map(personalBests).filter((b) => b));
  const type = all.some((b) => b.type === "random") ? "random" : "pasted";
  const bests = all.filter((b) => b.type === type);
  if (!bests.length) return null;
  const least = (/** @type {(number | null)[]} */ values) => {
    const known = /** @type {number[]} */ (values.filter((v) => v !== null));
    return known.length ? Math.min(...known) : null;
  };
  /** @type {Bests} */
  const out = {
    type,
    count: bests.reduce((n, b) => n + b.count, 0),
    single: Math.min(...bests.map((b) => b.single)),
    moves: least(bests.map((b) => b.moves)),
    mtm: least(bests.map((b) => b.mtm)),
    tps: bests.some((b) => b.tps !== null) ? Math.max(...bests.map((b) => b.tps ?? 0)) : null,
  };
  for (const size of SESSION_AVERAGES) out[`ao${size}`] = least(bests.map((b) => b[`ao${size}`]));
  return out;
}

/** The records of a kind as the records line reads them: {ms, moves, mtm, tps, ao5, ...},
 *  marked {pasted: true} when they are a pasted scrambles' only.
 *  @typedef {{ms: number, moves: number, mtm?: number, tps?: number, pasted?: boolean,
 *    [average: `ao${number}`]: number | null}} Record */

export class Records {
  /** @param {import("./session_store.js").Sessions} sessions  the sessions they are worked out from */
  constructor(sessions) {
    this.sessions = sessions;
    /** @type {{generation: number, beaten: {ms: boolean, moves: boolean} | null} | null} the game last taken */
    this.counted = null;
  }

  /** The records for a kind (over all its sessions), or null when there are none.  @param {string} kind  @returns {Record | null} */
  get(kind) {
    const b = bestOver(this.sessions.lists(kind));
    if (!b) return null;
    /** @type {Record} */
    const r = { ms: b.single, moves: b.moves ?? 0 };
    if (b.mtm !== null && b.tps !== null) Object.assign(r, { mtm: b.mtm, tps: b.tps });
    for (const size of SESSION_AVERAGES) r[`ao${size}`] = b[`ao${size}`];
    if (b.type === "pasted") r.pasted = true;
    return r;
  }

  /** Add a game's solve to the session of its kind, and note which records it broke
   *  ({ms, moves}; null for a pasted scramble's, an assisted solve or a DNF, which break
   *  none aloud); false when storage refused it (kept for this visit).
   *  @param {number} generation  the game's  @param {string} kind  @param {import("./session.js").Solve} solve */
  add(generation, kind, solve) {
    const before = bestOver(this.sessions.lists(kind));
    const ok = this.sessions.add(kind, solve);
    const after = bestOver(this.sessions.lists(kind));
    const counts = !solve.assisted && solve.type === "random" && solve.penalty !== "DNF" && after?.type === "random";
    const beaten =
      counts && after
        ? before?.type === "random"
          ? { ms: after.single < before.single, moves: (after.moves ?? Infinity) < (before.moves ?? Infinity) }
          : { ms: true, moves: true }
        : null;
    this.counted = { generation, beaten };
    return ok;
  }

  /** The records this game broke when it was taken ({ms, moves}), or null when it was not,
   *  or broke none aloud.  @param {{generation: number}} game */
  beatenBy(game) {
    return this.counted && this.counted.generation === game.generation ? this.counted.beaten : null;
  }

  /** Forget every record, of every kind: they are the sessions', so every session goes. */
  clear() {
    this.sessions.clearAll();
  }
}
