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
// The wasm heap a new Pyodide module starts with. A snapshot is copied into it as it is
// (Pyodide 314.0.7 does not grow it first), so a larger snapshot cannot be restored and
// is not stored.
const SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024;
// Work after the boot (a snapshot made or stored; a restored engine's files unpacked)
// waits until the worker has been idle this long: the page's first requests come first.
const IDLE_MS = 1000;

// When each step of the boot ended (ms since the epoch; the page makes them its own times)
const steps = {};
const step = (name) => (steps[name] = performance.timeOrigin + performance.now());
step("worker");

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
    response = JSON.parse(handle(String(request.method), JSON.stringify(request.params ?? null)));
  } catch (error) {
    // handle() itself never raises: the parameters could not be written as JSON (the
    // bridge refuses those before posting), or Pyodide failed (e.g. out of memory)
    response = { ok: false, error: { type: "WorkerError", kind: "internal", message: describe(error) } };
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

/**
 * PRIVATE PYODIDE INTERFACE (checked against Pyodide 314.0.7). `loadPyodide` takes no
 * option to be given the runtime's files: its loader fetches `pyodide.asm.wasm` and
 * `python_stdlib.zip` with the global `fetch` and compiles the wasm with the global
 * `WebAssembly.instantiateStreaming`. So, while `load()` runs, both are wrapped, and
 * restored after:
 *   fetch                 counts the bytes of the files in `sizes` (absolute URL -> size
 *                         from build.json) as they arrive, `report(fraction)` getting the
 *                         share received; hands Pyodide the early downloads (`early`, see
 *                         fetchRuntimeEarly) when there are any; a failed download fails
 *                         the load (Pyodide would only log it and wait)
 *   instantiateStreaming  gives Pyodide the module compiled early for the wasm's stand-in
 * A new Pyodide that loads its files otherwise loses the early start and the progress
 * bar's detail, not the boot: the hooks only see what passes through them.
 */
async function loadWithRuntimeHooks({ sizes, report, early }, load) {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let received = 0;
  let percent = -1; // reported only when the whole percentage changes
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  const counted = (bytes) => {
    received += bytes;
    const now = Math.floor((100 * received) / total);
    if (now !== percent) report(Math.min(1, (percent = now) / 100));
  };
  const realFetch = self.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), SITE).href;
    if (!sizes.has(url)) return realFetch.call(self, input, init);
    if (early?.has(url)) {
      const answer = await early.answer(url);
      if (answer) return answer;
    }
    let response;
    try {
      response = await realFetch.call(self, input, init);
    } catch (error) {
      fail(new Error(`could not download ${url}: ${error.message}`));
      throw error;
    }
    if (!response.ok || !response.body) {
      fail(new Error(`could not download ${url}: HTTP ${response.status}`));
      return response;
    }
    // Pyodide gets the real response (its URL lets the browser cache the compiled wasm,
    // and streaming compilation reads it natively); a clone of its body is counted.
    countBody(response.clone().body, counted);
    return response;
  };
  if (early) {
    WebAssembly.instantiateStreaming = (source, imports) => early.instantiate(realInstantiate, source, imports);
  }
  try {
    return await Promise.race([load(), failed]);
  } finally {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

/**
 * Pyodide's two big files, asked for from the worker's first moment (Pyodide itself would
 * ask only once its loader has come): the wasm is compiled as it arrives
 * (`WebAssembly.compileStreaming`), the standard library waits for Pyodide. Both
 * downloads are counted for the progress bar as they arrive (sizes from Content-Length,
 * else from the build manifest, given by `starting(bytesByUrl, message)` when Pyodide
 * starts loading), and so is `extra` once it resolves: null, or `{body, size}` of another
 * download of the runtime stage (the build's snapshot).
 *   answer(url)   Pyodide's own request for one of them: the standard library's response
 *                 (once: a second boot fetches it again), or for the wasm an empty
 *                 stand-in once the module is compiled; null if the early download
 *                 failed (the request then goes to the network)
 *   instantiate   stands in for WebAssembly.instantiateStreaming while Pyodide loads: the
 *                 compiled module for the stand-in, the real thing for anything else
 */
function fetchRuntimeEarly(dir, extra) {
  const wasmUrl = new URL("pyodide.asm.wasm", dir).href;
  const stdlibUrl = new URL("python_stdlib.zip", dir).href;
  const ok = (response) => {
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    return response;
  };
  const wasm = started(fetch(wasmUrl).then(ok));
  const stdlib = started(fetch(stdlibUrl).then(ok));
  // the copy to count is taken as the response arrives: Pyodide may read the response
  // itself (answer) before the wasm has come, and a read response cannot be cloned
  const stdlibCopy = started(stdlib.then((response) => response.clone()));
  const module = started(wasm.then((response) => WebAssembly.compileStreaming(response.clone())));
  module.then(() => step("compiled"), () => {});

  let finalMessage = "Python runtime downloaded";
  let percent = -1;
  let fromManifest;
  const manifestSizes = new Promise((resolve) => (fromManifest = resolve));
  Promise.all([wasm, stdlibCopy, extra.catch(() => null)]).then(([w, z, x]) => {
    const lengths = [w, z].map((response) => Number(response.headers.get("content-length")));
    const more = x ? x.size : 0;
    const total = lengths.every((n) => n > 0)
      ? Promise.resolve(lengths[0] + lengths[1] + more)
      : manifestSizes.then((sizes) => sizes.get(wasmUrl) + sizes.get(stdlibUrl) + more);
    let received = 0;
    const counted = (bytes) => {
      received += bytes;
      total.then((all) => {
        const now = Math.min(100, Math.floor((100 * received) / all));
        if (now === percent) return;
        percent = now;
        progress("runtime", now < 100 ? "Downloading the Python runtime" : finalMessage, now / 100);
      });
    };
    countBody(w.body, counted); // the compiler reads a clone
    countBody(z.body, counted); // a copy: Pyodide reads the response itself
    if (x) countBody(x.body, counted);
  }, () => {});

  const standIns = new WeakSet();
  let stdlibGiven = false;
  return {
    has: (url) => url === wasmUrl || url === stdlibUrl,
    /** Pyodide starts loading: sizes from the manifest, the message once downloaded. */
    starting(bytesByUrl, message) {
      fromManifest(bytesByUrl);
      finalMessage = message;
      if (percent === 100) progress("runtime", message, 1);
    },
    async answer(url) {
      try {
        if (url === stdlibUrl) {
          if (stdlibGiven) return null;
          stdlibGiven = true;
          return await stdlib;
        }
        await module;
      } catch {
        return null;
      }
      const standIn = new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } });
      standIns.add(standIn);
      return standIn;
    },
    async instantiate(realInstantiate, source, imports) {
      const response = await source;
      if (!standIns.has(response)) return realInstantiate(response, imports);
      const compiled = await module;
      return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
    },
  };
}

/** Read `body` to its end, telling `counted` the size of each chunk. */
async function countBody(body, counted) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      counted(value.byteLength);
    }
  } catch {
    // the download itself failed: the runtime's own read reports that
  }
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
  if (!response.ok || !response.body) throw new Error(`could not download ${url}: HTTP ${response.status}`);
  return response;
}

/** Did the browser ask to save data, or does it report a slow connection? */
function savingData() {
  const connection = self.navigator?.connection;
  return Boolean(connection && (connection.saveData || ["slow-2g", "2g", "3g"].includes(connection.effectiveType)));
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

/** A promise that is also marked handled: it may be dropped if the boot takes another path. */
function started(promise) {
  promise.catch(() => {});
  return promise;
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
  const worker = (manifest.worker ?? manifest.files["js/engine/worker.js"].sha256).slice(0, 16);
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
    console.info(`celestix: the stored snapshot is unusable (${error.message}); starting afresh`);
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
      headers: { "content-type": "application/octet-stream", "x-snapshot-size": String(snapshot.length) },
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

// --- Pyodide's other private interfaces (each checked against Pyodide 314.0.7) -----

/** loadPyodide options that restore a memory snapshot (`bytes`, the heap of an earlier
 * boot). `_loadSnapshot` is underscore-private: no public option restores a snapshot. */
function restoreOptions(bytes) {
  return { _loadSnapshot: bytes };
}

/** loadPyodide options that allow `makeSnapshot` later: `_makeSnapshot` (private) makes
 * Pyodide keep what a snapshot needs, and refuse whatever would break one (loadPackage). */
function snapshotOptions() {
  return { _makeSnapshot: true };
}

/** The heap as a snapshot: `makeMemorySnapshot()`, public but usable only with
 * `snapshotOptions()` (it throws otherwise). */
function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

/** The wasm heap's size in bytes: `pyodide._module` (private) is the Emscripten module. */
function heapSize(pyodide) {
  return pyodide._module.HEAP8.length;
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
  const report = (fraction) => progress("runtime", fraction < 1 ? "Downloading the Python runtime" : message, fraction);
  const pyodide = await loadWithRuntimeHooks({ sizes, report, early: runtime }, () =>
    loadPyodide({
      indexURL: pyodideDir.href,
      lockFileURL: new URL("pyodide-lock.json", pyodideDir).href,
      ...options,
    }),
  );
  step("runtime");
  return pyodide;
}

/**
 * Unpack the engine wheel into site-packages (what an installer does for a pure wheel),
 * and, when given, the engine's bytecode beside it (build.py has Pyodide's Python compile
 * the same sources: importing then compiles nothing). `quiet`: no progress reports.
 */
async function unpackEngine(pyodide, wheel, bytecode = null, quiet = false) {
  if (!quiet) progress("packages", "Unpacking the rules engine", 0);
  const extractDir = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('site-packages'))");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir });
  if (bytecode) pyodide.unpackArchive(await bytecode, "zip", { extractDir });
  step("unpacked");
  if (!quiet) progress("packages", "Rules engine unpacked", 1);
}

/** Import the bridge and ask its version: {handle, version}. */
function startEngine(pyodide) {
  progress("engine", "Starting the rules engine", 0.5);
  const bridge = pyodide.pyimport("celestix.bridge");
  const version = JSON.parse(bridge.handle("version", "null"));
  if (!version.ok) throw new Error(`the engine did not start: ${version.error.message}`);
  step("imported");
  return { handle: bridge.handle, version: { engine: version.result.engine, pyodide: pyodide.version } };
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
  afterIdle(() => unpackEngine(pyodide, plan.wheel, null, true));
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
        const { response } = (await prebuilt) ?? { response: await fetchOk(new URL(built.path, SITE)) };
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
        const pyodide = await startPython(plan, MODE === "auto" ? snapshotOptions() : {}, "Starting Python");
        await unpackEngine(pyodide, plan.wheel, bytecode);
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
    throw new Error(`the package installer did not load: ${errors.join("; ") || "no reason given"}`);
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
  const loader = samePath ? early : import(new URL(`${manifest.pyodide.path}pyodide.mjs`, SITE).href);
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
  const counted = prebuilt.then((p) => p && { body: p.counted.body, size: manifest.files[built.path].size });
  const runtime = fetchRuntimeEarly(new URL(PYODIDE_PATH, SITE), counted);
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
      manifest.engine.bytecode ? started(fetchBytes(new URL(manifest.engine.bytecode, SITE))) : null,
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
      console.info(`celestix: the ${path} boot failed (${error.message}); trying the next way`);
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
      .catch((error) => console.info(`celestix: ${error.message}`))
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
    console.info(`celestix: the snapshot was not stored (${error.message})`);
  }
}

/**
 * Import every game (so a restored engine has them all), snapshot the heap and store it
 * for the next start.
 */
async function snapshotNow(pyodide, key) {
  try {
    handle("games", "null"); // imports every game package
    if (heapSize(pyodide) > SNAPSHOT_HEAP_LIMIT) {
      console.info(`celestix: the heap (${heapSize(pyodide)} bytes) is too large to snapshot`);
      return;
    }
    await keepSnapshot(key, makeSnapshot(pyodide));
  } catch (error) {
    console.info(`celestix: no snapshot was made (${error.message})`);
  }
}

/** Boot, with a watchdog for boots that stop making progress. */
async function start() {
  const began = performance.now();
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgress > STALL_MS) stalled?.(new Error(`no progress for ${STALL_MS / 1000} s`));
  }, 1000);
  try {
    const booted = await Promise.race([boot(), new Promise((_, reject) => (stalled = reject))]);
    handle = booted.handle;
    progress("engine", "Ready", 1);
    const ms = Math.round(performance.now() - began);
    self.postMessage({ type: "ready", version: booted.version, boot: { path: booted.path, ms, steps } });
    for (const request of waiting.splice(0)) answer(request);
    lastRequest = performance.now();
    runIdleTasks();
  } catch (error) {
    self.postMessage({ type: "boot-error", message: `The rules engine could not start: ${error.message ?? error}` });
  } finally {
    clearInterval(watchdog);
  }
}

start();
