"""Whose turn it is (RULES.md 3.3-3.5): who plays next, and where a round stands.

The actions set ``phase``, ``to_act`` and ``over`` as they are taken (:func:`set_turn`,
from what each action already knows: the auction's next bidder, the declarer setting
cards aside, the trick's next player or its winner). The state and view checks work
them out from the round's record instead (:func:`position`) and refuse a state or view
that says otherwise.
"""

from __future__ import annotations

from celestix.sabacc.aside import TALON_HAND
from celestix.sabacc.auction import Auction
from celestix.sabacc.deal import right_of
from celestix.sabacc.state import Phase, State, talon_to, tricks_per_round


def set_turn(state: State, phase: Phase, to_act: int | None) -> None:
    """Set ``phase``, ``to_act`` and ``over`` (in place)."""
    state["phase"] = phase.value
    state["to_act"] = to_act
    state["over"] = phase is Phase.OVER


def round_complete(state: State) -> bool:
    """Whether every card of the round has been played."""
    return len(state["played"]) == tricks_per_round(len(state["chips"]))


def next_player(state: State) -> int:
    """Who plays the next card: the trick's next player, or the leader of a new trick."""
    seats = len(state["chips"])
    if state["trick"]:
        return right_of(state["trick"][-1]["seat"], seats)
    if state["played"]:
        return state["played"][-1]["winner"]
    return right_of(state["dealer"], seats)  # the dealer's right leads the first trick


def after_the_aside(state: State) -> tuple[Phase, int | None]:
    """Once the auction is won: the declarer sets cards aside while the talon it took
    in hand is not matched, then the cards are played until every trick is done."""
    if talon_to(state) == TALON_HAND and len(state["aside"]) < len(state["talon"]):
        return Phase.ASIDE, state["declarer"]
    if not round_complete(state):
        return Phase.PLAY, next_player(state)
    return Phase.OVER, None


def position(state: State, standing: Auction) -> tuple[Phase, int | None]:
    """The phase and the seat to act, worked out from the round's record, ``standing``
    being its auction replayed (for the checks)."""
    if state["declarer"] is None:
        if not standing.ended:
            return Phase.BID, standing.to_bid
        return Phase.OVER, None  # a void last round
    return after_the_aside(state)
