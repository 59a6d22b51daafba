// Before the first paint: a link's board wider or taller than BIG_BOARD gets the page's
// whole width at once (style.css's .big-board), so nothing moves when main.js draws it.
// A classic script in <head>, so it runs before the page is drawn; it cannot import
// shared.js, so build.py writes BIG_BOARD's value here (pickers.js reads the same value
// from shared.js when the size changes).
"use strict";
{
  const BIG_BOARD = Infinity; // build.py writes the value here
  const size = /(?:^#|&)id=(\d+)x(\d+):/.exec(location.hash);
  if (size && Math.max(Number(size[1]), Number(size[2])) > BIG_BOARD)
    document.documentElement.classList.add("big-board");
}
