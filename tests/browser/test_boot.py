"""The engine boots in Chromium and answers through the bridge (docs/BRIDGE.md).

These tests use a test-only page (served by a Playwright route on the site's origin,
never shipped in dist/) that imports ``js/engine/bridge.js`` and exposes ``engine``, so
they do not depend on the game pages.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error, Page, Route

from celestix import api

BRIDGE_PAGE_PATH = "/__bridge_test__.html"
BRIDGE_PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bridge test</title>
<script type="module">
  import { engine, EngineError } from "/js/engine/bridge.js";
  window.reports = [];
  engine.onProgress((report) => window.reports.push(report));
  // sent at once, long before the boot ends: the worker must keep it until it is ready
  window.early = engine.games();
  window.early.catch(() => {});
  Object.assign(window, { engine, EngineError });
</script>
</html>
"""
# Calls a bridge method in the page; a rejection comes back as {error: {...}}
CALL = """async ([method, args]) => {
  try {
    return { result: await engine[method](...args) };
  } catch (error) {
    const { name, type, kind, message, field, rule } = error;
    return { error: { name, type, kind, message, field, rule,
                      isEngineError: error instanceof EngineError } };
  }
}"""
BOOT_TIMEOUT_MS = 90_000
# CALL, failing (kind "test-timeout") rather than waiting for ever when nothing answers
BOUNDED_CALL = f"""async (call) => Promise.race([
  ({CALL})(call),
  new Promise((resolve) => setTimeout(() => resolve({{ error: {{ kind: "test-timeout" }} }}),
                                      {BOOT_TIMEOUT_MS})),
])"""
# The worker and the modules it imports, in the order their code is hashed (tools/site.py)
WORKER_CODE = ("worker.js", "install.js", "runtime.js", "json.js")


def serve_bridge_page(route: Route) -> None:
    """Answer the test page's URL with the test page."""
    route.fulfill(status=200, content_type="text/html; charset=utf-8", body=BRIDGE_PAGE)


def open_bridge_page(page: Page) -> Page:
    """Open the test page; the engine starts booting at once."""
    page.route(f"**{BRIDGE_PAGE_PATH}", serve_bridge_page)
    page.goto(BRIDGE_PAGE_PATH)
    page.wait_for_function("window.engine !== undefined")
    return page


def wait_ready(page: Page) -> dict[str, str]:
    """Await ``engine.ready``: the versions it resolves with."""
    version: dict[str, str] = page.evaluate(
        f"""() => Promise.race([
          engine.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error("boot timed out")),
                                                {BOOT_TIMEOUT_MS})),
        ])"""
    )
    return version


@pytest.fixture
def bridge(page: Page) -> Callable[..., dict[str, Any]]:
    """Call ``engine.<method>(*args)`` in a booted page: ``{result}`` or ``{error}``."""
    open_bridge_page(page)
    wait_ready(page)

    def call(method: str, *args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = page.evaluate(CALL, [method, list(args)])
        return answer

    return call


@pytest.fixture
def manifest(site_dir: Path) -> dict[str, Any]:
    """The served site's build.json."""
    data: dict[str, Any] = json.loads((site_dir / "build.json").read_text())
    return data


def test_boot_reports_real_progress_then_versions(
    page: Page, manifest: dict[str, Any], slow_downloads: Callable[..., None]
) -> None:
    # the runtime's two big files arrive as over a slow network: in many pieces
    slow_downloads("pyodide.asm.wasm", "python_stdlib.zip")
    open_bridge_page(page)
    version = wait_ready(page)
    assert version == {"engine": manifest["engine"]["version"], "pyodide": "314.0.7"}

    reports = page.evaluate("window.reports")
    stages = [report["stage"] for report in reports]
    assert stages == sorted(stages, key=["runtime", "packages", "engine"].index), stages
    assert set(stages) == {"runtime", "packages", "engine"}
    for report in reports:
        assert report["message"], report
        assert report["fraction"] is None or 0 <= report["fraction"] <= 1, report
    # the runtime's download is counted as it arrives: many steps, never going back
    runtime = [r["fraction"] for r in reports if r["stage"] == "runtime" and r["fraction"]]
    assert runtime == sorted(runtime) and runtime[-1] == 1
    assert len([f for f in runtime if 0 < f < 1]) >= 10, runtime
    assert reports[-1] == {"stage": "engine", "message": "Ready", "fraction": 1}


def test_the_wasm_is_compiled_before_pyodide_asks_for_it(page: Page) -> None:
    open_bridge_page(page)
    wait_ready(page)
    boot = page.evaluate("performance.getEntriesByName('celestix:engine-ready')[0].detail")
    steps = boot["steps"]
    # compiled from the worker's first moment, and used: the runtime starts after it
    assert steps["worker"] <= steps["compiled"] <= steps["runtime"], steps
    wasm = page.evaluate(
        "performance.getEntriesByType('resource').filter(e => e.name.endsWith('.wasm')).length"
    )
    assert wasm <= 1  # the page itself never fetches it; the worker's fetches are its own


def test_request_sent_before_ready_is_answered(page: Page) -> None:
    open_bridge_page(page)
    games = page.evaluate("window.early")
    assert "patience" in [game["id"] for game in games]


def test_round_trip_gives_the_same_game_as_cpython(bridge: Callable[..., dict[str, Any]]) -> None:
    assert bridge("games")["result"] == api.games()

    state = bridge("newGame", "patience", {"start": "no-king"}, 12345)["result"]
    assert state == api.new_game("patience", {"start": "no-king"}, 12345)

    turn = bridge("turn", state, 0)["result"]
    assert turn == {"view": api.view(state, 0), "legal": api.legal_actions(state, 0)}
    assert {"type": "deal"} in turn["legal"]

    step = bridge("apply", state, {"type": "deal"}, 0)["result"]
    assert step == api.apply(state, {"type": "deal"}, 0)
    assert bridge("view", step["state"])["result"] == api.view(step["state"], None)


def test_illegal_action_rejects_with_engine_error(bridge: Callable[..., dict[str, Any]]) -> None:
    state = bridge("newGame", "patience", None, 7)["result"]
    # nothing on the waste yet: no card can be built
    error = bridge("apply", state, {"type": "build", "to": 0}, 0)["error"]
    assert error["isEngineError"] and error["name"] == "EngineError"
    assert error["kind"] == "illegal" and error["type"] == "IllegalActionError"
    assert error["rule"] and error["message"]

    malformed = bridge("apply", state, {"type": "fly"}, 0)["error"]
    assert malformed["kind"] == "malformed" and malformed["field"].startswith("action")

    unknown = bridge("call", "no_such_method", {})["error"]
    assert unknown["kind"] == "malformed" and unknown["field"] == "method"


def test_params_that_cannot_reach_the_worker_reject(
    bridge: Callable[..., dict[str, Any]], page: Page
) -> None:
    error = page.evaluate(
        "engine.call('games', { f: () => 1 }).then(() => null, (e) => [e.name, e.kind, e.field])"
    )
    assert error == ["EngineError", "malformed", "f"]
    assert "patience" in [game["id"] for game in bridge("games")["result"]]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ("{state: {seat: NaN}}", "state.seat"),
        ("{seat: NaN}", "seat"),
        ("{seed: Infinity}", "seed"),
        ("{seed: -Infinity}", "seed"),
        ("{seed: 12n}", "seed"),
        ("{state: {ledger: [{}, {pot: Symbol('x')}]}}", "state.ledger[1].pot"),
        ("{state: (() => { const s = {a: []}; s.a.push(s); return s; })()}", "state.a[0]"),
        ("{state: {when: new Date()}}", "state.when"),
        ("{action: {melds: [undefined]}}", "action.melds[0]"),
        (
            "{action: (() => { let v = 0; for (let i = 0; i < 3000; i++) v = [v]; return v; })()}",
            "action" + "[0]" * 32,
        ),
    ],
)
def test_params_that_are_not_json_reject_before_posting(
    bridge: Callable[..., dict[str, Any]], page: Page, params: str, field: str
) -> None:
    answer = page.evaluate(
        f"""async () => {{
          const posted = [];
          const post = engine._worker.postMessage;
          engine._worker.postMessage = (message) => posted.push(message);
          try {{
            await engine.call("view", {params});
            return "answered";
          }} catch (error) {{
            return {{ kind: error.kind, type: error.type, field: error.field,
                      message: error.message, posted: posted.length }};
          }} finally {{
            engine._worker.postMessage = post;
          }}
        }}"""
    )
    assert answer["kind"] == "malformed" and answer["type"] == "MalformedError", answer
    assert answer["field"] == field and answer["message"].startswith(f"{field}: ")
    assert answer["posted"] == 0  # refused by the bridge: the worker never saw it
    assert "patience" in [game["id"] for game in bridge("games")["result"]]


def test_values_as_deep_as_the_engine_takes_reach_it(
    bridge: Callable[..., dict[str, Any]], page: Page
) -> None:
    state = bridge("newGame", "patience", None, 7)["result"]
    deep = page.evaluate("() => { let v = 0; for (let i = 0; i < 31; i++) v = [v]; return v; }")
    error = bridge("apply", state, {"type": deep}, 0)["error"]
    assert error["kind"] == "malformed" and error["field"] == "action.type"


# Posts a request straight to the worker, past the bridge's checks: its reply. The
# argument is [id, a JS expression for the request's params].
POST_TO_WORKER = """([id, params]) => new Promise((resolve) => {
  const worker = engine._worker;
  worker.addEventListener("message", function seen(event) {
    if (event.data.id !== id) return;
    worker.removeEventListener("message", seen);
    resolve(event.data);
  });
  worker.postMessage({ id, method: "view", params: eval(`(${params})`) });
})"""


def test_a_request_the_worker_cannot_hand_python_fails_that_call_only(
    bridge: Callable[..., dict[str, Any]], page: Page
) -> None:
    # a BigInt: JSON cannot hold it
    reply = page.evaluate(POST_TO_WORKER, [-1, "{ seat: 10n }"])
    assert reply["ok"] is False and reply["error"]["type"] == "MalformedError", reply
    assert reply["error"]["field"] == "params.seat"
    assert "BigInt" in reply["error"]["message"]
    # nor anything too deep for Python's JSON reader
    nested = "(() => { let v = 0; for (let i = 0; i < 1000; i++) v = [v]; return { state: v }; })()"
    deep = page.evaluate(POST_TO_WORKER, [-2, nested])
    assert deep["ok"] is False and deep["error"]["kind"] == "malformed", deep
    assert deep["error"]["field"].startswith("params.state[0]")
    # the engine is still up: the same worker, no boot error, calls answered
    assert page.evaluate("engine._bootError") is None
    assert page.evaluate("engine.ready.then(() => 'up')") == "up"
    assert "patience" in [game["id"] for game in bridge("games")["result"]]


DEATHS = """() => {
  window.deaths = 0;
  window.stopDeaths = engine.onDied(() => window.deaths++);
}"""


def test_a_worker_killed_after_boot_is_noticed_and_replaced(
    bridge: Callable[..., dict[str, Any]], page: Page
) -> None:
    page.evaluate(DEATHS)
    state = bridge("newGame", "patience", None, 7)["result"]
    outcome = page.evaluate(
        """async (state) => {
          const waiting = engine.turn(state, 0);          // pending when the worker dies
          const first = engine.ready;
          engine._worker.terminate();
          const after = engine.turn(state, 0);            // made while restarting: waits
          const failed = await waiting.then(() => null, (e) => [e.name, e.kind, e.message]);
          return { failed, after: await after, replaced: engine.ready !== first };
        }""",
        state,
    )
    assert outcome["failed"][:2] == ["EngineError", "died"], outcome
    assert "starting again" in outcome["failed"][2]
    assert outcome["replaced"] and outcome["after"]["legal"] == [{"type": "deal"}]
    assert page.evaluate("window.deaths") == 1
    wait_ready(page)
    # the new worker booted from the snapshot the first one stored (or the build's)
    assert page.evaluate("engine.boot.path") in ("snapshot", "prebuilt")
    assert bridge("turn", state, 0)["result"]["legal"] == [{"type": "deal"}]
    # a worker error after the boot is a death too, not a failed boot
    page.evaluate("engine._worker.dispatchEvent(new ErrorEvent('error', {message: 'boom'}))")
    assert page.evaluate("window.deaths") == 2
    wait_ready(page)
    assert bridge("turn", state, 0)["result"]["legal"] == [{"type": "deal"}]
    page.evaluate("window.stopDeaths()")
    page.evaluate("engine._worker.terminate()")
    assert page.evaluate("window.deaths") == 2


def close_workers(page: Page) -> None:
    """End the page's workers from inside, as a crash would: no event tells the page."""
    for worker in page.workers:
        with contextlib.suppress(Error):  # the worker may be gone before it answers
            worker.evaluate("() => self.close()")


def test_a_worker_that_ends_is_noticed_at_once(
    bridge: Callable[..., dict[str, Any]], page: Page
) -> None:
    page.evaluate(DEATHS)
    close_workers(page)
    # no call waits, so no silence could tell: the worker's life lock does
    page.wait_for_function("() => window.deaths === 1", timeout=20_000)
    wait_ready(page)
    assert "patience" in [game["id"] for game in bridge("games")["result"]]
    page.evaluate("window.stopDeaths()")


# The bridge has asked for the worker's life lock (the worker holds it)
WATCHING = """async () => (await navigator.locks.query()).pending
  .some((lock) => lock.name.startsWith("celestix-engine-worker-"))"""


@pytest.mark.skip(
    reason="not deterministic in Chromium 156: a worker ended while its read of the wasm is "
    "held open sometimes runs on (its boot reports no progress) or never frees its lock; "
    "kept to be made reliable (docs/ROBUSTNESS.md)"
)
def test_a_worker_that_ends_while_booting_is_a_failed_boot(
    page: Page, manifest: dict[str, Any]
) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:  # (Playwright takes no built-in method as a handler)
        held.append(route)

    page.route("**/pyodide/pyodide.asm.wasm", hold)  # the boot waits
    open_bridge_page(page)
    page.wait_for_function(WATCHING, timeout=BOOT_TIMEOUT_MS)
    # Ended as a crash ends it, with no event for the page (past the bridge's terminate
    # hook). Chromium ends a worker's thread, and frees its lock, only once its network
    # reads are over: the held read is let go once the worker runs no more code.
    page.evaluate("Worker.prototype.terminate.call(engine._worker)")
    for route in held:
        with contextlib.suppress(Error):
            route.abort()
    failure = page.evaluate(BOUNDED_CALL, ["retry", []])["error"]
    assert failure["kind"] == "boot" and "its worker stopped" in failure["message"], failure
    assert page.evaluate("window.early.then(() => 'answered', (e) => e.kind)") == "boot"
    page.unroute("**/pyodide/pyodide.asm.wasm")
    assert page.evaluate("engine.retry()")["engine"] == manifest["engine"]["version"]


def test_a_worker_that_keeps_dying_is_a_failed_engine(
    bridge: Callable[..., dict[str, Any]], page: Page, manifest: dict[str, Any]
) -> None:
    for _ in range(3):
        page.evaluate("engine._worker.terminate()")
        wait_ready(page)
    page.evaluate("engine._worker.terminate()")
    failure = page.evaluate(CALL, ["games", []])["error"]
    assert failure["kind"] == "boot" and "keeps stopping" in failure["message"]
    assert page.evaluate("engine.retry()")["engine"] == manifest["engine"]["version"]
    assert "patience" in [game["id"] for game in bridge("games")["result"]]


def test_every_request_stays_on_the_local_origin(
    bridge: Callable[..., dict[str, Any]],
    network_log: list[str],
    site: str,
    manifest: dict[str, Any],
) -> None:
    files = manifest
    # the worker's downloads are seen too, so the origin check (conftest) covers them
    for path in [
        "js/engine/worker.js",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        # (micropip is loaded only by the micropip boot: test_pwa.py covers it)
        files["engine"]["wheel"],
        # a first visit restores the build's snapshot (the bytecode is for cold boots)
        files["engine"]["snapshot"]["path"],
    ]:
        assert any(url.split("?")[0] == f"{site}/{path}" for url in network_log), path
    assert all(url.startswith((site + "/", "data:", "blob:")) for url in network_log)


def test_the_worker_carries_what_it_loads(
    bridge: Callable[..., dict[str, Any]],
    network_log: list[str],
    site_dir: Path,
    manifest: dict[str, Any],
) -> None:
    # build.py writes the boot manifest into the worker: its downloads start at once,
    # with no request for build.json first
    assert not [url for url in network_log if url.split("?")[0].endswith("/build.json")]
    source = (site_dir / "js/engine/worker.js").read_text()
    line = next(line for line in source.splitlines() if line.startswith("const BOOT = "))
    boot = json.loads(line.removeprefix("const BOOT = ").removesuffix(";"))
    for part in ("engine", "pyodide", "micropip"):
        assert boot[part] == manifest[part], part
    for path, entry in boot["files"].items():
        assert entry == manifest["files"][path], path
    assert set(boot["files"]) == {
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        manifest["engine"]["wheel"],
        manifest["engine"]["bytecode"],
        manifest["engine"]["snapshot"]["path"],
    }
    engine_dir = Path(__file__).resolve().parents[2] / "web/js/engine"
    code = b"".join((engine_dir / name).read_bytes() for name in WORKER_CODE)
    assert boot["worker"] == hashlib.sha256(code).hexdigest()


def test_failed_boot_rejects_then_retry_boots(page: Page, manifest: dict[str, Any]) -> None:
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body=""))
    open_bridge_page(page)
    failure = page.evaluate(CALL, ["retry", []])["error"]
    assert failure["kind"] == "boot" and failure["isEngineError"]
    assert "pyodide.asm.wasm" in failure["message"] and "404" in failure["message"]
    # calls fail at once while the engine is down, including those already waiting
    assert page.evaluate(CALL, ["games", []])["error"]["kind"] == "boot"
    assert page.evaluate("window.early.then(() => 'answered', (e) => e.kind)") == "boot"

    page.unroute("**/pyodide/pyodide.asm.wasm")
    assert page.evaluate("engine.retry()")["engine"] == manifest["engine"]["version"]
    games = page.evaluate(CALL, ["games", []])["result"]
    assert "patience" in [game["id"] for game in games]
