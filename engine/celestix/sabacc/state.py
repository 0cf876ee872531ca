"""Contract Sabacc's state: its shape, the options and rounds (a new game: setup.py).

A state is a JSON object::

    {"game": "sabacc", "version": 1,
     "phase": "bidding" | "aside" | "play" | "over", "to_act": seat | null,
     "over": bool, "options": {...}, "seed": int,
     "round": r,                 # this round, counting from 0 (= deals done before it)
     "dealer": seat,
     "hands": [[codes]...],      # each sorted in deck order
     "talon": [codes],           # this round's talon as dealt (where it is: see below)
     "bids": [{"seat", "bid", "stake"}, ...],   # the auction so far
     "declarer": seat | null, "contract": bid | null,   # set when bidding ends
     "wagers": [chips in front of each player, the declarer's stacks included],
     "aside": [codes],           # the declarer's aside, in the order set aside
     "played": [{"plays": [{"seat", "card"}...], "winner": seat}, ...],  # this round
     "trick": [{"seat", "card"}, ...],           # the trick in progress
     "chips": [n], "ante_pot": int,
     "ledger": [entries],        # celestix.table.ledger; pots "ante_pot" and "table"
     "start": {"chips": [n], "ante_pot": int},   # amounts before the first entry
     "last_round": summary | null,               # the round before this one
     "winners": [seats]}         # once the game is over

The talon is in the middle (bidding), in the declarer's hand (Take, Push, Guard: the
cards then move like any other), or in one side's score pile (Guard without, Guard
against). A finished round is never stored: the same ``apply`` call deals the next
round, except after the last round, whose cards stay as they ended.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from celestix.options import OptionSpec, OptionValue
from celestix.sabacc import auction
from celestix.sabacc.aside import TALON_DECLARER, TALON_DEFENDERS, TALON_HAND, TALON_TO
from celestix.sabacc.cards import DECK_SIZE
from celestix.sabacc.chips import STAKES_RULES, pay_antes
from celestix.sabacc.deal import HAND_SIZE, TALON_SIZE, right_of
from celestix.sabacc.deal import deal as deal_cards
from celestix.shape import (
    JsonDict,
)

# 2: the options always name their ``stakes`` rule (older states: sabacc/migrate.py)
STATE_VERSION = 2
STATE_KEYS = (
    "game", "version", "phase", "to_act", "over", "options", "seed", "round", "dealer",
    "hands", "talon", "bids", "declarer", "contract", "wagers", "aside", "played", "trick",
    "chips", "ante_pot", "ledger", "start", "last_round", "winners",
)  # fmt: skip

OPTION_SPECS = (
    OptionSpec(
        "players",
        "Players",
        "How many play: 3 (24 cards each, talon of 6), 4 (18 each, talon of 6) "
        "or 5 (15 each, talon of 3). At five players one declarer plays against the "
        "other four, so with good play most rounds are passed.",
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


class Phase(StrEnum):
    """Where the round stands."""

    BIDDING = "bidding"
    ASIDE = "aside"
    PLAY = "play"
    OVER = "over"


def seat_count(options: dict[str, OptionValue]) -> int:
    """Players at the table."""
    return int(options["players"])


def tricks_per_round(seats: int) -> int:
    """Every card of a hand is played, one per trick."""
    return HAND_SIZE[seats]


# --- rounds -------------------------------------------------------------------------


def begin_round(
    state: JsonDict, round_index: int, dealer: int, hands: list[list[str]], talon: list[str]
) -> None:
    """Start round ``round_index`` in ``state`` (changed in place): antes, then the deal."""
    seats = len(state["chips"])
    state["round"] = round_index
    state["dealer"] = dealer
    state["hands"] = hands
    state["talon"] = talon
    state["bids"] = []
    state["declarer"] = None
    state["contract"] = None
    state["wagers"] = [0] * seats
    state["aside"] = []
    state["played"] = []
    state["trick"] = []
    ante = int(state["options"]["ante"])
    pay_antes(state["ledger"], state["chips"], round_index, right_of(dealer, seats), ante)
    state["ante_pot"] += ante * seats
    settle_position(state)


def deal_round(state: JsonDict, round_index: int, dealer: int) -> None:
    """Start round ``round_index`` with a fresh deal from the game's seed."""
    seats = len(state["chips"])
    hands, talon = deal_cards(state["seed"], round_index, dealer, seats)
    begin_round(state, round_index, dealer, hands, talon)


def talon_to(state: JsonDict) -> str | None:
    """Where the talon went: ``"hand"``, ``"declarer"``, ``"defenders"``; None while bidding."""
    contract = state["contract"]
    return None if contract is None else TALON_TO[contract]


def round_complete(state: JsonDict) -> bool:
    """Whether every card of the round has been played."""
    return len(state["played"]) == tricks_per_round(len(state["chips"]))


def next_player(state: JsonDict) -> int:
    """Who plays the next card: the trick's next player, or the leader of a new trick."""
    seats = len(state["chips"])
    if state["trick"]:
        return right_of(state["trick"][-1]["seat"], seats)
    if state["played"]:
        return int(state["played"][-1]["winner"])
    return right_of(state["dealer"], seats)  # the dealer's right leads the first trick


def position(state: JsonDict) -> tuple[Phase, int | None]:
    """The phase and the seat to act, worked out from the round's record."""
    seats = len(state["chips"])
    if state["declarer"] is None:
        standing = auction.replay(state["bids"], state["dealer"], seats)
        if not standing.ended:
            return Phase.BIDDING, standing.to_bid
        return Phase.OVER, None  # a void last round
    if talon_to(state) == TALON_HAND and len(state["aside"]) < len(state["talon"]):
        return Phase.ASIDE, state["declarer"]
    if not round_complete(state):
        return Phase.PLAY, next_player(state)
    return Phase.OVER, None


def settle_position(state: JsonDict) -> None:
    """Set ``phase``, ``to_act`` and ``over`` from the round's record (in place)."""
    phase, to_act = position(state)
    state["phase"] = phase.value
    state["to_act"] = to_act
    state["over"] = phase is Phase.OVER


# --- piles --------------------------------------------------------------------------


def declarer_pile(state: JsonDict) -> list[str]:
    """The declarer's score pile: the aside, the talon under Guard without, their tricks."""
    pile = list(state["aside"])
    if talon_to(state) == TALON_DECLARER:
        pile.extend(state["talon"])
    declarer = state["declarer"]
    for trick in state["played"]:
        if trick["winner"] == declarer:
            pile.extend(play["card"] for play in trick["plays"])
    return pile


def defenders_pile(state: JsonDict) -> list[str]:
    """The defenders' shared score pile: their tricks and the talon under Guard against."""
    pile = list(state["talon"]) if talon_to(state) == TALON_DEFENDERS else []
    declarer = state["declarer"]
    for trick in state["played"]:
        if trick["winner"] != declarer:
            pile.extend(play["card"] for play in trick["plays"])
    return pile


def tricks_won(state: JsonDict) -> list[int]:
    """Tricks each player has won this round."""
    counts = [0] * len(state["chips"])
    for trick in state["played"]:
        counts[trick["winner"]] += 1
    return counts


def copy_state(state: JsonDict) -> JsonDict:
    """A copy whose lists can be changed without touching ``state``.

    Ledger entries, bids, plays and finished tricks are never changed once written, so
    the copy shares them.
    """
    out: dict[str, Any] = dict(state)
    out["options"] = dict(state["options"])
    out["hands"] = [list(hand) for hand in state["hands"]]
    for key in ("talon", "bids", "wagers", "aside", "played", "trick", "chips", "ledger",
                "winners"):  # fmt: skip
        out[key] = list(state[key])
    return out


assert sum(HAND_SIZE[n] * n + TALON_SIZE[n] for n in HAND_SIZE) == 3 * DECK_SIZE
