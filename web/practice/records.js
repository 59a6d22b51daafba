// The person's records, kept in this browser: for each kind of puzzle (its size and its
// wrapped lines: a torus is another game), the best time and the fewest moves of their
// own solves.  Boards dealt at random (Shuffle, the size picker, the first board) have
// their records; a pasted scramble (a link, the editor, the analysis, a lab case) has
// records of its own, apart, marked so: such a board may be one move from its goal.
//
// No DOM: the Store (storage.js: this browser's, or one over a fake) is passed in, and
// tests/coach_test.mjs drives this under Node.

import { formatWrap } from "../game/rules.js";
import { Store } from "../game/storage.js";

export const RECORDS_KEY = "npuzzle.records";

/** The kind of puzzle a record is for: "4x4", "5x5 r2,c2", "3x3 all".
 *  @param {import("../game/rules.js").Topology} topo */
export function recordKind(topo) {
  const wrap = formatWrap(topo.wrapRows, topo.wrapCols, topo.width, topo.height);
  return `${topo.width}x${topo.height}${wrap ? ` ${wrap}` : ""}`;
}

/** Whether a game's ending counts for the records of shuffled boards: the person's own
 *  solve of a random board.
 *  @param {{own?: boolean} | null | undefined} ending  @param {{kind: string} | null | undefined} origin */
export function counts(ending, origin) {
  return !!(ending?.own && origin && origin.kind === "random");
}

/** The kind under which a pasted scramble's records are kept, apart from the random boards'.
 *  @param {string} kind */
export const pastedKind = (kind) => `${kind} pasted`;

/** Whether x is a number, at least least.  @param {unknown} x  @param {number} least  @returns {x is number} */
const count = (x, least) => typeof x === "number" && Number.isFinite(x) && x >= least;
/** pick (Math.min or Math.max) of the values known (numbers), or null when none is.
 *  @param {(...values: number[]) => number} pick  @param {(number | null | undefined)[]} values */
const best = (pick, ...values) => {
  const known = values.filter(/** @returns {v is number} */ (v) => typeof v === "number" && Number.isFinite(v));
  return known.length ? pick(...known) : null;
};

export class Records {
  /** @param {Store | null} store  where they are kept (null: for this visit only) */
  constructor(store) {
    this.store = store || new Store(null);
    /** @type {Record<string, {ms: number, moves: number, mtm?: number, tps?: number}>} kind -> records */
    this.all = this.read();
    /** @type {{generation: number, beaten: {ms: boolean, moves: boolean} | null} | null} the game last counted */
    this.counted = null;
  }

  read() {
    const stored = this.store.getJSON(RECORDS_KEY); // null when none, refused or unreadable: start afresh
    /** @type {Records["all"]} */
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

  /** The records for a kind, {ms, moves}: the random boards', else the pasted scrambles'
   *  marked {pasted: true}, or null when there are none.
   *  @param {string} kind */
  get(kind) {
    if (this.all[kind]) return this.all[kind];
    const pasted = this.all[pastedKind(kind)];
    return pasted ? { ...pasted, pasted: true } : null;
  }

  /** Count a solve ({moves, ms, mtm, tps}); which records it set: {ms: bool, moves: bool}
   *  (the fewest MTM and the best TPS are kept too, and said in the records line).
   *  @param {string} kind  @param {{moves: number, ms: number, mtm?: number | null, tps?: number | null}} solve */
  add(kind, { moves, ms, mtm = null, tps = null }) {
    const old = this.all[kind];
    const beat = { ms: !old || ms < old.ms, moves: !old || moves < old.moves };
    /** @type {Records["all"][string]} */
    const next = { ms: beat.ms || !old ? ms : old.ms, moves: beat.moves || !old ? moves : old.moves };
    const fewest = best(Math.min, mtm, old?.mtm),
      fastest = best(Math.max, tps, old?.tps);
    if (fewest !== null && fastest !== null) Object.assign(next, { mtm: fewest, tps: fastest });
    const changed = JSON.stringify(next) !== JSON.stringify(old);
    this.all[kind] = next;
    if (changed) this.write();
    return beat;
  }

  /** Count a game's ending ({ending, origin, topo, generation}: a Game) once a game, when
   *  it is the person's own solve: a random board's, or apart a pasted scramble's (which
   *  breaks no record aloud: beatenBy gives null).  `mark` is the inspection's: "+2" adds
   *  2 s to the time, a "DNF" counts for nothing.
   *  @param {import("../game/game.js").Game} game  @param {string} [mark] */
  countGame(game, mark = "") {
    const ending = game.ending;
    if (!ending?.own || (this.counted && this.counted.generation === game.generation)) return;
    if (mark === "DNF") {
      // an inspection past 17 s (inspection.js): the solve counts for nothing
      this.counted = { generation: game.generation, beaten: null };
      return;
    }
    const random = counts(ending, game.origin),
      kind = recordKind(game.topo);
    const solve = mark === "+2" ? { ...ending, ms: ending.ms + 2000 } : ending; // TPS stays the hands' own
    const beaten = this.add(random ? kind : pastedKind(kind), solve);
    this.counted = { generation: game.generation, beaten: random ? beaten : null };
  }

  /** The records this game broke when it was counted ({ms, moves}), or null when it was
   *  not, or was a pasted scramble.
   *  @param {import("../game/game.js").Game} game */
  beatenBy(game) {
    return this.counted && this.counted.generation === game.generation ? this.counted.beaten : null;
  }

  /** Forget every record, of every kind. */
  clear() {
    this.all = {};
    this.store.remove(RECORDS_KEY); // refused: gone for this visit anyway
  }

  write() {
    this.store.setJSON(RECORDS_KEY, this.all); // a private window: kept for this visit
  }
}
