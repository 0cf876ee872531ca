// The engine's Web Worker (a module worker; see docs/BRIDGE.md for its messages and boot).
//
// It boots Pyodide from the site's own vendored copy, installs the celestix wheel from
// this site (never from another origin), then answers {id, method, params} requests by
// calling celestix.bridge.handle. Requests that arrive before the engine is ready wait
// in a queue. Boot progress is real: the runtime's two big downloads are counted byte by
// byte.
//
// Four boot paths (docs/BRIDGE.md, "Boot"), tried in this order:
//   snapshot  a memory snapshot of an earlier boot (Pyodide with the engine imported),
//             kept in Cache Storage and keyed by the Pyodide build and the wheel's hash,
//             is restored and Python's random generator is reseeded; the wheel's files are
//             unpacked again (the file system is not in the snapshot) once the worker is
//             idle.
//   prebuilt  a first visit: the same, from the snapshot build.py made under Node (gzipped
//             beside the wheel), downloaded while the runtime is; it is then stored as
//             the snapshot of the next start. Skipped when the browser asks to save data
//             or reports a slow connection (6.5 MB more to download than a cold boot).
//   cold      Pyodide starts from scratch, the wheel (fetched while the runtime boots) is
//             unpacked into site-packages, the engine is imported; once the page has had
//             its first answers and the worker is idle, a snapshot is made and stored for
//             the next start.
//   micropip  the reference installer: micropip installs the wheel (no snapshot). Chosen
//             only by `?boot=micropip` on the worker's URL (the bridge passes the page's).
// Any failure of a snapshot path falls back to the next path silently.

import {
  engineSnapshot,
  importEngine,
  restoreOptions,
  snapshotOptions,
  unpackEngine,
} from "./install.js";
import { jsonProblem } from "./json.js";
import { fetchRuntimeEarly, loadWithRuntimeHooks, started } from "./runtime.js";
import { messageOf } from "./errors.js";

// What to load (docs/BRIDGE.md): build.py writes it in here, so that every download starts
// at the worker's first moment, with no request for build.json first. Left null (web/
// served as it is, without a build), the worker reads build.json instead.
const BOOT = null;

// The site's root (this file is js/engine/worker.js). Every URL is made absolute:
// relative lock-file and package URLs fail inside a worker.
const SITE = new URL("../../", import.meta.url);
// "auto" (snapshot when one is stored, else prebuilt, else cold), "prebuilt" (the build's
// snapshot: never read or write a stored one), "cold" (no snapshot at all) or "micropip"
const MODE = new URL(import.meta.url).searchParams.get("boot") || "auto";
// A boot that makes no progress for this long is reported as failed: Pyodide only logs
// some failures (a wasm that does not instantiate) and then waits forever.
const STALL_MS = 60_000;
// Snapshots live in their own cache (the service worker's versioned caches are others).
const SNAPSHOT_CACHE = "celestix-snapshots";
// Work after the boot (a snapshot made or stored; a restored engine's files unpacked)
// waits until the worker has been idle this long: the page's first requests come first.
const IDLE_MS = 1000;

// This script and the modules it imports: what a snapshot's boot code is made of
const ENGINE_MODULES = ["worker.js", "install.js", "runtime.js", "json.js"];

// When each step of the boot ended (ms since the epoch; the page makes them its own times)
const steps = {};
const step = (name) => (steps[name] = performance.timeOrigin + performance.now());
step("worker");

holdLifeLock();

/**
 * Hold a Web Lock for this worker's whole life and tell the bridge its name: the bridge
 * asks for the same lock, which it is granted only once this worker has ended, however it
 * ended (closed, terminated, crashed), so a dead worker is noticed at once (docs/BRIDGE.md,
 * "A worker that dies"). Web Locks need a secure context (https, localhost); without
 * them the bridge notices a dead worker by its silence.
 */
function holdLifeLock() {
  const locks = self.navigator?.locks;
  if (!locks || !self.crypto?.randomUUID) return;
  const name = `celestix-engine-worker-${crypto.randomUUID()}`;
  locks
    .request(name, () => {
      self.postMessage({ type: "alive", lock: name });
      return new Promise(() => {}); // never settles: the lock goes with the worker
    })
    .catch((error) => console.info(`celestix: no life lock (${messageOf(error)})`));
}

let handle = null; // celestix.bridge.handle, once the engine is ready
const waiting = []; // requests received before then
let lastRequest = 0;

self.onmessage = (event) => {
  if (event.data?.type === "ping") {
    self.postMessage({ type: "pong" }); // the bridge checks that the worker is alive
    return;
  }
  lastRequest = performance.now();
  if (handle) answer(event.data);
  else waiting.push(event.data);
};

/**
 * Answer one request: {id, ok: true, result} or {id, ok: false, error}. Never throws: a
 * request that cannot be answered (parameters JSON cannot hold, Pyodide failing) gets an
 * error of its own. If Python itself no longer answers afterwards, the worker tells the
 * bridge it has died and stops (the bridge starts another).
 */
function answer(request) {
  const id = request?.id;
  let response;
  try {
    // (bridge.js has checked them; this worker never hands Python what it cannot take)
    const params = request.params ?? null;
    const plain = params !== null && typeof params === "object" && !Array.isArray(params);
    const entries = plain
      ? Object.entries(params).map(([name, v]) => [`params.${name}`, v])
      : [["params", params]];
    const fault = entries.map(([name, value]) => jsonProblem(name, value)).find(Boolean);
    if (fault) {
      const message = `${fault.field}: ${fault.problem}`;
      self.postMessage({
        id,
        ok: false,
        error: { type: "MalformedError", kind: "malformed", message, field: fault.field },
      });
      return;
    }
    // the bridge learns the worker is computing: it cannot answer pings until the end
    self.postMessage({ type: "working", id });
    response = JSON.parse(handle(String(request.method), JSON.stringify(params)));
  } catch (error) {
    // handle() itself never raises: the parameters could not be written as JSON (the
    // bridge refuses those before posting), or Pyodide failed (e.g. out of memory)
    response = {
      ok: false,
      error: { type: "WorkerError", kind: "internal", message: describe(error) },
    };
    if (!pythonAnswers()) {
      self.postMessage({ id, ...response });
      self.postMessage({ type: "died", message: `Python stopped answering: ${describe(error)}` });
      self.close();
      return;
    }
  }
  self.postMessage({ id, ...response });
}

/** An error as text, whatever was thrown. */
function describe(error) {
  try {
    return String(error?.message ?? error);
  } catch {
    return "an error that cannot be shown";
  }
}

/** Whether the engine still answers (after an error, Pyodide may have failed for good). */
function pythonAnswers() {
  try {
    return JSON.parse(handle("version", "null")).ok === true;
  } catch {
    return false;
  }
}

// --- progress ----------------------------------------------------------------------

let lastProgress = Date.now();
let stalled = null; // rejects the boot when nothing has happened for STALL_MS

function progress(stage, message, fraction = null) {
  lastProgress = Date.now();
  self.postMessage({ type: "progress", stage, message, fraction });
}

// --- downloads ---------------------------------------------------------------------

async function fetchJson(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return response.json();
}

/** A response that must be a success with a body. */
async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`could not download ${url}: HTTP ${response.status}`);
  return response;
}

/** Did the browser ask to save data, or does it report a slow connection? */
function savingData() {
  /** @type {{saveData?: boolean, effectiveType?: string} | undefined} (where the browser has it) */
  const connection = /** @type {any} */ (self.navigator)?.connection;
  return Boolean(
    connection &&
      (connection.saveData || ["slow-2g", "2g", "3g"].includes(connection.effectiveType)),
  );
}

/** A gzipped response's body unzipped, which must be `size` bytes. */
async function gunzip(response, size) {
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  const bytes = new Uint8Array(size);
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > size) throw new Error("the snapshot is larger than the build says");
    bytes.set(value, at);
    at += value.length;
  }
  if (at !== size) throw new Error("the snapshot is cut short");
  return bytes;
}

async function fetchBytes(url) {
  return new Uint8Array(await (await fetchOk(url)).arrayBuffer());
}

/** `make()`'s result, made on the first call only. */
function once(make) {
  let made = false;
  let value;
  return () => {
    if (!made) [made, value] = [true, make()];
    return value;
  };
}

// --- snapshots ---------------------------------------------------------------------

/**
 * Where the snapshot of this build is kept: a URL (a Cache Storage key, never fetched)
 * naming the Pyodide version, its wasm's hash, the engine wheel's hash and this script's
 * (which decides what a snapshot holds and where the engine's files go), so a snapshot is
 * never restored into another Pyodide build, with another engine or by another boot.
 */
function snapshotKey(manifest) {
  const hash = (path) => manifest.files[path].sha256.slice(0, 16);
  const wasm = hash(`${manifest.pyodide.path}pyodide.asm.wasm`);
  const wheel = hash(manifest.engine.wheel);
  // (BOOT.worker: the hash of this script and the modules it imports; unbuilt, theirs)
  const code = () =>
    ENGINE_MODULES.map((name) => manifest.files[`js/engine/${name}`].sha256.slice(0, 16));
  const worker = (manifest.worker ?? code().join("")).slice(0, 16);
  return new URL(
    `__snapshot__/pyodide-${manifest.pyodide.version}-${wasm}/celestix-${wheel}/worker-${worker}`,
    SITE,
  ).href;
}

/** The stored snapshot for `key`, or null (none, or Cache Storage is unavailable). */
async function readSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(key);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = Number(response.headers.get("x-snapshot-size"));
    // a snapshot cut short (a full disk, an interrupted write) is not even tried
    if (bytes.length !== expected || bytes.length % 4 !== 0) throw new Error("truncated");
    return bytes;
  } catch (error) {
    console.info(
      `celestix: the stored snapshot is unusable (${messageOf(error)}); starting afresh`,
    );
    await dropSnapshots();
    return null;
  }
}

/** Store `snapshot` under `key`, replacing the snapshots of other builds. */
async function storeSnapshot(key, snapshot) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
  await cache.put(
    key,
    new Response(snapshot, {
      headers: {
        "content-type": "application/octet-stream",
        "x-snapshot-size": String(snapshot.length),
      },
    }),
  );
}

async function dropSnapshots() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {
    // nothing stored, or no Cache Storage: nothing to drop
  }
}

// --- boot --------------------------------------------------------------------------

/** Start Pyodide (`options`: snapshot options), counting the runtime's downloads. */
async function startPython(plan, options, message) {
  const { loadPyodide, manifest, runtime } = plan;
  const pyodideDir = new URL(manifest.pyodide.path, SITE);
  const sizes = new Map();
  for (const name of ["pyodide.asm.wasm", "python_stdlib.zip"]) {
    sizes.set(new URL(name, pyodideDir).href, manifest.files[manifest.pyodide.path + name].size);
  }
  if (runtime) runtime.starting(sizes, message);
  else progress("runtime", "Downloading the Python runtime", 0);
  const report = (fraction) =>
    progress("runtime", fraction < 1 ? "Downloading the Python runtime" : message, fraction);
  const pyodide = await loadWithRuntimeHooks({ sizes, report, early: runtime, base: SITE }, () =>
    loadPyodide({
      indexURL: pyodideDir.href,
      lockFileURL: new URL("pyodide-lock.json", pyodideDir).href,
      ...options,
    }),
  );
  step("runtime");
  return pyodide;
}

/** The install step (install.js, shared with the build's snapshot script) once the
 * downloads have come. `quiet`: no progress reports. */
async function install(pyodide, wheel, bytecode = null, quiet = false) {
  if (!quiet) progress("packages", "Unpacking the rules engine", 0);
  unpackEngine(pyodide, await wheel, await bytecode);
  step("unpacked");
  if (!quiet) progress("packages", "Rules engine unpacked", 1);
}

/** Import the bridge and ask its version: {handle, version}. */
function startEngine(pyodide) {
  progress("engine", "Starting the rules engine", 0.5);
  const engine = importEngine(pyodide);
  step("imported");
  return engine;
}

/** Restore the heap `bytes` (a snapshot: Python with the engine imported). */
async function restore(plan, bytes) {
  const pyodide = await startPython(plan, restoreOptions(bytes), "Restoring Python");
  progress("packages", "Rules engine restored", 1);
  // the generator's state was frozen in the snapshot: every start would draw the same
  // numbers (the engine takes its seeds explicitly; celestix.rng.fresh_seed reads the OS)
  pyodide.runPython("import random\nrandom.seed()");
  const engine = startEngine(pyodide);
  // Every module of the engine was imported when the snapshot was made (`games` imports
  // each game; nothing imports later), so the engine answers before its files are back
  // in the file system (which is not in the snapshot): they are unpacked once the worker
  // is idle, for whatever reads them later (tracebacks, say). No bytecode: nothing will
  // be compiled.
  afterIdle(() => install(pyodide, plan.wheel, null, true));
  return engine;
}

/**
 * The boot plan: the paths to try, in order (docs/BRIDGE.md, "Boot"). Each is
 * `{path, run}`; `run()` resolves with the engine ({handle, version}), or null when the
 * path does not apply (nothing stored), and throws when it fails: the next path is then
 * tried, except after the last, whose failure is the boot's.
 */
function bootPlan(plan) {
  const { manifest, key, stored, wantBuilt, prebuilt } = plan;
  const built = manifest.engine.snapshot;
  if (MODE === "micropip") return [{ path: "micropip", run: () => bootMicropip(plan) }];
  return [
    {
      path: "snapshot",
      run: async () => {
        const bytes = await stored;
        if (!bytes) return null;
        try {
          return await restore(plan, bytes);
        } catch (error) {
          await dropSnapshots(); // from another build, cut short or damaged: forget it
          throw error;
        }
      },
    },
    {
      path: "prebuilt",
      run: async () => {
        if (!wantBuilt) return null;
        // (after a stored snapshot failed to restore, it is asked for only now)
        const { response } = (await prebuilt) ?? {
          response: await fetchOk(new URL(built.path, SITE)),
        };
        const bytes = await gunzip(response, built.size);
        const engine = await restore(plan, bytes);
        if (MODE === "auto") afterIdle(() => keepSnapshot(key, bytes));
        return engine;
      },
    },
    {
      path: "cold",
      run: async () => {
        const bytecode = plan.bytecode();
        const pyodide = await startPython(
          plan,
          MODE === "auto" ? snapshotOptions() : {},
          "Starting Python",
        );
        await install(pyodide, plan.wheel, bytecode);
        const engine = startEngine(pyodide);
        if (MODE === "auto") afterIdle(() => snapshotNow(pyodide, key));
        return engine;
      },
    },
  ];
}

async function bootMicropip(plan) {
  const { manifest } = plan;
  const pyodide = await startPython(plan, {}, "Starting Python");
  // micropip, by URL (by name, the lock's hash -- made for another file -- refuses it).
  // loadPackage does not reject on failure: check what was loaded.
  progress("packages", "Loading the package installer", 0);
  const errors = [];
  await pyodide.loadPackage(new URL(manifest.micropip.wheel, SITE).href, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!("micropip" in pyodide.loadedPackages)) {
    throw new Error(
      `the package installer did not load: ${errors.join("; ") || "no reason given"}`,
    );
  }
  progress("packages", "Package installer loaded", 1);
  progress("engine", "Installing the rules engine", 0);
  pyodide.globals.set("ENGINE_WHEEL", new URL(manifest.engine.wheel, SITE).href);
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(ENGINE_WHEEL, deps=False)");
  return startEngine(pyodide);
}

// Where build.py puts Pyodide: its loader is fetched while build.json is (and again from
// build.json's path, should that ever differ)
const PYODIDE_PATH = "pyodide/";

/**
 * Everything the boot paths share, every download asked for at once: the runtime's
 * loader and big files, the engine wheel, the stored snapshot, and the build's snapshot
 * unless one is stored. Resolves once the loader has come.
 */
async function preparePlan() {
  progress("runtime", "Loading the build manifest", 0);
  const early = started(import(new URL(`${PYODIDE_PATH}pyodide.mjs`, SITE).href));
  // Pyodide's glue script: imported now, Pyodide's own import of the same URL gets the
  // module already fetched and evaluated (one module map per worker)
  started(import(new URL(`${PYODIDE_PATH}pyodide.asm.mjs`, SITE).href));
  const manifest = BOOT ?? (await fetchJson(new URL("build.json", SITE)));
  step("manifest");
  const samePath = manifest.pyodide.path === PYODIDE_PATH;
  const loader = samePath
    ? early
    : import(new URL(`${manifest.pyodide.path}pyodide.mjs`, SITE).href);
  const key = snapshotKey(manifest);
  const stored = started(MODE === "auto" ? readSnapshot(key) : Promise.resolve(null));
  const built = manifest.engine.snapshot;
  const wantBuilt = Boolean(built) && (MODE === "prebuilt" || (MODE === "auto" && !savingData()));
  // {response, counted (a copy for the progress bar)} or null
  const prebuilt = started(
    stored.then(async (bytes) => {
      if (bytes || !wantBuilt) return null;
      const response = await fetchOk(new URL(built.path, SITE));
      return { response, counted: response.clone() };
    }),
  );
  const counted = prebuilt.then(
    (p) => p && { body: p.counted.body, size: manifest.files[built.path].size },
  );
  const runtime = fetchRuntimeEarly(new URL(PYODIDE_PATH, SITE), counted, {
    progress,
    compiled: () => step("compiled"),
  });
  const plan = {
    manifest,
    key,
    stored,
    wantBuilt,
    prebuilt,
    // the early downloads serve only the runtime at PYODIDE_PATH
    runtime: samePath ? runtime : null,
    wheel: MODE === "micropip" ? null : started(fetchBytes(new URL(manifest.engine.wheel, SITE))),
    // only a cold boot unpacks it: asked for when the boot goes cold (at once when no
    // snapshot is wanted), while Python starts
    bytecode: once(() =>
      manifest.engine.bytecode
        ? started(fetchBytes(new URL(manifest.engine.bytecode, SITE)))
        : null,
    ),
  };
  if (MODE === "cold") plan.bytecode();
  plan.loadPyodide = (await loader).loadPyodide;
  step("loader");
  return plan;
}

/** Try the plan's paths in order: {handle, version, path} of the first that boots. */
async function boot() {
  const plan = await preparePlan();
  const paths = bootPlan(plan);
  for (const [i, { path, run }] of paths.entries()) {
    try {
      const engine = await run();
      if (engine) return { ...engine, path };
    } catch (error) {
      if (i === paths.length - 1) throw error;
      console.info(`celestix: the ${path} boot failed (${messageOf(error)}); trying the next way`);
    }
  }
  throw new Error("no way to boot"); // the last path always boots or throws
}

// --- after the boot ----------------------------------------------------------------

// Work that waits until the boot is over and the worker has had no request for IDLE_MS
// (the page's first requests come first): a restored engine's files, a snapshot to make
// or to store. Run in the order given, one at a time.
const idleTasks = [];
let idleRunning = false;

function afterIdle(task) {
  idleTasks.push(task);
}

/** Run the queued tasks, each once the worker has been idle for IDLE_MS. */
function runIdleTasks() {
  if (idleRunning) return;
  idleRunning = true;
  const next = () => {
    const idle = performance.now() - lastRequest;
    if (idle < IDLE_MS) {
      setTimeout(next, IDLE_MS - idle);
      return;
    }
    const task = idleTasks.shift();
    if (!task) {
      idleRunning = false;
      return;
    }
    Promise.resolve()
      .then(task)
      .catch((error) => console.info(`celestix: ${messageOf(error)}`))
      .then(() => setTimeout(next, 0));
  };
  setTimeout(next, IDLE_MS);
}

/** Store `snapshot` under `key` and tell the page, or say on the console why not. */
async function keepSnapshot(key, snapshot) {
  try {
    await storeSnapshot(key, snapshot);
    self.postMessage({ type: "snapshot-stored", size: snapshot.length });
  } catch (error) {
    console.info(`celestix: the snapshot was not stored (${messageOf(error)})`);
  }
}

/** Snapshot the heap (install.js: every game imported first) and store it for the next
 * start. */
async function snapshotNow(pyodide, key) {
  let snapshot;
  try {
    snapshot = engineSnapshot(pyodide, handle);
  } catch (error) {
    console.info(`celestix: no snapshot was made (${messageOf(error)})`);
    return;
  }
  await keepSnapshot(key, snapshot);
}

/** Boot, with a watchdog for boots that stop making progress. */
async function start() {
  const began = performance.now();
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgress > STALL_MS)
      stalled?.(new Error(`no progress for ${STALL_MS / 1000} s`));
  }, 1000);
  try {
    const booted = await Promise.race([boot(), new Promise((_, reject) => (stalled = reject))]);
    handle = booted.handle;
    progress("engine", "Ready", 1);
    const ms = Math.round(performance.now() - began);
    self.postMessage({
      type: "ready",
      version: booted.version,
      boot: { path: booted.path, ms, steps },
    });
    for (const request of waiting.splice(0)) answer(request);
    lastRequest = performance.now();
    runIdleTasks();
  } catch (error) {
    self.postMessage({
      type: "boot-error",
      message: `The rules engine could not start: ${messageOf(error)}`,
    });
  } finally {
    clearInterval(watchdog);
  }
}

start();
