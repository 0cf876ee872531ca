"""Contract Sabacc double-dummy: the declarer's card points with every hand visible.

:class:`SabaccTricks` gives the shared solver (:mod:`celestix.table.double_dummy`) the
trick play's rules, the declarer maximising the half-points it adds to its pile and the
defenders (together) minimising them: the par of a round from a trick's start
(:func:`~celestix.table.double_dummy.solve_line`, the review) and the searching players'
exact solve of a sampled deal's last tricks
(:func:`~celestix.table.double_dummy.exact_values`). The rules: follow the suit led, else
play a Sabacc if able; the highest Sabacc wins, else the highest card of the suit led;
a trick won by the declarer is worth its cards' half-points. Cards that count more than
a plain card (court cards, Honours) are always told apart; plain cards of a suit below
every card that decided a result are interchangeable. Sure bounds: a seat's run of the
highest Sabaccs and the leader's top cards that no opponent can trump each win a trick
worth at least their own value and a half-point for every other card in it; the
declarer gains no more than the points left in play. Move order: the playout policy's
card first, then the cards that win the trick now, then the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.bots.fast import (
    COUNTING_MASK,
    HALF,
    SUIT_MASKS,
    SUIT_OF_ID,
    distinct,
    legal_mask,
    policy_card,
    power,
    winning_index,
)
from celestix.table.double_dummy import ordered, quick_cards, top_run

# Nodes a round's par may spend (a card tried is a node).
PAR_BUDGET = 200_000
SABACCS = 4  # the Sabaccs' place among the suits


class SabaccTricks:
    """Contract Sabacc's trick play for the double-dummy search (the declarer maximises)."""

    suits: tuple[tuple[int, int], ...] = ((0, 14), (14, 14), (28, 14), (42, 14), (56, 22))
    valued = COUNTING_MASK
    worth: tuple[int, ...] = tuple(0 if half == 1 else half for half in HALF)

    def __init__(self, seats: int, declarer: int):
        self.seats = seats
        self.declarer = declarer

    def legal(self, hand: int, declared: int, trick: Sequence[int]) -> int:
        return legal_mask(hand, SUIT_OF_ID[trick[0]] if trick else -1)

    distinct = staticmethod(distinct)

    def result(self, trick: Sequence[int]) -> tuple[int, int]:
        return winning_index(trick), sum(map(HALF.__getitem__, trick))

    def beats_by_rank(self, trick: Sequence[int], place: int) -> bool:
        suit = SUIT_OF_ID[trick[place]]
        return any(SUIT_OF_ID[card] == suit for i, card in enumerate(trick) if i != place)

    def maximising(self, seat: int) -> bool:
        return seat == self.declarer

    def sure(
        self, hands: Sequence[int], declared: Sequence[int], leader: int
    ) -> tuple[int, int, int]:
        """The declarer's sure gain (its run of top Sabaccs, or its quick tricks when it
        leads) and the points left less the defenders' sure gain (a defender's run of top
        Sabaccs, or the leading defender's quick tricks)."""
        seats = self.seats
        declarer = self.declarer
        alive = 0
        for hand in hands:
            alive |= hand
        points = 0
        rest = alive
        while rest:
            bit = rest & -rest
            points += HALF[bit.bit_length() - 1]
            rest ^= bit
        runs, pinned = self._top_sabaccs(hands)
        quick, quick_pinned = self._quick_tricks(hands, alive, leader)
        pinned |= quick_pinned
        mine = runs[declarer]
        theirs = max(runs[s] for s in range(seats) if s != declarer)
        if leader == declarer:
            mine = max(mine, quick)
        else:
            theirs = max(theirs, quick)
        return mine, points - theirs, pinned

    def _top_sabaccs(self, hands: Sequence[int]) -> tuple[list[int], int]:
        """For each seat, the least its run of the highest Sabaccs left wins (each of them
        takes a trick: its own value and a half-point a card for the others); those
        Sabaccs."""
        holder, run = top_run(hands, SUIT_MASKS[SABACCS])
        runs = [0] * self.seats
        pinned = 0
        for card in run:
            runs[holder] += HALF[card] + self.seats - 1
            pinned |= 1 << card
        return runs, pinned

    def _quick_tricks(self, hands: Sequence[int], alive: int, leader: int) -> tuple[int, int]:
        """The least the leader's side wins by leading its top cards one after another: in
        each suit the leader's cards above every other card left of it; a plain suit's
        only while every other player holding a Sabacc still has that suit to follow with
        (an opponent would trump; a partner would have to, and take the lead)."""
        seats = self.seats
        mine = hands[leader]
        others = alive & ~mine
        ruffers = [hands[s] for s in range(seats)
                   if s != leader and hands[s] & SUIT_MASKS[SABACCS]]  # fmt: skip
        total = 0
        pinned = 0
        for suit in range(5):
            for card in quick_cards(mine, others, SUIT_MASKS[suit],
                                    ruffers if suit != SABACCS else ()):  # fmt: skip
                total += HALF[card] + seats - 1
                pinned |= 1 << card
        return total, pinned

    def order(
        self, hands: Sequence[int], moves: list[int], seat: int, trick: Sequence[int]
    ) -> list[int]:
        first = policy_card(hands, seat, self.declarer, self.seats, trick,
                            hands[seat].bit_count())  # fmt: skip
        if first not in moves:  # the searched card of its run (the strongest)
            suit = SUIT_OF_ID[first]
            first = min(c for c in moves if SUIT_OF_ID[c] == suit and c >= first)
        if not trick:
            return ordered(moves, first, None)
        led = SUIT_OF_ID[trick[0]]
        best = max(power(card, led) for card in trick)
        return ordered(moves, first, lambda card: power(card, led) > best)
