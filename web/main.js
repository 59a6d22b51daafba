// Wiring: the game, the board's view, the address, the solver, playback, the editor and
// the pickers meet here, and each control is connected to what it does.  The state lives
// in the game (game.js) and in the objects below; this file only passes it along.

import { OPPOSITE, defaultGoal, movesToCell, parseProblem, parseWrap, RulesError, sameBoard, topology, walk } from "./rules.js";
import { Game, clock } from "./game.js";
import { messageText } from "./messages.js";
import { defaultProblem, readAddress, writeAddress } from "./address.js";
import { BoardView } from "./view.js";
import { SolverUI } from "./solve_ui.js";
import { Playback, SolutionPanel } from "./playback.js";
import { Editor } from "./editor.js";
import { SpeedPanel } from "./speed.js";
import { Pickers } from "./pickers.js";
import { Lab } from "./lab.js";
import { MAX_WORKERS, defaultWorkers, linkWorkers } from "./pool.js";
import { GameStore, Keeper } from "./keep.js";
import { LinkFix } from "./link_fix.js";
import { PictureUI } from "./picture_ui.js";
import { language, loadPythonMessages, onLanguage, pythonText, register, setLanguage, t } from "./i18n.js";
import { startLanguage } from "./language.js";

register({
  en: { "announce.moved": "{tiles} moved {way}", "announce.and": "{items} and {last}", "announce.list": ", ",
    "way.U": "up", "way.D": "down", "way.L": "left", "way.R": "right" },
  zh: { "announce.moved": "{tiles} 向{way}移动", "announce.and": "{items} 和 {last}", "announce.list": "、",
    "way.U": "上", "way.D": "下", "way.L": "左", "way.R": "右" },
});

// The language: the link's (&lang=), else the one chosen before, else the browser's.  Once
// the person switches, the address carries it, so a shared link opens in that language.
let linkLanguage = (/(?:^#|&)lang=(en|zh)(?:&|$)/.exec(location.hash) || [])[1] || null;
startLanguage({ link: linkLanguage, changed: (lang) => { linkLanguage = lang; } });
loadPythonMessages().then(() => setLanguage(language())); // Python's codes, worded: say everything again
import { Coach, goodText, metricsText, newRecordText, recordsText, scoreText } from "./coach.js";
import { Records, counts, recordKind } from "./records.js";

/** The page's element with this id (`any`: the checker cannot tell an input from a button by its id). */
const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
const HINT_SETTING = "npuzzle.hint"; // localStorage: "make" (the default) or "show"
const COACH_SETTING = "npuzzle.coach"; // localStorage: "off" hides the coach
// localStorage may be refused (a private window, a sandbox): settings then last the visit
const storage = (() => { try { return localStorage; } catch { return null; } })();

const game = new Game();
const panel = new SolutionPanel($);
// The speed slider doubles the rate each notch: 1 to 2048 moves a second (a 30x30 answer is ~67,000 moves).
const rate = () => 2 ** (Number($("speed").value) - 1);
const playback = new Playback(game, rate, render);
// Faster than this tiles jump instead of sliding: slides of a hundred tiles at once made
// the browser lay the board out every frame (tasks of 100-200 ms on a 30x30).
const SLIDING_RATE = 32;
// The solver's workers: the link's &workers=N, else the option, else pool.js's default (cores, memory).
for (let n = 1; n <= MAX_WORKERS; n++) $("workers").add(new Option(String(n), String(n)));
const linkedWorkers = linkWorkers(location.hash);
if (linkedWorkers) $("workers").value = String(linkedWorkers);
const solverUI = new SolverUI({
  game, load, changed: solverChanged,
  workers: linkedWorkers || Number($("workers").value) || defaultWorkers(),
  onWorkers: (count) => { document.documentElement.dataset.solverWorkers = String(count); },
  stopPlayback: () => playback.stop(),
  hintMoves: () => $("hint-mode").value !== "show",
  options: () => {
    const chosen = { strategy: $("strategy").value, algorithm: $("algorithm").value };
    if ($("heuristic").value) chosen.heuristic = $("heuristic").value;
    if ($("time-limit").value) chosen.time_limit = Number($("time-limit").value);
    return chosen;
  },
  onReady: (solver) => {
    document.documentElement.dataset.solverTimings = JSON.stringify(solver.timings || {});
    keepOffline();
    speed.solverReady(); // a link's solve to analyse
  },
  // the coach's own worker, once the pool's have loaded and no solve runs (all at once slow
  // each other, and a Solve pressed meanwhile gains from the helpers sooner)
  onSettled: () => coach.start(),
});
const pickers = new Pickers($, { game, newShape });
const editor = new Editor($, { game, solverUI, load }); // it connects its own form
// The speedsolvers' panel: a row of its analysis shows the position after that move.
const speed = new SpeedPanel($, { game, solverUI, storage, show: (board, moves) => {
  const { goal, wrap } = game.problem();
  try {
    load(parseProblem(board, goal, wrap), { origin: { kind: "editor" } });
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return;
  }
  game.move(moves, "solver");
}, linkTo: (shared) => `${location.href.split("#")[0]}#${analysisAddress(shared)}` });
const linkFix = new LinkFix($("link-fix"), { editor });
const view = new BoardView($("board"), {
  onCell: (cell) => play(movesToCell(game.tiles, cell, game.topo)),
  onDirection: (tileWay) => play(OPPOSITE[tileWay]),
}, { frame: $("board-frame"), zoomBar: $("zoom"), zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), zoomFit: $("zoom-fit") });

new PictureUI($("picture"), { view, board: $("board"), dropZone: $("board-frame") }); // picture tiles: its own controls
// The coach: its own worker; the moves left and the good tiles, and the optimum for the score.
const coach = new Coach({ game, changed: showCoach });
// The person's records, kept in this browser; `recorded` is the game last counted.
const records = new Records(storage);
let recorded = null;
let beaten = null; // the records the game last counted broke ({ms, moves}), said with its ending

// The study lab: its own worker; it reads the game's board and may load a course case.
const lab = new Lab($("lab"), { problem: () => game.problem(), load: (problem) => load(problem, { origin: { kind: "case" } }), changed: () => showAddress(),
  workers: () => solverUI.solver.size }); // a study uses as many lab workers as the game has

/** A person's move (a click, key or swipe): it stops playback when it moved anything,
 *  and is said ("7 moved left") for those who cannot see the board. */
function play(letters) {
  const before = game.tiles, topo = game.topo;
  const made = game.move(letters);
  if (!made) return;
  playback.stop();
  const { tiles } = walk(before, letters.slice(0, made), topo);
  $("announce").textContent = t("announce.moved", { tiles: listed(tiles), way: t(`way.${OPPOSITE[letters[0]]}`) });
}

const listed = (items) => (items.length < 2 ? String(items[0])
  : t("announce.and", { items: items.slice(0, -1).join(t("announce.list")), last: items.at(-1) }));

/** Start a new game on a problem ({origin} says where it came from); a link's note goes
 *  (the board is no longer the link's). */
function load(problem, options = {}) {
  playback.stop();
  $("link-message").hidden = true;
  linkFix.hide();
  game.load(problem, options);
}

/** A new random board of this shape (wrap text as in links), with the default goal. */
function newShape(width, height, wrapText) {
  let wraps = [[], []], warning = null;
  try {
    wraps = parseWrap(wrapText, width, height);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    warning = { error: e.message, code: e.code, params: e.params }; // messages.js words it
  }
  const topo = topology(width, height, ...wraps);
  if (solverUI.ready && !solverUI.busy) {
    playback.stop();
    $("link-message").hidden = true;
    solverUI.shuffle({ topo, goal: defaultGoal(width, height), warning });
  } else {
    load(defaultProblem(topo), { origin: { kind: "random", warning } });
  }
}

// ------------------------------------------------------------------ drawing

game.subscribe(({ newGame, cells }) => {
  if (newGame) {
    pickers.sync();
    solverUI.newGame();
  }
  lab.boardChanged();
  if (game.solution && !game.solution.following) playback.stop();
  keepRecord();
  render(newGame ? null : cells);
  coach.update();
  showCoach();
});

/** Draw the game: board (only `cells` when known), counts, messages, solution and
 *  buttons; the address too, unless playing (it is written when playing stops). */
function render(cells = null) {
  $("board").classList.toggle("jumping", playback.playing && rate() > SLIDING_RATE);
  drawBoard();
  $("move-count").textContent = String(game.moveCount);
  showTime();
  showMessage();
  panel.render(game.solution, playback.playing);
  if (!playback.playing) {
    showAddress();
    keeper.soon();
  }
  showRecords();
  solverChanged();
}

/** The line under the board: how the game ended (with the score when it was the person's
 *  own solve and the optimum from the start is known), or that the goal is on screen. */
function showMessage() {
  const ending = game.ending;
  let text = messageText(ending, game.solved, clock);
  if (ending && ending.own) text += ` ${metricsText(ending)}`;
  if (ending && ending.own && coach.optimum()) text += ` ${scoreText(coach.optimum())}`;
  if (ending && ending.own && recorded === game.generation && newRecordText(beaten)) text += ` ${newRecordText(beaten)}`;
  setText($("message"), text);
  $("message").classList.toggle("won", !!(ending && ending.own));
}

/** The coach's line and marks, from what it knows about the board on screen; while it
 *  works out a new position the last line stays, dimmed, so the live region speaks once. */
function showCoach() {
  const shown = coach.view();
  const line = $("coach");
  line.hidden = shown.state === "off";
  line.dataset.state = shown.state;
  if (shown.text !== null) {
    setText($("coach-text"), shown.text);
    setText($("coach-good"), goodText(shown.good));
  }
  view.mark(shown.good);
  showMessage();
}

/** Count the person's own solve of a random board in the records, once a game. */
function keepRecord() {
  const ending = game.ending;
  if (!counts(ending, game.origin) || recorded === game.generation) return;
  recorded = game.generation;
  beaten = records.add(recordKind(game.topo), ending);
}

function showRecords() {
  setText($("records-text"), recordsText(recordKind(game.topo), records.get(recordKind(game.topo)), clock));
}

/** The coach's and the records' fixed words, in the page's language. */
function showCoachWords() {
  $("coach-on-label").textContent = t("coach.switch");
  $("coach-label").textContent = t("coach.label");
  $("records-clear").textContent = t("records.clear");
  showRecords();
  showCoach();
}

/** The board's drawing, in one place.  The view compares the new board with the one it
 *  shows and moves only the cells that changed, so a batch of playback moves costs the
 *  cells it touched, not the whole board. */
function drawBoard() {
  view.render(game.tiles, game.topo, game.goal);
}

/** The status line and the buttons, from the solver's and the game's state. */
function solverChanged() {
  setText($("status"), solverUI.statusLine());
  view.highlight(solverUI.hintShown);
  updateButtons();
}

/** Set an element's text only when it changes (live regions speak every change). */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function showTime() {
  $("timer").textContent = clock(game.timer.elapsed());
}
setInterval(showTime, 250);

function updateButtons() {
  const ready = solverUI.ready, busy = !!solverUI.busy;
  $("solve").disabled = !ready || busy;
  $("hint").disabled = !ready || busy || game.solved;
  $("shuffle").disabled = !ready || busy;
  $("cancel").disabled = !busy;
  $("undo").disabled = !game.canUndo;
  $("redo").disabled = !game.canRedo;
  $("reset").disabled = !game.canReset;
}

// ------------------------------------------------------------------ the address

/** The address of a board (the scramble) with a solve of it to analyse ({tiles, solution, notation}). */
const analysisAddress = (shared) => writeAddress({ tiles: shared.tiles, goal: game.goal, topo: game.topo }, "",
  lab.linkSettings(), linkLanguage, shared);
// While the game is the one a shared analysis starts from, the address is that analysis's link.
const currentAddress = () => (speed.shared && sameBoard(game.start, speed.shared.tiles) ? analysisAddress(speed.shared)
  : writeAddress(game, game.solution ? game.solution.remaining : "", lab.linkSettings(), linkLanguage));

// A link that described no board stays in the address (so a reload shows it again, and
// the person can correct it) until the board on screen changes: {hash, generation, version}.
let badLink = null;
const keepsBadLink = () => badLink && (badLink.generation === undefined
  || (badLink.generation === game.generation && badLink.version === game.version));

function showAddress() {
  if (keepsBadLink()) return;
  if (badLink) {
    badLink = null;
    linkFix.hide();
  }
  const hash = currentAddress();
  if (location.hash !== `#${hash}`) history.replaceState(null, "", `#${hash}`);
  if (!$("share-row").hidden) $("share-link").value = location.href;
}

function openAddress() {
  const link = readAddress(location.hash);
  const solution = link.moves ? { moves: link.moves, tiles: link.tiles, origin: "link" } : null;
  const origin = link.error || !/(^#?|&)id=/.test(location.hash) ? { kind: "random" } : { kind: "link", moves: link.moves ? link.moves.length : 0 };
  badLink = link.error ? { hash: location.hash } : null;
  // The game a reload left, when the address still describes it; else a new one.
  if (link.error || !resume(store.find(writeAddress(link.problem, link.moves || "")))) load(link.problem, { solution, origin });
  if (badLink) Object.assign(badLink, { generation: game.generation, version: game.version });
  lab.open(link.lab);
  if (link.analyse) speed.fromLink(link.analyse, link.problem.tiles);
  shownLink = link.error ? link : null;
  sayBadLink();
  $("link-message").hidden = !link.error;
  if (link.error) linkFix.show(link, location.hash);
}

/** Take up the game a reload left (saved by the keeper below), if any; true when done. */
function resume(saved) {
  if (!saved) return false;
  playback.stop();
  $("link-message").hidden = true;
  linkFix.hide();
  try {
    game.resume(saved);
    return true;
  } catch {
    return false; // not a game that holds together: start afresh
  }
}

let shownLink = null; // the link that described no board, while its message shows

/** The bad link's message: English as readAddress wrote it; another language from its code. */
function sayBadLink() {
  if (!shownLink) return;
  const why = shownLink.why;
  let error = shownLink.error;
  if (language() !== "en" && why && why.code) {
    const detail = why.code.startsWith("link.") ? t(why.code, why.params) : pythonText({ error: why.message, ...why });
    error = why.key ? t("link.in", { key: why.key, error: detail }) : detail;
  }
  $("link-message").textContent = t("link.bad", { error });
}

window.addEventListener("hashchange", () => {
  const lang = (/(?:^#|&)lang=(en|zh)(?:&|$)/.exec(location.hash) || [])[1];
  if (lang && lang !== linkLanguage) {
    linkLanguage = lang;
    setLanguage(lang);
  }
  if (location.hash.replace(/^#/, "") !== currentAddress()) openAddress();
});

async function share() {
  badLink = null; // the link shared is the board's
  showAddress();
  $("share-row").hidden = false;
  const field = $("share-link");
  field.value = location.href;
  field.select();
  try {
    await navigator.clipboard.writeText(location.href);
    $("message").textContent = t("link.copied");
  } catch {
    $("message").textContent = t("link.copy");
  }
}

/** Once the solver has loaded, let a service worker keep the site for offline use
 *  (registering again after a restart is a no-op). */
function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {}); // a page without it still works
}

// ------------------------------------------------------------------ controls

const stopThen = (f) => () => { playback.stop(); f(); };
const on = (id, f) => $(id).addEventListener("click", f);
on("shuffle", () => solverUI.shuffle());
on("undo", stopThen(() => game.undo()));
on("redo", stopThen(() => game.redo()));
on("reset", stopThen(() => game.reset()));
on("share", share);
on("solve", () => solverUI.solve());
on("hint", () => solverUI.hint());
on("cancel", () => solverUI.cancel());
on("play", () => {
  keeper.flush(); // the game as it is before playing (playback writes when it stops)
  playback.toggle();
});
on("step-forward", stopThen(() => game.stepForward()));
on("step-back", stopThen(() => game.stepBack()));
$("speed").addEventListener("input", () => playback.restart());
$("workers").addEventListener("change", () => solverUI.solver.resize(Number($("workers").value) || defaultWorkers()));
// ------------------------------------------------------------------ kept across a reload

// The address holds the board; the keeper writes the rest (moves, Undo and Redo, timer,
// who moved, the solution) when the game changes, and at once when the page goes away.
function localStore() {
  try { return window.localStorage; } catch { return null; } // refused: nothing kept
}
const store = new GameStore(localStore() || { getItem: () => null, setItem: () => {}, removeItem: () => {} });
const keeper = new Keeper({ store, game, where: () => writeAddress(game, game.solution ? game.solution.remaining : ""),
  paused: () => playback.playing });
window.addEventListener("pagehide", () => keeper.flush());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keeper.flush(); });

// localStorage may be refused (a private window, a sandbox): the setting then lasts the visit
const stored = (key) => { try { return storage.getItem(key); } catch { return null; } };
$("hint-mode").value = stored(HINT_SETTING) === "show" ? "show" : "make";
$("hint-mode").addEventListener("change", () => {
  try { localStorage.setItem(HINT_SETTING, $("hint-mode").value); } catch { /* kept for this visit */ }
});
$("coach-on").checked = stored(COACH_SETTING) !== "off";
coach.setOn($("coach-on").checked);
$("coach-on").addEventListener("change", () => {
  coach.setOn($("coach-on").checked);
  try { localStorage.setItem(COACH_SETTING, $("coach-on").checked ? "on" : "off"); } catch { /* kept for this visit */ }
});
on("records-clear", () => {
  if (!window.confirm(t("records.confirm"))) return;
  records.clear();
  showRecords();
});
onLanguage(showCoachWords);
showCoachWords();
document.addEventListener("keydown", (/** @type {KeyboardEvent & {target: Element}} */ event) => {
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    event.preventDefault();
    playback.stop();
    if (event.shiftKey) game.redo(); else game.undo();
  }
});

// A new language: every text is said again; the game, the board and the address stay.
onLanguage(() => {
  pickers.sync();
  view.relabel();
  sayBadLink();
  lab.relabel();
  render();
});

openAddress();
