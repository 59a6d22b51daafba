// Evaluates web/practice/solve_code.js on cases read from stdin (JSON: {encode: [[moves, times, ms],
// ...], encodeEvent: [[splits, times, ms], ...], decode: [code, ...]}) and prints its answers (JSON) for tests/test_solve_code.py to
// compare with npuzzle/speedsolving/solve_code.py: a code or a solve {ok}, or an error {error, code, params}.
import { readFileSync } from "node:fs";
import { decode, encode, encodeEvent } from "../web/practice/solve_code.js";
import { RulesError } from "../web/game/rules.js";

const cases = JSON.parse(readFileSync(0, "utf8"));
const answer = (f) => {
  try {
    return { ok: f() };
  } catch (e) {
    if (e instanceof RulesError) return { error: e.message, field: e.field, code: e.code, params: e.params };
    if (e instanceof RangeError) return { refused: true };
    throw e;
  }
};
console.log(JSON.stringify({
  encoded: (cases.encode || []).map(([moves, times, ms]) => answer(() => encode(moves, times, ms))),
  encodedEvents: (cases.encodeEvent || []).map(([splits, times, ms]) => answer(() => encodeEvent(splits, times, ms))),
  decoded: (cases.decode || []).map((code) => answer(() => decode(code))),
}));
