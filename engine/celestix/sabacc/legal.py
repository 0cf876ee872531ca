"""Every legal action of the seat to act, from what that seat can see.

The same function serves the engine (reading a state) and the bots (reading a view):
it needs only the phase, the seat's own hand, the highest bid so far and the trick in
progress, and it asks the rules' own functions (``auction.legal_bids``,
``aside.aside_choices``, ``tricks.playable``).
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.actions import Action
from celestix.sabacc.aside import aside_choices
from celestix.sabacc.auction import legal_bids, summary
from celestix.sabacc.state import Phase, State
from celestix.sabacc.tricks import playable
from celestix.sabacc.view import View
from celestix.table.tricks import Play


def legal_moves(
    phase: str, hand: Sequence[str], highest: str | None, trick: Sequence[Play]
) -> list[Action]:
    """Every legal action in a fixed order (bids from the lowest open one up, then pass;
    cards in hand order); empty when the round or game is over."""
    if phase == Phase.BID:
        return [{"type": "bid", "bid": bid} for bid in legal_bids(highest)]
    if phase == Phase.ASIDE:
        return [{"type": "aside", "card": card} for card in aside_choices(hand)]
    if phase == Phase.PLAY:
        return [{"type": "play", "card": card} for card in playable(hand, trick)]
    return []


def state_moves(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in ``state`` (empty unless it is to act)."""
    if state["over"] or state["to_act"] != seat:
        return []
    highest = summary(state["bids"], len(state["chips"]))[0]
    return legal_moves(state["phase"], state["hands"][seat], highest, state["trick"])


def view_moves(view: View) -> list[Action]:
    """Every legal action of the view's seat (empty unless it is to act)."""
    seat = view["seat"]
    if seat is None or view["over"] or view["to_act"] != seat:
        return []
    return legal_moves(view["phase"], view["hand"], view["highest_bid"], view["trick"])
