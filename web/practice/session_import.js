// A file imported into the sessions (session_store.js), into the current session of its
// key or into a new named session, as the person chose ("Import into"): the page's own
// export, CSV or JSON (session_files.js), or csTimer's export file, read by the package
// in the solver's worker (npuzzle.api.cstimer; the request waits there while Python loads,
// and the status line says so).  Each of csTimer's 15-puzzle and 8-puzzle sessions becomes
// a session of its size (new and named as in csTimer, or merged into the current one); the
// sessions it left out (cubes and the rest) are named.  A file that cannot be read changes
// nothing and says why, in the page's language.
//
//   const outcome = await importText(text, fileName, { sessions, into, solver, nameOf, say })
//   // {text} what to say, the solves' keys changed

import { SessionFileError } from "./session.js";
import { readFile } from "./session_files.js";
import { ask } from "../solver/ask.js";
import { message, t } from "../languages/i18n.js";

/** Whether a text is csTimer's export rather than the page's: a JSON object with
 *  csTimer's "session1"... and none of the page's "format".  @param {string} text */
export function isCstimer(text) {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed.startsWith("{")) return false;
  try {
    const data = JSON.parse(trimmed);
    return (
      !!data && typeof data === "object" && !("format" in data) && Object.keys(data).some((k) => /^session\d+$/.test(k))
    );
  } catch {
    return false;
  }
}

/** @typedef {{sessions: import("./session_store.js").Sessions, into: "current" | "new",
 *   solver: () => import("../solver/ask.js").Requester, ready: () => boolean,
 *   unique: (key: string, name: string) => string, nameOf: (key: string) => string,
 *   say: (text: string) => void}} Parts
 *  unique: a name no session of the key has yet; nameOf: the current session's name, shown */

/** Import a file's text; what to say.  @param {string} text  @param {string} fileName  @param {Parts} parts */
export async function importText(text, fileName, parts) {
  if (isCstimer(text)) return importCstimer(text, parts);
  let read;
  try {
    read = readFile(text);
  } catch (e) {
    if (!(e instanceof SessionFileError)) throw e;
    return t("session.not_imported", { why: message(e.key, e.params) }); // worded from npuzzle.catalogue
  }
  const { sessions, into } = parts;
  if (into === "current") {
    const added = sessions.merge(read);
    return t("session.imported", { read: read.length, added });
  }
  // a new session of each key the file holds, named as the file names it, else by the file's name
  const named = read.find((r) => r.session)?.session || fileName.replace(/\.[^.]*$/, "") || t("sessions.imported_name");
  const made = [];
  for (const key of new Set(read.map((r) => r.kind))) {
    const name = parts.unique(key, named);
    const id = sessions.create(key, name);
    sessions.fill(
      key,
      id,
      read.filter((r) => r.kind === key).map((r) => r.solve),
    );
    made.push(t("sessions.made", { name, kind: key, count: read.filter((r) => r.kind === key).length }));
  }
  return t("sessions.imported_new", { read: read.length, sessions: made.join("; ") || "-" });
}

/** csTimer's file, read by the package in the worker.  @param {string} text  @param {Parts} parts */
async function importCstimer(text, parts) {
  if (!parts.ready()) parts.say(t("sessions.cstimer_waiting"));
  else parts.say(t("sessions.cstimer_reading"));
  const outcome = await ask(parts.solver(), "cstimer", { text });
  if (outcome.kind === "cancelled") return t("sessions.cstimer_cancelled");
  if (outcome.kind !== "answer") return t("session.not_imported", { why: outcome.message });
  const { sessions, into } = parts;
  const made = [];
  /** @type {Set<string>} the keys whose first new session is made current */
  const shown = new Set();
  let read = 0,
    added = 0;
  /** @type {string[]} csTimer's sessions with no solve in them: skipped, not made empty */
  const empty = [];
  for (const session of outcome.reply.sessions) {
    const key = session.kind;
    if (!session.solves.length) {
      empty.push(session.name);
      continue;
    }
    read += session.solves.length;
    if (into === "current") {
      const n = sessions.fill(key, sessions.session(key).id, session.solves);
      added += n;
      made.push(t("sessions.merged", { name: session.name, kind: key, session: parts.nameOf(key), count: n }));
      continue;
    }
    const name = parts.unique(key, session.name);
    const id = sessions.create(key, name, { current: !shown.has(key) });
    shown.add(key);
    added += sessions.fill(key, id, session.solves);
    made.push(t("sessions.made", { name, kind: key, count: session.solves.length }));
  }
  const left = outcome.reply.left_out.length
    ? t("sessions.left_out", { names: outcome.reply.left_out.join(", ") })
    : "";
  const skipped = empty.length ? t("sessions.cstimer_empty", { names: empty.join(", ") }) : "";
  if (!made.length) return t("sessions.cstimer_nothing", { empty: skipped, left });
  return t("sessions.cstimer_imported", { read, added, sessions: made.join("; "), left: skipped + left });
}
