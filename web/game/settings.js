// Every choice the page remembers in this browser, in one table: its key in storage
// (storage.js), the values it may take and what it is when none (or a value from an
// older page) is kept.  The keys are the ones the page has always used, so a visit after
// an update finds the choices made before.
//
//   settings.hint.get()        "make" or "show"
//   settings.hint.set("show")  remembered (for this visit only, when storage is refused)
//
// The records (records.js) and the game across a reload (keep.js) are kept data, not
// choices: they have their own modules, over the same Store.

import { kept } from "./storage.js";
import { EVENTS } from "../generated/shared.js";

/** One remembered choice. */
export class Setting {
  /**
   * @param {string} key  its key in storage
   * @param {{values?: string[] | null, fallback?: any, json?: boolean, store?: import("./storage.js").Store}} options
   *   values: the texts it may be (null: any); fallback: what get() gives when none of them
   *   is kept; json: kept as JSON (an object) rather than text
   */
  constructor(key, { values = null, fallback = null, json = false, store = kept } = {}) {
    this.key = key;
    this.values = values;
    this.fallback = fallback;
    this.json = json;
    this.store = store;
  }

  /** The value kept, or the fallback when none, or one it may not be, is kept. */
  get() {
    const value = this.json ? this.store.getJSON(this.key) : this.store.getText(this.key);
    if (value === null || (this.values && !this.values.includes(value))) return this.fallback;
    return value;
  }

  /** Remember `value` (null: forget it); false when the browser refused.  @returns {boolean} */
  set(value) {
    if (value === null || value === undefined) return this.store.remove(this.key);
    return this.json ? this.store.setJSON(this.key, value) : this.store.setText(this.key, String(value));
  }
}

/** Show a remembered choice in its control (a <select>, or a checkbox for "on" and "off"),
 *  remember each change, and tell `changed(value)` now and after each change.
 *  @param {HTMLSelectElement | HTMLInputElement} control @param {Setting} setting
 *  @param {(value: string) => void} changed */
export function connect(control, setting, changed = () => {}) {
  const box = control instanceof HTMLInputElement && control.type === "checkbox";
  const value = () => (box ? (control.checked ? "on" : "off") : control.value);
  if (box) control.checked = setting.get() !== "off";
  else control.value = setting.get();
  changed(value());
  control.addEventListener("change", () => {
    setting.set(value());
    changed(value());
  });
}

/** The page's remembered choices. */
export const settings = {
  /** the language last chosen with the English / 中文 switch (i18n.js checks it is one of ours) */
  language: new Setting("npuzzle.lang"),
  /** Hint: make the move, or only show its tile */
  hint: new Setting("npuzzle.hint", { values: ["make", "show"], fallback: "make" }),
  /** the coach's line under the board: on or off */
  coach: new Setting("npuzzle.coach", { values: ["on", "off"], fallback: "on" }),
  /** the speedsolvers' notation: moves of the gap or of the tiles (null: the page's default) */
  notation: new Setting("npuzzle.notation", { values: ["gap", "tile"] }),
  /** the picture on the tiles: {kind: "builtin", name} or {kind: "file", name} (the file in IndexedDB) */
  picture: new Setting("npuzzle.picture", { json: true }),
  /** practice mode (practice_mode.js): no coach, hint or solver while a board is solved */
  practice: new Setting("npuzzle.practice", { values: ["on", "off"], fallback: "off" }),
  /** the size chosen last ("3x3", "5x5 r2,c2"), dealt where the address has no board (solve_keys.js) */
  size: new Setting("npuzzle.size"),
  /** the event chosen beside the size (event_run.js): a single, a marathon, a relay, blindfolded */
  event: new Setting("npuzzle.event", { values: [...EVENTS], fallback: "single" }),
  /** 15 s of inspection before a solve (inspection.js): on or off */
  inspection: new Setting("npuzzle.inspection", { values: ["on", "off"], fallback: "off" }),
  /** where Import puts a file's solves (session_names.js): the current session, or new ones */
  sessionsInto: new Setting("npuzzle.sessions.into", { values: ["current", "new"], fallback: "current" }),
  /** the board's controls (controls.js): the mouse's mode, the keys, and whose way a key names */
  controls: {
    /** "click" a tile, or "hover": a tile slides when the mouse enters it (Slidysim's) */
    mouse: new Setting("npuzzle.controls.mouse", { values: ["click", "hover"], fallback: "click" }),
    /** the arrows alone, or with WASD or IJKL */
    keys: new Setting("npuzzle.controls.keys", { values: ["arrows", "wasd", "ijkl"], fallback: "arrows" }),
    /** a key names the way the tile goes, or the way the gap goes */
    way: new Setting("npuzzle.controls.way", { values: ["tile", "gap"], fallback: "tile" }),
    /** the key that deals a new board (solve_keys.js) */
    scramble: new Setting("npuzzle.controls.scramble", {
      values: ["space", "enter", "r", "n", "f2"],
      fallback: "space",
    }),
  },
  /** the strongest 15-puzzle tables (strong_tables.js): downloaded and used, or not */
  strongTables: new Setting("npuzzle.strong", { values: ["on", "off"], fallback: "off" }),
  /** picture tiles' numbers: small in a corner, or none */
  pictureNumbers: new Setting("npuzzle.picture.numbers", { values: ["corner", "none"], fallback: "corner" }),
};
