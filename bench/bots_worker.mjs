// The bot benchmark in Chromium's module worker (run by bench/bots.py, which serves this
// file, bots_pyodide.mjs, bots_runner.py and the spec beside a copy of the built site).
// Posts {ok: true, answer} (the runner's JSON text) or {ok: false, error}.

import { runInPyodide } from "./bots_pyodide.mjs";

const SITE = new URL("../", self.location.href);

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function main() {
  const manifest = await (await fetchOk(new URL("build.json", SITE))).json();
  const pyodideDir = new URL(manifest.pyodide.path, SITE).href;
  const { loadPyodide } = await import(`${pyodideDir}pyodide.mjs`);
  const bytes = async (file) => (await fetchOk(new URL(file, SITE))).arrayBuffer();
  const files = {
    wheel: await bytes(manifest.engine.wheel),
    bytecode: manifest.engine.bytecode ? await bytes(manifest.engine.bytecode) : null,
    runner: await (await fetchOk(new URL("bots_runner.py", self.location.href))).text(),
  };
  const spec = await (await fetchOk(new URL("spec.json", self.location.href))).text();
  return runInPyodide(loadPyodide, pyodideDir, files, spec);
}

main().then(
  (answer) => self.postMessage({ ok: true, answer }),
  (error) => self.postMessage({ ok: false, error: String(error?.stack ?? error) }),
);
