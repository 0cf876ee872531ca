"""Precedence double-dummy: the tricks each team takes with every hand visible.

:class:`PrecedenceTricks` gives the shared solver (:mod:`celestix.table.double_dummy`)
the trick play's rules, team 0 (seats 0 and 2) maximising: the par of a hand from a
trick's start, both teams playing perfectly for tricks
(:func:`~celestix.table.double_dummy.solve_line`, the review), and the searching
players' exact solve of a sampled deal's last tricks for the hand's points, which an
overtrick may lower (:func:`~celestix.table.double_dummy.exact_values`, with
:meth:`PrecedenceTricks.policy_first` as its move order). The rules: follow suit, declared
(face-up) meld cards first among the cards that follow, trump wins; each trick is worth
one to team 0. Its sure bounds: the leader's cards that win at once
(top cards of suits no opponent can trump, and top trumps), and any seat's run of the
highest trumps, which win a trick each whatever is played. Its move order: the playout
policy's card first, then the cards that win the trick now, then the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.precedence.bots.fast import (
    SUIT_MASKS,
    beats,
    distinct,
    legal_mask,
    policy_card,
    trick_winner,
)
from celestix.precedence.cards import SEATS
from celestix.table.double_dummy import ordered, quick_cards, top_run

# Nodes a hand's par may spend (a card tried is a node).
PAR_BUDGET = 200_000


class PrecedenceTricks:
    """Precedence's trick play for the double-dummy search (team 0 maximises)."""

    seats = SEATS
    suits: tuple[tuple[int, int], ...] = ((0, 13), (13, 13), (26, 13), (39, 13))
    valued = 0
    worth: tuple[int, ...] = (0,) * 52

    def __init__(self, trump: int):
        self.trump = trump

    def legal(self, hand: int, declared: int, trick: Sequence[int]) -> int:
        return legal_mask(hand, declared, trick[0] // 13 if trick else -1)

    distinct = staticmethod(distinct)

    def result(self, trick: Sequence[int]) -> tuple[int, int]:
        return trick_winner(trick, 0, self.trump), 1  # (led by seat 0: the place)

    def beats_by_rank(self, trick: Sequence[int], place: int) -> bool:
        suit = trick[place] // 13
        return any(card // 13 == suit for i, card in enumerate(trick) if i != place)

    def maximising(self, seat: int) -> bool:
        return seat & 1 == 0

    def sure(
        self, hands: Sequence[int], declared: Sequence[int], leader: int
    ) -> tuple[int, int, int]:
        """The leading team: its leader's quick tricks, or its other player's top trumps
        if more. The other team: the top trumps of one of its players."""
        left = hands[leader].bit_count()
        tops, pinned = self._top_trumps(hands)
        quick, quick_pinned = self._quick_tricks(hands, declared, leader)
        leading = max(quick, tops[(leader + 2) % SEATS])
        other = max(tops[(leader + 1) % SEATS], tops[(leader + 3) % SEATS])
        pinned |= quick_pinned
        if leader & 1 == 0:
            return leading, left - other, pinned
        return other, left - leading, pinned

    def _top_trumps(self, hands: Sequence[int]) -> tuple[list[int], int]:
        """For each seat, how many of the highest trumps left it holds in a row (each
        wins a trick whatever is played with it); those trumps."""
        holder, run = top_run(hands, SUIT_MASKS[self.trump])
        tops = [0, 0, 0, 0]
        pinned = 0
        for card in run:
            tops[holder] += 1
            pinned |= 1 << card
        return tops, pinned

    def _quick_tricks(
        self, hands: Sequence[int], declared: Sequence[int], leader: int
    ) -> tuple[int, int]:
        """Tricks the leader's side takes at once whatever the others do, and the cards
        that take them: in each suit, the leader's cards above every other card left of
        it, led one after another.

        A plain suit's top cards count only while no one can trump them: all of them if
        neither opponent holds a trump, else no more than the shorter holding of the suit
        among opponents with trumps -- and among partners with face-up trumps (one void
        in the suit may have to play them, and would take the lead). A leader with
        face-up cards must lead those first, so it counts none.
        """
        if declared[leader]:
            return 0, 0
        trump = self.trump
        mine = hands[leader]
        left, right = hands[(leader + 1) % SEATS], hands[(leader + 3) % SEATS]
        partner = (leader + 2) % SEATS
        others = left | right | hands[partner]
        tmask = SUIT_MASKS[trump]
        ruffers = [opp for opp in (left, right) if opp & tmask]
        if declared[partner] & tmask:
            ruffers.append(hands[partner])
        count = 0
        pinned = 0
        for suit in range(4):
            cards = quick_cards(mine, others, SUIT_MASKS[suit], ruffers if suit != trump else ())
            for card in cards:
                pinned |= 1 << card
            count += len(cards)
        return count, pinned

    def order(
        self, hands: Sequence[int], moves: list[int], seat: int, trick: Sequence[int]
    ) -> list[int]:
        legal = 0
        for card in moves:
            legal |= 1 << card
        first = policy_card(hands, legal, self.trump, seat, trick, True)
        if not trick:
            return ordered(moves, first, None)
        best = trick[0]
        for card in trick[1:]:
            if beats(card, best, self.trump):
                best = card
        return ordered(moves, first, lambda card: beats(card, best, self.trump))

    def policy_first(
        self, hands: Sequence[int], moves: list[int], seat: int, trick: Sequence[int]
    ) -> list[int]:
        """The searches' move order: of three moves or more, the playout policy's first."""
        if len(moves) < 3:
            return moves
        legal = 0
        for card in moves:
            legal |= 1 << card
        first = policy_card(hands, legal, self.trump, seat, trick, True)
        return [first, *(card for card in moves if card != first)]
