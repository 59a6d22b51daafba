// Wiring: the page's objects meet here and each control is connected to what it does.
// The state lives in the game (game.js) and the objects below, never here.

import { OPPOSITE, defaultGoal, movesToCell } from "./game/rules.js";
import { Game } from "./game/game.js";
import { defaultProblem, pickedShape, writeAddress } from "./game/address.js";
import { BoardView } from "./game/view.js";
import { Controls } from "./practice/controls.js";
import { FocusKeeper } from "./game/focus.js";
import { GameScreen } from "./game/game_screen.js";
import { SolverUI } from "./solver/solve_ui.js";
import "./solver/strong_tables.js"; // Solver options' strongest 4x4 tables, where the site has them
import { Playback, SolutionPanel } from "./game/playback.js";
import { Editor } from "./game/editor.js";
import { SpeedPanel } from "./practice/speed.js";
import { Pickers } from "./game/pickers.js";
import { Lab } from "./lab/lab.js";
import { MAX_WORKERS, defaultWorkers, linkWorkers } from "./solver/pool.js";
import { GameStore, Keeper } from "./game/keep.js";
import { Link, linkLanguage } from "./game/link.js";
import { LinkFix } from "./game/link_fix.js";
import { PictureUI } from "./game/picture_ui.js";
import { onLanguage, t } from "./languages/i18n.js";
import { startLanguage } from "./languages/language.js";
import { Coach } from "./game/coach.js";
import { SessionPanel } from "./practice/session_ui.js";
import { kept } from "./game/storage.js";
import { connect, settings } from "./game/settings.js";
import { finder } from "./game/element.js";

// The language: the link's (&lang=), else the one chosen before, else the browser's.  Once
// the person switches, the address carries it, so a shared link opens in that language.
startLanguage({
  link: linkLanguage(location.hash),
  changed: (lang) => {
    link.language = lang;
  },
});

const $ = finder(document);
const game = new Game();
// The speed slider doubles the rate each notch: 1 to 2048 moves a second (a 30x30 answer is ~67,000 moves).
const rate = () => 2 ** (Number($("speed", HTMLInputElement).value) - 1);
const playback = new Playback(game, rate, render);
const stopThen = (f) => () => {
  playback.stop();
  f();
};
// Once the solver has loaded, a service worker keeps the site for offline use (after a restart: a no-op).
const keepOffline = () => navigator.serviceWorker?.register("./sw.js").catch(() => {}); // the page works without
// The solver's workers: the link's &workers=N, else the option, else pool.js's default (cores, memory).
for (let n = 1; n <= MAX_WORKERS; n++) $("workers", HTMLSelectElement).add(new Option(String(n), String(n)));
const linkedWorkers = linkWorkers(location.hash);
if (linkedWorkers) $("workers", HTMLSelectElement).value = String(linkedWorkers);
const solverUI = new SolverUI({
  game,
  load,
  changed: () => {
    screen.solverChanged();
    session.practice.apply(); // practice mode: Hint and Solve off during a solve
  },
  bound: (problem, proven) => coach.bound(problem, proven), // one lower bound for a board, the coach's and a Solve's
  workers: linkedWorkers || Number($("workers", HTMLSelectElement).value) || defaultWorkers(),
  onWorkers: (count) => {
    document.documentElement.dataset.solverWorkers = String(count);
  },
  stopPlayback: () => playback.stop(),
  hintMoves: () => $("hint-mode", HTMLSelectElement).value !== "show",
  options: () => {
    const chosen = {
      strategy: $("strategy", HTMLSelectElement).value,
      algorithm: $("algorithm", HTMLSelectElement).value,
    };
    if ($("heuristic", HTMLSelectElement).value) chosen.heuristic = $("heuristic", HTMLSelectElement).value;
    if ($("time-limit", HTMLSelectElement).value) chosen.time_limit = Number($("time-limit", HTMLSelectElement).value);
    return chosen;
  },
  onReady: (solver) => {
    document.documentElement.dataset.solverTimings = JSON.stringify(solver.timings || {});
    keepOffline();
    speed.solverReady(); // a link's solve to analyse
    coach.update(); // it asks this worker until its own has loaded
  },
  // the coach may start a worker of its own once the pool's have loaded (all at once slow each other)
  onSettled: () => coach.allowOwn(),
});
const pickers = new Pickers($, { game, newShape });
const editor = new Editor($, { game, solverUI, load }); // it connects its own form
// The speedsolvers' panel and the replay (its rows follow the replay; the session opens it too).
const speed = new SpeedPanel($, {
  game,
  solverUI,
  load,
  remembered: settings.notation,
  gameTimes: () => session.times(),
  linkTo: (shared) => `${location.href.split("#")[0]}#${link.analysisAddress(shared)}`,
});
const linkFix = new LinkFix($("link-fix"), { editor });
const view = new BoardView($("board"), {
  frame: $("board-frame"),
  zoomBar: $("zoom"),
  zoomIn: $("zoom-in"),
  zoomOut: $("zoom-out"),
  zoomFit: $("zoom-fit"),
});
const controls = new Controls($, view, {
  // the board's input: clicks or hover, keys, swipes (the choices remembered); Space (or the key chosen), Esc
  onCell: (cell) => play(movesToCell(game.tiles, cell, game.topo)),
  announce: $("announce"), // where a tile that cannot move says so; hovering is only watching when solved or replaying
  resting: () => game.solved || speed.replay.onBoard || playback.playing,
  onDirection: (tileWay) => play(OPPOSITE[tileWay]),
  onUndo: stopThen(() => game.undo()),
  onRedo: stopThen(() => game.redo()),
  scramble: () => solverUI.shuffle(),
  abandon: () => session.abandon(),
});
new FocusKeeper($("actions"), $("cancel")); // the skip link; the focus stays on the button used
new PictureUI($("picture"), { view, board: $("board"), dropZone: $("board-frame") }); // picture tiles: its own controls
// The coach: the moves left and the good tiles, and the optimum for the score; it asks the
// solver while that is idle, and a worker of its own only when it must wait for a busy one.
const coach = new Coach({
  game,
  changed: () => {
    screen.showCoach();
    session.coachChanged();
  },
  lend: () => (solverUI.ready && !solverUI.busy ? solverUI.solver : null),
});
// every own solve, its averages and files (replays, csTimer files: speed); the records are worked out from it
const session = new SessionPanel($, { game, coach, speed, changed: () => screen.showRecords() });
const records = session.records; // the person's records, worked out from the sessions
const screen = new GameScreen($, { game, view, playback, rate, panel: new SolutionPanel($), solverUI, coach, session });
// The study lab: its own workers (a study's as many as the game's); it shows the game's board and size, may load a case.
const lab = new Lab($("lab"), {
  problem: () => game.problem(),
  load: (problem) => load(problem, { origin: { kind: "case" } }),
  changed: () => link.show(),
  linkTo: (s) => link.labLink(s),
  sizeMenu: $("size"),
  workers: () => solverUI.solver.size,
});
// The address holds the board; the keeper writes the rest (moves, Undo and Redo, timer,
// who moved, the solution) when the game changes, and at once when the page goes away.
const store = new GameStore(kept);
const keeper = new Keeper({
  store,
  game,
  where: () => writeAddress(game, game.solution ? game.solution.remaining : ""),
  paused: () => playback.playing,
}).flushOnLeave();
const link = new Link($, { game, lab, speed, linkFix, store, load, stop: () => playback.stop() });

/** A person's move (a click, key or swipe): it stops playback when it moved anything,
 *  and is said ("7 moved left") for those who cannot see the board.  The moves made. */
function play(letters) {
  const before = game.tiles,
    topo = game.topo;
  const made = game.move(letters);
  if (!made) return 0;
  playback.stop();
  screen.announce(before, letters.slice(0, made), topo);
  return made;
}

/** Start a new game on a problem ({origin} says where it came from); a link's note goes
 *  (the board is no longer the link's). */
function load(problem, options = {}) {
  playback.stop();
  link.hideNote();
  game.load(problem, options);
}

/** A new random board of this shape (wrap text as in links), with the default goal. */
function newShape(width, height, wrapText) {
  controls.keys.keep(width, height, wrapText); // dealt again where the address has no board
  const { topo, warning } = pickedShape(width, height, wrapText);
  if (solverUI.ready && !solverUI.busy) {
    playback.stop();
    $("link-message").hidden = true;
    solverUI.shuffle({ topo, goal: defaultGoal(width, height), warning });
  } else {
    load(defaultProblem(topo), { origin: { kind: "random", warning } });
  }
}

/** Draw the game; the address and the kept game too, unless playing (written when it stops). */
function render() {
  screen.render();
  session.practice.apply();
  if (playback.playing) return;
  link.show();
  keeper.soon();
}

game.subscribe(({ newGame }) => {
  if (newGame) {
    pickers.sync();
    solverUI.newGame();
  }
  lab.boardChanged();
  if (game.solution && !game.solution.following) playback.stop();
  render();
  coach.update();
  screen.showCoach();
});
setInterval(() => screen.showTime(), 50); // the time to the millisecond: 20 times a second

// ------------------------------------------------------------------ controls
const on = (id, f) => $(id).addEventListener("click", f);
const stopping = (id, f) => on(id, stopThen(f)); // playback stops first
on("shuffle", () => solverUI.shuffle());
stopping("undo", () => game.undo());
stopping("redo", () => game.redo());
stopping("reset", () => game.reset());
on("share", () => link.share());
on("solve", () => solverUI.solve().then(() => screen.revealPlayback())); // on a phone it may be below the screen
on("hint", () => solverUI.hint());
on("cancel", () => solverUI.cancel());
on("play", () => {
  keeper.flush(); // the game as it is before playing (playback writes when it stops)
  playback.toggle();
});
stopping("step-forward", () => game.stepForward());
stopping("step-back", () => game.stepBack());
$("speed", HTMLInputElement).addEventListener("input", () => playback.restart());
$("workers", HTMLSelectElement).addEventListener("change", () =>
  solverUI.solver.resize(Number($("workers", HTMLSelectElement).value) || defaultWorkers()),
);
connect($("hint-mode"), settings.hint);
connect($("coach-on"), settings.coach, (value) => session.practice.wantCoach(value === "on")); // hidden in practice mode
on("records-clear", () => {
  if (!window.confirm(t("records.confirm"))) return;
  records.clear(); // the sessions they are worked out from
  session.render(); // and the records line
});
onLanguage(() => screen.showWords());
screen.showWords();

// A new language: every text is said again; the game, the board and the address stay.
onLanguage(() => {
  pickers.sync();
  view.relabel();
  link.sayBad();
  lab.relabel();
  render();
});

link.open();
controls.keys.dealKept(newShape); // an address with no board: the size chosen last
