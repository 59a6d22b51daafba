// A solve as a short code for a link (&replay=...): its moves, each move's time and the
// solve's time.  The twin of npuzzle/speedsolving/solve_code.py, whose docstring gives the layout
// (version 1; the move count and the time, varints; whether times follow; the moves, 2
// bits each; the times rounded to 10 ms, as varint differences); tests/test_solve_code.py
// holds the two to the same codes and the same messages.  The page reads a link before
// Python has loaded, so the rule is here too.
//
//   encode("RRDL", [0, 181, 344, 600], 612)  // "AQTkBAGfABIQGg"
//   decode("AQTkBAGfABIQGg")                 // {moves: "RRDL", times: [0, 180, 340, 600], ms: 612}
//   decode("AQTkBA")                         // throws RulesError (field "replay", code "replay.cut")

import { DIRECTIONS, quote, rulesError } from "../game/rules.js";
import {
  SOLVE_CODE_MAX_VARINT_BYTES as MAX_VARINT_BYTES,
  SOLVE_CODE_UNIT as UNIT,
  SOLVE_CODE_VERSION as VERSION,
} from "../generated/shared.js";

// VERSION, UNIT (ms: the times' resolution in a code) and MAX_VARINT_BYTES (numbers below
// 2**28) are the package's (npuzzle.speedsolving.solve_code), through shared.js.
const BAD_CHARACTER = /[^A-Za-z0-9_-]/;

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

/**
 * The code of a solve: its moves (U, D, L, R), their times in ms (or null) and its time.
 * @param {string} moves @param {number[] | null} times @param {number} ms
 */
export function encode(moves, times, ms) {
  if (![...moves].every((letter) => DIRECTIONS.includes(letter)))
    throw new RangeError(`moves are U, D, L and R, not ${moves}`);
  if (times && times.length !== moves.length) throw new RangeError(`${moves.length} moves but ${times.length} times`);
  const out = [VERSION];
  varint(moves.length, out);
  varint(ms, out);
  out.push(times ? 1 : 0);
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
  return btoa(String.fromCharCode(...out))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The solve a code carries, {moves, times, ms}; throws RulesError (field "replay", code
 * "replay.*" of npuzzle.catalogue) saying what is wrong.
 * @param {string} code @returns {{moves: string, times: number[] | null, ms: number}}
 */
export function decode(code) {
  const data = bytes(code);
  let at = 0;
  const number = () => {
    let value = 0;
    for (let k = 0; k < MAX_VARINT_BYTES; k++) {
      if (at >= data.length) throw codeError("replay.cut");
      const byte = data[at++];
      value += (byte & 0x7f) * 2 ** (7 * k);
      if (byte < 0x80) return value;
    }
    throw codeError("replay.changed", { at });
  };
  if (data[0] !== VERSION) throw codeError("replay.version", { version: data[0], known: VERSION });
  at = 1;
  const n = number();
  const ms = number();
  if (at >= data.length) throw codeError("replay.cut");
  const timed = data[at];
  if (timed > 1) throw codeError("replay.changed", { at: at + 1 });
  at++;
  const size = Math.ceil(n / 4);
  if (data.length - at < size) throw codeError("replay.cut");
  let moves = "";
  for (let i = 0; i < n; i++) moves += DIRECTIONS[(data[at + (i >> 2)] >> (2 * (i % 4))) & 3];
  at += size;
  let times = null;
  if (timed) {
    times = [];
    let unit = 0;
    for (let i = 0; i < n; i++) {
      unit += number();
      times.push(unit * UNIT);
    }
  }
  if (at < data.length) throw codeError("replay.changed", { at: at + 1 });
  return { moves, times, ms };
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
