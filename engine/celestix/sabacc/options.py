"""Contract Sabacc's table options (PROTOCOL.md "Options"; RULES.md 3.1-3.3, 3.9)."""

from __future__ import annotations

from collections.abc import Mapping

from celestix.options import OptionSpec, OptionValue
from celestix.sabacc.chips import STAKES_RULES
from celestix.sabacc.state import Options

OPTION_SPECS = (
    OptionSpec(
        "players",
        "Players",
        "How many play: 3 (24 cards each, talon of 6), 4 (18 each, talon of 6) "
        "or 5 (15 each, talon of 3). At five players the declarer plays alone against "
        "four, so most rounds (about three in five) are passed by everyone.",
        4,
        choices=(3, 4, 5),
        labels={3: "3", 4: "4", 5: "5"},
    ),
    OptionSpec(
        "start_chips",
        "Starting chips",
        "Chips each player starts the game with (chips may go below zero).",
        100,
        minimum=0,
        maximum=1_000_000,
    ),
    OptionSpec(
        "ante",
        "Ante",
        "Chips each player puts into the Ante Pot every round; the pot pays the bonuses "
        "(a Slam, or the Magician or the Idiot taking the last trick).",
        1,
        minimum=0,
        maximum=10_000,
    ),
    OptionSpec(
        "ante_pot_at_end",
        "Ante Pot at game end",
        "Chips left in the Ante Pot when the game ends: shared among the players, or "
        "kept for the next game.",
        "divide",
        choices=("divide", "carry"),
        labels={"divide": "Shared among the players", "carry": "Kept for the next game"},
    ),
    OptionSpec(
        "stakes",
        "Stakes",
        "Every player puts in each bid's stake, so a contract made wins chips from "
        "everyone; or only the bidder does, so a declarer nobody outbid can only lose.",
        "everyone",
        choices=STAKES_RULES,
        labels={"everyone": "Every player calls each bid", "bidder": "Only the bidder"},
    ),
)


def seat_count(options: dict[str, OptionValue]) -> int:
    """Players at the table."""
    return int(options["players"])


def typed_options(options: Mapping[str, OptionValue]) -> Options:
    """Resolved options (every option given, each of its type) as a state keeps them."""
    return {
        "players": int(options["players"]),
        "start_chips": int(options["start_chips"]),
        "ante": int(options["ante"]),
        "ante_pot_at_end": str(options["ante_pot_at_end"]),
        "stakes": str(options["stakes"]),
    }
