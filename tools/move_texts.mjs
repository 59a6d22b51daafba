// One-off: move the page's texts out of its register() calls and its markup into one
// catalogue a language (web/languages/<lang>.json), and delete the calls.
//   node tools/move_texts.mjs markup.json
// markup.json: the English the markup carries ({key: text}, read by tools/move_texts.py).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";

const web = new URL("../web/", import.meta.url);
const markup = JSON.parse(readFileSync(process.argv[2], "utf8"));

/** The end (index after ')') of the call whose '(' is at open, skipping strings and comments. */
function callEnd(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i) + 1;
    else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error("unclosed call");
}

const catalogues = { en: {}, zh: {} };
const seen = {};
const add = (lang, key, text, where) => {
  if (key in catalogues[lang] && catalogues[lang][key] !== text) throw new Error(`${lang} ${key} twice, unlike: ${seen[lang + key]} ${where}`);
  catalogues[lang][key] = text;
  seen[lang + key] = where;
};
for (const [key, text] of Object.entries(markup)) add("en", key, text, "markup");

for (const name of readdirSync(web).filter((n) => n.endsWith(".js")).sort()) {
  if (name === "i18n.js") continue;
  let text = readFileSync(new URL(name, web), "utf8");
  const calls = [...text.matchAll(/^register\(/gm)].map((m) => m.index).reverse();
  if (!calls.length) continue;
  for (const start of calls) {
    const end = callEnd(text, start + "register".length);
    const texts = Function(`return (${text.slice(start + "register(".length, end - 1)})`)();
    for (const [lang, entries] of Object.entries(texts)) {
      for (const [key, value] of Object.entries(entries)) add(lang, key, value, name);
    }
    // the call, its ';' and newline, and the comment lines right above it, which describe it
    let from = start;
    const lines = text.slice(0, start).split("\n");
    lines.pop();
    while (lines.length && /^\/\/ /.test(lines.at(-1))) from -= lines.pop().length + 1;
    let to = end;
    if (text[to] === ";") to++;
    if (text[to] === "\n") to++;
    if (text[to] === "\n" && (from === 0 || text[from - 2] === "\n")) to++;
    text = text.slice(0, from) + text.slice(to);
  }
  writeFileSync(new URL(name, web), text);
}
const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
for (const [lang, entries] of Object.entries(catalogues)) {
  writeFileSync(new URL(`languages/${lang}.json`, web), JSON.stringify(sorted(entries), null, 1) + "\n");
  console.log(lang, Object.keys(entries).length);
}
const onlyZh = Object.keys(catalogues.zh).filter((k) => !(k in catalogues.en));
const onlyEn = Object.keys(catalogues.en).filter((k) => !(k in catalogues.zh));
console.log("no English:", onlyZh, "no Chinese:", onlyEn);
