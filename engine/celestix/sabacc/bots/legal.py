"""The legal actions of the seat to act, worked out from its view alone.

Uses the same rule functions as the engine (``auction.legal_bids``,
``aside.aside_choices``, ``tricks.playable``), which take only what a seat can see,
so a bot's choices and the engine's ``legal_actions`` always agree.
"""

from __future__ import annotations

from celestix.bots.levels import refusing
from celestix.sabacc.aside import aside_choices
from celestix.sabacc.auction import legal_bids
from celestix.sabacc.tricks import playable
from celestix.sabacc.view import View
from celestix.shape import JsonDict


def legal_from_view(view: View) -> list[JsonDict]:
    """Every legal action of the view's seat (empty when it is not that seat's turn)."""
    if view["over"] or view["seat"] is None or view["to_act"] != view["seat"]:
        return []
    phase = view["phase"]
    if phase == "bidding":
        return [{"type": "bid", "bid": bid} for bid in legal_bids(view["highest_bid"])]
    if phase == "aside":
        return [{"type": "aside", "card": card} for card in aside_choices(view["hand"])]
    if phase == "play":
        return [{"type": "play", "card": card} for card in playable(view["hand"], view["trick"])]
    return []


# The view's legal actions; a view that allows none cannot be played from.
legal_or_refuse = refusing(legal_from_view)
