// The address codec: the page's link, #id=...&goal=...&wrap=...&moves=..., read and
// written by pure functions (no `location` here; main.js reads and writes the address).
//
//   id     the board, a board ID such as 4x4:1,2,...,15,0
//   goal   the goal, when not the default 1, 2, ..., N-1 then the blank
//   wrap   wrapped rows and columns, such as r2,c2, or all
//   moves  a solution to replay from the board, such as RRDL

import { RulesError, defaultGoal, formatBoardId, formatWrap, parseMoves, parseProblem, sameBoard, scramble, topology, walk } from "./rules.js";
import { DEFAULT_SIZE } from "./game.js";

const SCRAMBLE_MOVES = 400; // random moves for the default board: far past mixing on a 4x4
const MAX_MESSAGE = 200; // characters of a message shown; a link may quote a long value

/** The hash (without #) for a problem {tiles, goal, topo}, and the moves still to replay. */
export function writeAddress({ tiles, goal, topo }, moves = "") {
  const { width, height, wrapRows, wrapCols } = topo;
  let hash = `id=${formatBoardId(width, height, tiles)}`;
  if (!sameBoard(goal, defaultGoal(width, height))) hash += `&goal=${formatBoardId(width, height, goal)}`;
  const wrap = formatWrap(wrapRows, wrapCols, width, height);
  if (wrap) hash += `&wrap=${wrap}`;
  if (moves) hash += `&moves=${moves}`;
  return hash;
}

/** A new puzzle of the default size (or the topology's): its goal scrambled at random. */
export function defaultProblem(topo = topology(...DEFAULT_SIZE), random = Math.random) {
  const goal = defaultGoal(topo.width, topo.height);
  return { tiles: scramble(goal, topo, SCRAMBLE_MOVES, random), goal, topo };
}

/**
 * What a link describes: {problem, moves, tiles, error}.  `problem` is {tiles, goal, topo};
 * `moves` the solution it carries (null if none) and `tiles` the tiles those moves slide.
 * A link with no id, or a malformed one, gives the default board (and, when malformed,
 * `error`, a message naming the part at fault).
 */
export function readAddress(hash, random = Math.random) {
  const fallback = (error) => ({ problem: defaultProblem(undefined, random), moves: null, tiles: null, error: cut(error) });
  const params = new Map();
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!key) continue; // "&=x": nothing a link of ours has
    let value;
    try {
      value = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      return fallback(`the link's ${shortKey(key)} is not readable text`);
    }
    if (params.has(key) && params.get(key) !== value) return fallback(`the link gives ${shortKey(key)} twice`);
    params.set(key, value);
  }
  if (!params.has("id")) return fallback(params.size ? "the link has no board (id=...)" : null);
  try {
    const problem = parseProblem(params.get("id"), params.get("goal"), params.get("wrap"));
    if (!params.get("moves")) return { problem, moves: null, tiles: null, error: null };
    const moves = parseMoves(params.get("moves"));
    const { tiles } = walk(problem.tiles, moves, problem.topo); // throws if a move leaves the board
    return { problem, moves, tiles, error: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return fallback(`in ${FIELD_KEYS[e.field] || e.field}=, ${e.message}`);
  }
}

const FIELD_KEYS = { board: "id", goal: "goal", wrap: "wrap", moves: "moves" };

const cut = (text) => (text && text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);

/** A link's key as a message may quote it: at most 20 characters. */
function shortKey(key) {
  return key.length > 20 ? `${key.slice(0, 20)}…` : key;
}
