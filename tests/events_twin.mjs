// Evaluates web/practice/events.js on the kinds and keys read from stdin (JSON: {kinds:
// [...], keys: [...], solves: [[key, solve], ...]}) and prints its answers (JSON), for
// tests/test_events.py to compare with npuzzle/speedsolving/events.py.
import { readFileSync } from "node:fs";
import { EventError, eventBoards, keyEvent, offered, sessionKey, solveMtm } from "../web/practice/events.js";
import { SessionFileError, checkSolve, counted } from "../web/practice/session.js";
import { personalBests } from "../web/practice/records.js";

const cases = JSON.parse(readFileSync(0, "utf8"));
const either = (f) => {
  try {
    return { ok: f() };
  } catch (e) {
    if (e instanceof EventError) return { error: "event" };
    if (e instanceof SessionFileError) return { error: e.key, params: e.params };
    throw e;
  }
};
console.log(
  JSON.stringify({
    kinds: cases.kinds.map((kind) =>
      either(() => offered(kind).map((event) => [event, sessionKey(kind, event), eventBoards(sessionKey(kind, event))])),
    ),
    keys: cases.keys.map((key) => either(() => [keyEvent(key), eventBoards(key)])),
    refused: cases.refused.map(([kind, event]) => either(() => sessionKey(kind, event))),
    solves: cases.solves.map(([key, solve]) => ({
      mtm: solveMtm(solve),
      counted: counted(solve),
      check: either(() => !!checkSolve(solve, key)),
    })),
    bests: cases.bests.map((solves) => personalBests(solves)),
  }),
);
