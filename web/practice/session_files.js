// A session written as CSV or JSON and read back, with a precise message for a file that
// is not one: the twin of npuzzle/speedsolving/session_files.py, held to it by
// tests/test_sessions.py (the same text written, byte for byte, and the same refusals).
// No DOM: tests/session_twin.mjs drives it under Node.
//
//   toCSV("4x4", solves, "One-handed")   toJSONText("4x4", solves, name)
//   readFile(text) -> [{kind, solve, session}]   session: the name the file gives ("": none)
//
// A file's `notation` column names its solution column's notation: "tile" (Slidysim's, as
// written) or "gap"; a file without the column is in tile notation.

import {
  MARATHONS,
  SESSION_COLUMNS as COLUMNS,
  SESSION_DERIVED as DERIVED,
  SESSION_FILE_VERSION,
  SESSION_FORMAT as FORMAT,
  SESSION_OPTIONAL as OPTIONAL,
  SESSION_PENALTIES as PENALTIES,
  SESSION_TYPES as TYPES,
} from "../generated/shared.js";
import { RulesError, formatMoves, parseMoves } from "../game/rules.js";
import { SessionFileError, checkSolve, counted, formatTime, resultOf } from "./session.js";
import { EventError, keyEvent, offered, sessionKey } from "./events.js";

// The columns of a file (npuzzle.speedsolving.session_files, through shared.js)
export { COLUMNS };

/** A row of a file read: its cells by column, as read (text in a CSV, any JSON in a JSON file).
 *  @typedef {Record<string, unknown>} FileRow */
/** @typedef {import("./session.js").Solve} Solve */
// COLUMNS: the columns of a CSV export, and the fields of a JSON export's solves, in order.
// Those DERIVED are written for people and other programs, and not read back; a CSV file
// may leave out the OPTIONAL ones.

/** A solve as a row of an export: {column: value}; the solution in Slidysim's notation;
 *  kind the key of its session (events.js's sessionKey), written as the size chosen and the
 *  event ("4x4 x10": size 4x4, event x10; "relay 2x2-5x5": 5x5, relay); a marathon's or
 *  relay's boards as three lists: each board's time from the event's start, its number of
 *  moves and its scramble; session the name of the session it is exported from ("": none given).
 *  @param {string} kind  @param {Solve} solve  @param {string} [session]  @returns {Record<string, unknown>} */
export function row(kind, solve, session = "") {
  const { stm, mtm, tps } = counted(solve);
  const [size, event] = keyEvent(kind);
  const splits = solve.splits?.length ? solve.splits : null;
  return {
    date: new Date(solve.date).toISOString(),
    size,
    event,
    type: solve.type,
    time: formatTime(resultOf(solve)),
    time_ms: solve.ms,
    penalty: solve.penalty,
    moves: stm,
    mtm,
    tps,
    optimum: solve.optimum,
    scramble: solve.scramble,
    solution: formatMoves(solve.moves, "tile"),
    notation: "tile",
    move_times: solve.times,
    split_times: splits ? splits.map((b) => b.ms) : null,
    split_moves: splits ? splits.map((b) => b.moves.length) : null,
    split_scrambles: splits ? splits.map((b) => b.scramble) : null,
    assisted: solve.assisted === true,
    session,
  };
}

/** A session's solves as JSON text.  @param {string} kind  @param {Solve[]} solves  @param {string} [session] its name */
export function toJSONText(kind, solves, session = "") {
  const rows = solves.map((s) => row(kind, s, session));
  return `${JSON.stringify({ format: FORMAT, version: SESSION_FILE_VERSION, solves: rows }, null, 1)}\n`;
}

/** A session's solves as CSV (RFC 4180: a field with a comma, quote or newline in quotes).
 *  @param {string} kind  @param {Solve[]} solves  @param {string} [session] its name */
export function toCSV(kind, solves, session = "") {
  const cell = (/** @type {unknown} */ v) => {
    if (typeof v === "boolean") return v ? "yes" : ""; // assisted, as a person reads a CSV
    const text = v === null || v === undefined ? "" : Array.isArray(v) ? v.join(" ") : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [COLUMNS.join(",")];
  for (const s of solves) {
    const r = row(kind, s, session);
    lines.push(COLUMNS.map((c) => cell(r[c])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The solves of an exported file, CSV or JSON, as [{kind, solve}]; throws SessionFileError
 *  naming the solve and the field at fault, so that a bad file changes nothing.
 *  @param {string} text */
export function readFile(text) {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) throw new SessionFileError("file.empty");
  const rows = trimmed.startsWith("{") ? jsonRows(trimmed) : csvRows(trimmed);
  return rows.map((r, i) => {
    try {
      return readRow(r);
    } catch (e) {
      if (e instanceof SessionFileError) throw new SessionFileError(e.key, { ...e.params, n: i + 1 });
      throw e;
    }
  });
}

/** The solves of a JSON export, as objects.  @param {string} text  @returns {FileRow[]} */
function jsonRows(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SessionFileError("file.json", { why: e instanceof Error ? e.message : String(e) });
  }
  if (data?.format !== FORMAT || !Array.isArray(data.solves))
    throw new SessionFileError("file.format", { format: FORMAT });
  return data.solves.map((/** @type {unknown} */ s) => (s && typeof s === "object" ? s : {}));
}

/** The rows of a CSV text as objects by its header's names.  @param {string} text  @returns {FileRow[]} */
function csvRows(text) {
  /** @type {string[][]} */
  const lines = [];
  /** @type {string[]} */
  let fields = [];
  let field = "",
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += c;
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      lines.push(fields);
      fields = [];
      field = "";
    } else field += c;
  }
  if (quoted) throw new SessionFileError("file.quote");
  fields.push(field);
  lines.push(fields);
  const header = lines[0].map((h) => h.trim());
  for (const name of COLUMNS) {
    if (!includes(DERIVED, name) && !includes(OPTIONAL, name) && !header.includes(name)) {
      throw new SessionFileError("file.column", { column: name });
    }
  }
  return lines.slice(1).map((cells, i) => {
    if (cells.length !== header.length) {
      throw new SessionFileError("file.cells", { line: i + 2, count: cells.length, expected: header.length });
    }
    return Object.fromEntries(header.map((h, k) => [h, cells[k]]));
  });
}

/** Whether a list of names (a frozen list of shared.js) has this value.
 *  @param {readonly string[]} names  @param {unknown} value  @returns {value is string} */
const includes = (names, value) => typeof value === "string" && names.includes(value);

const wholeNumber = (/** @type {unknown} */ v) =>
  typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v ?? "")) ? Number(v) : NaN;

/** One row of a file, checked, as {kind, solve, session}.  @param {FileRow} r
 *  @returns {{kind: string, solve: Solve, session: string}} */
function readRow(r) {
  const bad = (/** @type {string} */ field, /** @type {unknown} */ value) =>
    new SessionFileError("file.field", { field, value: String(value ?? "").slice(0, 40) });
  if (typeof r.date !== "string" || !Number.isFinite(Date.parse(r.date))) throw bad("date", r.date);
  const date = Date.parse(r.date);
  const ms = wholeNumber(r.time_ms);
  if (!Number.isSafeInteger(ms)) throw bad("time_ms", r.time_ms);
  if (!includes(TYPES, r.type)) throw bad("type", r.type);
  const penalty = r.penalty ?? "";
  if (!includes(PENALTIES, penalty)) throw bad("penalty", penalty);
  const optimum = r.optimum === null || r.optimum === undefined || r.optimum === "" ? null : wholeNumber(r.optimum);
  if (optimum !== null && !Number.isSafeInteger(optimum)) throw bad("optimum", r.optimum);
  const notation = r.notation || "tile";
  if (notation !== "tile" && notation !== "gap") throw bad("notation", notation);
  let moves;
  try {
    moves = parseMoves(String(r.solution ?? ""), notation);
  } catch (e) {
    if (e instanceof RulesError) throw bad("solution", r.solution);
    throw e;
  }
  /** @type {unknown} */
  let times = r.move_times ?? null;
  if (typeof times === "string") times = times.trim() ? times.trim().split(/\s+/).map(wholeNumber) : null;
  if (times !== null && !Array.isArray(times)) throw bad("move_times", r.move_times);
  const assisted = r.assisted ?? null;
  if (!(assisted === null || typeof assisted === "boolean" || assisted === "" || assisted === "yes"))
    throw bad("assisted", assisted);
  const [kind, event] = keyOf(r, bad);
  /** @type {Solve} */
  const solve = {
    date,
    type: r.type,
    ms,
    penalty,
    scramble: String(r.scramble ?? ""),
    moves,
    times: Array.isArray(times) ? times : null,
    optimum,
    assisted: assisted === true || assisted === "yes",
  };
  const splits = splitsOf(r, event, moves, bad);
  if (event !== "single") solve.event = event;
  if (splits !== null) solve.splits = splits;
  checkSolve(solve, kind);
  return { kind, solve, session: typeof r.session === "string" ? r.session.trim() : "" };
}

/** @typedef {(field: string, value: unknown) => SessionFileError} Bad */

/** The key of a row's session and its event: from its size and event columns, or, in a file
 *  without the event column (one from before events), from its size alone.
 *  @param {FileRow} r  @param {Bad} bad  @returns {[string, string]} */
function keyOf(r, bad) {
  const size = String(r.size ?? ""),
    event = r.event;
  if (event === undefined || event === null || event === "") {
    try {
      return [size, keyEvent(size)[1]];
    } catch (e) {
      if (e instanceof EventError) return [size, "single"]; // checkSolve says the size is not valid
      throw e;
    }
  }
  let plain = false;
  try {
    plain = keyEvent(size)[1] === "single";
  } catch (e) {
    if (!(e instanceof EventError)) throw e;
  }
  if (!plain) throw bad("size", size);
  if (typeof event !== "string" || !offered(size).includes(event)) throw bad("event", event);
  return [sessionKey(size, event), event];
}

const shown = (/** @type {unknown} */ v) => (Array.isArray(v) ? v.map(String).join(" ") : String(v ?? ""));

/** A list column: null when empty; in CSV its items split by spaces, in JSON a list.
 *  @template T  @param {unknown} value  @param {string} field  @param {(x: unknown) => T | null} each  @param {Bad} bad
 *  @returns {T[] | null} */
function listed(value, field, each, bad) {
  if (value === undefined || value === null || (Array.isArray(value) && !value.length)) return null;
  if (typeof value === "string" && !value.trim()) return null;
  const items = typeof value === "string" ? value.trim().split(/\s+/) : value;
  const out = Array.isArray(items) ? items.map(each) : [null];
  if (out.some((x) => x === null)) throw bad(field, shown(value));
  return /** @type {T[]} */ (out);
}

const whole = (/** @type {unknown} */ x) => {
  const n = wholeNumber(x);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** A marathon's or relay's boards from its three split columns, checked against each other
 *  and the solve's moves (checkSolve checks them against the boards).
 *  @param {FileRow} r  @param {string} event  @param {string} moves  @param {Bad} bad
 *  @returns {import("./session.js").Split[] | null} */
function splitsOf(r, event, moves, bad) {
  const times = listed(r.split_times, "split_times", whole, bad);
  const counts = listed(r.split_moves, "split_moves", whole, bad);
  const scrambles = listed(r.split_scrambles, "split_scrambles", (x) => (typeof x === "string" ? x : null), bad);
  if (!(event in MARATHONS || event.startsWith("relay"))) {
    for (const [field, value] of /** @type {[string, unknown][]} */ ([
      ["split_times", times],
      ["split_moves", counts],
      ["split_scrambles", scrambles],
    ])) {
      if (value !== null) throw bad(field, shown(r[field]));
    }
    return null;
  }
  if (times === null) throw bad("split_times", "");
  if (counts === null || counts.length !== times.length || counts.reduce((a, b) => a + b, 0) !== moves.length)
    throw bad("split_moves", shown(r.split_moves));
  if (scrambles === null || scrambles.length !== times.length) throw bad("split_scrambles", shown(r.split_scrambles));
  let at = 0;
  return times.map((ms, i) => {
    const split = { scramble: scrambles[i], moves: moves.slice(at, at + counts[i]), ms };
    at += counts[i];
    return split;
  });
}
