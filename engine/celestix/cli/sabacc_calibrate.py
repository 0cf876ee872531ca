"""Calibrating the basic player's bidding thresholds on simulated hands.

``python -m celestix calibrate sabacc --players 4 --deals 1500 --jobs 2``. Each deal is
dealt from its seed, then played once for every seat and every way the talon can go:
that seat declares (Take: the talon into its hand, with the basic aside; Guard without:
into its pile; Guard against: into the defenders' pile), the others pass, and every seat
plays as the basic player. Each declarer's bidding count (``basic.hand_count`` of the
hand as dealt) and whether it made the contract are kept; a logistic curve fitted to them
gives the chance of making the contract from a count, and each contract's threshold is
the lowest count whose chance reaches what the contract needs under each ``stakes`` value
(:func:`required`). The play does not depend on the stakes, so one run serves both.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence

from celestix.options import resolve
from celestix.runner import run_jobs
from celestix.sabacc.actions import Action
from celestix.sabacc.aside import TALON_TO
from celestix.sabacc.auction import BIDS, PASS
from celestix.sabacc.bots import basic, choose
from celestix.sabacc.chips import EVERYONE, STAKES_RULES
from celestix.sabacc.flow import apply_action
from celestix.sabacc.options import OPTION_SPECS
from celestix.sabacc.setup import new_state
from celestix.sabacc.state import Phase
from celestix.sabacc.view import make_view
from celestix.shape import JsonDict

# One contract for each way the talon goes (Push and Guard go as Take).
WAYS = ("take", "guard_without", "guard_against")
# The chance of making a contract the basic player wants before it bids it. Under
# "everyone" declaring pays when the contract is made more than n / (2n - 1) of the time
# (RULES.md 3.3); the basic player adds a margin that grows with the stake, as the seed
# says a higher bid "indicates a stronger hand". Under "bidder" an uncontested declarer
# can only lose chips, so it declares only when nearly sure.
MARGINS = {"take": 0.04, "push": 0.08, "guard": 0.12, "guard_without": 0.08,
           "guard_against": 0.08}  # fmt: skip
BIDDER_REQUIRED = {"take": 0.88, "push": 0.91, "guard": 0.94, "guard_without": 0.91,
                   "guard_against": 0.91}  # fmt: skip


def required(rule: str, contract: str, seats: int) -> float:
    """The chance of making ``contract`` the basic player wants under ``rule``."""
    if rule == EVERYONE:
        return seats / (2 * seats - 1) + MARGINS[contract]
    return BIDDER_REQUIRED[contract]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The calibration's own arguments (``--players`` and ``--seed`` come with the others)."""
    parser.add_argument("--deals", type=int, default=1000, help="how many deals")
    parser.add_argument("--jobs", "--workers", dest="jobs", type=int, default=1,
                        help="processes playing in parallel")  # fmt: skip


def calibrate(args: argparse.Namespace, options: JsonDict, write: Callable[[str], None]) -> int:
    """Play the deals and print the counts, the fitted curves and the thresholds."""
    if args.deals < 1 or args.jobs < 1:
        write("error: --deals and --jobs must be at least 1")
        return 2
    resolved = resolve(OPTION_SPECS, options)
    seats = int(resolved["players"])
    seed = 1 if args.seed is None else args.seed
    started = time.perf_counter()
    results, workers = run_jobs(calibration_deal, [(seed + k, resolved) for k in range(args.deals)],
                                args.jobs)  # fmt: skip
    elapsed = time.perf_counter() - started
    last = seed + args.deals - 1
    write(f"Contract Sabacc bidding calibration: {seats} players, {args.deals} deals "
          f"(seeds {seed}-{last}), {workers} process(es), {elapsed:.0f} s")  # fmt: skip
    curves = {}
    for way in WAYS:
        points = [(r["count"], r["made"]) for res in results for r in res["rounds"]
                  if r["way"] == way]  # fmt: skip
        a, b = fit_logistic(points)
        curves[way] = (a, b)
        made = sum(m for _, m in points)
        write(f"{way}: {len(points)} declarers, {100 * made / len(points):.1f}% made; "
              f"chance from count c = 1 / (1 + exp(-({a:.3f} + {b:.4f} c)))")  # fmt: skip
        write("  by count: " + "; ".join(by_count(points)))
    for rule in STAKES_RULES:
        cells = []
        for contract in BIDS:
            way = WAYS[0] if TALON_TO[contract] == TALON_TO["take"] else contract
            p = required(rule, contract, seats)
            cells.append(f'"{contract}": {threshold_for(curves[way], p)}')
        write(f"thresholds {rule} {seats}: {{{', '.join(cells)}}}")
    return 0


def calibration_deal(job: tuple[int, JsonDict]) -> JsonDict:
    """Every seat declares each way in turn on the deal of ``seed``; their results."""
    seed, options = job
    seats = int(options["players"])
    dealt = new_state(options, seed, None)
    setup = {"dealer": dealt["dealer"], "hands": dealt["hands"], "talon": dealt["talon"]}
    rounds = []
    for declarer in range(seats):
        count = basic.hand_count(dealt["hands"][declarer])
        for way in WAYS:
            made = forced_round(options, seed, setup, declarer, way)
            rounds.append({"seat": declarer, "way": way, "count": count, "made": made})
    return {"seed": seed, "rounds": rounds}


def forced_round(
    options: JsonDict, seed: int, setup: JsonDict, declarer: int, contract: str
) -> int:
    """1 if ``declarer``, bidding ``contract`` while the others pass, makes it (basic play)."""
    state = new_state(options, seed, setup)
    while state["round"] == 0 and not state["over"]:
        seat = state["to_act"]
        assert seat is not None  # (the game is not over)
        action: Action
        if state["phase"] == Phase.BID:
            action = {"type": "bid", "bid": contract if seat == declarer else PASS}
        else:
            action = choose(make_view(state, seat), "basic", 0)
        state, events = apply_action(state, action, seat)
        for event in events:
            if event["type"] == "round_counted":
                return 1 if event["made"] else 0
    raise AssertionError("the round was not counted")


RIDGE = 1e-3  # a whisper of regularisation, so that separable data (few deals) stays finite


def fit_logistic(points: Sequence[tuple[int, int]]) -> tuple[float, float]:
    """``(a, b)`` of the logistic curve 1 / (1 + exp(-(a + b x))) that best fits the
    ``(x, made)`` points (maximum likelihood with a tiny ridge, Newton's method; x centred
    for stability)."""
    n = len(points)
    mean = sum(x for x, _ in points) / n
    a = b = 0.0
    for _ in range(100):
        ga, gb = -RIDGE * a, -RIDGE * b
        haa = hbb = RIDGE
        hab = 0.0
        for x, y in points:
            u = x - mean
            p = 1 / (1 + math.exp(-max(-50.0, min(50.0, a + b * u))))
            w = p * (1 - p)
            ga += y - p
            gb += (y - p) * u
            haa += w
            hab += w * u
            hbb += w * u * u
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a - b * mean, b


NEVER = 999  # a threshold no hand reaches (the counts stay far below it)


def threshold_for(curve: tuple[float, float], chance: float) -> int:
    """The lowest whole count whose fitted chance of making the contract is ``chance``
    (:data:`NEVER` when the curve does not rise to it within reach)."""
    a, b = curve
    if b <= 1e-6:
        return NEVER
    return min(NEVER, max(0, math.ceil((math.log(chance / (1 - chance)) - a) / b)))


def by_count(points: Sequence[tuple[int, int]], width: int = 5) -> list[str]:
    """``"30-34: 42% of 120"``: the share made in bands of counts."""
    bands: dict[int, list[int]] = {}
    for x, made in points:
        bands.setdefault(x // width, []).append(made)
    return [f"{k * width}-{k * width + width - 1}: {100 * sum(v) / len(v):.0f}% of {len(v)}"
            for k, v in sorted(bands.items()) if len(v) >= 10]  # fmt: skip
