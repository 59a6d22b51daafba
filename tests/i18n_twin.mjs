// Shows the package's error dicts and coded texts (read from stdin, JSON, their params as
// the api sends them) in each language with web/languages/i18n.js, for tests/test_i18n.py to
// compare with npuzzle.catalogue.text; "filled": the English from the code and params alone.
import { readFileSync } from "node:fs";
import { chooseLanguage, message, pythonText, setLanguage } from "../web/languages/i18n.js";

const { errors } = JSON.parse(readFileSync(0, "utf8"));
const shown = {};
for (const lang of ["en", "zh"]) {
  setLanguage(lang);
  shown[lang] = errors.map((e) => pythonText(e));
}
setLanguage("en");
shown.filled = errors.map((e) => message(e.code, e.params));
shown.choices = [
  chooseLanguage({ link: "zh", stored: "en", browser: ["en-US"] }),
  chooseLanguage({ stored: "en", browser: ["zh-CN"] }),
  chooseLanguage({ browser: ["fr-FR", "zh-TW", "en"] }),
  chooseLanguage({ link: "xx", browser: ["de"] }),
];
console.log(JSON.stringify(shown));
