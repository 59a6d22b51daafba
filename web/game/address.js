// The address codec: the page's link, #id=...&goal=...&wrap=...&moves=..., read and
// written by pure functions (no `location` here; main.js reads and writes the address).
//
//   id     the board, a board ID such as 4x4:1,2,...,15,0
//   goal   the goal, when not the default 1, 2, ..., N-1 then the blank
//   wrap   wrapped rows and columns, such as r2,c2, or all
//   moves  a solution to replay from the board, such as RRDL
//   replay a solve of the board to replay: its moves and their times, as solve_code.js
//          writes them (a 100-move solve in some 175 characters); or a whole marathon or
//          relay, every board (the first is the id's: event_replay.js)
//
// and the study lab's (web/lab/lab.js), which a teacher's link carries:
//
//   lab         the lab's view to open: compare, study or step
//   run         1: run the comparison or the study at once (a link made by "Link to this
//               comparison"; the address bar never carries it, so a reload runs nothing)
//   algorithms  the algorithms to run, such as astar,idastar (step: the first)
//   heuristics  the heuristics, such as misplaced,manhattan (step: the first)
//   weight      the weighted searches' w;  time  seconds a run;  nodes  nodes expanded a run
//   size, count, depths, seed   a study's random boards: 3x3, 20 at each of 12,16,20,24, seed 0
//   boards      a study's boards instead, one a line, the lines joined by ;
//
// Names are checked by Python when the lab runs (its messages name the option at fault).

import {
  RulesError,
  defaultGoal,
  formatBoardId,
  formatWrap,
  parseMoves,
  parseProblem,
  parseWrap,
  sameBoard,
  scramble,
  topology,
  walk,
} from "./rules.js";
import { DEFAULT_SIZE } from "./game.js";
import { LANGUAGES } from "../languages/i18n.js";
import { decode } from "../practice/solve_code.js";
import { replayBoards } from "../practice/event_replay.js";

const SCRAMBLE_MOVES = 400; // random moves for the default board: far past mixing on a 4x4
const MAX_MESSAGE = 200; // characters of a message shown; a link may quote a long value

/** The lab's link keys, in the order written, and the settings' names in the page. */
export const LAB_KEYS = {
  lab: "view",
  algorithms: "algorithms",
  heuristics: "heuristics",
  weight: "weight",
  time: "timeLimit",
  nodes: "maxNodes",
  size: "size",
  count: "count",
  depths: "depths",
  seed: "seed",
  boards: "boards",
  run: "run",
};
const LAB_VIEWS = ["compare", "study", "step"];
const STUDY_KEYS = ["size", "count", "depths", "seed", "boards"]; // text, checked by Python when the study runs
// A study's boards in a link: readable (IDs, rows split by /, lines by ;) where the characters allow.
const linkText = (text) =>
  encodeURIComponent(text).replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%2F/gi, "/").replace(/%3B/gi, ";");
const NAME_LIST = /^[a-z*-]+(,[a-z*-]+)*$/;

/** The hash (without #) for a problem {tiles, goal, topo}, the moves still to replay, and
 *  the lab's settings (null when none: {view, algorithms, heuristics, weight, timeLimit,
 *  maxNodes, a study's, run}, each written only when set; run only when true).
 *  @param {import("./rules.js").Problem} problem  @param {string} [moves]
 *  @param {Record<string, unknown> | null} [lab]  @param {string | null} [lang]
 *  @param {{solution: string, notation: string} | null} [analysis]  @param {string | null} [replay]  a solve's code */
export function writeAddress(
  { tiles, goal, topo },
  moves = "",
  lab = null,
  lang = null,
  analysis = null,
  replay = null,
) {
  const { width, height, wrapRows, wrapCols } = topo;
  let hash = `id=${formatBoardId(width, height, tiles)}`;
  if (!sameBoard(goal, defaultGoal(width, height))) hash += `&goal=${formatBoardId(width, height, goal)}`;
  const wrap = formatWrap(wrapRows, wrapCols, width, height);
  if (wrap) hash += `&wrap=${wrap}`;
  if (moves) hash += `&moves=${moves}`;
  for (const [key, name] of Object.entries(LAB_KEYS)) {
    const value = lab?.[name];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) continue;
    if (key === "run" && value !== true) continue;
    hash += `&${key}=${Array.isArray(value) ? value.join(",") : STUDY_KEYS.includes(key) ? linkText(String(value)) : key === "run" ? 1 : value}`;
  }
  if (analysis) hash += `&analyse=${encodeURIComponent(analysis.solution)}&notation=${analysis.notation}`;
  if (replay) hash += `&replay=${replay}`;
  if (lang) hash += `&lang=${lang}`;
  return hash;
}

/** A link's solve to analyse (its board is the scramble): {solution, notation, error, why}
 *  or null when it has none.  A bad solution or notation is not the board's fault: the
 *  board loads, and the speedsolvers' panel says the error (why: {code, params}). */
function readAnalysis(params) {
  if (!params.has("analyse")) return null;
  const solution = params.get("analyse"),
    notation = params.get("notation") || "gap";
  try {
    parseMoves(solution, notation);
    return { solution, notation, error: null, why: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return {
      solution,
      notation: notation === "tile" ? "tile" : "gap",
      error: cut(e.message),
      why: { code: e.code, params: e.params },
    };
  }
}

/** A link's solve to replay on its board (the scramble): {moves, times, ms, error: null}
 *  (a whole event's with its splits and boards, the first the link's), or {error, why}
 *  when its code cannot be read or its moves leave the board (the board still loads: the
 *  replay is said to be at fault), or null when the link has none. */
function readReplay(params, problem) {
  if (!params.has("replay")) return null;
  try {
    const solve = decode(params.get("replay"));
    if ("splits" in solve) {
      const boards = replayBoards(solve.splits, problem); // throws if a move leaves its board
      return { ...solve, moves: solve.splits.map((s) => s.moves).join(""), boards, error: null, why: null };
    }
    walk(problem.tiles, solve.moves, problem.topo); // throws if a move leaves the board
    return { ...solve, error: null, why: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return {
      error: cut(`in replay=, ${e.message}`),
      why: { code: e.code, params: e.params, key: "replay", message: e.message },
    };
  }
}

/** The lab's settings in a link's parameters: {view, algorithms, heuristics, weight, timeLimit,
 *  maxNodes, a study's, run} (null for those not given; run true only for run=1), or null
 *  when the link has none; throws a RulesError (field: the key) for a malformed one. */
function readLab(params) {
  if (!Object.keys(LAB_KEYS).some((key) => params.has(key))) return null;
  const lab = {
    view: null,
    algorithms: null,
    heuristics: null,
    weight: null,
    timeLimit: null,
    maxNodes: null,
    size: null,
    count: null,
    depths: null,
    seed: null,
    boards: null,
    run: null,
  };
  const view = params.get("lab");
  if (view !== undefined && view !== "") {
    if (!LAB_VIEWS.includes(view))
      throw new RulesError(`unknown lab view '${view}': choose compare, study or step`, "lab", "link.lab_view", {
        view,
      });
    lab.view = view;
  }
  for (const key of ["algorithms", "heuristics"]) {
    const text = (params.get(key) || "").toLowerCase().replace(/\s+/g, "");
    if (!text) continue;
    if (!NAME_LIST.test(text))
      throw new RulesError(`'${text}' is not a list of names like astar,idastar`, key, "link.names", { text });
    lab[key] = text.split(",");
  }
  for (const key of ["weight", "time", "nodes"]) {
    const text = (params.get(key) || "").trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
      throw new RulesError(`'${text}' is not a positive number`, key, "link.positive", { text });
    lab[LAB_KEYS[key]] = value;
  }
  for (const key of STUDY_KEYS) {
    const text = (params.get(key) || "").trim();
    if (text) lab[key] = text;
  }
  if (params.get("run") === "1") lab.run = true; // any other value runs nothing
  return lab;
}

/** A new puzzle of the default size (or the topology's): its goal scrambled at random. */
export function defaultProblem(topo = topology(DEFAULT_SIZE[0], DEFAULT_SIZE[1]), random = Math.random) {
  const goal = defaultGoal(topo.width, topo.height);
  return { tiles: scramble(goal, topo, SCRAMBLE_MOVES, random), goal, topo };
}

/** The shape the size picker asks for, its wraps written as in links (r2,c2, all):
 *  {topo, warning}.  Wraps that do not fit the size give none, and a warning ({error,
 *  code, params}: status.js words it). */
export function pickedShape(width, height, wrapText) {
  try {
    return { topo: topology(width, height, ...parseWrap(wrapText, width, height)), warning: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { topo: topology(width, height, [], []), warning: { error: e.message, code: e.code, params: e.params } };
  }
}

/**
 * What a link describes: {problem, moves, tiles, lab, lang, analyse, replay, error, why}.  `problem` is {tiles, goal, topo};
 * `moves` the solution it carries (null if none) and `tiles` the tiles those moves slide;
 * `lab` the lab's settings (see readLab; null if none); `analyse` a solve of the board to
 * analyse (see readAnalysis; null if none); `replay` a solve of it to replay (see readReplay).
 * A link with no id, or a malformed one, gives the default board (and, when malformed,
 * `error`, a message naming the part at fault, and `why`, the same as data for other
 * languages: {code, params, key}: a link's own code ("link.*", worded by the page) or
 * Python's (npuzzle.catalogue), and the link key at fault; `key`, that key again, and
 * `texts`, the link's own id, goal, wrap and moves as written, so the person can
 * correct them).  `lang` is the link's language (one of LANGUAGES) or null.
 */
export function readAddress(hash, random = Math.random) {
  const fallback = (error, why = null) => ({
    problem: defaultProblem(undefined, random),
    moves: null,
    tiles: null,
    lab: null,
    analyse: null,
    replay: null,
    lang: LANGUAGES.includes(params.get("lang")) ? params.get("lang") : null,
    error: cut(error),
    why,
    key: why?.key ? why.key : null,
    texts: Object.fromEntries(["id", "goal", "wrap", "moves"].map((k) => [k, params.get(k) ?? null])),
  });
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
      return fallback(`the link's ${shortKey(key)} is not readable text`, {
        code: "link.unreadable",
        params: { key: shortKey(key) },
        key,
      });
    }
    if (params.has(key) && params.get(key) !== value) {
      return fallback(`the link gives ${shortKey(key)} twice`, {
        code: "link.twice",
        params: { key: shortKey(key) },
        key,
      });
    }
    params.set(key, value);
  }
  if (!params.has("id"))
    return fallback(
      params.size && !(params.size === 1 && params.has("lang")) ? "the link has no board (id=...)" : null,
      { code: "link.no_board", params: {} },
    );
  const lang = LANGUAGES.includes(params.get("lang")) ? params.get("lang") : null;
  try {
    const problem = parseProblem(params.get("id"), params.get("goal"), params.get("wrap"));
    const lab = readLab(params);
    const analyse = readAnalysis(params);
    const replay = readReplay(params, problem);
    if (!params.get("moves"))
      return { problem, moves: null, tiles: null, lab, lang, analyse, replay, error: null, why: null };
    const moves = parseMoves(params.get("moves"));
    const { tiles } = walk(problem.tiles, moves, problem.topo); // throws if a move leaves the board
    return { problem, moves, tiles, lab, lang, analyse, replay, error: null, why: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    const key = FIELD_KEYS[e.field] || e.field;
    return fallback(`in ${key}=, ${e.message}`, { code: e.code, params: e.params, key, message: e.message });
  }
}

const FIELD_KEYS = { board: "id", goal: "goal", wrap: "wrap", moves: "moves" };

const cut = (text) => (text && text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);

/** A link's key as a message may quote it: at most 20 characters. */
function shortKey(key) {
  return key.length > 20 ? `${key.slice(0, 20)}…` : key;
}
