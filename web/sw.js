// The service worker: the card room works offline after one visit (docs/OFFLINE.md).
//
// build.py writes the build's file list into PRECACHE below (dist/sw.js): every file of
// the site with its SHA-256, and the build's id. So any change to the site changes this
// script, which is how browsers notice a new build.
//
// install   every file is put in the cache "celestix-site-<build>", each checked against
//           its hash (a file the previous build's cache already holds with the same hash
//           is copied from there, not downloaded again)
// activate  the caches of other builds are deleted (only when the player has reloaded
//           into the new build: the page asks the waiting worker to take over)
// fetch     cache-first for the site's own files; anything else goes to the network

const PRECACHE = null; // build.py: {build, files: [[path, integrity]]}

const PREFIX = "celestix-site-";
const CACHE = PREFIX + PRECACHE.build;
const SCOPE = new URL("./", self.location.href);
// Each cache also holds the hashes of its files under this key, so the next build's
// install can tell which files it can copy instead of downloading.
const INDEX_KEY = new URL("__precache__.json", SCOPE).href;
// Downloads at once while installing
const PARALLEL = 6;

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(answer(request, url));
});

/** The cached copy of the site's file, or the network's answer for anything else. */
async function answer(request, url) {
  const cache = await caches.open(CACHE);
  let path = url.pathname.slice(SCOPE.pathname.length);
  // the site has one page: every navigation inside the scope opens it (the game is in the hash)
  if (request.mode === "navigate" && (path === "" || path === "index.html")) path = "index.html";
  const cached = await cache.match(new URL(path, SCOPE).href);
  return cached || fetch(request);
}

async function install() {
  const cache = await caches.open(CACHE);
  const old = await previousFiles();
  const queue = [...PRECACHE.files];
  const worker = async () => {
    while (queue.length) {
      const [path, integrity] = queue.shift();
      const url = new URL(path, SCOPE).href;
      const reused = integrity && old.get(`${integrity} ${path}`);
      if (reused) {
        await cache.put(url, reused);
        continue;
      }
      // integrity: the browser refuses a body that is not this build's file
      const response = await fetch(
        url,
        integrity ? { integrity, cache: "no-cache" } : { cache: "no-cache" },
      );
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // build.json names the build: a newer one (the site changed while installing) is refused
  const manifest = await (await cache.match(new URL("build.json", SCOPE).href)).json();
  if (manifest.build !== PRECACHE.build)
    throw new Error(`build.json is of build ${manifest.build}`);
  await cache.put(
    INDEX_KEY,
    new Response(JSON.stringify(PRECACHE), { headers: { "content-type": "application/json" } }),
  );
}

/** The files of the caches of other builds: "integrity path" -> a cached response. */
async function previousFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const index = await cache.match(INDEX_KEY);
    if (!index) continue;
    for (const [path, integrity] of (await index.json()).files) {
      if (!integrity) continue;
      const response = await cache.match(new URL(path, SCOPE).href);
      if (response) found.set(`${integrity} ${path}`, response);
    }
  }
  return found;
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  // the first install: take the open page over at once, so it works offline from now on
  await self.clients.claim();
}
