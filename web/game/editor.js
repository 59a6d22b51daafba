// "Enter a board": the form is filled with the game's board when opened, and what is
// typed is checked by Python (npuzzle.api.check), which names the field at fault.

import { defaultGoal, formatBoardId, formatWrap, sameBoard } from "./rules.js";
import { ask } from "../solver/ask.js";
import { problemOf } from "../solver/solve_ui.js";
import { onLanguage, pythonText, t } from "../languages/i18n.js";

const FIELDS = ["board", "goal", "wrap"];

export class Editor {
  /**
   * @param {import("./element.js").Finder} $
   * @param {{game, solverUI, load: (problem, options) => void}} o
   */
  constructor($, { game, solverUI, load }) {
    this.$ = $;
    this.game = game;
    this.solverUI = solverUI;
    this.load = load;
    $("editor-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.apply();
    });
    // Filled as the person opens the form: the summary's click (by pointer or by keyboard)
    // comes before the details opens.  Not on "toggle", which the browser sends a task
    // later, after keys already typed into the opened form, and would write over them.
    // Opened by the page (a link's fault shown in the fields), the fields keep their text.
    $("editor")
      .querySelector("summary")
      .addEventListener("click", () => {
        if (!$("editor", HTMLDetailsElement).open) this.fill();
      });
    this.shown = null; // Python's answer whose error is shown
    onLanguage(() => {
      const r = this.shown;
      if (r) this.say(FIELDS.includes(r.field) ? r.field : "board", pythonText(r));
    });
  }

  /** A link that described no board: its texts in the fields ({id, goal, wrap}), the
   *  error next to the field at fault (`key`: the link's name for it), the form open. */
  showLink(texts, key, error) {
    const fields = { id: "board", goal: "goal", wrap: "wrap" };
    for (const name of FIELDS) {
      this.say(name, "");
      this.field(name).removeAttribute("aria-invalid");
    }
    this.field("board").value = texts.id ?? "";
    this.field("goal").value = texts.goal ?? "";
    this.field("wrap").value = texts.wrap ?? "";
    const name = fields[key] || "board";
    this.say(name, error);
    this.field(name).setAttribute("aria-invalid", "true");
    this.$("editor", HTMLDetailsElement).open = true;
    return this.field(name);
  }

  /** The editor's field for the board, the goal or the wrap.  @param {string} name */
  field(name) {
    return name === "wrap" ? this.$("edit-wrap", HTMLInputElement) : this.$(`edit-${name}`, HTMLTextAreaElement);
  }

  say(name, text) {
    this.$(`edit-${name}-error`).textContent = text;
  }

  /** The game's board as rows of numbers, its goal (when not the default) and wraps. */
  fill() {
    const { topo, tiles, goal } = this.game;
    const { width, height, wrapRows, wrapCols } = topo;
    const rows = [];
    for (let r = 0; r < height; r++) rows.push(tiles.slice(r * width, (r + 1) * width).join(" "));
    this.field("board").value = rows.join("\n");
    this.field("goal").value = sameBoard(goal, defaultGoal(width, height)) ? "" : formatBoardId(width, height, goal);
    this.field("wrap").value = formatWrap(wrapRows, wrapCols, width, height);
  }

  async apply() {
    for (const name of FIELDS) {
      this.say(name, "");
      this.field(name).removeAttribute("aria-invalid");
    }
    this.shown = null;
    if (!this.solverUI.ready) this.say("board", t("editor.waiting"));
    const value = (/** @type {string} */ name) => this.field(name).value || null;
    const outcome = await ask(this.solverUI.solver, "check", {
      board: this.field("board").value,
      goal: value("goal"),
      wrap: value("wrap"),
    });
    if (outcome.kind !== "cancelled") this.say("board", "");
    if (outcome.kind === "failed") this.say("board", t("editor.failed", { error: outcome.message }));
    if (outcome.kind === "answer") this.load(problemOf(outcome.reply), { origin: { kind: "editor" } });
    if (outcome.kind !== "bad-input") return;
    const r = outcome.reply;
    const name = FIELDS.includes(r.field) ? r.field : "board";
    this.say(name, outcome.message);
    this.shown = r; // said again in another language (relabel)
    this.field(name).setAttribute("aria-invalid", "true");
    this.field(name).focus();
    this.solverUI.tell({ kind: "rejected", error: r });
  }
}
