"""What a seat knows, as bitmasks, and deals of the unseen cards consistent with it.

:class:`Knowledge` reads a view (never a state): the seat's hand, the cards played,
the face-up meld cards of every seat, the suits each seat has shown out of, the bids
and the score table of the hand. :meth:`Knowledge.sample` deals the unseen cards to
the other seats so that

* each seat keeps its face-up meld cards and gets exactly its hand size;
* no seat gets a card of a suit it has shown out of (a failure to follow suit): a
  quick deal is tried a few times, then one that never paints itself into a corner
  (:func:`celestix.bots.dealing.constrained_deal`);
* every card already played stays played, so the deal, replayed from the hand's
  start, makes every play legal -- including the declared-cards-first rule: a seat
  with face-up cards left that played another card must have been following suit
  with it (any declared card of the suit led would have been forced), which the
  voids and the fixed face-up cards already imply;
* bids weigh the deal as evidence: a deal is kept with a probability that halves for
  each trick by which a bidder's hand (at the time of its bid) strays from its bid, by
  a quick estimate of the hand's tricks (:func:`estimate20`);
* and, when the knowledge was read with ``read_plays=True`` (the ``strong`` level), so do
  the other seats' plays: the probability halves again for each past play the deal's
  hands contradict (:mod:`celestix.precedence.bots.inference`).

Randomness comes only from the :class:`~celestix.rng.Rng` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from celestix.bots.bits import low
from celestix.bots.dealing import QuickFirst, by_room, constrained_deal
from celestix.errors import MalformedError
from celestix.precedence.bidding import contracts
from celestix.precedence.bots.fast import ABOVE, ALL_CARDS, SUIT_MASKS, beats, mask_of
from celestix.precedence.bots.inference import Evidence, contradictions, play_evidence
from celestix.precedence.cards import CARD_ID, HAND_SIZE, SEATS, SUIT_BY_NAME
from celestix.precedence.view import View, seat_and_hand
from celestix.rng import Rng
from celestix.table.tricks import trick_leader

# Attempts at a deal that fits the bids; the best seen is used if none is accepted.
EVIDENCE_TRIES = 6
# Acceptance out of 64 by the bidders' total deviation in whole tricks (then halving).
ACCEPT = (64, 32, 16, 8, 4, 2, 1)


def estimate20(hand: int, trump: int) -> int:
    """The hand's own tricks in twentieths, the mask form of the basic bot's estimate.

    Top trumps and trumps close to the top, length beyond four trumps, Emperors and
    guarded StellarPilots in plain suits, and short plain suits when holding trumps.
    """
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    total = 0
    for suit in range(4):
        part = hand & SUIT_MASKS[suit]
        length = part.bit_count()
        if suit == trump:
            held_above = 0
            while part:
                card = part.bit_length() - 1
                part ^= 1 << card
                missing = 12 - card % 13 - held_above
                if missing <= 0:
                    total += 20
                elif missing <= 2 and length - held_above > missing:
                    total += 12
                held_above += 1
            total += max(0, trumps - 4) * 14
            continue
        held_above = 0
        while part and held_above < 3:
            card = part.bit_length() - 1
            part ^= 1 << card
            missing = 12 - card % 13 - held_above
            if missing == 0:
                total += 19 if length <= 5 else 14
            elif missing == 1 and length >= 2:
                total += 9
            held_above += 1
        if trumps >= 2 and length <= 1:
            total += 16 if length == 0 else 8
    return total


def quick_shuffled(items: list[int], rng: Rng) -> list[int]:
    """A shuffled copy of ``items`` (Fisher-Yates from the end) for sampling deals.

    Each 64-bit output gives four 16-bit draws, each mapped to ``[0, i]`` by
    multiplying and shifting: four times fewer outputs than :meth:`Rng.shuffle`, at a
    bias below 1 in 1,000 for a deck of 52 -- nothing for a search, and the result
    is as reproducible as the generator.
    """
    out = list(items)
    bits = 0
    left = 0
    for i in range(len(out) - 1, 0, -1):
        if not left:
            bits = rng.next_u64()
            left = 4
        j = ((bits & 0xFFFF) * (i + 1)) >> 16
        bits >>= 16
        left -= 1
        out[i], out[j] = out[j], out[i]
    return out


@dataclass
class Knowledge:
    """The seat's knowledge of the hand in play, as masks."""

    seat: int
    hand: int
    trump: int
    dealer: int
    sizes: list[int]
    face_up: list[int]
    played: int
    played_by: list[int]
    voids: list[int]
    bids: list[int | None]
    trick: list[int]
    leader: int
    done: int
    taken: list[int]
    contracts: list[int]
    melds: list[int]
    penalty: int
    excess_counted: bool
    meld_wager: int
    variant: str
    evidence: list[Evidence] = field(default_factory=list)  # past plays read as evidence
    tries: int = EVIDENCE_TRIES  # deals drawn at most for one sample
    dealing: QuickFirst = field(default_factory=QuickFirst)  # this decision's deals

    @classmethod
    def from_view(
        cls, view: View, read_plays: bool = False, tries: int = EVIDENCE_TRIES
    ) -> Knowledge:
        """Read a (checked) view of a seat; with ``read_plays``, read the other seats' past
        plays as evidence too, drawing up to ``tries`` deals for a sample."""
        seat, hand = seat_and_hand(view)
        trump = SUIT_BY_NAME[view["trump"]]
        played = 0
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        taken = [0, 0]
        plays_of = [done["plays"] for done in view["completed_tricks"]]
        for done in view["completed_tricks"]:
            taken[int(done["winner"]) % 2] += 1
        plays_of.append(view["trick"])
        for plays in plays_of:
            if not plays:
                continue
            led = CARD_ID[plays[0]["card"]] // 13
            for play in plays:
                who, card = int(play["seat"]), CARD_ID[play["card"]]
                played |= 1 << card
                played_by[who] |= 1 << card
                if card // 13 != led:
                    voids[who] |= 1 << led
        trick = [CARD_ID[play["card"]] for play in view["trick"]]
        leader = trick_leader(view["trick"], view["completed_tricks"], int(view["dealer"]), SEATS)
        bids = list(view["bids"])
        know = cls(
            seat=seat,
            hand=mask_of(hand),
            trump=trump,
            dealer=int(view["dealer"]),
            sizes=[int(n) for n in view["hand_sizes"]],
            face_up=[mask_of([c for meld in melds for c in meld]) for melds in view["melds"]],
            played=played,
            played_by=played_by,
            voids=voids,
            bids=bids,
            trick=trick,
            leader=leader,
            done=len(view["completed_tricks"]),
            taken=taken,
            contracts=contracts(bids),
            melds=[int(m) for m in view["team_meld_points"]],
            penalty=int(view["penalty"]),
            excess_counted=bool(view["excess_counted"]),
            meld_wager=int(view["options"]["meld_wager"]),
            variant=str(view["variant"]),
            tries=tries,
        )
        if read_plays:
            know.evidence = play_evidence(
                view, seat, trump, know.contracts, know.excess_counted, know.unseen(), know.face_up
            )
        return know

    @property
    def to_act(self) -> int:
        """The seat to act in the trick (the view's seat when it is asked to play)."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return HAND_SIZE - self.done

    def unseen(self) -> int:
        """The cards the other seats hold that the seat cannot see."""
        hidden = ALL_CARDS & ~self.hand & ~self.played
        for mask in self.face_up:
            hidden &= ~mask
        return hidden

    def remaining(self) -> int:
        """Every card still in a hand (the seat's own and the others')."""
        return ALL_CARDS & ~self.played

    def alive(self) -> int:
        """Every card still in a hand or in the trick in progress: the cards that make
        two cards of a suit play differently (a card led between them is one)."""
        mask = self.remaining()
        for card in self.trick:
            mask |= 1 << card
        return mask

    def winning(self) -> tuple[int, int]:
        """The seat winning the trick in progress (begun) and its card."""
        best_i, best = 0, self.trick[0]
        for i, card in enumerate(self.trick):
            if beats(card, best, self.trump):
                best_i, best = i, card
        return (self.leader + best_i) % SEATS, best

    def beaters(self, card: int) -> int:
        """The cards that would beat ``card``, the card winning the trick now."""
        above = ABOVE[card]
        return above if card // 13 == self.trump else above | SUIT_MASKS[self.trump]

    def partner_sure_winner(self) -> int:
        """The partner's card if it wins the trick now and must win it whatever the seats
        still to play hold (under any deal consistent with the view), else -1.

        A later seat showing face-up cards of the suit led must play one of them
        (follow suit, declared first); one void in the suit led that shows face-up
        cards must play one of those; otherwise it may play any unseen card of a suit it
        has not shown out of.
        """
        if not self.trick:
            return -1
        seat, best = self.winning()
        if seat != (self.seat + 2) % SEATS:
            return -1
        beaters = self.beaters(best)
        led = self.trick[0] // 13
        led_mask = SUIT_MASKS[led]
        unseen = self.unseen()
        for k in range(1, SEATS - len(self.trick)):
            later = (self.seat + k) % SEATS
            face = self.face_up[later]
            if face & led_mask:
                if face & led_mask & beaters:
                    return -1
                continue
            voids = self.voids[later]
            if not voids >> led & 1 and unseen & led_mask & beaters:
                return -1  # it may follow suit higher
            if face:
                if face & beaters:
                    return -1  # void in the suit led, it must play a face-up card
                continue
            if not voids >> self.trump & 1 and unseen & SUIT_MASKS[self.trump] & beaters:
                return -1  # void in the suit led, it may trump
        return best

    def sample(self, rng: Rng) -> list[int]:
        """The four hands, the unseen cards dealt at random as the module describes."""
        bidders = [s for s in range(SEATS) if s != self.seat and self.bids[s] is not None]
        if not bidders and not self.evidence:
            return self.deal(rng)
        best: list[int] = []
        best_miss = 1 << 30
        for _ in range(self.tries):
            hands = self.deal(rng)
            # in twentieths of a trick; each contradicted play counts as a trick astray
            miss = self.deviation(hands, bidders)
            if self.evidence:
                miss += 20 * contradictions(hands, self.evidence, self.trump)
            accept = ACCEPT[min(miss // 20, len(ACCEPT) - 1)]
            if rng.below(64) < accept:
                return hands
            if miss < best_miss:
                best, best_miss = hands, miss
        return best

    def deviation(self, hands: list[int], bidders: list[int]) -> int:
        """How far (in twentieths of a trick) the bidders' hands are from their bids.

        Each bidder's hand when it bid (what it holds now and what it has played) is
        estimated; a bid is expected near the estimate plus 0.4 (the basic bidder
        rounds up from .1), and the first half trick either way is free.
        """
        total = 0
        for s in bidders:
            bid = self.bids[s]
            assert bid is not None
            estimate = estimate20(hands[s] | self.played_by[s], self.trump)
            total += max(0, abs(20 * bid - estimate - 8) - 10)
        return total

    def deal(self, rng: Rng) -> list[int]:
        """The hands with the unseen cards dealt respecting the voids (no bid evidence)."""
        others = [s for s in range(SEATS) if s != self.seat]
        pool: list[int] = []
        hidden = self.unseen()
        while hidden:
            card = low(hidden)
            pool.append(card)
            hidden &= hidden - 1
        need = [self.sizes[s] - self.face_up[s].bit_count() for s in range(SEATS)]
        if not any(self.voids[s] for s in others) and min(need[s] for s in others) >= 0:
            # no voids: a shuffle cut into the hands is a uniform deal
            hands = list(self.face_up)
            hands[self.seat] = self.hand
            order = quick_shuffled(pool, rng)
            start = 0
            for s in others:
                for card in order[start : start + need[s]]:
                    hands[s] |= 1 << card
                start += need[s]
            if start == len(order):
                return hands
        dealt = self.dealing.deal(
            lambda respect: self._quick_deal(pool, others, rng, respect),
            lambda: self._deal_respecting_voids(pool, others, rng),
        )
        if dealt is not None:
            return dealt
        raise MalformedError("view.hand_sizes", "do not match the cards unseen")

    def _quick_deal(self, pool: list[int], others: list[int], rng: Rng, respect_voids: bool
                     ) -> list[int] | None:  # fmt: skip
        """The quick deal: the cards fewest seats may hold first, each to a seat chosen by
        the room it has left; ``None`` if it runs into a card no seat left may take."""
        hands = list(self.face_up)
        hands[self.seat] = self.hand
        need = [self.sizes[s] - self.face_up[s].bit_count() for s in range(SEATS)]
        need[self.seat] = 0
        choices = {
            card: [s for s in others if not (respect_voids and self.voids[s] >> (card // 13) & 1)]
            for card in pool
        }
        order = sorted(quick_shuffled(pool, rng), key=lambda card: len(choices[card]))
        for card in order:
            open_seats = [s for s in choices[card] if need[s] > 0]
            if not open_seats:
                return None
            # weighted by the room left, so the deal is uniform when there are no voids
            s = by_room(open_seats, need, rng)
            need[s] -= 1
            hands[s] |= 1 << card
        return hands

    def _deal_respecting_voids(self, pool: list[int], others: list[int], rng: Rng
                               ) -> list[int] | None:  # fmt: skip
        """The hands with ``pool`` dealt among ``others`` respecting every void
        (:func:`~celestix.bots.dealing.constrained_deal`), or ``None`` if no deal does."""
        allowed = [sum(1 << k for k, s in enumerate(others) if not self.voids[s] >> card // 13 & 1)
                   for card in pool]  # fmt: skip
        need = [self.sizes[s] - self.face_up[s].bit_count() for s in others]
        places = constrained_deal(allowed, need, rng)
        if places is None:
            return None
        hands = list(self.face_up)
        hands[self.seat] = self.hand
        for card, k in zip(pool, places, strict=True):
            hands[others[k]] |= 1 << card
        return hands
