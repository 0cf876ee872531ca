"""Seating, the first dealer and the deal (RULES.md 3, "Table" and 3.2).

Seats are numbered counterclockwise: play passes from ``s`` to ``(s + 1) % n``, the
player to ``s``'s right; "left of X" is ``(X - 1) % n``.

* The first dealer is drawn from the game's seed: ``Rng(seed).below(n)``.
* Round ``r`` (counting from 0) is shuffled by ``Rng(seed, r)``; no generator state is
  stored. The shuffled deck is dealt one card at a time, starting with the player to
  the dealer's right and going counterclockwise, until each player has their share;
  *Ruling*: the cards left at the bottom of the deck (6, or 3 at five players) form
  the talon, set aside face down. A void round still counts as a deal, so round ``r``
  always uses the stream ``r``.
"""

from __future__ import annotations

from celestix.rng import Rng
from celestix.sabacc.cards import DECK, sort_cards
from celestix.table.seats import next_seat

HAND_SIZE = {3: 24, 4: 18, 5: 15}
TALON_SIZE = {3: 6, 4: 6, 5: 3}
PLAYER_COUNTS = (3, 4, 5)


def right_of(seat: int, seats: int) -> int:
    """The player to ``seat``'s right, who plays next (the table's next seat)."""
    return next_seat(seat, seats)


def first_dealer(seed: int, seats: int) -> int:
    """The dealer of the game's first round, drawn from the seed."""
    return Rng(seed).below(seats)


def dealer_of_round(seed: int, seats: int, round_index: int) -> int:
    """The dealer of round ``round_index`` of a game that began normally."""
    return (first_dealer(seed, seats) + round_index) % seats


def shuffled_deck(seed: int, round_index: int) -> list[str]:
    """The deck of round ``round_index``, shuffled from the seed, top card first."""
    return Rng(seed, round_index).shuffled(DECK)


def deal(
    seed: int,
    round_index: int,
    dealer: int,
    seats: int,
    hands: list[list[str]] | None = None,
    talon: list[str] | None = None,
) -> tuple[list[list[str]], list[str]]:
    """The hands (each sorted) and the talon of a round.

    A setup may fix the hands, the talon or both (of the right sizes, checked by the
    caller); what it leaves out is dealt from the other cards in their shuffled order.
    """
    placed: set[str] = set(talon or ())
    for hand in hands or ():
        placed.update(hand)
    deck = [card for card in shuffled_deck(seed, round_index) if card not in placed]
    if hands is None:
        hands = [[] for _ in range(seats)]
        to = right_of(dealer, seats)
        for card in deck[: HAND_SIZE[seats] * seats]:
            hands[to].append(card)
            to = right_of(to, seats)
        deck = deck[HAND_SIZE[seats] * seats :]
    return [sort_cards(hand) for hand in hands], list(talon) if talon is not None else deck
