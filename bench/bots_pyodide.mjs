// The bot benchmark inside Pyodide: shared by Node (bench/bots_node.mjs) and Chromium's
// module worker (bench/bots_worker.mjs). It boots the engine as the site's worker does on
// a cold start -- the engine wheel and its Pyodide bytecode unpacked into site-packages --
// and returns bench/bots_runner.py's handle function (JSON text in, JSON text out).

/**
 * loadPyodide: Pyodide's loader; indexURL: the vendored Pyodide's directory;
 * files: {wheel, bytecode (or null): ArrayBuffer, runner: the runner's source};
 * options: more options for loadPyodide (e.g. stdout).
 */
export async function startRunner(loadPyodide, indexURL, files, options = {}) {
  const pyodide = await loadPyodide({ indexURL, ...options });
  const extractDir = pyodide.runPython(
    "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
  );
  pyodide.unpackArchive(files.wheel, "wheel", { extractDir });
  if (files.bytecode) pyodide.unpackArchive(files.bytecode, "zip", { extractDir });
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/bots_runner.py", files.runner);
  const engine = pyodide.runPython("import celestix\ncelestix.__file__");
  if (!engine.includes("site-packages")) throw new Error(`engine not from the wheel: ${engine}`);
  const handle = pyodide.runPython(
    "import sys\nsys.path.insert(0, '/bench')\nimport bots_runner\nbots_runner.handle",
  );
  return (text) => handle(text);
}
