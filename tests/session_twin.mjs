// Evaluates web/session.js on sessions read from stdin (JSON: {sessions: [[ms, penalty],
// ...], times: [ms, ...], files: [...]}) and prints its answers (JSON), DNF written "DNF",
// for tests/test_sessions.py to compare with npuzzle/sessions.py.
import { readFileSync } from "node:fs";
import { SessionFileError, formatTime, readFile, result, stats, toCSV, toJSONText } from "../web/session.js";

const cases = JSON.parse(readFileSync(0, "utf8"));
const plain = (value) => JSON.parse(JSON.stringify(value, (_, v) => (v === Infinity ? "DNF" : v)));
const read = (text) => {
  try {
    return { ok: readFile(text) };
  } catch (e) {
    if (!(e instanceof SessionFileError)) throw e;
    return { error: e.key, params: e.params };
  }
};
// a session written as each kind of file and read back: [the solves read, as written]
const roundTrips = (cases.exports || []).map(({ kind, solves }) =>
  [toCSV(kind, solves), toJSONText(kind, solves)].map((text) => read(text).ok?.map((r) => r.solve) ?? read(text)));
console.log(JSON.stringify({
  stats: cases.sessions.map((session) => plain(stats(session.map(([ms, penalty]) => result(ms, penalty))))),
  times: cases.times.map(formatTime),
  files: (cases.files || []).map(read),
  roundTrips,
}));
