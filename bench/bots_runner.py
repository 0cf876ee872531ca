"""The timed part of the bot benchmark: the same code in CPython and in Pyodide.

``bench/bots.py`` drives one runner in each runtime at once, by commands (JSON text, one
answer each), so that it can hand the runtimes the same small piece of work in turn and a
slow spell of the shared machine falls on all of them alike:

* ``{"op": "load", "spec": {...}}`` -- the positions (``{"game", "view", "seed", ...}``);
* ``{"op": "chunk", "game", "level", "start", "stop", "repeats"}`` -- decide positions
  ``start:stop`` of ``game`` with ``level``, each ``repeats`` times in a row: ``{"times":
  [[ms of each repeat] per position], "actions": [action per position]}``;
* ``{"op": "info"}`` -- ``{"python", "platform", "levels": {game: levels}}``;
* ``{"op": "review", "record", "seat", "level", "seed"}`` -- the review (``bench/review.py``)
  run step by step as the page runs it (``api.review_plan``, then ``api.review_step``
  with the job through JSON text each time): ``{"ms", "judged_ms", "steps", "longest_ms",
  "digest", "review"}`` (``judged_ms``: until every decision is judged, when the page's
  walk can start, the hand's par still to come; ``digest``: SHA-256 of the review's JSON,
  keys sorted).

Every call goes through the facade, ``api.bot_action(view, level, seed)``, so whatever the
levels become is measured; each gets its own copy of the view and is timed with
``time.perf_counter`` (wall time: a browser offers no other clock). The first call of each
game and level is made once untimed beforehand (imports and first-use costs).

In CPython this file is a script reading commands from standard input, one a line, and
writing one answer a line; in Pyodide (Node and Chromium's worker, ``bots_pyodide.mjs``)
:func:`handle` is called directly.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import platform
import sys
import time
from typing import Any

# The loaded positions, by game: (view as JSON text, seed)
POSITIONS: dict[str, list[tuple[str, int]]] = {}
WARMED: set[tuple[str, str]] = set()


def load(spec: dict[str, Any]) -> dict[str, Any]:
    """Keep the spec's positions, by game; how many of each."""
    POSITIONS.clear()
    WARMED.clear()
    for position in spec["positions"]:
        POSITIONS.setdefault(position["game"], []).append(
            (json.dumps(position["view"]), position["seed"])
        )
    return {game: len(positions) for game, positions in POSITIONS.items()}


def chunk(game: str, level: str, start: int, stop: int, repeats: int) -> dict[str, Any]:
    """Time ``level`` on positions ``start:stop`` of ``game``, ``repeats`` calls each."""
    api: Any = importlib.import_module("celestix.api")  # the engine of the runtime at hand
    positions = POSITIONS[game]
    if (game, level) not in WARMED:
        text, seed = positions[0]
        api.bot_action(json.loads(text), level, seed)
        WARMED.add((game, level))
    times: list[list[float]] = []
    actions: list[Any] = []
    for text, seed in positions[start:stop]:
        each: list[float] = []
        action: Any = None
        for _ in range(repeats):
            view = json.loads(text)  # a bot may change the view it is given
            began = time.perf_counter()
            action = api.bot_action(view, level, seed)
            each.append(1000 * (time.perf_counter() - began))
        times.append(each)
        actions.append(action)
    return {"times": times, "actions": actions}


def review(record: Any, seat: int, level: str, seed: int) -> dict[str, Any]:
    """Time one review run step by step, as the page runs it in its worker."""
    api: Any = importlib.import_module("celestix.api")
    began = time.perf_counter()
    job = api.review_plan(record, seat, level, seed)
    longest = 1000 * (time.perf_counter() - began)
    steps = 0
    judged = None
    while job["review"] is None:
        if judged is None and job["decisions"] and job["done"] >= len(job["decisions"]):
            judged = 1000 * (time.perf_counter() - began)
        step_began = time.perf_counter()
        job = json.loads(json.dumps(api.review_step(json.loads(json.dumps(job)))))
        longest = max(longest, 1000 * (time.perf_counter() - step_began))
        steps += 1
    found = job["review"]
    text = json.dumps(found, sort_keys=True)
    ms = 1000 * (time.perf_counter() - began)
    return {"ms": ms, "judged_ms": ms if judged is None else judged, "steps": steps,
            "longest_ms": longest, "digest": hashlib.sha256(text.encode()).hexdigest(),
            "review": found}  # fmt: skip


def handle(text: str) -> str:
    """Answer one command (JSON text in, JSON text out)."""
    command = json.loads(text)
    op = command["op"]
    if op == "load":
        return json.dumps(load(command["spec"]))
    if op == "chunk":
        return json.dumps(
            chunk(
                command["game"],
                command["level"],
                command["start"],
                command["stop"],
                command["repeats"],
            )
        )
    if op == "review":
        return json.dumps(review(command["record"], command["seat"], command["level"],
                                 command["seed"]))  # fmt: skip
    if op == "info":
        api: Any = importlib.import_module("celestix.api")
        levels = {game["id"]: game["levels"] for game in api.games()}
        python = sys.version.split()[0]
        machine = f"{sys.platform} {platform.machine()}"
        return json.dumps({"python": python, "platform": machine, "levels": levels})
    raise ValueError(f"unknown command {op!r}")


def main() -> int:
    """Commands from standard input, one a line; one answer a line on standard output."""
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(handle(line) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
