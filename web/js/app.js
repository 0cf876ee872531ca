// The site shell: boots the engine (the bridge starts its worker as soon as it is
// imported, so it is the first import), shows real boot progress, then routes.
//
// Routes are hash routes, so the site works from any static host:
//   #                              the home page (the games)
//   #patience/deal=12345&start=no-king   a game page with its parameters
// A game page is a module with  mount(container, params, ctx) -> { update?, unmount? }.
// mount resolves once the page is on screen, never after waiting for the player (an
// options dialog, say): routes run one after another, so a mount that waited would hold
// every later route. Work a page goes on with after mount reports failure by ctx.fault.
// To add a game page, add one line to PAGES.

import { engine } from "./engine/bridge.js";
import { startPwa } from "./pwa/pwa.js";
import { renderHome } from "./ui/home.js";
import { applySettings, openSettings } from "./ui/settings.js";

const PAGES = {
  patience: {
    short: "Patience",
    load: () => import("./patience/page.js"),
    saved: () => import("./patience/store.js").then((m) => m.savedSummary()),
  },
  sabacc: {
    short: "Sabacc",
    load: () => import("./sabacc/page.js"),
    saved: () => import("./sabacc/store.js").then((m) => m.savedSummary()),
  },
  precedence: {
    short: "Precedence",
    load: () => import("./precedence/page.js"),
    saved: () => import("./precedence/store.js").then((m) => m.savedSummary()),
  },
  // not a game: the rules of each game, from the project's own text (#rules/<game>)
  rules: { load: () => import("./ui/rules.js"), route: true },
  // not a game: a friend's invitation to a host's table (#join/i=<invitation>)
  join: { load: () => import("./table/friends/join.js"), route: true },
  // not a game: a friend's answer opened on the host's device (#answer/a=<answer>)
  answer: { load: () => import("./table/friends/answer.js"), route: true },
};

const root = document.documentElement;
const boot = document.getElementById("boot");
const view = document.getElementById("view");
let games = [];
let current = null; // { name, page, container }
let routing = Promise.resolve();
// set once the engine is first up: from then on every change of address is routed (a
// worker restarting later holds no route back; a page waits for the engine itself)
let booted = false;

applySettings();
root.dataset.engine = "booting";
wireShell();
watchBoot();
startEngine();
// the page the address asks for loads while the engine boots
PAGES[parseHash().name]?.load().catch(() => {});
startPwa(engine.ready);

// ---- boot -------------------------------------------------------------------------

// Overall progress: each stage fills its share of the bar.
const STAGE_SPAN = { runtime: [0, 0.62], packages: [0.62, 0.82], engine: [0.82, 1] };
const STAGE_ORDER = Object.keys(STAGE_SPAN);

function watchBoot() {
  const fill = document.getElementById("boot-fill");
  const meter = document.getElementById("boot-meter");
  const status = document.getElementById("boot-status");
  engine.onProgress(({ stage, message, fraction }) => {
    if (root.dataset.engine !== "booting") return;
    const span = STAGE_SPAN[stage] || [0, 1];
    const known = typeof fraction === "number" && Number.isFinite(fraction);
    const within = known ? Math.min(1, Math.max(0, fraction)) : 0;
    const overall = span[0] + (span[1] - span[0]) * within;
    fill.style.width = `${Math.round(overall * 100)}%`;
    meter.setAttribute("aria-valuenow", String(Math.round(overall * 100)));
    meter.classList.toggle("indeterminate", !known);
    if (message) status.textContent = message;
    const index = STAGE_ORDER.indexOf(stage);
    for (const item of document.querySelectorAll("#boot-stages li")) {
      if (!(item instanceof HTMLElement)) continue;
      const i = STAGE_ORDER.indexOf(item.dataset.stage);
      item.classList.toggle("done", i < index || (i === index && known && within >= 1));
      item.classList.toggle("active", i === index && !(known && within >= 1));
    }
  });
}

async function startEngine(retry = false) {
  const errorBox = document.getElementById("boot-error");
  root.dataset.engine = "booting";
  boot.hidden = false;
  boot.classList.remove("failed");
  errorBox.hidden = true;
  document.getElementById("boot-lede").hidden = false;
  try {
    if (retry) await engine.retry();
    await engine.ready;
    games = await engine.games();
  } catch (error) {
    bootFailed(error);
    return;
  }
  const fill = document.getElementById("boot-fill");
  fill.style.width = "100%";
  root.dataset.engine = "ready";
  boot.hidden = true;
  view.hidden = false;
  buildNav();
  booted = true;
  await route();
}

function bootFailed(error) {
  root.dataset.engine = "failed";
  boot.classList.add("failed");
  document.getElementById("boot-title").textContent = "The card room could not open";
  document.getElementById("boot-status").textContent = "";
  let detail = error?.message ? error.message : String(error);
  if (!/[.!?]$/.test(detail)) detail += ".";
  document.getElementById("boot-lede").hidden = true;
  document.getElementById("boot-error-detail").textContent = detail;
  document.getElementById("boot-error").hidden = false;
  document.getElementById("boot-retry").focus();
}

// ---- shell ------------------------------------------------------------------------

function wireShell() {
  document.getElementById("boot-retry").addEventListener("click", () => {
    document.getElementById("boot-title").textContent = "Shuffling up";
    startEngine(true);
  });
  document.getElementById("settings-button").addEventListener("click", () => openSettings());
  document.querySelector("[data-skip]").addEventListener("click", (event) => {
    event.preventDefault();
    const target = /** @type {HTMLElement} */ (
      view.querySelector("[data-skip-target]") || document.getElementById("main")
    );
    target.focus();
  });
  // the address the player went to, as the event saw it: a page finishing its work in
  // the meantime cannot send the route elsewhere (before the boot, startEngine routes)
  window.addEventListener("hashchange", (event) => {
    if (booted) route({ focus: true, hash: new URL(event.newURL).hash });
  });
}

function buildNav() {
  const nav = document.getElementById("site-nav");
  nav.replaceChildren();
  for (const game of playableGames()) {
    // the full name, and a short one for a phone's header (the link is named in full)
    const a = document.createElement("a");
    a.href = `#${game.id}`;
    a.dataset.game = game.id;
    a.setAttribute("aria-label", game.name);
    const long = document.createElement("span");
    long.className = "nav-long";
    long.textContent = game.name;
    const short = document.createElement("span");
    short.className = "nav-short";
    short.textContent = PAGES[game.id].short || game.name;
    a.append(long, short);
    nav.append(a);
  }
}

/** The engine's games that have a page here, in the engine's order. */
function playableGames() {
  return games.filter((game) => PAGES[game.id]);
}

// ---- routing ----------------------------------------------------------------------

export function parseHash(hash = location.hash) {
  const text = decodeURIComponent(hash.replace(/^#\/?/, ""));
  const slash = text.indexOf("/");
  const name = slash < 0 ? text : text.slice(0, slash);
  const query = slash < 0 ? "" : text.slice(slash + 1);
  return { name, params: new URLSearchParams(query) };
}

/** Show the page of `hash` (the address now, by default), after the routes before it.
 * @param {{hash?: string, focus?: boolean}} [options] */
function route({ hash = location.hash, ...options } = {}) {
  const target = parseHash(hash);
  routing = routing.then(() => show(target, options)).catch((error) => showFault(error));
  return routing;
}

const context = {
  engine,
  get games() {
    return games;
  },
  /** Put `hash` in the address bar without routing again (the page already shows it).
   * Only over an address of the same page: a page still finishing its work (a deal) once
   * the player has gone to another page never takes the address back. */
  replaceHash(hash) {
    if (location.hash === hash || parseHash(hash).name !== parseHash().name) return;
    history.replaceState(history.state, "", hash);
  },
  /** Show the fault page for an error of `page`, unless another page is showing now. */
  fault(error, page) {
    if (current && current.page === page) showFault(error);
    else console.error(error);
  },
  setTitle(title) {
    document.title = title ? `${title} · Celestix card room` : "Celestix card room";
  },
};

async function show({ name, params }, { focus = false } = {}) {
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll("#site-nav a")
  )) {
    if (a.dataset.game === name) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (current && current.name === name && current.page?.update) {
    await current.page.update(params);
    return;
  }
  await unmountCurrent();
  const container = document.createElement("div");
  container.className = "page";
  view.replaceChildren(container);
  root.dataset.page = name || "home";

  if (!name) {
    context.setTitle("");
    current = { name, page: null, container };
    await renderHome(container, {
      games: playableGames(),
      saved: Object.fromEntries(
        Object.entries(PAGES)
          .filter(([, p]) => p.saved)
          .map(([id, p]) => [id, p.saved]),
      ),
    });
  } else if (PAGES[name] && (PAGES[name].route || games.some((g) => g.id === name))) {
    const module = await PAGES[name].load();
    const page = await module.mount(container, params, context);
    current = { name, page, container };
  } else {
    context.setTitle("Not found");
    current = { name, page: null, container };
    container.innerHTML = `
      <section class="notice-page">
        <h1 tabindex="-1" data-skip-target>No such table</h1>
        <p></p>
        <a class="btn primary" href="#">See the games</a>
      </section>`;
    container.querySelector("p").textContent =
      `There is no game called “${name}” in this card room.`;
  }
  if (focus) {
    const target = /** @type {HTMLElement} */ (
      container.querySelector("[data-skip-target]") || document.getElementById("main")
    );
    target.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
}

async function unmountCurrent() {
  if (current?.page?.unmount) {
    try {
      await current.page.unmount();
    } catch (error) {
      console.error(error);
    }
  }
  current = null;
}

function showFault(error) {
  console.error(error);
  const container = document.createElement("div");
  container.className = "page";
  container.innerHTML = `
    <section class="notice-page">
      <h1 tabindex="-1" data-skip-target>Something went wrong</h1>
      <p class="fault"></p>
      <div class="notice-actions">
        <button class="btn primary" type="button" data-reload>Reload the page</button>
        <a class="btn" href="#">Back to the games</a>
      </div>
    </section>`;
  container.querySelector(".fault").textContent = error?.message ? error.message : String(error);
  container.querySelector("[data-reload]").addEventListener("click", () => location.reload());
  view.replaceChildren(container);
  current = null;
}
