// The Session panel: every own solve of a board kept in the session of its size (random
// boards and pasted scrambles, each marked), the figures speedsolvers read (single, mean,
// ao5, ao12, ao50, ao100, current and best), the statistics and the chart of the times
// (session_chart.js), the list newest first with +2 and DNF marks
// Delete (with Undo) and Replay (replay.js), and the session as CSV or JSON, out and back in.
// Under each key there are named sessions (session_names.js; session_store.js keeps them):
// everything here acts on the current one.  Import reads csTimer's file too (session_import.js).
//
//   new SessionPanel($, { game, coach, speed })   // it follows the game by itself (speed.js: replay, solver)
//   panel.coachChanged()                   // the coach may now know a solve's optimum
//
// The panel holds the inspection's switch too (inspection.js).
//
// A solve is taken when the person's moves bring the board to its goal (no move played by
// the solver), once a game; the moves' times are read from the game's timer as each move
// is made (a game a reload cut in two has none).  A solve done with help (the coach shown,
// a hint, the solution shown: practice_mode.js keeps them away) is kept marked "assisted"
// and counts for no figure and no record.  The rules of the figures are in session.js,
// the files' in session_files.js, the records' in records.js (worked out from the sessions).

import { defaultGoal, formatBoardId, topology } from "../game/rules.js";
import { PENALTIES, counted, formatTime, formatTps, resultOf, scored, splitTime, stats } from "./session.js";
import { Sessions } from "./session_store.js";
import { SessionNames } from "./session_names.js";
import { importText } from "./session_import.js";
import { toCSV, toJSONText } from "./session_files.js";
import { Records } from "./records.js";
import { keyEvent } from "./events.js";
import { SessionStatistics } from "./session_chart.js";
import { PracticeMode } from "./practice_mode.js";
import { download } from "../lab/lab_table.js";
import { kept } from "../game/storage.js";
import { settings } from "../game/settings.js";
import { Inspection } from "./inspection.js";
import { EventRun } from "./event_run.js";
import { sessionReplay } from "./event_replay.js";
import { number, onLanguage, t } from "../languages/i18n.js";

const LIST_LIMIT = 100; // the newest solves listed (the figures count them all)
const FIGURES = /** @type {const} */ (["single", "mean", "ao5", "ao12", "ao50", "ao100"]);

/** A date as 2026-11-26 08:15, the person's local time, in either language.  @param {number} ms */
function dateText(ms) {
  const d = new Date(ms),
    two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export class SessionPanel {
  /** @param {import("../game/element.js").Finder} $ @param {{game: import("../game/game.js").Game, coach: import("../game/coach.js").Coach,
   *   speed?: import("./speed.js").SpeedPanel | null, store?: import("../game/storage.js").Store,
   *   changed?: () => void}} parts
   *  speed: the speedsolvers' panel (speed.js): its replay plays a solve, its solver deals an
   *  event's next board and its worker reads csTimer's files (npuzzle.api.cstimer);
   *  changed: after a session changed (the records line is worked out from it) */
  constructor($, { game, coach, speed = null, store = kept, changed = () => {} }) {
    const solverUI = speed?.solverUI ?? null;
    this.$ = $;
    this.game = game;
    this.coach = coach;
    this.replay = speed?.replay ?? null;
    this.sessions = new Sessions(store);
    this.solver = () => speed?.solverUI.solver ?? null;
    this.records = new Records(this.sessions); // worked out from the sessions
    // before the session follows the game: a new board's coach is hidden first
    this.practice = new PracticeMode({
      game,
      coach,
      control: $("practice-on", HTMLInputElement),
      buttons: [$("hint", HTMLButtonElement), $("solve", HTMLButtonElement)],
    });
    // the events (event_run.js): a solve's session is kept under its event's key
    // a marathon's next board keeps the board's wrap; a relay's boards are plain
    const deal = (/** @type {number} */ w, /** @type {number} */ h) => {
      const same = w === game.topo.width && h === game.topo.height;
      return solverUI?.shuffle({ topo: same ? game.topo : topology(w, h), goal: defaultGoal(w, h) });
    };
    this.events = new EventRun($, { game, deal, take: (key, solve, generation) => this.keep(key, solve, generation) });
    this.events.onGiveUp = () => this.abandon();
    this.events.onChoose = () => this.followKey(); // another event chosen: its session at once
    this.practice.forced = () => this.events.underWay;
    this.kind = this.events.key();
    this.track = this.tracking(false);
    /** @type {{kind: string, at: number, solve: import("./session.js").Solve} | null} the solve last deleted, for Undo */
    this.removed = null;
    game.subscribe(() => this.gameChanged());
    this.inspection = new Inspection({
      game,
      control: $("session-inspection", HTMLInputElement),
      setting: settings.inspection,
      timer: $("timer"),
    });
    $("session-rows").addEventListener("change", (event) => {
      if (!(event.target instanceof HTMLSelectElement)) return; // a solve's +2 / DNF
      const date = Number(event.target.closest("tr")?.dataset.date);
      this.kept(this.sessions.update(this.kind, date, { penalty: event.target.value }));
      this.render();
    });
    $("session-rows").addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      const date = Number(button?.closest("tr")?.dataset.date);
      if (button?.dataset.act === "replay") this.replayOf(date, Number(button.dataset.board || 0));
      else if (button) this.remove(date);
    });
    this.names = new SessionNames($, {
      sessions: this.sessions,
      key: () => this.kind,
      say: (text, o) => this.say(text, o),
      changed: () => {
        this.removed = null;
        this.render();
      },
    });
    $("session-undo").addEventListener("click", () => this.names.undo() || this.undoRemove());
    $("session-clear").addEventListener("click", () => this.clear());
    $("session-csv").addEventListener("click", () => this.export("csv"));
    $("session-json").addEventListener("click", () => this.export("json"));
    $("session-import").addEventListener("click", () => $("session-file").click());
    $("session-file").addEventListener("change", () => this.import());
    this.statistics = new SessionStatistics($, (text) => this.say(text));
    onLanguage(() => this.render());
    this.render();
    this.changed = changed; // from now on: the page's other parts are built
  }

  /** Told after each render (a session changed): nothing until the page is built. */
  changed() {}

  /** What is followed of the game being played: its moves' times, whether its board was
   *  seen off the goal (a game a reload brought back solved is not a new solve).
   *  @param {boolean} live
   *  @returns {{generation: number, live: boolean, times: number[] | null, helped: boolean,
   *    taken: {kind: string, date: number, optimum?: number} | null}} */
  tracking(live) {
    const g = this.game;
    return { generation: g.generation, live, times: g.past.length ? null : [], helped: false, taken: null };
  }

  /** Whether a help is in sight while the board is being solved: the solve is assisted. */
  watchHelp() {
    if (!this.game.solved && this.track.live && this.practice.helped()) this.track.helped = true;
  }

  gameChanged() {
    const g = this.game;
    this.practice.apply(); // an event dealt on this board holds practice mode's rules from now on
    if (g.generation !== this.track.generation) this.track = this.tracking(false);
    const track = this.track;
    if (!g.solved) track.live = true;
    this.watchHelp();
    if (track.times) {
      if (g.past.length < track.times.length) track.times.length = g.past.length; // undone
      const now = Math.floor(g.timer.elapsed()); // as the page shows a time: whole ms, down
      while (track.times.length < g.past.length) track.times.push(now);
    }
    const ending = g.ending;
    if (ending && !ending.solver && track.live && !track.taken && !this.events.owns()) this.take(ending);
    this.followKey();
  }

  /** The list shown is the session the next solve goes to: the board's size and the event chosen. */
  followKey() {
    const kind = this.events.key();
    if (kind !== this.kind) {
      this.kind = kind;
      this.render();
    }
  }

  /** The times of the game's moves so far (ms from the timer's start), or null when they
   *  were not followed (a game brought back by a reload). */
  times() {
    const track = this.track;
    return track.generation === this.game.generation && track.times ? [...track.times] : null;
  }

  /** Escape: the solve being made given up, a DNF in the session when it had started (a
   *  move of the person's made; not one the solver played); nothing when it had not. */
  abandon() {
    const g = this.game,
      track = this.track;
    if (this.events.abandon()) return this.say(t("event.abandoned")); // a marathon or relay: a DNF with its splits
    if (g.solved || !g.past.length || !track.live || track.taken || g.pastBy?.includes("solver")) return;
    this.gameChanged(); // the moves' times up to now
    this.take({ ms: g.timer.elapsed(), hints: g.hints }, "DNF");
    this.say(t("session.abandoned", { n: this.sessions.list(this.kind).length }));
  }

  /** Keep the game's solve in its session (its penalty: the inspection's unless given).
   *  @param {{ms: number, hints?: number}} ending  @param {string} [penalty] */
  take(ending, penalty = this.inspection.mark()) {
    const g = this.game,
      kind = this.events.key(),
      list = this.sessions.list(kind);
    const ms = Math.floor(ending.ms),
      times = this.track.times;
    /** @type {import("./session.js").Solve} */
    const solve = {
      date: Math.max(Date.now(), (list[list.length - 1]?.date ?? 0) + 1), // a solve's date is its name: never twice
      type: g.origin?.kind === "random" ? "random" : "pasted",
      ms,
      penalty,
      scramble: formatBoardId(g.topo.width, g.topo.height, g.start),
      moves: g.past.join(""),
      times: times ? times.map((x) => Math.min(x, ms)) : null,
      optimum: null,
      assisted: this.track.helped || !!ending.hints,
    };
    const event = keyEvent(kind)[1];
    if (event !== "single") solve.event = event; // blindfolded
    this.keep(kind, solve, g.generation);
    this.coachChanged(); // the optimum the coach may know already, shown at once
  }

  /** A solve kept in the session of its key (a single's kind, or an event's), and shown.
   *  @param {string} key  @param {import("./session.js").Solve} solve  @param {number} generation  the game's */
  keep(key, solve, generation) {
    const list = this.sessions.list(key);
    solve.date = Math.max(solve.date, (list[list.length - 1]?.date ?? 0) + 1); // a solve's date is its name: never twice
    this.track.taken = { kind: key, date: solve.date };
    this.kept(this.records.add(generation, key, solve));
    this.kind = key;
    this.render();
  }

  /** The coach may know the optimum from the start of the solve just taken. */
  coachChanged(render = true) {
    this.watchHelp(); // the coach switched on during a solve
    const taken = this.track.taken,
      optimum = this.coach.optimum();
    if (!taken || !optimum?.exact || taken.optimum) return;
    taken.optimum = optimum.distance;
    this.sessions.update(taken.kind, taken.date, { optimum: optimum.distance });
    if (render) this.render();
  }

  /** The solve of that date replayed on the board (replay.js): its scramble, moves and times;
   *  of a marathon or relay, the whole event (k 0) or its board k (event_replay.js).
   *  @param {number} date  @param {number} [k] */
  replayOf(date, k = 0) {
    const solves = this.sessions.list(this.kind),
      n = solves.findIndex((s) => s.date === date) + 1,
      solve = n && this.replay ? sessionReplay(solves[n - 1], this.kind, k, n) : null;
    if (solve) this.replay?.open(solve);
  }

  /** @param {string} text  @param {{undo?: boolean}} [o]  undo: Undo is offered */
  say(text, { undo = false } = {}) {
    this.$("session-status").textContent = text;
    this.$("session-undo").hidden = !undo;
  }

  /** @param {boolean} ok  whether storage kept the change */
  kept(ok) {
    if (!ok) this.say(t("session.not_kept"));
  }

  /** @param {number} date */
  remove(date) {
    const n = this.sessions.list(this.kind).findIndex((s) => s.date === date) + 1;
    this.removed = this.sessions.remove(this.kind, date);
    if (!this.removed) return;
    this.names.dropped = null; // Undo is the solve's now
    this.render();
    this.say(t("session.deleted", { n, time: formatTime(resultOf(this.removed.solve)) }), { undo: true });
    this.$("session-undo").focus(); // the row's button is gone: keep the keyboard near
  }

  undoRemove() {
    if (!this.removed) return;
    this.sessions.restore(this.removed);
    this.say(t("session.restored", { n: this.removed.at + 1 }));
    this.removed = null;
    this.render();
  }

  clear() {
    const kind = this.titled();
    if (!window.confirm(t("session.confirm", { kind }))) return;
    this.sessions.clear(this.kind);
    this.removed = null;
    this.say(t("session.cleared", { kind }));
    this.render();
  }

  /** The key with the current session's name, when it has one of its own: "4x4, OH". */
  titled() {
    const name = this.sessions.session(this.kind).name;
    return name === null ? this.kind : `${this.kind}, ${name}`;
  }

  /** The current session as a file that names it.  @param {"csv" | "json"} format */
  export(format) {
    const solves = this.sessions.list(this.kind),
      session = this.names.nameOf(this.kind);
    const name = `npuzzle-session-${`${this.kind} ${session}`.replace(/[^\p{L}\p{N}]+/gu, "-")}.${format}`;
    if (format === "csv") download(name, toCSV(this.kind, solves, session), "text/csv");
    else download(name, toJSONText(this.kind, solves, session), "application/json");
  }

  async import() {
    const input = this.$("session-file", HTMLInputElement),
      file = input.files?.[0];
    input.value = ""; // the same file chosen again is read again
    if (!file) return;
    const said = await importText(await file.text(), file.name, {
      sessions: this.sessions,
      into: this.names.into(),
      solver: () => /** @type {import("../solver/ask.js").Requester} */ (this.solver()),
      ready: () => !!this.solver()?.ready,
      unique: (key, name) => this.names.unique(key, name),
      nameOf: (key) => this.names.nameOf(key),
      say: (text) => this.say(text),
    });
    this.removed = null;
    this.render();
    this.say(said);
  }

  /** The figures, the list and the summary of the session of the board's kind. */
  render() {
    const $ = this.$,
      kind = this.kind,
      solves = this.sessions.list(kind);
    const figures = stats(scored(solves).solves.map(resultOf));
    const latest = figures.ao5.current === null ? "" : t("session.latest", { ao5: formatTime(figures.ao5.current) });
    this.names.render();
    $("session-summary").textContent = t(solves.length === 1 ? "session.summary_one" : "session.summary", {
      kind: this.titled(),
      count: number(solves.length),
      latest,
    });
    $("session-figure-rows").replaceChildren(
      ...FIGURES.map((name) => {
        const label = name.startsWith("ao") ? name : t(`session.${name}`);
        const f = name === "mean" ? { current: figures.mean, best: null } : figures[name];
        return tableRow([label, formatTime(f.current), name === "mean" ? formatTime(null) : formatTime(f.best)], "th");
      }),
    );
    this.statistics.show(kind, solves);
    const listed = solves
      .map((solve, i) => ({ solve, n: i + 1 }))
      .reverse()
      .slice(0, LIST_LIMIT);
    $("session-rows").replaceChildren(...listed.map(({ solve, n }) => this.solveRow(solve, n)));
    $("session-list").hidden = !solves.length;
    $("session-note").textContent = !solves.length
      ? t("session.empty")
      : solves.length > LIST_LIMIT
        ? t("session.shown", { shown: LIST_LIMIT, count: number(solves.length) })
        : "";
    for (const id of ["session-csv", "session-json", "session-clear"])
      $(id, HTMLButtonElement).disabled = !solves.length;
    this.changed();
  }

  /** A solve's row: #, time (its mark and whether it was pasted), moves, MTM, TPS, the
   *  optimum, the date, the +2 / DNF mark and Delete.
   *  @param {import("./session.js").Solve} solve  @param {number} n */
  solveRow(solve, n) {
    const { stm, mtm, tps } = counted(solve);
    const time = formatTime(resultOf(solve)) + (solve.penalty === "DNF" ? ` (${formatTime(solve.ms)})` : "");
    const tr = tableRow([
      String(n),
      time,
      number(stm),
      number(mtm),
      formatTps(tps),
      solve.optimum === null ? "-" : number(solve.optimum),
      dateText(solve.date),
    ]);
    tr.dataset.date = String(solve.date);
    tr.dataset.type = solve.type;
    const tag = document.createElement("span");
    tag.className = `session-type ${solve.type}`;
    tag.textContent = t(`session.${solve.type}`);
    tr.cells[1].append(" ", tag);
    if (solve.assisted) {
      const help = document.createElement("span");
      help.className = "session-type assisted";
      help.textContent = t("session.assisted");
      tr.cells[1].append(" ", help);
      tr.dataset.assisted = "true";
    }
    const mark = document.createElement("select");
    mark.setAttribute("aria-label", t("session.penalty_of", { n }));
    for (const p of PENALTIES) mark.add(new Option(p || "OK", p, false, p === solve.penalty));
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "✕";
    remove.setAttribute("aria-label", t("session.delete_of", { n }));
    const replay = document.createElement("button");
    replay.type = "button";
    replay.dataset.act = "replay";
    replay.textContent = t("session.replay");
    replay.setAttribute("aria-label", t("session.replay_of", { n }));
    replay.hidden = !solve.moves; // a solve imported without its moves has nothing to replay
    if (solve.splits) tr.cells[1].append(this.splitsOf(solve, n));
    const cell = document.createElement("td");
    cell.append(replay, " ", mark, " ", remove);
    tr.append(cell);
    return tr;
  }

  /** A marathon's or relay's splits under its time: each board's own time, a button that replays it.
   *  @param {import("./session.js").Solve} solve  @param {number} n */
  splitsOf(solve, n) {
    const box = document.createElement("span");
    box.className = "session-splits";
    box.append(t("event.splits"));
    (solve.splits ?? []).forEach((_, i, all) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.act = "replay";
      button.dataset.board = String(i + 1);
      button.textContent = formatTime(splitTime(all, i));
      button.setAttribute("aria-label", t("event.replay_board", { n, k: i + 1 }));
      box.append(" ", button);
    });
    return box;
  }
}

/** A table row of texts (the first cell a header cell when `first` is "th").
 *  @param {string[]} texts  @param {string} [first] */
function tableRow(texts, first = "td") {
  const tr = document.createElement("tr");
  texts.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? first : "td");
    cell.textContent = text;
    tr.append(cell);
  });
  return tr;
}
