// Drives web/game/status.js under Node and prints every message as JSON, for
// tests/test_game.py to check exactly.
import { ProgressTotal, aboutText, endingText, hintText, messageText, statusDetails, statusText, stopText } from "../web/game/status.js";
import { setLanguage } from "../web/languages/i18n.js";
import { clock } from "../web/game/timer.js";

const out = {};
const ready = { phase: "ready", version: "1.0" };
const game = { generation: 2, version: 7, origin: { kind: "random" } };
const status = (o) => statusText({ solver: ready, busy: null, progress: null, note: null, checked: null, game, ...o });
out.status = {
  ready: status({}),
  loading: status({ solver: { phase: "loading", text: "Loading the Python runtime…" } }),
  failed: status({ solver: { phase: "failed", error: "no WebAssembly" } }),
  shuffled: status({ game: { ...game, origin: { kind: "random", shuffled: 3 } } }),
  link: status({ game: { ...game, origin: { kind: "link", moves: 0 } } }),
  linkMoves: status({ game: { ...game, origin: { kind: "link", moves: 1 } } }),
  editor: status({ game: { ...game, origin: { kind: "editor" } } }),
  wrapWarning: status({ game: { ...game, origin: { kind: "random", warning: "Cannot wrap this board: x." } } }),
  unsolvable: status({ checked: { ok: true, solvable: false, reason: "unsolvable: parity differs" } }),
  solvable: status({ checked: { ok: true, solvable: true, reason: "parity matches" } }),
  busy: status({ busy: "hint" }),
  progress: status({ busy: "solve", progress: { algorithm: "idastar", bound: 50, nodes: 12345, seconds: 1.25 } }),
  noteOfThisGame: status({ note: { kind: "rejected", error: "number 5 is used twice", generation: 2 } }),
  noteOfAnOldGame: status({ note: { kind: "rejected", error: "number 5 is used twice", generation: 1 } }),
  hintOfThisBoard: status({ note: { kind: "hint", tile: 7, optimal: true, generation: 2, version: 7 } }),
  hintOfAnOldBoard: status({ note: { kind: "hint", tile: 7, optimal: true, generation: 2, version: 6 } }),
  cancelled: status({ solver: { phase: "restarting", text: "Installing the solver…" }, note: { kind: "cancelled", generation: 2 } }),
  cancelledReady: status({ note: { kind: "cancelled", generation: 2 } }),
  unsolvableNote: status({ note: { kind: "unsolvable", reason: "parity differs", generation: 2 } }),
};
const stopped = { found: false, solvable: true, nodes: 1031517, seconds: 11.6, lower_bound: 33, reason: "parity matches" };
out.stops = [
  stopText({ ...stopped, algorithm: "astar", stopped: "node limit", max_nodes: 2000000 }),
  stopText({ ...stopped, algorithm: "idastar", stopped: "time limit" }),
  stopText({ ...stopped, algorithm: "idastar", stopped: "node limit", lower_bound: 0 }),
];
out.hints = [hintText({ tile: 7, optimal: true, seconds: 2 }), hintText({ tile: 12, optimal: false, seconds: 2, shown: true }),
  hintText({ tile: 3, optimal: false, seconds: null })];
out.endings = [
  endingText({ moves: 52, solver: 52, hints: 0, own: false, ms: 1000 }, clock),
  endingText({ moves: 40, solver: 0, hints: 3, own: false, ms: 65000 }, clock),
  endingText({ moves: 40, solver: 30, hints: 1, own: false, ms: 65000 }, clock),
  endingText({ moves: 1, solver: 0, hints: 0, own: true, ms: 5000 }, clock),
  messageText(null, true, clock),
  messageText(null, false, clock),
];
// a player's words on the status line; the solver's figures behind it (Details), in both languages
const summary = { length: 57, optimal: true, lower_bound: 57, nodes: 193537, seconds: 0.171, wall: 0.174, mtm: 44,
  algorithm: "idastar", heuristic: "pdb" };
const bounded = { ...summary, length: 62, optimal: false, lower_bound: 58, algorithm: "weighted-idastar", heuristic: "linear-conflict" };
const players = () => {
  const said = (note, o = {}) => [status({ note: { generation: 2, ...note }, ...o }), statusDetails({ busy: null, note: { generation: 2, ...note }, game })];
  return {
    optimal: said({ kind: "solution", summary, length: 57 }),
    bounded: said({ kind: "solution", summary: bounded, length: 62 }),
    unproven: said({ kind: "solution", summary: { ...bounded, lower_bound: 0, mtm: null }, length: 62 }),
    stopped: said({ kind: "stopped", result: { ...stopped, algorithm: "idastar", stopped: "time limit" } }),
    memory: said({ kind: "stopped", result: { ...stopped, algorithm: "astar", stopped: "node limit", max_nodes: 2000000 } }),
    undoable: status({ game: { ...game, undoable: 5 } }),
  };
};
// while a search runs: a player's words on the line, the engine's figures under Details
const searching = () => {
  const running = (busy, progress, elapsed) => [
    status({ busy, progress, elapsed }),
    statusDetails({ busy, progress, note: null, game }),
  ];
  return {
    bound: running("solve", { algorithm: "idastar", bound: 55, nodes: 16895, seconds: 0.04 }, 3.7),
    best: running("solve", { algorithm: "weighted-idastar", weight: "4/3", best: 117, nodes: 163507, seconds: 2 }, 12.2),
    noneYet: running("solve", { algorithm: "weighted-idastar", weight: "4/3", best: null, nodes: 9, seconds: 0 }, 0.5),
    hint: running("hint", null, 1.2),
    notBuilt: running("solve", { phase: "databases", loaded: 0, total: 0, failed: "not built yet on this server; reload later" }, 0),
    dbFailed: running("solve", { phase: "databases", loaded: 10, total: 20, failed: "HTTP 404" }, 0),
    shuffle: running("shuffle", null, 0),
    about: aboutText({ version: "1.0" }),
  };
};
out.players = { en: players() };
out.searching = { en: searching() };
setLanguage("zh");
out.players.zh = players();
out.searching.zh = searching();
setLanguage("en");
const total = new ProgressTotal();
out.totals = [10, 500, 900, 20, 400, 5].map((n) => total.add({ nodes: n }).nodes);
console.log(JSON.stringify(out));
