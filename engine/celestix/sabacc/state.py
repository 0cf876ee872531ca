"""Contract Sabacc's state: its shape, what its fields say, and its copy.

The other jobs around a state each have their module: the table options
(``options.py``), a new game (``setup.py``), starting a round and paying its antes
(``rounds.py``), whose turn it is (``turns.py``), the actions (``flow.py``), states made
by older engines (``migrate.py``).

A state is a JSON object::

    {"game": "sabacc", "version": 4,
     "phase": "bid" | "aside" | "play" | "over", "to_act": seat | null,
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
from typing import TypedDict

from celestix.sabacc.aside import TALON_DECLARER, TALON_DEFENDERS, TALON_TO
from celestix.sabacc.auction import Bid
from celestix.sabacc.cards import DECK_SIZE
from celestix.sabacc.deal import HAND_SIZE, TALON_SIZE
from celestix.shape import StateKeys
from celestix.table.ledger import Entry
from celestix.table.tricks import Play, Trick

# 2: the options always name their ``stakes`` rule; 3: the ledger's reasons are
# sentences; 4: the auction's phase is "bid", as Precedence's, and a stake's reason says
# "their stake" (older states: sabacc/migrate.py)
STATE_VERSION = 4
STATE_KEYS = (
    "game", "version", "phase", "to_act", "over", "options", "seed", "round", "dealer",
    "hands", "talon", "bids", "declarer", "contract", "wagers", "aside", "played", "trick",
    "chips", "ante_pot", "ledger", "start", "last_round", "winners",
)  # fmt: skip


class Options(TypedDict):
    """A game's options, resolved (:data:`celestix.sabacc.options.OPTION_SPECS`)."""

    players: int
    start_chips: int
    ante: int
    ante_pot_at_end: str
    stakes: str


class Start(TypedDict):
    """The chips and the Ante Pot before the ledger's first entry (it replays from them)."""

    chips: list[int]
    ante_pot: int


class BonusPaid(TypedDict):
    """The bonus a round paid, as its summary keeps it."""

    bonus: str
    seat: int
    amount: int


class RoundSummary(TypedDict):
    """A settled round, as the state keeps the one before (``last_round``): ``points``
    and ``made`` are None, ``talon`` empty, for a void round."""

    round: int
    dealer: int
    void: bool
    declarer: int | None
    contract: str | None
    points: int | None
    made: bool | None
    tricks: list[int]
    talon: list[str]
    aside: list[str]
    bonus: BonusPaid | None
    chips: list[int]
    ante_pot: int


class State(StateKeys):
    """A Contract Sabacc state (the keys of :data:`STATE_KEYS`), once the state check
    has vouched for it (or the engine made it)."""

    options: Options
    round: int
    dealer: int
    hands: list[list[str]]
    talon: list[str]
    bids: list[Bid]
    declarer: int | None
    contract: str | None
    wagers: list[int]
    aside: list[str]
    played: list[Trick]
    trick: list[Play]
    chips: list[int]
    ante_pot: int
    ledger: list[Entry]
    start: Start
    last_round: RoundSummary | None
    winners: list[int]


class Phase(StrEnum):
    """Where the round stands."""

    BID = "bid"
    ASIDE = "aside"
    PLAY = "play"
    OVER = "over"


def tricks_per_round(seats: int) -> int:
    """Every card of a hand is played, one per trick."""
    return HAND_SIZE[seats]


def talon_to(state: State) -> str | None:
    """Where the talon went: ``"hand"``, ``"declarer"``, ``"defenders"``; None while bidding."""
    contract = state["contract"]
    return None if contract is None else TALON_TO[contract]


# --- piles --------------------------------------------------------------------------


def declarer_pile(state: State) -> list[str]:
    """The declarer's score pile: the aside, the talon under Guard without, their tricks."""
    pile = list(state["aside"])
    if talon_to(state) == TALON_DECLARER:
        pile.extend(state["talon"])
    declarer = state["declarer"]
    for trick in state["played"]:
        if trick["winner"] == declarer:
            pile.extend(play["card"] for play in trick["plays"])
    return pile


def defenders_pile(state: State) -> list[str]:
    """The defenders' shared score pile: their tricks and the talon under Guard against."""
    pile = list(state["talon"]) if talon_to(state) == TALON_DEFENDERS else []
    declarer = state["declarer"]
    for trick in state["played"]:
        if trick["winner"] != declarer:
            pile.extend(play["card"] for play in trick["plays"])
    return pile


def tricks_won(state: State) -> list[int]:
    """Tricks each player has won this round."""
    counts = [0] * len(state["chips"])
    for trick in state["played"]:
        counts[trick["winner"]] += 1
    return counts


def copy_state(state: State) -> State:
    """A copy whose lists can be changed without touching ``state``.

    Ledger entries, bids, plays, finished tricks, the opening amounts and the round
    before's summary are never changed once written, so the copy shares them.
    """
    out = state.copy()
    out["options"] = state["options"].copy()
    out["hands"] = [list(hand) for hand in state["hands"]]
    out["talon"] = list(state["talon"])
    out["bids"] = list(state["bids"])
    out["wagers"] = list(state["wagers"])
    out["aside"] = list(state["aside"])
    out["played"] = list(state["played"])
    out["trick"] = list(state["trick"])
    out["chips"] = list(state["chips"])
    out["ledger"] = list(state["ledger"])
    out["winners"] = list(state["winners"])
    return out


assert sum(HAND_SIZE[n] * n + TALON_SIZE[n] for n in HAND_SIZE) == 3 * DECK_SIZE
