// Where the keyboard's focus goes outside the board: the skip link, and the focus kept on
// the control a person used.
//
//   new FocusKeeper(actions, cancel)
//
// The skip link at the top of the page ("Skip to the actions") takes the focus to the
// actions (the game's and the solver's buttons) without writing into the address, which
// holds the game.
//
// A button that is disabled while it has the focus drops it to the page's body (Solve,
// Hint and Shuffle are disabled while the solver works, Undo at the first move), and a
// keyboard user starts again from the top.  The keeper moves the focus instead: to Cancel
// while the solver works, else to the nearest usable button of the same toolbar, else to
// the actions; and when the button used can be pressed again and the focus is still where
// the keeper put it, back to it (after Solve, the focus is on Solve again).

/** Can this element take the focus?  @param {HTMLElement} el */
const usable = (el) => el.isConnected && !(/** @type {HTMLButtonElement} */ (el).disabled) && !el.closest("[hidden]");

export class FocusKeeper {
  /**
   * @param {HTMLElement} actions  the actions' region (the skip link's target; focusable)
   * @param {HTMLElement} cancel  the button that stops the solver's work
   */
  constructor(actions, cancel) {
    this.actions = actions;
    this.cancel = cancel;
    /** @type {HTMLElement | null} the element focused last (by the person or the keeper) */
    this.last = null;
    /** @type {{control: HTMLElement, fallback: HTMLElement} | null} a control waiting for its focus back */
    this.waiting = null;
    for (const link of document.querySelectorAll(`a[href="#${actions.id}"]`)) {
      link.addEventListener("click", (event) => {
        event.preventDefault(); // the address holds the game, not a place on the page
        actions.focus();
        actions.scrollIntoView({ block: "nearest" });
      });
    }
    document.addEventListener("focusin", (event) => {
      const el = /** @type {HTMLElement} */ (event.target);
      if (this.waiting && el !== this.waiting.fallback && el !== this.waiting.control) this.waiting = null; // went elsewhere
      this.last = el;
    });
    // the person put the focus nowhere (a click beside the controls): nothing to keep
    document.addEventListener("focusout", (event) => {
      const el = /** @type {HTMLElement} */ (event.target);
      if (!event.relatedTarget && usable(el)) this.last = this.waiting = null;
    });
    // A click on the fallback is the person's own choice; on Cancel it is part of the work.
    document.addEventListener(
      "click",
      (event) => {
        if (this.waiting && this.waiting.fallback !== this.cancel && event.target === this.waiting.fallback)
          this.waiting = null;
      },
      true,
    );
    new MutationObserver((records) => this.check(records)).observe(document.body, {
      attributes: true,
      attributeFilter: ["disabled", "hidden"],
      subtree: true,
    });
  }

  /** After buttons were disabled, enabled, hidden or shown: keep or return the focus.
   *  @param {MutationRecord[]} records */
  check(records) {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const lost = !active || active === document.body || !usable(active);
    const w = this.waiting;
    if (w && usable(w.control) && (lost || active === w.fallback || active === this.actions)) {
      this.waiting = null;
      w.control.focus();
      return;
    }
    const control = this.last;
    if (!lost || !control || usable(control) || !control.matches("button")) return;
    if (!records.some((r) => r.target.contains(control))) return; // it was not this change that took it
    const fallback = this.fallback(control);
    // Cancel, used and disabled in its turn, hands on the control that started the work.
    const started = w && w.fallback === control ? w.control : control;
    this.waiting = { control: started, fallback };
    fallback.focus();
  }

  /** Where the focus goes when `control` can no longer take it.  @param {HTMLElement} control */
  fallback(control) {
    if (usable(this.cancel) && this.actions.contains(control)) return this.cancel;
    const group = /** @type {HTMLElement | null} */ (control.closest("[role=toolbar]"));
    if (group) {
      const buttons = /** @type {HTMLElement[]} */ ([...group.querySelectorAll("button")]);
      const at = buttons.indexOf(control);
      const near = [...buttons.slice(at + 1), ...buttons.slice(0, at).reverse()].find(usable);
      if (near) return near;
    }
    return this.actions;
  }
}
