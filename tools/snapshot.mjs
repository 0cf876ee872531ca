// Boots Pyodide's Python (under Node) as the worker's cold boot does -- the wheel and its
// bytecode unpacked into site-packages, the bridge imported, every game imported -- and
// writes a memory snapshot of it, gzipped: a first visit restores it instead of starting
// Python (docs/BRIDGE.md, "Boot").
//
//   node tools/snapshot.mjs LOADER INDEX_URL WHEEL BYTECODE LIMIT OUT
//
// LOADER: the file URL of Pyodide's pyodide.mjs; INDEX_URL: its directory (with a final
// slash); WHEEL, BYTECODE: the engine wheel and its bytecode zip; LIMIT: the largest heap
// in bytes (the worker's SNAPSHOT_HEAP_LIMIT: the size a new Pyodide module starts with,
// or the browser could not restore it); OUT: the gzipped snapshot to write. The build runs
// it once per engine wheel and this script (its hash names the file) and reads the
// unzipped size from gzip's trailer (ISIZE: the size modulo 2**32; the heap is smaller).

import fs from "node:fs";
import zlib from "node:zlib";

const [loader, indexURL, wheel, bytecode, limit, out] = process.argv.slice(2);
const { loadPyodide } = await import(loader);
const env = { HOME: "/home/pyodide" };
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, env });
const sitePackages = pyodide.runPython(
  "import sys; next(p for p in sys.path if p.endswith('site-packages'))",
);
for (const [file, format] of [[wheel, "wheel"], [bytecode, "zip"]]) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  pyodide.unpackArchive(bytes, format, { extractDir: sitePackages });
}
const bridge = pyodide.pyimport("celestix.bridge");
for (const method of ["version", "games"]) {
  const answer = JSON.parse(bridge.handle(method, "null"));
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
}
bridge.destroy();
pyodide.runPython("import gc; gc.collect()");
if (pyodide._module.HEAP8.length > Number(limit)) {
  throw new Error(`the heap (${pyodide._module.HEAP8.length} bytes) is over ${limit}`);
}
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
