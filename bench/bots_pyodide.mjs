// The bot benchmark inside Pyodide: shared by Node (bench/bots_node.mjs) and Chromium's
// module worker (bench/bots_worker.mjs). It does what the site's worker does on a cold
// boot -- the engine wheel and its Pyodide bytecode unpacked into site-packages -- then
// runs bench/bots_runner.py's measure_json on the spec (JSON text) and returns its answer.

/**
 * loadPyodide: Pyodide's loader; indexURL: the vendored Pyodide's directory;
 * files: {wheel, bytecode (or null): ArrayBuffer, runner: the runner's source};
 * spec: JSON text. Returns the runner's JSON text.
 */
export async function runInPyodide(loadPyodide, indexURL, files, spec) {
  const pyodide = await loadPyodide({ indexURL });
  const extractDir = pyodide.runPython(
    "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
  );
  pyodide.unpackArchive(files.wheel, "wheel", { extractDir });
  if (files.bytecode) pyodide.unpackArchive(files.bytecode, "zip", { extractDir });
  pyodide.FS.writeFile("/tmp/bots_runner.py", files.runner);
  const runner = pyodide.runPython(
    "import sys\nsys.path.insert(0, '/tmp')\nimport bots_runner\nbots_runner",
  );
  const engine = pyodide.runPython("import celestix\ncelestix.__file__");
  if (!engine.includes("site-packages")) throw new Error(`engine not from the wheel: ${engine}`);
  try {
    return runner.measure_json(spec);
  } finally {
    runner.destroy();
  }
}
