// The rules demo page (embed.html, docs/EMBED.md): one demo, its compact table, a caption
// per step, step back / step forward / play, and on a reader's turn the reader's own
// tries, judged by the engine.
//
// Address: embed.html?demo=<id>[&theme=light|dark][&step=N][&autoplay=1]
//          [&id=<instance>&host=<origin>]   (set by the <celestix-demo> element)
//          A hash #demo=<id>[&step=N][&autoplay=1] overrides the query, and changing it
//          opens another demo without starting the engine again.
//
// It uses the site's engine bridge (the same worker, the same snapshot boot). When framed
// by a <celestix-demo> element it reports its size, title and step to the parent window,
// at the origin the element gave (and only when that is the parent's real origin), and
// obeys only messages from that window and origin (messages.js).

import { engine } from "../engine/bridge.js";
import { loadDemo, DemoRun, sameAction } from "./demo.js";
import { drawTable, moveText } from "./tables.js";
import { connectHost } from "./messages.js";
import { EngineError } from "../engine/errors.js";

const params = new URLSearchParams(location.search);
const root = document.documentElement;
const $ = (id) => document.getElementById(id);
/** @type {(id: string) => HTMLButtonElement} a button of the page, by its id */
const buttonOf = (id) => /** @type {HTMLButtonElement} */ ($(id));
// Autoplay: time on each step, longer when the reader could have tried a move
const STEP_MS = 2600;
const READER_MS = 4200;

const theme = params.get("theme");
root.dataset.theme =
  theme === "light" || theme === "dark"
    ? theme
    : matchMedia("(prefers-color-scheme: light)").matches
      ? "light"
      : "dark";

const host = connectHost({
  id: params.get("id"),
  origin: params.get("host"),
  measure: () => $("demo"),
  commands: {
    step: (n) => show(n - 1),
    play: () => setPlaying(true),
    pause: () => setPlaying(false),
  },
});

let run = null;
let current = -1; // the step shown (0-based)
let playing = false;
let timer = null;
let drawing = 0; // the latest draw's number: an older one that finishes late is dropped
let opening = 0; // the latest demo opened: an older one that finishes late is dropped

engine.onProgress(({ message }) => {
  if (root.dataset.engine === "booting" && message)
    $("demo-status").textContent = `Starting the rules engine: ${message}`;
});

engine.ready.then(
  () => (root.dataset.engine = "ready"),
  () => {},
);
wireControls();
open(settings());
// Another demo in the same page (the engine stays up): embed.html?...#demo=<id>[&step=N]
window.addEventListener("hashchange", () => open(settings()));

/** The demo, step and autoplay asked for: the query, overridden by the hash. */
function settings() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const get = (name) => (hash.has(name) ? hash.get(name) : params.get(name));
  return { id: get("demo"), step: get("step"), autoplay: get("autoplay") };
}

async function open({ id, step, autoplay }) {
  const number = ++opening;
  setPlaying(false);
  run = null;
  current = -1;
  drawing++;
  root.dataset.demo = "loading";
  delete root.dataset.step;
  updateControls();
  let demo;
  let started;
  try {
    const [loaded] = await Promise.all([loadDemo(id), engine.ready]);
    demo = loaded;
    started = new DemoRun(engine, demo);
    await started.start();
  } catch (error) {
    if (number === opening) fail(error);
    return;
  }
  if (number !== opening) return;
  run = started;
  const game = (await engine.games()).find((g) => g.id === demo.game);
  document.title = `${demo.title} – Celestix rules demo`;
  $("demo-title").textContent = demo.title;
  $("demo-game").textContent =
    `${game ? game.name : demo.game} · ${demo.cluster.replace(/^[^:]*:\s*/, "")}`;
  host.post({ type: "ready", demo: demo.id, title: demo.title, steps: run.length });
  const first = Math.min(Math.max(1, Number.parseInt(step || "1", 10) || 1), run.length);
  await show(first - 1);
  if (number !== opening) return;
  root.dataset.demo = "ready";
  // for figures: when the first step is on screen (with the engine's boot path)
  performance.mark("celestix:demo-ready", { detail: { demo: demo.id, boot: engine.boot } });
  if (autoplay === "1" || autoplay === "true") setPlaying(true);
  // the rest of the frames in the background, so stepping is instant
  run.frame(run.length - 1).catch((error) => number === opening && fail(error));
}

function fail(error) {
  root.dataset.demo = "failed";
  if (root.dataset.engine === "booting") root.dataset.engine = "failed";
  const status = $("demo-status") || document.createElement("p");
  status.className = "demo-status failed";
  status.textContent = `This demo could not run: ${error?.message ? error.message : error}`;
  $("demo-table").replaceChildren(status);
  setPlaying(false);
}

// ---- steps ------------------------------------------------------------------------

/** Show step k; `resolved`: a reader's turn with its move made (the position after it). */
async function show(k, resolved = false) {
  if (!run || k < 0 || k >= run.length) return;
  const number = ++drawing;
  current = k;
  updateControls();
  let frame;
  let views;
  try {
    frame = await run.frame(k);
    views = await viewsOf(resolved ? frame.after : frame.state);
  } catch (error) {
    fail(error);
    return;
  }
  if (number !== drawing) return;
  const demo = run.demo;
  const step = frame.step;
  const move = step.reader_turn && !resolved && !frame.state.over ? step.action.type : null;
  drawTable($("demo-table"), {
    game: demo.game,
    demo,
    views,
    seat: demo.seat ?? null,
    move,
    events: resolved ? frame.moveEvents : frame.events,
    onMove: (action) => tryMove(frame, views, action),
  });
  $("demo-step").textContent =
    `Step ${k + 1} of ${run.length}${step.reader_turn ? " · your turn" : ""}`;
  $("demo-text").textContent = step.caption;
  const verdict = $("demo-verdict");
  if (frame.refusal) {
    showVerdict("refused", "The engine refuses this move.", frame.refusal);
  } else {
    verdict.hidden = true;
    verdict.replaceChildren();
  }
  root.dataset.step = String(k + 1);
  root.dataset.readerTurn = step.reader_turn ? "yes" : "no";
  updateControls();
  host.post({ type: "step", step: k + 1, steps: run.length });
  if (playing) schedule();
}

/** The views the table shows: the reader's and every open seat's. */
async function viewsOf(state) {
  const demo = run.demo;
  const seats = new Set(demo.open || []);
  if (demo.seat != null) seats.add(demo.seat);
  const views = {};
  if (!seats.size) views[0] = await engine.view(state, null);
  for (const s of seats) views[s] = await engine.view(state, s);
  return views;
}

/** The reader tries a move: the engine judges it on the position before the step's move. */
async function tryMove(frame, views, action) {
  const demo = run.demo;
  const reader = views[demo.seat];
  try {
    await engine.apply(frame.before, action, demo.seat);
  } catch (error) {
    if (!(error instanceof EngineError) || error.kind !== "illegal") throw error;
    showVerdict("refused", `Not allowed: ${moveText(demo.game, action, reader)}.`, {
      message: error.message,
      rule: error.rule,
    });
    return;
  }
  if (sameAction(action, frame.step.action)) {
    // the next step shows the result; on the last step, this one does
    if (current + 1 < run.length) await show(current + 1);
    else await show(current, true);
    showVerdict("ok", `Right: ${moveText(demo.game, action, reader)}.`, null);
    return;
  }
  showVerdict(
    "ok",
    `The engine accepts ${moveText(demo.game, action, reader)} too: it is legal here. ` +
      `This demo goes on with ${moveText(demo.game, frame.step.action, reader)}: step forward.`,
    null,
  );
}

function showVerdict(kind, headline, refusal) {
  const verdict = $("demo-verdict");
  verdict.replaceChildren();
  verdict.dataset.kind = kind;
  const head = document.createElement("p");
  head.className = "demo-verdict-head";
  head.textContent = headline;
  verdict.append(head);
  if (refusal) {
    const why = document.createElement("p");
    why.className = "demo-verdict-why";
    why.textContent = refusal.message;
    verdict.append(why);
    // the rule's id is for code (and tests): the engine's sentence names the rule
    if (refusal.rule) verdict.dataset.rule = refusal.rule;
    else delete verdict.dataset.rule;
  }
  verdict.hidden = false;
}

// ---- controls ---------------------------------------------------------------------

function wireControls() {
  $("demo-back").addEventListener("click", () => {
    setPlaying(false);
    show(current - 1);
  });
  $("demo-forward").addEventListener("click", () => {
    setPlaying(false);
    show(current + 1);
  });
  $("demo-play").addEventListener("click", () => setPlaying(!playing));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.matches("input, textarea, select")) return;
    if (event.key === "ArrowLeft") $("demo-back").click();
    else if (event.key === "ArrowRight") $("demo-forward").click();
    else if (event.key === "p" || event.key === "P") $("demo-play").click();
    else if (event.key === "Home") show(0);
    else if (event.key === "End" && run) show(run.length - 1);
    else return;
    event.preventDefault();
  });
}

function updateControls() {
  const length = run ? run.length : 0;
  buttonOf("demo-back").disabled = !run || current <= 0;
  buttonOf("demo-forward").disabled = !run || current >= length - 1;
  buttonOf("demo-play").disabled = !run || length < 2;
  $("demo-progress").textContent = run ? `${current + 1} / ${length}` : "";
}

function setPlaying(on) {
  if (on && run && current >= run.length - 1) {
    // playing from the end starts again
    show(0);
  }
  playing = Boolean(on) && Boolean(run);
  const button = $("demo-play");
  button.setAttribute("aria-pressed", String(playing));
  button.setAttribute("aria-label", playing ? "Pause" : "Play");
  root.dataset.playing = playing ? "yes" : "no";
  clearTimeout(timer);
  if (playing) schedule();
}

function schedule() {
  clearTimeout(timer);
  if (!run) return;
  const step = run.demo.steps[current];
  timer = setTimeout(
    () => {
      if (!playing) return;
      if (current >= run.length - 1) setPlaying(false);
      else show(current + 1);
    },
    step?.reader_turn ? READER_MS : STEP_MS,
  );
}
