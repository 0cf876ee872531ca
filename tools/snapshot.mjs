// Boots Pyodide's Python (under Node) as the worker's cold boot does -- the same install
// step (web/js/engine/install.js): the wheel and its bytecode unpacked into site-packages,
// the bridge imported, every game imported -- and writes a memory snapshot of it,
// gzipped: a first visit restores it instead of starting Python (docs/BRIDGE.md, "Boot").
//
//   node tools/snapshot.mjs LOADER INDEX_URL WHEEL BYTECODE OUT
//
// LOADER: the file URL of Pyodide's pyodide.mjs; INDEX_URL: its directory (with a final
// slash); WHEEL, BYTECODE: the engine wheel and its bytecode zip; OUT: the gzipped
// snapshot to write (it fails when the heap is over install.js's SNAPSHOT_HEAP_LIMIT, the
// size a new Pyodide module starts with: the browser could not restore it). The build
// runs it once per engine wheel, this script and install.js (their hash names the file)
// and reads the unzipped size from gzip's trailer (ISIZE: the size modulo 2**32; the heap
// is smaller).

import fs from "node:fs";
import zlib from "node:zlib";
import {
  engineSnapshot,
  importEngine,
  snapshotOptions,
  unpackEngine,
} from "../web/js/engine/install.js";

const [loader, indexURL, wheel, bytecode, out] = process.argv.slice(2);
const { loadPyodide } = await import(loader);
const env = { HOME: "/home/pyodide" };
const pyodide = await loadPyodide({ indexURL, ...snapshotOptions(), env });
const bytes = (file) => new Uint8Array(fs.readFileSync(file));
unpackEngine(pyodide, bytes(wheel), bytes(bytecode));
const { handle } = importEngine(pyodide);
const snapshot = engineSnapshot(pyodide, handle);
handle.destroy();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
