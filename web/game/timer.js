// The game's stopwatch, and the one way the page writes a time.

import { formatTime } from "../practice/session.js";

/** A stopwatch as data: start and stop it, read elapsed milliseconds; `now` is injectable. */
export class Timer {
  constructor(now = () => performance.now()) {
    this.now = now;
    this.startedAt = null; // when the current run began, or null when stopped
    this.banked = 0; // milliseconds of the runs before it
  }

  get running() {
    return this.startedAt !== null;
  }

  /** Start, or go on from the time already counted. */
  start() {
    if (!this.running) this.startedAt = this.now();
  }

  stop() {
    if (!this.running) return;
    this.banked += this.now() - this.startedAt;
    this.startedAt = null;
  }

  elapsed() {
    return this.banked + (this.running ? this.now() - this.startedAt : 0);
  }

  /** Go on from `ms` already counted, running or not (a game restored after a reload). */
  resume(ms, running) {
    this.banked = ms;
    this.startedAt = running ? this.now() : null;
  }
}

/** "m:ss.sss" for milliseconds: the one way the page shows a time (session.js's formatTime). */
export const clock = (ms) => formatTime(ms);
