// Shows the package's error dicts (read from stdin, JSON) in both languages with
// web/languages/i18n.js, for tests/test_i18n.py to compare with npuzzle.catalogue.text.
import { readFileSync } from "node:fs";
import { pythonText, setLanguage, usePythonMessages, chooseLanguage } from "../web/languages/i18n.js";

const { catalogue, errors } = JSON.parse(readFileSync(0, "utf8"));
usePythonMessages(catalogue);
const shown = {};
for (const lang of ["en", "zh"]) {
  setLanguage(lang);
  shown[lang] = errors.map((e) => pythonText(e));
}
shown.choices = [
  chooseLanguage({ link: "zh", stored: "en", browser: ["en-US"] }),
  chooseLanguage({ stored: "en", browser: ["zh-CN"] }),
  chooseLanguage({ browser: ["fr-FR", "zh-TW", "en"] }),
  chooseLanguage({ link: "xx", browser: ["de"] }),
];
console.log(JSON.stringify(shown));
