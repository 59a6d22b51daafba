// Evaluates web/practice/session.js on sessions read from stdin (JSON: {sessions: [[ms, penalty],
// ...], times: [ms, ...], files: [...]}) and prints its answers (JSON), DNF written "DNF",
// for tests/test_sessions.py to compare with npuzzle/speedsolving/sessions.py.
import { readFileSync } from "node:fs";
import { SessionFileError, formatTime, formatTps, result, stats } from "../web/practice/session.js";
import { Sessions, migrate } from "../web/practice/session_store.js";
import { readFile, toCSV, toJSONText } from "../web/practice/session_files.js";
import { bestOver, personalBests } from "../web/practice/records.js";
import { sessionStatistics, trend } from "../web/practice/statistics.js";
import { Store } from "../web/game/storage.js";

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
// a session kept in a Store over a Map: what each step leaves, read again from the storage
const keeping = (() => {
  if (!cases.keep) return null;
  const map = new Map(Object.entries(cases.keep.stored || {}));
  const storage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v), removeItem: (k) => map.delete(k) };
  const seen = [];
  const look = (what) => seen.push({ what, dates: new Sessions(new Store(storage)).list("3x3").map((x) => [x.date, x.penalty]) });
  const s = new Sessions(new Store(storage));
  look("as kept");
  for (const solve of cases.keep.solves) s.add("3x3", solve);
  look("added");
  const removed = s.remove("3x3", cases.keep.solves[1].date);
  look("removed");
  s.restore(removed);
  look("restored");
  s.update("3x3", cases.keep.solves[0].date, { penalty: "DNF" });
  look("marked");
  look(`merged ${s.merge(cases.keep.solves.map((solve) => ({ kind: "3x3", solve })))}`);
  s.clear("3x3");
  look("cleared");
  return seen;
})();
// named sessions kept in a Store over a Map: each step's sessions as a fresh page reads them
const naming = (() => {
  if (!cases.naming) return null;
  const map = new Map(Object.entries(cases.naming.stored || {}));
  const storage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v), removeItem: (k) => map.delete(k) };
  const fresh = () => new Sessions(new Store(storage));
  const seen = [];
  const look = (what) => {
    const s = fresh();
    seen.push({ what, named: s.named("3x3"), dates: s.list("3x3").map((x) => x.date), version: JSON.parse(map.get("npuzzle.sessions") || "{}").version ?? null });
  };
  const [a, b] = cases.naming.solves;
  look("as kept");
  let s = fresh();
  s.add("3x3", a); // a write: the store becomes version 2
  look("added");
  const id = fresh().create("3x3", "  One-handed  ");
  s = fresh();
  s.add("3x3", b);
  look("created");
  s.rename("3x3", id, "OH");
  look("renamed");
  s.switchTo("3x3", 1);
  look("switched");
  const dropped = s.drop("3x3", 1);
  look("dropped");
  s.undrop(dropped);
  look("undone");
  const last = fresh();
  const gone = [last.drop("3x3", 1), last.drop("3x3", id)];
  look("both dropped");
  last.undrop(gone[1]);
  last.undrop(gone[0]);
  look("both undone");
  return seen;
})();
console.log(JSON.stringify({
  keeping,
  naming,
  migrated: (cases.migrate || []).map((kept) => migrate(kept)),
  over: (cases.over || []).map((lists) => plain(bestOver(lists))),
  texts: (cases.exports || []).map(({ kind, solves }) => [toCSV(kind, solves), toJSONText(kind, solves)]),
  stats: cases.sessions.map((session) => plain(stats(session.map(([ms, penalty]) => result(ms, penalty))))),
  times: cases.times.map(formatTime),
  files: (cases.files || []).map(read),
  roundTrips,
  bests: (cases.bests || []).map((solves) => plain(personalBests(solves))),
  tps: (cases.tps || []).map(formatTps),
  // the statistics under the package's names, and the chart's series
  statistics: (cases.statistics || []).map((solves) => {
    const s = sessionStatistics(solves);
    const figures = { type: s.type, count: s.count, dnfs: s.dnfs, mean_moves: s.meanMoves, mean_tps: s.meanTps, best_tps: s.bestTps };
    return { figures, trend: trend(solves) };
  }),
}));
