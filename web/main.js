// Wiring: the game state, the controls, the address bar and the solver meet here.

import {
  MAX_SIDE, MIN_SIDE, OPPOSITE, RulesError, applyMove, defaultGoal, formatBoardId, formatWrap, movesToCell,
  parseMoves, parseProblem, parseWrap, sameBoard, scramble, topology, walk,
} from "./rules.js";
import { BoardView } from "./view.js";
import { CancelledError, Solver } from "./solver.js";

const $ = (id) => document.getElementById(id);
const SIZES = ["3x3", "4x4", "5x5", "6x6", "7x7", "8x8", "10x10", "15x15", "20x20", "30x30",
  "2x3", "3x4", "4x3", "3x5", "4x5", "5x4", "5x6", "6x5", "8x4", "16x9"];
const CUSTOM = "custom";
// Wrap presets: the wrap text for a size, and the size a preset brings with it.
const WRAPS = {
  "": { wrap: () => "" },
  all: { wrap: () => "all" },
  "seed-004": { size: [5, 5], wrap: () => "r2,c2" },
};
const DEFAULT_SIZE = [4, 4];

// ------------------------------------------------------------------ state

const game = {
  topo: topology(...DEFAULT_SIZE),
  goal: defaultGoal(...DEFAULT_SIZE),
  start: defaultGoal(...DEFAULT_SIZE), // what Reset goes back to
  tiles: defaultGoal(...DEFAULT_SIZE),
  past: [], // the blank's moves so far (its length is the move count); moves,
  future: [], // not boards, so a long playback on 30x30 stays small.  Undone moves, for Redo
  pastGroups: [], // how many of those moves each action made: Undo and Redo take whole actions
  futureGroups: [],
  timerStart: null,
  elapsed: 0,
  solution: null, // {start, moves, tiles, index, board (at index), text, optimal}
};
let playing = null; // playback interval
let checked = null; // the api.check result for the current start, once known
let restarting = false; // the worker was terminated by Cancel and is starting again
let generation = 0; // counts new games, so a late answer about an old board is ignored

const view = new BoardView($("board"), {
  onCell: (cell) => moveBlank(movesToCell(game.tiles, cell, game.topo)),
  onDirection: (tileWay) => moveBlank(OPPOSITE[tileWay]),
});

const solver = new Solver({
  onLoading: (text) => setStatus(restarting ? `Cancelled. Restarting the solver: ${text}` : text),
  onReady: (version) => {
    document.documentElement.dataset.solverTimings = JSON.stringify(solver.timings || {});
    setStatus(restarting ? "Cancelled. Solver ready again." : `Solver ready (npuzzle ${version}).`);
    restarting = false;
    updateButtons();
    offline();
    if (!checked) checkCurrent();
  },
  onFailed: (error) => {
    setStatus(`The solver could not start: ${error}. You can still play.`);
    updateButtons();
  },
});

// ------------------------------------------------------------------ playing

const isSolved = () => sameBoard(game.tiles, game.goal);

/** Make the blank's moves one by one; false if a move is impossible. */
function moveBlank(moves, { fromPlayback = false } = {}) {
  if (!moves) return false;
  let made = 0;
  for (const letter of moves) {
    const next = applyMove(game.tiles, letter, game.topo);
    if (!next) break;
    if (game.timerStart === null && !isSolved()) game.timerStart = performance.now() - game.elapsed;
    game.past.push(letter);
    game.tiles = next;
    made++;
  }
  if (!made) return false;
  game.pastGroups.push(made); // one click sliding a run is one step for Undo
  game.future = [];
  game.futureGroups = [];
  if (!fromPlayback) stopPlayback();
  changed();
  return made === moves.length;
}

/** Undo the last action (a click that slid a run undoes the whole run). */
function undo() {
  if (!game.past.length) return;
  const n = game.pastGroups.pop() || 1;
  for (let k = 0; k < n; k++) {
    const letter = game.past.pop();
    game.future.push(letter);
    game.tiles = applyMove(game.tiles, OPPOSITE[letter], game.topo);
  }
  game.futureGroups.push(n);
  changed();
}

function redo() {
  if (!game.future.length) return;
  const n = game.futureGroups.pop() || 1;
  for (let k = 0; k < n; k++) {
    const letter = game.future.pop();
    game.past.push(letter);
    game.tiles = applyMove(game.tiles, letter, game.topo);
  }
  game.pastGroups.push(n);
  changed();
}

function reset() {
  stopPlayback();
  newGame(game.start, game.goal, game.topo, { keepSolution: true });
}

/** Show a new board; a fresh game starts (moves, timer and history cleared). */
function newGame(tiles, goal, topo, { keepSolution = false, solutionMoves = null } = {}) {
  const sameProblem = sameBoard(goal, game.goal) && topo.width === game.topo.width
    && formatWrap(topo.wrapRows, topo.wrapCols) === formatWrap(game.topo.wrapRows, game.topo.wrapCols);
  Object.assign(game, { topo, goal, start: tiles, tiles, past: [], future: [], pastGroups: [], futureGroups: [],
    timerStart: null, elapsed: 0 });
  if (!(keepSolution && sameProblem)) game.solution = null;
  if (solutionMoves !== null) {
    setSolution(solutionMoves, null);
    setStatus(`This link carries a solution of ${solutionMoves.length} moves: press Play to watch it.`);
  }
  checked = null;
  generation++;
  syncSizePicker();
  changed();
  if (solver.ready) checkCurrent();
}

/** After any change of the board: draw, count, solved?, address, solution position. */
function changed() {
  view.render(game.tiles, game.topo, game.goal);
  $("move-count").textContent = String(game.past.length);
  if (isSolved() && game.timerStart !== null) {
    game.elapsed = performance.now() - game.timerStart;
    game.timerStart = null;
  }
  showTime();
  const message = $("message");
  if (isSolved() && game.past.length) {
    message.textContent = `Solved in ${game.past.length} move${game.past.length === 1 ? "" : "s"} (${clock(game.elapsed)})!`;
    message.classList.add("won");
  } else {
    message.textContent = isSolved() ? "This is the goal. Shuffle to play." : "";
    message.classList.remove("won");
  }
  followSolution();
  writeAddress();
  updateButtons();
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function showTime() {
  const ms = game.timerStart === null ? game.elapsed : performance.now() - game.timerStart;
  $("timer").textContent = clock(ms);
}
setInterval(showTime, 250);

// ------------------------------------------------------------------ the address

function problemParams() {
  const t = game.topo;
  let hash = `id=${formatBoardId(t.width, t.height, game.tiles)}`;
  if (!sameBoard(game.goal, defaultGoal(t.width, t.height))) hash += `&goal=${formatBoardId(t.width, t.height, game.goal)}`;
  const wrap = formatWrap(t.wrapRows, t.wrapCols, t.width, t.height);
  if (wrap) hash += `&wrap=${wrap}`;
  return hash;
}

function writeAddress() {
  let hash = problemParams();
  const s = game.solution;
  if (s && s.index !== null && s.index < s.moves.length) hash += `&moves=${s.moves.slice(s.index)}`;
  if (location.hash !== `#${hash}`) history.replaceState(null, "", `#${hash}`);
  if (!$("share-row").hidden) $("share-link").value = location.href;
}

/** The board a link describes, or an error message; the hash is like #id=...&goal=...&wrap=...&moves=... */
function readAddress(hash) {
  const params = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    try {
      params[key] = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      return { error: `the link's ${key} is not readable text` };
    }
  }
  if (!("id" in params)) {
    return Object.keys(params).length ? { error: "the link has no board (id=...)" } : null;
  }
  try {
    const { tiles, goal, topo } = parseProblem(params.id, params.goal, params.wrap);
    const moves = parseMoves(params.moves || "");
    walk(tiles, moves, topo); // throws if a move leaves the board
    return { tiles, goal, topo, moves: params.moves ? moves : null };
  } catch (e) {
    if (e instanceof RulesError) return { error: e.message };
    throw e;
  }
}

function openAddress() {
  const link = readAddress(location.hash);
  const note = $("link-message");
  if (link && link.error) {
    note.textContent = `This link does not describe a board: ${link.error}. Showing a new puzzle instead.`;
    note.hidden = false;
    defaultBoard();
  } else if (link) {
    note.hidden = true;
    newGame(link.tiles, link.goal, link.topo, { solutionMoves: link.moves });
  } else {
    note.hidden = true;
    defaultBoard();
  }
}

window.addEventListener("hashchange", () => {
  const wanted = location.hash.replace(/^#/, "");
  const s = game.solution;
  const current = problemParams() + (s && s.index !== null && s.index < s.moves.length ? `&moves=${s.moves.slice(s.index)}` : "");
  if (wanted !== current) {
    stopPlayback();
    openAddress();
  }
});

/** A scrambled board (default size), made at once by random moves (always solvable). */
function defaultBoard(topo = topology(...DEFAULT_SIZE)) {
  const goal = defaultGoal(topo.width, topo.height);
  newGame(scramble(goal, topo, 400), goal, topo);
}

// ------------------------------------------------------------------ solver

function setStatus(text) {
  $("status").textContent = text;
}

const number = (n) => Number(n).toLocaleString("en-US");

function problemArgs() {
  const t = game.topo;
  return {
    board: formatBoardId(t.width, t.height, game.tiles),
    goal: formatBoardId(t.width, t.height, game.goal),
    wrap: formatWrap(t.wrapRows, t.wrapCols, t.width, t.height),
  };
}

async function checkCurrent() {
  const args = problemArgs();
  const asked = generation;
  try {
    const result = await solver.request("check", args);
    if (asked !== generation) return;
    checked = result;
    if (result.ok && !result.solvable) setStatus(`This board is unsolvable: ${stripUnsolvable(result.reason)}`);
  } catch (e) {
    if (!(e instanceof CancelledError)) setStatus(`Checking the board failed: ${e.message}`);
  }
}

const stripUnsolvable = (reason) => reason.replace(/^unsolvable:\s*/i, "");

let busy = null; // "solve" | "hint" | "shuffle" | "check"

const SEARCH_NAMES = { astar: "A*", "weighted-idastar": "weighted IDA*" };
const HINT_SECONDS = 2;

function solverArgs() {
  const args = { ...problemArgs(), strategy: $("strategy").value, algorithm: $("algorithm").value };
  if ($("heuristic").value) args.heuristic = $("heuristic").value;
  return args;
}

function progressText(p) {
  const mb = (n) => (n / 1e6).toFixed(1);
  if (p.phase === "databases") {
    if (p.failed) return `Could not load the pattern databases (${p.failed}): solving without them…`;
    if (p.unpacking) return `Unpacking pattern databases (${p.unpacking})…`;
    return `Loading pattern databases ${mb(p.loaded)} / ${mb(p.total)} MB`;
  }
  if (p.phase === "building") return `Building pattern database ${p.database}…`;
  const name = SEARCH_NAMES[p.algorithm] || "IDA*";
  if (p.weight) {
    const best = p.best === null ? "none yet" : `${p.best} moves`;
    return `Solving with ${name} (w = ${p.weight}): best so far ${best}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
  }
  return `Solving with ${name}: bound ${p.bound}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
}

/** "62 moves, optimal" or "80 moves (not proven optimal; at least 52)". */
function verdict(r) {
  const moves = `${r.length} move${r.length === 1 ? "" : "s"}`;
  return r.optimal ? `${moves}, optimal` : `${moves} (not proven optimal; at least ${r.lower_bound})`;
}

async function solve({ hint = false } = {}) {
  if (busy) return null;
  const args = solverArgs();
  // A hint should come quickly: where search cannot prove its answer optimal anyway
  // (boards bigger than 4x4) it gets a short budget instead of the full one.
  const nearOptimal = args.strategy !== "optimal" && !args.heuristic && args.algorithm === "idastar";
  if (hint && nearOptimal && game.tiles.length > 16) args.time_limit = HINT_SECONDS;
  const startBoard = game.tiles;
  busy = hint ? "hint" : "solve";
  updateButtons();
  setStatus(hint ? "Looking for the best next move…" : "Solving…");
  const t0 = performance.now();
  try {
    const r = await solver.request("solve", args, (p) => setStatus(progressText(p)));
    if (!r.ok) return setStatus(`Cannot solve: ${r.error}`), null;
    if (!r.solvable) return setStatus(`This board is unsolvable: ${stripUnsolvable(r.reason)}`), null;
    if (!r.found) return setStatus(`No solution found: ${r.reason || r.stopped || "the search stopped"}.`), null;
    const wall = ((performance.now() - t0) / 1000).toFixed(2);
    const text = `${verdict(r)} (${number(r.nodes)} nodes, ${r.seconds.toFixed(2)} s solving, ${wall} s in all)`;
    if (sameBoard(startBoard, game.tiles)) {
      setSolution(r.moves, text, r.notes || []);
      setStatus(r.length ? `Solution: ${text}.` : `Already at the goal: 0 moves, optimal.`);
    } else {
      setStatus(`Solved the earlier board: ${text}; the board has changed since.`);
    }
    return r;
  } catch (e) {
    if (e instanceof CancelledError) setStatus("Cancelled. Restarting the solver…");
    else setStatus(`The solver failed: ${e.message}`);
    return null;
  } finally {
    busy = null;
    updateButtons();
  }
}

async function hint() {
  const s = game.solution;
  if (!(s && s.index !== null && s.index < s.moves.length && s.text !== null)) {
    const r = await solve({ hint: true });
    if (!r || !r.length) return;
  }
  const next = game.solution;
  if (next && next.index !== null && next.index < next.moves.length) {
    const letter = next.moves[next.index];
    const tile = next.tiles[next.index];
    moveBlank(letter);
    const left = next.moves.length - next.index;
    setStatus(`Hint: slid tile ${tile} (the blank went ${letter}); ${left} more to go${next.optimal ? ", optimal" : " (not proven optimal)"}.`);
  }
}

async function shuffle() {
  if (busy || !solver.ready) return;
  const t = game.topo;
  busy = "shuffle";
  updateButtons();
  try {
    const args = { width: t.width, height: t.height, wrap: formatWrap(t.wrapRows, t.wrapCols, t.width, t.height) };
    if (!sameBoard(game.goal, defaultGoal(t.width, t.height))) args.goal = formatBoardId(t.width, t.height, game.goal);
    const r = await solver.request("random", args);
    if (!r.ok) return setStatus(`Cannot shuffle: ${r.error}`);
    stopPlayback();
    $("link-message").hidden = true;
    newGame(r.tiles, r.goal, topology(r.width, r.height, r.wrap_rows, r.wrap_cols));
    setStatus("New random board. Solver ready.");
  } catch (e) {
    if (!(e instanceof CancelledError)) setStatus(`Shuffle failed: ${e.message}`);
  } finally {
    busy = null;
    updateButtons();
  }
}

function cancel() {
  stopPlayback();
  solver.cancel();
  restarting = true;
  busy = null;
  setStatus("Cancelled. Restarting the solver…");
  updateButtons();
}

// ------------------------------------------------------------------ solution playback

const SHOWN_TILES = 2000; // longer tile lists are cut (a 30x30 solution has ~70,000)

function setSolution(moves, text, notes = []) {
  const { tiles } = walk(game.tiles, moves, game.topo);
  $("solution-notes").hidden = !notes.length;
  $("solution-notes-list").replaceChildren(...notes.map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  game.solution = {
    start: game.tiles, board: game.tiles, moves, tiles, index: 0, text,
    optimal: text !== null && /, optimal/.test(text), marked: null,
  };
  $("solution-moves").textContent = moves || "(none)";
  const list = $("solution-tiles");
  const shown = tiles.slice(0, SHOWN_TILES);
  list.replaceChildren(...shown.flatMap((t, i) => [i ? " " : "", Object.assign(document.createElement("span"), { textContent: String(t) })]));
  if (tiles.length > SHOWN_TILES) list.append(` … and ${number(tiles.length - SHOWN_TILES)} more`);
  if (!tiles.length) list.textContent = "(none)";
  showSolution();
}

/** Keep the solution's position in step with the board (one move either way, or back at
 *  its start); drop the position when the board leaves the solution. */
function followSolution() {
  const s = game.solution;
  if (!s) return showSolution();
  if (s.index !== null) {
    if (sameBoard(s.board, game.tiles)) return showSolution();
    const ahead = s.index < s.moves.length ? applyMove(s.board, s.moves[s.index], game.topo) : null;
    const behind = s.index > 0 ? applyMove(s.board, OPPOSITE[s.moves[s.index - 1]], game.topo) : null;
    if (ahead && sameBoard(ahead, game.tiles)) {
      s.index++;
      s.board = ahead;
      return showSolution();
    }
    if (behind && sameBoard(behind, game.tiles)) {
      s.index--;
      s.board = behind;
      return showSolution();
    }
  }
  if (sameBoard(s.start, game.tiles)) {
    s.index = 0;
    s.board = s.start;
  } else {
    s.index = null;
    stopPlayback();
  }
  showSolution();
}

function showSolution() {
  const s = game.solution;
  $("solution").hidden = !s;
  if (!s) return;
  const where = $("solution-progress");
  if (s.marked) s.marked.classList.remove("next");
  s.marked = s.index === null ? null : $("solution-tiles").children[s.index] || null;
  if (s.marked) s.marked.classList.add("next");
  if (s.index === null) {
    where.textContent = "The board has left this solution: Reset, or Solve again.";
  } else {
    where.textContent = `Move ${s.index} of ${s.moves.length}` + (s.text ? ` · ${s.text}` : "");
  }
  $("play").textContent = playing ? "Pause" : "Play";
  $("step-forward").disabled = s.index === null || s.index >= s.moves.length;
  $("step-back").disabled = s.index === null || s.index === 0;
  $("play").disabled = s.index === null || (s.index >= s.moves.length && !playing);
}

function stepForward() {
  const s = game.solution;
  if (!s || s.index === null || s.index >= s.moves.length) return stopPlayback();
  moveBlank(s.moves[s.index], { fromPlayback: true });
  if (s.index >= s.moves.length) stopPlayback();
}

function stepBack() {
  const s = game.solution;
  if (!s || s.index === null || s.index === 0) return;
  stopPlayback();
  if (game.pastGroups.at(-1) === 1 && game.past.at(-1) === s.moves[s.index - 1]) undo();
  else moveBlank(OPPOSITE[s.moves[s.index - 1]]);
}

function togglePlay() {
  if (playing) return stopPlayback();
  const s = game.solution;
  if (!s || s.index === null || s.index >= s.moves.length) return;
  startPlayback();
  showSolution();
}

/** Moves a second: the slider doubles it each notch, 1 to 2048 (a 30x30 answer is ~67,000 moves). */
function startPlayback() {
  const rate = 2 ** (Number($("speed").value) - 1);
  const interval = Math.max(1000 / rate, 20); // timers fire at most ~50 times a second
  const perTick = Math.max(1, Math.round((rate * interval) / 1000));
  playing = setInterval(() => {
    for (let k = 0; k < perTick && playing; k++) stepForward();
  }, interval);
}

function stopPlayback() {
  if (playing) clearInterval(playing);
  playing = null;
  if (game.solution) showSolution();
}

$("speed").addEventListener("input", () => {
  if (playing) {
    clearInterval(playing);
    startPlayback();
  }
});

// ------------------------------------------------------------------ editor, size, share

async function applyEditor(event) {
  event.preventDefault();
  const fields = { board: $("edit-board"), goal: $("edit-goal"), wrap: $("edit-wrap") };
  for (const name of Object.keys(fields)) {
    $(`edit-${name}-error`).textContent = "";
    fields[name].removeAttribute("aria-invalid");
  }
  if (!solver.ready) $("edit-board-error").textContent = "Waiting for the solver to load…";
  try {
    const r = await solver.request("check", {
      board: fields.board.value, goal: fields.goal.value || null, wrap: fields.wrap.value || null,
    });
    $("edit-board-error").textContent = "";
    if (!r.ok) {
      const field = fields[r.field] ? r.field : "board";
      $(`edit-${field}-error`).textContent = r.error;
      fields[field].setAttribute("aria-invalid", "true");
      fields[field].focus();
      return;
    }
    stopPlayback();
    $("link-message").hidden = true;
    newGame(r.tiles, r.goal, topology(r.width, r.height, r.wrap_rows, r.wrap_cols));
    setStatus(r.solvable ? "Board loaded. Press Solve to solve it." : `This board is unsolvable: ${stripUnsolvable(r.reason)}`);
  } catch (e) {
    if (!(e instanceof CancelledError)) $("edit-board-error").textContent = `Could not check the board: ${e.message}`;
  }
}

function fillEditor() {
  const t = game.topo;
  const rows = [];
  for (let r = 0; r < t.height; r++) rows.push(game.tiles.slice(r * t.width, (r + 1) * t.width).join(" "));
  $("edit-board").value = rows.join("\n");
  $("edit-goal").value = sameBoard(game.goal, defaultGoal(t.width, t.height)) ? "" : formatBoardId(t.width, t.height, game.goal);
  $("edit-wrap").value = formatWrap(t.wrapRows, t.wrapCols, t.width, t.height);
}

/** The wrap preset a topology matches: "" (none), "all", "seed-004", or "custom". */
function wrapPreset(topo) {
  const { width, height, wrapRows, wrapCols } = topo;
  if (!wrapRows.length && !wrapCols.length) return "";
  if (wrapRows.length === height && wrapCols.length === width) return "all";
  if (width === 5 && height === 5 && formatWrap(wrapRows, wrapCols) === "r2,c2") return "seed-004";
  return CUSTOM;
}

function syncSizePicker() {
  const picker = $("size");
  const { width, height } = game.topo;
  const size = `${width}x${height}`;
  const listed = [...picker.options].some((o) => o.value === size);
  picker.value = listed ? size : CUSTOM;
  $("custom-size").hidden = listed;
  $("width").value = String(width);
  $("height").value = String(height);
  $("wrap-preset").value = wrapPreset(game.topo);
  const wrap = formatWrap(game.topo.wrapRows, game.topo.wrapCols, game.topo.width, game.topo.height);
  const all = wrapPreset(game.topo) === "all";
  $("size-label").textContent = wrap ? `wraps: ${all ? "every row and column" : wrap}` : "";
  document.body.classList.toggle("big-board", Math.max(width, height) > 12);
}

/** A new random board of this shape (wrap text as in links), with the default goal. */
function newShape(w, h, wrapText) {
  let wraps;
  try {
    wraps = parseWrap(wrapText, w, h);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    setStatus(`Cannot wrap this board: ${e.message}`);
    wraps = [[], []];
  }
  stopPlayback();
  $("link-message").hidden = true;
  game.goal = defaultGoal(w, h);
  game.topo = topology(w, h, ...wraps);
  if (solver.ready && !busy) {
    shuffle();
  } else {
    defaultBoard(game.topo);
  }
}

/** The wrap text to keep when the size changes: a torus stays a torus, others go. */
const keptWrap = () => (wrapPreset(game.topo) === "all" ? "all" : "");

function newSize() {
  const value = $("size").value;
  if (value === CUSTOM) {
    $("custom-size").hidden = false;
    $("width").focus();
    return;
  }
  $("custom-size").hidden = true;
  const [w, h] = value.split("x").map(Number);
  newShape(w, h, keptWrap());
}

function customSize() {
  const clamp = (v) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(Number(v)) || MIN_SIDE));
  newShape(clamp($("width").value), clamp($("height").value), keptWrap());
}

function newWrap() {
  const preset = WRAPS[$("wrap-preset").value];
  if (!preset) return;
  const [w, h] = preset.size || [game.topo.width, game.topo.height];
  newShape(w, h, preset.wrap());
}

async function share() {
  writeAddress();
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

function updateButtons() {
  const ready = solver.ready;
  $("solve").disabled = !ready || !!busy;
  $("hint").disabled = !ready || !!busy || isSolved();
  $("shuffle").disabled = !ready || !!busy;
  $("cancel").disabled = !busy;
  $("undo").disabled = !game.past.length;
  $("redo").disabled = !game.future.length;
  $("reset").disabled = !game.past.length && sameBoard(game.tiles, game.start);
}

// ------------------------------------------------------------------ start

/** Once the solver has loaded, let a service worker keep the site for offline use. */
function offline() {
  if (!("serviceWorker" in navigator) || offline.done) return;
  offline.done = true;
  navigator.serviceWorker.register("./sw.js").catch(() => {}); // a page without it still works
}

for (const size of SIZES) $("size").add(new Option(size.replace("x", " × "), size));
$("size").add(new Option("Other…", CUSTOM));
$("wrap-preset").addEventListener("change", newWrap);
$("size-apply").addEventListener("click", customSize);
for (const id of ["width", "height"]) {
  $(id).addEventListener("keydown", (event) => { if (event.key === "Enter") customSize(); });
}
$("shuffle").addEventListener("click", shuffle);
$("undo").addEventListener("click", () => { stopPlayback(); undo(); });
$("redo").addEventListener("click", () => { stopPlayback(); redo(); });
$("reset").addEventListener("click", reset);
$("share").addEventListener("click", share);
$("solve").addEventListener("click", () => solve());
$("hint").addEventListener("click", hint);
$("cancel").addEventListener("click", cancel);
$("play").addEventListener("click", togglePlay);
$("step-forward").addEventListener("click", () => { stopPlayback(); stepForward(); });
$("step-back").addEventListener("click", stepBack);
$("size").addEventListener("change", newSize);
$("editor-form").addEventListener("submit", applyEditor);
$("editor").addEventListener("toggle", () => { if ($("editor").open) fillEditor(); });
document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    event.preventDefault();
    stopPlayback();
    if (event.shiftKey) redo(); else undo();
  }
});

openAddress();
