// The strongest 15-puzzle tables: Korf and Felner's 7-8 partition (npuzzle.pdb.PAGE_LEVEL's
// tables in their compact form), which prove the hardest 4x4 boards shortest where the
// standard 6-6-3 tables run out of time.  Offered in Solver options (#strong-tables) where
// the site was built with them (manifest.json "strong": their names and bytes) and the
// device can hold them: navigator.deviceMemory at least STRONG_MEMORY_GB, or a browser
// that does not say (the person chooses).  Phones report less and keep the standard
// tables, the option saying why.
//
// The choice is remembered (settings.strongTables).  While it is on, every request a
// solver worker gets carries `strong` (solver.js): the worker asks Python which tables the
// action needs (npuzzle.api.databases), fetches the 7-8 ones with the rest (the first 4x4
// solve after the choice: the download's size is said beside the option before), and the
// databases' cache keeps them for the next visits.  Each of the pool's workers holds its
// own copy in memory (Python's memory is a worker's own); the download is one, shared.

import { connect, settings } from "../game/settings.js";
import { number, onLanguage, t } from "../languages/i18n.js";
import { wants } from "./solver.js";
import { DATA_CACHE } from "../generated/shared.js";

/** The device memory (GB, navigator.deviceMemory) below which the tables are not offered. */
export const STRONG_MEMORY_GB = 8;
/** A worker's memory with the tables loaded (MB): Pyodide's wasm memory with both, 690 MiB,
 *  and the 4x4's standard tables (docs/benchmarks-record.md, compact tables). */
const WORKER_MB = 750;

/** What the site offers (manifest.json "strong": {names, bytes: the download's, size: in
 *  memory}), once read; null: none. */
let offered = /** @type {{names: string[], bytes: number, size: number} | null} */ (null);

/** The download's size, in MB as the page says it. */
const downloadMb = () => number(Math.round((offered?.bytes ?? 0) / 1e6));

/** Whether the device may hold the tables: it says it has STRONG_MEMORY_GB or more, or does not say.
 *  @param {number | undefined} [memory] */
export function fits(memory = /** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory) {
  return memory === undefined || !(memory < STRONG_MEMORY_GB);
}

export const strongTables = {
  /** Whether a worker's requests ask for the tables: offered, fitting, and chosen. */
  wanted() {
    return offered !== null && fits() && settings.strongTables.get() === "on";
  },

  /** Show the option where the site has the tables: ticked as remembered, or off with the
   *  reason on a device with too little memory; the download's size said beside it.
   *  @param {(id: string) => HTMLElement} $ */
  async offer($) {
    /** @type {{strong?: {names: string[], bytes: number, size: number}, pdb: Object<string, {url: string}>}} */
    let manifest = { pdb: {} };
    try {
      manifest = await (await fetch(new URL("./manifest.json", document.baseURI))).json();
      offered = manifest.strong ?? null;
    } catch {
      offered = null; // offline before the manifest was kept: not offered this visit
    }
    if (!offered) return;
    // the files' addresses, as the workers fetched them into the databases' cache
    const urls = offered.names.map((name) => new URL(`./${manifest.pdb[name].url}`, document.baseURI).href);
    const box = /** @type {HTMLInputElement} */ ($("strong-tables"));
    $("strong-row").hidden = false;
    box.disabled = !fits();
    let removed = false; // turned off this visit, and the download removed from the browser
    const say = () => {
      const memory = /** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory;
      const mb = downloadMb();
      $("strong-help").textContent = !fits()
        ? t("strong.no_memory", { gb: number(memory ?? 0), need: number(STRONG_MEMORY_GB) })
        : removed
          ? t("strong.removed", { mb })
          : t("strong.help", { mb, memory: number(WORKER_MB) });
    };
    if (box.disabled) box.checked = false;
    else {
      let first = true; // connect() tells the value kept first: only a change removes anything
      connect(box, settings.strongTables, async (value) => {
        if (first) {
          first = false;
          return;
        }
        removed = value === "off" && (await forget(urls));
        say();
      });
    }
    say();
    onLanguage(say);
  },

  /** After a 4x4 answer not proven shortest, while the tables are offered, fit and are not
   *  chosen: the offer beside the answer ("… a download of 577 MB, once" and a button that
   *  chooses them and solves again).  Gone the moment the board changes: it speaks of this one.
   *  @param {import("../game/game.js").Game} game  @param {{optimal: boolean}} summary
   *  @param {() => void} solveAgain */
  suggest(game, summary, solveAgain) {
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
    const { width, height, wrapRows, wrapCols } = game.topo;
    const corner = [0, 3, 12, 15].includes(game.goal.indexOf(0)); // where the 7-8 tables have a partition
    const plain = width === 4 && height === 4 && !wrapRows.length && !wrapCols.length && corner;
    if (summary.optimal || !plain || !offered || !fits() || this.wanted()) return;
    const shown = { generation: game.generation, version: game.version };
    const say = () => {
      $("strong-suggest-text").textContent = t("strong.suggest", { mb: downloadMb() });
    };
    say();
    $("strong-suggest").hidden = false;
    $("strong-now").onclick = () => {
      $("strong-suggest").hidden = true;
      settings.strongTables.set("on");
      /** @type {HTMLInputElement} */ ($("strong-tables")).checked = true;
      solveAgain();
    };
    if (!subscribed) {
      subscribed = true;
      game.subscribe(() => {
        if (game.generation !== latest.generation || game.version !== latest.version) $("strong-suggest").hidden = true;
      });
      onLanguage(() => latest.say());
    }
    latest = { ...shown, say };
  },
};

/** Remove the tables' files from the databases' cache (turned off: the browser's storage
 *  back); whether any was there.  @param {string[]} urls */
async function forget(urls) {
  if (!globalThis.caches) return false;
  const cache = await caches.open(DATA_CACHE);
  return (await Promise.all(urls.map((url) => cache.delete(url)))).some(Boolean);
}

let subscribed = false; // the game's changes hide the offer (one listener for the page)
let latest = { generation: -1, version: -1, say: () => {} }; // the board the offer speaks of

wants.strong = () => strongTables.wanted();
if (typeof document !== "undefined")
  strongTables.offer((id) => /** @type {HTMLElement} */ (document.getElementById(id)));
