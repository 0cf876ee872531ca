"""How often does following the patience's hint end in a dead end? (issue 24, audit 7 F16)

    PYTHONPATH=engine .venv/bin/python -m bench.patience_hints --start king --redeals 2 \
        --deals 100 [--seed 1] [--workers 2] [--log FILE]

Each deal is played by doing what the page's Hint says on every move (``api.hint`` at the
page's level, ``strong``, with the seed drawn from the view, as the page asks it). Its
opening is asked of the solver as the page's "Still winnable?" asks it (100,000 nodes):
a deal the hint won, or whose opening the solver shows winnable, is *shown winnable*,
and a dead end on one of those is the fault to count. For each such dead end the
position at the start of every later pass (just after a redeal, when the player has
seen the whole stock's order) is asked again with ``--budget`` nodes: winnable there
means the hint lost the deal in a pass where it knew the order of every card; lost or
unknown there, in an earlier pass.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import cast

from celestix import runner
from celestix.patience import hints
from celestix.patience.bots import EFFORT, evaluate, stock_known, view_moves
from celestix.patience.flow import Move, apply_move
from celestix.patience.setup import new_state
from celestix.patience.solver import DEFAULT_BUDGET, LOST, UNKNOWN, WON, solve_state
from celestix.patience.state import State
from celestix.patience.view import View, make_view
from celestix.rng import view_seed
from celestix.shape import JsonDict
from celestix.stats import percentile, wilson

LEVEL = "strong"  # the page's hint (web/js/patience/advice.js HINT_LEVEL)
DIAGNOSIS_BUDGET = 300_000


def hint_move(view: View, level: str = LEVEL) -> tuple[Move, str | None]:
    """What the page's Hint says to play here (``api.hint``'s action with the view's seed),
    without valuing every other move when that cannot change it: the recommendation is the
    first move of a winning line when the solver finds one on a known stock, and in the
    first pass the level's own sampled choice (tests/tools/test_patience_hints.py checks
    it against the hint itself). With it, the solver's word on the known stock (None in
    the first pass and for a forced move)."""
    moves = view_moves(view)
    if len(moves) == 1:
        return moves[0], None
    seed = view_seed(view)
    first = evaluate(view, moves, EFFORT[level], seed, every_move=False)[0]
    if not stock_known(view):
        return first.move, None
    if first.status == WON:
        return first.move, WON
    return cast(Move, hints.hint(view, level, seed)["action"]), first.status


def follow(
    deal: int, start: str, redeals: int, level: str = LEVEL
) -> tuple[State, list[Move], JsonDict]:
    """Deal ``deal`` played by following the hint on every move: the last state, the moves,
    and when the hint's solver first found a way to win on the known stock (``found``: the
    move's index, or None) and whether it found none at a later choice (``dropped``)."""
    state = new_state({"start": start, "redeals": redeals}, deal, None)
    moves: list[Move] = []
    seen: JsonDict = {"found": None, "dropped": False}
    while state["phase"] == "play":
        move, status = hint_move(make_view(state, 0), level)
        if status == WON and seen["found"] is None:
            seen["found"] = len(moves)
        elif status is not None and status != WON and seen["found"] is not None:
            seen["dropped"] = True
        moves.append(move)
        state, _ = apply_move(state, move)
    return state, moves, seen


def play_deal(job: tuple[int, str, int, int]) -> JsonDict:
    """One deal followed on the hint, with the solver's word on its opening and, for a dead
    end, on the start of each pass the player saw the whole stock's order."""
    deal, start, redeals, budget = job
    opening = new_state({"start": start, "redeals": redeals}, deal, None)
    clock = time.process_time()
    state, moves, seen = follow(deal, start, redeals)
    seconds = time.process_time() - clock
    out: JsonDict = {
        "deal": deal,
        "won": state["phase"] == "won",
        "built": sum(len(pile) for pile in state["foundations"]),
        "moves": len(moves),
        "seconds": round(seconds, 2),
        "opening": solve_state(opening, DEFAULT_BUDGET).status,
        "passes": [],
        **seen,
    }
    if not out["won"]:
        out["actions"] = moves  # (the record of the dead end, to review it)
        position = opening
        for move in moves:
            position, _ = apply_move(position, move)
            if move["type"] == "redeal":
                out["passes"].append(solve_state(position, budget).status)
    return out


def report(start: str, redeals: int, results: Sequence[JsonDict]) -> list[str]:
    """The dead ends on deals shown winnable, with where they were lost."""
    n = len(results)
    won = sum(1 for r in results if r["won"])
    shown = [r for r in results if r["won"] or r["opening"] == WON]
    dead = [r for r in shown if not r["won"]]
    low, high = wilson(len(dead), len(shown))
    later = sum(1 for r in dead if WON in r["passes"])
    found = sum(1 for r in dead if r["found"] is not None)
    first = sum(1 for r in dead if r["passes"] and r["passes"][0] == LOST)
    times = [float(r["seconds"]) for r in results]
    return [
        f"start {start}, {redeals} redeals, {n} deals from {results[0]['deal'] if n else '-'}: "
        f"the hint won {won} ({100 * won / max(1, n):.1f}%); shown winnable {len(shown)} "
        f"(opening winnable {sum(1 for r in results if r['opening'] == WON)}, "
        f"lost {sum(1 for r in results if r['opening'] == LOST)}, "
        f"unknown {sum(1 for r in results if r['opening'] == UNKNOWN)})",
        f"  dead ends on deals shown winnable: {len(dead)} of {len(shown)} = "
        f"{100 * len(dead) / max(1, len(shown)):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%); "
        f"of them, still winnable at the start of a pass whose order the player knew: {later}; "
        f"lost at the end of the first pass: {first}; the hint had found a way to win and "
        f"lost it: {found}",
        f"  cards built on average {sum(int(r['built']) for r in results) / max(1, n):.1f}; "
        f"CPU seconds a deal median {percentile(times, 0.5):.1f}, max {max(times, default=0):.0f}",
        "  dead ends: "
        + (
            ", ".join(f"{r['deal']} ({r['built']}, {'/'.join(r['passes'])})" for r in dead)
            or "none"
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--start", default="king", choices=("king", "no-king"))
    parser.add_argument("--redeals", type=int, default=2, choices=(0, 1, 2))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--budget", type=int, default=DIAGNOSIS_BUDGET)
    parser.add_argument("--log", default=None, help="keep each deal's result (resumable)")
    args = parser.parse_args(argv)
    jobs = [(d, args.start, args.redeals, args.budget)
            for d in range(args.seed, args.seed + args.deals)]  # fmt: skip
    results, _ = runner.run_jobs(play_deal, jobs, args.workers, log=args.log)
    for line in report(args.start, args.redeals, results):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
