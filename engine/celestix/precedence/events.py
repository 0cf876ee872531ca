"""What an action tells the table: Precedence's events, a tagged union on ``type``.

``apply`` returns them in order: the acting seat's own event (``declare``, ``bid``,
``play``), then what follows from it without a player acting -- a new phase, a trick
won, the hand scored and the Hand Pot settled, a tie, the end of the game and its
awards, or the next hand's antes and deal. A new game's stakes and first antes are paid
before any action, so ``accord_stakes`` and the first ``antes`` appear in no list.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from celestix.precedence.melds import MeldInfo
from celestix.precedence.scoring import TeamScore
from celestix.table.tricks import PlayEventKeys, TrickEventKeys


class DeclareEvent(TypedDict):
    type: Literal["declare"]
    seat: int
    melds: list[MeldInfo]
    points: int
    wager: int
    hand_pot: int


class PhaseEvent(TypedDict):
    """Every seat has declared (or bid): the next phase begins."""

    type: Literal["phase"]
    phase: str
    to_act: int
    contracts: NotRequired[list[int]]  # when the play begins: each team's contract


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    tricks: int
    credit: int
    team: int
    contract: int
    hand_pot: int


class PlayEvent(PlayEventKeys):
    """A card played (the trick games' event), and whether it was a declared meld's."""

    declared: bool


class TrickEvent(TrickEventKeys):
    """A trick won (the trick games' event): the kind of its reason, the tricks taken."""

    reason_kind: str
    taken: list[int]
    team_tricks: list[int]


class HandScoredEvent(TypedDict):
    type: Literal["hand_scored"]
    hand_number: int
    dealer: int
    trump: str
    variant: str
    taken: list[int]
    teams: list[TeamScore]
    scores: list[int]


class Share(TypedDict):
    """A partner's share of a pot paid out."""

    seat: int
    amount: int


class HandPotEvent(TypedDict):
    type: Literal["hand_pot"]
    outcome: Literal["won", "carried"]
    team: int | None
    amount: int
    shares: list[Share]
    odd_chip: int
    carried: int
    reason: str


class TieEvent(TypedDict):
    type: Literal["tie"]
    scores: list[int]
    target: int
    message: str


class AwardEvent(TypedDict):
    """A pot paid to the team that won the game: the Accord Pot, or what is left in the
    Hand Pot (``leftover_pot``)."""

    type: Literal["accord_pot", "leftover_pot"]
    pot: str
    team: int
    amount: int
    shares: list[Share]
    odd_chip_seat: int | None


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winner: int
    seats: list[int]
    scores: list[int]
    hands_played: int
    chips: list[int]
    unclaimed: int


class StakesEvent(TypedDict):
    type: Literal["accord_stakes"]
    amount: int
    accord_pot: int


class AntesEvent(TypedDict):
    type: Literal["antes"]
    hand_number: int
    amount: int
    carried: int
    hand_pot: int


class DealEvent(TypedDict):
    type: Literal["deal"]
    hand_number: int
    dealer: int
    trump: str
    to_act: int
    hand_sizes: list[int]


Event = (
    DeclareEvent
    | PhaseEvent
    | BidEvent
    | PlayEvent
    | TrickEvent
    | HandScoredEvent
    | HandPotEvent
    | TieEvent
    | AwardEvent
    | GameOverEvent
    | StakesEvent
    | AntesEvent
    | DealEvent
)
