"""What a seat sees, read off its view as cards: the heuristic player's starting point.

:class:`Seen` gathers

* ``gone``: cards out of play this round (played to tricks, the visible aside);
* ``outstanding``: cards that may still be in another player's hand (or, for all a
  defender knows, in an unseen talon or aside), with per suit (and "sabacc") how many
  are out (``out_count``) and the highest one's rank (``top``);
* ``voids``: per seat, the suits (and "sabacc") it has shown it no longer holds, from
  the rules of play: a player who does not follow has none of the suit led, and one
  who then plays no Sabacc has no Sabacc either;
* ``done``: the tricks completed.

The searches read the same view as bit masks, with the sampler of the hidden cards
(:class:`celestix.sabacc.bots.deals.Knowledge`). Nothing here reads a state, so a bot
cannot see more than its seat may.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from celestix.sabacc.cards import DECK, RANK_OF, SABACC, SUIT_OF, SUITS
from celestix.sabacc.view import View, acting_seat
from celestix.table.tricks import Play

DECK_SET = frozenset(DECK)


@dataclass
class Seen:
    """A seat's picture of the round."""

    seat: int
    seats: int
    declarer: int | None
    hand: list[str]
    gone: set[str]
    outstanding: frozenset[str]
    voids: list[set[str]] = field(default_factory=list)
    done: int = 0  # completed tricks
    # Per suit (and "sabacc"): how many cards are outstanding, and the highest one's rank.
    out_count: dict[str, int] = field(default_factory=dict)
    top: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: View) -> Seen:
        """What the view's seat sees."""
        seats = len(view["hand_sizes"])
        seat = acting_seat(view)
        hand = list(view["hand"])
        gone: set[str] = set(view["aside"])
        voids: list[set[str]] = [set() for _ in range(seats)]
        tricks = [trick["plays"] for trick in view["played"]]
        if view["trick"]:
            tricks.append(view["trick"])
        for plays in tricks:
            led = SUIT_OF[plays[0]["card"]]
            for play in plays:
                card = play["card"]
                gone.add(card)
                suit = SUIT_OF[card]
                if suit != led:
                    voids[play["seat"]].add(led)
                    if suit != SABACC:
                        voids[play["seat"]].add(SABACC)
        outstanding = DECK_SET.difference(gone, hand)
        out_count = dict.fromkeys((*SUITS, SABACC), 0)
        top = dict.fromkeys((*SUITS, SABACC), 0)
        for card in outstanding:
            suit = SUIT_OF[card]
            out_count[suit] += 1
            rank = RANK_OF[card]
            top[suit] = max(top[suit], rank)
        return cls(
            seat=seat,
            seats=seats,
            declarer=view["declarer"],
            hand=hand,
            gone=gone,
            outstanding=outstanding,
            voids=voids,
            done=len(view["played"]),
            out_count=out_count,
            top=top,
        )

    def same_side(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play together (defenders are partners)."""
        if a == b:
            return True
        return self.declarer is not None and self.declarer not in (a, b)

    def still_to_play(self, trick: Sequence[Play]) -> list[int]:
        """The seats that play to ``trick`` after this seat."""
        remaining = self.seats - len(trick) - 1
        return [(self.seat + k) % self.seats for k in range(1, remaining + 1)]
