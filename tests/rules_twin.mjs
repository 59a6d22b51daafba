// Evaluates web/game/rules.js on cases read from stdin (JSON) and prints the answers (JSON),
// for tests/test_rules_twin.py to compare with the Python package.
import { readFileSync } from "node:fs";
import * as rules from "../web/game/rules.js";

const cases = JSON.parse(readFileSync(0, "utf8"));
const answer = (f) => {
  try {
    return { ok: f() };
  } catch (e) {
    if (!(e instanceof rules.RulesError)) throw e;
    return { error: e.message, field: e.field, code: e.code, params: e.params };
  }
};
/** A seeded generator of numbers in [0, 1) (a 32-bit LCG), so runs repeat. */
function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}
console.log(JSON.stringify({
  ids: cases.ids.map((text) => answer(() => rules.parseBoardId(text))),
  wraps: cases.wraps.map(([text, w, h]) => answer(() => rules.parseWrap(text, w, h))),
  formats: cases.formats.map(([rows, cols, w, h]) => rules.formatWrap(rows, cols, w, h)),
  moves: cases.moves.map((text) => answer(() => rules.parseMoves(text))),
  notated: (cases.notated || []).map(([text, notation]) => answer(() => rules.parseMoves(text, notation))),
  written: (cases.written || []).map(([moves, notation]) => rules.formatMoves(moves, notation)),
  metrics: (cases.metrics || []).map(([moves, ms]) => [rules.countMtm(moves), rules.movesPerSecond(moves, ms)]),
  walks: cases.walks.map(([w, h, rows, cols, board, moves]) =>
    answer(() => rules.walk(board, moves, rules.topology(w, h, rows, cols)))),
  problems: cases.problems.map(([id, goal, wrap]) => answer(() => {
    const { tiles, goal: g, topo } = rules.parseProblem(id, goal, wrap);
    return [topo.width, topo.height, tiles, g, topo.wrapRows, topo.wrapCols];
  })),
  scrambles: cases.scrambles.map(([w, h, rows, cols, goal, moves, seed]) =>
    rules.scramble(goal, rules.topology(w, h, rows, cols), moves, seeded(seed))),
  clicks: (cases.clicks || []).map(([w, h, rows, cols, board, cell]) =>
    rules.movesToCell(board, cell, rules.topology(w, h, rows, cols))),
  opposite: rules.OPPOSITE,
  directions: rules.DIRECTIONS,
}));
