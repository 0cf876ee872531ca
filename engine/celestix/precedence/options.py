"""Precedence's table options (PROTOCOL.md "Options"; RULES.md 1, "Variants", "Chips").

``trump`` and ``penalty`` have variant-dependent defaults: left out, they are
``"rotate"`` and 10 under Core/Border, ``"Void"`` and 15 under Frontier/Void.
"""

from __future__ import annotations

from collections.abc import Mapping

from celestix.options import OptionSpec, OptionValue
from celestix.precedence.cards import SUIT_BY_NAME, SUIT_NAMES, SUITS
from celestix.precedence.state import Options

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
        "Core and Border: trump changes each hand, and tricks won beyond your bid add to "
        "Excess; each 10 of Excess costs 100 points (the Imperial Audit). Frontier and "
        "Void: Void is the trump suit every hand, no Excess, and the StellarPilot is called "
        "the Voidpilot (the same card).",
        CORE,
        choices=(CORE, FRONTIER),
        labels={CORE: "Core and Border", FRONTIER: "Frontier and Void"},
    ),
    OptionSpec(
        "target",
        "Target score",
        "The game ends after the hand in which a team reaches it: 250 for a full game, "
        "150 for a short one.",
        250,
        choices=(250, 150),
        labels={250: "250, formal play", 150: "150, salon play"},
    ),
    OptionSpec(
        "trump",
        "Trump",
        "Changing: Void in the first hand, then Frontier, Border, Core and round "
        "again; or the same suit every hand.",
        ROTATE,
        choices=(ROTATE, *SUIT_NAMES),
        default_when=("variant", {FRONTIER: "Void"}),
        labels={ROTATE: "Changing each hand", **{name: name for name in SUIT_NAMES}},
    ),
    OptionSpec(
        "penalty",
        "Failure penalty",
        "Points a team loses for each trick it bid when it takes fewer tricks than it bid.",
        10,
        minimum=0,
        maximum=1000,
        default_when=("variant", {FRONTIER: 15}),
    ),
    _chips(
        "start_chips",
        "Starting chips",
        100,
        "Chips each player starts with; a player may go below zero.",
    ),
    _chips(
        "accord",
        "Accord stake",
        10,
        "Each player pays this into the Accord Pot at the start; the team that wins the "
        "game takes the pot.",
    ),
    _chips(
        "ante",
        "Ante",
        1,
        "Each player pays this into the Hand Pot every hand; a team that makes its "
        "contract takes the pot.",
    ),
    _chips("meld_wager", "Meld wager", 2, "Paid into the Hand Pot for each meld you declare."),
    _chips("trick_credit", "Trick credit", 1, "Paid into the Hand Pot for each trick you bid."),
    OptionSpec(
        "leftover_pot",
        "Hand Pot at the end",
        "Chips still in the Hand Pot when the game ends (an odd chip, or a pot no one "
        "won): left on the table, or taken by the winners.",
        LEFTOVER_ON_TABLE,
        choices=(LEFTOVER_ON_TABLE, LEFTOVER_TO_WINNERS),
        labels={
            LEFTOVER_ON_TABLE: "They stay on the table",
            LEFTOVER_TO_WINNERS: "The winners take them",
        },
    ),
)


def typed_options(options: Mapping[str, OptionValue]) -> Options:
    """Resolved options (every option given, each of its type) as a state keeps them."""
    return {
        "variant": str(options["variant"]),
        "target": int(options["target"]),
        "trump": str(options["trump"]),
        "penalty": int(options["penalty"]),
        "start_chips": int(options["start_chips"]),
        "accord": int(options["accord"]),
        "ante": int(options["ante"]),
        "meld_wager": int(options["meld_wager"]),
        "trick_credit": int(options["trick_credit"]),
        "leftover_pot": str(options["leftover_pot"]),
    }


def trump_suit(options: Mapping[str, object], hand_number: int) -> int:
    """The trump suit number of hand ``hand_number`` (counting from 0)."""
    trump = options["trump"]
    if trump == ROTATE:
        return hand_number % len(SUITS)
    return SUIT_BY_NAME[str(trump)]


def counts_excess(options: Mapping[str, object]) -> bool:
    """Whether Excess and the Imperial Audit apply (Core/Border only)."""
    return options["variant"] == CORE
