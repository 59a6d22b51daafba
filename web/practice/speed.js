// The speedsolvers' panel: a solve (this game's, or a pasted scramble and solution in
// either notation) analysed move by move by Python (npuzzle.api.analyse), every optimal
// solution (npuzzle.api.solutions), and the solve as one line to copy.
//
//   new SpeedPanel($, { game, solverUI, load, remembered: settings.notation, linkTo })
//   // load(problem, options): a new game on the page's board (main.js)
//   // linkTo({tiles, solution, notation}): the page's link to that board with its solve analysed
//   panel.replay   // the page's replay (replay.js), which the session list opens too
//
// The notation chosen is remembered (`remembered`, a Setting of settings.js).  The analysis
// and the replay go together: an analysis puts its scramble on the board as a replay at
// move 0; the row of the replay's position is highlighted and kept in view as it plays or
// steps; clicking a row moves the replay there; a replay's Analyse fills this panel in.

import { RulesError, formatMoves, parseMoves, parseProblem, sameBoard } from "../game/rules.js";
import { Replay } from "./replay.js";
import { ask } from "../solver/ask.js";
import { number, onLanguage, pythonText, t } from "../languages/i18n.js";

/** A solve a link carries, or the one the person linked.
 *  @typedef {{tiles: number[], solution: string, notation: string}} Shared */

export class SpeedPanel {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{game: import("../game/game.js").Game, solverUI: import("../solver/solve_ui.js").SolverUI,
   *    load: (problem: import("../game/rules.js").Problem, options: object) => void,
   *    remembered?: import("../game/settings.js").Setting | null, linkTo?: ((shared: Shared) => string) | null,
   *    gameTimes?: () => number[] | null}} parts  linkTo: the page's link to a board with its solve analysed */
  constructor($, { game, solverUI, load, remembered = null, linkTo = null, gameTimes = () => null }) {
    this.$ = $;
    this.gameTimes = gameTimes; // the game's moves' times (ms from its start), when followed
    this.game = game;
    this.solverUI = solverUI;
    this.replay = new Replay($, {
      game,
      load,
      onMove: (k) => this.follow(k),
      analyse: (solve) => this.fromReplay(solve),
    });
    /** @type {import("./replay.js").Solve | null} the replay's solve this panel was filled with: its times go with its moves */
    this.timed = null;
    this.remembered = remembered;
    this.linkTo = linkTo;
    /** @type {import("../generated/protocol.js").AnalyseReply | null} the last analysis */
    this.reply = null;
    /** @type {import("../game/rules.js").Problem | null} the analysed scramble */
    this.problem = null;
    /** @type {number | null} the analysed solve's time (s), when known */
    this.solveTime = null;
    /** @type {Shared | null} */
    this.shared = null;
    this.pending = false; // a link's solve waits for the solver
    const saved = remembered?.get();
    if (saved === "gap" || saved === "tile") $("speed-notation", HTMLSelectElement).value = saved;
    $("speed-notation").addEventListener("change", () => {
      remembered?.set(this.notation); // storage full or refused: this visit only
      this.render();
    });
    $("speed-this").addEventListener("click", () => this.fromGame());
    $("speed-analyse").addEventListener("click", () => this.analyse());
    $("speed-all").addEventListener("click", () => this.solutions());
    $("speed-cancel").addEventListener("click", () => this.solverUI.solver.cancel());
    $("speed-copy").addEventListener("click", () => {
      navigator.clipboard?.writeText($("speed-export").textContent ?? "").then(
        () => this.say(t("speed.copied")),
        () => {},
      );
    });
    $("speed-link").addEventListener("click", () => this.makeLink());
    for (const id of ["speed-scramble", "speed-solution"])
      $(id).addEventListener("input", () => {
        this.shared = null;
      });
    const rowOf = (/** @type {Event} */ event) => (event.target instanceof Element ? event.target.closest("tr") : null);
    $("speed-rows").addEventListener("click", (event) => {
      const row = rowOf(event);
      if (row && this.reply) this.showPosition(Number(row.dataset.i));
    });
    $("speed-rows").addEventListener("keydown", (event) => {
      // a row has the focus: Enter shows it
      const row = rowOf(event);
      if (event.key === "Enter" && row && this.reply) this.showPosition(Number(row.dataset.i));
    });
    $("speed-replay").addEventListener("click", () => {
      this.replayed();
      this.replay.toggle();
    });
    onLanguage(() => this.render());
  }

  get notation() {
    return this.$("speed-notation", HTMLSelectElement).value;
  }

  /** @param {string} text */
  say(text) {
    this.$("speed-status").textContent = text;
  }

  /** A link's solve of its board ({solution, notation, error, why}, as readAddress gives
   *  it): the panel opens filled in, and analyses it once the solver is ready; a bad
   *  solution or notation is said here, and nothing else changes.
   *  @param {{solution: string, notation: string, error: string | null, why: {code: string, params: object} | null}} analyse
   *  @param {number[]} tiles */
  fromLink(analyse, tiles) {
    const $ = this.$;
    $("speedsolve", HTMLDetailsElement).open = true;
    $("speed-notation", HTMLSelectElement).value = analyse.notation;
    $("speed-scramble", HTMLInputElement).value = scrambleText(this.game.topo.width, tiles);
    $("speed-solution", HTMLInputElement).value = analyse.solution;
    if (analyse.error) {
      this.say(analyse.why ? pythonText({ error: analyse.error, ...analyse.why }) : analyse.error);
      return;
    }
    this.shared = { tiles, solution: analyse.solution, notation: analyse.notation };
    this.pending = true;
    if (this.solverUI.ready) this.solverReady();
  }

  /** A replay's solve ({problem, moves, times, ms}): the panel opens filled in with its
   *  scramble, moves and time, and analyses it (once the solver is ready).
   *  @param {import("./replay.js").Solve} solve */
  fromReplay(solve) {
    const $ = this.$;
    this.replay.jump(0); // the analysis starts from the scramble; its rows follow the replay from there
    $("speedsolve", HTMLDetailsElement).open = true;
    $("speed-scramble", HTMLInputElement).value = scrambleText(solve.problem.topo.width, solve.problem.tiles);
    $("speed-solution", HTMLInputElement).value = formatMoves(solve.moves, this.notation);
    this.solveTime = solve.ms ? solve.ms / 1000 : null;
    this.shared = null;
    this.timed = solve;
    $("speed-analyse").scrollIntoView({ block: "nearest" });
    this.pending = true;
    if (this.solverUI.ready) this.solverReady();
    else this.say(t("speed.starting"));
  }

  /** A link's solve to replay ({moves, times, ms}, as readAddress gives it; a whole event's
   *  with its boards and splits) on its board.
   *  @param {{moves: string, times: number[] | null, ms: number | null, boards?: import("./event_replay.js").Board[],
   *    splits?: import("./solve_code.js").Split[]}} solve  @param {import("../game/rules.js").Problem} problem */
  replayLink(solve, problem) {
    const { moves, times, ms, boards, splits } = solve;
    this.replay.open(boards ? { problem, moves, times, ms, boards, splits } : { problem, moves, times, ms });
  }

  /** The solver is ready: analyse a link's solve now. */
  solverReady() {
    if (!this.pending) return;
    this.pending = false;
    this.analyse();
  }

  /** A link that opens this board (the scramble) with its solve analysed: shown, copied,
   *  and kept in the address bar while this board is played. */
  makeLink() {
    const $ = this.$;
    const solution = $("speed-solution", HTMLInputElement).value.trim();
    const board =
      $("speed-scramble", HTMLInputElement).value.trim() || scrambleText(this.game.topo.width, this.game.start);
    let tiles;
    try {
      parseMoves(solution, this.notation);
      const { goal, wrap } = this.game.problem();
      ({ tiles } = parseProblem(board, goal, wrap));
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      return this.say(pythonText({ error: e.message, code: e.code, params: e.params }));
    }
    this.shared = { tiles, solution, notation: this.notation };
    if (!this.linkTo) return; // a panel made without the page's links
    const link = this.linkTo(this.shared);
    $("speed-link-text").hidden = false;
    $("speed-link-text", HTMLInputElement).value = link;
    navigator.clipboard?.writeText(link).catch(() => {});
    this.say(t("speed.linked"));
  }

  /** This game's start and moves, in the notation chosen, and its time. */
  fromGame() {
    const { topo, start, past } = this.game;
    this.$("speed-scramble", HTMLInputElement).value = scrambleText(topo.width, start);
    this.$("speed-solution", HTMLInputElement).value = formatMoves(past.join(""), this.notation);
    this.solveTime = this.game.timer.elapsed() / 1000 || null;
    const times = this.gameTimes(),
      ms = this.game.timer.elapsed();
    // the game's moves with their times (the session follows them): the replay keeps its pace
    this.timed =
      times && times.length === past.length && ms
        ? { problem: { tiles: start, goal: this.game.goal, topo }, moves: past.join(""), times, ms: Math.floor(ms) }
        : null;
  }

  /** The answer of a request to the game's solver (ask's outcome, awaited here), or null:
   *  a refusal, a failure or Cancel is said in the status line.
   *  @template {keyof import("../generated/protocol.js").Actions} A
   *  @param {Promise<import("../solver/ask.js").Outcome<A>>} asking */
  async run(asking) {
    this.$("speed-cancel", HTMLButtonElement).disabled = false;
    const outcome = await asking;
    this.$("speed-cancel", HTMLButtonElement).disabled = true;
    if (outcome.kind === "cancelled") this.say(t("speed.cancelled"));
    if (outcome.kind === "bad-input" || outcome.kind === "failed") this.say(outcome.message);
    return outcome.kind === "answer" ? outcome.reply : null;
  }

  async analyse() {
    const problem = this.game.problem();
    const args = {
      board: this.$("speed-scramble", HTMLInputElement).value,
      moves: this.$("speed-solution", HTMLInputElement).value,
      notation: this.notation,
      goal: problem.goal,
      wrap: problem.wrap || null,
      solve_time: this.solveTime ?? null,
    };
    if (!args.board.trim()) args.board = scrambleText(this.game.topo.width, this.game.start);
    this.say(t("speed.starting")); // the total comes with the first progress
    const started = performance.now();
    const reply = await this.run(
      ask(this.solverUI.solver, "analyse", args, (p) => {
        if ("phase" in p && p.phase === "analyse") this.say(t("speed.running", { done: p.done, total: p.total }));
      }),
    );
    if (!reply) return;
    document.documentElement.dataset.speedAnalyseMs = String(Math.round(performance.now() - started));
    this.reply = reply;
    this.problem = this.scrambleProblem(args.board, problem);
    this.say(reply.stopped ? t("speed.stopped", { n: reply.rows.length }) : "");
    this.render();
    this.replayed();
    this.follow(this.replay.at);
  }

  /** The analysed solve as the page's replay: kept where it is when the board already shows
   *  it, else its scramble put on the board at move 0 (with the replay's times when the
   *  solve came from a replay; else played evenly over the solve's time). */
  replayed() {
    const r = this.reply,
      replay = this.replay,
      problem = this.problem;
    if (!r || !problem) return;
    const s = replay.solve;
    if (s && replay.onBoard && s.moves === r.moves && sameBoard(s.problem.tiles, problem.tiles)) return;
    const timed = this.timed && this.timed.moves === r.moves && sameBoard(this.timed.problem.tiles, problem.tiles);
    replay.open(
      this.timed && timed
        ? this.timed
        : { problem, moves: r.moves, times: null, ms: this.solveTime ? Math.round(this.solveTime * 1000) : null },
    );
  }

  /** The row of the replay's position (k moves made) highlighted and scrolled into the
   *  table's frame (not the page: the board stays in view).  @param {number} k */
  follow(k) {
    const rows = this.$("speed-rows");
    const s = this.replay.solve;
    const mine = this.reply && s && s.moves === this.reply.moves;
    for (const row of rows.querySelectorAll("tr.current")) {
      row.classList.remove("current");
      row.removeAttribute("aria-current");
    }
    const row = mine && k ? rows.children[k - 1] : null;
    if (!(row instanceof HTMLElement)) return;
    row.classList.add("current");
    row.setAttribute("aria-current", "true");
    const frame = this.$("speed-frame");
    const top = row.offsetTop,
      bottom = top + row.offsetHeight,
      head = rows.offsetTop;
    if (top - head < frame.scrollTop) frame.scrollTop = top - head;
    else if (bottom > frame.scrollTop + frame.clientHeight) frame.scrollTop = bottom - frame.clientHeight;
  }

  async solutions() {
    const board =
      this.$("speed-scramble", HTMLInputElement).value.trim() || scrambleText(this.game.topo.width, this.game.start);
    this.say(t("speed.counting"));
    const reply = await this.run(ask(this.solverUI.solver, "solutions", { board, notation: this.notation, keep: 10 }));
    if (!reply) return;
    this.say(
      t("speed.count", {
        count: number(reply.count),
        length: reply.length,
        seconds: number(reply.seconds, 2),
        shown: reply.moves.length,
        way: t(`speed.way.${this.notation}`),
      }),
    );
    const list = this.$("speed-solutions");
    list.replaceChildren(
      ...reply.moves.map((moves) => {
        const item = document.createElement("li");
        item.textContent = formatMoves(moves, this.notation);
        return item;
      }),
    );
  }

  /** The table and summary of the last analysis, in the notation and language chosen. */
  render() {
    const r = this.reply;
    if (!r) return;
    const way = t(`speed.way.${this.notation}`);
    this.$("speed-summary").textContent = r.exact
      ? t("speed.exact", {
          length: r.length,
          mtm: r.mtm,
          optimum: r.optimum,
          lost: r.lost,
          way,
          fewest: r.optimal_mtm === null ? "" : t("speed.fewest", { n: r.optimal_mtm }),
          first: r.first_loss ? t("speed.first", { n: r.first_loss }) : "",
          ending: r.solved ? "" : t("speed.unsolved"),
        })
      : t("speed.bounds", { length: r.length, mtm: r.mtm, way });
    const rows = r.rows.map((row, i) => {
      const tr = document.createElement("tr");
      tr.dataset.i = String(i + 1);
      tr.tabIndex = 0;
      if (row.lost) tr.classList.add("lost");
      const before = row.before_upper === null || r.exact ? row.before : `${row.before}–${row.before_upper}`;
      const after = row.after_upper === null || r.exact ? row.after : `${row.after}–${row.after_upper}`;
      for (const text of [
        i + 1,
        formatMoves(row.move, this.notation),
        row.tile,
        before,
        after,
        row.lost ? `+${row.lost}` : "",
        formatMoves(row.better, this.notation),
      ]) {
        const td = document.createElement("td");
        td.textContent = String(text);
        tr.append(td);
      }
      return tr;
    });
    this.$("speed-rows").replaceChildren(...rows);
    this.$("speed-table").hidden = false;
    this.$("speed-replay").hidden = false;
    this.follow(this.replay.at);
    this.$("speed-export").textContent = r.export;
    this.$("speed-copy").hidden = false;
  }

  /** The scramble as a problem ({tiles, goal, topo}): with the game's goal and wraps, as
   *  Python read it; a board of another size with its own default goal.
   *  @param {string} board  @param {{goal: string, wrap: string}} problem */
  scrambleProblem(board, { goal, wrap }) {
    try {
      return parseProblem(board, goal, wrap);
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      return parseProblem(board);
    }
  }

  /** The position after move i of the analysed solve, on the board: the replay goes there.  @param {number} i */
  showPosition(i) {
    this.replayed();
    this.replay.jump(i);
  }
}

/** A board as Slidysim writes a scramble (rows split by '/').  @param {number} width  @param {number[]} tiles */
export function scrambleText(width, tiles) {
  const rows = [];
  for (let r = 0; r < tiles.length; r += width) rows.push(tiles.slice(r, r + width).join(" "));
  return rows.join("/");
}
