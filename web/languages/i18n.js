// The page's words, in every language of LANGUAGES.
//
// The page's own texts are in one catalogue a language, web/languages/<lang>.json (a key,
// the text, named placeholders {name}), and shown with t(key, params).  Static texts
// (index.html, the lab's markup) carry data-i18n="key" (data-i18n-aria-label,
// data-i18n-title for attributes), and translate(root) fills them in the current language
// (the build writes index.html's English from en.json, for the first paint).  The
// package's messages (npuzzle.catalogue) carry a code and parameters (api error dicts:
// code, params; coded texts: code, params, text), the parameters already as the message
// shows them (npuzzle.catalogue.shown); pythonText(error) words them in the current
// language.  The build writes both catalogues into catalogues.js (builder/codegen.py).
//
// A template's {name} is the parameter's value as it is given: a caller that wants a number
// written as the language writes it (grouped) gives number(n).
// The language: a link's &lang=, else the person's choice (remembered), else the browser's.

import { settings } from "../game/settings.js";
import { MESSAGES, TEXTS } from "../generated/catalogues.js";
import { LANGUAGES } from "../generated/shared.js";

export { LANGUAGES }; // builder/codegen.py's, through shared.js
let current = "en";
const listeners = new Set();

/** A template with each {name} replaced by params[name].
 *  @param {string} template
 *  @param {Record<string, unknown>} [params] */
export function fill(template, params = {}) {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (field, name) =>
    params[name] === undefined ? field : String(params[name]),
  );
}

/** The text for a key in the current language (English when it has no translation). */
export function t(key, params = {}) {
  const template = TEXTS[current]?.[key] ?? TEXTS.en[key];
  return template === undefined ? key : fill(template, params);
}

/** A package message's English (npuzzle.catalogue's text()), for rules.js's errors. */
export function english(code, params = {}) {
  return fill(MESSAGES.en[code] ?? code, params);
}

/** A Python error dict ({error, code, params}), coded text ({code, params, text}: a
 *  solve's reason_code and note_codes) or message in the current language: the English
 *  Python sent where the language has no text for its code.  A parameter that is one of
 *  the catalogue's words ("word.even") is that word in the language. */
export function pythonText(error) {
  if (!error || typeof error !== "object") return String(error ?? "");
  const given = error.error ?? error.text;
  const messages = MESSAGES[current] ?? MESSAGES.en;
  const template = error.code && (messages[error.code] ?? (given === undefined ? MESSAGES.en[error.code] : undefined));
  if (!template || (current === "en" && given !== undefined)) return given ?? error.code ?? "";
  const params = { ...error.params };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && messages[`word.${value}`]) params[name] = messages[`word.${value}`];
  }
  return fill(template, params);
}

/** A package message by its code in the current language ("lab.column.nodes"). */
export const message = (code, params = {}) => pythonText({ code, params });

/** A number as the current language writes it (grouping; `digits` decimals when given).
 *  @param {number | string} n  @param {number | null} [digits] */
export function number(n, digits = null) {
  const options = digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return Number(n).toLocaleString(tag(), options);
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

/** The current language's tag for <html lang> and the number format ("zh-CN"). */
const tag = () => TEXTS[current]?.["language.tag"] ?? current;

/** Switch the language; the page's listeners redraw their texts.  `remember` keeps it. */
export function setLanguage(lang, { remember = false } = {}) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) settings.language.set(lang); // refused (a private window): this visit only
  if (typeof document !== "undefined") document.documentElement.lang = tag();
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
