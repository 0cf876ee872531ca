"""A fast simulator of a round's trick play, for search-based bots.

The engine's states are JSON values checked on every call; a search plays thousands of
imaginary rounds, so it uses this instead: cards are numbers (their place in
:data:`cards.DECK`: 0-55 the suit cards, 14 per suit Ace to Master, then 56-76 the
Sabaccs -1 to -21 and 77 The Idiot), hands are bit masks, and a :class:`Position` is
changed in place (``clone`` first to branch). The rules are the engine's
(RULES.md 3.5); ``tests/engine/sabacc/test_sim.py`` plays the same rounds through both.

:func:`deal_unseen` gives a seat's possible worlds: the cards it cannot see, dealt
to the other hands consistently with what it has seen (hand sizes, shown voids).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from celestix.rng import Rng
from celestix.sabacc.aside import TALON_DECLARER
from celestix.sabacc.bots.fast import (
    FIRST_SABACC,
    HALF,
    SABACC_MASK,
    SUIT_MASKS,
    mask_of,
    suit_index,
)
from celestix.sabacc.cards import HALF_POINTS, INDEX, SABACC, SUITS
from celestix.sabacc.state import next_player, talon_to
from celestix.shape import JsonDict

SUIT_NAME_INDEX = {**{suit: k for k, suit in enumerate(SUITS)}, SABACC: 4}


def legal_mask(hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (engine's ``playable``)."""
    if not trick:
        return hand
    follow = hand & SUIT_MASKS[suit_index(trick[0])]
    if follow:
        return follow
    return (hand & SABACC_MASK) or hand


def winner_offset(trick: Sequence[int]) -> int:
    """Which play of a trick wins it (0 = the lead)."""
    led_suit = suit_index(trick[0])
    best, best_card = 0, trick[0]
    for k in range(1, len(trick)):
        card = trick[k]
        if card >= FIRST_SABACC:
            if best_card < FIRST_SABACC or card > best_card:
                best, best_card = k, card
        elif best_card < FIRST_SABACC and card // 14 == led_suit and card > best_card:
            best, best_card = k, card
    return best


@dataclass(slots=True)
class Position:
    """A round in trick play, every hand known."""

    seats: int
    hands: list[int]
    declarer: int
    leader: int
    trick: list[int] = field(default_factory=list)
    declarer_half: int = 0  # half-points in the declarer's pile so far
    tricks_won: list[int] = field(default_factory=list)
    last_winning_card: int = -1

    def clone(self) -> Position:
        """An independent copy."""
        return Position(self.seats, list(self.hands), self.declarer, self.leader,
                        list(self.trick), self.declarer_half, list(self.tricks_won),
                        self.last_winning_card)  # fmt: skip

    @property
    def to_play(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % self.seats

    @property
    def finished(self) -> bool:
        """Every card has been played."""
        return not self.trick and not any(self.hands)

    def legal(self) -> int:
        """The mask of cards the seat to play may play."""
        return legal_mask(self.hands[self.to_play], self.trick)

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (which must be legal)."""
        self.hands[self.to_play] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) == self.seats:
            offset = winner_offset(self.trick)
            winner = (self.leader + offset) % self.seats
            self.tricks_won[winner] += 1
            if winner == self.declarer:
                self.declarer_half += sum(HALF[c] for c in self.trick)
            self.last_winning_card = self.trick[offset]
            self.leader = winner
            self.trick = []


def from_state(state: JsonDict) -> Position:
    """The trick play of an engine state in the play phase, every hand known."""
    seats = len(state["chips"])
    declarer = state["declarer"]
    pile = list(state["aside"])
    if talon_to(state) == TALON_DECLARER:
        pile.extend(state["talon"])
    won = [0] * seats
    for trick in state["played"]:
        won[trick["winner"]] += 1
        if trick["winner"] == declarer:
            pile.extend(play["card"] for play in trick["plays"])
    trick = [INDEX[play["card"]] for play in state["trick"]]
    leader = state["trick"][0]["seat"] if state["trick"] else next_player(state)
    return Position(seats, [mask_of(hand) for hand in state["hands"]], declarer, leader,
                    trick, sum(HALF_POINTS[c] for c in pile), won)  # fmt: skip


Policy = Callable[[Position, int], int]


def lowest_card(position: Position, legal: int) -> int:
    """A policy: the first legal card in deck order."""
    return (legal & -legal).bit_length() - 1


def random_policy(rng: Rng) -> Policy:
    """A policy that plays uniformly among the legal cards."""

    def choose(position: Position, legal: int) -> int:
        k = rng.below(legal.bit_count())
        for _ in range(k):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 1

    return choose


def playout(position: Position, policy: Policy) -> Position:
    """Play ``position`` (changed in place) to the end of the round with ``policy``."""
    while not position.finished:
        position.play(policy(position, position.legal()))
    return position


def deal_unseen(
    unseen: Sequence[str],
    sizes: Sequence[int],
    voids: Sequence[set[str]],
    rng: Rng,
    tries: int = 50,
) -> list[list[str]] | None:
    """Deal ``unseen`` cards into hands of ``sizes`` that respect the shown ``voids``.

    ``voids[k]`` holds suit letters or ``"sabacc"``. The most constrained hands are
    filled first from a shuffle; ``None`` if no deal was found in ``tries`` shuffles.
    """
    if sum(sizes) != len(unseen):
        raise ValueError("the hand sizes must add up to the unseen cards")
    order = sorted(range(len(sizes)), key=lambda k: (-len(voids[k]), k))
    for _ in range(tries):
        pool = rng.shuffled(unseen)
        hands: list[list[str]] = [[] for _ in sizes]
        for k in order:
            barred = {SUIT_NAME_INDEX[suit] for suit in voids[k]}
            rest = []
            for card in pool:
                if len(hands[k]) < sizes[k] and suit_index(INDEX[card]) not in barred:
                    hands[k].append(card)
                else:
                    rest.append(card)
            pool = rest
        if all(len(hands[k]) == sizes[k] for k in range(len(sizes))):
            return hands
    return None
