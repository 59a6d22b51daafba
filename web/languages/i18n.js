// The page's words in English and Simplified Chinese.
//
// Each part of the page registers its texts, by key, in both languages:
//   register({ en: { "coach.left": "{n} moves to the goal" }, zh: { "coach.left": "离目标还有 {n} 步" } });
// and shows them with t(key, params).  Templates are Python's str.format fields, as in
// npuzzle.catalogue: {name}, {name!r} (quoted as Python's repr), {x:g}, {x:.2f}, {x:.3g} (pyformat.js).
// Static texts (index.html, the lab's markup) carry data-i18n="key" (data-i18n-aria-label,
// data-i18n-title for attributes) and translate(root) fills them in the current language.  The package's
// errors carry a code and parameters (api error dicts: code, params); pythonText(error)
// shows them in the chosen language from the catalogue the build writes (messages.json),
// falling back to the English text Python sent.
//
// The language: a link's &lang=, else the person's choice (remembered), else the browser's.

import { format } from "./pyformat.js";
import { settings } from "../game/settings.js";
import { LANGUAGES } from "../generated/shared.js";

export { LANGUAGES }; // npuzzle.catalogue's, through shared.js
/** @type {Record<string, Record<string, string>>} */
const catalogues = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
let python = {}; // code -> {en, zh}: npuzzle.catalogue
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

/** A Python error dict ({error, code, params}), coded text ({code, params, text}: a
 *  solve's reason_code and note_codes) or message in the current language. */
export function pythonText(error) {
  if (!error || typeof error !== "object") return String(error ?? "");
  const english = error.error ?? error.text ?? "";
  const entry = error.code && python[error.code];
  if (!entry || current === "en") return english;
  try {
    return format(entry[current] ?? entry.en, withChineseWords(error.params || {}));
  } catch {
    return english;
  }
}

/** A number as the current language writes it (grouping; `digits` decimals when given).
 *  @param {number | string} n  @param {number | null} [digits] */
export function number(n, digits = null) {
  const options = digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return Number(n).toLocaleString(current === "zh" ? "zh-CN" : "en-US", options);
}

/** Register the English of the static texts under root: markup written in English (index.html,
 *  the lab's) is its own English catalogue.
 *  @param {ParentNode} [root] */
export function readEnglish(root = document) {
  const en = {};
  for (const node of root.querySelectorAll("[data-i18n]"))
    en[/** @type {HTMLElement} */ (node).dataset.i18n] = node.textContent;
  for (const [attribute, data] of [
    ["aria-label", "i18nAriaLabel"],
    ["title", "i18nTitle"],
  ]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`))
      en[/** @type {HTMLElement} */ (node).dataset[data]] = node.getAttribute(attribute);
  }
  register({ en });
}

/** Fill the static texts under root (elements with data-i18n, data-i18n-aria-label,
 *  data-i18n-title) in the current language.
 *  @param {ParentNode} [root] */
export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]"))
    node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n);
  for (const [attribute, data] of [
    ["aria-label", "i18nAriaLabel"],
    ["title", "i18nTitle"],
  ]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`))
      node.setAttribute(attribute, t(/** @type {HTMLElement} */ (node).dataset[data]));
  }
}

export function language() {
  return current;
}

/** Switch the language; the page's listeners redraw their texts.  `remember` keeps it. */
export function setLanguage(lang, { remember = false } = {}) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) settings.language.set(lang); // refused (a private window): this visit only
  if (typeof document !== "undefined") document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const listener of listeners) listener(lang);
}

export function onLanguage(listener) {
  listeners.add(listener);
}

/** The language to start in: the link's, the remembered one, or the browser's first that we have.
 *  @param {{link?: string | null, stored?: string | null, browser?: readonly string[]}} [o] */
export function chooseLanguage({ link = null, stored = null, browser = [] } = {}) {
  const pick = (tag) => {
    const base = String(tag || "")
      .toLowerCase()
      .split("-")[0];
    return LANGUAGES.includes(base) ? base : null;
  };
  return pick(link) || pick(stored) || browser.map(pick).find(Boolean) || "en";
}

export function storedLanguage() {
  return settings.language.get();
}

/** Load the package's message catalogue (messages.json, written by build.py). */
export async function loadPythonMessages(url = new URL("../messages.json", import.meta.url)) {
  try {
    const response = await fetch(url);
    if (response.ok) python = await response.json();
  } catch {
    /* English from Python's own text */
  }
}

export function usePythonMessages(catalogue) {
  python = catalogue || {};
}

// A parameter p that is one of the catalogue's words ("word.even": "偶") is {p_zh} in Chinese.
function withChineseWords(params) {
  const out = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") out[`${key}_zh`] = python[`word.${value}`]?.zh ?? value;
  }
  return out;
}
