// Playing a solution back: Playback steps the game along its solution on a timer, and
// SolutionPanel draws the solution (moves, tiles, position, notes) and its buttons.

const SHOWN_TILES = 2000; // longer tile lists are cut (a 30x30 solution has ~70,000)
const MIN_INTERVAL = 20; // ms: timers fire at most ~50 times a second

export class Playback {
  /**
   * @param {import("./game.js").Game} game
   * @param {() => number} rate  moves a second wanted
   * @param {() => void} changed  after playing starts or stops
   */
  constructor(game, rate, changed) {
    Object.assign(this, { game, rate, changed });
    this.interval = null;
  }

  get playing() {
    return this.interval !== null;
  }

  toggle() {
    if (this.playing) return this.stop();
    const s = this.game.solution;
    if (s && s.next) this.start();
  }

  start() {
    const rate = this.rate();
    const interval = Math.max(1000 / rate, MIN_INTERVAL);
    const perTick = Math.max(1, Math.round((rate * interval) / 1000));
    this.interval = setInterval(() => {
      for (let k = 0; k < perTick && this.playing; k++) this.step();
    }, interval);
    this.changed();
  }

  /** One move forward; playing stops at the end (or when there is no move to make). */
  step() {
    const s = this.game.solution;
    if (!this.game.stepForward() || !s.next) this.stop();
  }

  stop() {
    if (!this.playing) return;
    clearInterval(this.interval);
    this.interval = null;
    this.changed();
  }

  /** The speed changed: go on at the new one. */
  restart() {
    if (!this.playing) return;
    clearInterval(this.interval);
    this.interval = null;
    this.start();
  }
}

export class SolutionPanel {
  /** @param {(id: string) => HTMLElement} $  the page's elements by id */
  constructor($) {
    this.$ = $;
    this.shown = null; // the Solution whose lists are drawn
    this.marked = null; // the tile span of the next move
  }

  /** Draw the solution and where the board is along it; null hides the panel. */
  render(solution, playing) {
    const $ = this.$;
    $("solution").hidden = !solution;
    if (!solution) {
      this.shown = null;
      return;
    }
    if (solution !== this.shown) this.fill(solution);
    const s = solution;
    if (this.marked) this.marked.classList.remove("next");
    this.marked = s.index === null ? null : $("solution-tiles").children[s.index] || null;
    if (this.marked) this.marked.classList.add("next");
    $("solution-progress").textContent = s.index === null
      ? "The board has left this solution: Reset, or Solve again."
      : `Move ${s.index} of ${s.moves.length}` + (s.summary ? ` · ${s.summary}` : "");
    $("play").textContent = playing ? "Pause" : "Play";
    $("step-forward").disabled = !s.next;
    $("step-back").disabled = !s.index;
    $("play").disabled = s.index === null || (s.finished && !playing);
  }

  fill(s) {
    const $ = this.$;
    this.shown = s;
    this.marked = null;
    const item = (text) => Object.assign(document.createElement("li"), { textContent: text });
    $("solution-notes").hidden = !s.notes.length;
    $("solution-notes-list").replaceChildren(...s.notes.map(item));
    $("solution-moves").textContent = s.moves || "(none)";
    const list = $("solution-tiles");
    const span = (t) => Object.assign(document.createElement("span"), { textContent: String(t) });
    list.replaceChildren(...s.tiles.slice(0, SHOWN_TILES).flatMap((t, i) => [i ? " " : "", span(t)]));
    if (s.tiles.length > SHOWN_TILES) list.append(` … and ${(s.tiles.length - SHOWN_TILES).toLocaleString("en-US")} more`);
    if (!s.tiles.length) list.textContent = "(none)";
  }
}
