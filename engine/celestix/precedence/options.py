"""Precedence's table options (PROTOCOL.md "Options"; RULES.md 1, "Variants", "Chips").

``trump`` and ``penalty`` have variant-dependent defaults: left out, they are
``"rotate"`` and 10 under Core/Border, ``"Void"`` and 15 under Frontier/Void.
"""

from __future__ import annotations

from collections.abc import Mapping

from celestix.options import OptionSpec, OptionValue
from celestix.precedence.cards import SUIT_BY_NAME, SUIT_NAMES, SUITS

CORE = "core"
FRONTIER = "frontier"
ROTATE = "rotate"
LEFTOVER_ON_TABLE = "table"
LEFTOVER_TO_WINNERS = "winners"
# Chip amounts are capped so that they stay exact as JavaScript numbers.
CHIP_LIMIT = 1_000_000


def _chips(name: str, label: str, default: int, help_text: str) -> OptionSpec:
    return OptionSpec(name, label, help_text, default, minimum=0, maximum=CHIP_LIMIT)


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "variant",
        "Variant",
        "Core and Border: the StellarPilot, Excess and the Imperial Audit, trump that "
        "changes each hand, 10 points lost per trick bid on a failed contract. Frontier "
        'and Void, the "Declaration" game: the Voidpilot (the StellarPilot under another '
        "name: one card), no Excess, Void trump every hand, 15 points lost per trick bid.",
        CORE,
        choices=(CORE, FRONTIER),
        labels={CORE: "Core and Border", FRONTIER: "Frontier and Void"},
    ),
    OptionSpec(
        "target",
        "Target score",
        "The game ends after the hand in which a team reaches this score: 250 for "
        "formal play, 150 for short salon play.",
        250,
        choices=(250, 150),
        labels={250: "250, formal play", 150: "150, salon play"},
    ),
    OptionSpec(
        "trump",
        "Trump",
        "Changing: Void is trump in the first hand, then Frontier, Border and Core in "
        "turn. Or one suit is trump in every hand. The usual choice follows the variant: "
        "changing for Core and Border, Void for Frontier and Void.",
        ROTATE,
        choices=(ROTATE, *SUIT_NAMES),
        default_when=("variant", {FRONTIER: "Void"}),
        labels={ROTATE: "Changing each hand", **{name: name for name in SUIT_NAMES}},
    ),
    OptionSpec(
        "penalty",
        "Failure penalty",
        "Points a team loses for each trick it bid when it fails its contract: usually "
        "10 for Core and Border, 15 for Frontier and Void.",
        10,
        minimum=0,
        maximum=1000,
        default_when=("variant", {FRONTIER: 15}),
    ),
    _chips("start_chips", "Starting chips", 100, "Chips each player starts the game with."),
    _chips(
        "accord",
        "Accord stake",
        10,
        "Chips each player pays into the Accord Pot at the start of the game; the team "
        "that wins the game takes the pot.",
    ),
    _chips("ante", "Ante", 1, "Chips each player pays into the Hand Pot at the start of a hand."),
    _chips("meld_wager", "Meld wager", 2, "Chips paid into the Hand Pot for each declared meld."),
    _chips("trick_credit", "Trick credit", 1, "Chips paid into the Hand Pot for each trick bid."),
    OptionSpec(
        "leftover_pot",
        "Hand Pot at the end",
        "What becomes of chips left in the Hand Pot when the game ends (an odd chip, or a "
        "pot carried over because no one made the last contract): they stay on the "
        "table, unclaimed, or the winning team takes them with the Accord Pot.",
        LEFTOVER_ON_TABLE,
        choices=(LEFTOVER_ON_TABLE, LEFTOVER_TO_WINNERS),
        labels={
            LEFTOVER_ON_TABLE: "They stay on the table",
            LEFTOVER_TO_WINNERS: "The winners take them",
        },
    ),
)


def trump_suit(options: Mapping[str, OptionValue], hand_number: int) -> int:
    """The trump suit number of hand ``hand_number`` (counting from 0)."""
    trump = options["trump"]
    if trump == ROTATE:
        return hand_number % len(SUITS)
    return SUIT_BY_NAME[str(trump)]


def counts_excess(options: Mapping[str, OptionValue]) -> bool:
    """Whether Excess and the Imperial Audit apply (Core/Border only)."""
    return options["variant"] == CORE
