// The rules of play, twinned from the Python package (npuzzle/rules/topology.py, board.py,
// notation.py, random_board.py) so the board is playable before Python has loaded: every
// rule the page applies on its own is here, and tests/test_rules_twin.py checks that it
// agrees with the package, messages included.  Python stays the judge of everything
// else: solvability, shuffles, the editor's input, solutions.  The package's constants and
// the English of its messages come from shared.js, which build.py writes from the package.
//
// Vocabulary: a *cell* is an index 0..W*H-1 in row-major order; a *board* is an array
// of tile numbers by cell, 0 the blank; a *move* is U, D, L or R, the way the BLANK goes.
// Written in tile notation (NOTATIONS: "gap", "tile"), the speedsolvers' and Slidysim's,
// each letter is the way a TILE goes, the opposite; a number after a letter repeats it.

import {
  DELTAS,
  DIRECTIONS,
  MAX_DIGITS,
  MAX_REPEAT,
  MAX_SIDE,
  MIN_SIDE,
  NOTATIONS,
  OPPOSITE,
} from "../generated/shared.js";
import { english } from "../languages/i18n.js";

// DIRECTIONS: the moves, "UDLR"; OPPOSITE: the move that undoes each; MIN_SIDE, MAX_SIDE:
// the sides a board may have; DELTAS: each move's (row, column) step, in DIRECTIONS' order.
export { DIRECTIONS, MAX_SIDE, MIN_SIDE, NOTATIONS, OPPOSITE };

/** A board's shape (topology()).  @typedef {ReturnType<typeof topology>} Topology */
/** A problem: the start, the goal and the shape.  @typedef {{tiles: number[], goal: number[], topo: Topology}} Problem */

/** The board's shape: size, wrapped rows and columns, and step[cell][d] (-1: off the board).
 *  @param {number} width  @param {number} height  @param {number[]} [wrapRows]  @param {number[]} [wrapCols] */
export function topology(width, height, wrapRows = [], wrapCols = []) {
  /** @type {number[][]} */
  const step = [];
  for (let cell = 0; cell < width * height; cell++) {
    const r = Math.floor(cell / width),
      c = cell % width;
    step.push(
      DELTAS.map(([dr, dc]) => {
        let nr = r + dr,
          nc = c + dc;
        if (dc && wrapRows.includes(r)) nc = (nc + width) % width;
        if (dr && wrapCols.includes(c)) nr = (nr + height) % height;
        return nr >= 0 && nr < height && nc >= 0 && nc < width ? nr * width + nc : -1;
      }),
    );
  }
  return { width, height, wrapRows: [...wrapRows], wrapCols: [...wrapCols], step };
}

export function defaultGoal(width, height) {
  const n = width * height;
  return [...Array(n - 1).keys()].map((i) => i + 1).concat([0]);
}

export function sameBoard(a, b) {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** The board after one move, or null when the blank cannot go that way. */
export function applyMove(board, letter, topo) {
  const d = DIRECTIONS.indexOf(letter);
  const blank = board.indexOf(0);
  const target = d < 0 ? -1 : topo.step[blank][d];
  if (target < 0) return null;
  const next = board.slice();
  next[blank] = board[target];
  next[target] = 0;
  return next;
}

/** The board at the end of a move string and the tiles moved; throws on a bad move. */
export function walk(board, moves, topo) {
  // Only the end board is kept, one copy changed in place: a 30x30 solution has some
  // 70,000 moves, and a new board each move (900 cells copied, the blank looked for)
  // kept a link's opening busy for a third of a second.
  const current = board.slice();
  let blank = current.indexOf(0);
  const tiles = [];
  for (let i = 0; i < moves.length; i++) {
    const d = DIRECTIONS.indexOf(moves[i]);
    const target = d < 0 ? -1 : topo.step[blank][d];
    if (target < 0) {
      throw d >= 0
        ? rulesError("moves.off_board", { i: i + 1, letter: moves[i] }, "moves")
        : rulesError("moves.letter", { letter: quote(moves[i]), i: i + 1 }, "moves");
    }
    tiles.push(current[target]);
    current[blank] = current[target];
    current[target] = 0;
    blank = target;
  }
  return { end: current, tiles };
}

/**
 * The blank's moves that slide the tile in `cell` toward the blank, with every tile
 * between them (as in Tatham's Fifteen); "" when the cell is not in the blank's row or
 * column.  In a wrapped row or column the run goes the shorter way round, through the
 * wrap when that is shorter, as a solution's moves do (a tie goes the way without it).
 */
export function movesToCell(board, cell, topo) {
  const w = topo.width;
  const blank = board.indexOf(0);
  const [br, bc] = [Math.floor(blank / w), blank % w];
  const [r, c] = [Math.floor(cell / w), cell % w];
  if (cell === blank) return "";
  if (r === br) return run(c - bc, w, topo.wrapRows.includes(r), "L", "R");
  if (c === bc) return run(r - br, topo.height, topo.wrapCols.includes(c), "U", "D");
  return "";
}

/** `delta` cells along a line of `length` cells: the letters that take the blank there. */
function run(delta, length, wraps, back, forward) {
  let n = Math.abs(delta),
    letter = delta > 0 ? forward : back;
  if (wraps && length - n < n) [n, letter] = [length - n, delta > 0 ? back : forward];
  return letter.repeat(n);
}

/**
 * The goal after `moves` random blank moves, never undoing the previous one (as
 * npuzzle.rules.random_board.scramble); always solvable.  `random` returns numbers in [0, 1).
 */
export function scramble(goal, topo, moves, random = Math.random) {
  const board = goal.slice();
  let blank = board.indexOf(0);
  let back = -1;
  for (let i = 0; i < moves; i++) {
    const ways = [];
    topo.step[blank].forEach((cell, d) => {
      if (cell >= 0 && d !== back) ways.push(d);
    });
    const d = ways[Math.floor(random() * ways.length)];
    const cell = topo.step[blank][d];
    board[blank] = board[cell];
    board[cell] = 0;
    blank = cell;
    back = d ^ 1; // U<->D, L<->R: DIRECTIONS pairs each move with its opposite
  }
  return board;
}

/** Bad input; `field` names the input at fault ("board", "goal", "wrap" or "moves"), as
 *  npuzzle.rules.notation.NotationError's does, and `code` and `params` its message in
 *  npuzzle.catalogue (so i18n.pythonText words it in either language). */
export class RulesError extends Error {
  /** @param {string} message  @param {string} [field]  @param {string | null} [code]  @param {Record<string, unknown>} [params] */
  constructor(message, field = "board", code = null, params = {}) {
    super(message);
    this.field = field;
    this.code = code;
    this.params = params;
  }
}

/** The RulesError for the package's message `code` (npuzzle.catalogue), worded in English as
 *  Python words it; i18n.pythonText words it in the page's language.  `params` as the
 *  message shows them (npuzzle.catalogue.shown): a value its template quotes is quote()'s. */
export function rulesError(code, params = {}, field = "board") {
  return new RulesError(english(code, params), field, code, params);
}

// Characters Python's repr() escapes: str.isprintable() is false for them (a space is printable).
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** A string as Python's repr() writes it, for the messages that quote input ({x!r} in
 *  npuzzle.catalogue): the twin tests hold it to Python's. */
export function quote(text) {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escapes = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", [q]: `\\${q}` };
  let out = q;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch in escapes) out += escapes[ch];
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      const [prefix, digits] = code < 0x100 ? ["x", 2] : code < 0x10000 ? ["u", 4] : ["U", 8];
      out += `\\${prefix}${code.toString(16).padStart(digits, "0")}`;
    } else out += ch;
  }
  return out + q;
}

// Python's whitespace (str.isspace, and \s in its regular expressions), which is not
// JavaScript's: it has \x1c-\x1f and \x85, and no \ufeff.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const strip = (text) => text.replace(EDGES, "");

const ID = new RegExp(`^[${SPACE}]*(\\d+)[${SPACE}]*[xX][${SPACE}]*(\\d+)[${SPACE}]*:(.*)$`, "s");
const SIZE_ONLY = new RegExp(`^[${SPACE}]*\\d+[${SPACE}]*[xX][${SPACE}]*\\d+`);

function side(digits, name) {
  if (digits.length > MAX_DIGITS) {
    throw rulesError("board.side_digits", { name, digits: digits.slice(0, 8), low: MIN_SIDE, high: MAX_SIDE });
  }
  return Number(digits);
}

/** [width, height, tiles] from a board ID such as 3x3:1,2,3,4,5,6,7,8,0, or a Slidysim
 *  scramble such as 1 2 3/4 5 6/7 8 0 (rows split by '/'); throws RulesError. */
export function parseBoardId(text) {
  text = text || "";
  if (!strip(text)) throw rulesError("board.empty");
  const m = ID.exec(text);
  if (!m && SIZE_ONLY.test(text)) throw rulesError("board.colon");
  if (!m && text.includes("/")) return parseScramble(text);
  if (!m) throw new RulesError("a board ID looks like 4x4:1,2,3,...,15,0");
  const width = side(m[1], "width"),
    height = side(m[2], "height");
  for (const [name, side] of /** @type {Array<[string, number]>} */ ([
    ["width", width],
    ["height", height],
  ])) {
    if (side < MIN_SIDE || side > MAX_SIDE) {
      throw rulesError("board.side_range", { name, side, low: MIN_SIDE, high: MAX_SIDE });
    }
  }
  const body = strip(m[3]);
  const tokens = body ? body.split(",").map(strip) : [];
  if (tokens.includes("")) throw rulesError("board.empty_entry");
  return [width, height, checkTiles(width, height, tokens.map(tileNumber))];
}

const WORDS = new RegExp(`[${SPACE}]+`);

/** A Slidysim scramble's [width, height, tiles], as npuzzle.rules.notation.parse_board reads one. */
function parseScramble(text) {
  const rows = strip(text)
    .split("/")
    .map((row) => row.replace(/,/g, " ").split(WORDS).filter(Boolean));
  rows.forEach((row, i) => {
    if (!row.length) throw rulesError("board.empty_row", { row: i + 1 });
  });
  const width = rows[0].length;
  rows.forEach((row, i) => {
    if (i && row.length !== width) throw rulesError("board.row_length", { row: i + 1, count: row.length, width });
  });
  const height = rows.length;
  for (const [name, side] of /** @type {Array<[string, number]>} */ ([
    ["width", width],
    ["height", height],
  ])) {
    if (side < MIN_SIDE || side > MAX_SIDE) {
      throw rulesError("board.side_range", { name, side, low: MIN_SIDE, high: MAX_SIDE });
    }
  }
  return [width, height, checkTiles(width, height, rows.flat().map(tileNumber))];
}

function tileNumber(t) {
  if (t === "_") return 0;
  if (!/^\d+$/.test(t)) throw rulesError("board.not_number", { token: quote(t) });
  if (t.length > MAX_DIGITS)
    throw rulesError("board.number_digits", { digits: t.slice(0, 8), cells: MAX_SIDE * MAX_SIDE });
  return Number(t);
}

function checkTiles(width, height, tiles) {
  const n = width * height;
  if (tiles.length !== n) throw rulesError("board.count", { width, height, n, got: tiles.length });
  const seen = new Array(n).fill(false);
  for (const t of tiles) {
    if (t >= n) throw rulesError("board.number_range", { t, width, height, top: n - 1 });
    if (seen[t]) throw rulesError("board.twice", { t });
    seen[t] = true;
  }
  return tiles;
}

export function formatBoardId(width, height, tiles) {
  return `${width}x${height}:${tiles.join(",")}`;
}

/** [wrapRows, wrapCols] from 'r2,c2', 'all', 'rows', 'cols' or ''; throws RulesError. */
export function parseWrap(text, width, height) {
  const rows = new Set(),
    cols = new Set();
  for (let part of (text || "").replace(/ /g, ",").split(",")) {
    part = strip(part).toLowerCase();
    if (!part || part === "none") continue;
    if (["all", "torus", "rows", "cols"].includes(part)) {
      if (part !== "cols") for (let r = 0; r < height; r++) rows.add(r);
      if (part !== "rows") for (let c = 0; c < width; c++) cols.add(c);
      continue;
    }
    const m = /^([rc])(\d+)$/.exec(part);
    if (!m) throw rulesError("wrap.bad", { part: quote(part) });
    (m[1] === "r" ? rows : cols).add(side(m[2], "wrapped line"));
  }
  const sorted = (s) => [...s].sort((a, b) => a - b);
  for (const [kind, lines, count, side] of [
    ["row", rows, height, width],
    ["column", cols, width, height],
  ]) {
    for (const line of lines) {
      if (line >= count) {
        throw rulesError("wrap.outside", { kind, line, top: count - 1 });
      }
      if (side < 3) throw rulesError("wrap.short", { kind });
    }
  }
  return [sorted(rows), sorted(cols)];
}

/** 'r2,c2' (as npuzzle.rules.notation.format_wrap); 'all' for a torus when the size is given. */
export function formatWrap(wrapRows, wrapCols, width = 0, height = 0) {
  if (width && height && wrapRows.length === height && wrapCols.length === width) return "all";
  return wrapRows
    .map((r) => `r${r}`)
    .concat(wrapCols.map((c) => `c${c}`))
    .join(",");
}

const TOKEN = new RegExp(`([A-Z])([0-9]*)|([0-9]+)|[${SPACE},]+|(.)`, "gsu");

/** The blank's letters for a move list in a notation ("gap": letters name where the blank
 *  goes; "tile": where a tile goes), as npuzzle.rules.notation.parse_moves: any case, a number
 *  after a letter repeats it, spaces and commas only separate; throws RulesError. */
export function parseMoves(text, notation = "gap") {
  if (!NOTATIONS.includes(notation)) {
    throw rulesError(
      "option.choice",
      { name: "notation", value: quote(notation), choices: NOTATIONS.join(", ") },
      "options",
    );
  }
  const moves = [];
  let n = 0;
  for (const [, letter, count, alone, other] of (text || "").toUpperCase().matchAll(TOKEN)) {
    if (letter === undefined && alone === undefined && other === undefined) continue; // a separator
    const i = n + 1;
    if (alone !== undefined) throw rulesError("moves.count_alone", { count: alone.slice(0, 8), i }, "moves");
    const l = letter ?? other;
    if (!DIRECTIONS.includes(l)) throw rulesError("moves.letter", { letter: quote(l), i }, "moves");
    let times = 1;
    if (count) {
      if (count.length > MAX_DIGITS || Number(count) > MAX_REPEAT) {
        throw rulesError("moves.count_range", { letter: l, count: count.slice(0, 8), i, high: MAX_REPEAT }, "moves");
      }
      times = Number(count);
      if (times === 0) throw rulesError("moves.count_zero", { letter: l, i }, "moves");
    }
    moves.push((notation === "tile" ? OPPOSITE[l] : l).repeat(times));
    n += times;
  }
  return moves.join("");
}

/** The blank's letters written in a notation: "gap" as they are, "tile" as Slidysim writes a
 *  solution (each tile's way, a run of one letter as the letter and its count). */
export function formatMoves(moves, notation = "gap") {
  if (notation !== "tile") return moves;
  return (moves.match(/U+|D+|L+|R+/g) || [])
    .map((run) => OPPOSITE[run[0]] + (run.length > 1 ? run.length : ""))
    .join("");
}

/** Multi-tile moves (MTM), as npuzzle.speedsolving.metrics.mtm: the runs of one letter (a run slides
 *  tiles along one line, one move for a speedsolver). */
export function countMtm(moves) {
  return (moves.match(/U+|D+|L+|R+/g) || []).length;
}

/** Single-tile moves a second over ms milliseconds from the first move, as
 *  npuzzle.speedsolving.metrics.tps: over the whole ms the time shows, to 3 places, halves
 *  up, in integers; null under 1 ms (a time of 0:00.000 has no TPS). */
export function movesPerSecond(moves, ms) {
  const whole = Math.floor(ms);
  return whole > 0 ? Math.floor((2 * moves.length * 1_000_000 + whole) / (2 * whole)) / 1000 : null;
}

/**
 * {tiles, goal, topo} from a board ID, a goal ID (empty: the default goal) and a wrap
 * text, as npuzzle.rules.notation.parse_problem; throws RulesError naming the field at fault.
 * @param {string} id  @param {string | null} [goalText]  @param {string | null} [wrapText]
 * @returns {Problem}
 */
export function parseProblem(id, goalText = "", wrapText = "") {
  const [width, height, tiles] = parseBoardId(id);
  let goal = defaultGoal(width, height);
  if (goalText && strip(goalText)) {
    const [gw, gh, g] = inField("goal", () => parseBoardId(goalText));
    if (gw !== width || gh !== height) throw rulesError("goal.size", { gw, gh, width, height }, "goal");
    goal = g;
  }
  const [rows, cols] = inField("wrap", () => parseWrap(wrapText, width, height));
  return { tiles, goal, topo: topology(width, height, rows, cols) };
}

function inField(field, f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof RulesError) throw new RulesError(e.message, field, e.code, e.params);
    throw e;
  }
}
