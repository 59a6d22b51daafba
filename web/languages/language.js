// The page's language: the switch (a button a language, which the build writes into
// index.html from LANGUAGES and each catalogue's "language.name"), the static texts filled
// in the language chosen, and the language a visit starts in: the link's &lang=, else the
// one chosen before (remembered), else the browser's.

import { LANGUAGES, chooseLanguage, language, onLanguage, setLanguage, storedLanguage, translate } from "./i18n.js";

/**
 * Start in the language chosen (link, remembered, browser) and connect the switch.
 * `changed(lang)` is told after a switch by the person (so the address can carry it).
 * @param {{link?: string | null, changed?: (lang: string) => void}} [o]
 */
export function startLanguage({ link = null, changed = () => {} } = {}) {
  onLanguage(() => {
    translate();
    for (const lang of LANGUAGES)
      document.getElementById(`lang-${lang}`).setAttribute("aria-pressed", String(language() === lang));
  });
  for (const lang of LANGUAGES) {
    document.getElementById(`lang-${lang}`).addEventListener("click", () => {
      if (lang === language()) return;
      changed(lang); // first: the address written as the page redraws carries it
      setLanguage(lang, { remember: true });
    });
  }
  setLanguage(chooseLanguage({ link, stored: storedLanguage(), browser: navigator.languages || [navigator.language] }));
}
