// What the page says, computed from the state it describes: no DOM, no timers, tested
// under Node (tests/messages_test.mjs).  A message goes when its state goes: a note about
// a game (a solve's outcome, the editor's rejection) is kept with that game's number and
// a hint's with the board's, so a new game or a move drops it and the line describes
// what is on screen again.
//
// The status line: statusText({solver, busy, progress, note, checked, game})
//   solver    {phase: "loading" | "ready" | "failed" | "restarting", text, version, error}
//   busy      "solve" | "hint" | "shuffle" | null
//   progress  the last progress dict of the running request (nodes: the total so far), or null
//   note      {kind, generation, version?, ...} the outcome of the last request, or null
//   checked   Python's check of the game's board, or null until it comes
//   game      {generation, version, origin}: origin {kind: "link" | "random" | "editor" | "case", moves?, warning?}

export const number = (n) => Number(n).toLocaleString("en-US");
const plural = (n, word) => `${number(n)} ${word}${n === 1 ? "" : "s"}`;
const SEARCH_NAMES = { astar: "A*", "weighted-idastar": "weighted IDA*", constructive: "the line-by-line solver" };
const stripUnsolvable = (reason) => reason.replace(/^unsolvable:\s*/i, "");
export const unsolvable = (reason) => `This board is unsolvable: ${stripUnsolvable(reason)}`;

/** The status line for one of solve's progress dicts (nodes: the total so far). */
export function progressText(p) {
  const mb = (n) => (n / 1e6).toFixed(1);
  if (p.phase === "databases") {
    if (p.failed) return `Could not load the pattern databases (${p.failed}): solving without them…`;
    if (p.unpacking) return `Unpacking pattern databases (${p.unpacking})…`;
    return `Loading pattern databases ${mb(p.loaded)} / ${mb(p.total)} MB`;
  }
  if (p.phase === "building") return `Building pattern database ${p.database}…`;
  const name = SEARCH_NAMES[p.algorithm] || "IDA*";
  if (p.weight) {
    const best = p.best === null || p.best === undefined ? "none yet" : `${p.best} moves`;
    return `Solving with ${name} (w = ${p.weight}): best so far ${best}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
  }
  return `Solving with ${name}: bound ${p.bound}, ${number(p.nodes)} nodes, ${p.seconds.toFixed(1)} s`;
}

/** Progress dicts as they come, made into a running total: a new stage of a solve (its
 *  own count from 0) adds to what the stages before it counted, so the count shown never
 *  goes backwards.  Returns the dict to show. */
export class ProgressTotal {
  constructor() {
    this.before = 0; // nodes of the finished stages
    this.last = 0; // the last count reported by the running stage
  }

  add(p) {
    if (typeof p.nodes !== "number") return p;
    if (p.nodes < this.last) this.before += this.last;
    this.last = p.nodes;
    return { ...p, nodes: this.before + p.nodes };
  }
}

/** "62 moves, optimal" or "80 moves (not proven optimal; at least 52)". */
export function verdict(r) {
  const moves = `${r.length} move${r.length === 1 ? "" : "s"}`; // unformatted, as the solution panel counts
  return r.optimal ? `${moves}, optimal` : `${moves} (not proven optimal; at least ${r.lower_bound})`;
}

/** Why a solve found nothing on a solvable board: each stop its own words. */
export function stopText(r) {
  const name = SEARCH_NAMES[r.algorithm] || "IDA*";
  const known = r.lower_bound ? `; the shortest solution has at least ${r.lower_bound} moves` : "";
  if (r.stopped === "node limit" && r.algorithm === "astar") {
    return `No solution found: memory limit: A* stored ${number(r.max_nodes)} states (${plural(r.nodes, "node")} expanded`
      + ` in ${r.seconds.toFixed(1)} s)${known}. IDA* needs little memory: choose it in Solver options.`;
  }
  if (r.stopped === "node limit") return `No solution found: node limit: ${name} stopped after ${plural(r.nodes, "node")}${known}.`;
  if (r.stopped === "time limit") {
    return `No solution found: time limit: ${name} stopped after ${r.seconds.toFixed(1)} s and ${plural(r.nodes, "node")}${known}.`;
  }
  return `No solution found: ${name} stopped (${r.stopped || "no reason given"})${known}.`;
}

/** How a game reached its goal (game.ending), or null. */
export function endingText(e, clock) {
  if (!e) return null;
  const moves = plural(e.moves, "move");
  if (e.solver === e.moves) return `Solution played: ${moves}.`;
  if (e.own) return `Solved in ${moves} (${clock(e.ms)})!`;
  const hints = e.hints ? ` with ${plural(e.hints, "hint")}` : "";
  const played = e.solver ? `, ${number(e.solver)} of them played by the solver` : "";
  return `Solved in ${moves}${hints}${played} (${clock(e.ms)}).`;
}

/** The line under the board: how the game ended, or that the goal is on screen. */
export function messageText(ending, solved, clock) {
  return ending ? endingText(ending, clock) : solved ? "This is the goal. Shuffle to play." : "";
}

/** What a hint says: the tile to move, and how sure the solver is. */
export function hintText({ tile, optimal, seconds, shown }) {
  const sure = optimal ? "on a shortest path"
    : seconds ? `best move found in ${seconds} s, not proven shortest` : "from the solution found, not proven shortest";
  return `Hint: move ${tile} (${sure})${shown ? "; it is highlighted" : ""}.`;
}

/** The text for a request's outcome. */
export function noteText(note, solver) {
  switch (note.kind) {
    case "solution":
      return note.length ? `Solution: ${note.summary}.` : "Already at the goal: 0 moves, optimal.";
    case "earlier":
      return `Solved the earlier board: ${note.summary}; the board has changed since.`;
    case "stopped":
      return stopText(note.result);
    case "unsolvable":
      return unsolvable(note.reason);
    case "error":
      return `Cannot solve: ${note.error}`;
    case "failed":
      return `The solver failed: ${note.error}`;
    case "hint":
      return hintText(note);
    case "hint-none":
      return "No hint: this board is already at its goal.";
    case "shuffle-failed":
      return `Shuffle failed: ${note.error}`;
    case "check-failed":
      return `Checking the board failed: ${note.error}`;
    case "rejected":
      return `The editor did not take the board: ${note.error}`;
    case "cancelled":
      return solver.phase === "restarting" ? `Cancelled. Restarting the solver: ${solver.text}` : "Cancelled. Solver ready again.";
    default:
      return "";
  }
}

/** Where the board came from, said once it is on screen. */
export function originText(origin) {
  switch (origin.kind) {
    case "link":
      return origin.moves ? `This link carries a solution of ${plural(origin.moves, "move")}: press Play to watch it.`
        : "Board from the link.";
    case "editor":
      return "Board loaded from the editor.";
    case "case":
      return "A course case from the study lab.";
    default:
      return "New random board." + (origin.warning ? ` ${origin.warning}` : "");
  }
}

/** The solver's own state, in a sentence. */
export function solverText(solver) {
  switch (solver.phase) {
    case "ready":
      return `Solver ready (npuzzle ${solver.version}).`;
    case "failed":
      return `The solver could not start: ${solver.error}. You can still play.`;
    case "restarting":
      return `Restarting the solver: ${solver.text}`;
    default:
      return solver.text || "Loading the solver…";
  }
}

const BUSY = { solve: "Solving…", hint: "Looking for a good next move…", shuffle: "Shuffling…" };

/** The status line, from the state (see the top of this file). */
export function statusText({ solver, busy, progress, note, checked, game }) {
  if (busy) return progress ? progressText(progress) : BUSY[busy];
  const current = note && note.generation === game.generation && (note.version === undefined || note.version === game.version);
  if (current) return noteText(note, solver);
  const board = originText(game.origin);
  if (checked && checked.ok && !checked.solvable) return `${board} ${unsolvable(checked.reason)}`;
  if (game.origin.kind === "editor" && solver.phase === "ready") return `${board} Press Solve to solve it.`;
  return `${board} ${solverText(solver)}`;
}
