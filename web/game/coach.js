// The coach: how many moves the board on screen is from its goal, and which tiles keep to
// a shortest path when moved; and the optimum from a game's start, for the score at the end.
//
// It asks npuzzle.api's `coach` action on the game's solver when that is ready and idle
// (`lend`), so its first answer comes as soon as the solver is ready (on a 4x4 link,
// measured: 6-15 s after "Solver ready" with a worker of its own loaded first, about 4 s
// borrowing, most of it the databases' first load; docs/page.md).  It starts a worker of its
// own (a Solver whose role is "coach") only when it has a question while the solver is
// busy (a long Solve or Hint, and the person moved on), and never before the pool has
// loaded (`allowOwn`): a page where the coach never waits keeps one Python, not two (each
// 100-150 MB, and the seconds of a core its start takes).  A question usually takes
// milliseconds once the databases are loaded (api.coach stops at 2 s), so a Solve pressed
// meanwhile waits little.
//
// One request at a time: while one runs the person may move on, and what is asked next is
// the position on screen then (the ones passed on the way are never asked), and the game's
// start, which the score needs.  Answers are kept
// by position, so Undo, Redo and Reset are answered at once.
//
// Boards of up to 16 cells get the exact distance (api.coach's 2 s, with the 4x4's pattern
// databases: about a millisecond of Python for a 15-move 4x4); bigger ones a proven lower
// bound, "at least N", from a short search, since optimal search would not finish.
//
// No DOM: main.js draws what view() says; tests/coach_test.mjs drives it with a fake solver.

import { Solver } from "../solver/solver.js";
import { ask } from "../solver/ask.js";
import { formatBoardId, formatWrap, parseBoardId } from "./rules.js";
import { formatTps } from "../practice/session.js";
import { pythonText, t } from "../languages/i18n.js";

export const EXACT_CELLS = 16; // boards up to this many cells get the exact distance
export const BOUND_SECONDS = 0.1; // bigger ones: the lower bound reached in this time
const KEPT = 5000; // answers kept, by position (a few hundred bytes each)

const count = (n) => Number(n).toLocaleString("en-US");

/** What the coach says about one api.coach answer: {text, good}, good the tiles whose
 *  move keeps to a shortest path (none unless the distance is exact).  A refusal (an
 *  ErrorReply) is worded from its code, in the page's language. */
export function adviceText(a) {
  if (!a.ok) return { text: t("coach.failed", { error: pythonText(a) }), good: [] };
  if (!a.solvable) return { text: t("coach.unsolvable"), good: [] };
  const n = a.distance;
  if (!a.exact) return { text: t("coach.atLeast", { n: count(n) }), good: [] };
  const good = Object.keys(a.moves)
    .filter((m) => a.moves[m] === "closer")
    .map((m) => a.tiles[m])
    .sort((x, y) => x - y);
  const text = n === 0 ? t("coach.goal") : n === 1 ? t("coach.move") : t("coach.moves", { n: count(n) });
  return { text, good };
}

/** The sentence naming the good tiles, for those who cannot see the marks ("" for none). */
export function goodText(tiles) {
  return tiles.length ? t("coach.good", { tiles: tiles.join(t("coach.or")) }) : "";
}

/** The score's sentence after an own solve: the optimum from the game's start ({distance, exact}). */
export function scoreText(optimum) {
  if (!optimum) return "";
  return t(optimum.exact ? "score.shortest" : "score.atLeast", { n: count(optimum.distance) });
}

/** The speedsolvers' counts of an own solve ({moves, mtm, tps}): STM, MTM and moves a second. */
export function metricsText({ moves, mtm, tps }) {
  return t("score.metrics", {
    stm: count(moves),
    mtm: count(mtm),
    tps: tps === null ? "" : t("score.tps", { tps: formatTps(tps) }),
  });
}

/** The records line for a kind of puzzle: {ms, moves[, mtm, tps][, ao5, ao12, ao50, ao100]}
 *  (records.js) or null; clock formats milliseconds. */
export function recordsText(kind, record, clock) {
  let more =
    record && Number.isFinite(record.mtm) && Number.isFinite(record.tps)
      ? t("records.more", { mtm: count(record.mtm), tps: formatTps(record.tps) })
      : "";
  for (const name of ["ao5", "ao12", "ao50", "ao100"])
    if (record && typeof record[name] === "number") more += t("records.average", { name, time: clock(record[name]) });
  const what = record
    ? t("records.best", { time: clock(record.ms), moves: count(record.moves) }) + more
    : t("records.none");
  return t("records.line", { kind, what: record?.pasted ? t("records.pasted", { what }) : what });
}

/** What a solve beat ({ms, moves}: which records it broke, as Records.add says), or "". */
export function newRecordText(beat) {
  if (!beat || (!beat.ms && !beat.moves)) return "";
  return t(beat.ms && beat.moves ? "records.new_both" : beat.ms ? "records.new_time" : "records.new_moves");
}

/** A problem's text ({board, goal, wrap}) as one key. */
const keyOf = ({ board, goal, wrap }) => `${board}|${goal}|${wrap}`;

export class Coach {
  /**
   * @param {object} o
   * @param {import("./game.js").Game} o.game
   * @param {() => void} [o.changed]  after anything view() or optimum() says changed
   * @param {(handlers: object) => Solver} [o.makeSolver]  the worker (tests pass a fake)
   * @param {() => (import("../solver/ask.js").Requester | null)} [o.lend]  a ready, idle worker to ask until its own is ready, or null
   */
  constructor({
    game,
    changed = () => {},
    makeSolver = (handlers) => new Solver({ ...handlers, role: "coach" }),
    lend = () => null,
  }) {
    this.game = game;
    this.lend = lend;
    this.changed = changed;
    this.makeSolver = makeSolver;
    this.on = true; // the person's switch: off asks only for the game's start (the score)
    this.phase = "waiting"; // "waiting" (not started) | "loading" | "warming" | "ready" | "failed"
    this.borrowed = false; // it has asked the lent worker (its own is warmed before it takes over)
    this.error = "";
    this.solver = null;
    this.answers = new Map(); // key -> api.coach's answer, oldest first
    this.asking = null; // the key of the request running, or null
    this.ownAllowed = false; // its own worker may start when the lent one is busy (allowOwn)
    this.floors = new Map(); // key -> a lower bound the solver proved (a Solve's), kept with the coach's
  }

  /** The one lower bound the page gives for a problem: the greater of the coach's answer and
   *  what a Solve proved (`proven`, remembered), so the coach and the status line never give
   *  two for one board (a 0.1 s IDA* may prove more than a weighted race, or less).  0 when
   *  neither knows one.  @param {{board: string, goal: string, wrap: string}} problem */
  bound(problem, proven = 0) {
    const key = keyOf(problem);
    const floor = this.floors.get(key) || 0;
    if (proven > floor) {
      this.floors.set(key, proven);
      this.changed();
    }
    const a = this.answers.get(key);
    return Math.max(a?.ok && a.solvable ? a.distance : 0, floor, proven);
  }

  /** The game's pool has loaded and is idle: from now on the coach may start its own worker
   *  when a question finds the solver busy (before, the pool's own loads come first). */
  allowOwn() {
    this.ownAllowed = true;
    this.next();
  }

  /** Start the coach's own worker now (again after a failure is not tried: the game goes on).
   *  next() calls it only between questions, so the two Pythons never work at once. */
  start() {
    if (this.solver) return;
    this.phase = "loading";
    this.solver = this.makeSolver({
      onReady: () => {
        const [width, height] = parseBoardId(this.game.problem().board);
        if (!this.borrowed || width * height > EXACT_CELLS) return this.ready();
        // the lent worker has the goal's tables and databases; its own gets them before it
        // takes over (else its first answer waits for them: 1.5-3 s on a 4x4)
        this.phase = "warming";
        ask(this.solver, "warm", this.game.problem()).then(() => this.ready());
      },
      onFailed: (error) => {
        this.phase = "failed";
        this.error = error;
        this.changed();
      },
    });
    this.changed();
  }

  /** Its own worker can answer: it asks it from now on. */
  ready() {
    this.phase = "ready";
    this.next();
    this.changed();
  }

  /** Show or hide the coach (hidden, it still works out the start's optimum for the score). */
  setOn(on) {
    this.on = !!on;
    this.next();
    this.changed();
  }

  /** The board on screen changed, or a new game began: ask for what is not known yet. */
  update() {
    this.next();
  }

  /** The game's start as api.coach takes it. */
  startProblem() {
    const { width, height, wrapRows, wrapCols } = this.game.topo;
    return {
      board: formatBoardId(width, height, this.game.start),
      goal: formatBoardId(width, height, this.game.goal),
      wrap: formatWrap(wrapRows, wrapCols, width, height),
    };
  }

  /** The worker to ask now: its own once ready, else the one lent (or null). */
  worker() {
    return this.phase === "ready" ? this.solver : this.lend();
  }

  /** Ask for the position on screen (when shown), then the start, unless known or a request runs. */
  next() {
    if (this.asking) return;
    const wanted = this.on ? [this.game.problem(), this.startProblem()] : [this.startProblem()];
    const problem = wanted.find((p) => !this.answers.has(keyOf(p)));
    if (!problem) return;
    if (this.worker()) this.consult(problem);
    else if (this.ownAllowed && this.phase === "waiting") this.start(); // the solver is busy: its own
  }

  async consult(problem) {
    const key = keyOf(problem);
    this.asking = key;
    const [width, height] = parseBoardId(problem.board);
    const args = width * height > EXACT_CELLS ? { ...problem, time_limit: BOUND_SECONDS } : problem;
    const worker = this.worker();
    if (worker !== this.solver) this.borrowed = true;
    const outcome = await ask(worker, "coach", args);
    this.asking = null;
    // kept: an answer, or a refusal (worded again in another language); a failure as its words
    if (outcome.kind === "answer" || outcome.kind === "bad-input") this.keep(key, outcome.reply);
    if (outcome.kind === "failed") this.keep(key, { ok: false, error: outcome.message });
    this.changed();
    this.next();
  }

  keep(key, answer) {
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > KEPT) this.answers.delete(this.answers.keys().next().value);
  }

  /** What to show about the board on screen: {state, text, good}.  state "off" (hidden),
   *  "loading", "failed", "thinking" (it works this board out: no figure or mark of the
   *  board before stays) or "answer". */
  view() {
    if (!this.on) return { state: "off", text: "", good: [] };
    if (this.phase === "failed" && !this.lend())
      return { state: "failed", text: t("coach.failed", { error: this.error }), good: [] };
    const key = keyOf(this.game.problem());
    const answer = this.answers.get(key);
    const floor = this.floors.get(key) || 0;
    if (answer?.ok && answer.solvable && !answer.exact && floor > answer.distance)
      return { state: "answer", ...adviceText({ ...answer, distance: floor }) }; // a Solve proved more
    if (answer) return { state: "answer", ...adviceText(answer) };
    // no worker to ask yet, and nothing said so far: starting; else working this board out
    if (this.phase !== "ready" && !this.lend() && !this.answers.size)
      return { state: "loading", text: t("coach.loading"), good: [] };
    return { state: "thinking", text: t("coach.thinking"), good: [] };
  }

  /** The shortest solution's length from the game's start, {distance, exact}, once known. */
  optimum() {
    const a = this.answers.get(keyOf(this.startProblem()));
    return a?.ok && a.solvable ? { distance: a.distance, exact: a.exact } : null;
  }
}
