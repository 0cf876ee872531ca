// The page's side of the engine bridge (docs/BRIDGE.md): one shared module worker,
// started at import, and a promise API over its messages. No rules live here.
//
//   import { engine, EngineError } from "./engine/bridge.js";
//   engine.onProgress(({ stage, message, fraction }) => ...);
//   await engine.ready;                       // {engine, pyodide} versions
//   const { view, legal } = await engine.turn(state, 0);

import { EngineError, messageOf } from "./errors.js";
import { jsonProblem } from "./json.js";

export { EngineError };

export { MAX_DEPTH, jsonProblem } from "./json.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
// `?boot=micropip` or `?boot=cold` on the page's address chooses the worker's boot path
// (docs/BRIDGE.md, "Boot"); by default it restores a stored snapshot when there is one.
const BOOT_MODE = new URLSearchParams(globalThis.location?.search ?? "").get("boot");
if (BOOT_MODE) WORKER_URL.searchParams.set("boot", BOOT_MODE);

// A worker that has sent nothing for this long while calls wait for it, and is not inside
// a call, has hung; it is replaced.
const UNRESPONSIVE_MS = 30_000;
// A worker inside one call (it says when it starts each: {type: "working"}) is computing
// and cannot answer pings until the call is done: it is taken for hung only once that one
// call has run this long (the longest call a page makes takes a few seconds; a machine
// that is busy with other work may take many times that).
const LONGEST_CALL_MS = 180_000;
// While calls wait, the worker is asked this often whether it is alive: an idle worker
// answers at once, a busy one once its call is done.
const PING_MS = 5_000;
// A worker that dies this often within RESTART_WINDOW_MS is not started again: the
// engine is reported as failed (`retry()` starts it again).
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const DIED_MESSAGE = "The rules engine stopped working. It is starting again.";

/** Drop undefined entries, so optional parameters left out stay left out. */
function defined(params) {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

class Engine {
  constructor() {
    this._listeners = new Set();
    this._deathListeners = new Set();
    this._latest = null; // the latest progress report, replayed to new listeners
    this.boot = null; // once ready: {path: "snapshot" | "cold" | "micropip", ms, steps}
    this._nextId = 1;
    this._deaths = []; // when the workers died (for MAX_RESTARTS)
    this._start();
    setInterval(() => this._watch(), PING_MS);
  }

  /** A new worker and a new boot; `ready` follows it. */
  _start() {
    this._pending = new Map(); // id -> {resolve, reject}
    this._bootError = null;
    this._up = false; // the worker has said it is ready
    this.ready = new Promise((resolve, reject) => {
      this._booted = resolve;
      this._bootFailed = reject;
    });
    this.ready.catch(() => {}); // a page that never awaits `ready` still sees failed calls
    performance.mark("celestix:worker-created");
    const worker = new Worker(WORKER_URL, { type: "module" });
    worker.onmessage = (event) => worker === this._worker && this._receive(event.data, worker);
    // the worker's script failed: while booting, the boot failed (not found, syntax
    // error); once up, the worker died (an error nothing caught)
    worker.onerror = (event) => {
      event.preventDefault();
      this._lost(worker, event.message || "its worker failed to load");
    };
    // Ending the worker from outside (a test, the browser's tools) is a death too: its
    // terminate() tells the bridge at once (the worker's life lock, a moment later), so
    // a call made just after it waits for the next worker (the tests' hook).
    worker.terminate = () => {
      Worker.prototype.terminate.call(worker);
      if (worker === this._worker && this._up) this._died("the worker was terminated");
    };
    this._worker = worker;
    this._heard = performance.now();
    this._working = null; // {id, since}: the call the worker is inside, by its word
    this._watched = performance.now();
  }

  /** Every PING_MS: while calls wait, ask the worker whether it is alive, and replace it
   * when it has said nothing for UNRESPONSIVE_MS. */
  _watch() {
    const now = performance.now();
    // this page itself was held (a long task, a throttled background tab): the worker's
    // answers may still wait in this page's queue, so its silence is counted from now
    if (now - this._watched > 2 * PING_MS) this._heard = Math.max(this._heard, now - PING_MS);
    this._watched = now;
    if (!this._up || this._pending.size === 0) return;
    const working = this._working && this._pending.has(this._working.id) ? this._working : null;
    if (working && now - working.since > LONGEST_CALL_MS) {
      this._died(`one call ran for more than ${LONGEST_CALL_MS / 1000} s`);
      return;
    }
    if (!working && now - this._heard > UNRESPONSIVE_MS) {
      this._died(`the worker did not answer for ${UNRESPONSIVE_MS / 1000} s`);
      return;
    }
    this._worker.postMessage({ type: "ping" });
  }

  /** `worker` has ended or failed (`reason`): once up, it died; while booting, the boot
   * failed. Nothing when it is no longer the engine's worker, or the engine has failed. */
  _lost(worker, reason) {
    if (worker !== this._worker || this._bootError) return;
    if (this._up) this._died(reason);
    else this._fail(`The rules engine could not start: ${reason}`);
  }

  /** The worker holds the Web Lock `name` for its whole life (worker.js): ask for it, to
   * be granted it once the worker has ended, however it ended. */
  _watchLife(worker, name) {
    navigator.locks?.request(name, () => this._lost(worker, "its worker stopped")).catch(() => {});
  }

  /** The worker died after its boot: every waiting call fails with kind "died", the
   * death listeners are told, and a new worker boots (from the stored snapshot). */
  _died(reason) {
    console.info(`celestix: the rules engine stopped (${reason})`);
    const worker = this._worker;
    const pending = [...this._pending.values()];
    this._pending = new Map();
    this._up = false;
    this._worker = null;
    Worker.prototype.terminate.call(worker);
    const now = performance.now();
    this._deaths = [...this._deaths.filter((at) => now - at < RESTART_WINDOW_MS), now];
    const error = new EngineError({ type: "WorkerError", kind: "died", message: DIED_MESSAGE });
    if (this._deaths.length > MAX_RESTARTS) {
      this._worker = worker; // for _fail, which ends it
      this._fail("The rules engine keeps stopping. Reload the page to start it again.");
    } else {
      this._latest = null;
      this._start();
    }
    for (const { reject } of pending) reject(error);
    for (const listener of this._deathListeners) {
      try {
        listener();
      } catch (failure) {
        console.error(failure);
      }
    }
  }

  _receive(message, worker) {
    this._heard = performance.now();
    if (message.type === "pong") return;
    if (message.type === "working") {
      this._working = { id: message.id, since: this._heard };
      return;
    }
    if (message.type === "alive") {
      this._watchLife(worker, message.lock);
    } else if (message.type === "died") {
      this._died(message.message);
    } else if (message.type === "progress") {
      const { stage, message: text, fraction } = message;
      this._latest = { stage, message: text, fraction };
      for (const listener of this._listeners) listener(this._latest);
    } else if (message.type === "ready") {
      // the boot's steps, in ms from this page's navigation start
      const steps = {};
      for (const [name, at] of Object.entries(message.boot.steps)) {
        steps[name] = Math.round(at - performance.timeOrigin);
      }
      this.boot = { ...message.boot, steps };
      this._up = true;
      // for the start-up benchmark and the tests: when, and by which path
      performance.mark("celestix:engine-ready", { detail: this.boot });
      this._booted(message.version);
    } else if (message.type === "snapshot-stored") {
      performance.mark("celestix:snapshot-stored", { detail: { size: message.size } });
    } else if (message.type === "boot-error") {
      this._fail(message.message);
    } else if (this._pending.has(message.id)) {
      const { resolve, reject } = this._pending.get(message.id);
      this._pending.delete(message.id);
      if (message.ok) resolve(message.result);
      else reject(new EngineError(message.error));
    }
  }

  /** The boot failed: reject `ready` and every call waiting for an answer. */
  _fail(text) {
    this._bootError = new EngineError({ type: "BootError", kind: "boot", message: text });
    this._bootFailed(this._bootError);
    for (const { reject } of this._pending.values()) reject(this._bootError);
    this._pending.clear();
    this._worker.terminate();
  }

  /** Call fn({stage, message, fraction}) on each boot report (soon with the latest one:
   * in a microtask, so a page whose module is still being evaluated is ready for it).
   * Returns a function that stops the calls. */
  onProgress(fn) {
    this._listeners.add(fn);
    const latest = this._latest;
    if (latest)
      queueMicrotask(() => this._latest === latest && this._listeners.has(fn) && fn(latest));
    return () => this._listeners.delete(fn);
  }

  /** Call fn() each time the worker dies after its boot (a new one is then starting and
   * `ready` is its promise). Returns a function that stops the calls. */
  onDied(fn) {
    this._deathListeners.add(fn);
    return () => this._deathListeners.delete(fn);
  }

  /** After a failed boot: a new worker and a new boot. Resolves like `ready`. */
  retry() {
    if (this._bootError) {
      this._latest = null;
      this._deaths = [];
      this._start();
    }
    return this.ready;
  }

  /** Call an engine method (docs/BRIDGE.md) with named params; resolves with its result.
   * Parameters that are not plain JSON are refused here (kind "malformed", `field` names
   * the value at fault), before anything is posted. */
  call(method, params = {}) {
    if (this._bootError) return Promise.reject(this._bootError);
    const given = defined(params);
    for (const [name, value] of Object.entries(given)) {
      const fault = jsonProblem(name, value);
      if (fault) {
        const { field, problem } = fault;
        return Promise.reject(
          new EngineError({
            type: "MalformedError",
            kind: "malformed",
            message: `${field}: ${problem}`,
            field,
          }),
        );
      }
    }
    return new Promise((resolve, reject) => {
      const id = this._nextId++;
      // the worker has been silent while idle: its silence is counted from now
      if (this._pending.size === 0) this._heard = performance.now();
      try {
        this._worker.postMessage({ id, method, params: given });
      } catch (error) {
        reject(
          new EngineError({
            type: error instanceof Error ? error.name : "Error",
            kind: "malformed",
            message: messageOf(error),
            field: "params",
          }),
        );
        return;
      }
      this._pending.set(id, { resolve, reject });
    });
  }

  games() {
    return this.call("games");
  }

  newGame(game, options, seed, setup) {
    return this.call("new_game", { game, options, seed, setup });
  }

  legalActions(state, seat) {
    return this.call("legal_actions", { state, seat });
  }

  apply(state, action, seat) {
    return this.call("apply", { state, action, seat });
  }

  view(state, seat) {
    return this.call("view", { state, seat });
  }

  /** A seat's view and legal actions in one round trip: {view, legal}. */
  turn(state, seat) {
    return this.call("turn", { state, seat });
  }

  botAction(view, level, seed) {
    return this.call("bot_action", { view, level, seed });
  }

  replay(record) {
    return this.call("replay", { record });
  }

  /** The state with the seed its next hands are dealt from set to `seed` (api.reseed). */
  reseed(state, seed) {
    return this.call("reseed", { state, seed });
  }

  /** The advice of `level` for the seat whose view this is: {action, reason, alternatives}. */
  hint(view, level, seed) {
    return this.call("hint", { view, level, seed });
  }

  /** The patience solver on the real stock (a spoiler): {status, line, nodes}. */
  winnable(state, budget) {
    return this.call("winnable", { state, budget });
  }

  /** Apply `seat`'s action: {seat, action, state, events, view, legal} (`viewer`'s turn after it). */
  play(state, action, seat, viewer) {
    return this.call("play", { state, action, seat, viewer });
  }

  /** The computer player to act chooses from its own view and plays: as play(). */
  botPlay(state, level, seed, viewer) {
    return this.call("bot_play", { state, level, seed, viewer });
  }

  // --- review (issue 16; docs/BRIDGE.md, "Review") ---------------------------------------
  // Run step by step to show progress and allow cancelling between steps:
  //   let job = await engine.reviewPlan(record, seat, level);
  //   while (!job.review) job = await engine.reviewStep(job);   // job.progress: {done, total}

  /** `seat`'s decisions in `record` judged, in one call: {decisions, summary, ...}. */
  review(record, seat, level, seed, hand) {
    return this.call("review", { record, seat, level, seed, hand });
  }

  /** The same review as a job to run with reviewStep(); `job.review` is null until done. */
  reviewPlan(record, seat, level, seed, hand) {
    return this.call("review_plan", { record, seat, level, seed, hand });
  }

  /** The review job after its next step. */
  reviewStep(job) {
    return this.call("review_step", { job });
  }

  /** One decision (action `index` of the record) judged as the review judges it. */
  reviewDecision(record, seat, index, level, seed) {
    return this.call("review_decision", { record, seat, index, level, seed });
  }
}

/** The one engine of the page, booting from the moment this module is imported (the site's
 * page loads this module with its own script tag, so the worker starts before the rest of
 * the page's scripts have arrived). */
export const engine = new Engine();
