// The bot benchmark in Pyodide under Node (run by bench/bots.py):
//
//   node bench/bots_node.mjs SITE SPEC OUT
//
// SITE: a built site (its build.json names Pyodide, the engine wheel and its bytecode);
// SPEC: the spec's JSON file; OUT: where the runner's JSON answer goes.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runInPyodide } from "./bots_pyodide.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const [site, specPath, outPath] = process.argv.slice(2);
  if (!outPath) throw new Error("usage: node bots_node.mjs SITE SPEC OUT");
  const manifest = JSON.parse(readFileSync(path.join(site, "build.json"), "utf8"));
  const pyodideDir = path.join(path.resolve(site), manifest.pyodide.path);
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const bytes = (file) => {
    const data = readFileSync(path.join(site, file));
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  };
  const files = {
    wheel: bytes(manifest.engine.wheel),
    bytecode: manifest.engine.bytecode ? bytes(manifest.engine.bytecode) : null,
    runner: readFileSync(path.join(HERE, "bots_runner.py"), "utf8"),
  };
  const answer = await runInPyodide(loadPyodide, pyodideDir + path.sep, files,
    readFileSync(specPath, "utf8"));
  writeFileSync(outPath, answer);
}

main().catch((error) => {
  console.error(`bots_node: ${error?.stack ?? error}`);
  process.exitCode = 1;
});
