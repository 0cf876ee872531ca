// The installable, offline card room: the page's side (docs/OFFLINE.md).
//
//   startPwa(engine.ready)  once the engine is up, register the service worker (so its
//                           downloads never compete with the first start), ask for
//                           persistent storage and watch for new builds
//   playable()              a game page has put its first legal actions on screen: marks
//                           performance "celestix:playable" (the start-up benchmark's end)
//   busy() / safeNow()      a game page says whether a reload now would lose a hand in
//                           progress; a new build is offered only at a safe moment
//
// The page's state is on <html>: data-offline="ready" once a service worker controls the
// page (everything is cached), data-build (the build the page runs), data-storage
// ("persistent" or "best-effort"), data-update="ready" once a new build waits for a reload.

const root = document.documentElement;
const SITE = new URL("../../", import.meta.url);
// How often an open page asks whether a new build is out
const UPDATE_CHECK_MS = 60 * 60 * 1000;
// A page that shows no game (the home page) registers the service worker this long after
// the engine is ready
const NOT_PLAYABLE_MS = 3000;

let safe = true; // a reload now loses nothing (the home page; a game saved after each move)
let waitingUpdate = null; // a new build waits for the player's word: {registration}
let declined = false; // the player said "Later": not offered again on this page
let offerEl = null;
let reloading = false;
let marked = false; // playable() was called
let whenPlayable = null;

/** The page shows its first legal actions: the start-up is over. */
export function playable() {
  if (marked) return;
  marked = true;
  performance.mark("celestix:playable");
  whenPlayable?.();
}

/** A hand is in progress that a reload would lose: hold any update offer. */
export function busy() {
  safe = false;
  if (offerEl) {
    offerEl.remove();
    offerEl = null;
  }
}

/** Nothing would be lost by a reload now: a waiting update may be offered. */
export function safeNow() {
  safe = true;
  offerUpdate();
}

/**
 * Register the service worker once the engine is `ready` and the page is playable (or a
 * few seconds later, on a page with nothing to play), when the page is idle: its install
 * downloads never compete with the start.
 */
export function startPwa(ready) {
  if (!("serviceWorker" in navigator)) return;
  ready
    .then(
      () =>
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            if (marked) resolve();
            else {
              whenPlayable = resolve;
              setTimeout(resolve, NOT_PLAYABLE_MS);
            }
          })
        ),
    )
    .then(
      () =>
        new Promise((resolve) => {
          // an idle moment (two seconds at most); at once where there is no such call
          if (self.requestIdleCallback) self.requestIdleCallback(resolve, { timeout: 2000 });
          else setTimeout(resolve, 0);
        }),
    )
    .then(register)
    .catch((error) => console.info(`celestix: no offline support (${error.message ?? error})`));
}

async function register() {
  const container = navigator.serviceWorker;
  container.addEventListener("controllerchange", () => {
    if (reloading) {
      location.reload();
      return;
    }
    // Another tab reloaded into a new build, which now serves this page too: offer the
    // reload here as well (files this page loads later would be of the new build).
    if (root.dataset.offline === "ready") updateReady(null);
    controlled();
  });
  const registration = await container.register(new URL("sw.js", SITE), { updateViaCache: "none" });
  if (container.controller) controlled();
  if (registration.waiting && container.controller) updateReady(registration);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      // "installed" with a controller: a new build waits behind the one running the page
      if (installing.state === "installed" && container.controller) updateReady(registration);
    });
  });
  const check = () => registration.update().catch(() => {}); // offline: nothing to do
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  await askPersistence();
}

/** A service worker controls the page: it now works offline. */
function controlled() {
  root.dataset.offline = "ready";
  fetch(new URL("build.json", SITE))
    .then((response) => response.json())
    .then((manifest) => (root.dataset.build = manifest.build))
    .catch(() => {});
}

/** Ask the browser to keep the cached site and the engine snapshot under storage pressure. */
async function askPersistence() {
  if (!navigator.storage?.persist) return;
  const persisted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  root.dataset.storage = persisted ? "persistent" : "best-effort";
}

function updateReady(registration) {
  waitingUpdate = { registration };
  root.dataset.update = "ready";
  offerUpdate();
}

/** Offer the reload into the new build (a toast with Reload and Later), when it is safe. */
function offerUpdate() {
  if (!waitingUpdate || !safe || declined || offerEl?.isConnected) return;
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = document.createElement("div");
  el.className = "toast update-toast";
  el.style.cursor = "default";
  const text = document.createElement("span");
  text.textContent = "A new version of the card room is ready.";
  const actions = document.createElement("span");
  actions.style.cssText = "display:inline-flex;gap:8px;margin-left:12px;vertical-align:middle";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "btn small primary";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => applyUpdate());
  const later = document.createElement("button");
  later.type = "button";
  later.className = "btn small quiet";
  later.textContent = "Later";
  later.addEventListener("click", () => {
    declined = true;
    el.remove();
  });
  actions.append(reload, later);
  el.append(text, actions);
  box.append(el);
  offerEl = el;
}

/** The player chose to reload: the waiting build takes over, then the page reloads. */
function applyUpdate() {
  reloading = true;
  const waiting = waitingUpdate.registration?.waiting;
  if (waiting) waiting.postMessage({ type: "skip-waiting" });
  else location.reload(); // another tab already switched to it
}
