// Keeping the game across a reload (storage, as 2048's LocalStorageManager): the address
// holds the board, and this keeps the rest (moves, Undo and Redo, the timer, who made
// each move, the solution followed) in this browser's storage (storage.js), under the
// game's problem.
//
//   const store = new GameStore(kept);
//   store.save(game.toJSON(), where)   // where: the address of the game now (address.js)
//   store.find(where)                  // the saved game the address still describes, or null
//
// Entries: "npuzzle.game.<hash of the start problem>" holds {where, game}; the list
// "npuzzle.games" holds [{key, where, at}], newest last, at most `limit` of them.  A game
// is found only when the address is exactly the one it was saved with (board, goal,
// wraps and the moves still to replay), so a link to another board, or one edited by
// hand, starts afresh.  Storage may be refused or full: then nothing is kept and the
// page goes on as before.

const LIST = "npuzzle.games";
const PREFIX = "npuzzle.game.";
const LIMIT = 8; // games kept: a 30x30 answer played back is ~140,000 characters of moves

/** A short stable name for a text (FNV-1a, 32 bits, in hex). */
export function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Whether a saved game holds anything a reload would lose: a move made or undone, a
 *  hint, time on the clock or a solution. */
export function worthKeeping(data) {
  return !!(data.past || data.future || data.hints || data.timer.ms || data.solution);
}

export class GameStore {
  /** @param {import("./storage.js").Store} store  where games are kept (storage.js's `kept` in the page; in tests, one over a fake)
   *  @param {{limit?: number, clock?: () => number}} options  games kept at most; the time, for their order */
  constructor(store, { limit = LIMIT, clock = () => Date.now() } = {}) {
    this.store = store;
    this.limit = limit;
    this.clock = clock;
  }

  /** The games kept, oldest first: [{key, where, at}]. */
  list() {
    const list = this.store.getJSON(LIST);
    return Array.isArray(list) ? list.filter((e) => e && typeof e.key === "string" && typeof e.where === "string") : [];
  }

  /** Keep a game (toJSON()'s data) under its problem, described by the address `where`;
   *  a game with nothing to keep drops its entry.  False when storage refused it. */
  save(data, where) {
    const { board, goal, wrap } = data.problem;
    const key = PREFIX + hashText(`${board}|${goal}|${wrap}`);
    const list = this.list().filter((e) => e.key !== key);
    if (!worthKeeping(data)) return this.store.remove(key) && this.store.setJSON(LIST, list);
    const text = JSON.stringify({ where, game: data });
    list.push({ key, where, at: this.clock() });
    for (;;) {
      while (list.length > this.limit) this.store.remove(list.shift().key);
      if (this.store.setText(key, text) && this.store.setJSON(LIST, list)) return true;
      // refused (a private window, a sandbox) or full: the oldest game goes first, and
      // when this one alone does not fit, it is kept for this visit only
      if (list.length <= 1) return false;
      this.store.remove(list.shift().key);
    }
  }

  /** The newest saved game whose address was `where` (toJSON()'s data), or null. */
  find(where) {
    const list = this.list();
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].where !== where) continue;
      const entry = this.store.getJSON(list[i].key); // a damaged entry: as if none
      if (entry && entry.where === where && entry.game) return entry.game;
    }
    return null;
  }
}

/**
 * Writes the game when it changes, at most once every `delay` ms (and never while
 * `paused()`, e.g. during playback, which writes when it stops), and at once by flush()
 * (when the page is hidden or unloaded).
 */
export class Keeper {
  constructor({ store, game, where, paused = () => false, delay = 500 }) {
    this.store = store;
    this.game = game;
    this.where = where;
    this.paused = paused;
    this.delay = delay;
    this.timer = null;
  }

  /** Write at once when the page is hidden or left (a phone may end a hidden page unasked). */
  flushOnLeave() {
    window.addEventListener("pagehide", () => this.flush());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flush();
    });
    return this;
  }

  soon() {
    if (this.timer !== null || this.paused()) return;
    this.timer = setTimeout(() => this.flush(), this.delay);
  }

  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.paused()) return;
    this.store.save(this.game.toJSON(), this.where());
  }
}
