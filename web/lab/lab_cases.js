// The lab's course cases: the boards of the course reports (action `cases`), a button
// each that puts the board on the game and compares on it, with the report's title and
// note (the note's Chinese from its code, case.rebuilt).

import { parseBoardId } from "../game/rules.js";
import { language, pythonText, t } from "../languages/i18n.js";

/**
 * Fill list with the cases (CasesReply's `cases`), in the page's language.
 * @param {HTMLUListElement} list
 * @param {Array<object>} cases
 * @param {(c: object) => void} use  a case's button was pressed
 */
export function listCases(list, cases, use) {
  list.replaceChildren(
    ...cases.map((c) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      const [width, height] = parseBoardId(c.board);
      button.textContent = t("lab.case", {
        name: c.name,
        size: `${width}x${height}`,
        wrap: c.wrap ? t("lab.case.wrapped", { wrap: c.wrap }) : "",
        optimal: c.optimal === null ? t("lab.case.unsolvable") : t("lab.case.optimal", { n: c.optimal }),
      });
      button.addEventListener("click", () => use(c));
      const title = document.createElement("span");
      title.className = "lab-note";
      const note =
        c.note && language() !== "en" ? pythonText({ error: c.note, code: "case.rebuilt", params: {} }) : c.note;
      title.textContent = ` ${c.title}${note ? ` (${note})` : ""}`;
      li.append(button, title);
      return li;
    }),
  );
}
