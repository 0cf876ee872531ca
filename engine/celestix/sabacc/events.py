"""What an action tells the table: Contract Sabacc's events, a tagged union on ``type``.

``apply`` returns them in order: the acting seat's own event (``bid``, ``aside``,
``play``), then what follows from it without a player acting -- the auction won and
where the talon goes, the aside done and the play begun, a trick won, the round counted
or void, the wagers settled, a bonus, the Ante Pot's end and the game's, or the next
round's antes and deal. A new game's first antes are paid before any action, so its
first ``antes`` and ``deal`` appear in no list. Events show only what every seat may see.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from celestix.sabacc.counting import PairGroup
from celestix.table.tricks import PlayEventKeys, TrickEventKeys


class Claim(TypedDict):
    """A bonus a player earned in a round (only the highest claimed is paid)."""

    bonus: str
    seat: int


class BidEvent(TypedDict):
    """A bid or a pass, the stake it put on the table and who is to bid next."""

    type: Literal["bid"]
    seat: int
    bid: str
    name: str
    stake: int
    wager: int
    callers: list[int]
    wagers: list[int]
    highest: str | None
    next: int | None


class AuctionWonEvent(TypedDict):
    """Bidding is over: the declarer, the contract and the stacks added to the wagers."""

    type: Literal["auction_won"]
    declarer: int
    contract: str
    name: str
    wager: int
    stacks: int
    wagers: list[int]
    table: int
    stakes: str
    reason: str


class TalonShownEvent(TypedDict):
    """Take, Push, Guard: the talon is shown and goes into the declarer's hand."""

    type: Literal["talon_shown"]
    cards: list[str]
    declarer: int
    to: str
    aside_size: int


class TalonToPileEvent(TypedDict):
    """Guard without, Guard against: the talon goes unseen into a score pile."""

    type: Literal["talon_to_pile"]
    pile: str
    count: int
    declarer: int


class PhaseEvent(TypedDict):
    """Precedence's phase event: the play begins, the leader to act."""

    type: Literal["phase"]
    phase: str
    to_act: int | None
    tricks: int


class AsideEvent(TypedDict):
    """A card set aside (named only when it is shown: a Sabacc)."""

    type: Literal["aside"]
    seat: int
    card: str | None
    shown: bool
    count: int
    needed: int


class AsideDoneEvent(TypedDict):
    """The aside is complete; the Sabaccs in it are shown."""

    type: Literal["aside_done"]
    count: int
    shown: list[str]


class PlayEvent(PlayEventKeys):
    """A card played (the trick games' event)."""


class TrickEvent(TrickEventKeys):
    """A trick won (the trick games' event), and into which pile, worth how much."""

    pile: str
    half_points: int


class VoidRoundEvent(TypedDict):
    """Everyone passed: each wager goes back."""

    type: Literal["void_round"]
    round: int
    dealer: int
    returned: list[int]
    ante_pot: int


class RoundCountedEvent(TypedDict):
    """The declarer's pile counted against the contract's 46 points."""

    type: Literal["round_counted"]
    round: int
    declarer: int | None
    contract: str | None
    points: int
    points_text: str
    needed: int
    made: bool
    defenders_points: int
    pile: list[str]
    pairing: list[PairGroup]
    talon: list[str]
    talon_to: str | None
    aside: list[str]
    tricks: list[int]


class WagersSettledEvent(TypedDict):
    """The chips on the table gone to the declarer or the defenders."""

    type: Literal["wagers_settled"]
    winner: str
    table: int
    wagers: list[int]
    received: list[int]
    net: list[int]
    remainder: int
    ante_pot: int


class BonusEvent(TypedDict):
    """The highest bonus claimed, paid from the Ante Pot; every claim listed."""

    type: Literal["bonus"]
    bonus: str
    name: str
    seat: int
    amount: int
    ante_pot_before: int
    ante_pot: int
    claims: list[Claim]
    unpaid: list[Claim]
    tricks: int
    of: int


class AntePotCarriedEvent(TypedDict):
    type: Literal["ante_pot_carried"]
    ante_pot: int


class AntePotDividedEvent(TypedDict):
    type: Literal["ante_pot_divided"]
    share: int
    unclaimed: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    chips: list[int]
    winners: list[int]
    ante_pot: int
    rounds: int


class AntesEvent(TypedDict):
    """The next round's antes paid into the Ante Pot."""

    type: Literal["antes"]
    round: int
    amount: int
    ante_pot: int


class DealEvent(TypedDict):
    """The next round dealt; ``to_act`` opens the bidding."""

    type: Literal["deal"]
    round: int
    dealer: int
    hand_size: int
    talon_size: int
    to_act: int | None


# The events of the Ante Pot's end (settlement.close_ante_pot)
AntePotEndEvent = AntePotCarriedEvent | AntePotDividedEvent

Event = (
    BidEvent
    | AuctionWonEvent
    | TalonShownEvent
    | TalonToPileEvent
    | PhaseEvent
    | AsideEvent
    | AsideDoneEvent
    | PlayEvent
    | TrickEvent
    | VoidRoundEvent
    | RoundCountedEvent
    | WagersSettledEvent
    | BonusEvent
    | AntePotCarriedEvent
    | AntePotDividedEvent
    | GameOverEvent
    | AntesEvent
    | DealEvent
)
