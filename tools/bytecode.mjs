// Compiles the engine wheel's modules with Pyodide's own Python (under Node) into a zip of
// __pycache__/*.pyc files (unchecked hash-based: used without a look at the sources), so a
// cold boot in the browser imports the engine without compiling it (docs/BRIDGE.md).
//
//   node tools/bytecode.mjs LOADER INDEX_URL WHEEL OUT
//
// LOADER: the file URL of Pyodide's pyodide.mjs; INDEX_URL: its directory (with a final
// slash); WHEEL: the engine wheel; OUT: the zip to write. The build runs it once per
// engine wheel and caches the zip beside it.

import fs from "node:fs";

const [loader, indexURL, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(loader);
const pyodide = await loadPyodide({ indexURL });
const sitePackages = pyodide.runPython(
  "import sys; next(p for p in sys.path if p.endswith('site-packages'))",
);
const bytes = new Uint8Array(fs.readFileSync(wheel));
pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
pyodide.runPython(`
import compileall, pathlib, py_compile, zipfile
root = pathlib.Path("${sitePackages}")
compileall.compile_dir(root / "celestix", quiet=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
compiled = sorted((root / "celestix").rglob("*.pyc"))
sources = list((root / "celestix").rglob("*.py"))
assert compiled and len(compiled) == len(sources), "the engine did not compile"
with zipfile.ZipFile("/tmp/bytecode.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for path in compiled:
        info = zipfile.ZipInfo(path.relative_to(root).as_posix(), (1980, 1, 1, 0, 0, 0))
        archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/bytecode.zip"));
