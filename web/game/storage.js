// What the page keeps in this browser, through one door: the only module that touches
// localStorage.  Records (records.js), the game across a reload (keep.js) and the
// settings (settings.js) all read and write through a Store.
//
// The one guard: a browser may refuse storage (a private window, a sandboxed frame,
// storage turned off: even reading `localStorage` can throw) or fill up (the quota).
// A Store never throws: a read that fails gives null, as if nothing were kept, and a
// write that fails returns false, so the page goes on and the choice lasts the visit.
//
//   kept.getJSON("npuzzle.records")        the value kept, or null (none, refused or unreadable)
//   kept.setJSON("npuzzle.records", all)   true when kept, false when refused or full
//   kept.getText(key), kept.setText(key, text), kept.remove(key)   the same, for plain text
//
// Tests build a Store over a Map-like fake (`new Store(fake)`), so no DOM is needed.

/** @typedef {{getItem(key: string): (string|null), setItem(key: string, value: string): void,
 *   removeItem(key: string): void}} StorageLike  the part of the Web Storage API a Store uses */

export class Store {
  /** @param {StorageLike | (() => StorageLike | null) | null} backing  the storage, or a
   *   function that finds it on first use (null, or a throw: none, nothing kept) */
  constructor(backing) {
    /** @type {StorageLike | (() => StorageLike | null) | null} */
    this.backing = backing;
  }

  /** The storage itself, or null when the browser refuses it. */
  get storage() {
    if (typeof this.backing === "function") {
      const find = this.backing;
      try {
        this.backing = find() || null;
      } catch {
        this.backing = null;
      }
    }
    return /** @type {StorageLike | null} */ (this.backing);
  }

  /** The text kept under `key`, or null when none (or storage is refused).
   *  @param {string} key @returns {string | null} */
  getText(key) {
    try {
      return this.storage ? this.storage.getItem(key) : null;
    } catch {
      return null;
    }
  }

  /** Keep `text` under `key`; false when storage is refused or full.
   *  @param {string} key @param {string} text @returns {boolean} */
  setText(key, text) {
    try {
      if (!this.storage) return false;
      this.storage.setItem(key, text);
      return true;
    } catch {
      return false;
    }
  }

  /** Forget `key`; false when storage is refused.  @param {string} key @returns {boolean} */
  remove(key) {
    try {
      if (!this.storage) return false;
      this.storage.removeItem(key);
      return true;
    } catch {
      return false;
    }
  }

  /** The value kept under `key` as JSON, or null when none, refused or not JSON.
   *  @param {string} key @returns {any} */
  getJSON(key) {
    const text = this.getText(key);
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null; // damaged: as if none
    }
  }

  /** Keep `value` under `key` as JSON; false when storage is refused or full.
   *  @param {string} key @param {unknown} value @returns {boolean} */
  setJSON(key, value) {
    return this.setText(key, JSON.stringify(value));
  }
}

/** This browser's storage (found on first use, so importing this module under Node is safe). */
export const kept = new Store(() => globalThis.localStorage || null);
