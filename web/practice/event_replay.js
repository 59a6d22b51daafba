// A marathon's or relay's replay (issue 40): its boards, dealt in turn, as replay.js plays
// them, from a session's solve or from a link's solve code (version 2, solve_code.js).
// No DOM: the link's reader (game/address.js) uses it before the page is built.
//
//   replayBoards(splits, first)       // [{problem, from, to, ms}]: each board on its own
//                                     // problem, its moves from..to of the whole, its split
//   sessionReplay(solve, key, k, n)   // a session's solve as replay.js's Solve: the whole
//                                     // event (k 0) or its board k alone; null if none
//
// The first board is the link's (its id, goal and wrap); a board after it of the same
// shape has that topology and goal (a marathon's), another shape the plain board and its
// default goal (a relay's).  A split's moves that leave its board are said with the board's
// number (npuzzle.catalogue "replay.off_board"), a code whose first board is not the
// link's with "replay.first_board".

import {
  RulesError,
  defaultGoal,
  parseBoardId,
  parseProblem,
  rulesError,
  sameBoard,
  topology,
  walk,
} from "../game/rules.js";
import { keyWrap } from "./events.js";
import { splitTime } from "./session.js";

/** @typedef {import("./solve_code.js").Split} Split */
/** @typedef {{problem: import("../game/rules.js").Problem, from: number, to: number, ms: number}} Board */

/** An event's boards on the first's problem (the link's); throws RulesError (field "replay").
 *  @param {Split[]} splits  @param {import("../game/rules.js").Problem} first  @returns {Board[]} */
export function replayBoards(splits, first) {
  let from = 0;
  return splits.map((split, i) => {
    const [width, height, tiles] = parseBoardId(split.scramble);
    const same = width === first.topo.width && height === first.topo.height;
    if (i === 0 && !(same && sameBoard(tiles, first.tiles))) throw rulesError("replay.first_board", {}, "replay");
    const problem = i
      ? {
          tiles,
          goal: same ? first.goal : defaultGoal(width, height),
          topo: same ? first.topo : topology(width, height),
        }
      : first;
    try {
      walk(tiles, split.moves, problem.topo);
    } catch (e) {
      if (!(e instanceof RulesError) || e.code !== "moves.off_board") throw e;
      throw rulesError("replay.off_board", { k: i + 1, ...e.params }, "replay");
    }
    from += split.moves.length;
    return { problem, from: from - split.moves.length, to: from, ms: split.ms };
  });
}

/** A session's solve (session.js) as a replay's Solve (replay.js): the whole of a marathon
 *  or relay when k is 0, else its board k (1, 2, ...) timed from that board's start; a
 *  single as it is.  Null when it cannot be played (a file's solve without moves).
 *  @param {import("./session.js").Solve} solve  @param {string} key  the session's
 *  @param {number} k  @param {number} n  its number in the session */
export function sessionReplay(solve, key, k, n) {
  const wrap = keyWrap(key);
  try {
    if (solve.splits?.length && !k) {
      const problem = parseProblem(solve.splits[0].scramble, "", wrap);
      const times = solve.times?.length === solve.moves.length ? solve.times : null;
      const boards = replayBoards(solve.splits, problem);
      return { problem, moves: solve.moves, times, ms: solve.ms, n, boards, splits: solve.splits };
    }
    const one = boardOf(solve, k);
    return { problem: parseProblem(one.scramble, "", wrap), moves: one.moves, times: one.times, ms: one.ms, n };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return null; // cannot be: a solve is checked when kept or imported
  }
}

/** A solve's board k (1, 2, ...) of its splits, or the solve itself (k 0, or no splits):
 *  {scramble, moves, times, ms}, the times and ms from that board's start.
 *  @param {import("./session.js").Solve} solve  @param {number} k */
function boardOf(solve, k) {
  const splits = solve.splits;
  if (!splits || !k) return solve;
  const split = splits[k - 1],
    start = k > 1 ? splits[k - 2].ms : 0,
    first = splits.slice(0, k - 1).reduce((n, s) => n + s.moves.length, 0);
  const times = solve.times?.slice(first, first + split.moves.length).map((x) => Math.max(0, x - start)) ?? null;
  return { scramble: split.scramble, moves: split.moves, times, ms: splitTime(splits, k - 1) };
}
