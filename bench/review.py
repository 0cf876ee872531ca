"""The review benchmark: seconds per review in CPython, Pyodide under Node, Chromium's worker.

    python3 build.py bench review                (builds dist/ first, then runs this)
    .venv/bin/python -m bench.review --games precedence --count 5 --runtimes cpython,node

The records are made in CPython: the first hand of Precedence deals 1, 2, ... and the
first round of Contract Sabacc deals (4 players) with a declarer, played by the ``easy``
players, and the patience deals 1-100 played by ``easy`` to their end. Each is reviewed
for seat 0 at ``--level`` (default ``strong``, the page's) in every runtime, step by step
as the page runs it (``review_plan``, then ``review_step`` with the job through JSON text;
``bench/bots_runner.py``'s ``review``), the runtimes taking turns record by record (the
first of each turn rotating) in the runners of ``bench/bots.py``. Wall seconds per review
(median, p95 nearest rank, max), until every decision is judged (when the page's walk can
start, the hand's par still to come), the longest step (how long a cancel may wait), and
whether every runtime's review is CPython's byte for byte. Written to
``test-results/bench/review.json`` and printed as a table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.bots import RUNTIMES, engine_api, load_average, open_runtimes
from celestix.stats import percentile
from tools.common import DIST, RESULTS

GAMES = ("precedence", "sabacc", "patience")
COUNTS = {"precedence": 20, "sabacc": 12, "patience": 100}


def played(api: Any, game: str, seed: int) -> dict[str, Any] | None:
    """Deal ``seed``'s first hand (round; the whole patience) played by easy, as a record;
    None for a Sabacc round nobody declared."""
    state = api.new_game(game, None, seed)
    record: dict[str, Any] = {"game": game, "seed": seed, "actions": []}
    key = {"precedence": "hand_number", "sabacc": "round"}.get(game)
    while not state["over"] and (key is None or state[key] == 0):
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "easy", len(record["actions"]))
        record["actions"].append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    if game == "sabacc" and state["last_round"] and state["last_round"]["void"]:
        return None
    return record


def records_of(api: Any, game: str, count: int) -> list[dict[str, Any]]:
    """``count`` records of ``game`` (deals 1, 2, ...; void Sabacc rounds skipped)."""
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        record = played(api, game, seed)
        if record is not None:
            out.append(record)
    return out


def stats(values: list[float]) -> dict[str, float]:
    """Median, p95 (nearest rank) and max, rounded to 0.01."""
    return {
        "median": round(statistics.median(values), 2),
        "p95": round(percentile(values, 0.95), 2),
        "max": round(max(values), 2),
    }


def what_it_found(game: str, found: dict[str, Any]) -> str:
    """The review's headline, for the per-record results."""
    if game == "patience":
        return str(found["outcome"]["status"])
    par = found["par"]
    if not par:
        return "no par"
    return f"par from trick {par[0]['par']['from_trick']}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="which games")
    parser.add_argument("--count", type=int, default=0, help="records a game (0: defaults)")
    parser.add_argument("--level", default="strong", help="the review's level")
    parser.add_argument("--runtimes", default=",".join(RUNTIMES), help="which, in order")
    parser.add_argument("--site", type=Path, default=DIST, help="the built site")
    parser.add_argument("--runs", type=int, default=1, help="(accepted for build.py; unused)")
    parser.add_argument("--out", type=Path, default=RESULTS / "bench" / "review.json")
    args = parser.parse_args(argv)
    runtimes = [r for r in args.runtimes.split(",") if r]
    games = [g for g in args.games.split(",") if g]
    api = engine_api()
    started = time.monotonic()
    records = {g: records_of(api, g, args.count or COUNTS[g]) for g in games}
    print({g: [r["seed"] for r in rs] for g, rs in records.items()}, flush=True)
    load = {"start": load_average()}
    results: dict[str, dict[str, list[dict[str, Any]]]] = {r: {} for r in runtimes}
    with open_runtimes(api, runtimes, games, args.site) as (runners, described):
        turn = 0
        for game in games:
            for record in records[game]:
                order = runtimes[turn % len(runtimes) :] + runtimes[: turn % len(runtimes)]
                turn += 1
                for name in order:
                    answer = runners[name].call({"op": "review", "record": record,
                                                 "seat": 0, "level": args.level,
                                                 "seed": 1})  # fmt: skip
                    answer["found"] = what_it_found(game, answer.pop("review"))
                    answer["seed"] = record["seed"]
                    results[name].setdefault(game, []).append(answer)
                print(f"  {game} deal {record['seed']}: " + ", ".join(
                    f"{n} {results[n][game][-1]['ms'] / 1000:.1f} s" for n in runtimes
                ) + f" ({results[runtimes[0]][game][-1]['found']})", flush=True)  # fmt: skip
    load["end"] = load_average()
    summary: dict[str, Any] = {}
    for game in games:
        summary[game] = {}
        for name in runtimes:
            rows = results[name][game]
            summary[game][name] = {
                "seconds": stats([row["ms"] / 1000 for row in rows]),
                "judged_seconds": stats([row["judged_ms"] / 1000 for row in rows]),
                "longest_step_seconds": stats([row["longest_ms"] / 1000 for row in rows]),
                "same_as_cpython": all(
                    row["digest"] == base["digest"]
                    for row, base in zip(rows, results[runtimes[0]][game], strict=True)
                ),
            }
    out = {"runtimes": described, "level": args.level, "cpus": os.cpu_count(),
           "load_average": load, "seconds": round(time.monotonic() - started),
           "summary": summary, "results": results}  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print("| game | reviews | runtime | wall s: median / p95 / max | decisions judged: median "
          "/ p95 / max | longest step: median / max | same as CPython |")  # fmt: skip
    print("|---|---:|---|---|---|---|---|")
    for game in games:
        for name in runtimes:
            row = summary[game][name]
            sec, judged = row["seconds"], row["judged_seconds"]
            step = row["longest_step_seconds"]
            print(f"| {game} | {len(records[game])} | {name} | {sec['median']} / {sec['p95']} / "
                  f"{sec['max']} | {judged['median']} / {judged['p95']} / {judged['max']} | "
                  f"{step['median']} / {step['max']} | "
                  f"{'yes' if row['same_as_cpython'] else 'NO'} |")  # fmt: skip
    print(f"load average (1, 5, 15 min) at the start and the end: {load}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
