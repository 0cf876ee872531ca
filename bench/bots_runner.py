"""The timed part of the bot benchmark: the same code in CPython and in Pyodide.

``bench/bots.py`` writes a spec (the positions, the levels of each game, the repeats) and
runs :func:`measure` on it in each runtime: in CPython as a script
(``python bots_runner.py SPEC OUT``, with the engine on ``PYTHONPATH``), in Pyodide (under
Node and in Chromium's worker) through :func:`measure_json`. Every call goes through the
facade, ``api.bot_action(view, level, seed)``, so whatever the levels become is measured.
Each call is timed with ``time.perf_counter`` (wall time: the browser offers no other
clock), after one untimed call per game and level (imports, caches warmed).
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from typing import Any


def measure(spec: dict[str, Any]) -> dict[str, Any]:
    """Time every level of every game on the spec's positions.

    ``spec``: ``{"positions": [{"game", "phase", "view", "seed", ...}], "levels":
    {game: [level, ...]}, "repeats": n}``. Returns ``{"python", "platform", "times":
    {game: {level: [[ms of each repeat] per position of that game]}}, "actions": {game:
    {level: [action per position]}}}``; positions keep the spec's order.
    """
    api: Any = importlib.import_module("celestix.api")  # the engine of the runtime at hand

    repeats = int(spec.get("repeats", 1))
    by_game: dict[str, list[dict[str, Any]]] = {}
    for position in spec["positions"]:
        by_game.setdefault(position["game"], []).append(position)
    times: dict[str, dict[str, list[list[float]]]] = {}
    actions: dict[str, dict[str, list[Any]]] = {}
    for game, levels in spec["levels"].items():
        positions = by_game.get(game, [])
        times[game], actions[game] = {}, {}
        for level in levels:
            if positions:  # warm-up: the first call of a level pays for its imports
                api.bot_action(json.loads(positions[0]["text"]), level, positions[0]["seed"])
            level_times: list[list[float]] = []
            level_actions: list[Any] = []
            for position in positions:
                each: list[float] = []
                action: Any = None
                for _ in range(repeats):
                    # each call gets its own copy: a bot may change the view it is given
                    view = json.loads(position["text"])
                    began = time.perf_counter()
                    action = api.bot_action(view, level, position["seed"])
                    each.append(1000 * (time.perf_counter() - began))
                level_times.append(each)
                level_actions.append(action)
            times[game][level] = level_times
            actions[game][level] = level_actions
    return {
        "python": sys.version.split()[0],
        "platform": f"{sys.platform} {platform.machine()}",
        "times": times,
        "actions": actions,
    }


def measure_json(text: str) -> str:
    """:func:`measure` on a spec given as JSON text; the result as JSON text (for Pyodide)."""
    spec = json.loads(text)
    for position in spec["positions"]:
        position["text"] = json.dumps(position["view"])
    return json.dumps(measure(spec))


def main(argv: list[str]) -> int:
    """``bots_runner.py SPEC OUT``: measure the spec in the file SPEC, write OUT."""
    spec_path, out_path = argv
    with open(spec_path, encoding="utf-8") as spec_file:
        text = spec_file.read()
    result = measure_json(text)
    with open(out_path, "w", encoding="utf-8") as out_file:
        out_file.write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
