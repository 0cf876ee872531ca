// Run the engine tests (tests/engine) inside Pyodide under Node, against the BUILT wheel.
//
//   node --experimental-wasm-stack-switching tests/pyodide/run_engine_tests.mjs \
//        [--site dist] --wheels DIR [--junitxml FILE] [-- PYTEST_ARGS...]
//
// --site     the built site (build.py build): its build.json names the vendored Pyodide,
//            the micropip wheel and the engine wheel.
// --wheels   a directory of pure-Python wheels for Python 3.14 (pytest, hypothesis and
//            their dependencies; build.py downloads them from PyPI). They are installed
//            from local files: Pyodide's CDN is not used.
// --junitxml where to copy pytest's JUnit report.
//
// The engine is imported from site-packages (the wheel), never from engine/: the point is
// to test what the browser gets. The page's wheel leaves out what drives the engine from
// outside (pyproject.toml, "outside-the-page": the terminal client, the runner of bot games
// and their statistics); the tests that drive games need them, so they are added to the
// installed package from engine/ (and checked to be missing from the wheel first). The exit status is pytest's. CELESTIX_TEST_SCALE is 0.1
// (CELESTIX_PYODIDE_TEST_SCALE overrides it); other CELESTIX_* variables pass through.

import { readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const WORK = "/celestix"; // the project root inside Pyodide's file system

/** --name value options, then everything after "--" for pytest. */
function parseArgs(argv) {
  const cut = argv.indexOf("--");
  const own = cut < 0 ? argv : argv.slice(0, cut);
  const options = { site: path.join(ROOT, "dist"), wheels: null, junitxml: null };
  for (let i = 0; i < own.length; i += 2) {
    const name = own[i].replace(/^--/, "");
    if (!(name in options) || own[i + 1] === undefined) {
      throw new Error(`unknown or incomplete option ${own[i]}`);
    }
    options[name] = own[i + 1];
  }
  if (!options.wheels) throw new Error("--wheels DIR is required");
  options.pytest = cut < 0 ? [] : argv.slice(cut + 1);
  return options;
}

/** Copy a host directory into Pyodide's file system (no caches). */
function copyTree(FS, from, to) {
  FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(FS, source, `${to}/${entry.name}`);
    else if (entry.isFile()) FS.writeFile(`${to}/${entry.name}`, readFileSync(source));
  }
}

/** Python's output straight to ours (copied: the buffer is a view of wasm memory). */
const writer = (stream) => ({
  write: (buffer) => {
    stream.write(Buffer.from(buffer));
    return buffer.length;
  },
});

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const site = path.resolve(options.site);
  const manifest = JSON.parse(readFileSync(path.join(site, "build.json"), "utf8"));
  const pyodideDir = path.join(site, manifest.pyodide.path);

  const env = { HOME: "/home/pyodide" };
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("CELESTIX_")) env[name] = value;
  }
  env.CELESTIX_TEST_SCALE = process.env.CELESTIX_PYODIDE_TEST_SCALE ?? "0.1";

  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, env });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));

  // micropip by file (by name, the lock's hash, made for another file, would refuse it);
  // loadPackage reports failures through errorCallback rather than rejecting
  const errors = [];
  await pyodide.loadPackage(path.join(site, manifest.micropip.wheel), {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (!("micropip" in pyodide.loadedPackages)) {
    throw new Error(`micropip did not load: ${errors.join("; ") || "no reason given"}`);
  }

  // the engine wheel and the test wheels, installed from Pyodide's own file system
  const wheels = [path.join(site, manifest.engine.wheel)];
  for (const name of readdirSync(options.wheels).sort()) {
    if (name.endsWith(".whl")) wheels.push(path.join(options.wheels, name));
  }
  pyodide.FS.mkdirTree("/wheels");
  for (const wheel of wheels) {
    pyodide.FS.writeFile(`/wheels/${path.basename(wheel)}`, readFileSync(wheel));
  }
  copyTree(pyodide.FS, path.join(ROOT, "tests", "engine"), `${WORK}/tests/engine`);
  // the sources of what the page's wheel leaves out (added below, not put on the path)
  copyTree(pyodide.FS, path.join(ROOT, "engine", "celestix"), `${WORK}/engine/celestix`);
  // the rules demos' definitions, which tests/engine/test_demos.py plays (docs/EMBED.md)
  copyTree(pyodide.FS, path.join(ROOT, "web", "demos"), `${WORK}/web/demos`);
  pyodide.FS.writeFile(`${WORK}/pyproject.toml`, readFileSync(path.join(ROOT, "pyproject.toml")));

  const pytestArgs = [
    "-p",
    "no:cacheprovider",
    // the project's settings minus "engine" on the path: the engine comes from the wheel
    "-o",
    "pythonpath=tests/engine",
    `--junitxml=${WORK}/junit.xml`,
    ...(options.pytest.length ? options.pytest : ["tests/engine"]),
  ];
  pyodide.globals.set(
    "WHEELS",
    JSON.stringify(wheels.map((w) => `emfs:/wheels/${path.basename(w)}`)),
  );
  pyodide.globals.set("PYTEST_ARGS", JSON.stringify(pytestArgs));
  const code = await pyodide.runPythonAsync(`
import json, os, pathlib, shutil, sys, tomllib
import micropip
await micropip.install(json.loads(WHEELS), deps=False)
os.chdir("${WORK}")
import celestix
print(f"celestix {celestix.__version__} from {celestix.__file__}; Python {sys.version.split()[0]}")
if "site-packages" not in celestix.__file__:
    raise SystemExit("celestix was not imported from the installed wheel")
installed = pathlib.Path(celestix.__file__).parent.parent
settings = tomllib.loads(pathlib.Path("pyproject.toml").read_text())
for name in settings["tool"]["celestix"]["outside-the-page"]:
    target, source = installed / name, pathlib.Path("engine") / name
    if target.exists():
        raise SystemExit(f"the page's wheel holds {name}, which it should leave out")
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy2(source, target)
import pytest
int(pytest.main(json.loads(PYTEST_ARGS)))
`);
  if (options.junitxml && pyodide.FS.analyzePath(`${WORK}/junit.xml`).exists) {
    mkdirSync(path.dirname(path.resolve(options.junitxml)), { recursive: true });
    writeFileSync(options.junitxml, pyodide.FS.readFile(`${WORK}/junit.xml`));
  }
  return code;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`run_engine_tests: ${error?.stack ?? error}`);
    process.exitCode = 1;
  },
);
