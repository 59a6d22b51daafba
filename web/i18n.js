// The page's words in English and Simplified Chinese.
//
// Each part of the page registers its texts, by key, in both languages:
//   register({ en: { "coach.left": "{n} moves to the goal" }, zh: { "coach.left": "离目标还有 {n} 步" } });
// and shows them with t(key, params).  Templates are Python's str.format fields, as in
// npuzzle.messages: {name}, {name!r} (quoted as Python's repr), {x:g}.  The package's
// errors carry a code and parameters (api error dicts: code, params); pythonText(error)
// shows them in the chosen language from the catalogue the build writes (messages.json),
// falling back to the English text Python sent.
//
// The language: a link's &lang=, else the person's choice (remembered), else the browser's.

import { pyRepr } from "./rules.js";

export const LANGUAGES = ["en", "zh"];
const STORE_KEY = "npuzzle.lang";
const catalogues = { en: {}, zh: {} };
let python = {}; // code -> {en, zh}: npuzzle.messages' catalogue
let current = "en";
const listeners = new Set();

/** Add texts: {en: {key: template}, zh: {key: template}}. */
export function register(texts) {
  for (const lang of LANGUAGES) Object.assign(catalogues[lang], texts[lang] || {});
}

/** The text for a key in the current language (English when it has no translation). */
export function t(key, params = {}) {
  const template = catalogues[current][key] ?? catalogues.en[key];
  if (template === undefined) return key;
  return format(template, params);
}

/** A Python error dict ({error, code, params}) or message in the current language. */
export function pythonText(error) {
  if (!error || typeof error !== "object") return String(error ?? "");
  const entry = error.code && python[error.code];
  if (!entry || current === "en") return error.error ?? "";
  try {
    return format(entry[current] ?? entry.en, withChineseWords(error.params || {}));
  } catch {
    return error.error ?? "";
  }
}

export function language() {
  return current;
}

/** Switch the language; the page's listeners redraw their texts.  `remember` keeps it. */
export function setLanguage(lang, { remember = false } = {}) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) {
    try { localStorage.setItem(STORE_KEY, lang); } catch { /* private mode: not kept */ }
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const listener of listeners) listener(lang);
}

export function onLanguage(listener) {
  listeners.add(listener);
}

/** The language to start in: the link's, the remembered one, or the browser's first that we have. */
export function chooseLanguage({ link = null, stored = null, browser = [] } = {}) {
  const pick = (tag) => {
    const base = String(tag || "").toLowerCase().split("-")[0];
    return LANGUAGES.includes(base) ? base : null;
  };
  return pick(link) || pick(stored) || browser.map(pick).find(Boolean) || "en";
}

export function storedLanguage() {
  try { return localStorage.getItem(STORE_KEY); } catch { return null; }
}

/** Load the package's message catalogue (messages.json, written by build.py). */
export async function loadPythonMessages(url = new URL("./messages.json", import.meta.url)) {
  try {
    const response = await fetch(url);
    if (response.ok) python = await response.json();
  } catch { /* English from Python's own text */ }
}

export function usePythonMessages(catalogue) {
  python = catalogue || {};
}

const WORDS_ZH = { width: "宽度", height: "高度", "wrapped line": "环绕行列", row: "行", column: "列",
  board: "棋盘", goal: "目标", wrap: "环绕", moves: "走法", algorithm: "算法", heuristic: "启发函数", strategy: "策略" };

function withChineseWords(params) {
  const out = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") out[`${key}_zh`] = WORDS_ZH[value] ?? value;
  }
  return out;
}

/** Python's str.format for the fields our templates use: {name}, {name!r}, {name:g}. */
export function format(template, params) {
  return template.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)(!r)?(:g)?\}/g, (_, name, repr, g) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}}`);
    if (repr) return typeof value === "string" ? pyRepr(value) : String(value);
    if (g && typeof value === "number") return formatG(value);
    return String(value);
  });
}

/** Python's format(x, "g"): 6 significant digits, exponent form outside 1e-4..1e6. */
function formatG(x) {
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return String(x);
  const exp = x === 0 ? 0 : Math.floor(Math.log10(Math.abs(x)));
  if (exp < -4 || exp >= 6) {
    const [mant, e] = x.toExponential(5).split("e");
    const m = mant.replace(/\.?0+$/, "");
    const n = Number(e);
    return `${m}e${n < 0 ? "-" : "+"}${String(Math.abs(n)).padStart(2, "0")}`;
  }
  return String(Number(x.toPrecision(6)));
}
