// A link that describes no board: its text stays where the person can see and correct
// it.  The address keeps the link (main.js writes no new one until the board changes),
// the editor's fields get its id, goal and wrap with the error next to the field at
// fault, and a line under the link's message quotes the bad part with a button to it.

import { onLanguage, t } from "../languages/i18n.js";

const QUOTED = 80; // characters of the bad part quoted (the editor's field has it all)

/** The part of a link at fault, as written ("id=3x3:1,2"), cut to QUOTED characters. */
export function badPart(link, hash) {
  const text =
    link.key && link.texts && link.texts[link.key] !== null && link.texts[link.key] !== undefined
      ? `${link.key}=${link.texts[link.key]}`
      : hash.replace(/^#/, "");
  return text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text;
}

export class LinkFix {
  /**
   * @param {HTMLElement} element  the line to fill (hidden while no link is at fault)
   * @param {{editor: import("./editor.js").Editor}} o
   */
  constructor(element, { editor }) {
    this.element = element;
    this.editor = editor;
    this.link = null;
    this.text = document.createElement("span");
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.addEventListener("click", () => this.edit());
    element.replaceChildren(this.text, " ", this.button);
    onLanguage(() => this.draw());
  }

  /** Show a link's fault ({key, texts, error} from readAddress) and put it in the editor. */
  show(link, hash) {
    this.link = link;
    this.part = badPart(link, hash);
    this.field = this.editor.showLink(link.texts || {}, link.key, link.error);
    this.draw();
    this.element.hidden = false;
  }

  hide() {
    this.link = null;
    this.element.hidden = true;
  }

  draw() {
    if (!this.link) return;
    this.text.textContent = t("link.kept", { part: this.part });
    this.button.textContent = t("link.edit");
  }

  /** Take the person to the field at fault. */
  edit() {
    this.editor.$("editor", HTMLDetailsElement).open = true;
    this.field.scrollIntoView({ block: "center" });
    this.field.focus();
  }
}
