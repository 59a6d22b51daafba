// Offline support: the first visit stores every file of the site (listed by build.py)
// in a cache named by the build, and later visits are served from it, with no network.
// A new build has a new name, so a changed site replaces the old cache as a whole.
// Pattern databases (DATA, 4.6 MB) are only stored once the solver has fetched them,
// in a cache of their own that outlives builds: their names carry their hash, and
// names no build lists any more are dropped.

const BUILD = "dev"; // replaced by build.py with a hash of the site's files
/** @type {string[]} */
const FILES = []; // replaced by build.py with the site's files, relative to this script
/** @type {string[]} */
const DATA = []; // replaced by build.py with the pattern-database files
// replaced by build.py with the caches' names and the fetch lock's (builder/codegen.py's
// CACHE_PREFIX, DATA_CACHE, FETCH_LOCK, which web/solver/worker.js has from shared.js: this
// classic script cannot import it)
const NAMES = { prefix: "", data: "", lock: "" };
const CACHE = NAMES.prefix + BUILD;
const dataCache = NAMES.data;
/** This script's global scope, typed as a service worker's (the checker types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const dataUrls = new Set(DATA.map((f) => new URL(f, sw.location.href).href));

sw.addEventListener("install", (event) => {
  event.waitUntil(keepFiles().then(() => sw.skipWaiting()));
});

/** Store every file of FILES not stored yet.  The page's workers store the runtime they
 *  fetch in this very cache (web/solver/worker.js fetchOnce, under the same lock a file), so on a
 *  first visit only the files they did not fetch are downloaded here, and a file a worker
 *  is still downloading is waited for, not downloaded twice.  A file stored before a failed
 *  install is the same file (the cache is named by the build), so it is kept.
 *  @returns {Promise<void>} */
async function keepFiles() {
  const cache = await caches.open(CACHE);
  const locks = sw.navigator?.locks;
  await Promise.all(
    FILES.map((/** @type {string} */ f) => {
      const url = new URL(f, sw.location.href).href;
      const keep = async () => {
        if (!(await cache.match(url))) await cache.add(url);
      };
      return locks ? locks.request(`${NAMES.lock} ${url}`, keep) : keep();
    }),
  );
}

async function dropOld() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(NAMES.prefix) && n !== CACHE && n !== dataCache).map((n) => caches.delete(n)),
  );
  const data = await caches.open(dataCache);
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
  const cache = await caches.open(dataCache);
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
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
