// The page's link: the address bar kept in step with the game, and a link opened.  The
// address holds the board (address.js writes and reads it); the rest of a game a reload
// would lose comes back from keep.js's store when the address still describes it.
//
//   link.show()     write the board on screen (and the lab's settings) into the address
//   link.open()     take up what the address describes: a game left by a reload, a
//                   shared board, its solution or a solve to analyse, or say what is wrong
//   link.share()    the address, copied, and in a field to copy by hand
//   link.labLink()  a link that runs the lab on the board on screen (the lab's link buttons)
//
// A link that described no board stays in the address (so a reload shows it again, and
// the person can correct it) until the board on screen changes.

import { sameBoard } from "./rules.js";
import { readAddress, writeAddress } from "./address.js";
import { LANGUAGES, language, pythonText, setLanguage, t } from "../languages/i18n.js";

/** The language a link asks for (&lang=, one of LANGUAGES), or null.  @param {string} hash */
export function linkLanguage(hash) {
  const lang = new URLSearchParams(hash.replace(/^#/, "")).get("lang");
  return LANGUAGES.includes(lang) ? lang : null;
}

/** A bad link's message ({error, why}): English as readAddress wrote it; another language from its code. */
function worded({ error, why }) {
  if (language() === "en" || !why || !why.code) return error;
  const detail = why.code.startsWith("link.") ? t(why.code, why.params) : pythonText({ error: why.message, ...why });
  return why.key ? t("link.in", { key: why.key, error: detail }) : detail;
}

export class Link {
  /**
   * @param {import("./element.js").Finder} $  the page's element by id
   * @param {{game: import("./game.js").Game, lab: import("../lab/lab.js").Lab, speed: import("../practice/speed.js").SpeedPanel,
   *   linkFix: import("./link_fix.js").LinkFix, store: import("./keep.js").GameStore,
   *   load: (problem: object, options: object) => void, stop: () => void}} parts
   *   load: start a new game (main.js); stop: stop playback
   */
  constructor($, parts) {
    this.$ = $;
    this.game = parts.game;
    this.lab = parts.lab;
    this.speed = parts.speed;
    this.linkFix = parts.linkFix;
    this.store = parts.store;
    this.load = parts.load;
    this.stop = parts.stop;
    /** the language the address carries: the link's, then the one the person switched to */
    this.language = linkLanguage(location.hash);
    /** @type {{hash: string, generation?: number, version?: number} | null} a link that described no board, kept in the address */
    this.bad = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} the address written again after a refusal (see show) */
    this.retry = undefined;
    /** @type {object | null} that link as readAddress read it, while its message shows */
    this.shown = null;
    /** @type {object | null} a link's replay that cannot be played ({error, why}), while its message shows */
    this.badReplay = null;
    window.addEventListener("hashchange", () => this.hashChanged());
  }

  /** The address of a board (the scramble) with a solve of it to analyse ({tiles, solution, notation}). */
  analysisAddress(shared) {
    const { game } = this;
    return writeAddress(
      { tiles: shared.tiles, goal: game.goal, topo: game.topo },
      "",
      this.lab.linkSettings(),
      this.language,
      shared,
    );
  }

  /** A link to the board on screen (not its moves) with the lab's settings: "Link to this
   *  comparison" gives {..., run: true}, a link that runs the lab when it opens. */
  labLink(settings) {
    const { game } = this;
    return `${location.href.split("#")[0]}#${writeAddress(game, "", settings, this.language)}`;
  }

  /** The address of the game on screen; while it is the one a shared analysis starts
   *  from, that analysis's link. */
  address() {
    const { game, speed } = this;
    const replaying = speed.replay.address(this.language); // a replay on the board: its link
    if (replaying) return replaying;
    if (speed.shared && sameBoard(game.start, speed.shared.tiles)) return this.analysisAddress(speed.shared);
    return writeAddress(game, game.solution ? game.solution.remaining : "", this.lab.linkSettings(), this.language);
  }

  /** Whether the bad link still stands in the address: the board on screen is the one shown in its place. */
  keepsBad() {
    const { bad, game } = this;
    return (
      !!bad && (bad.generation === undefined || (bad.generation === game.generation && bad.version === game.version))
    );
  }

  show() {
    if (this.keepsBad()) return;
    if (this.bad) {
      this.bad = null;
      this.linkFix.hide();
    }
    const hash = this.address();
    if (location.hash !== `#${hash}`) {
      try {
        history.replaceState(null, "", `#${hash}`);
      } catch {
        // Safari refuses more than about 100 address changes in 30 s (a fast solve writes one
        // a move): the move counts all the same, and the address catches up a second later.
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.show(), 1000);
        return;
      }
    }
    if (!this.$("share-row").hidden) this.$("share-link", HTMLInputElement).value = location.href;
  }

  open() {
    const { game } = this;
    const link = readAddress(location.hash);
    const solution = link.moves ? { moves: link.moves, tiles: link.tiles, origin: "link" } : null;
    const origin =
      link.error || !/(^#?|&)id=/.test(location.hash)
        ? { kind: "random" }
        : { kind: "link", moves: link.moves ? link.moves.length : 0 };
    this.bad = link.error ? { hash: location.hash } : null;
    // The game a reload left, when the address still describes it; else a new one.
    if (link.error || !this.resume(this.store.find(writeAddress(link.problem, link.moves || ""))))
      this.load(link.problem, { solution, origin });
    if (this.bad) Object.assign(this.bad, { generation: game.generation, version: game.version });
    this.lab.open(link.lab);
    if (link.analyse) this.speed.fromLink(link.analyse, link.problem.tiles);
    if (link.replay && !link.replay.error) this.speed.replayLink(link.replay, link.problem);
    this.shown = link.error ? link : null;
    this.badReplay = link.replay?.error ? link.replay : null; // the board loads; the replay's fault is said
    this.$("link-message").hidden = !link.error && !this.badReplay;
    this.sayBad();
    if (link.error) this.linkFix.show(link, location.hash);
  }

  /** The link's note and its correction go (the board is no longer the link's). */
  hideNote() {
    this.$("link-message").hidden = true;
    this.badReplay = null;
    this.linkFix.hide();
  }

  /** Take up the game a reload left (saved by keep.js), if any; true when done. */
  resume(saved) {
    if (!saved) return false;
    this.stop();
    this.hideNote();
    try {
      this.game.resume(saved);
      return true;
    } catch {
      return false; // not a game that holds together: start afresh
    }
  }

  /** The bad link's message: English as readAddress wrote it; another language from its code. */
  sayBad() {
    if (this.badReplay) this.$("link-message").textContent = t("replay.bad_link", { error: worded(this.badReplay) });
    if (this.shown) this.$("link-message").textContent = t("link.bad", { error: worded(this.shown) });
  }

  /** The person edited the address, or went back: its language, then its board. */
  hashChanged() {
    const edited = location.hash;
    const lang = linkLanguage(edited);
    if (lang && lang !== this.language) {
      this.language = lang;
      setLanguage(lang); // every text said again: that writes the address of the board still shown
      if (location.hash !== edited) history.replaceState(null, "", edited); // the person's, to open
    }
    if (edited.replace(/^#/, "") !== this.address()) this.open();
  }

  async share() {
    this.bad = null; // the link shared is the board's
    this.show();
    this.$("share-row").hidden = false;
    const field = this.$("share-link", HTMLInputElement);
    field.value = location.href;
    field.select();
    try {
      await navigator.clipboard.writeText(location.href);
      this.$("message").textContent = t("link.copied");
    } catch {
      this.$("message").textContent = t("link.copy");
    }
  }
}
