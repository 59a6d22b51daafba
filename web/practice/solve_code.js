// A solve as a short code for a link (&replay=...): its moves, each move's time and the
// solve's time (version 1), or a whole marathon or relay (version 2: every board's
// scramble as its rank, moves and split, and every move's time).  The twin of
// npuzzle/speedsolving/solve_code.py, whose docstring gives both layouts;
// tests/test_solve_code.py holds the two to the same codes and the same messages.  The
// page reads a link before Python has loaded, so the rule is here too.
//
//   encode("RRDL", [0, 181, 344, 600], 612)  // "AQTkBAGfABIQGg"
//   decode("AQTkBAGfABIQGg")                 // {moves: "RRDL", times: [0, 180, 340, 600], ms: 612}
//   decode("AQTkBA")                         // throws RulesError (field "replay", code "replay.cut")
//   encodeEvent([{scramble: "2x2:0,1,3,2", moves: "RD", ms: 900}, ...], times, ms)
//   decode(thatCode)                         // {splits: [{scramble, moves, ms}, ...], times, ms}

import { DIRECTIONS, MAX_SIDE, MIN_SIDE, formatBoardId, parseBoardId, quote, rulesError } from "../game/rules.js";
import {
  SOLVE_CODE_EVENT_VERSION as EVENT_VERSION,
  SOLVE_CODE_MAX_VARINT_BYTES as MAX_VARINT_BYTES,
  SOLVE_CODE_UNIT as UNIT,
  SOLVE_CODE_VERSION as VERSION,
} from "../generated/shared.js";

// VERSION, EVENT_VERSION, UNIT (ms: the times' resolution in a code) and MAX_VARINT_BYTES
// (numbers below 2**28) are the package's (npuzzle.speedsolving.solve_code), through shared.js.
const BAD_CHARACTER = /[^A-Za-z0-9_-]/;

/** @typedef {{scramble: string, moves: string, ms: number}} Split  one board of an event */

/** The RulesError of a code in npuzzle.catalogue (about the link's &replay=).
 *  @param {string} code  @param {Record<string, unknown>} [params] */
const codeError = (code, params = {}) => rulesError(code, params, "replay");

/** A time in units of 10 ms, to the nearest (halves up, as Python's math.floor).  @param {number} time */
const rounded = (time) => Math.floor((time + UNIT / 2) / UNIT);

/** value appended to out as a varint.  @param {number} value  @param {number[]} out */
function varint(value, out) {
  if (!(value >= 0 && value < 2 ** (7 * MAX_VARINT_BYTES)) || !Number.isInteger(value)) {
    throw new RangeError(`${value} does not fit a solve code's number`);
  }
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

/** n! as a BigInt.  @param {number} n */
function factorial(n) {
  let f = 1n;
  for (let i = 2n; i <= BigInt(n); i++) f *= i;
  return f;
}

/** The bytes of a scramble's rank on a board of this many cells: the fewest that hold cells! - 1.  @param {number} cells */
export function rankBytes(cells) {
  return Math.max(1, Math.ceil((factorial(cells) - 1n).toString(2).length / 8));
}

/** A permutation's Lehmer rank (the docstring's rule).  @param {number[]} tiles */
function rank(tiles) {
  let r = 0n;
  tiles.forEach((tile, i) => {
    let smaller = 0;
    for (let j = i + 1; j < tiles.length; j++) if (tiles[j] < tile) smaller++;
    r = r * BigInt(tiles.length - i) + BigInt(smaller);
  });
  return r;
}

/** The permutation of n cells of that rank.  @param {bigint} r  @param {number} n */
function unrank(r, n) {
  const digits = [];
  for (let base = 1n; base <= BigInt(n); base++) {
    digits.push(Number(r % base));
    r /= base;
  }
  const left = Array.from({ length: n }, (_, i) => i);
  return digits.reverse().map((digit) => left.splice(digit, 1)[0]);
}

/** The moves (2 bits each, four to a byte) and their times (varint differences in 10 ms) appended to out.
 *  @param {string} moves  @param {number[] | null} times  @param {number[]} out */
function movesAndTimes(moves, times, out) {
  const packed = new Array(Math.ceil(moves.length / 4)).fill(0);
  for (let i = 0; i < moves.length; i++) packed[i >> 2] |= DIRECTIONS.indexOf(moves[i]) << (2 * (i % 4));
  out.push(...packed);
  let previous = 0;
  for (const time of times || []) {
    const unit = rounded(time);
    if (unit < previous) throw new RangeError(`the times go back: ${times}`);
    varint(unit - previous, out);
    previous = unit;
  }
}

/** @param {string} moves  @param {number[] | null} times */
function checkMoves(moves, times) {
  if (![...moves].every((letter) => DIRECTIONS.includes(letter)))
    throw new RangeError(`moves are U, D, L and R, not ${moves}`);
  if (times && times.length !== moves.length) throw new RangeError(`${moves.length} moves but ${times.length} times`);
}

/** base64url, no padding.  @param {number[]} out */
const text = (out) =>
  btoa(String.fromCharCode(...out))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * The code of a solve: its moves (U, D, L, R), their times in ms (or null) and its time.
 * @param {string} moves @param {number[] | null} times @param {number} ms
 */
export function encode(moves, times, ms) {
  checkMoves(moves, times);
  const out = [VERSION];
  varint(moves.length, out);
  varint(ms, out);
  out.push(times ? 1 : 0);
  movesAndTimes(moves, times, out);
  return text(out);
}

/**
 * The code of a whole event: its boards (a session's splits, {scramble, moves, ms}), every
 * move's time from its start (or null) and its time; RangeError for what no event records.
 * @param {Split[]} splits  @param {number[] | null} times  @param {number} ms
 */
export function encodeEvent(splits, times, ms) {
  if (!splits.length) throw new RangeError("an event has at least one board");
  const moves = splits.map((s) => s.moves).join("");
  checkMoves(moves, times);
  const out = [EVENT_VERSION];
  varint(splits.length, out);
  out.push(times ? 1 : 0);
  let shape = "",
    previous = 0;
  for (const split of splits) {
    let board;
    try {
      board = parseBoardId(split.scramble);
    } catch (e) {
      throw new RangeError(`${split.scramble} is no board: ${e}`);
    }
    const [width, height, tiles] = board;
    if (`${width}x${height}` === shape) out.push(0);
    else {
      varint(width, out);
      varint(height, out);
    }
    shape = `${width}x${height}`;
    let r = rank(tiles);
    const bytes = rankBytes(tiles.length);
    for (let i = 0; i < bytes; i++, r >>= 8n) out.push(Number(r & 0xffn));
    if (split.ms < previous) throw new RangeError(`the splits go back: ${splits.map((s) => s.ms)}`);
    varint(split.moves.length, out);
    varint(split.ms - previous, out);
    previous = split.ms;
  }
  if (ms < previous) throw new RangeError(`the event's time ${ms} is before its last split ${previous}`);
  varint(ms - previous, out);
  movesAndTimes(moves, times, out);
  return text(out);
}

/** A code's bytes read in order: `at` is the next byte's index (the 1-based place of the last one read).
 *  @param {Uint8Array} data */
function reader(data) {
  const r = {
    at: 0,
    varint() {
      let value = 0;
      for (let k = 0; k < MAX_VARINT_BYTES; k++) {
        if (r.at >= data.length) throw codeError("replay.cut");
        const byte = data[r.at++];
        value += (byte & 0x7f) * 2 ** (7 * k);
        if (byte < 0x80) return value;
      }
      throw codeError("replay.changed", { at: r.at });
    },
    flag() {
      if (r.at >= data.length) throw codeError("replay.cut");
      const value = data[r.at++];
      if (value > 1) throw codeError("replay.changed", { at: r.at });
      return value;
    },
    /** @param {number} n */
    take(n) {
      if (data.length - r.at < n) throw codeError("replay.cut");
      r.at += n;
      return data.subarray(r.at - n, r.at);
    },
    /** n moves, then their times when timed; the code must end there.  @param {number} n  @param {number} timed */
    movesAndTimes(n, timed) {
      const packed = r.take(Math.ceil(n / 4));
      let moves = "";
      for (let i = 0; i < n; i++) moves += DIRECTIONS[(packed[i >> 2] >> (2 * (i % 4))) & 3];
      /** @type {number[] | null} */
      let times = null;
      if (timed) {
        times = [];
        let unit = 0;
        for (let i = 0; i < n; i++) {
          unit += r.varint();
          times.push(unit * UNIT);
        }
      }
      if (r.at < data.length) throw codeError("replay.changed", { at: r.at + 1 });
      return { moves, times };
    },
  };
  return r;
}

/**
 * The solve a code carries: {moves, times, ms}, or a whole event's {splits, times, ms};
 * throws RulesError (field "replay", code "replay.*" of npuzzle.catalogue) saying what is wrong.
 * @param {string} code
 * @returns {{moves: string, times: number[] | null, ms: number} | {splits: Split[], times: number[] | null, ms: number}}
 */
export function decode(code) {
  const data = bytes(code);
  const r = reader(data);
  if (data[0] !== VERSION && data[0] !== EVENT_VERSION)
    throw codeError("replay.version", { version: data[0], known: EVENT_VERSION });
  r.at = 1;
  if (data[0] === VERSION) {
    const n = r.varint();
    const ms = r.varint();
    const { moves, times } = r.movesAndTimes(n, r.flag());
    return { moves, times, ms };
  }
  const count = r.varint();
  if (count === 0) throw codeError("replay.changed", { at: r.at });
  const timed = r.flag();
  let width = 0,
    height = 0,
    previous = 0;
  /** @type {[string, number, number][]} */
  const boards = [];
  for (let b = 0; b < count; b++) {
    const w = r.varint();
    if (w) {
      height = r.varint();
      width = w;
      if (!(width >= MIN_SIDE && width <= MAX_SIDE && height >= MIN_SIDE && height <= MAX_SIDE))
        throw codeError("replay.changed", { at: r.at });
    } else if (!boards.length) throw codeError("replay.changed", { at: r.at }); // the first board's shape is its own
    const cells = width * height;
    const raw = r.take(rankBytes(cells));
    let value = 0n;
    for (let i = raw.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(raw[i]);
    if (value >= factorial(cells)) throw codeError("replay.changed", { at: r.at });
    const n = r.varint();
    previous += r.varint();
    boards.push([formatBoardId(width, height, unrank(value, cells)), n, previous]);
  }
  const ms = previous + r.varint();
  const { moves, times } = r.movesAndTimes(
    boards.reduce((sum, [, n]) => sum + n, 0),
    timed,
  );
  let at = 0;
  const splits = boards.map(([scramble, n, split]) => {
    at += n;
    return { scramble, moves: moves.slice(at - n, at), ms: split };
  });
  return { splits, times, ms };
}

/** The bytes of a code's base64url text, checked character by character first.  @param {string} code */
function bytes(code) {
  if (!code) throw codeError("replay.empty");
  let i = 0;
  for (const char of code) {
    // by code point, as Python counts
    i++;
    if (BAD_CHARACTER.test(char)) throw codeError("replay.letter", { i, char: quote(char) });
  }
  if (code.length % 4 === 1) throw codeError("replay.cut"); // 6 bits alone are no byte
  const text = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
