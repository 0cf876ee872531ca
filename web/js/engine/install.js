// The engine's install into a Pyodide, shared by the engine's worker (worker.js) and the
// build's snapshot script (tools/snapshot.mjs, under Node), so that the snapshot made at
// build time holds exactly what a cold boot in the browser makes: one install step, one
// heap limit. Each private Pyodide interface the two use sits behind one function here,
// saying why it is used; all were checked against Pyodide 314.0.7.

// The wasm heap a new Pyodide module starts with. A snapshot is copied into it as it is
// (Pyodide 314.0.7 does not grow it first), so a larger snapshot cannot be restored and
// is not made.
export const SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024;

/** loadPyodide options that restore a memory snapshot (`bytes`, the heap of an earlier
 * boot). `_loadSnapshot` is underscore-private: no public option restores a snapshot. */
export function restoreOptions(bytes) {
  return { _loadSnapshot: bytes };
}

/** loadPyodide options that allow `engineSnapshot` later: `_makeSnapshot` (private) makes
 * Pyodide keep what a snapshot needs, and refuse what would break one (loadPackage). */
export function snapshotOptions() {
  return { _makeSnapshot: true };
}

/** The wasm heap's size in bytes: `pyodide._module` (private) is the Emscripten module. */
function heapSize(pyodide) {
  return pyodide._module.HEAP8.length;
}

/**
 * The install: the engine wheel's bytes unpacked into site-packages (what an installer
 * does for a pure-Python wheel) and, when given, the engine's bytecode beside it (the
 * same sources compiled by Pyodide's Python: importing then compiles nothing).
 */
export function unpackEngine(pyodide, wheel, bytecode = null) {
  const extractDir = pyodide.runPython(
    "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
  );
  pyodide.unpackArchive(wheel, "wheel", { extractDir });
  if (bytecode) pyodide.unpackArchive(bytecode, "zip", { extractDir });
}

/** Import the engine's bridge and ask its version: {handle, version}. */
export function importEngine(pyodide) {
  const bridge = pyodide.pyimport("celestix.bridge");
  const answer = JSON.parse(bridge.handle("version", "null"));
  if (!answer.ok) throw new Error(`the engine did not start: ${answer.error.message}`);
  return {
    handle: bridge.handle,
    version: { engine: answer.result.engine, pyodide: pyodide.version },
  };
}

/**
 * The heap as a memory snapshot, once every game is imported (a restored engine answers
 * before its files are back: nothing may import later) and the garbage collected; throws
 * when the heap is over SNAPSHOT_HEAP_LIMIT. Pyodide must have been loaded with
 * `snapshotOptions()` (`makeMemorySnapshot`, public, throws otherwise).
 */
export function engineSnapshot(pyodide, handle) {
  const games = JSON.parse(handle("games", "null"));
  if (!games.ok) throw new Error(`games: ${games.error.message}`);
  pyodide.runPython("import gc; gc.collect()");
  if (heapSize(pyodide) > SNAPSHOT_HEAP_LIMIT) {
    throw new Error(`the heap (${heapSize(pyodide)} bytes) is over ${SNAPSHOT_HEAP_LIMIT}`);
  }
  return pyodide.makeMemorySnapshot();
}
