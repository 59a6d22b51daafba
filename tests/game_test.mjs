// Drives web/game/game.js and web/game/address.js under Node (no DOM) and prints what they did as
// JSON, for tests/test_game.py to check exactly.
import { Game } from "../web/game/game.js";
import { Timer, clock } from "../web/game/timer.js";
import { readAddress, writeAddress } from "../web/game/address.js";
import { GameStore, hashText } from "../web/game/keep.js";
import { Store } from "../web/game/storage.js";
import { Setting } from "../web/game/settings.js";
import { coverCells, piecePosition, pieceSize } from "../web/game/picture.js";
import { formatBoardId, parseProblem } from "../web/game/rules.js";

let now = 0; // the fake clock, in ms
const game = () => new Game({ now: () => now });
const id = (g) => formatBoardId(g.topo.width, g.topo.height, g.tiles);
const load = (g, board, goal = "", wrap = "") => g.load(parseProblem(board, goal, wrap));
const seeded = (seed) => () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const out = {};

// ------------------------------------------------------------------ moves, undo and redo groups
{
  const g = game();
  const events = [];
  g.subscribe((e) => events.push(e.newGame ? "new game" : "change"));
  load(g, "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0");
  const log = [];
  const note = (what, value) => log.push({ what, value, board: id(g), moves: g.moveCount, groups: [...g.pastGroups],
    undo: g.canUndo, redo: g.canRedo, reset: g.canReset, solved: g.solved });
  note("load");
  note("LLL (a click sliding three tiles)", g.move("LLL"));
  note("U", g.move("U"));
  note("D then a move off the board: the rest is dropped", g.move("DDD"));
  note("undo", g.undo());
  note("undo", g.undo());
  note("undo", g.undo());
  note("undo with nothing to undo", g.undo());
  note("redo", g.redo());
  note("redo", g.redo());
  note("a new move clears redo", g.move("R"));
  note("down to the bottom row", g.move("D"));
  note("an impossible move", g.move("D"));
  note("a bad letter", g.move("X"));
  note("reset", g.reset());
  out.moves = log;
  out.events = events;
}

// ------------------------------------------------------------------ timer and solved
{
  const g = game();
  now = 1000;
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  const log = [];
  const note = (what) => log.push({ what, t: now, running: g.timer.running, elapsed: g.timer.elapsed(), solved: g.solved });
  now = 2000; note("loaded, no move yet");
  g.move("R"); note("first move starts the clock");
  now = 4500; g.move("R"); note("solved: the clock stops");
  now = 9000; note("later");
  g.undo(); now = 10000; note("undo: not solved, the clock still stopped");
  g.move("U"); now = 11000; note("a move goes on from the time counted");
  load(g, "3x3:1,2,3,4,5,6,7,8,0"); note("a new game at its goal");
  now = 12000; g.move("U"); note("a move off the goal does not start the clock");
  now = 13000; g.move("U"); note("the next one does");
  now = 14500; note("running");
  out.timer = log;
  const t = new Timer(() => now);
  now = 0; t.start(); now = 61500; t.stop(); t.stop(); now = 70000;
  out.stopwatch = { elapsed: t.elapsed(), clock: clock(t.elapsed()), zero: clock(0), long: clock(3_599_999) };
}

// ------------------------------------------------------------------ the solution cursor
{
  const g = game();
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  g.setSolution({ moves: "RR", tiles: [7, 8], optimal: true, summary: "2 moves, optimal" });
  const s = g.solution;
  const log = [];
  const note = (what, value) => log.push({ what, value, index: s.index, next: s.next, remaining: s.remaining,
    finished: s.finished, following: s.following, board: id(g), moves: g.moveCount, solved: g.solved,
    kept: g.solution === s });
  note("set");
  note("step forward", g.stepForward());
  note("step forward", g.stepForward());
  note("step forward at the end", g.stepForward());
  note("step back (undoes the step)", g.stepBack());
  note("step back", g.stepBack());
  note("step back at the start", g.stepBack());
  note("a person's move along the solution", g.move("R"));
  note("a move that leaves it", g.move("U"));
  note("step forward when off it", g.stepForward());
  note("undo: back one move, but only the start finds it again", g.undo());
  note("reset keeps it, at its start", g.reset());
  note("a click of two from the start leaves it", g.move("RR"));
  out.solution = { optimal: s.optimal, origin: s.origin, tiles: s.tiles, log };
  // Undo can move the board along a solution set after a person's move: stepping back
  // then makes the opposite move (there is no action of that move to undo).
  load(g, "3x3:1,2,3,4,5,6,7,0,8");
  g.move("L");
  g.setSolution({ moves: "RR", tiles: [7, 8] });
  const steps = [];
  const step = (what, value) => steps.push({ what, value, index: g.solution.index, board: id(g), moves: g.moveCount, redo: g.canRedo });
  step("set after a move");
  step("undo takes the board one move along", g.undo());
  step("step back", g.stepBack());
  out.solutionAfterUndo = steps;
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  out.solutionAfterNewGame = g.solution;
  g.load(parseProblem("3x3:1,2,3,4,5,6,0,7,8"), { solution: { moves: "RR", tiles: [7, 8], origin: "link" } });
  out.linkSolution = { optimal: g.solution.optimal, origin: g.solution.origin, index: g.solution.index };
  let error = null;
  try { g.setSolution({ moves: "RR", tiles: [7] }); } catch (e) { error = e.message; }
  out.mismatch = error;
  out.problem = g.problem();
  out.generation = g.generation;
}

// ------------------------------------------------------------------ who made the moves
{
  const g = game();
  const log = [];
  const note = (what) => log.push({ what, moves: g.moveCount, by: [...g.pastBy], ending: g.ending });
  const cells = [];
  g.subscribe((e) => cells.push(e.cells ? [...e.cells].sort((a, b) => a - b) : null));
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  note("loaded");
  g.move("RR"); note("the person solves it");
  g.undo(); note("undo is not a move");
  g.move("R", "hint"); note("a hint makes the last move (the hint is counted where it is asked)");
  g.hinted(); note("hinted");
  g.reset(); note("reset keeps the hints");
  out.whoCells = cells;
  g.setSolution({ moves: "RR", tiles: [7, 8], optimal: true });
  note("a solution set");
  g.playSolution(5); note("the solution played, all in one change (5 asked, 2 there)");
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  g.setSolution({ moves: "RR", tiles: [7, 8], optimal: true });
  g.stepForward(); g.move("R"); note("one step by the solver, one move by the person");
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  g.setSolution({ moves: "RR", tiles: [7, 8], optimal: true });
  g.playSolution(2); g.undo(); g.undo(); note("played, then undone by the person");
  g.redo(); g.redo(); note("redone: still the solver's moves");
  load(g, "3x3:1,2,3,4,5,6,0,7,8");
  g.move("R"); g.move("R"); note("a new game: the person's own");
  out.who = log;
}

// ------------------------------------------------------------------ the address
{
  const problem = parseProblem("5x5:6,1,2,5,10,11,7,9,4,15,20,12,13,8,0,16,21,18,14,19,22,17,3,23,24", "", "r2,c2");
  const written = [
    writeAddress(problem),
    writeAddress(problem, "LU"),
    writeAddress(parseProblem("3x3:1,2,3,4,5,6,7,8,0", "3x3:0,1,2,3,4,5,6,7,8", "all")),
  ];
  const read = (hash) => {
    const r = readAddress(hash, seeded(7));
    const t = r.problem.topo;
    return { error: r.error, id: formatBoardId(t.width, t.height, r.problem.tiles),
      goal: formatBoardId(t.width, t.height, r.problem.goal), wrap: [t.wrapRows, t.wrapCols], moves: r.moves, tiles: r.tiles };
  };
  const HASHES = JSON.parse(process.argv[2] || "[]");
  out.address = { written, roundTrip: written.map((h) => read(`#${h}`)), read: HASHES.map(read) };
  // the study lab's settings in a link (tests/test_game.py's LAB_LINKS)
  const seed003 = parseProblem("3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3");
  const settings = { view: "compare", algorithms: ["astar", "idastar"], heuristics: ["manhattan"], weight: 1.5,
    timeLimit: 5, maxNodes: 20000 };
  const labWritten = [writeAddress(seed003, "", settings), writeAddress(seed003, "", { view: "step", algorithms: null }),
    writeAddress(seed003, "", null), writeAddress(seed003, "", { view: "compare", run: true })];
  const LAB_HASHES = JSON.parse(process.argv[3] || "[]");
  out.labAddress = { written: labWritten, roundTrip: labWritten.map((h) => readAddress(`#${h}`).lab),
    read: LAB_HASHES.map((h) => { const r = readAddress(h, seeded(7)); return { error: r.error, lab: r.lab }; }) };
  out.defaultBoards = [1, 2, 3].map((seed) => read.call(null, "") && formatBoardId(4, 4, readAddress("", seeded(seed)).problem.tiles));
}

// a bad link's own texts, for the person to correct (web/game/link_fix.js)
out.badLinks = ["#id=3x3:1,2", "#id=3x3:1,2,3,4,5,6,7,8,0&wrap=r99&moves=UU", "#board=1", "#id=3x3:1,2,3,4,5,6,7,8,0&id=2x2:1,2,3,0"]
  .map((h) => { const r = readAddress(h); return { key: r.key, texts: r.texts }; });

// ------------------------------------------------------------------ kept across a reload
{
  now = 0;
  const g = game();
  load(g, "3x3:1,2,3,4,5,6,0,7,8", "", "r1");
  now = 1000; g.move("R"); g.move("U", "hint"); g.hinted(); now = 3000; g.move("DL"); g.undo();
  g.setSolution({ moves: "R", tiles: [6], optimal: true, summary: "1 move, optimal", notes: ["tried IDA*"] });
  const saved = JSON.parse(JSON.stringify(g)); // what the browser's storage holds
  now = 50_000; // a reload later: the clock goes on from what was counted
  const r = Game.restore(saved, { now: () => now });
  const state = (x) => ({ board: id(x), moves: x.moveCount, by: [...x.pastBy], groups: [...x.pastGroups], redo: x.canRedo,
    futureBy: [...x.futureBy], hints: x.hints, origin: x.origin, start: formatBoardId(3, 3, x.start), wrap: x.problem().wrap,
    solution: x.solution && { index: x.solution.index, next: x.solution.next, tiles: x.solution.tiles, optimal: x.solution.optimal,
      summary: x.solution.summary, notes: x.solution.notes } });
  const trip = { saved, same: JSON.stringify(state(g)) === JSON.stringify(state(r)), state: state(r),
    timer: [r.timer.elapsed(), r.timer.running] };
  now = 51_000; trip.timer.push(r.timer.elapsed());
  const steps = [];
  for (const x of [g, r]) {
    const boards = [];
    x.redo(); boards.push(id(x)); x.undo(); x.undo(); boards.push(id(x)); x.undo(); boards.push(id(x), x.canUndo);
    steps.push(boards);
  }
  trip.undoRedo = steps;
  trip.again = JSON.stringify(Game.restore(JSON.parse(JSON.stringify(r))).toJSON().problem) === JSON.stringify(saved.problem);
  // a long playback is stored as runs, not one entry a move
  const long = game();
  load(long, "3x3:1,2,3,4,5,6,7,8,0");
  long.setSolution({ moves: "UDUDUDUDUDUDUDUDUDUD".repeat(50), tiles: Array(1000).fill(0).map((_, i) => (i % 2 ? 6 : 6)) });
  long.playSolution(1000);
  const longSaved = long.toJSON();
  trip.long = { past: longSaved.past.length, groups: longSaved.pastGroups, by: longSaved.pastBy,
    restored: Game.restore(longSaved).moveCount };
  // what does not hold together is refused, with the reason
  const broken = (change) => {
    const copy = JSON.parse(JSON.stringify(saved));
    change(copy);
    try { Game.restore(copy); return "restored"; } catch (e) { return e.message; }
  };
  trip.refused = [
    broken((d) => { d.version = 2; }),
    broken((d) => { d.past = "RUUU"; d.pastGroups = [[1, 4]]; d.pastBy = [["p", 4]]; }),
    broken((d) => { d.pastGroups = [[1, 5]]; }),
    broken((d) => { d.pastBy = [["x", 2]]; }),
    broken((d) => { d.future = "UUUU"; d.futureGroups = [[4, 1]]; d.futureBy = [["p", 4]]; }),
    broken((d) => { d.problem.board = "3x3:1,2"; }),
    broken((d) => { d.solution.index = 1; }),
    broken((d) => { d.timer = {}; }),
    broken(() => {}),
  ];
  out.keep = trip;
}

// ------------------------------------------------------------------ the store
{
  const fake = (quota = Infinity) => {
    const items = new Map();
    return { items, getItem: (k) => (items.has(k) ? items.get(k) : null),
      setItem: (k, v) => {
        const used = [...items].reduce((n, [key, value]) => n + (key === k ? 0 : value.length), 0);
        if (used + v.length > quota) throw new Error("QuotaExceededError");
        items.set(k, String(v));
      },
      removeItem: (k) => items.delete(k) };
  };
  let t = 0;
  const storage = fake();
  const store = new GameStore(new Store(storage), { limit: 3, clock: () => ++t });
  const played = (board, moves) => {
    const g = game();
    load(g, board);
    g.move(moves);
    return g;
  };
  const a = played("3x3:1,2,3,4,5,6,7,8,0", "U");
  const where = (g) => writeAddress(g, "");
  store.save(a.toJSON(), where(a));
  const found = store.find(where(a));
  const log = { found: found && found.past, other: store.find("id=3x3:1,2,3,4,5,6,7,8,0") };
  for (const board of ["3x3:1,2,3,4,5,6,7,0,8", "3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,3,4,0,5,7,8,6"]) {
    const g = played(board, "U");
    store.save(g.toJSON(), where(g));
  }
  log.limit = [store.list().length, store.find(where(a))]; // the oldest went
  const fresh = game();
  load(fresh, "3x3:1,2,3,4,5,6,7,0,8");
  store.save(fresh.toJSON(), where(fresh)); // nothing to keep: its entry goes
  log.emptied = store.list().length;
  const small = fake(1000);
  const tight = new GameStore(new Store(small), { clock: () => ++t });
  const saves = [];
  for (const board of ["3x3:1,2,3,4,5,6,7,8,0", "3x3:1,2,3,4,5,6,7,0,8", "3x3:1,2,3,4,0,5,7,8,6", "3x3:0,1,2,3,4,5,6,7,8"]) {
    const g = played(board, "UD");
    saves.push(tight.save(g.toJSON(), where(g)));
  }
  log.full = { saves, kept: tight.list().length };
  const refusing = new GameStore(new Store({ getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); },
    removeItem: () => { throw new Error("denied"); } }));
  log.refused = [refusing.save(a.toJSON(), where(a)), refusing.find(where(a))];
  log.hash = [hashText(""), hashText("3x3:1,2,3,4,5,6,7,8,0||")];
  out.store = log;
}

// ------------------------------------------------------------------ the one door to storage
{
  const items = new Map();
  const fake = { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k) };
  const store = new Store(fake);
  const denied = () => { throw new Error("denied"); };
  const refusing = new Store({ getItem: denied, setItem: denied, removeItem: denied });
  const found = []; // the storage is found on first use, once
  const lazy = new Store(() => { found.push("looked"); return fake; });
  const hidden = new Store(() => { throw new Error("SecurityError"); }); // even reading localStorage may throw
  items.set("damaged", "{not json");
  const hint = new Setting("hint", { values: ["make", "show"], fallback: "make", store });
  const picture = new Setting("picture", { json: true, store });
  out.storage = {
    json: [store.setJSON("a", { x: [1, 2] }), store.getJSON("a"), items.get("a"), store.getJSON("none"), store.getJSON("damaged")],
    text: [store.setText("t", "show"), store.getText("t"), store.remove("t"), store.getText("t")],
    refused: [refusing.setJSON("a", 1), refusing.getJSON("a"), refusing.getText("a"), refusing.remove("a")],
    lazy: [lazy.getText("a"), lazy.getText("a"), found],
    hidden: [hidden.setText("a", "b"), hidden.getText("a"), new Store(null).setText("a", "b")],
    setting: [hint.get(), hint.set("show"), hint.get(), store.setText("hint", "shout"), hint.get(), hint.set(null), items.has("hint"),
      picture.get(), picture.set({ kind: "builtin", name: "rings" }), picture.get(), items.get("picture")],
  };
}

// ------------------------------------------------------------------ the person's moves and time; a replaced game
{
  const g = game();
  now = 0;
  load(g, "3x3:4,1,3,7,2,6,5,0,8"); // LUURDDR to the goal
  const log = [];
  const note = (what) => log.push({ what, board: id(g), own: g.ownMoves, all: g.moveCount, running: g.timer.running,
    ms: g.timer.elapsed(), undo: g.canUndo, undoable: g.undoableGame });
  g.move("L"); g.move("R"); now = 1000; note("two moves of the person's: the clock runs");
  g.setSolution({ moves: "LUURDDR", tiles: [5, 7, 4, 1, 2, 5, 8], optimal: true });
  g.playSolution(3); now = 5000; note("playback: not counted, the clock paused");
  g.move("R"); now = 6000; note("the person takes over: their count and clock go on");
  load(g, "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"); note("a new game: the last one kept for Undo");
  load(g, "5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24"); note("another, with no move: it replaces nothing");
  g.undo(); note("undo brings the game with moves back");
  g.undo(); note("and then undoes its last move");
  g.reset(); g.undo(); note("after Reset, nothing kept: undo has nothing");
  out.players = log;
}

// ------------------------------------------------------------------ picture parts
{
  const shapes = [[3, 3, 1], [4, 3, 1], [3, 3, 2], [2, 5, 0.75], [30, 30, 16 / 9], [16, 9, 1], [5, 5, 0]];
  out.pictures = shapes.map(([w, h, aspect]) => ({ w, h, aspect, cover: coverCells(w, h, aspect), size: pieceSize(w, h, aspect),
    positions: Array.from({ length: w * h }, (_, cell) => piecePosition(cell, w, h, aspect)) }));
}

console.log(JSON.stringify(out));
