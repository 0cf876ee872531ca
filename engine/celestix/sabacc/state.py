"""Contract Sabacc's state: its shape, what its fields say, and its copy.

The other jobs around a state each have their module: the table options
(``options.py``), a new game (``setup.py``), starting a round and paying its antes
(``rounds.py``), whose turn it is (``turns.py``), the actions (``flow.py``), states made
by older engines (``migrate.py``).

A state is a JSON object::

    {"game": "sabacc", "version": 3,
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

``phase``, ``to_act`` and ``over`` are set as each action is taken (``turns.py``); the
state check works them out from the round's record and refuses a state that says
otherwise.

The talon is in the middle (bidding), in the declarer's hand (Take, Push, Guard: the
cards then move like any other), or in one side's score pile (Guard without, Guard
against). A finished round is never stored: the same ``apply`` call deals the next
round, except after the last round, whose cards stay as they ended.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from celestix.sabacc.aside import TALON_DECLARER, TALON_DEFENDERS, TALON_TO
from celestix.sabacc.cards import DECK_SIZE
from celestix.sabacc.deal import HAND_SIZE, TALON_SIZE
from celestix.shape import JsonDict

# 2: the options always name their ``stakes`` rule; 3: the ledger's reasons are
# sentences (older states: sabacc/migrate.py)
STATE_VERSION = 3
STATE_KEYS = (
    "game", "version", "phase", "to_act", "over", "options", "seed", "round", "dealer",
    "hands", "talon", "bids", "declarer", "contract", "wagers", "aside", "played", "trick",
    "chips", "ante_pot", "ledger", "start", "last_round", "winners",
)  # fmt: skip


class Phase(StrEnum):
    """Where the round stands."""

    BIDDING = "bidding"
    ASIDE = "aside"
    PLAY = "play"
    OVER = "over"


def tricks_per_round(seats: int) -> int:
    """Every card of a hand is played, one per trick."""
    return HAND_SIZE[seats]


def talon_to(state: JsonDict) -> str | None:
    """Where the talon went: ``"hand"``, ``"declarer"``, ``"defenders"``; None while bidding."""
    contract = state["contract"]
    return None if contract is None else TALON_TO[contract]


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
