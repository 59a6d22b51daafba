// A game kept across a reload, as plain JSON-safe data: the format Game.toJSON() writes
// (writeSaved) and Game.resume() reads back, checked move by move (readSaved).  keep.js
// stores it; nothing here touches storage or the DOM.

import { formatBoardId, formatWrap, parseMoves, parseProblem, sameBoard, walk } from "./rules.js";

const SAVED_VERSION = 1; // the shape of writeSaved()'s data; readSaved() takes only this one
const BY_LETTER = { p: "person", s: "solver", h: "hint" };
const LETTER_BY = { person: "p", solver: "s", hint: "h" };

/**
 * The game as plain JSON-safe data, for keeping it across a reload: the problem (the
 * start board), the moves made and undone (letters), their actions and makers, the
 * hints, where the board came from, the timer and the solution followed.  Long lists
 * are written compactly: a 30x30 answer played is ~70,000 moves, each an action of
 * one move by the solver, so actions and makers are runs ([value, count] pairs).
 * @param {import("./game.js").Game} game
 */
export function writeSaved(game) {
  const { width, height, wrapRows, wrapCols } = game.topo;
  const id = (tiles) => formatBoardId(width, height, tiles);
  const s = game.solution;
  return {
    version: SAVED_VERSION,
    problem: { board: id(game.start), goal: id(game.goal), wrap: formatWrap(wrapRows, wrapCols, width, height) },
    past: game.past.join(""),
    pastGroups: runs(game.pastGroups),
    pastBy: runs(game.pastBy.map((by) => LETTER_BY[by])),
    future: game.future.join(""),
    futureGroups: runs(game.futureGroups),
    futureBy: runs(game.futureBy.map((by) => LETTER_BY[by])),
    hints: game.hints,
    origin: game.origin,
    timer: { ms: Math.round(game.timer.elapsed()), running: game.timer.running },
    solution: s && {
      start: id(s.start),
      moves: s.moves,
      optimal: s.optimal,
      origin: s.origin,
      summary: s.summary,
      notes: s.notes,
      index: s.index,
    },
  };
}

/** [[value, count], ...] for a list: the runs of equal values. */
function runs(list) {
  const out = [];
  for (const value of list) {
    const last = out.at(-1);
    if (last && last[0] === value) last[1]++;
    else out.push([value, 1]);
  }
  return out;
}

/** The list that runs() wrote, each value checked by `ok`. */
function unrun(pairs, ok) {
  if (!Array.isArray(pairs)) throw new Error("not a list of runs");
  const out = [];
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || !ok(pair[0]) || !Number.isInteger(pair[1]) || pair[1] < 1) {
      throw new Error("a run is not [value, count]");
    }
    for (let k = 0; k < pair[1]; k++) out.push(pair[0]);
  }
  return out;
}

/** writeSaved()'s data checked move by move and made into the game's lists; throws an Error
 *  (a RulesError for a bad board or move) when anything is missing or does not fit. */
export function readSaved(data) {
  if (!data || data.version !== SAVED_VERSION) throw new Error("not a saved game of this version");
  const { board, goal, wrap } = data.problem || {};
  const problem = parseProblem(board, goal, wrap);
  const { topo } = problem;
  const letters = (text) => (typeof text === "string" ? parseMoves(text) : "").split("");
  const past = letters(data.past),
    future = letters(data.future);
  const group = (n) => Number.isInteger(n) && n > 0;
  const maker = (c) => c in BY_LETTER;
  const pastGroups = unrun(data.pastGroups, group),
    futureGroups = unrun(data.futureGroups, group);
  const pastBy = unrun(data.pastBy, maker).map((c) => BY_LETTER[c]),
    futureBy = unrun(data.futureBy, maker).map((c) => BY_LETTER[c]);
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  if (sum(pastGroups) !== past.length || pastBy.length !== past.length)
    throw new Error("the moves made and their actions differ");
  if (sum(futureGroups) !== future.length || futureBy.length !== future.length)
    throw new Error("the moves undone and their actions differ");
  const tiles = walk(problem.tiles, past.join(""), topo).end; // throws if a move leaves the board
  walk(tiles, future.slice().reverse().join(""), topo); // so must every move Redo would make
  const timer = data.timer || {};
  if (!(Number.isFinite(timer.ms) && timer.ms >= 0)) throw new Error("the time is not a number of milliseconds");
  const hints = Number.isInteger(data.hints) && data.hints >= 0 ? data.hints : 0;
  const origin = data.origin && typeof data.origin.kind === "string" ? data.origin : { kind: "random" };
  let solution = null;
  if (data.solution) {
    const s = data.solution;
    const start = parseProblem(s.start, goal, wrap).tiles;
    const moves = parseMoves(s.moves);
    const walked = walk(start, moves, topo);
    const index =
      s.index === null ? null : Number.isInteger(s.index) && s.index >= 0 && s.index <= moves.length ? s.index : -1;
    if (index === -1) throw new Error("the solution's position is not one of its moves");
    const at = index === null ? null : walk(start, moves.slice(0, index), topo).end;
    if (at && !sameBoard(at, tiles)) throw new Error("the board is not where the solution says");
    solution = {
      start,
      moves,
      tiles: walked.tiles,
      optimal: !!s.optimal,
      origin: s.origin === "link" ? "link" : "solver",
      // the summary and notes are text, or data the page words in its language (status.js)
      summary: typeof s.summary === "string" || isPlain(s.summary) ? s.summary : "",
      notes: Array.isArray(s.notes) ? s.notes.filter((n) => typeof n === "string" || isPlain(n)) : [],
      index,
      board: at,
    };
  }
  return {
    problem,
    tiles,
    past,
    pastGroups,
    pastBy,
    future,
    futureGroups,
    futureBy,
    hints,
    origin,
    timer: { ms: timer.ms, running: !!timer.running },
    solution,
  };
}

/** A plain object, as JSON gives (a summary or a note kept as data). */
function isPlain(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
