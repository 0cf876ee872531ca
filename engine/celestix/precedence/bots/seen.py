"""What a seat sees, read off its view as cards: the heuristic player's and the hints'
starting point.

:class:`Seen` gathers from a view the seat's hand and face-up meld cards, the trick,
the cards already played this hand, the cards still out (held by the other three),
the suits each seat has shown out of (``voids``) and those it has led, the tricks
completed (``done``) and where each team stands against its contract. The searches read
the same view as bit masks, with the sampler of the hidden cards
(:class:`celestix.precedence.bots.deals.Knowledge`). Nothing here reads a state, so a
bot cannot see more than its seat may.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from celestix.precedence.bidding import contracts, partner_of, team_of
from celestix.precedence.cards import DECK, RANK_OF, SUIT_BY_NAME, SUIT_OF
from celestix.precedence.tricks import strength
from celestix.precedence.view import View, seat_and_hand


@dataclass
class Seen:
    """The seat's knowledge of the hand in play."""

    seat: int
    hand: list[str]
    declared: set[str]
    trick: list[tuple[int, str]]
    bids: list[int | None]
    trump: int
    dealer: int
    done: int  # completed tricks
    taken: list[int]
    counts_excess: bool
    played: set[str] = field(default_factory=set)
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    leads: list[list[int]] = field(default_factory=lambda: [[], [], [], []])  # suits led

    @classmethod
    def from_view(cls, view: View) -> Seen:
        """Read a (checked) view of a seat."""
        seat, hand = seat_and_hand(view)
        seen = cls(
            seat=seat,
            hand=list(hand),
            declared={card for meld in view["melds"][seat] for card in meld},
            trick=[(int(p["seat"]), str(p["card"])) for p in view["trick"]],
            bids=list(view["bids"]),
            trump=SUIT_BY_NAME[view["trump"]],
            dealer=int(view["dealer"]),
            done=len(view["completed_tricks"]),
            taken=[int(t) for t in view["tricks"]],
            counts_excess=view["options"]["variant"] == "core",
        )
        tricks = [[(int(p["seat"]), str(p["card"])) for p in done["plays"]]
                  for done in view["completed_tricks"]]  # fmt: skip
        tricks.append(seen.trick)
        for plays in tricks:
            if not plays:
                continue
            led = SUIT_OF[plays[0][1]]
            seen.leads[plays[0][0]].append(led)
            for who, card in plays:
                seen.played.add(card)
                if SUIT_OF[card] != led:
                    seen.voids[who].add(led)
        return seen

    @property
    def partner(self) -> int:
        """The seat opposite."""
        return partner_of(self.seat)

    @property
    def team(self) -> int:
        """The seat's team."""
        return team_of(self.seat)

    def outstanding(self) -> list[str]:
        """The cards the other three seats still hold, in deck order."""
        mine = set(self.hand)
        return [card for card in DECK if card not in mine and card not in self.played]

    def is_boss(self, card: str, out: list[str]) -> bool:
        """Whether no card still out of ``card``'s suit ranks above it."""
        suit, rank = SUIT_OF[card], RANK_OF[card]
        return not any(SUIT_OF[o] == suit and RANK_OF[o] > rank for o in out)

    def contract(self, team: int) -> int:
        """The contract of ``team`` so far."""
        return contracts(self.bids)[team]

    def team_taken(self, team: int) -> int:
        """Tricks ``team`` has taken this hand."""
        return self.taken[team] + self.taken[team + 2]

    def winning(self) -> tuple[int, str] | None:
        """The play winning the trick in progress, if it has begun."""
        if not self.trick:
            return None
        led = self.trick[0][1]
        return max(self.trick, key=lambda play: strength(play[1], led, self.trump))

    def beats(self, card: str, other: str) -> bool:
        """Whether ``card`` would beat ``other`` in the trick in progress."""
        led = self.trick[0][1]
        return strength(card, led, self.trump) > strength(other, led, self.trump)
