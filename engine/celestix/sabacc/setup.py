"""A new game of Contract Sabacc: from the options and the seed, or placed as a setup says."""

from __future__ import annotations

from typing import TypedDict

from celestix.errors import MalformedError
from celestix.options import OptionValue
from celestix.sabacc.cards import CARD_CODES
from celestix.sabacc.chips import CHIP_LIMIT
from celestix.sabacc.deal import HAND_SIZE, TALON_SIZE, dealer_of_round
from celestix.sabacc.deal import deal as deal_cards
from celestix.sabacc.options import seat_count, typed_options
from celestix.sabacc.rounds import begin_round
from celestix.sabacc.state import STATE_VERSION, Phase, State
from celestix.shape import (
    expect_cards,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_seat,
)

SETUP_KEYS = ("dealer", "hands", "talon", "chips", "ante_pot", "deals_done")


class Placed(TypedDict, total=False):
    """What a setup fixes (PROTOCOL.md, Setups), each field checked; the rest is dealt."""

    deals_done: int
    dealer: int
    chips: list[int]
    ante_pot: int
    hands: list[list[str]]
    talon: list[str]


def new_state(options: dict[str, OptionValue], seed: int, setup: object) -> State:
    """A new game, its first round dealt from ``seed``, or placed as ``setup`` says."""
    seats = seat_count(options)
    ante = int(options["ante"])
    fields = _parse_setup(setup, seats, ante) if setup is not None else Placed()
    round_index = fields.get("deals_done", 0)
    dealer = fields.get("dealer", dealer_of_round(seed, seats, round_index))
    # Setup amounts are after this round's antes: the game "started" with the antes unpaid.
    chips = fields.get("chips", [int(options["start_chips"]) - ante] * seats)
    ante_pot = fields.get("ante_pot", seats * ante)
    _check_setup_chips(chips, ante_pot, seats, int(options["start_chips"]))
    hands, talon = deal_cards(
        seed, round_index, dealer, seats, fields.get("hands"), fields.get("talon")
    )
    start_chips = [c + ante for c in chips]
    state: State = {
        "game": "sabacc",
        "version": STATE_VERSION,
        "phase": Phase.BID.value,
        "to_act": None,
        "over": False,
        "options": typed_options(options),
        "seed": seed,
        "round": round_index,
        "dealer": dealer,
        "hands": [],
        "talon": [],
        "bids": [],
        "declarer": None,
        "contract": None,
        "wagers": [0] * seats,
        "aside": [],
        "played": [],
        "trick": [],
        "chips": list(start_chips),
        "ante_pot": ante_pot - seats * ante,
        "ledger": [],
        "start": {"chips": start_chips, "ante_pot": ante_pot - seats * ante},
        "last_round": None,
        "winners": [],
    }
    begin_round(state, round_index, dealer, hands, talon)
    return state


def _parse_setup(setup: object, seats: int, ante: int) -> Placed:
    """The setup's fields, checked one by one (the cards as a whole are checked after)."""
    raw = expect_dict(setup, "setup")
    expect_keys(raw, "setup", optional=SETUP_KEYS)
    fields = Placed()
    if raw.get("deals_done") is not None:
        fields["deals_done"] = expect_int(raw["deals_done"], "setup.deals_done", 0, seats - 1)
    if raw.get("dealer") is not None:
        fields["dealer"] = expect_seat(raw["dealer"], seats, "setup.dealer")
    if raw.get("chips") is not None:
        chips = expect_list(raw["chips"], "setup.chips", seats)
        fields["chips"] = [
            expect_int(c, f"setup.chips[{s}]", -CHIP_LIMIT, CHIP_LIMIT) for s, c in enumerate(chips)
        ]
    if raw.get("ante_pot") is not None:
        # The antes of the round set up are already in the pot.
        fields["ante_pot"] = expect_int(raw["ante_pot"], "setup.ante_pot", seats * ante, CHIP_LIMIT)
    seen: set[str] = set()
    if raw.get("hands") is not None:
        hands = expect_list(raw["hands"], "setup.hands", seats)
        fields["hands"] = [
            _placed_cards(hand, f"setup.hands[{s}]", HAND_SIZE[seats], seen)
            for s, hand in enumerate(hands)
        ]
    if raw.get("talon") is not None:
        fields["talon"] = _placed_cards(raw["talon"], "setup.talon", TALON_SIZE[seats], seen)
    return fields


def _check_setup_chips(chips: list[int], ante_pot: int, seats: int, start_chips: int) -> None:
    """A setup's chips and Ante Pot hold exactly what the players started with (PROTOCOL.md,
    Setups: nothing is in front of the players before the first bid)."""
    total = sum(chips) + ante_pot
    if total != seats * start_chips:
        raise MalformedError(
            "setup.chips",
            f"chips and the Ante Pot add up to {total}, but the table holds "
            f"{seats * start_chips} ({seats} x start_chips)",
        )


def _placed_cards(value: object, field: str, size: int, seen: set[str]) -> list[str]:
    """A list of ``size`` distinct cards that no earlier setup field placed."""
    cards = expect_cards(value, field, CARD_CODES)
    if len(cards) != size:
        raise MalformedError(field, f"expected {size} cards, got {len(cards)}")
    for card in cards:
        if card in seen:
            raise MalformedError(field, f"{card} is placed twice")
        seen.add(card)
    return list(cards)
