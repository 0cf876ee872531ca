"""Precedence's state: its shape, its phases, copying, and what can be read off it.

A state is a JSON object::

    {"game": "precedence", "version": 2,
     "phase": "declare" | "bid" | "play" | "over", "to_act": seat | null, "over": bool,
     "options": {...all options...}, "seed": int,
     "hand_number": int (from 0), "dealer": seat,
     "hands": [4 lists of the cards each seat still holds, sorted],
     "declarations": [4: null until the seat has declared, then its melds (normal form)],
     "bids": [4: null or tricks bid],
     "completed": [{"plays": [{"seat", "card"} x 4], "winner": seat}, ...] (this hand),
     "trick": [{"seat", "card"}, ...] (the trick in progress),
     "taken": [4: tricks taken this hand],
     "scores": [2], "excess": [2], "chips": [4], "hand_pot": int, "accord_pot": int,
     "opening": {"chips": [4], "hand_pot", "accord_pot"} (before the first ledger entry),
     "ledger": [ledger entries, see celestix.table.ledger],
     "history": [the score sheet: one line per hand scored in this game, see flow],
     "winner": team | null}

When the game ends the last hand stays on the table (all its tricks completed), so
views show how it ended.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypedDict

from celestix.precedence.cards import HAND_SIZE, SEATS
from celestix.shape import StateKeys
from celestix.table import tricks
from celestix.table.ledger import Entry
from celestix.table.tricks import Play, Trick

# 2: the ledger's reasons are sentences (older states: precedence/migrate.py)
STATE_VERSION = 2
STATE_KEYS = (
    "game", "version", "phase", "to_act", "over", "options", "seed", "hand_number",
    "dealer", "hands", "declarations", "bids", "completed", "trick", "taken", "scores",
    "excess", "chips", "hand_pot", "accord_pot", "opening", "ledger", "history", "winner",
)  # fmt: skip
TRICKS_PER_HAND = HAND_SIZE


class Options(TypedDict):
    """A game's options, resolved (:data:`celestix.precedence.options.OPTION_SPECS`)."""

    variant: str
    target: int
    trump: str
    penalty: int
    start_chips: int
    accord: int
    ante: int
    meld_wager: int
    trick_credit: int
    leftover_pot: str


class Opening(TypedDict):
    """The chips and pots before the ledger's first entry (the ledger replays from them)."""

    chips: list[int]
    hand_pot: int
    accord_pot: int


class PotLine(TypedDict):
    """Where a hand's Hand Pot went, as the score sheet keeps it."""

    outcome: Literal["won", "carried"]
    team: int | None
    amount: int


class ScoreLine(TypedDict):
    """One hand's line on the score sheet (``history``), each list by team."""

    hand_number: int
    dealer: int
    trump: str
    contracts: list[int]
    tricks: list[int]
    made: list[bool]
    points: list[int]
    audits: list[int]
    scores: list[int]
    excess: list[int]
    pot: PotLine


class State(StateKeys):
    """A Precedence state (the keys of :data:`STATE_KEYS`), once the state check has
    vouched for it (or the engine made it)."""

    options: Options
    hand_number: int
    dealer: int
    scores: list[int]
    excess: list[int]
    winner: int | None
    ledger: list[Entry]
    history: list[ScoreLine]
    opening: Opening
    chips: list[int]
    hand_pot: int
    accord_pot: int
    hands: list[list[str]]
    declarations: list[list[list[str]] | None]
    bids: list[int | None]
    completed: list[Trick]
    trick: list[Play]
    taken: list[int]


class Phase(StrEnum):
    """Where the hand stands; antes, the deal and scoring happen between actions."""

    DECLARE = "declare"
    BID = "bid"
    PLAY = "play"
    OVER = "over"


def copy_state(state: State) -> State:
    """A copy that shares with ``state`` only what is never changed once written.

    Melds, finished tricks, plays, ledger entries, history entries and the opening
    balances are written once, so they are shared; every list that grows or changes is
    the copy's own.
    """
    out = state.copy()
    out["options"] = state["options"].copy()
    out["hands"] = [list(hand) for hand in state["hands"]]
    out["declarations"] = list(state["declarations"])
    out["bids"] = list(state["bids"])
    out["completed"] = list(state["completed"])
    out["trick"] = list(state["trick"])
    out["taken"] = list(state["taken"])
    out["scores"] = list(state["scores"])
    out["excess"] = list(state["excess"])
    out["chips"] = list(state["chips"])
    out["ledger"] = list(state["ledger"])
    out["history"] = list(state["history"])
    return out


def live_declared(state: State, seat: int) -> set[str]:
    """The declared meld cards ``seat`` still holds (face up on the table)."""
    melds = state["declarations"][seat]
    if not melds:
        return set()
    held = set(state["hands"][seat])
    return {card for meld in melds for card in meld if card in held}


def trick_leader(state: State) -> int:
    """The seat that leads (or led) the trick in progress."""
    return tricks.trick_leader(state["trick"], state["completed"], state["dealer"], SEATS)
