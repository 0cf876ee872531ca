// The bot benchmark in Chromium's module worker (bench/bots.py serves this file,
// bots_pyodide.mjs and bots_runner.py beside a copy of the built site). Posts
// {ready: true} once the engine is up (or {ready: false, error}); then answers each
// message (a runner command, JSON text) with {ok: true, answer} or {ok: false, error}.

import { startRunner } from "./bots_pyodide.mjs";

const SITE = new URL("../", self.location.href);

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function start() {
  const manifest = await (await fetchOk(new URL("build.json", SITE))).json();
  const pyodideDir = new URL(manifest.pyodide.path, SITE).href;
  const { loadPyodide } = await import(`${pyodideDir}pyodide.mjs`);
  const bytes = async (file) => (await fetchOk(new URL(file, SITE))).arrayBuffer();
  const files = {
    wheel: await bytes(manifest.engine.wheel),
    bytecode: manifest.engine.bytecode ? await bytes(manifest.engine.bytecode) : null,
    runner: await (await fetchOk(new URL("bots_runner.py", self.location.href))).text(),
  };
  return startRunner(loadPyodide, pyodideDir, files);
}

start().then(
  (handle) => {
    self.onmessage = (event) => {
      try {
        self.postMessage({ ok: true, answer: handle(event.data) });
      } catch (error) {
        self.postMessage({ ok: false, error: String(error?.stack ?? error) });
      }
    };
    self.postMessage({ ready: true });
  },
  (error) => self.postMessage({ ready: false, error: String(error?.stack ?? error) }),
);
