"""A fast simulator of the trick play, for search-based players.

The engine works on JSON states with card codes; a search (for instance many
double-dummy playouts over deals sampled from what a seat knows) needs something much
lighter. Here a hand is four 52-bit masks (bit ``i`` is card number ``i`` of
:mod:`celestix.precedence.cards`), the face-up meld cards are masks too, and a trick is
a short list. The rules are those of :mod:`celestix.precedence.tricks` (the tests play
whole hands both ways and compare).

* :class:`HandSim` -- a position of the trick play: legal cards as a mask, ``play``,
  ``copy``, ``playout``.
* :func:`from_view` -- the position a view shows, with the unseen cards dealt at
  random consistently with what the seat knows (:func:`sample_hands`).
"""

from __future__ import annotations

from celestix.errors import MalformedError
from celestix.precedence.bots.knowledge import Seen
from celestix.precedence.cards import CARD_ID, DECK, SUIT_OF
from celestix.rng import Rng
from celestix.shape import JsonDict

SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
# Attempts at a deal that respects every known void before voids are ignored.
SAMPLE_TRIES = 20


def mask_of(cards: list[str] | set[str]) -> int:
    """The mask of a collection of card codes."""
    mask = 0
    for card in cards:
        mask |= 1 << CARD_ID[card]
    return mask


def cards_in(mask: int) -> list[int]:
    """The card numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes_in(mask: int) -> list[str]:
    """The card codes in ``mask``, in deck order."""
    return [DECK[i] for i in cards_in(mask)]


class HandSim:
    """A position of the trick play with every hand known."""

    __slots__ = ("declared", "done", "hands", "taken", "to_act", "trick", "trump")

    def __init__(
        self,
        hands: list[int],
        declared: list[int],
        trump: int,
        to_act: int,
        trick: list[tuple[int, int]] | None = None,
        taken: list[int] | None = None,
        done: int = 0,
    ):
        self.hands = hands
        self.declared = declared
        self.trump = trump
        self.to_act = to_act
        self.trick = trick if trick is not None else []
        self.taken = taken if taken is not None else [0, 0, 0, 0]
        self.done = done

    def copy(self) -> HandSim:
        """An independent copy."""
        return HandSim(list(self.hands), list(self.declared), self.trump, self.to_act,
                       list(self.trick), list(self.taken), self.done)  # fmt: skip

    @property
    def finished(self) -> bool:
        """Whether all 13 tricks have been played."""
        return self.done == 13

    def legal(self) -> int:
        """The mask of the cards the seat to act may play (follow suit, declared first)."""
        seat = self.to_act
        allowed = self.hands[seat]
        if self.trick:
            follow = allowed & SUIT_MASKS[self.trick[0][1] // 13]
            if follow:
                allowed = follow
        first = allowed & self.declared[seat]
        return first or allowed

    def play(self, card: int) -> int | None:
        """The seat to act plays card number ``card``; the trick's winner if it is complete."""
        seat = self.to_act
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.declared[seat] &= ~bit
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return None
        winner = self.winner()
        self.taken[winner] += 1
        self.done += 1
        self.trick = []
        self.to_act = winner
        return winner

    def winner(self) -> int:
        """The seat winning the trick in progress."""
        led = self.trick[0][1] // 13
        best_seat, best = -1, -2
        for seat, card in self.trick:
            suit = card // 13
            value = 100 + card % 13 if suit == self.trump else card % 13 if suit == led else -1
            if value > best:
                best_seat, best = seat, value
        return best_seat

    def playout(self, rng: Rng) -> list[int]:
        """Play to the end with uniformly random legal cards; the tricks taken per seat."""
        while self.done < 13:
            options = cards_in(self.legal())
            self.play(options[rng.below(len(options))])
        return self.taken


def sample_hands(seen: Seen, sizes: list[int], face_up: list[set[str]], rng: Rng) -> list[int]:
    """The hands as masks: the seat's own, and the unseen cards dealt to the others.

    Each other seat gets its face-up meld cards and random unseen cards up to its hand
    size, never of a suit it has shown out of (unless no such deal is found after
    :data:`SAMPLE_TRIES` attempts, when voids are ignored).
    """
    known = set(seen.hand)
    for cards in face_up:
        known |= cards
    pool = [card for card in seen.outstanding() if card not in known]
    others = [s for s in range(4) if s != seen.seat]
    for attempt in range(SAMPLE_TRIES + 1):
        respect_voids = attempt < SAMPLE_TRIES
        hands = [mask_of(face_up[s]) for s in range(4)]
        hands[seen.seat] = mask_of(seen.hand)
        need = {s: sizes[s] - len(face_up[s]) for s in others}
        dealt = True
        # The cards fewest seats may hold go first, so the deal rarely runs into a wall.
        choices = {
            card: [s for s in others if not (respect_voids and SUIT_OF[card] in seen.voids[s])]
            for card in pool
        }
        for card in sorted(rng.shuffled(pool), key=lambda card: len(choices[card])):
            open_seats = [s for s in choices[card] if need[s] > 0]
            if not open_seats:
                dealt = False
                break
            # Weighted by the room left, so the deal is uniform when there are no voids.
            pick = rng.below(sum(need[s] for s in open_seats))
            for s in open_seats:
                pick -= need[s]
                if pick < 0:
                    break
            need[s] -= 1
            hands[s] |= 1 << CARD_ID[card]
        if dealt:
            return hands
    raise MalformedError("view.hand_sizes", "do not match the cards unseen")


def from_view(view: JsonDict, rng: Rng) -> HandSim:
    """The trick-play position of a (checked) view in the play phase, unseen cards sampled."""
    seen = Seen.from_view(view)
    face_up = [{card for meld in view["melds"][s] for card in meld} for s in range(4)]
    hands = sample_hands(seen, list(view["hand_sizes"]), face_up, rng)
    declared = [mask_of(face_up[s]) for s in range(4)]
    trick = [(s, CARD_ID[card]) for s, card in seen.trick]
    return HandSim(hands, declared, seen.trump, int(view["to_act"]), trick, list(seen.taken),
                   seen.tricks_done)  # fmt: skip
