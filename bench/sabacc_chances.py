"""How often a Contract Sabacc table holds a hand worth declaring (issue 12's void rounds).

    .venv/bin/python -m bench.sabacc_chances --players 5 --deals 200

Each deal's first auction is played by ``normal`` in every seat. At each seat's first
turn the level's own bidding search (:func:`celestix.sabacc.bots.search.estimate_bid`,
with the seed the level itself is given there) estimates how often it would make each
contract it may bid; a seat's *chance* is the best of them, and a table's the best of its
seats'. A round is void when no seat declares, so the share of tables whose chance is
below a threshold is the share of void rounds if every player declared exactly when its
chance reached that threshold. Printed for the chips' break-even (n / (2n - 1)), the
first round's break-even for the game (docs/BOTS.md, "Playing for the game") and other
thresholds: what a void share of at most 30% would ask of the players.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from typing import cast

from celestix import runner
from celestix.runner import Step
from celestix.sabacc.bots.search import BUDGETS, estimate_bid
from celestix.sabacc.view import View

THRESHOLDS = (0.1, 0.2, 0.3, 0.36, 0.46, 0.5, 0.57)


def table_chance(players: int, seed: int) -> float:
    """The best chance any seat's first turn gives of making a contract, in deal ``seed``."""
    budget = BUDGETS["normal"]
    best: dict[int, float] = {}
    actions = [0]

    def observe(step: Step) -> None:
        number = actions[0]
        actions[0] += 1
        if step.view["phase"] == "bid" and step.seat not in best:
            view = cast(View, step.view)  # a view the engine made
            estimate = estimate_bid(view, budget, runner.bot_seed(seed, number))
            made = estimate.made[:-1]  # the pass last
            best[step.seat] = max(made, default=0) / max(estimate.samples, 1)

    runner.play("sabacc", ["normal"] * players, {"players": players}, seed, observe=observe,
                until=lambda step: step.state["phase"] != "bid")  # fmt: skip
    return max(best.values(), default=0.0)


def void_shares(chances: Sequence[float], thresholds: Sequence[float]) -> list[float]:
    """For each threshold, the share of tables with no seat's chance reaching it."""
    return [sum(c < t for c in chances) / len(chances) for t in thresholds]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chances = [table_chance(args.players, args.seed + k) for k in range(args.deals)]
    deciles = [round(q, 2) for q in statistics.quantiles(chances, n=10)] if len(chances) > 1 else []
    print(f"Contract Sabacc, {args.players} players, {args.deals} first auctions "
          f"(seeds {args.seed}-{args.seed + args.deals - 1}), normal's own estimates")  # fmt: skip
    print(f"a table's best chance of making a contract, deciles: {deciles}")
    for threshold, void in zip(THRESHOLDS, void_shares(chances, THRESHOLDS), strict=True):
        print(f"  every player declaring from a chance of {threshold:.0%}: {void:.1%} void")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
