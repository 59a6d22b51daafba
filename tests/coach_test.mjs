// Drives web/practice/records.js and web/game/coach.js under Node (no DOM, a fake worker) and prints what
// they did as JSON, for tests/test_coach_js.py to check exactly.
import { Records, recordKind } from "../web/practice/records.js";
import { Sessions } from "../web/practice/session_store.js";
import { Store } from "../web/game/storage.js";
import { Coach, adviceText, goodText, newRecordText, recordsText, scoreText } from "../web/game/coach.js";
import { Game } from "../web/game/game.js";
import { clock } from "../web/game/timer.js";
import { setLanguage } from "../web/languages/i18n.js";
import { parseProblem, topology } from "../web/game/rules.js";

const out = {};

// ------------------------------------------------------------------ records
class Storage {
  constructor(items = {}) { this.items = { ...items }; }
  getItem(k) { return k in this.items ? this.items[k] : null; }
  setItem(k, v) { this.items[k] = String(v); }
  removeItem(k) { delete this.items[k]; }
}
{
  // records worked out from the sessions: each solve added as the Session panel adds it
  const storage = new Storage();
  const r = new Records(new Sessions(new Store(storage)));
  let date = 1_764_000_000_000;
  const solve = (moves, ms, more = {}) => ({ date: date++, type: "random", ms, penalty: "", scramble: "3x3:1,2,3,4,5,6,0,7,8",
    moves: "UD".repeat(moves / 2), times: null, optimum: null, assisted: false, ...more });
  const log = [];
  const short = (record) => record && { ms: record.ms, moves: record.moves, ...(record.pasted ? { pasted: true } : {}) };
  const note = (what, value) => log.push({ what, value, record: short(r.get("3x3")) });
  let generation = 0;
  const add = (kind, s) => {
    r.add(++generation, kind, s);
    return r.beatenBy({ generation });
  };
  note("none yet");
  note("first solve", add("3x3", solve(30, 60_000)));
  note("slower but fewer moves", add("3x3", solve(24, 75_000)));
  note("faster, more moves", add("3x3", solve(40, 20_000)));
  note("no better", add("3x3", solve(40, 20_000)));
  note("assisted, faster: breaks nothing", add("3x3", solve(2, 1_000, { assisted: true })));
  note("a DNF, faster: breaks nothing", add("3x3", solve(2, 1_000, { penalty: "DNF" })));
  note("pasted, faster: breaks nothing", add("3x3", solve(2, 1_000, { type: "pasted" })));
  note("another kind", add("4x4 all", solve(80, 200_000, { scramble: "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0" })));
  note("read again", short(new Records(new Sessions(new Store(storage))).get("4x4 all")));
  r.sessions.update("3x3", 1_764_000_000_002, { penalty: "+2" }); // the 20 s solve marked +2: 22 s
  note("a +2 given in the list");
  r.clear();
  note("cleared", new Records(new Sessions(new Store(storage))).get("4x4 all"));
  out.records = log;
  const apart = new Records(new Sessions(new Store(new Storage())));
  apart.add(1, "3x3", solve(2, 1_234, { type: "pasted" }));
  out.apart = [apart.get("3x3"), apart.beatenBy({ generation: 1 })];
  out.kinds = [recordKind(topology(3, 3)), recordKind(topology(5, 5, [2], [2])), recordKind(topology(4, 4, [0, 1, 2, 3], [0, 1, 2, 3])),
    recordKind(topology(2, 3))];
}

// ------------------------------------------------------------------ texts, in both languages
const answer = { ok: true, solvable: true, distance: 18, exact: true, moves: { U: "further", D: "closer", L: "closer", R: "further" },
  tiles: { U: 4, D: 12, L: 7, R: 9 } };
const texts = () => ({
  exact: adviceText(answer),
  one: adviceText({ ...answer, distance: 1, moves: { U: "closer" }, tiles: { U: 3 } }),
  goal: adviceText({ ...answer, distance: 0, moves: { U: "further" }, tiles: { U: 3 } }),
  bound: adviceText({ ...answer, distance: 17591, exact: false, moves: { U: "unknown" } }),
  unsolvable: adviceText({ ok: true, solvable: false, distance: null, exact: false, moves: {}, tiles: {} }),
  error: adviceText({ ok: false, error: "bad board" }),
  good: goodText([7, 12]),
  none: goodText([]),
  score: [scoreText({ distance: 24, exact: true }), scoreText({ distance: 1200, exact: false }), scoreText(null)],
  records: [recordsText("3x3", { ms: 48_000, moves: 31 }, clock), recordsText("5x5 r2,c2", null, clock),
    recordsText("3x3", { ms: 1234, moves: 2, pasted: true }, clock),
    recordsText("4x4", { ms: 9_870, moves: 61, mtm: 40, tps: 13.035, ao5: 11_002, ao12: 12_345, ao50: null, ao100: null }, clock)],
  newRecord: [{ ms: true, moves: true }, { ms: true, moves: false }, { ms: false, moves: true }, { ms: false, moves: false },
    null].map(newRecordText),
});
out.en = texts();
setLanguage("zh");
out.zh = texts();
setLanguage("en");

// ------------------------------------------------------------------ the coach: one request at a time, the latest position
{
  const requests = []; // [{args, resolve}]
  let handlers = null;
  const fake = (h) => {
    handlers = h;
    return { request: (action, args) => new Promise((resolve) => requests.push({ action, args, resolve })) };
  };
  const game = new Game({ now: () => 0 });
  game.load(parseProblem("3x3:1,2,3,4,5,6,0,7,8"));
  let changes = 0;
  const coach = new Coach({ game, changed: () => changes++, makeSolver: fake });
  game.subscribe(() => coach.update());
  const log = [];
  const note = (what) => log.push({ what, view: coach.view(), optimum: coach.optimum(), asked: requests.map((r) => r.args.board),
    open: requests.filter((r) => !r.done).length });
  const reply = async (i, distance, extra = {}) => {
    requests[i].done = true;
    requests[i].resolve({ ok: true, solvable: true, distance, exact: true, moves: {}, tiles: {}, ...extra });
    await new Promise((r) => setTimeout(r, 0));
  };
  note("not started");
  coach.start();
  note("loading");
  handlers.onReady();
  note("ready: the position on screen is asked");
  game.move("U"); // the person moves on while it works...
  game.move("D");
  game.move("R");
  note("three moves: still the one request");
  await reply(0, 2, { moves: { U: "further", R: "closer" }, tiles: { U: 4, R: 7 } });
  note("answered about the start: kept for the score; the board on screen is asked next");
  await reply(1, 1, { moves: { R: "closer", U: "further", L: "further" }, tiles: { R: 8, U: 5, L: 7 } });
  note("answered");
  game.undo();
  note("undo: known at once, nothing asked");
  coach.setOn(false);
  game.move("U");
  note("hidden: nothing shown, nothing asked");
  game.load(parseProblem("3x3:1,2,3,4,5,0,7,8,6"));
  note("a new game while hidden: its start is asked, for the score");
  await reply(2, 1, { moves: { D: "closer", U: "further", L: "further" }, tiles: { D: 6, U: 3, L: 5 } });
  coach.setOn(true);
  note("shown again");
  out.coach = log;
  out.coachChanges = changes;
  out.bigBoard = (() => {
    const g = new Game({ now: () => 0 });
    g.load(parseProblem("5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24"));
    const asked = [];
    const c = new Coach({ game: g, makeSolver: (h) => { setTimeout(h.onReady, 0); return { request: (a, args) => { asked.push(args); return new Promise(() => {}); } }; } });
    c.start();
    return new Promise((r) => setTimeout(() => r(asked), 5));
  })();
  out.bigBoard = await out.bigBoard;
  // One lower bound a board: the greater of the coach's answer and what a Solve proved.
  out.bound = await (async () => {
    const g = new Game({ now: () => 0 });
    g.load(parseProblem("5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24"));
    let answer;
    const answered = new Promise((r) => { answer = r; });
    const lent = { request: () => answered };
    const c = new Coach({ game: g, lend: () => lent });
    const problem = g.problem();
    const steps = [];
    const step = (what, bound) => steps.push({ what, bound, view: c.view() });
    c.update();
    step("a Solve proved 88 before the coach answered", c.bound(problem, 88));
    answer({ ok: true, solvable: true, distance: 94, exact: false, moves: {}, tiles: {} });
    await new Promise((r) => setTimeout(r, 0));
    step("the coach proved 94: the greater", c.bound(problem));
    step("a later Solve proved 100", c.bound(problem, 100));
    return steps;
  })();
  // Borrowing: the solver answers while it is idle; the coach's own worker starts only once
  // the pool allows it and a question finds the solver busy.
  out.lent = await (async () => {
    const g = new Game({ now: () => 0 });
    g.load(parseProblem("3x3:1,2,3,4,5,6,0,7,8"));
    const said = () => ({ ok: true, solvable: true, distance: 2, exact: true, moves: {}, tiles: {} });
    const lentAsked = [], ownAsked = [];
    let lendable = true, made = 0, own = null;
    const lent = { request: (a, args) => (lentAsked.push(`${a} ${args.board}`), Promise.resolve(said())) };
    const c = new Coach({ game: g, lend: () => (lendable ? lent : null), makeSolver: (h) => {
      made++;
      own = h;
      return { request: (a, args) => (ownAsked.push(`${a} ${args.board}`), Promise.resolve(said())) };
    } });
    g.subscribe(() => c.update());
    const settle = () => new Promise((r) => setTimeout(r, 0));
    const steps = [];
    const step = (what) => steps.push({ what, made, lent: [...lentAsked], own: [...ownAsked], state: c.view().state });
    c.update();
    await settle();
    step("the solver idle: it answers");
    lendable = false;
    g.move("R");
    await settle();
    step("the solver busy before the pool settled: nothing started");
    c.allowOwn();
    await settle();
    step("the pool settled, the solver busy: its own worker starts");
    own.onReady();
    await settle();
    step("its own worker ready: it answers from now on");
    lendable = true;
    g.move("L");
    await settle();
    step("back to a known position: answered at once");
    return steps;
  })();
}
console.log(JSON.stringify(out));
