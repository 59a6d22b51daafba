// Drives web/game.js and web/address.js under Node (no DOM) and prints what they did as
// JSON, for tests/test_game.py to check exactly.
import { Game, Timer, clock } from "../web/game.js";
import { readAddress, writeAddress } from "../web/address.js";
import { formatBoardId, parseProblem } from "../web/rules.js";

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
    writeAddress(seed003, "", null)];
  const LAB_HASHES = JSON.parse(process.argv[3] || "[]");
  out.labAddress = { written: labWritten, roundTrip: labWritten.map((h) => readAddress(`#${h}`).lab),
    read: LAB_HASHES.map((h) => { const r = readAddress(h, seeded(7)); return { error: r.error, lab: r.lab }; }) };
  out.defaultBoards = [1, 2, 3].map((seed) => read.call(null, "") && formatBoardId(4, 4, readAddress("", seeded(seed)).problem.tiles));
}

console.log(JSON.stringify(out));
