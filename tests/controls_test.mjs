// Drives the pure parts of the board's controls under Node (no DOM): which way a key sends
// a tile for each choice (board_input.js keyWay), which cells a fast pointer's path enters
// (cellsCrossed), the mark an inspection's overrun gives (inspection.js), and what the
// records (records.js) make of a solve so marked.  It prints
// what they answered as JSON, for tests/test_controls.py to check exactly.
import { cellsCrossed, keyWay } from "../web/game/board_input.js";
import { inspectionMark } from "../web/practice/inspection.js";
import { Records } from "../web/practice/records.js";
import { Sessions } from "../web/practice/session_store.js";
import { Store } from "../web/game/storage.js";

const key = (key, code = "", mods = {}) => ({ key, code, ...mods });
const EVENTS = {
  ArrowUp: key("ArrowUp", "ArrowUp"),
  "Shift+ArrowLeft": key("ArrowLeft", "ArrowLeft", { shiftKey: true }),
  "Ctrl+ArrowUp": key("ArrowUp", "ArrowUp", { ctrlKey: true }),
  w: key("w", "KeyW"),
  d: key("d", "KeyD"),
  "z on AZERTY": key("z", "KeyW"), // the key where W is on a QWERTY keyboard
  "w on AZERTY": key("w", "KeyZ"),
  "Shift+W": key("W", "KeyW", { shiftKey: true }),
  "Ctrl+W": key("w", "KeyW", { ctrlKey: true }),
  "Alt+D": key("d", "KeyD", { altKey: true }),
  i: key("i", "KeyI"),
  l: key("l", "KeyL"),
  Enter: key("Enter", "Enter"),
};
const out = { keys: {} };
for (const keys of ["arrows", "wasd", "ijkl"]) {
  for (const way of ["tile", "gap"]) {
    out.keys[`${keys}/${way}`] = Object.fromEntries(
      Object.entries(EVENTS).map(([name, event]) => [name, keyWay(event, { mouse: "click", keys, way })]));
  }
}
// paths on a 3x3 board, in cells ({x: column, y: row})
const PATHS = {
  "stays in a cell": [{ x: 0.5, y: 0.5 }, { x: 0.9, y: 0.1 }],
  "two cells right in one event": [{ x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 }],
  "right then down, not through a corner": [{ x: 1.5, y: 0.5 }, { x: 2.9, y: 1.2 }],
  "down then right": [{ x: 1.5, y: 0.5 }, { x: 2.2, y: 1.9 }],
  "through a corner exactly": [{ x: 0.5, y: 0.5 }, { x: 1.5, y: 1.5 }],
  "left and up": [{ x: 2.5, y: 2.5 }, { x: 0.5, y: 1.5 }],
  "in from beyond the edge": [{ x: -1.5, y: 1.5 }, { x: 1.5, y: 1.5 }],
  "out beyond the edge": [{ x: 1.5, y: 2.5 }, { x: 1.5, y: 4.5 }],
};
out.paths = Object.fromEntries(Object.entries(PATHS).map(([name, [a, b]]) => [name, cellsCrossed(a, b, 3, 3)]));
out.inspection = Object.fromEntries([0, 14999, 15000, 15001, 16500, 17000, 17001, 60000].map((ms) => [ms, inspectionMark(ms)]));
// the records of three solves of a random 3x3 in two moves, 1.5 s each: +2, DNF, clean
{
  const records = new Records(new Sessions(new Store(null)));
  out.records = ["+2", "DNF", ""].map((mark, generation) => {
    records.add(generation, "3x3", { date: generation, type: "random", ms: 1500, penalty: mark,
      scramble: "3x3:1,2,3,4,5,6,0,7,8", moves: "RR", times: [0, 1500], optimum: null, assisted: false });
    return { mark, beaten: records.beatenBy({ generation }), best: records.get("3x3")?.ms ?? null };
  });
}
console.log(JSON.stringify(out));
