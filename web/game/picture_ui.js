// Picture tiles: the controls (choose a file, drop one on the board, paste one, or take a
// built-in picture the page draws itself), the checks on a file, and remembering the
// choice.  What the tiles show is one choice of three (a radio group): numbers only, the
// picture with small numbers in a corner, or the picture only; a small preview shows the
// whole picture, the goal the tiles make.  The picture never leaves the browser: it is read from the file into an object
// URL, and an uploaded one is kept in this browser's IndexedDB.  The view cuts it into
// the tiles (view.setPicture); this module never touches the board's tiles.
//
// Remembered as settings.picture (settings.js): {kind: "builtin", name} or {kind:
// "file", name} (the file itself in IndexedDB, npuzzle/pictures, key "current"); the
// numbers switch as settings.pictureNumbers ("corner" or "none").

import { onLanguage, t } from "../languages/i18n.js";
import { settings } from "./settings.js";

const MAX_BYTES = 20 * 1024 * 1024; // a bigger file is refused before it is read
const MAX_PIXELS = 50e6; // 50 megapixels: decoded, ~200 MB of memory
const KEEP_BYTES = 8 * 1024 * 1024; // bigger files are used but not remembered
const BUILTIN_SIDE = 720; // px: a built-in picture, drawn once (a 30x30 board is at most ~580 px wide)
const BUILTINS = ["gradient", "checkers", "rings"];
const MODES = ["none", "corner", "only"]; // what the tiles show: numbers only, picture with numbers, picture only

const mb = (bytes) => (bytes / (1024 * 1024)).toFixed(1);

/** Why a file cannot be a picture, before reading it: {key, params}, or null. */
export function fileProblem(file) {
  const name = file.name || "?";
  if (file.type && !file.type.startsWith("image/"))
    return { key: "picture.notImage", params: { name, type: file.type } };
  if (file.size > MAX_BYTES)
    return { key: "picture.tooBig", params: { name, mb: mb(file.size), max: MAX_BYTES / (1024 * 1024) } };
  return null;
}

/** The size of the image at `url` ({w, h}), once it is decoded; throws when it cannot be. */
async function measure(url) {
  const img = new Image();
  img.decoding = "async";
  await new Promise((resolve, reject) => {
    img.onload = resolve;
    img.onerror = () => reject(new Error("not an image"));
    img.src = url;
  });
  if (img.naturalWidth * img.naturalHeight > MAX_PIXELS)
    return { w: img.naturalWidth, h: img.naturalHeight, huge: true };
  await img.decode();
  return { w: img.naturalWidth, h: img.naturalHeight };
}

/** A built-in picture, drawn on a canvas once: a Blob (PNG). */
function drawBuiltin(name) {
  const n = BUILTIN_SIDE;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = n;
  const g = canvas.getContext("2d");
  if (name === "gradient") {
    const across = g.createLinearGradient(0, 0, n, 0);
    for (let k = 0; k <= 6; k++) across.addColorStop(k / 6, `hsl(${k * 60} 80% 55%)`);
    g.fillStyle = across;
    g.fillRect(0, 0, n, n);
    const down = g.createLinearGradient(0, 0, 0, n);
    down.addColorStop(0, "rgb(255 255 255 / 0.55)");
    down.addColorStop(0.5, "rgb(255 255 255 / 0)");
    down.addColorStop(1, "rgb(0 0 0 / 0.6)");
    g.fillStyle = down;
    g.fillRect(0, 0, n, n);
  } else if (name === "checkers") {
    const k = 8,
      side = n / k;
    for (let r = 0; r < k; r++) {
      for (let c = 0; c < k; c++) {
        g.fillStyle = `hsl(${(360 * (r + c)) / (2 * k)} 70% ${(r + c) % 2 ? 35 : 70}%)`;
        g.fillRect(c * side, r * side, side, side);
      }
    }
  } else {
    const rings = 12;
    for (let i = rings; i > 0; i--) {
      g.beginPath();
      g.arc(n / 2, n / 2, (Math.SQRT2 * n * i) / (2 * rings), 0, 2 * Math.PI);
      g.fillStyle = `hsl(${(300 * i) / rings} 75% ${i % 2 ? 45 : 65}%)`;
      g.fill();
    }
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no canvas"))), "image/png"),
  );
}

// ------------------------------------------------------------------ IndexedDB: the chosen file

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("npuzzle", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("pictures");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function stored(mode, act) {
  const db = await database();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction("pictures", mode);
      const request = act(tx.objectStore("pictures"));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const keepFile = (file) => stored("readwrite", (s) => s.put({ blob: file, name: file.name }, "current"));
const readFile = () => stored("readonly", (s) => s.get("current"));
const forgetFile = () => stored("readwrite", (s) => s.delete("current")).catch(() => {});

// ------------------------------------------------------------------ the controls

export class PictureUI {
  /**
   * @param {HTMLElement} element  an empty <details> to fill with the controls
   * @param {{view: import("./view.js").BoardView, board: HTMLElement, dropZone: HTMLElement}} o
   */
  constructor(element, { view, board, dropZone }) {
    this.element = element;
    this.view = view;
    this.board = board;
    this.dropZone = dropZone;
    this.current = null; // {url, aspect, name, builtin?, owned}: the picture shown
    this.builtins = new Map(); // name -> {url, aspect}: drawn once a visit
    this.said = null; // {key, params, error}: the line under the controls
    this.build();
    this.numbers = settings.pictureNumbers.get() !== "none";
    this.showNumbers();
    this.draw();
    onLanguage(() => this.draw());
    this.listen();
    this.restore();
  }

  build() {
    const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);
    this.summary = make("summary");
    this.note = make("p", { className: "explain" });
    this.file = make("input", { type: "file", accept: "image/*", id: "picture-file", hidden: true });
    this.chooseButton = make("button", { type: "button", id: "picture-choose" });
    this.how = make("span", { className: "hint" });
    const row = make("div", { className: "controls picture-controls" });
    this.builtinRow = make("div", { className: "controls picture-controls" });
    this.builtinRow.setAttribute("role", "group");
    this.builtinButtons = BUILTINS.map((name) => {
      const b = make("button", { type: "button" });
      b.dataset.picture = name;
      b.addEventListener("click", () => this.useBuiltin(name));
      return b;
    });
    // what the tiles show: one choice of three
    this.modes = make("fieldset", { className: "picture-modes" });
    this.legend = make("legend");
    this.modeLabels = new Map();
    this.modeInputs = new Map(
      MODES.map((mode) => {
        const input = make("input", { type: "radio", name: "picture-mode", value: mode, id: `picture-mode-${mode}` });
        const label = make("label", { htmlFor: input.id });
        this.modeLabels.set(mode, label);
        this.modes.append(make("span", { className: "picture-mode" }));
        this.modes.lastElementChild.append(input, label);
        input.addEventListener("change", () => {
          if (input.checked) this.choose(mode);
        });
        return [mode, input];
      }),
    );
    this.modes.prepend(this.legend);
    this.preview = make("img", { className: "picture-preview", id: "picture-preview", hidden: true });
    this.message = make("p", { className: "picture-message", id: "picture-message" });
    this.message.setAttribute("aria-live", "polite");
    row.append(this.chooseButton, this.file);
    this.builtinRow.append(...this.builtinButtons);
    this.element.replaceChildren(
      this.summary,
      this.note,
      this.modes,
      row,
      this.how,
      this.builtinRow,
      this.preview,
      this.message,
    );
    this.chooseButton.addEventListener("click", () => this.file.click());
    this.file.addEventListener("change", () => {
      const [file] = this.file.files;
      this.file.value = "";
      if (file) this.useFile(file);
    });
  }

  /** The person chose what the tiles show: numbers only drops the picture; a picture mode
   *  sets the numbers, and takes the first built-in picture when none is chosen yet. */
  choose(mode) {
    if (mode === "none") return this.clear();
    this.numbers = mode === "corner";
    settings.pictureNumbers.set(this.numbers ? "corner" : "none");
    this.board.classList.toggle("picture-numbers-hidden", !this.numbers);
    if (!this.current) return this.useBuiltin(BUILTINS[0]); // its radio stays checked meanwhile; drawn when it shows
    this.showMode();
  }

  /** Every text in the current language. */
  draw() {
    this.summary.textContent = t("picture.title");
    this.note.textContent = t("picture.private");
    this.chooseButton.textContent = t("picture.choose");
    this.how.textContent = t("picture.how");
    this.builtinRow.setAttribute("aria-label", t("picture.builtins"));
    for (const b of this.builtinButtons) b.textContent = t(`picture.builtin.${b.dataset.picture}`);
    this.legend.textContent = t("picture.show");
    for (const [mode, label] of this.modeLabels) label.textContent = t(`picture.mode.${mode}`);
    this.sayAgain();
  }

  showNumbers() {
    this.board.classList.toggle("picture-numbers-hidden", !this.numbers);
    this.showMode();
  }

  /** The radio of what the tiles show now, and the preview of the picture. */
  showMode() {
    const mode = !this.current ? "none" : this.numbers ? "corner" : "only";
    for (const [value, input] of this.modeInputs) input.checked = value === mode;
    const c = this.current;
    this.preview.hidden = !c;
    if (c && this.preview.src !== c.url) this.preview.src = c.url;
    if (!c) this.preview.removeAttribute("src");
    this.preview.alt = c ? t("picture.preview", { name: c.name }) : "";
  }

  /** The line under the controls: a text by key (error: shown as one), or nothing. */
  say(key = null, params = {}, error = false) {
    this.said = key ? { key, params, error } : null;
    this.sayAgain();
  }

  sayAgain() {
    const s = this.said;
    this.message.textContent = s ? t(s.key, s.params) : "";
    this.message.classList.toggle("field-error", !!s?.error);
    this.showMode();
    for (const b of this.builtinButtons)
      b.setAttribute("aria-pressed", String(!!(this.current && this.current.builtin === b.dataset.picture)));
  }

  /** Drop a file on the board, or paste one (anywhere but a text field). */
  listen() {
    const zone = this.dropZone;
    const hasFiles = (event) => event.dataTransfer && [...event.dataTransfer.types].includes("Files");
    zone.addEventListener("dragover", (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      zone.classList.add("dropping");
    });
    zone.addEventListener("dragleave", () => zone.classList.remove("dropping"));
    zone.addEventListener("drop", (event) => {
      zone.classList.remove("dropping");
      if (!hasFiles(event)) return;
      event.preventDefault();
      const [file] = event.dataTransfer.files;
      if (file) this.useFile(file);
    });
    document.addEventListener("paste", (/** @type {ClipboardEvent & {target: Element}} */ event) => {
      if (event.target.closest?.("input, textarea, [contenteditable]")) return;
      const file = [...(event.clipboardData ? event.clipboardData.files : [])].find((f) => f.type.startsWith("image/"));
      if (!file) return;
      event.preventDefault();
      this.useFile(file);
    });
  }

  /** A person's file: checked, decoded, shown, and remembered when it can be; a bad one
   *  changes nothing but the message. */
  async useFile(file) {
    const problem = fileProblem(file);
    if (problem) return this.say(problem.key, problem.params, true);
    const url = URL.createObjectURL(file);
    const name = file.name || "?";
    let size;
    try {
      size = await measure(url);
    } catch {
      URL.revokeObjectURL(url);
      return this.say("picture.undecodable", { name }, true);
    }
    if (size.huge) {
      URL.revokeObjectURL(url);
      return this.say("picture.tooManyPixels", { name, w: size.w, h: size.h, max: MAX_PIXELS / 1e6 }, true);
    }
    this.show({ url, aspect: aspectOf(size), name, owned: true });
    if (file.size > KEEP_BYTES) {
      this.forget();
      return this.say("picture.notKept", { name, mb: mb(file.size), max: KEEP_BYTES / (1024 * 1024) });
    }
    try {
      await keepFile(file);
      settings.picture.set({ kind: "file", name });
      this.say("picture.using", { name });
    } catch {
      this.forget();
      this.say("picture.notStored", { name });
    }
  }

  async useBuiltin(name, { quiet = false } = {}) {
    if (!BUILTINS.includes(name)) return;
    let picture = this.builtins.get(name);
    if (!picture) {
      const url = URL.createObjectURL(await drawBuiltin(name));
      picture = { url, aspect: 1 };
      this.builtins.set(name, picture);
    }
    this.show({ ...picture, name: t(`picture.builtin.${name}`), builtin: name, owned: false });
    settings.picture.set({ kind: "builtin", name });
    forgetFile();
    if (!quiet) this.say();
    else this.sayAgain();
  }

  /** Back to numbered tiles. */
  clear() {
    this.show(null);
    this.forget();
    this.say();
  }

  forget() {
    settings.picture.set(null);
    forgetFile();
  }

  show(picture) {
    const before = this.current;
    this.current = picture;
    this.view.setPicture(picture && { url: picture.url, aspect: picture.aspect });
    if (before?.owned && (!picture || before.url !== picture.url)) URL.revokeObjectURL(before.url);
    this.sayAgain();
  }

  /** The picture chosen on an earlier visit, if any. */
  async restore() {
    const chosen = settings.picture.get();
    if (!chosen || typeof chosen !== "object") return;
    if (chosen.kind === "builtin") return this.useBuiltin(chosen.name, { quiet: true });
    try {
      const entry = await readFile();
      if (!entry?.blob) throw new Error("gone");
      const url = URL.createObjectURL(entry.blob);
      const size = await measure(url).catch((e) => {
        URL.revokeObjectURL(url);
        throw e;
      });
      if (this.current) return URL.revokeObjectURL(url); // the person chose another meanwhile
      this.show({ url, aspect: aspectOf(size), name: entry.name, owned: true });
    } catch {
      settings.picture.set(null);
      this.say("picture.lost", {}, true);
    }
  }
}

/** Width over height; an image with no size of its own (some SVG files) counts as square. */
const aspectOf = ({ w, h }) => (w > 0 && h > 0 ? w / h : 1);
