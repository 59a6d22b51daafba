// The person's records, kept in this browser: for each kind of puzzle (its size and its
// wrapped lines: a torus is another game), the best time and the fewest moves of their
// own solves.  Only boards dealt at random count (Shuffle, the size picker, the first
// board): a link or the editor can give a board one move from its goal.
//
// No DOM: the storage (localStorage, or anything with getItem/setItem/removeItem) is
// passed in, and tests/coach_test.mjs drives this under Node.

import { formatWrap } from "./rules.js";

export const RECORDS_KEY = "npuzzle.records";

/** The kind of puzzle a record is for: "4x4", "5x5 r2,c2", "3x3 all". */
export function recordKind(topo) {
  const wrap = formatWrap(topo.wrapRows, topo.wrapCols, topo.width, topo.height);
  return `${topo.width}x${topo.height}` + (wrap ? ` ${wrap}` : "");
}

/** Whether a game's ending counts for the records: the person's own solve of a random board. */
export function counts(ending, origin) {
  return !!(ending && ending.own && origin && origin.kind === "random");
}

const count = (x, least) => Number.isFinite(x) && x >= least;

export class Records {
  /** @param {{getItem, setItem, removeItem} | null} storage  null: kept for this visit only */
  constructor(storage) {
    this.storage = storage;
    this.all = this.read(); // kind -> {ms, moves}
  }

  read() {
    let stored = null;
    try {
      stored = JSON.parse(this.storage ? this.storage.getItem(RECORDS_KEY) : "null");
    } catch { /* unreadable: start afresh */ }
    const all = {};
    if (stored && typeof stored === "object") {
      for (const [kind, r] of Object.entries(stored)) {
        if (!r || !count(r.ms, 0) || !count(r.moves, 1)) continue;
        all[kind] = { ms: r.ms, moves: r.moves };
        // MTM and TPS came later: records kept before them load without them
        if (count(r.mtm, 1) && count(r.tps, 0)) Object.assign(all[kind], { mtm: r.mtm, tps: r.tps });
      }
    }
    return all;
  }

  /** The records for a kind, {ms, moves}, or null when there are none. */
  get(kind) {
    return this.all[kind] || null;
  }

  /** Count a solve ({moves, ms, mtm, tps}); which records it set: {ms: bool, moves: bool}
   *  (the fewest MTM and the best TPS are kept too, and said in the records line). */
  add(kind, { moves, ms, mtm = null, tps = null }) {
    const old = this.all[kind];
    const beat = { ms: !old || ms < old.ms, moves: !old || moves < old.moves };
    const better = (now, was, less) => (was === undefined || was === null ? now : now === null ? was : less ? Math.min(now, was) : Math.max(now, was));
    const next = { ms: beat.ms ? ms : old.ms, moves: beat.moves ? moves : old.moves };
    const fewest = better(mtm, old?.mtm, true), fastest = better(tps, old?.tps, false);
    if (fewest !== null && fastest !== null) Object.assign(next, { mtm: fewest, tps: fastest });
    const changed = JSON.stringify(next) !== JSON.stringify(old);
    this.all[kind] = next;
    if (changed) this.write();
    return beat;
  }

  /** Forget every record, of every kind. */
  clear() {
    this.all = {};
    try {
      if (this.storage) this.storage.removeItem(RECORDS_KEY);
    } catch { /* refused: gone for this visit anyway */ }
  }

  write() {
    try {
      if (this.storage) this.storage.setItem(RECORDS_KEY, JSON.stringify(this.all));
    } catch { /* a private window: kept for this visit */ }
  }
}
