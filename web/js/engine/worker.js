// The engine's Web Worker (a module worker; see docs/BRIDGE.md for its messages).
//
// It boots Pyodide from the site's own vendored copy, installs the celestix wheel with
// micropip from this site (never from another origin), then answers {id, method, params}
// requests by calling celestix.bridge.handle. Requests that arrive before the engine is
// ready wait in a queue. Boot progress is real: the runtime's two big downloads are
// counted byte by byte.

// The site's root (this file is js/engine/worker.js). Every URL is made absolute:
// relative lock-file and package URLs fail inside a worker.
const SITE = new URL("../../", import.meta.url);
// A boot that makes no progress for this long is reported as failed: Pyodide only logs
// some failures (a wasm that does not instantiate) and then waits forever.
const STALL_MS = 60_000;

let handle = null; // celestix.bridge.handle, once the engine is ready
const waiting = []; // requests received before then

self.onmessage = (event) => {
  if (handle) answer(event.data);
  else waiting.push(event.data);
};

/** Answer one request: {id, ok: true, result} or {id, ok: false, error}. */
function answer({ id, method, params }) {
  let response;
  try {
    response = JSON.parse(handle(String(method), JSON.stringify(params ?? null)));
  } catch (error) {
    // handle() itself never raises; this is Pyodide failing (e.g. out of memory)
    response = {
      ok: false,
      error: { type: "WorkerError", kind: "internal", message: String(error), field: null, rule: null },
    };
  }
  self.postMessage({ id, ...response });
}

// --- progress ----------------------------------------------------------------------

let lastProgress = Date.now();
let stalled = null; // rejects the boot when nothing has happened for STALL_MS

function progress(stage, message, fraction = null) {
  lastProgress = Date.now();
  self.postMessage({ type: "progress", stage, message, fraction });
}

/**
 * Count the bytes of the given downloads as they arrive (Pyodide fetches the wasm and
 * the standard library with fetch(), so wrapping fetch sees them). `sizes` maps absolute
 * URLs to their sizes from build.json; `report(fraction)` gets the share received so far.
 * A failed download rejects `failed`: Pyodide would otherwise only log it.
 */
function countDownloads(sizes, report) {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let received = 0;
  let percent = -1; // reported only when the whole percentage changes
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), SITE).href;
    if (!sizes.has(url)) return realFetch(input, init);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      fail(new Error(`could not download ${url}: ${error.message}`));
      throw error;
    }
    if (!response.ok || !response.body) {
      fail(new Error(`could not download ${url}: HTTP ${response.status}`));
      return response;
    }
    const counter = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        const now = Math.floor((100 * received) / total);
        if (now !== percent) report(Math.min(1, (percent = now) / 100));
        controller.enqueue(chunk);
      },
    });
    // same status and headers (application/wasm keeps streaming compilation working)
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { failed, restore: () => (self.fetch = realFetch) };
}

// --- boot --------------------------------------------------------------------------

async function fetchJson(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return response.json();
}

async function boot() {
  progress("runtime", "Loading the build manifest", 0);
  const manifest = await fetchJson(new URL("build.json", SITE));
  const pyodideDir = new URL(manifest.pyodide.path, SITE);
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideDir).href);

  // stage 1: the Python runtime (download, then start)
  const sizes = new Map();
  for (const name of ["pyodide.asm.wasm", "python_stdlib.zip"]) {
    sizes.set(new URL(name, pyodideDir).href, manifest.files[manifest.pyodide.path + name].size);
  }
  progress("runtime", "Downloading the Python runtime", 0);
  const downloads = countDownloads(sizes, (fraction) =>
    progress("runtime", fraction < 1 ? "Downloading the Python runtime" : "Starting Python", fraction),
  );
  let pyodide;
  try {
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: pyodideDir.href,
        lockFileURL: new URL("pyodide-lock.json", pyodideDir).href,
      }),
      downloads.failed,
    ]);
  } finally {
    downloads.restore();
  }

  // stage 2: micropip, by URL (by name, the lock's hash -- made for another file -- refuses
  // it). loadPackage does not reject on failure: check what was loaded.
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

  // stage 3: the engine wheel from this site, then the bridge module
  progress("engine", "Installing the rules engine", 0);
  pyodide.globals.set("ENGINE_WHEEL", new URL(manifest.engine.wheel, SITE).href);
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(ENGINE_WHEEL, deps=False)");
  progress("engine", "Starting the rules engine", 0.5);
  const bridge = pyodide.pyimport("celestix.bridge");
  const version = JSON.parse(bridge.handle("version", "null"));
  if (!version.ok) throw new Error(`the engine did not start: ${version.error.message}`);
  progress("engine", "Ready", 1);
  return { handle: bridge.handle, version: { engine: version.result.engine, pyodide: pyodide.version } };
}

/** Boot, with a watchdog for boots that stop making progress. */
async function start() {
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgress > STALL_MS) stalled?.(new Error(`no progress for ${STALL_MS / 1000} s`));
  }, 1000);
  try {
    const booted = await Promise.race([boot(), new Promise((_, reject) => (stalled = reject))]);
    handle = booted.handle;
    self.postMessage({ type: "ready", version: booted.version });
    for (const request of waiting.splice(0)) answer(request);
  } catch (error) {
    self.postMessage({ type: "boot-error", message: `The rules engine could not start: ${error.message ?? error}` });
  } finally {
    clearInterval(watchdog);
  }
}

start();
