// Practice mode, as speedsolvers time themselves: one switch beside the coach's,
// remembered (settings.js).  While it is on and a board is being solved or inspected (not
// yet at its goal), every help is kept away: the coach is hidden and Hint and Solve are
// off; at the goal the coach comes back (the score's optimum) if its own switch is on.
// Without it, a solve done with any help (the coach shown, a hint, the solution shown) is
// kept all the same, marked "assisted", and counts for no figure and no record
// (session.js's scored(); session_ui.js asks helped()).
//
//   const practice = new PracticeMode({ game, coach, control: $("practice-on"), buttons: [$("hint"), $("solve")] })
//   practice.wantCoach(on)   the coach's own switch
//   practice.apply()         after the page set its buttons: Hint and Solve off while it holds

import { connect, settings } from "../game/settings.js";

export class PracticeMode {
  /** @param {{game: import("../game/game.js").Game, coach: import("../game/coach.js").Coach,
   *   control: HTMLInputElement, buttons: HTMLButtonElement[]}} parts */
  constructor({ game, coach, control, buttons }) {
    this.game = game;
    this.coach = coach;
    this.buttons = buttons;
    this.on = false;
    this.coachWanted = coach.on; // the coach's own switch
    this.started = false; // the coach is left alone until the page is built (the coach-on switch's wantCoach)
    // it follows the game before the session does (constructed first): a new board's coach
    // is hidden before the session looks whether help is shown
    game.subscribe(() => this.apply());
    connect(control, settings.practice, (value) => {
      this.on = value === "on";
      // style.css keeps the hidden coach's line on a phone, so the board stays put when it comes back
      document.documentElement.toggleAttribute("data-practice", this.on);
      this.apply();
    });
  }

  /** Whether it keeps help away now: on, and the board not at its goal (a solve, or its inspection). */
  get holding() {
    const event = this.forced(); // a marathon's or a relay's next board on its way holds too
    return (this.on || event) && (event || !this.game.solved);
  }

  /** Whether an event is under way (event_run.js): its rules are practice mode's. */
  forced() {
    return false;
  }

  /** The coach's own switch changed.  @param {boolean} on */
  wantCoach(on) {
    this.coachWanted = on;
    this.started = true;
    this.apply();
  }

  /** The coach shown or hidden, Hint and Solve off while it holds. */
  apply() {
    if (!this.started) return;
    const shown = this.coachWanted && !this.holding;
    if (this.coach.on !== shown) this.coach.setOn(shown);
    if (this.holding) for (const button of this.buttons) button.disabled = true;
  }

  /** Whether a help is in sight now: the coach shown, or a solution being followed. */
  helped() {
    return this.coach.on || !!this.game.solution;
  }
}
