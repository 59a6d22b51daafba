// Slidysim's events in the page (events.js names them and their boards): the chooser beside
// the size (remembered with it), and an event under way, board after board.
//
//   const events = new EventRun($, { game, deal, take });
//   // deal(width, height): a random board of that shape (the solver's `random`, as Shuffle)
//   // take(key, solve, generation): the event's solve kept in the session of its key
//   events.key()     the session key of the board on screen: the event's, or its kind's
//   events.owns()    whether this board is one of a marathon's or a relay's (the session
//                    leaves it to the event)
//
// A marathon or a relay starts on a random board: Space (or the key chosen), Shuffle or a
// size chosen deals one, and a relay's first board (2x2, or 4x2 for a height relay) is
// dealt at once.  Its clock runs from the first move of its first board; each board solved
// is a split, and the next board is dealt at once (the solver's `random`: uniform over the
// solvable boards).  After the last, the event is one solve in the session of its key:
// the time of the whole, the moves of every board in a row, each move's time from the
// start, and the splits.  Escape gives it up (a DNF with the splits so far, when a move was
// made); a board from elsewhere (a link, the editor) ends it, nothing kept.  Blindfolded:
// the board's numbers go at the first move and come back at the end (the goal, Escape or
// Done, which ends it unsolved: a DNF); the solve is the session's as a single's is.
// While an event is under way, practice mode's rules hold (practice_mode.js's forced).

import { formatBoardId } from "../game/rules.js";
import { connect, settings } from "../game/settings.js";
import { EVENTS, eventBoards, keyEvent, offered, sessionKey } from "./events.js";
import { recordKind } from "./records.js";
import { onLanguage, t } from "../languages/i18n.js";

/** @typedef {{key: string, boards: [number, number][], index: number, generation: number | null,
 *    t0: number | null, splits: import("./session.js").Split[], moves: string, times: number[],
 *    played: number | null, seen: number, done: number | null}} Run
 *  generation: the game of the board being played (null while the next is dealt); played: the last one's */

export class EventRun {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{game: import("../game/game.js").Game, deal: (width: number, height: number) => unknown,
   *    take: (key: string, solve: import("./session.js").Solve, generation: number) => void,
   *    now?: () => number}} parts */
  constructor($, { game, deal, take, now = () => performance.now() }) {
    this.$ = $;
    this.game = game;
    this.deal = deal;
    this.take = take;
    this.now = now;
    /** @type {Run | null} */
    this.run = null;
    this.chosen = "single";
    this.select = $("event", HTMLSelectElement);
    this.board = $("board");
    this.doneButton = $("event-done", HTMLButtonElement);
    this.doneButton.addEventListener("click", () => this.giveUp());
    for (const event of EVENTS) this.select.add(new Option("", event));
    connect(this.select, settings.event, (value) => {
      this.chosen = value;
      if (this.run && this.run.key !== this.keyOf(recordKind(game.topo))) this.stop(); // another event: this one ends
      this.onChoose();
    });
    this.generation = game.generation;
    game.subscribe(() => this.changed());
    onLanguage(() => this.words());
    this.words();
  }

  /** The options' words, and those the board's size cannot have turned off. */
  words() {
    const kind = recordKind(this.game.topo),
      can = offered(kind);
    for (const option of this.select.options) {
      option.textContent = t(`event.${option.value}`);
      option.disabled = !can.includes(option.value) && !this.run;
    }
  }

  /** The session key of boards of this kind under the event chosen (a single's: the kind).  @param {string} kind */
  keyOf(kind) {
    return offered(kind).includes(this.chosen) ? sessionKey(kind, this.chosen) : kind;
  }

  /** The session key of the board on screen. */
  key() {
    return this.run?.key ?? this.keyOf(recordKind(this.game.topo));
  }

  /** Whether an event is under way (its clock running, or its next board being dealt). */
  get running() {
    return !!this.run && this.run.t0 !== null && this.run.done === null;
  }

  /** Whether an event is dealt and not ended (practice mode's rules hold from its first board on). */
  get underWay() {
    return !!this.run && this.run.done === null;
  }

  /** Whether the board on screen is a marathon's or a relay's (the session leaves it to the event). */
  owns() {
    const r = this.run;
    const g = this.game.generation;
    return !!r && r.boards.length > 1 && (r.generation === g || r.played === g);
  }

  /** The event's time now (ms from its first move), or null when none is under way or just ended. */
  elapsed() {
    const r = this.run;
    if (!r || r.t0 === null) return null;
    return r.done ?? Math.floor(this.now() - r.t0);
  }

  /** "3 / 10" for the board on screen, or "" for a one-board event. */
  place() {
    const r = this.run;
    const count = r?.boards.length ?? 0;
    return r && count > 1 ? t("event.place", { n: Math.min(r.index + 1, count), count }) : "";
  }

  changed() {
    const g = this.game;
    if (g.generation !== this.generation) {
      this.generation = g.generation;
      this.newBoard();
    }
    const r = this.run;
    if (!r || r.generation !== g.generation || r.done !== null) return;
    // the first move (the timer may have stopped already: a board one move from its goal)
    if (r.t0 === null && (g.timer.running || g.past.length)) r.t0 = this.now() - g.timer.elapsed();
    if (r.t0 === null) return;
    if (g.past.length && keyEvent(r.key)[1] === "blind") this.board.classList.add("blind");
    this.doneButton.hidden = !this.blindUnderWay();
    if (g.past.length < r.seen) {
      r.times.length -= r.seen - g.past.length; // undone
      r.seen = g.past.length;
    }
    for (; r.seen < g.past.length; r.seen++) r.times.push(Math.floor(this.now() - r.t0));
    const ending = g.ending;
    if (!ending || ending.solver) return;
    if (r.boards.length === 1) return this.end(); // blindfolded: the session takes it as a single
    r.splits.push({
      scramble: formatBoardId(g.topo.width, g.topo.height, g.start),
      moves: g.past.join(""),
      ms: this.at(),
    });
    r.moves += g.past.join("");
    r.index++;
    r.seen = 0;
    if (r.index < r.boards.length) return this.dealNext();
    this.finish("");
  }

  blindUnderWay() {
    const r = this.run;
    return !!r && r.boards.length === 1 && r.done === null && this.game.past.length > 0 && !this.game.solved;
  }

  /** The event's clock now, in whole ms. */
  at() {
    const r = /** @type {Run} */ (this.run);
    return Math.floor(this.now() - /** @type {number} */ (r.t0));
  }

  /** A new game on the board: the event's next board, one that starts an event, or one from elsewhere. */
  newBoard() {
    const g = this.game,
      r = this.run;
    const shape = (/** @type {[number, number]} */ [w, h]) => w === g.topo.width && h === g.topo.height;
    if (r && r.done === null && r.generation === null && shape(r.boards[r.index]) && g.origin?.kind === "random") {
      r.generation = r.played = g.generation; // the board the event dealt
      r.seen = 0;
      if (g.solved) this.dealNext(); // a board dealt at its goal (1 in 12 on a 2x2) has nothing to solve
      return;
    }
    this.end(); // another board (Space, Reset, a link, the editor): the event under way ends, nothing kept
    this.run = null;
    this.words();
    if (g.origin?.kind !== "random") return; // a pasted scramble is a single
    const key = this.relayKey() ?? this.keyOf(recordKind(g.topo));
    if (key === recordKind(g.topo)) return;
    const boards = eventBoards(key);
    this.run = {
      key,
      boards,
      index: 0,
      generation: null,
      played: null,
      t0: null,
      splits: [],
      moves: "",
      times: [],
      seen: 0,
      done: null,
    };
    if (shape(boards[0]) && !g.solved) this.run.generation = this.run.played = g.generation;
    else this.dealNext();
  }

  /** A relay's key when the board dealt is one of the relay of the size chosen last (Space
   *  on a relay's 3x3 starts the relay of 2x2 to 5x5 again), or null. */
  relayKey() {
    if (!this.chosen.startsWith("relay")) return null;
    const size = String(settings.size.get() ?? "");
    try {
      const key = sessionKey(size, this.chosen),
        { width, height } = this.game.topo;
      return eventBoards(key).some(([w, h]) => w === width && h === height) ? key : null;
    } catch {
      return null; // no size kept, or the relay not offered for it
    }
  }

  /** The event's next board asked for; asked again while none came (the solver busy, still
   *  loading or restarting, or its answer dropped for a move made meanwhile), every 250 ms
   *  at first and then every second, for as long as the event waits for that board: a slow
   *  device's solver may take half a minute to load, and the event must not stall.
   *  @param {number} [tries] the asks so far */
  dealNext(tries = 0) {
    const r = /** @type {Run} */ (this.run),
      index = r.index;
    r.generation = null;
    const [w, h] = r.boards[index];
    const waiting = () => this.run === r && r.generation === null && r.index === index && r.done === null;
    Promise.resolve(this.deal(w, h)).then(() => {
      if (waiting()) setTimeout(() => waiting() && this.dealNext(tries + 1), tries < 8 ? 250 : 1000);
    });
  }

  /** The event kept as one solve: its time, its boards' moves and splits; penalty "" or "DNF".  @param {string} penalty */
  finish(penalty) {
    const r = /** @type {Run} */ (this.run),
      g = this.game;
    const ms = penalty ? this.at() : r.splits[r.splits.length - 1].ms; // done: the last board's goal
    r.done = ms;
    if (penalty && r.generation === g.generation && !g.solved && g.past.length) {
      // the board given up is the last split, as far as it went
      r.splits.push({ scramble: formatBoardId(g.topo.width, g.topo.height, g.start), moves: g.past.join(""), ms });
      r.moves += g.past.join("");
    }
    const first = r.splits[0];
    if (!first) return; // given up before a move: nothing kept
    const [, event] = keyEvent(r.key);
    /** @type {import("./session.js").Solve} */
    const solve = {
      date: Date.now(),
      type: "random",
      ms,
      penalty,
      scramble: first.scramble,
      moves: r.moves,
      times: r.times.slice(0, r.moves.length).map((x) => Math.min(x, ms)),
      optimum: null,
      assisted: false,
      event,
      splits: r.splits,
    };
    this.take(r.key, solve, this.game.generation);
  }

  /** Escape: a marathon or relay under way given up (a DNF with the boards solved so far,
   *  when there is one); true when the event took it.  A blindfolded solve is the session's. */
  abandon() {
    const r = this.run;
    if (!r || r.done !== null || r.t0 === null) return false;
    if (r.boards.length === 1) {
      this.end();
      return false;
    }
    this.finish("DNF");
    this.end();
    return true;
  }

  /** Done, in a blindfolded solve: it ends unsolved (the goal ends it by itself): a DNF. */
  giveUp() {
    this.onGiveUp();
  }

  /** Told when Done is pressed (session_ui.js: the solve given up as a DNF). */
  onGiveUp() {}

  /** Told when another event is chosen (session_ui.js: the list follows). */
  onChoose() {}

  /** The board's numbers shown again, Done hidden. */
  end() {
    this.board.classList.remove("blind");
    this.doneButton.hidden = true;
    if (this.run && this.run.boards.length === 1 && this.run.done === null && this.run.t0 !== null)
      this.run.done = this.at();
  }

  /** The event chosen changed: the one under way ends, nothing kept. */
  stop() {
    this.end();
    this.run = null;
  }
}
