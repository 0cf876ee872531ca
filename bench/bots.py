"""The bot benchmark: ms per decision of every level of every game, in three runtimes.

    python3 build.py bench bots [--runs N]     (builds dist/ first, then runs this)
    .venv/bin/python -m bench.bots --positions 96 --runs 2 --games precedence --levels normal

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
                the build's server (``tools/server.py``; ``bench/bots_worker.mjs``).

Both Pyodide runtimes boot the engine as the site's worker does on a cold start (the
wheel and its Pyodide bytecode unpacked into site-packages). The three runners stay up
for the whole run and take turns, eight positions of one level at a time (the first of
each turn rotating), so that a slow spell of this shared machine falls on all of them
alike; each runs in its own session (the scheduler shares the processor between sessions
first). Each position is decided ``--runs`` times in a row and its time is the least of
them (the least disturbed by other load). The clock is wall time (a browser offers no
other); the processor time the runtime's processes used over its turns at a level,
divided by their wall time, is its **CPU share**, and wall time x share estimates the
processor time of a decision -- what a machine with a processor to spare would show.

Results: per game, level and runtime the median and p95 (nearest rank) of the ms per
decision, over all positions and over those with at least two legal actions, with the
ratios to CPython, the CPU share and estimate, the figures by phase, and whether each
runtime chose CPython's action (a seed fixes every level's choice). Written to
``test-results/bench/bots.json`` and printed as tables.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from celestix.stats import percentile
from tools.common import DIST, RESULTS, ROOT, cache_lock
from tools.env import CHROMIUM, CHROMIUM_ARGS
from tools.server import make_server

BENCH = ROOT / "bench"
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
  const waiting = [];
  let started;
  window.benchReady = new Promise((resolve, reject) => { started = { resolve, reject }; });
  worker.onmessage = ({ data }) => {
    if ("ready" in data) {
      if (data.ready) started.resolve(true);
      else started.reject(new Error(data.error));
    } else {
      waiting.shift()(data);
    }
  };
  worker.onerror = (event) => started.reject(new Error(event.message));
  window.benchCall = (text) => new Promise((resolve) => {
    waiting.push(resolve);
    worker.postMessage(text);
  });
</script>
</html>
"""
# The most games played to find a phase's positions
MAX_GAMES = 200
# Every game has four phases of positions (phase_of); games are played until each is met
# (Contract Sabacc's easy players pass whole games when their hands do not pay to declare)
PHASES_PER_GAME = 4
# A trick is "late" once each hand holds this many cards or fewer (the strong Precedence
# level solves the last four tricks exactly)
LATE_HAND = 4
TIMEOUT_S = 3 * 3600
# Positions in a piece of work: the runtimes take turns, one piece each
CHUNK = 8


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

    Games are played (seeds 1, 2, ...) until every phase is met and has four times its
    share of candidates; each phase's share is then taken at even intervals over its
    candidates.
    """
    by_phase: dict[str, list[dict[str, Any]]] = {}
    seed = 0
    while seed < MAX_GAMES:
        seed += 1
        for found in candidates(api, game, seed):
            by_phase.setdefault(found["phase"], []).append(found)
        share = math.ceil(count / len(by_phase))
        met = len(by_phase) >= PHASES_PER_GAME
        if met and all(len(found) >= 4 * share for found in by_phase.values()):
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


def make_spec(
    api: Any, per_game: int, repeats: int, games: Sequence[str] = GAMES
) -> dict[str, Any]:
    """The benchmark's input: positions of the games, their levels, the repeats."""
    positions = [p for game in games for p in positions_of(api, game, per_game)]
    levels = {game: levels for game, levels in levels_of(api).items() if game in games}
    return {"positions": positions, "levels": levels, "repeats": repeats}


# --- runtimes ----------------------------------------------------------------------------


class Runner:
    """A runner (bench/bots_runner.py) in another process: commands on its standard input,
    one answer a line on its standard output."""

    def __init__(self, name: str, command: list[str], env: dict[str, str] | None = None) -> None:
        self.name = name
        # its own session, as the browser has: the scheduler shares the processor between
        # sessions first (autogroups), so every runtime gets the same share of it
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
        )

    def cpu_seconds(self) -> float:
        """The processor time its process has used so far (all its threads)."""
        return process_cpu(self.process.pid)

    def call(self, command: dict[str, Any]) -> dict[str, Any]:
        """Send a command; its answer."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the runner stopped (exit {self.process.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


class ChromiumRunner:
    """The runner in a module worker of headless Chromium, on a benchmark page served by
    the build's server (``tools/server.py``) beside a copy of the built site."""

    name = "chromium"

    def __init__(self, site: Path) -> None:
        bench_dir = site / BENCH_DIR
        bench_dir.mkdir()
        for name in WORKER_FILES:
            shutil.copyfile(BENCH / name, bench_dir / name)
        (bench_dir / "bots.html").write_bytes(PAGE)
        self.server = make_server(site, 0, quiet=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.playwright = sync_playwright().start()
        marker = f"--celestix-bench={os.getpid()}-{time.monotonic_ns()}"  # to find its processes
        self.browser = self.playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker]
        )
        self.root = next((pid for pid, line in command_lines().items() if marker in line), None)
        self.version = self.browser.version
        self.page = self.browser.new_page()
        self.page.set_default_timeout(TIMEOUT_S * 1000)
        self.page.goto(f"http://127.0.0.1:{self.server.server_address[1]}/{BENCH_DIR}/bots.html")
        self.page.wait_for_function("() => window.benchReady !== undefined")
        self.page.evaluate("() => window.benchReady")  # the worker's engine is up

    def call(self, command: dict[str, Any]) -> dict[str, Any]:
        """Send a command to the worker; its answer."""
        reply: dict[str, Any] = self.page.evaluate(
            "(text) => window.benchCall(text)", json.dumps(command)
        )
        if not reply["ok"]:
            raise RuntimeError(f"chromium: {reply['error']}")
        answer: dict[str, Any] = json.loads(reply["answer"])
        return answer

    def cpu_seconds(self) -> float:
        """The processor time the browser's processes (its worker's included) have used."""
        if self.root is None:
            return math.nan
        return sum(process_cpu(pid) for pid in descendants(self.root))

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()
        self.server.shutdown()
        self.server.server_close()


def command_lines() -> dict[int, str]:
    """Every process's command line, by pid (Linux /proc; empty elsewhere)."""
    lines = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            lines[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    return lines


def descendants(root: int) -> list[int]:
    """``root`` and every process below it (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            parents[int(entry.name)] = int(
                (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
            )
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found.extend(frontier)
    return found


def process_cpu(pid: int) -> float:
    """Processor seconds (user and system) a live process has used; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_runtime(name: str, site: Path) -> Runner | ChromiumRunner:
    """Start a runtime's runner."""
    if name == "cpython":
        env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
        return Runner(name, [sys.executable, str(BENCH / "bots_runner.py")], env)
    if name == "node":
        return Runner(name, ["node", str(BENCH / "bots_node.mjs"), str(site)])
    return ChromiumRunner(site)


@contextlib.contextmanager
def open_runtimes(
    api: Any, runtimes: Sequence[str], games: Sequence[str], built: Path
) -> Iterator[tuple[dict[str, Runner | ChromiumRunner], dict[str, str]]]:
    """The runners of ``runtimes`` (Pyodide's on a copy of the built site: other builds
    may replace dist/), and each described; closed on leaving."""
    with tempfile.TemporaryDirectory(prefix="celestix-bench-") as temporary:
        site = Path(temporary) / "site"
        if "node" in runtimes or "chromium" in runtimes:
            with cache_lock("build"):
                shutil.copytree(built, site)
        runners: dict[str, Runner | ChromiumRunner] = {}
        try:
            for name in runtimes:
                runners[name] = open_runtime(name, site)
            listed = {game["id"]: game["levels"] for game in api.games() if game["id"] in games}
            described = {name: describe(runner, listed) for name, runner in runners.items()}
            print(f"runtimes: {described}", flush=True)
            yield runners, described
        finally:
            for runner in runners.values():
                runner.close()


def describe(runner: Runner | ChromiumRunner, levels: dict[str, list[str]]) -> str:
    """The runtime in words, e.g. ``"Pyodide (Python 3.14.2) under Node v20.20.2"``;
    refuses a runtime whose engine lists other levels than engine/ does (a stale build)."""
    info = runner.call({"op": "info"})
    python = info["python"]
    theirs = {game: info["levels"].get(game) for game in levels}
    if theirs != levels:
        raise SystemExit(
            f"{runner.name}'s engine has the levels {theirs}, engine/ has {levels}: the built "
            "site is older than the sources (python3 build.py bench bots builds it first)"
        )
    if isinstance(runner, ChromiumRunner):
        return f"Pyodide (Python {python}) in Chromium {runner.version}'s module worker"
    if runner.name == "node":
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True)
        return f"Pyodide (Python {python}) under Node {node.stdout.strip()}"
    return f"CPython {python}"


def chunks_of(spec: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """The pieces of work: (game, level, start, stop), CHUNK positions each."""
    counts: dict[str, int] = {}
    for position in spec["positions"]:
        counts[position["game"]] = counts.get(position["game"], 0) + 1
    return [
        (game, level, start, min(start + CHUNK, counts.get(game, 0)))
        for game, levels in spec["levels"].items()
        for level in levels
        for start in range(0, counts.get(game, 0), CHUNK)
    ]


def measure(
    runners: dict[str, Runner | ChromiumRunner], spec: dict[str, Any]
) -> tuple[dict[str, dict[str, Any]], dict[str, float]]:
    """Every chunk in every runtime, the runtimes taking turns chunk by chunk (the first
    of each turn rotating): each runtime's times and actions, and its busy seconds."""
    answers: dict[str, dict[str, Any]] = {name: {"times": {}, "actions": {}} for name in runners}
    busy = dict.fromkeys(runners, 0.0)
    # per runtime, game and level: [wall seconds, processor seconds] of its turns
    used: dict[str, dict[str, dict[str, list[float]]]] = {name: {} for name in runners}
    for runner in runners.values():
        runner.call({"op": "load", "spec": spec})
    names = list(runners)
    chunks = chunks_of(spec)
    for index, (game, level, start, stop) in enumerate(chunks):
        turn = index % len(names)
        for name in names[turn:] + names[:turn]:
            command = {"op": "chunk", "game": game, "level": level, "start": start,
                       "stop": stop, "repeats": spec["repeats"]}  # fmt: skip
            began, cpu = time.monotonic(), runners[name].cpu_seconds()
            answer = runners[name].call(command)
            wall = time.monotonic() - began
            busy[name] += wall
            spent = used[name].setdefault(game, {}).setdefault(level, [0.0, 0.0])
            spent[0] += wall
            spent[1] += runners[name].cpu_seconds() - cpu
            times = answers[name]["times"].setdefault(game, {}).setdefault(level, [])
            times.extend(answer["times"])
            actions = answers[name]["actions"].setdefault(game, {}).setdefault(level, [])
            actions.extend(answer["actions"])
        last = index + 1 == len(chunks) or chunks[index + 1][:2] != (game, level)
        if last:
            so_far = ", ".join(f"{name} {busy[name]:.0f} s" for name in names)
            print(f"  {game} {level} done (busy so far: {so_far})", flush=True)
    for name in runners:
        answers[name]["cpu_share"] = {
            game: {level: round(cpu / wall, 2) if wall and not math.isnan(cpu) else None
                   for level, (wall, cpu) in levels.items()}
            for game, levels in used[name].items()
        }  # fmt: skip
    return answers, busy


# --- figures -----------------------------------------------------------------------------


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
            # a position's time: the least of its repeats (the least disturbed by other load)
            raw = {
                runtime: [min(t) for t in answer["times"][game][level]]
                for runtime, answer in answers.items()
            }
            for runtime, answer in answers.items():
                each = raw[runtime]
                choice = [t for t, p in zip(each, positions, strict=True) if p["legal"] > 1]
                phases: dict[str, list[float]] = {}
                for t, p in zip(each, positions, strict=True):
                    phases.setdefault(p["phase"], []).append(t)
                share = answer.get("cpu_share", {}).get(game, {}).get(level)
                # the processor time a decision took, estimated: its wall time times the
                # share of a processor the runtime got over its turns at this level
                scale = None if share is None else min(1.0, share)
                row[runtime] = {
                    "cpu_share": share,
                    "cpu_estimate": None
                    if scale is None or not each
                    else {
                        "median": round(scale * statistics.median(each), 2),
                        "p95": round(scale * p95(each), 2),
                    },
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
        head.append(f"{runtime} median / p95 (CPU share)")
        if runtime != "cpython" and "cpython" in runtimes:
            head.append(f"{runtime} x CPython (median / p95)")
    head.append("with a choice: median / p95 (" + runtimes[-1] + ")")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game, levels in summary.items():
        for level, row in levels.items():
            cells = [game, level, str(row[runtimes[0]]["all"]["n"])]
            for runtime in runtimes:
                figures, share = row[runtime]["all"], row[runtime]["cpu_share"]
                shown = "" if share is None else f" ({share:.2f})"
                cells.append(f"{figures['median']:.1f} / {figures['p95']:.1f}{shown}")
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


def cpu_table(summary: dict[str, Any], runtimes: Sequence[str]) -> str:
    """The processor-time estimates (wall time times the runtime's CPU share) as Markdown:
    median / p95 ms per decision, and the ratios of the medians to CPython's."""
    head = ["game", "level", *(f"{runtime} median / p95" for runtime in runtimes)]
    others = [r for r in runtimes if r != "cpython"] if "cpython" in runtimes else []
    head.extend(f"{runtime} x CPython (median / p95)" for runtime in others)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game, levels in summary.items():
        for level, row in levels.items():
            cells = [game, level]
            for runtime in runtimes:
                estimate = row[runtime]["cpu_estimate"]
                cells.append(
                    "-" if estimate is None else f"{estimate['median']:.1f} / {estimate['p95']:.1f}"
                )
            base = row.get("cpython", {}).get("cpu_estimate")
            for runtime in others:
                estimate = row[runtime]["cpu_estimate"]
                if base and estimate and base["median"] and base["p95"]:
                    median = estimate["median"] / base["median"]
                    cells.append(f"{median:.2f} / {estimate['p95'] / base['p95']:.2f}")
                else:
                    cells.append("-")
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
    parser.add_argument("--positions", type=int, default=96, help="positions per game")
    parser.add_argument(
        "--runs", type=int, default=2, help="timed calls per position (its time: the least)"
    )
    parser.add_argument("--runtimes", default=",".join(RUNTIMES), help="which, in order")
    parser.add_argument("--games", default=",".join(GAMES), help="which games")
    parser.add_argument("--levels", default="", help="only these levels (comma-separated)")
    parser.add_argument("--site", type=Path, default=DIST, help="the built site")
    parser.add_argument(
        "--out", type=Path, default=RESULTS / "bench" / "bots.json", help="JSON results"
    )
    args = parser.parse_args(argv)
    runtimes = [r for r in args.runtimes.split(",") if r]
    unknown = [r for r in runtimes if r not in RUNTIMES]
    if unknown or not runtimes:
        parser.error(f"unknown runtimes {unknown}; choose from {', '.join(RUNTIMES)}")
    started = time.monotonic()
    api = engine_api()
    games = [g for g in args.games.split(",") if g]
    spec = make_spec(api, args.positions, args.runs, games)
    if args.levels:
        wanted = args.levels.split(",")
        spec["levels"] = {g: [v for v in ls if v in wanted] for g, ls in spec["levels"].items()}
    counts = {g: sum(p["game"] == g for p in spec["positions"]) for g in games}
    print(f"positions: {counts}; levels: {spec['levels']}; runs {args.runs}", flush=True)
    load = {"start": load_average()}
    with open_runtimes(api, runtimes, games, args.site) as (runners, described):
        answers, busy = measure(runners, spec)
    load["end"] = load_average()
    summary = summarise(spec, answers)
    positions = [
        {key: p[key] for key in ("game", "phase", "deal", "decision", "legal", "seed")}
        for p in spec["positions"]
    ]
    result = {
        "runtimes": described,
        "cpus": os.cpu_count(),
        "load_average": load,
        "busy_seconds": {name: round(seconds) for name, seconds in busy.items()},
        "seconds": round(time.monotonic() - started),
        "repeats": args.runs,
        "positions": positions,
        "summary": summary,
        "times": {r: answers[r]["times"] for r in runtimes},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"ms per decision (wall; a position's time is the least of its {args.runs} runs),")
    print("median / p95 over the positions:")
    print(table(summary, runtimes))
    print("processor time per decision, estimated (wall time x CPU share), median / p95:")
    print(cpu_table(summary, runtimes))
    print("by phase (wall):")
    print(phase_table(summary, runtimes))
    for line in agreement(summary, runtimes) or ["every runtime chose CPython's actions"]:
        print(line)
    print(f"load average (1, 5, 15 min) at the start and the end: {load}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
