// The Session panel's named sessions (session_store.js): the sessions of the board's key
// in a list to pick the current one from, New session and Rename (asked for a name, as
// csTimer asks), and Delete session with Undo (as a solve's Delete: the status line says
// what went, the Undo button puts it back).  The current session of each key is kept, so a
// reload comes back to it.  The default session (name null) is worded in the page's
// language ("Default session", "默认分组").
//
//   const names = new SessionNames($, { sessions, key: () => panel.kind, say, changed });
//   names.render()      // the list, after the key or a session changed
//   names.nameOf(key)   // the current session's name as shown
//   names.undo()        // true when a deleted session was put back
//   names.into()        // "current" or "new": the "Import into" chosen, remembered across a reload

import { t } from "../languages/i18n.js";
import { connect, settings } from "../game/settings.js";

export class SessionNames {
  /** @param {import("../game/element.js").Finder} $
   *  @param {{sessions: import("./session_store.js").Sessions, key: () => string,
   *    say: (text: string, o?: {undo?: boolean}) => void, changed: () => void}} parts
   *  changed: the current session changed (the panel renders it) */
  constructor($, { sessions, key, say, changed }) {
    this.$ = $;
    this.sessions = sessions;
    this.key = key;
    this.say = say;
    this.changed = changed;
    /** @type {import("./session_store.js").Dropped | null} the session last deleted, for Undo */
    this.dropped = null;
    this.pick = $("sessions-pick", HTMLSelectElement);
    this.pick.addEventListener("change", () => {
      this.sessions.switchTo(this.key(), Number(this.pick.value));
      this.say(t("sessions.switched", { name: this.nameOf(this.key()) }));
      this.changed();
    });
    $("sessions-new").addEventListener("click", () => this.create());
    $("sessions-rename").addEventListener("click", () => this.rename());
    $("sessions-delete").addEventListener("click", () => this.drop());
    this.intoChoice = $("sessions-into", HTMLSelectElement);
    connect(this.intoChoice, settings.sessionsInto); // "Import into", remembered across a reload
  }

  /** Where Import puts a file's solves: the current session, or new ones ("Import into"). */
  into() {
    return this.intoChoice.value === "new" ? "new" : "current";
  }

  /** A session's name as shown: its own, or the default's words.  @param {string | null} name */
  shown(name) {
    return name ?? t("sessions.default");
  }

  /** The current session's name under a key, as shown.  @param {string} key */
  nameOf(key) {
    return this.shown(this.sessions.session(key).name);
  }

  /** A name no other session of the key has: the name, else "name (2)", "name (3)"...
   *  @param {string} key  @param {string} name */
  unique(key, name) {
    const taken = new Set(this.sessions.named(key).map((s) => this.shown(s.name)));
    let n = 1,
      out = name;
    while (taken.has(out)) out = `${name} (${++n})`;
    return out;
  }

  create() {
    const key = this.key();
    const name = window.prompt(
      t("sessions.ask_new", { kind: key }),
      this.unique(key, t("sessions.numbered", { n: this.sessions.named(key).length + 1 })),
    );
    if (name === null) return;
    this.sessions.create(
      key,
      this.unique(key, name.trim() || t("sessions.numbered", { n: this.sessions.named(key).length + 1 })),
    );
    this.say(t("sessions.created", { name: this.nameOf(key) }));
    this.changed();
  }

  rename() {
    const key = this.key(),
      session = this.sessions.session(key);
    const name = window.prompt(t("sessions.ask_rename"), this.shown(session.name));
    if (name === null || name.trim() === this.shown(session.name)) return;
    this.sessions.rename(key, session.id, name);
    this.say(t("sessions.renamed", { name: this.nameOf(key) }));
    this.changed();
  }

  drop() {
    const key = this.key(),
      name = this.nameOf(key);
    this.dropped = this.sessions.drop(key, this.sessions.session(key).id);
    if (!this.dropped) return;
    this.changed();
    this.say(t("sessions.deleted", { name, count: this.dropped.session.solves.length }), { undo: true });
    this.$("session-undo").focus(); // the list changed under the keyboard: keep it near
  }

  /** Put the session last deleted back; false when there is none. */
  undo() {
    const dropped = this.dropped;
    if (!dropped) return false;
    this.dropped = null;
    this.sessions.undrop(dropped);
    this.say(t("sessions.restored", { name: this.shown(dropped.session.name) }));
    this.changed();
    return true;
  }

  /** The list of the key's sessions, the current one chosen: "name (count)". */
  render() {
    const key = this.key();
    this.pick.replaceChildren(
      ...this.sessions
        .named(key)
        .map(
          (s) =>
            new Option(
              t("sessions.option", { name: this.shown(s.name), count: s.count }),
              String(s.id),
              false,
              s.current,
            ),
        ),
    );
  }
}
