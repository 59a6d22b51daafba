// Wiring: the game, the board's view, the address, the solver, playback, the editor and
// the pickers meet here, and each control is connected to what it does.  The state lives
// in the game (game.js) and in the objects below; this file only passes it along.

import { OPPOSITE, defaultGoal, movesToCell, parseWrap, RulesError, topology } from "./rules.js";
import { Game, clock } from "./game.js";
import { defaultProblem, readAddress, writeAddress } from "./address.js";
import { BoardView } from "./view.js";
import { SolverUI } from "./solve_ui.js";
import { Playback, SolutionPanel } from "./playback.js";
import { Editor } from "./editor.js";
import { Pickers } from "./pickers.js";
import { Lab } from "./lab.js";

const $ = (id) => document.getElementById(id);
const status = (text) => { $("status").textContent = text; };

const game = new Game();
const panel = new SolutionPanel($);
// The speed slider doubles the rate each notch: 1 to 2048 moves a second (a 30x30 answer is ~67,000 moves).
const playback = new Playback(game, () => 2 ** (Number($("speed").value) - 1), render);
const solverUI = new SolverUI({
  game, status, load, changed: updateButtons,
  stopPlayback: () => playback.stop(),
  options: () => {
    const chosen = { strategy: $("strategy").value, algorithm: $("algorithm").value };
    if ($("heuristic").value) chosen.heuristic = $("heuristic").value;
    return chosen;
  },
  onReady: (solver) => {
    document.documentElement.dataset.solverTimings = JSON.stringify(solver.timings || {});
    keepOffline();
  },
});
const pickers = new Pickers($, { game, newShape });
new Editor($, { game, solverUI, load, status }); // it connects its own form
const view = new BoardView($("board"), {
  onCell: (cell) => play(movesToCell(game.tiles, cell, game.topo)),
  onDirection: (tileWay) => play(OPPOSITE[tileWay]),
});

// The study lab: its own worker; it reads the game's board and may load a course case.
const lab = new Lab($("lab"), { problem: () => game.problem(), load: (problem) => load(problem), changed: () => showAddress() });

/** A person's move (a click, key or swipe): it stops playback when it moved anything. */
function play(letters) {
  if (game.move(letters)) playback.stop();
}

/** Start a new game on a problem; a link's note goes (the board is no longer the link's). */
function load(problem, options = {}) {
  playback.stop();
  $("link-message").hidden = true;
  game.load(problem, options);
}

/** A new random board of this shape (wrap text as in links), with the default goal. */
function newShape(width, height, wrapText) {
  let wraps = [[], []];
  try {
    wraps = parseWrap(wrapText, width, height);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    status(`Cannot wrap this board: ${e.message}`);
  }
  const topo = topology(width, height, ...wraps);
  if (solverUI.ready && !solverUI.busy) {
    playback.stop();
    $("link-message").hidden = true;
    solverUI.shuffle({ topo, goal: defaultGoal(width, height) });
  } else {
    load(defaultProblem(topo));
  }
}

// ------------------------------------------------------------------ drawing

game.subscribe(({ newGame }) => {
  if (newGame) {
    pickers.sync();
    solverUI.newGame();
  }
  lab.boardChanged();
  if (game.solution && !game.solution.following) playback.stop();
  render();
});

/** Draw the game: board, counts, message, solution, address and buttons. */
function render() {
  view.render(game.tiles, game.topo, game.goal);
  $("move-count").textContent = String(game.moveCount);
  showTime();
  const n = game.moveCount, won = game.solved && n > 0;
  $("message").textContent = won ? `Solved in ${n} move${n === 1 ? "" : "s"} (${clock(game.timer.elapsed())})!`
    : game.solved ? "This is the goal. Shuffle to play." : "";
  $("message").classList.toggle("won", won);
  panel.render(game.solution, playback.playing);
  showAddress();
  updateButtons();
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

const currentAddress = () => writeAddress(game, game.solution ? game.solution.remaining : "", lab.linkSettings());

function showAddress() {
  const hash = currentAddress();
  if (location.hash !== `#${hash}`) history.replaceState(null, "", `#${hash}`);
  if (!$("share-row").hidden) $("share-link").value = location.href;
}

function openAddress() {
  const link = readAddress(location.hash);
  const solution = link.moves ? { moves: link.moves, tiles: link.tiles, origin: "link" } : null;
  load(link.problem, { solution });
  lab.open(link.lab);
  if (link.moves) status(`This link carries a solution of ${link.moves.length} moves: press Play to watch it.`);
  if (link.error) $("link-message").textContent = `This link does not describe a board: ${link.error}. Showing a new puzzle instead.`;
  $("link-message").hidden = !link.error;
}

window.addEventListener("hashchange", () => {
  if (location.hash.replace(/^#/, "") !== currentAddress()) openAddress();
});

async function share() {
  showAddress();
  $("share-row").hidden = false;
  const field = $("share-link");
  field.value = location.href;
  field.select();
  try {
    await navigator.clipboard.writeText(location.href);
    $("message").textContent = "Link copied.";
  } catch {
    $("message").textContent = "Copy the link below to share this board.";
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
on("play", () => playback.toggle());
on("step-forward", stopThen(() => game.stepForward()));
on("step-back", stopThen(() => game.stepBack()));
$("speed").addEventListener("input", () => playback.restart());
document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    event.preventDefault();
    playback.stop();
    if (event.shiftKey) game.redo(); else game.undo();
  }
});

openAddress();
