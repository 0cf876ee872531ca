"""New games and setups (PROTOCOL.md "Setups").

A setup places the game at the start of a hand's meld declaration, after that hand's
antes: ``dealer``, ``hand_number``, ``hands`` (4 lists of 13 codes), ``scores`` [2],
``excess`` [2], ``chips`` [4], ``hand_pot``, ``accord_pot``. What is left out (or null)
is as in a normal game: the dealer of hand n is seat n mod 4, the hands are dealt from
the seed, scores and Excess are 0, and chips and pots are those of a new game's first
hand. A setup that could not arise in play is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from celestix.errors import MalformedError
from celestix.options import OptionValue
from celestix.precedence import pots
from celestix.precedence.cards import CARD_CODES, HAND_SIZE, SEATS, sort_cards
from celestix.precedence.check import HAND_LIMIT, check_state
from celestix.precedence.flow import start_hand
from celestix.precedence.options import counts_excess, typed_options
from celestix.precedence.records import MAX_AMOUNT
from celestix.precedence.scoring import AUDIT_AT, game_outcome
from celestix.precedence.state import STATE_VERSION, Phase, State
from celestix.shape import expect_cards, expect_dict, expect_int, expect_keys, expect_list

SETUP_KEYS = (
    "dealer", "hand_number", "hands", "scores", "excess", "chips", "hand_pot", "accord_pot",
)  # fmt: skip


def new_state(options: dict[str, OptionValue], seed: int, setup: object) -> State:
    """A new game from ``seed``, at the point ``setup`` describes if given."""
    given: Mapping[str, Any] = {}
    if setup is not None:
        raw = expect_dict(setup, "setup")
        expect_keys(raw, "setup", optional=SETUP_KEYS)
        given = {key: value for key, value in raw.items() if value is not None}
    ante = int(options["ante"])
    accord = int(options["accord"])
    start = int(options["start_chips"])
    hand_number = expect_int(given.get("hand_number", 0), "setup.hand_number", 0, HAND_LIMIT)
    dealer = expect_int(given.get("dealer", hand_number % SEATS), "setup.dealer", 0, SEATS - 1)
    hands = _hands(given["hands"]) if "hands" in given else None
    scores = _pair(given.get("scores", [0, 0]), "setup.scores", -MAX_AMOUNT, MAX_AMOUNT)
    top_excess = AUDIT_AT - 1 if counts_excess(options) else 0
    excess = _pair(given.get("excess", [0, 0]), "setup.excess", 0, top_excess)
    if hand_number == 0 and (any(scores) or any(excess)):
        raise MalformedError(
            "setup.scores" if any(scores) else "setup.excess",
            "the first hand (hand_number 0) starts from 0: give a later hand_number",
        )
    if game_outcome(scores, int(options["target"])) == "over":
        raise MalformedError("setup.scores", "a team has passed the target ahead: the game is over")

    chips_given = "chips" in given
    chips = [start - accord - ante] * SEATS
    if chips_given:
        chips = [
            expect_int(c, f"setup.chips[{i}]", -MAX_AMOUNT, MAX_AMOUNT)
            for i, c in enumerate(expect_list(given["chips"], "setup.chips", SEATS))
        ]
    hand_pot = expect_int(
        given.get("hand_pot", SEATS * ante), "setup.hand_pot", SEATS * ante, MAX_AMOUNT
    )
    if hand_number == 0 and hand_pot != SEATS * ante:
        raise MalformedError(
            "setup.hand_pot", f"the first hand's pot holds only the antes ({SEATS * ante})"
        )
    accord_pot = expect_int(
        given.get("accord_pot", SEATS * accord), "setup.accord_pot", 0, MAX_AMOUNT
    )
    total = sum(chips) + hand_pot + accord_pot
    if total != SEATS * start:
        raise MalformedError(
            "setup.chips",
            f"chips and pots add up to {total}, but the table holds {SEATS * start} "
            f"({SEATS} x start_chips)",
        )

    if chips_given:
        # The setup gives the amounts after this hand's antes: start from before them.
        opening = [c + ante for c in chips]
        hand_pot -= SEATS * ante
    else:
        opening, hand_pot, accord_pot = [start] * SEATS, 0, 0
    # Whole from the start: the chips as they open, no hand yet (start_hand deals it).
    state: State = {
        "game": "precedence",
        "version": STATE_VERSION,
        "phase": Phase.DECLARE.value,
        "to_act": None,
        "over": False,
        "options": typed_options(options),
        "seed": seed,
        "hand_number": hand_number,
        "dealer": dealer,
        "scores": scores,
        "excess": excess,
        "winner": None,
        "ledger": [],
        "history": [],
        "opening": {"chips": list(opening), "hand_pot": hand_pot, "accord_pot": accord_pot},
        "chips": list(opening),
        "hand_pot": hand_pot,
        "accord_pot": accord_pot,
        "hands": [[] for _ in range(SEATS)],
        "declarations": [None] * SEATS,
        "bids": [None] * SEATS,
        "completed": [],
        "trick": [],
        "taken": [0] * SEATS,
    }
    if not chips_given:
        pots.pay_stakes(state)
    start_hand(state, hands)
    check_state(state)
    return state


def _hands(value: object) -> list[list[str]]:
    """Four hands of 13 codes, every card once, each sorted."""
    hands = [
        expect_cards(hand, f"setup.hands[{i}]", CARD_CODES, HAND_SIZE)
        for i, hand in enumerate(expect_list(value, "setup.hands", SEATS))
    ]
    seen: set[str] = set()
    for i, hand in enumerate(hands):
        for card in hand:
            if card in seen:
                raise MalformedError(f"setup.hands[{i}]", f"{card} is dealt twice")
            seen.add(card)
    return [sort_cards(hand) for hand in hands]


def _pair(value: object, field: str, low: int, high: int) -> list[int]:
    items = expect_list(value, field, 2)
    return [expect_int(item, f"{field}[{i}]", low, high) for i, item in enumerate(items)]
