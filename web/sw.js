// Offline support: the first visit stores every file of the site (listed by build.py)
// in a cache named by the build, and later visits are served from it, with no network.
// A new build has a new name, so a changed site replaces the old cache as a whole.

const BUILD = "dev"; // replaced by build.py with a hash of the site's files
const FILES = []; // replaced by build.py with the site's files, relative to this script
const CACHE = `npuzzle-${BUILD}`;

self.addEventListener("install", (event) => {
  const urls = FILES.map((f) => new URL(f, self.location).href);
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("npuzzle-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
