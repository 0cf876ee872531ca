"""Are the Contract Sabacc bots' passes right? (issue 24, five players)

    PYTHONPATH=engine .venv/bin/python -m bench.sabacc_passes --level normal --players 5 --deals 100

Each deal's first auction is played with ``--level`` in every seat. In a void one (every
seat passed), the seat most tempted to declare by the level's own bidding (``normal``:
its search's chance of making a Take, :func:`search.estimate_bid` with the seed the level
was given; ``easy``: the calibration curve's chance from its hand's count) is made to
declare the cheapest contract, Take, with the others passing, and the round is played out
by the level in every seat. Its chips after the round, against the void round's (no
change), say what declaring would have been worth: in chips, and in the chance of winning
the game (:func:`equity.equity`, the level's own spread for the four rounds left). If the
passes were wrong, these forced Takes win chips or the game's chance on average.
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from celestix import runner
from celestix.registry import rules_for
from celestix.runner import Step
from celestix.sabacc.auction import PASS
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.equity import EQUITY_UNITS, ROUND_SPREAD, equity, spread_of
from celestix.sabacc.bots.search import BUDGETS, estimate_bid
from celestix.sabacc.view import View, acting_seat
from celestix.shape import JsonDict

FORCED = "bench.sabacc_passes:forced"
# everyone's chips once a void first round is over: the 100 to start with, less the
# first round's ante and the second's (the round ends once the next is dealt)
VOID_CHIPS = 100 - 2
_force: dict[str, object] = {"seat": -1, "level": "normal"}


def forced(view: JsonDict, seed: int) -> JsonDict:
    """The level's action, except in the first auction: the forced seat bids Take when
    nobody has bid, every other bid is a pass."""
    if view["phase"] == "bid" and int(view["round"]) == 0:
        take = acting_seat(cast(View, view)) == _force["seat"] and view["highest_bid"] is None
        return {"type": "bid", "bid": "take" if take else PASS}
    action: JsonDict = rules_for("sabacc").bot_action(view, str(_force["level"]), seed)
    return action


def temptation(view: View, level: str, seed: int) -> float:
    """The level's own chance of making a Take from this view."""
    if level == "easy":
        count = basic.hand_count(view["hand"])
        return basic.chance(count, "take", len(view["hand_sizes"])) / basic.CHANCE_UNITS
    estimate = estimate_bid(view, BUDGETS[level], seed)
    return estimate.made[0] / max(estimate.samples, 1)


def first_auction(level: str, players: int, seed: int) -> tuple[bool, int, float]:
    """Whether the first auction of deal ``seed`` was void, and its most tempted seat."""
    tempted: dict[int, float] = {}
    actions = [0]
    declared = [False]

    def observe(step: Step) -> None:
        number = actions[0]
        actions[0] += 1
        if step.view["phase"] != "bid":
            return
        if step.action.get("bid") != PASS:
            declared[0] = True
        if step.seat not in tempted:
            view = cast(View, step.view)
            tempted[step.seat] = temptation(view, level, runner.bot_seed(seed, number))

    def over(step: Step) -> bool:  # the auction won, or void (the next round dealt)
        return bool(step.state["phase"] != "bid" or step.state["round"] != 0)

    runner.play("sabacc", [level] * players, {"players": players}, seed, observe=observe,
                until=over)  # fmt: skip
    seat = max(tempted, key=lambda s: tempted[s])
    return not declared[0], seat, tempted[seat]


def forced_take(level: str, players: int, seed: int, seat: int) -> tuple[int, bool, list[int]]:
    """Deal ``seed``'s first round with ``seat`` made to declare Take: its change of
    chips (against a void round), whether it made the contract, everyone's chips."""
    # the runner imports the player's module by name: a run as __main__ is another copy
    force = cast(dict[str, object], importlib.import_module(__spec__.name)._force)
    force["seat"], force["level"] = seat, level
    played = runner.play("sabacc", [FORCED] * players, {"players": players}, seed,
                         until=lambda step: int(step.state["round"]) != 0)  # fmt: skip
    state = played.state
    chips = [int(c) for c in state["chips"]]
    return chips[seat] - VOID_CHIPS, chips[seat] > VOID_CHIPS, chips


@dataclass
class Forced:
    """A void first auction's most tempted seat made to declare Take."""

    seed: int
    seat: int
    chance: float  # the level's own chance of making the Take
    chips: int  # its chips after the round, less a void round's
    made: bool
    gain: float  # its chance of winning the game, less a void round's


def forced_takes(level: str, players: int, seeds: Sequence[int]) -> tuple[int, list[Forced]]:
    """Of the first auctions of ``seeds``, how many were void, and each void one's forced Take."""
    spreads = basic.ROUND_SPREAD if level == "easy" else ROUND_SPREAD
    spread = spread_of(players, players - 1, spreads)
    void_equity = equity([VOID_CHIPS] * players, 0, spread)
    found: list[Forced] = []
    for seed in seeds:
        void, seat, chance = first_auction(level, players, seed)
        if void:
            change, made, chips = forced_take(level, players, seed, seat)
            gain = (equity(chips, seat, spread) - void_equity) / EQUITY_UNITS
            found.append(Forced(seed, seat, chance, change, made, gain))
    return len(found), found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "strong"))
    parser.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    players, level = args.players, args.level
    seeds = range(args.seed, args.seed + args.deals)
    n, found = forced_takes(level, players, seeds)
    for f in found:
        print(f"seed {f.seed}: seat {f.seat} chance {f.chance:.2f}, Take "
              f"{'made' if f.made else 'lost'}, chips {f.chips:+d}")  # fmt: skip
    print(f"Contract Sabacc, {players} players, {level} in every seat, first auctions of seeds "
          f"{args.seed}-{args.seed + args.deals - 1}: {n} void of {args.deals}")  # fmt: skip
    if n:
        changes = [f.chips for f in found]
        made = sum(f.made for f in found)
        mean = statistics.fmean(changes)
        half = 1.96 * statistics.stdev(changes) / math.sqrt(n) if n > 1 else 0.0
        print(f"the most tempted seat forced to declare Take: made {made} of {n} ({made / n:.1%}); "
              f"its own chance, mean {statistics.fmean(f.chance for f in found):.1%}")  # fmt: skip
        print(f"  chips against passing: mean {mean:+.2f} (95% CI {mean - half:+.2f} to "
              f"{mean + half:+.2f})")  # fmt: skip
        print(f"  chance of winning the game against passing: mean "
              f"{statistics.fmean(f.gain for f in found):+.1%}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
