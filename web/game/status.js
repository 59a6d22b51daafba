// What the page says, computed from the state it describes: no DOM, no timers, tested
// under Node (tests/status_test.mjs).  A message goes when its state goes: a note about
// a game (a solve's outcome, the editor's rejection) is kept with that game's number and
// a hint's with the board's, so a new game or a move drops it and the line describes
// what is on screen again.
//
// The status line: statusText({solver, busy, progress, elapsed, note, checked, game})
//   solver    {phase: "loading" | "ready" | "failed" | "restarting", text, version, error}
//   busy      "solve" | "hint" | "shuffle" | null
//   progress  the last progress dict of the running request (nodes: the total so far), or null
//   elapsed   seconds since the running request began (the page's clock), or 0
//   note      {kind, generation, version?, ...} the outcome of the last request, or null
//   checked   Python's check of the game's board, or null until it comes
//   game      {generation, version, origin}: origin {kind: "link" | "random" | "editor" | "case" | "replay", moves?, warning?}

import { number, pythonText, t } from "../languages/i18n.js";

export { number };

const plural = (n, word) => t(`n.${word}.${n === 1 ? "one" : "other"}`, { n: number(n) });
/** The page's name of the search a reply names (its words in the catalogues, keyed by the package's
 *  name, so the page keeps no list of the names); IDA*'s for one it has no words for. */
const searchName = (algorithm) => {
  const key = `search.${algorithm}`;
  return t(key) === key ? t("search.idastar") : t(key);
};
const stripUnsolvable = (reason) => reason.replace(/^(unsolvable:|无解：)\s*/i, "");
/** "This board is unsolvable: ..." for a reason: Python's coded reason, or its English text. */
export const unsolvable = (reason) => t("unsolvable", { reason: stripUnsolvable(pythonText(reason)) });
const seconds = (s, digits = 1) => number(s, digits);
/** A loading step of the worker ({step} or {text}) in words. */
const loadingText = (phase) => (phase.step ? t(`loading.${phase.step}`) : phase.text);

/** The pattern databases' loading (a progress dict of phase "databases", the solver's or the lab's) in words. */
export function databaseText(p) {
  const mb = (n) => number(n / 1e6, 1);
  // none loaded of none (total 0): the site's databases are not built yet (worker.js)
  if (p.failed) return t("progress.db_failed", { failed: p.total ? pythonText(p.failed) : t("progress.db_not_built") });
  if (p.unpacking) return t("progress.db_unpacking", { file: p.unpacking });
  return t("progress.db_loading", { loaded: mb(p.loaded), total: mb(p.total) });
}

/** The status line for one of solve's progress dicts (nodes: the total so far). */
export function progressText(p) {
  if (p.phase === "databases") return p.failed ? t("progress.db_without", { text: databaseText(p) }) : databaseText(p);
  if (p.phase === "building") return t("progress.building", { database: p.database });
  if (p.algorithm === "beam")
    return t("progress.beam", { depth: p.bound, nodes: number(p.nodes), seconds: seconds(p.seconds) });
  const name = searchName(p.algorithm);
  if (p.weight) {
    const best = p.best === null || p.best === undefined ? t("progress.none_yet") : t("progress.best", { n: p.best });
    return t("progress.weighted", {
      name,
      weight: p.weight,
      best,
      nodes: number(p.nodes),
      seconds: seconds(p.seconds),
    });
  }
  return t("progress.bound", { name, bound: p.bound, nodes: number(p.nodes), seconds: seconds(p.seconds) });
}

/** Progress dicts as they come, made into a running total: a new stage of a solve (its
 *  own count from 0) adds to what the stages before it counted, so the count shown never
 *  goes backwards.  Returns the dict to show. */
export class ProgressTotal {
  constructor() {
    this.before = 0; // nodes of the finished stages
    this.last = 0; // the last count reported by the running stage
  }

  add(p) {
    if (typeof p.nodes !== "number") return p;
    if (p.nodes < this.last) this.before += this.last;
    this.last = p.nodes;
    return { ...p, nodes: this.before + p.nodes };
  }
}

/** What a player wants to know while a search runs: that it thinks and for how long, the
 *  best answer so far when a search has one, and the databases' state in a player's words;
 *  the engine's figures (bound, nodes, search) are progressText's, under Details. */
export function playerProgress(busy, p, elapsed) {
  const secs = number(Math.floor(elapsed || 0));
  // a failure before any byte of none (total 0) is a site whose databases are not built yet
  if (p?.phase === "databases" && p.failed) return t(p.total ? "progress.player_db_failed" : "progress.player_no_db");
  if (p?.phase === "databases") return databaseText(p);
  if (p?.phase === "building") return t("progress.player_building", { seconds: secs });
  if (busy === "shuffle") return t("busy.shuffle");
  if (p && Number.isFinite(p.best)) return t("progress.player_best", { n: number(p.best), seconds: secs });
  return t(busy === "hint" ? "progress.player_hint" : "progress.player_thinking", { seconds: secs });
}

/** "62 moves, optimal" or "80 moves (not proven optimal; at least 52)". */
export function verdict(r) {
  const moves = t(`n.move.${r.length === 1 ? "one" : "other"}`, { n: r.length }); // unformatted, as the solution panel counts
  return r.optimal ? t("verdict.optimal", { moves }) : t("verdict.not_proven", { moves, bound: r.lower_bound });
}

/** What a player wants to know of a solution: its length and whether a shorter one can
 *  exist ("57 moves, the shortest possible", "62 moves (the shortest is at least 58)").
 *  The solver's figures are figuresText's, shown one click away. */
export function playerVerdict(r) {
  const moves = t(`n.move.${r.length === 1 ? "one" : "other"}`, { n: r.length });
  if (r.optimal) return t("verdict.shortest", { moves });
  return r.lower_bound ? t("verdict.at_least", { moves, bound: r.lower_bound }) : t("verdict.unproven", { moves });
}

/** "IDA* with pattern databases": the search and its heuristic, as the solver named them. */
function methodText(algorithm, heuristic) {
  const search = searchName(algorithm);
  if (!heuristic) return search;
  const key = `heuristic.${heuristic}`,
    named = t(key);
  return t("method", { search, heuristic: named === key ? heuristic : named });
}

/** The solver's figures for a solve ({nodes, seconds, wall, mtm, length, algorithm, heuristic}):
 *  the method, nodes, times and the speedsolvers' counts, for the Details beside the status line. */
export function figuresText(s) {
  const method = methodText(s.algorithm, s.heuristic);
  const figures = t("figures", {
    method: method.charAt(0).toUpperCase() + method.slice(1),
    nodes: plural(s.nodes, "node"),
    seconds: seconds(s.seconds, 2),
    wall: seconds(s.wall, 2),
  });
  return Number.isFinite(s.mtm) ? t("figures.mtm", { figures, stm: number(s.length), mtm: number(s.mtm) }) : figures;
}

/** The player's words for a solve's outcome ({length, optimal, lower_bound}); a summary kept
 *  as text by an older page is shown as it is. */
export const summaryVerdict = (summary) =>
  summary && typeof summary === "object" ? playerVerdict(summary) : summary || "";

/** A solve's summary from its numbers ({length, optimal, lower_bound, nodes, seconds, wall, mtm}). */
export function summaryText(s) {
  const summary = t("summary", {
    verdict: verdict(s),
    nodes: number(s.nodes),
    seconds: seconds(s.seconds, 2),
    wall: seconds(s.wall, 2),
  });
  // single-tile and multi-tile moves, as speedsolvers count them (summaries kept before MTM have none)
  return Number.isFinite(s.mtm) ? t("summary.mtm", { summary, stm: s.length, mtm: s.mtm }) : summary;
}

/** Why a solve found nothing on a solvable board: each stop its own words. */
export function stopText(r) {
  const name = searchName(r.algorithm);
  const known = r.lower_bound ? t("stop.known", { bound: r.lower_bound }) : "";
  if (r.stopped === "node limit" && r.algorithm === "astar") {
    return t("stop.memory", {
      stored: number(r.max_nodes),
      nodes: plural(r.nodes, "node"),
      seconds: seconds(r.seconds),
      known,
    });
  }
  if (r.stopped === "node limit") return t("stop.nodes", { name, nodes: plural(r.nodes, "node"), known });
  if (r.stopped === "time limit")
    return t("stop.time", { name, seconds: seconds(r.seconds), nodes: plural(r.nodes, "node"), known });
  return t("stop.other", { name, why: r.stopped || t("stop.no_reason"), known });
}

/** How a game reached its goal (game.ending), or null. */
export function endingText(e, clock) {
  if (!e) return null;
  const moves = plural(e.moves, "move");
  if (e.solver === e.moves) return t("ending.played", { moves });
  if (e.own) return t("ending.own", { moves, time: clock(e.ms) });
  const hints = e.hints ? t("ending.hints", { hints: plural(e.hints, "hint") }) : "";
  if (!e.solver) return t("ending.helped", { moves, hints, time: clock(e.ms) });
  // each count named, the person's as the Moves counter has it (the hints' moves included)
  const yours = plural(e.moves - e.solver, "move"),
    solver = plural(e.solver, "move");
  return t("ending.shared", { yours, solver, moves, hints, time: clock(e.ms) });
}

/** The line under the board: how the game ended, or that the goal is on screen. */
export function messageText(ending, solved, clock) {
  return ending ? endingText(ending, clock) : solved ? t("message.goal") : "";
}

/** What a hint says: the tile to move, and how sure the solver is. */
export function hintText({ tile, optimal, seconds: within, shown }) {
  const sure = optimal ? t("hint.shortest") : within ? t("hint.best_in", { seconds: within }) : t("hint.from_solution");
  return t("hint.text", { tile, sure, shown: shown ? t("hint.shown") : "" });
}

/** Why a solve found nothing, in a player's words (stopText's figures go to the Details). */
export function stopPlayerText(r) {
  const known = r.lower_bound ? t("stop.known", { bound: r.lower_bound }) : "";
  return t(r.stopped === "node limit" && r.algorithm === "astar" ? "stop.player_memory" : "stop.player", { known });
}

/** The text for a request's outcome (errors are Python's dicts or messages: pythonText). */
export function noteText(note, solver) {
  const error = pythonText(note.error);
  const summary = summaryVerdict(note.summary);
  switch (note.kind) {
    case "solution":
      return note.length ? t("note.solution", { summary }) : t("note.at_goal");
    case "earlier":
      return t("note.earlier", { summary });
    case "stopped":
      return stopPlayerText(note.result);
    case "unsolvable":
      return unsolvable(note.reason);
    case "error":
      return t("note.error", { error });
    case "failed":
      return t("note.failed", { error });
    case "hint":
      return hintText(note);
    case "hint-none":
      return t("note.hint_none");
    case "shuffle-failed":
      return t("note.shuffle_failed", { error });
    case "check-failed":
      return t("note.check_failed", { error });
    case "rejected":
      return t("note.rejected", { error });
    case "cancelled":
      return solver.phase === "restarting"
        ? t("note.cancelled_restarting", { text: loadingText(solver) })
        : t("note.cancelled");
    default:
      return "";
  }
}

/** Where the board came from, said once it is on screen. */
export function originText(origin) {
  switch (origin.kind) {
    case "link":
      return origin.moves ? t("origin.link_moves", { moves: plural(origin.moves, "move") }) : t("origin.link");
    case "editor":
      return t("origin.editor");
    case "case":
      return t("origin.case");
    case "replay":
      return t("origin.replay");
    default: {
      const w = origin.warning;
      const warning = !w ? "" : typeof w === "string" ? w : t("origin.wrap_warning", { error: pythonText(w) });
      const shuffled = origin.shuffled ? t("origin.shuffled", { n: number(origin.shuffled) }) : t("origin.random");
      return shuffled + (warning ? ` ${warning}` : "");
    }
  }
}

/** The solver's own state, in a sentence. */
export function solverText(solver) {
  switch (solver.phase) {
    case "ready":
      return t("solver.ready"); // the version is the About line's (aboutText)
    case "failed":
      return t("solver.failed", { error: pythonText(solver.error) });
    case "restarting":
      return t("solver.restarting", { text: loadingText(solver) });
    default:
      return loadingText(solver) || t("solver.loading");
  }
}

/** The About line: the package's version once the solver has said it, else "". */
export const aboutText = (solver) => (solver.version ? t("about", { version: solver.version }) : "");

/** Whether a note is about the game (and board) on screen. */
const isCurrent = (note, game) =>
  !!note && note.generation === game.generation && (note.version === undefined || note.version === game.version);

/** The solver's figures behind the status line (its Details), or "" when it has none:
 *  a solve's method, nodes and times, or a stop's full account. */
export function statusDetails({ busy, progress, note, game }) {
  if (busy) return progress ? progressText(progress) : "";
  if (!isCurrent(note, game)) return "";
  if ((note.kind === "solution" || note.kind === "earlier") && note.summary && typeof note.summary === "object") {
    return note.summary.length ? figuresText(note.summary) : "";
  }
  return note.kind === "stopped" ? stopText(note.result) : "";
}

/** The status line, from the state (see the top of this file); game.undoable: the moves of
 *  the game before this one that Undo brings back (0 when none). */
export function statusText({ solver, busy, progress, elapsed = 0, note, checked, game }) {
  if (busy) return playerProgress(busy, progress, elapsed);
  if (isCurrent(note, game)) return noteText(note, solver);
  const origin = originText(game.origin);
  const board = game.undoable ? then(origin, t("undo.game", { moves: plural(game.undoable, "move") })) : origin;
  if (checked?.ok && !checked.solvable) return then(board, unsolvable(checked.reason_code || checked.reason));
  if (game.origin.kind === "editor" && solver.phase === "ready") return then(board, t("status.press_solve"));
  return then(board, solverText(solver));
}

/** Two sentences, one after the other (a space between them in English, none after a Chinese full stop). */
const then = (first, next) => t("status.then", { first, next });
