// What the page says, computed from the state it describes: no DOM, no timers, tested
// under Node (tests/status_test.mjs).  A message goes when its state goes: a note about
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
//   game      {generation, version, origin}: origin {kind: "link" | "random" | "editor" | "case" | "replay", moves?, warning?}

import { language, number, pythonText, register, t } from "../languages/i18n.js";

export { number };

register({
  en: {
    "n.move.one": "{n} move",
    "n.move.other": "{n} moves",
    "n.node.one": "{n} node",
    "n.node.other": "{n} nodes",
    "n.hint.one": "{n} hint",
    "n.hint.other": "{n} hints",
    "search.astar": "A*",
    "search.weighted-idastar": "weighted IDA*",
    "search.constructive": "the line-by-line solver",
    "search.beam": "beam search",
    "search.idastar": "IDA*",
    "unsolvable": "This board is unsolvable: {reason}",
    "progress.db_failed": "Could not load the pattern databases: {failed}",
    "progress.db_without": "{text}. Solving without them…",
    "progress.db_unpacking": "Unpacking pattern databases ({file})…",
    "progress.db_loading": "Loading pattern databases {loaded} / {total} MB",
    "progress.building": "Building pattern database {database}…",
    "progress.none_yet": "none yet",
    "progress.best": "{n} moves",
    "progress.weighted": "Solving with {name} (w = {weight}): best so far {best}, {nodes} nodes, {seconds} s",
    "progress.bound": "Solving with {name}: bound {bound}, {nodes} nodes, {seconds} s",
    "progress.beam": "Solving with beam search: depth {depth}, {nodes} nodes, {seconds} s",
    "verdict.optimal": "{moves}, optimal",
    "verdict.not_proven": "{moves} (not proven optimal; at least {bound})",
    "summary": "{verdict} ({nodes} nodes, {seconds} s solving, {wall} s in all)",
    "summary.mtm": "{summary}; {stm} STM, {mtm} MTM",
    "stop.known": "; the shortest solution has at least {bound} moves",
    "stop.memory":
      "No solution found: memory limit: A* stored {stored} states ({nodes} expanded in {seconds} s){known}. IDA* needs little memory: choose it in Solver options.",
    "stop.nodes": "No solution found: node limit: {name} stopped after {nodes}{known}.",
    "stop.time": "No solution found: time limit: {name} stopped after {seconds} s and {nodes}{known}.",
    "stop.other": "No solution found: {name} stopped ({why}){known}.",
    "stop.no_reason": "no reason given",
    "ending.played": "Solution played: {moves}.",
    "ending.own": "Solved in {moves} ({time})!",
    "ending.helped": "Solved in {moves}{hints}{played} ({time}).",
    "ending.hints": " with {hints}",
    "ending.by_solver": ", {n} of them played by the solver",
    "message.goal": "This is the goal. Shuffle to play.",
    "hint.shortest": "on a shortest path",
    "hint.best_in": "best move found in {seconds} s, not proven shortest",
    "hint.from_solution": "from the solution found, not proven shortest",
    "hint.text": "Hint: move {tile} ({sure}){shown}.",
    "hint.shown": "; it is highlighted",
    "note.solution": "Solution: {summary}.",
    "note.at_goal": "Already at the goal: 0 moves, optimal.",
    "note.earlier": "Solved the earlier board: {summary}; the board has changed since.",
    "note.error": "Cannot solve: {error}",
    "note.failed": "The solver failed: {error}",
    "note.hint_none": "No hint: this board is already at its goal.",
    "note.shuffle_failed": "Shuffle failed: {error}",
    "note.check_failed": "Checking the board failed: {error}",
    "note.rejected": "The editor did not take the board: {error}",
    "note.cancelled_restarting": "Cancelled. Restarting the solver: {text}",
    "note.cancelled": "Cancelled. Solver ready again.",
    "origin.link_moves": "This link carries a solution of {moves}: press Play to watch it.",
    "origin.link": "Board from the link.",
    "origin.editor": "Board loaded from the editor.",
    "origin.case": "A course case from the study lab.",
    "origin.random": "New random board.",
    "origin.replay": "A solve's scramble, replayed (its moves are not counted as yours).",
    "origin.wrap_warning": "Cannot wrap this board: {error}",
    "solver.ready": "Solver ready (npuzzle {version}).",
    "solver.failed": "The solver could not start: {error}. You can still play.",
    "solver.restarting": "Restarting the solver: {text}",
    "solver.loading": "Loading the solver…",
    "loading.runtime": "Loading the Python runtime…",
    "loading.install": "Installing the solver…",
    "busy.solve": "Solving…",
    "busy.hint": "Looking for a good next move…",
    "busy.shuffle": "Shuffling…",
    "status.press_solve": "Press Solve to solve it.",
    "verdict.shortest": "{moves}, the shortest possible",
    "verdict.at_least": "{moves} (the shortest is at least {bound})",
    "verdict.unproven": "{moves} (maybe not the shortest)",
    "stop.player": "No solution found within the solver's limits{known}.",
    "stop.player_memory":
      "No solution found: A* ran out of memory{known}. IDA* needs little memory: choose it in Solver options.",
    "details": "Details",
    "figures": "{method}: {nodes} searched, {seconds} s solving, {wall} s in all",
    "figures.mtm": "{figures}; {stm} single-tile moves (STM), {mtm} multi-tile moves (MTM)",
    "method": "{search} with {heuristic}",
    "heuristic.pdb": "pattern databases",
    "heuristic.linear-conflict": "Manhattan distance + linear conflict",
    "heuristic.manhattan": "Manhattan distance",
    "heuristic.misplaced": "misplaced tiles",
    "undo.game": "Undo brings back your game ({moves}).",
  },
  zh: {
    "n.move.one": "{n} 步",
    "n.move.other": "{n} 步",
    "n.node.one": "{n} 个节点",
    "n.node.other": "{n} 个节点",
    "n.hint.one": "{n} 次提示",
    "n.hint.other": "{n} 次提示",
    "search.astar": "A*",
    "search.weighted-idastar": "加权 IDA*",
    "search.constructive": "逐行求解器",
    "search.beam": "束搜索",
    "search.idastar": "IDA*",
    "unsolvable": "这个棋盘无解：{reason}",
    "progress.db_failed": "无法加载模式数据库：{failed}",
    "progress.db_without": "{text}。不用它们继续求解…",
    "progress.db_unpacking": "正在解压模式数据库（{file}）…",
    "progress.db_loading": "正在加载模式数据库 {loaded} / {total} MB",
    "progress.building": "正在生成模式数据库 {database}…",
    "progress.none_yet": "暂无",
    "progress.best": "{n} 步",
    "progress.weighted": "正在用{name}求解（w = {weight}）：目前最好 {best}，{nodes} 个节点，{seconds} 秒",
    "progress.bound": "正在用 {name} 求解：界限 {bound}，{nodes} 个节点，{seconds} 秒",
    "progress.beam": "正在用束搜索求解：深度 {depth}，{nodes} 个节点，{seconds} 秒",
    "verdict.optimal": "{moves}，最优",
    "verdict.not_proven": "{moves}（未证明最优；至少 {bound} 步）",
    "summary": "{verdict}（{nodes} 个节点，求解 {seconds} 秒，共 {wall} 秒）",
    "summary.mtm": "{summary}；单步 {stm} 步（STM），多步 {mtm} 步（MTM）",
    "stop.known": "；最短解至少有 {bound} 步",
    "stop.memory":
      "没有找到解：内存上限：A* 存储了 {stored} 个状态（{seconds} 秒内扩展了 {nodes}）{known}。IDA* 几乎不占内存：请在“求解选项”中选择它。",
    "stop.nodes": "没有找到解：节点上限：{name} 扩展 {nodes}后停止{known}。",
    "stop.time": "没有找到解：时间上限：{name} 在 {seconds} 秒、{nodes}后停止{known}。",
    "stop.other": "没有找到解：{name} 停止了（{why}）{known}。",
    "stop.no_reason": "未说明原因",
    "ending.played": "解已演示完：{moves}。",
    "ending.own": "用 {moves}完成（{time}）！",
    "ending.helped": "用 {moves}完成{hints}{played}（{time}）。",
    "ending.hints": "，用了 {hints}",
    "ending.by_solver": "，其中 {n} 步由求解器走出",
    "message.goal": "这就是目标状态。点“打乱”开始游戏。",
    "hint.shortest": "在一条最短路径上",
    "hint.best_in": "{seconds} 秒内找到的最好一步，未证明最短",
    "hint.from_solution": "来自已找到的解，未证明最短",
    "hint.text": "提示：移动 {tile}（{sure}）{shown}。",
    "hint.shown": "；已高亮显示",
    "note.solution": "解：{summary}。",
    "note.at_goal": "已经是目标状态：0 步，最优。",
    "note.earlier": "已解出之前的棋盘：{summary}；棋盘之后已有变化。",
    "note.error": "无法求解：{error}",
    "note.failed": "求解器出错：{error}",
    "note.hint_none": "没有提示：这个棋盘已经是目标状态。",
    "note.shuffle_failed": "打乱失败：{error}",
    "note.check_failed": "检查棋盘失败：{error}",
    "note.rejected": "编辑器没有接受这个棋盘：{error}",
    "note.cancelled_restarting": "已取消。正在重启求解器：{text}",
    "note.cancelled": "已取消。求解器已就绪。",
    "origin.link_moves": "这个链接带有一个 {moves}的解：点“播放”观看。",
    "origin.link": "来自链接的棋盘。",
    "origin.editor": "已从编辑器载入棋盘。",
    "origin.case": "来自学习实验室的课程案例。",
    "origin.random": "新的随机棋盘。",
    "origin.replay": "一次复原的打乱，正在回放（回放的步不算作你的）。",
    "origin.wrap_warning": "无法让这个棋盘环绕：{error}",
    "solver.ready": "求解器已就绪（npuzzle {version}）。",
    "solver.failed": "求解器无法启动：{error}。你仍然可以玩。",
    "solver.restarting": "正在重启求解器：{text}",
    "solver.loading": "正在加载求解器…",
    "loading.runtime": "正在加载 Python 运行环境…",
    "loading.install": "正在安装求解器…",
    "busy.solve": "正在求解…",
    "busy.hint": "正在寻找好的下一步…",
    "busy.shuffle": "正在打乱…",
    "status.press_solve": "点“求解”来求解它。",
    "verdict.shortest": "{moves}，已是最短",
    "verdict.at_least": "{moves}（最短解至少 {bound} 步）",
    "verdict.unproven": "{moves}（可能不是最短）",
    "stop.player": "在求解器的限制内没有找到解{known}。",
    "stop.player_memory": "没有找到解：A* 内存不够{known}。IDA* 几乎不占内存：请在“求解选项”中选择它。",
    "details": "详情",
    "figures": "{method}：搜索了 {nodes}，求解 {seconds} 秒，共 {wall} 秒",
    "figures.mtm": "{figures}；单步 {stm} 步（STM），多步 {mtm} 步（MTM）",
    "method": "{search}（启发函数：{heuristic}）",
    "heuristic.pdb": "模式数据库",
    "heuristic.linear-conflict": "曼哈顿距离 + 线性冲突",
    "heuristic.manhattan": "曼哈顿距离",
    "heuristic.misplaced": "错位方块数",
    "undo.game": "“撤销”可找回你的棋局（{moves}）。",
  },
});

const plural = (n, word) => t(`n.${word}.${n === 1 ? "one" : "other"}`, { n: number(n) });
/** The page's name of the search a reply names (its words above, keyed by the package's
 *  name, so the page keeps no list of the names); IDA*'s for one it has no words for. */
const searchName = (algorithm) => {
  const key = `search.${algorithm}`;
  return t(key) === key ? t("search.idastar") : t(key);
};
const stripUnsolvable = (reason) => reason.replace(/^(unsolvable:|无解：)\s*/i, "");
/** "This board is unsolvable: ..." for a reason: Python's coded reason, or its English text. */
export const unsolvable = (reason) => t("unsolvable", { reason: stripUnsolvable(pythonText(reason)) });
const seconds = (s, digits = 1) => number(s, digits);
/** A loading step of the worker ({step} or {text}) in words. */
const loadingText = (phase) => (phase.step ? t(`loading.${phase.step}`) : phase.text);

/** The pattern databases' loading (a progress dict of phase "databases", the solver's or the lab's) in words. */
export function databaseText(p) {
  const mb = (n) => number(n / 1e6, 1);
  if (p.failed) return t("progress.db_failed", { failed: pythonText(p.failed) });
  if (p.unpacking) return t("progress.db_unpacking", { file: p.unpacking });
  return t("progress.db_loading", { loaded: mb(p.loaded), total: mb(p.total) });
}

/** The status line for one of solve's progress dicts (nodes: the total so far). */
export function progressText(p) {
  if (p.phase === "databases") return p.failed ? t("progress.db_without", { text: databaseText(p) }) : databaseText(p);
  if (p.phase === "building") return t("progress.building", { database: p.database });
  if (p.algorithm === "beam")
    return t("progress.beam", { depth: p.bound, nodes: number(p.nodes), seconds: seconds(p.seconds) });
  const name = searchName(p.algorithm);
  if (p.weight) {
    const best = p.best === null || p.best === undefined ? t("progress.none_yet") : t("progress.best", { n: p.best });
    return t("progress.weighted", {
      name,
      weight: p.weight,
      best,
      nodes: number(p.nodes),
      seconds: seconds(p.seconds),
    });
  }
  return t("progress.bound", { name, bound: p.bound, nodes: number(p.nodes), seconds: seconds(p.seconds) });
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
  const moves = t(`n.move.${r.length === 1 ? "one" : "other"}`, { n: r.length }); // unformatted, as the solution panel counts
  return r.optimal ? t("verdict.optimal", { moves }) : t("verdict.not_proven", { moves, bound: r.lower_bound });
}

/** What a player wants to know of a solution: its length and whether a shorter one can
 *  exist ("57 moves, the shortest possible", "62 moves (the shortest is at least 58)").
 *  The solver's figures are figuresText's, shown one click away. */
export function playerVerdict(r) {
  const moves = t(`n.move.${r.length === 1 ? "one" : "other"}`, { n: r.length });
  if (r.optimal) return t("verdict.shortest", { moves });
  return r.lower_bound ? t("verdict.at_least", { moves, bound: r.lower_bound }) : t("verdict.unproven", { moves });
}

/** "IDA* with pattern databases": the search and its heuristic, as the solver named them. */
function methodText(algorithm, heuristic) {
  const search = searchName(algorithm);
  if (!heuristic) return search;
  const key = `heuristic.${heuristic}`,
    named = t(key);
  return t("method", { search, heuristic: named === key ? heuristic : named });
}

/** The solver's figures for a solve ({nodes, seconds, wall, mtm, length, algorithm, heuristic}):
 *  the method, nodes, times and the speedsolvers' counts, for the Details beside the status line. */
export function figuresText(s) {
  const method = methodText(s.algorithm, s.heuristic);
  const figures = t("figures", {
    method: method.charAt(0).toUpperCase() + method.slice(1),
    nodes: plural(s.nodes, "node"),
    seconds: seconds(s.seconds, 2),
    wall: seconds(s.wall, 2),
  });
  return Number.isFinite(s.mtm) ? t("figures.mtm", { figures, stm: number(s.length), mtm: number(s.mtm) }) : figures;
}

/** The player's words for a solve's outcome ({length, optimal, lower_bound}); a summary kept
 *  as text by an older page is shown as it is. */
export const summaryVerdict = (summary) =>
  summary && typeof summary === "object" ? playerVerdict(summary) : summary || "";

/** A solve's summary from its numbers ({length, optimal, lower_bound, nodes, seconds, wall, mtm}). */
export function summaryText(s) {
  const summary = t("summary", {
    verdict: verdict(s),
    nodes: number(s.nodes),
    seconds: seconds(s.seconds, 2),
    wall: seconds(s.wall, 2),
  });
  // single-tile and multi-tile moves, as speedsolvers count them (summaries kept before MTM have none)
  return Number.isFinite(s.mtm) ? t("summary.mtm", { summary, stm: s.length, mtm: s.mtm }) : summary;
}

/** Why a solve found nothing on a solvable board: each stop its own words. */
export function stopText(r) {
  const name = searchName(r.algorithm);
  const known = r.lower_bound ? t("stop.known", { bound: r.lower_bound }) : "";
  if (r.stopped === "node limit" && r.algorithm === "astar") {
    return t("stop.memory", {
      stored: number(r.max_nodes),
      nodes: plural(r.nodes, "node"),
      seconds: seconds(r.seconds),
      known,
    });
  }
  if (r.stopped === "node limit") return t("stop.nodes", { name, nodes: plural(r.nodes, "node"), known });
  if (r.stopped === "time limit")
    return t("stop.time", { name, seconds: seconds(r.seconds), nodes: plural(r.nodes, "node"), known });
  return t("stop.other", { name, why: r.stopped || t("stop.no_reason"), known });
}

/** How a game reached its goal (game.ending), or null. */
export function endingText(e, clock) {
  if (!e) return null;
  const moves = plural(e.moves, "move");
  if (e.solver === e.moves) return t("ending.played", { moves });
  if (e.own) return t("ending.own", { moves, time: clock(e.ms) });
  const hints = e.hints ? t("ending.hints", { hints: plural(e.hints, "hint") }) : "";
  const played = e.solver ? t("ending.by_solver", { n: number(e.solver) }) : "";
  return t("ending.helped", { moves, hints, played, time: clock(e.ms) });
}

/** The line under the board: how the game ended, or that the goal is on screen. */
export function messageText(ending, solved, clock) {
  return ending ? endingText(ending, clock) : solved ? t("message.goal") : "";
}

/** What a hint says: the tile to move, and how sure the solver is. */
export function hintText({ tile, optimal, seconds: within, shown }) {
  const sure = optimal ? t("hint.shortest") : within ? t("hint.best_in", { seconds: within }) : t("hint.from_solution");
  return t("hint.text", { tile, sure, shown: shown ? t("hint.shown") : "" });
}

/** Why a solve found nothing, in a player's words (stopText's figures go to the Details). */
export function stopPlayerText(r) {
  const known = r.lower_bound ? t("stop.known", { bound: r.lower_bound }) : "";
  return t(r.stopped === "node limit" && r.algorithm === "astar" ? "stop.player_memory" : "stop.player", { known });
}

/** The text for a request's outcome (errors are Python's dicts or messages: pythonText). */
export function noteText(note, solver) {
  const error = pythonText(note.error);
  const summary = summaryVerdict(note.summary);
  switch (note.kind) {
    case "solution":
      return note.length ? t("note.solution", { summary }) : t("note.at_goal");
    case "earlier":
      return t("note.earlier", { summary });
    case "stopped":
      return stopPlayerText(note.result);
    case "unsolvable":
      return unsolvable(note.reason);
    case "error":
      return t("note.error", { error });
    case "failed":
      return t("note.failed", { error });
    case "hint":
      return hintText(note);
    case "hint-none":
      return t("note.hint_none");
    case "shuffle-failed":
      return t("note.shuffle_failed", { error });
    case "check-failed":
      return t("note.check_failed", { error });
    case "rejected":
      return t("note.rejected", { error });
    case "cancelled":
      return solver.phase === "restarting"
        ? t("note.cancelled_restarting", { text: loadingText(solver) })
        : t("note.cancelled");
    default:
      return "";
  }
}

/** Where the board came from, said once it is on screen. */
export function originText(origin) {
  switch (origin.kind) {
    case "link":
      return origin.moves ? t("origin.link_moves", { moves: plural(origin.moves, "move") }) : t("origin.link");
    case "editor":
      return t("origin.editor");
    case "case":
      return t("origin.case");
    case "replay":
      return t("origin.replay");
    default: {
      const w = origin.warning;
      const warning = !w ? "" : typeof w === "string" ? w : t("origin.wrap_warning", { error: pythonText(w) });
      return t("origin.random") + (warning ? ` ${warning}` : "");
    }
  }
}

/** The solver's own state, in a sentence. */
export function solverText(solver) {
  switch (solver.phase) {
    case "ready":
      return t("solver.ready", { version: solver.version });
    case "failed":
      return t("solver.failed", { error: pythonText(solver.error) });
    case "restarting":
      return t("solver.restarting", { text: loadingText(solver) });
    default:
      return loadingText(solver) || t("solver.loading");
  }
}

/** Whether a note is about the game (and board) on screen. */
const isCurrent = (note, game) =>
  !!note && note.generation === game.generation && (note.version === undefined || note.version === game.version);

/** The solver's figures behind the status line (its Details), or "" when it has none:
 *  a solve's method, nodes and times, or a stop's full account. */
export function statusDetails({ busy, note, game }) {
  if (busy || !isCurrent(note, game)) return "";
  if ((note.kind === "solution" || note.kind === "earlier") && note.summary && typeof note.summary === "object") {
    return note.summary.length ? figuresText(note.summary) : "";
  }
  return note.kind === "stopped" ? stopText(note.result) : "";
}

/** The status line, from the state (see the top of this file); game.undoable: the moves of
 *  the game before this one that Undo brings back (0 when none). */
export function statusText({ solver, busy, progress, note, checked, game }) {
  if (busy) return progress ? progressText(progress) : t(`busy.${busy}`);
  if (isCurrent(note, game)) return noteText(note, solver);
  const board =
    originText(game.origin) +
    (game.undoable ? `${sep()}${t("undo.game", { moves: plural(game.undoable, "move") })}` : "");
  if (checked?.ok && !checked.solvable) return `${board}${sep()}${unsolvable(checked.reason_code || checked.reason)}`;
  if (game.origin.kind === "editor" && solver.phase === "ready") return `${board}${sep()}${t("status.press_solve")}`;
  return `${board}${sep()}${solverText(solver)}`;
}

/** Between two sentences: a space in English, none after a Chinese full stop. */
const sep = () => (language() === "zh" ? "" : " ");
