"""Starting a round (RULES.md 3.2): the antes, the deal, the auction opened."""

from __future__ import annotations

from celestix.sabacc.auction import first_bidder
from celestix.sabacc.chips import pay_antes
from celestix.sabacc.deal import deal as deal_cards
from celestix.sabacc.deal import right_of
from celestix.sabacc.state import Phase, State
from celestix.sabacc.turns import set_turn


def begin_round(
    state: State, round_index: int, dealer: int, hands: list[list[str]], talon: list[str]
) -> None:
    """Start round ``round_index`` in ``state`` (changed in place): antes, then the deal;
    the player to the dealer's left opens the bidding."""
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
    ante = state["options"]["ante"]
    pay_antes(state["ledger"], state["chips"], round_index, right_of(dealer, seats), ante)
    state["ante_pot"] += ante * seats
    set_turn(state, Phase.BID, first_bidder(dealer, seats))


def deal_round(state: State, round_index: int, dealer: int) -> None:
    """Start round ``round_index`` with a fresh deal from the game's seed."""
    seats = len(state["chips"])
    hands, talon = deal_cards(state["seed"], round_index, dealer, seats)
    begin_round(state, round_index, dealer, hands, talon)
