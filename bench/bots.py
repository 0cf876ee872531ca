"""The bot benchmark: ms per decision of every level of every game, in three runtimes.

    python3 build.py bench bots [--runs N]     (builds dist/ first, then runs this)
    .venv/bin/python bench/bots.py --positions 48 --runtimes cpython,node,chromium

One fixed set of positions (views) is made in CPython: seeded games of each game played
by the ``easy`` bots through the facade, their decisions sorted into phases (Precedence:
declarations, bids, early tricks, the last four tricks; Contract Sabacc: the auction, the
aside, early and late tricks; the patience: the first pass's start and end, the second and
the third pass), and an equal share of each phase taken at even intervals. Every level
``api.games()`` lists (but ``random`` and ``basic``, the same player as ``easy``) then
decides every position, each call timed (``bench/bots_runner.py``) in:

* ``cpython``   the Python running this script, the engine from ``engine/``;
* ``node``      Pyodide under Node (``bench/bots_node.mjs``);
* ``chromium``  Pyodide in a module worker of Debian's Chromium, headless through
                Playwright, a benchmark page served beside a copy of the built site by
                build.py's server (``bench/bots_worker.mjs``).

Both Pyodide runtimes boot the engine as the site's worker does on a cold start (the
wheel and its Pyodide bytecode unpacked into site-packages). The runtimes run one after
the other, so they share the machine alike; wall time is measured (the only clock in a
browser), so other load on the machine adds to every figure. Results: per game, level
and runtime the median and p95 (nearest rank) of the ms per decision, over all positions
and over those with at least two legal actions, with the ratios to CPython; and whether
each runtime chose CPython's action (the bots are deterministic given a seed). Written to
``test-results/bench/bots.json`` and printed as a table.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
RUNTIMES = ("cpython", "node", "chromium")
GAMES = ("precedence", "sabacc", "patience")
# Levels that are not measured: random is no player, basic is easy under another name
SKIPPED_LEVELS = ("random", "basic")
# The files the Chromium worker needs, served beside the site under this directory
BENCH_DIR = "__bench__"
WORKER_FILES = ("bots_worker.mjs", "bots_pyodide.mjs", "bots_runner.py")
PAGE = b"""<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bot benchmark</title>
<link rel="icon" href="data:,">
<script type="module">
  const worker = new Worker("bots_worker.mjs", { type: "module" });
  worker.onmessage = (event) => { window.benchResult = event.data; };
  worker.onerror = (event) => { window.benchResult = { ok: false, error: event.message }; };
</script>
</html>
"""
# The most games played to find a phase's positions
MAX_GAMES = 200
# A trick is "late" once each hand holds this many cards or fewer (the strong Precedence
# level solves the last four tricks exactly)
LATE_HAND = 4
TIMEOUT_S = 3 * 3600


def load_build() -> ModuleType:
    """build.py as a module (its paths, build lock and server)."""
    spec = importlib.util.spec_from_file_location("celestix_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def engine_api() -> Any:
    """The facade, ``celestix.api``, from ``engine/``."""
    engine = str(ROOT / "engine")
    if engine not in sys.path:
        sys.path.insert(0, engine)
    return importlib.import_module("celestix.api")


# --- positions ---------------------------------------------------------------------------


def phase_of(view: dict[str, Any]) -> str:
    """The phase a position is filed under."""
    if view["game"] == "patience":
        if view["pass"] == 1:
            return "pass 1 start" if view["stock_count"] > 52 else "pass 1 end"
        return f"pass {min(view['pass'], 3)}"
    if view["phase"] == "play":
        return "late tricks" if len(view["hand"]) <= LATE_HAND else "early tricks"
    return str(view["phase"])


def candidates(api: Any, game: str, seed: int) -> list[dict[str, Any]]:
    """Every decision of one seeded game of ``game`` played by the easy bots."""
    state = api.new_game(game, None, seed)
    found: list[dict[str, Any]] = []
    while not state["over"]:
        seat = state["to_act"]
        view = api.view(state, seat)
        legal = len(api.legal_actions(state, seat))
        found.append({"game": game, "phase": phase_of(view), "view": view, "legal": legal,
                      "deal": seed, "decision": len(found)})  # fmt: skip
        action = api.bot_action(api.view(state, seat), "easy", seed * 10_000 + len(found))
        state = api.apply(state, action, seat)["state"]
    return found


def positions_of(api: Any, game: str, count: int) -> list[dict[str, Any]]:
    """``count`` positions of ``game`` (or a few more: an equal share of every phase).

    Games are played (seeds 1, 2, ...) until every phase met has four times its share of
    candidates; each phase's share is then taken at even intervals over its candidates.
    """
    by_phase: dict[str, list[dict[str, Any]]] = {}
    seed = 0
    while seed < MAX_GAMES:
        seed += 1
        for found in candidates(api, game, seed):
            by_phase.setdefault(found["phase"], []).append(found)
        share = math.ceil(count / len(by_phase))
        if all(len(found) >= 4 * share for found in by_phase.values()):
            break
    share = math.ceil(count / len(by_phase))
    chosen: list[dict[str, Any]] = []
    for phase in sorted(by_phase):
        pool = by_phase[phase]
        take = min(share, len(pool))
        chosen.extend(pool[int((i + 0.5) * len(pool) / take)] for i in range(take))
    for number, position in enumerate(chosen):
        position["seed"] = 1000 + number
    return chosen


def levels_of(api: Any) -> dict[str, list[str]]:
    """The measured levels of each game, as the facade lists them."""
    listed = {game["id"]: game["levels"] for game in api.games()}
    return {
        game: [level for level in listed[game] if level not in SKIPPED_LEVELS] for game in GAMES
    }


def make_spec(api: Any, per_game: int, repeats: int) -> dict[str, Any]:
    """The benchmark's input: positions of every game, the levels, the repeats."""
    positions = [p for game in GAMES for p in positions_of(api, game, per_game)]
    return {"positions": positions, "levels": levels_of(api), "repeats": repeats}


# --- runtimes ----------------------------------------------------------------------------


def run_cpython(spec_path: Path, out_path: Path) -> dict[str, Any]:
    """The runner in this Python, in its own process, the engine from engine/."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    command = [sys.executable, str(BENCH / "bots_runner.py"), str(spec_path), str(out_path)]
    subprocess.run(command, check=True, env=env, timeout=TIMEOUT_S)
    answer: dict[str, Any] = json.loads(out_path.read_text())
    answer["runtime"] = f"CPython {answer['python']}"
    return answer


def run_node(site: Path, spec_path: Path, out_path: Path) -> dict[str, Any]:
    """The runner in Pyodide under Node."""
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True)
    command = ["node", str(BENCH / "bots_node.mjs"), str(site), str(spec_path), str(out_path)]
    subprocess.run(command, check=True, timeout=TIMEOUT_S)
    answer: dict[str, Any] = json.loads(out_path.read_text())
    answer["runtime"] = f"Pyodide (Python {answer['python']}) under Node {version.stdout.strip()}"
    return answer


def run_chromium(build: ModuleType, site: Path, spec_path: Path) -> dict[str, Any]:
    """The runner in Pyodide in a module worker of headless Chromium."""
    bench_dir = site / BENCH_DIR
    bench_dir.mkdir()
    for name in WORKER_FILES:
        shutil.copyfile(BENCH / name, bench_dir / name)
    shutil.copyfile(spec_path, bench_dir / "spec.json")
    (bench_dir / "bots.html").write_bytes(PAGE)
    server = build.make_server(site, 0, quiet=True)

    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/{BENCH_DIR}/bots.html")
            page.wait_for_function(
                "() => window.benchResult !== undefined", timeout=TIMEOUT_S * 1000, polling=1000
            )
            result: dict[str, Any] = page.evaluate("() => window.benchResult")
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if not result["ok"]:
        raise RuntimeError(f"Chromium worker: {result['error']} {errors}")
    answer: dict[str, Any] = json.loads(result["answer"])
    answer["runtime"] = f"Pyodide (Python {answer['python']}) in Chromium {version}'s worker"
    return answer


# --- figures -----------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank, as the arena)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (nearest rank)."""
    return percentile(values, 0.95)


def stats(values: Sequence[float]) -> dict[str, Any]:
    """n, median, p95, mean and max of some ms, rounded to 0.01 ms."""
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median": round(statistics.median(values), 2),
        "p95": round(p95(values), 2),
        "mean": round(statistics.fmean(values), 2),
        "max": round(max(values), 2),
    }


def summarise(spec: dict[str, Any], answers: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Per game, level and runtime: the figures, the ratios to CPython, the agreement."""
    by_game: dict[str, list[dict[str, Any]]] = {}
    for position in spec["positions"]:
        by_game.setdefault(position["game"], []).append(position)
    summary: dict[str, Any] = {}
    for game, levels in spec["levels"].items():
        positions = by_game.get(game, [])
        summary[game] = {}
        for level in levels:
            row: dict[str, Any] = {}
            # a position's time: the median of its repeats
            raw = {
                runtime: [statistics.median(t) for t in answer["times"][game][level]]
                for runtime, answer in answers.items()
            }
            for runtime, answer in answers.items():
                each = raw[runtime]
                choice = [t for t, p in zip(each, positions, strict=True) if p["legal"] > 1]
                phases: dict[str, list[float]] = {}
                for t, p in zip(each, positions, strict=True):
                    phases.setdefault(p["phase"], []).append(t)
                row[runtime] = {
                    "all": stats(each),
                    "choices": stats(choice),
                    "phases": {phase: stats(times) for phase, times in sorted(phases.items())},
                }
                if "cpython" in answers and runtime != "cpython" and each:
                    theirs = answers["cpython"]["actions"][game][level]
                    mine = answer["actions"][game][level]
                    same = sum(a == b for a, b in zip(mine, theirs, strict=True))
                    row[runtime]["same_action_as_cpython"] = same
                    base = raw["cpython"]
                    for key, figure in (("median", statistics.median), ("p95", p95)):
                        ratio = figure(each) / figure(base) if figure(base) else None
                        row[runtime][f"{key}_x_cpython"] = ratio and round(ratio, 2)
            summary[game][level] = row
    return summary


def table(summary: dict[str, Any], runtimes: Sequence[str]) -> str:
    """The summary as a Markdown table: ms per decision, median / p95, and ratios."""
    head = ["game", "level", "n"]
    for runtime in runtimes:
        head.append(f"{runtime} median / p95")
        if runtime != "cpython" and "cpython" in runtimes:
            head.append(f"{runtime} x CPython (median / p95)")
    head.append("with a choice: median / p95 (" + runtimes[-1] + ")")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game, levels in summary.items():
        for level, row in levels.items():
            cells = [game, level, str(row[runtimes[0]]["all"]["n"])]
            for runtime in runtimes:
                figures = row[runtime]["all"]
                cells.append(f"{figures['median']:.1f} / {figures['p95']:.1f}")
                if runtime != "cpython" and "cpython" in runtimes:
                    ratios = (row[runtime]["median_x_cpython"], row[runtime]["p95_x_cpython"])
                    cells.append(" / ".join("-" if r is None else f"{r:.2f}" for r in ratios))
            choice = row[runtimes[-1]]["choices"]
            cells.append(
                f"{choice['median']:.1f} / {choice['p95']:.1f} (n {choice['n']})"
                if choice["n"]
                else "-"
            )
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def phase_table(summary: dict[str, Any], runtimes: Sequence[str]) -> str:
    """Median / p95 ms per decision by phase (the levels but easy), as Markdown."""
    head = ["game", "level", "phase", "n", *(f"{runtime} median / p95" for runtime in runtimes)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game, levels in summary.items():
        for level, row in levels.items():
            if level == "easy":  # the heuristics: a fraction of a ms everywhere
                continue
            for phase, figures in row[runtimes[0]]["phases"].items():
                cells = [game, level, phase, str(figures["n"])]
                for runtime in runtimes:
                    each = row[runtime]["phases"][phase]
                    cells.append(f"{each['median']:.1f} / {each['p95']:.1f}")
                lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def agreement(summary: dict[str, Any], runtimes: Sequence[str]) -> list[str]:
    """Lines naming any level whose action differed from CPython's in a runtime."""
    lines = []
    for game, levels in summary.items():
        for level, row in levels.items():
            for runtime in runtimes:
                same = row[runtime].get("same_action_as_cpython")
                n = row[runtime]["all"]["n"]
                if same is not None and same != n:
                    lines.append(f"{game} {level}: {runtime} chose CPython's action {same}/{n}")
    return lines


def load_average() -> list[float]:
    """The machine's load average (1, 5, 15 minutes)."""
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=48, help="positions per game")
    parser.add_argument("--runs", type=int, default=1, help="timed calls per position")
    parser.add_argument("--runtimes", default=",".join(RUNTIMES), help="which, in order")
    parser.add_argument("--games", default=",".join(GAMES), help="which games (default: all three)")
    parser.add_argument("--levels", default="", help="only these levels (comma-separated)")
    build = load_build()
    parser.add_argument("--site", type=Path, default=build.DIST, help="the built site")
    parser.add_argument(
        "--out", type=Path, default=build.RESULTS / "bench" / "bots.json", help="JSON results"
    )
    args = parser.parse_args(argv)
    runtimes = [r for r in args.runtimes.split(",") if r]
    unknown = [r for r in runtimes if r not in RUNTIMES]
    if unknown or not runtimes:
        parser.error(f"unknown runtimes {unknown}; choose from {', '.join(RUNTIMES)}")
    started = time.monotonic()
    api = engine_api()
    spec = make_spec(api, args.positions, args.runs)
    games = [g for g in args.games.split(",") if g]
    spec["positions"] = [p for p in spec["positions"] if p["game"] in games]
    spec["levels"] = {g: levels for g, levels in spec["levels"].items() if g in games}
    if args.levels:
        wanted = args.levels.split(",")
        spec["levels"] = {g: [v for v in ls if v in wanted] for g, ls in spec["levels"].items()}
    counts = {g: sum(p["game"] == g for p in spec["positions"]) for g in games}
    print(f"positions: {counts}; levels: {spec['levels']}", flush=True)
    answers: dict[str, dict[str, Any]] = {}
    load: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="celestix-bots-") as temporary:
        work = Path(temporary)
        spec_path = work / "spec.json"
        spec_path.write_text(json.dumps(spec))
        site = work / "site"
        if "node" in runtimes or "chromium" in runtimes:
            with build.cache_lock("build"):  # a copy: other builds may replace dist/
                shutil.copytree(args.site, site)
        run: dict[str, Callable[[], dict[str, Any]]] = {
            "cpython": lambda: run_cpython(spec_path, work / "cpython.json"),
            "node": lambda: run_node(site, spec_path, work / "node.json"),
            "chromium": lambda: run_chromium(build, site, spec_path),
        }
        for runtime in runtimes:
            began = time.monotonic()
            before = load_average()
            answers[runtime] = run[runtime]()
            took = time.monotonic() - began
            load[runtime] = {"before": before, "after": load_average(), "seconds": round(took)}
            print(f"{runtime}: {answers[runtime]['runtime']}, {took:.0f} s", flush=True)
    summary = summarise(spec, answers)
    positions = [
        {key: p[key] for key in ("game", "phase", "deal", "decision", "legal", "seed")}
        for p in spec["positions"]
    ]
    result = {
        "runtimes": {r: answers[r]["runtime"] for r in runtimes},
        "cpus": os.cpu_count(),
        "load_average": load,
        "seconds": round(time.monotonic() - started),
        "repeats": args.runs,
        "positions": positions,
        "summary": summary,
        "times": {r: answers[r]["times"] for r in runtimes},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print("ms per decision (wall), median / p95 over the positions:")
    print(table(summary, runtimes))
    print("by phase:")
    print(phase_table(summary, runtimes))
    for line in agreement(summary, runtimes) or ["every runtime chose CPython's actions"]:
        print(line)
    print(f"load average before/after each runtime: {load}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
