// Pyodide's runtime files for the engine's worker (worker.js): asked for from the worker's
// first moment, counted for the progress bar as they arrive, and handed to Pyodide when
// it asks (docs/BRIDGE.md, "Boot"). Pyodide's loader offers no way to be given its files,
// so `loadWithRuntimeHooks` stands between it and two globals while it loads: the one
// place where this module leans on Pyodide's internals (checked against 314.0.7).
import { messageOf } from "./errors.js";

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
export async function loadWithRuntimeHooks({ sizes, report, early, base }, load) {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let received = 0;
  let percent = -1; // reported only when the whole percentage changes
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  const counted = (bytes) => {
    received += bytes;
    const now = Math.floor((100 * received) / total);
    if (now === percent) return;
    percent = now;
    report(Math.min(1, percent / 100));
  };
  const realFetch = self.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base).href;
    if (!sizes.has(url)) return realFetch.call(self, input, init);
    if (early?.has(url)) {
      const answer = await early.answer(url);
      if (answer) return answer;
    }
    let response;
    try {
      response = await realFetch.call(self, input, init);
    } catch (error) {
      fail(new Error(`could not download ${url}: ${messageOf(error)}`));
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
    WebAssembly.instantiateStreaming = (source, imports) =>
      early.instantiate(realInstantiate, source, imports);
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
 * download of the runtime stage (the build's snapshot). `progress(stage, message,
 * fraction)` reports; `compiled()` is called once the wasm is compiled.
 *   answer(url)   Pyodide's own request for one of them: the standard library's response
 *                 (once: a second boot fetches it again), or for the wasm an empty
 *                 stand-in once the module is compiled; null if the early download
 *                 failed (the request then goes to the network)
 *   instantiate   stands in for WebAssembly.instantiateStreaming while Pyodide loads: the
 *                 compiled module for the stand-in, the real thing for anything else
 */
export function fetchRuntimeEarly(dir, extra, { progress, compiled }) {
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
  module.then(compiled, () => {});

  let finalMessage = "Python runtime downloaded";
  let percent = -1;
  let fromManifest;
  const manifestSizes = new Promise((resolve) => (fromManifest = resolve));
  Promise.all([wasm, stdlibCopy, extra.catch(() => null)]).then(
    ([w, z, x]) => {
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
          progress(
            "runtime",
            now < 100 ? "Downloading the Python runtime" : finalMessage,
            now / 100,
          );
        });
      };
      countBody(w.body, counted); // the compiler reads a clone
      countBody(z.body, counted); // a copy: Pyodide reads the response itself
      if (x) countBody(x.body, counted);
    },
    () => {},
  );

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
      const standIn = new Response(new Uint8Array(0), {
        headers: { "content-type": "application/wasm" },
      });
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

/** A promise that is also marked handled: it may be dropped if the boot takes another path. */
export function started(promise) {
  promise.catch(() => {});
  return promise;
}
