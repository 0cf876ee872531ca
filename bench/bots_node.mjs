// The bot benchmark in Pyodide under Node (run by bench/bots.py):
//
//   node bench/bots_node.mjs SITE
//
// SITE: a built site (its build.json names Pyodide, the engine wheel and its bytecode).
// Reads the runner's commands from standard input, one a line, and writes each answer
// on one line of standard output (Python's own output goes to standard error).

import { readFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startRunner } from "./bots_pyodide.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const [site] = process.argv.slice(2);
  if (!site) throw new Error("usage: node bots_node.mjs SITE");
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
  const toStderr = { batched: (line) => process.stderr.write(line + "\n") };
  const handle = await startRunner(loadPyodide, pyodideDir + path.sep, files, {
    stdout: toStderr.batched,
  });
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.trim()) process.stdout.write(handle(line) + "\n");
  }
}

main().catch((error) => {
  console.error(`bots_node: ${error?.stack ?? error}`);
  process.exitCode = 1;
});
