// Every session of this browser, kept in a Store (storage.js): under each key (a kind,
// records.js's "4x4", "5x5 r2,c2"; events.js may make others: a key is never parsed here)
// named sessions, one of them the current one.  add/list/update/remove/clear act on the
// current session of a key, so a caller that knows only keys never changes.  The twin of
// npuzzle/speedsolving/sessions.py's migrate() and store helpers (tests/test_sessions.py).
// No DOM: tests/session_twin.mjs drives it under Node.
//
//   const sessions = new Sessions(kept);
//   sessions.add("4x4", solve);                       // into the current session of 4x4
//   sessions.create("4x4", "One-handed");             // a new session, now the current one
//   sessions.named("4x4")  // [{id, name, count, current}], name null: the default session
//
// Kept as {version: 2, keys: {key: {current: id, sessions: [{id, name, solves}]}}}; the
// default session (the one version 1 kept, or the first made) has name null and is worded
// in the page's language (sessions.default).  Version 1, {version: 1, sessions: {kind:
// [solve, ...]}}, is read as that default session of each kind, solve for solve.

import { SESSION_NAME_LIMIT as NAME_LIMIT, SESSION_STORE_VERSION as STORE_VERSION } from "../generated/shared.js";
import { checkSolve } from "./session.js";

export const SESSIONS_KEY = "npuzzle.sessions";
// the store's version and a session's name at most (characters): npuzzle.speedsolving.session_files
export { NAME_LIMIT, STORE_VERSION };

/** @typedef {import("./session.js").Solve} Solve */
/** A named session: its id (a number, unique under its key), its name (null: the default
 *  session), its solves oldest first.  @typedef {{id: number, name: string | null, solves: Solve[]}} Named */
/** The sessions of a key.  @typedef {{current: number, sessions: Named[]}} Shelf */
/** A session deleted, for Undo: where it was, the key's current session then, and the
 *  empty default made when it was the last (null: none).
 *  @typedef {{key: string, at: number, session: Named, current: number, made: number | null}} Dropped */

/** The good solves of a kept list: what cannot be read is dropped, the rest kept.
 *  @param {unknown} solves  @param {string} key  @returns {Solve[]} */
function readable(solves, key) {
  if (!Array.isArray(solves)) return [];
  return solves
    .filter((s) => {
      try {
        return !!checkSolve(s, key);
      } catch {
        return false;
      }
    })
    .map((s) => ({ ...s, assisted: s.assisted === true })); // kept before the field: unassisted
}

/** What is kept, of either version, as version 2's shelves (as sessions.migrate).
 *  @param {unknown} kept  @returns {Record<string, Shelf>} */
export function migrate(kept) {
  /** @type {Record<string, Shelf>} */
  const shelves = {};
  /** @type {{version?: unknown, sessions?: Record<string, unknown>, keys?: Record<string, unknown>}} */
  const data = kept && typeof kept === "object" ? kept : {};
  if (data.version === 1 || (!("version" in data) && data.sessions)) {
    for (const [key, solves] of Object.entries(data.sessions || {})) {
      const good = readable(solves, key);
      if (good.length) shelves[key] = { current: 1, sessions: [{ id: 1, name: null, solves: good }] };
    }
    return shelves;
  }
  for (const [key, kept] of Object.entries(data.keys || {})) {
    /** @type {{current?: unknown, sessions?: unknown}} */
    const shelf = kept && typeof kept === "object" ? kept : {};
    if (!Array.isArray(shelf.sessions)) continue;
    /** @type {Named[]} */
    const sessions = [];
    for (const one of shelf.sessions) {
      /** @type {{id?: unknown, name?: unknown, solves?: unknown}} */
      const s = one && typeof one === "object" ? one : {};
      if (typeof s.id !== "number" || !Number.isSafeInteger(s.id)) continue;
      const name = typeof s.name === "string" && s.name.trim() ? s.name.trim().slice(0, NAME_LIMIT) : null;
      sessions.push({ id: s.id, name, solves: readable(s.solves, key) });
    }
    if (!sessions.length) continue;
    const current = sessions.find((s) => s.id === shelf.current)?.id ?? sessions[0].id;
    shelves[key] = { current, sessions };
  }
  return shelves;
}

export class Sessions {
  /** @param {import("../game/storage.js").Store} store */
  constructor(store) {
    this.store = store;
    /** @type {Record<string, Shelf>} */
    this.shelves = migrate(store.getJSON(SESSIONS_KEY));
  }

  /** The sessions of a key, made (with its default session) when there are none.  @param {string} key */
  shelf(key) {
    this.shelves[key] ||= { current: 1, sessions: [{ id: 1, name: null, solves: [] }] };
    return this.shelves[key];
  }

  /** The current session of a key.  @param {string} key  @returns {Named} */
  session(key) {
    const shelf = this.shelf(key);
    return /** @type {Named} */ (shelf.sessions.find((s) => s.id === shelf.current));
  }

  /** The solves of the current session of a key, oldest first (a new array).  @param {string} key */
  list(key) {
    return (this.shelves[key] ? this.session(key).solves : []).slice();
  }

  /** The solves of every session of a key, a list a session (for the records).  @param {string} key */
  lists(key) {
    return (this.shelves[key]?.sessions || []).map((s) => s.solves.slice());
  }

  /** The sessions of a key as the panel lists them: {id, name, count, current}.  @param {string} key */
  named(key) {
    const shelf = this.shelf(key);
    return shelf.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      count: s.solves.length,
      current: s.id === shelf.current,
    }));
  }

  /** A new session under a key, made the current one unless told; its id.
   *  @param {string} key  @param {string} name  @param {{current?: boolean}} [o] */
  create(key, name, { current = true } = {}) {
    const shelf = this.shelf(key);
    const id = Math.max(0, ...shelf.sessions.map((s) => s.id)) + 1;
    shelf.sessions.push({ id, name: cleanName(name), solves: [] });
    if (current) shelf.current = id;
    this.write();
    return id;
  }

  /** Rename a session (an empty name: the default's words).  @param {string} key  @param {number} id  @param {string} name */
  rename(key, id, name) {
    const session = this.shelf(key).sessions.find((s) => s.id === id);
    if (!session) return false;
    session.name = cleanName(name);
    return this.write();
  }

  /** Make a session the current one of its key.  @param {string} key  @param {number} id */
  switchTo(key, id) {
    const shelf = this.shelf(key);
    if (!shelf.sessions.some((s) => s.id === id)) return false;
    shelf.current = id;
    return this.write();
  }

  /** Take a session out (the last one of a key leaves an empty default session); what
   *  Undo needs, or null.  @param {string} key  @param {number} id
   *  @returns {Dropped | null} */
  drop(key, id) {
    const shelf = this.shelf(key),
      at = shelf.sessions.findIndex((s) => s.id === id);
    if (at < 0) return null;
    const current = shelf.current;
    const [session] = shelf.sessions.splice(at, 1);
    const made = shelf.sessions.length ? null : id + 1;
    if (made !== null) shelf.sessions.push({ id: made, name: null, solves: [] });
    if (current === id) shelf.current = shelf.sessions[Math.min(at, shelf.sessions.length - 1)].id;
    this.write();
    return { key, at, session, current, made };
  }

  /** Put a dropped session back where it was, current again if it was (the empty default
   *  made in its place goes, while still empty).  @param {Dropped} dropped */
  undrop({ key, at, session, current, made }) {
    const shelf = this.shelf(key);
    shelf.sessions = shelf.sessions.filter((s) => s.id !== made || s.solves.length);
    shelf.sessions.splice(Math.min(at, shelf.sessions.length), 0, session);
    if (shelf.sessions.some((s) => s.id === current)) shelf.current = current;
    this.write();
  }

  /** Add a solve to the current session; false when storage refused it (kept for this
   *  visit).  @param {string} key  @param {Solve} solve */
  add(key, solve) {
    this.session(key).solves.push(solve);
    return this.write();
  }

  /** Change the solve of that date in the current session: {penalty} or {optimum}.
   *  @param {string} key  @param {number} date  @param {Partial<Solve>} change */
  update(key, date, change) {
    const solve = this.list(key).find((s) => s.date === date);
    if (!solve) return false;
    Object.assign(solve, change);
    return this.write();
  }

  /** Take a solve out of the current session; the solve and where it was, for undo, or
   *  null.  @param {string} key  @param {number} date */
  remove(key, date) {
    const session = this.session(key),
      at = session.solves.findIndex((s) => s.date === date);
    if (at < 0) return null;
    const [solve] = session.solves.splice(at, 1);
    this.write();
    return { kind: key, id: session.id, at, solve };
  }

  /** Put a removed solve back where it was.  @param {{kind: string, id?: number, at: number, solve: Solve}} removed */
  restore({ kind, id, at, solve }) {
    const session = this.shelf(kind).sessions.find((s) => s.id === id) || this.session(kind);
    session.solves.splice(at, 0, solve);
    this.write();
  }

  /** Forget the current session's solves (it keeps its name).  @param {string} key */
  clear(key) {
    this.session(key).solves = [];
    this.write();
  }

  /** Forget every session, of every key. */
  clearAll() {
    this.shelves = {};
    this.write();
  }

  /** Add read solves ({kind, solve}) not already there (same date and scramble) to the
   *  current session of their key, each session kept in date order; how many were new.
   *  @param {{kind: string, solve: Solve}[]} read */
  merge(read) {
    let added = 0;
    for (const key of new Set(read.map((r) => r.kind))) {
      const solves = read.filter((r) => r.kind === key).map((r) => r.solve);
      added += this.fill(key, this.session(key).id, solves);
    }
    return added;
  }

  /** Add solves not already there (same date and scramble) to a session, kept in date
   *  order; how many were new.  @param {string} key  @param {number} id  @param {Solve[]} solves */
  fill(key, id, solves) {
    const list = this.shelf(key).sessions.find((s) => s.id === id)?.solves;
    if (!list) return 0;
    let added = 0;
    for (const solve of solves) {
      if (list.some((s) => s.date === solve.date && s.scramble === solve.scramble)) continue;
      list.push(solve);
      added++;
    }
    list.sort((a, b) => a.date - b.date);
    this.write();
    return added;
  }

  write() {
    return this.store.setJSON(SESSIONS_KEY, { version: STORE_VERSION, keys: this.shelves });
  }
}

/** A name as kept: trimmed, at most NAME_LIMIT characters; null when empty (the default's words).
 *  @param {string} name */
export function cleanName(name) {
  const text = String(name ?? "")
    .trim()
    .slice(0, NAME_LIMIT);
  return text || null;
}
