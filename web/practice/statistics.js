// A session's statistics and its chart's series, worked out from its solves and nothing
// else, over the solves its figures count (session.js's scored(): no assisted solve): the
// twin of npuzzle/speedsolving/statistics.py (tests/test_sessions.py holds them equal),
// whose docstring says what each figure is and how it is rounded.  No DOM.
//
//   sessionStatistics(solves)  // {type, count, dnfs, meanMoves, meanTps, bestTps}
//   trend(solves)              // {n, times, ao5, ao12}: the chart's points (null: a gap)

import { movesPerSecond } from "../game/rules.js";
import { SESSION_TREND } from "../generated/shared.js";
import { DNF, resultOf, rolling, scored } from "./session.js";

/** @typedef {{type: string, count: number, dnfs: number, meanMoves: number | null,
 *    meanTps: number | null, bestTps: number | null}} Statistics */

/** A session's statistics, as statistics.session_statistics.
 *  @param {import("./session.js").Solve[]} solves  @returns {Statistics} */
export function sessionStatistics(solves) {
  const { solves: mine, type } = scored(solves);
  const played = mine.filter((s) => s.penalty !== "DNF" && s.moves);
  const moves = played.reduce((sum, s) => sum + s.moves.length, 0);
  const time = played.reduce((sum, s) => sum + s.ms, 0);
  const speeds = played.map((s) => movesPerSecond(s.moves, s.ms)).filter((v) => v !== null);
  return {
    type,
    count: mine.length,
    dnfs: mine.filter((s) => s.penalty === "DNF").length,
    meanMoves: played.length ? Math.floor((20 * moves + played.length) / (2 * played.length)) / 10 : null,
    // the moves over the time, as one long solve: movesPerSecond counts a string's letters
    meanTps: played.length ? movesPerSecond("R".repeat(moves), time) : null,
    bestTps: speeds.length ? Math.max(.../** @type {number[]} */ (speeds)) : null,
  };
}

/** A DNF as null: a gap in the chart's line.  @param {(number | null)[]} values */
const gaps = (values) => values.map((v) => (v === DNF ? null : v));

/** The chart's series, as statistics.trend: a value a counted solve, oldest first.
 *  @param {import("./session.js").Solve[]} solves
 *  @returns {{n: number[], times: (number | null)[], [average: `ao${number}`]: (number | null)[]}} */
export function trend(solves) {
  const { solves: mine } = scored(solves);
  const results = mine.map(resultOf);
  /** @type {{n: number[], times: (number | null)[], [average: `ao${number}`]: (number | null)[]}} */
  const out = { n: mine.map((s) => solves.indexOf(s) + 1), times: gaps(results) };
  for (const size of SESSION_TREND) out[`ao${size}`] = gaps(rolling(results, size));
  return out;
}
