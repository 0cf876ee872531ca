"""Every legal action of the seat to act, from what that seat can see.

The same function serves the engine (reading a state) and the bots (reading a view):
it needs only the phase, the seat's own hand and face-up meld cards, the bids and the
trick in progress.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from celestix.precedence.actions import Action
from celestix.precedence.bidding import legal_bids
from celestix.precedence.melds import declarations
from celestix.precedence.state import Phase, State, live_declared
from celestix.precedence.tricks import legal_plays
from celestix.precedence.view import View
from celestix.table.tricks import Play


def legal_moves(
    phase: str,
    seat: int,
    hand: Sequence[str],
    declared: Collection[str],
    bids: Sequence[int | None],
    trick: Sequence[Play],
) -> list[Action]:
    """Every legal action in a fixed order (declarations as :func:`declarations` lists
    them, bids from 0 up, cards in hand order); empty when the game is over."""
    moves: list[Action] = []
    if phase == Phase.DECLARE:
        moves.extend({"type": "declare", "melds": melds} for melds in declarations(hand))
    elif phase == Phase.BID:
        moves.extend({"type": "bid", "tricks": n} for n in legal_bids(bids, seat))
    elif phase == Phase.PLAY:
        moves.extend({"type": "play", "card": card} for card in legal_plays(hand, declared, trick))
    return moves


def state_moves(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in ``state`` (empty unless it is to act)."""
    if state["over"] or state["to_act"] != seat:
        return []
    return legal_moves(
        state["phase"],
        seat,
        state["hands"][seat],
        live_declared(state, seat),
        state["bids"],
        state["trick"],
    )


def view_moves(view: View) -> list[Action]:
    """Every legal action of the view's seat (empty unless it is to act)."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None or view["over"] or view["to_act"] != seat:
        return []
    declared = {card for meld in view["melds"][seat] for card in meld}
    return legal_moves(view["phase"], seat, hand, declared, view["bids"], view["trick"])
