// Offline support: the first visit stores every file of the site (listed by build.py)
// in a cache named by the build, and later visits are served from it, with no network.
// A new build has a new name, so a changed site replaces the old cache as a whole.
// Pattern databases (DATA, 4.6 MB) are only stored once the solver has fetched them,
// in a cache of their own that outlives builds: their names carry their hash, and
// names no build lists any more are dropped.

const BUILD = "dev"; // replaced by build.py with a hash of the site's files
const FILES = []; // replaced by build.py with the site's files, relative to this script
const DATA = []; // replaced by build.py with the pattern-database files
const CACHE = `npuzzle-${BUILD}`;
const DATA_CACHE = "npuzzle-data";
/** This script's global scope, typed as a service worker's (the checker types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const dataUrls = new Set(DATA.map((f) => new URL(f, sw.location.href).href));

sw.addEventListener("install", (event) => {
  const urls = FILES.map((f) => new URL(f, sw.location.href).href);
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls)).then(() => sw.skipWaiting()));
});

async function dropOld() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith("npuzzle-") && n !== CACHE && n !== DATA_CACHE)
    .map((n) => caches.delete(n)));
  const data = await caches.open(DATA_CACHE);
  for (const request of await data.keys()) {
    if (!dataUrls.has(request.url)) await data.delete(request);
  }
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(dropOld().then(() => sw.clients.claim()));
});

/** Cache first; on a miss the response streams to the page (so it can show progress)
 *  while a copy goes into the cache.
 *  @param {FetchEvent} event */
async function fromData(event) {
  const cache = await caches.open(DATA_CACHE);
  const hit = await cache.match(event.request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== sw.location.origin) return;
  if (dataUrls.has(url.origin + url.pathname)) return event.respondWith(fromData(event));
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
