"""What a seat knows, as bit masks, and deals of the hidden cards consistent with it.

:class:`Knowledge` reads a view (never a state). :meth:`Knowledge.sample` deals the cards the
seat cannot see so that

* every other seat gets exactly its hand size, and no card of a suit it has shown out
  of (a player who did not follow has none of the suit led; one who then played no
  Sabacc has no Sabacc either);
* the declarer's aside gets its hidden part (a defender sees only its Sabaccs): never
  a Sabacc (those are shown) nor a Master;
* the talon, once shown and taken into the declarer's hand, stays with the declarer:
  each of its cards not yet played or shown is in the declarer's hand or in the
  hidden aside (in the aside if the declarer has shown out of its suit);
* an unseen talon (during the auction, or sent to a pile under Guard without or
  against) gets any cards;
* the auction weighs a deal as evidence: each bid or pass says the bidder's hand, as
  dealt, had a bidding count (:func:`hand_count`, the basic player's) in a range; a
  deal is kept with a probability that halves for every :data:`EVIDENCE_STEP` points by
  which a hand strays from its range, the best of :data:`EVIDENCE_TRIES` otherwise.

Deals follow :class:`celestix.bots.dealing.QuickFirst`: the quick deal while it works,
then :func:`celestix.bots.dealing.constrained_deal`, which respects every constraint
whenever any deal does (a tampered view may allow none: its voids are then ignored).

Randomness comes only from the :class:`~celestix.rng.Rng` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from celestix.bots.bits import ids_of
from celestix.bots.dealing import QuickFirst, constrained_deal
from celestix.errors import MalformedError
from celestix.rng import Rng
from celestix.sabacc.aside import TALON_HAND
from celestix.sabacc.auction import BIDS, PASS, RANK, Bid
from celestix.sabacc.bots.basic import threshold
from celestix.sabacc.bots.fast import (
    ALL_CARDS,
    FIRST_SABACC,
    FREE_MASK,
    HALF,
    IDIOT_ID,
    MAGICIAN_ID,
    SABACC_MASK,
    SUIT_MASKS,
    SUIT_OF_ID,
    legal_mask,
    mask_of,
    power,
    shown_out,
    winning_index,
)
from celestix.sabacc.bots.inference import Evidence, contradictions, play_evidence
from celestix.sabacc.cards import CARD_ID
from celestix.sabacc.deal import HAND_SIZE
from celestix.sabacc.view import View, acting_seat
from celestix.table.tricks import trick_leader

EVIDENCE_TRIES = 4
EVIDENCE_STEP = 6
UNIVERSE_ID = 76
BIG_SABACCS = sum(1 << c for c in range(71, 76))  # -16 to -20 (The Universe apart)
MAGICIAN_BONUS = (0, 0, 0, 0, 2, 5, 7)
NO_LIMIT = 1000


def hand_count(hand: int) -> int:
    """The basic player's bidding count (``basic.hand_count``) of a hand mask."""
    sabaccs = hand & SABACC_MASK
    k = sabaccs.bit_count()
    score = 2 * k
    if sabaccs >> UNIVERSE_ID & 1:
        score += 10
    if sabaccs >> IDIOT_ID & 1:
        score += 8
    if sabaccs >> MAGICIAN_ID & 1:
        score += MAGICIAN_BONUS[k - 1] if k - 1 < len(MAGICIAN_BONUS) else 9
    score += (sabaccs & BIG_SABACCS).bit_count()
    for s in range(4):
        part = hand & SUIT_MASKS[s]
        base = 14 * s
        if part >> (base + 13) & 1:
            score += 6 + (3 if part >> (base + 12) & 1 else 0)
        elif part >> (base + 12) & 1:
            score += 3
        score += 2 if part >> (base + 11) & 1 else 0
        score += 1 if part >> (base + 10) & 1 else 0
        length = part.bit_count()
        score += 2 * max(0, length - 4)
        if k >= 4:
            score += 6 if length == 0 else 3 if length == 1 else 0
    return score


def count_range(auction: list[Bid], seat: int, seats: int, rule: str) -> tuple[int, int] | None:
    """The range ``[low, high)`` of ``seat``'s count that its bids and passes suggest
    (a basic player bids the highest contract its count supports under the table's
    ``stakes`` rule, else passes)."""
    low, high = 0, NO_LIMIT
    floor = -1
    acted = False
    for entry in auction:
        if entry["seat"] == seat:
            acted = True
            bid = entry["bid"]
            if bid == PASS:
                if floor + 1 < len(BIDS):
                    high = min(high, threshold(BIDS[floor + 1], seats, rule))
            else:
                low = max(low, threshold(bid, seats, rule))
                if RANK[bid] + 1 < len(BIDS):
                    high = min(high, max(low + 1, threshold(BIDS[RANK[bid] + 1], seats, rule)))
        if entry["bid"] != PASS:
            floor = RANK[entry["bid"]]
    return (low, high) if acted else None


@dataclass
class Knowledge:
    """A seat's knowledge of the round, read off its view."""

    seat: int
    seats: int
    dealer: int
    declarer: int  # -1 during the auction
    hand: int
    sizes: list[int]  # hand sizes
    barred: list[int]  # per seat: cards it cannot hold (suits shown out of)
    played_by: list[int]  # per seat: cards played this round
    trick: list[int]
    leader: int  # who leads (led) the trick in progress
    done: int  # completed tricks
    tricks: int  # tricks in a round
    won: list[int]  # tricks won per seat
    pile_half: int  # half-points known to be in the declarer's pile
    pool: list[int]  # the cards the seat cannot place, in deck order
    hidden_aside: int  # how many cards of the aside the seat cannot see
    talon_unseen: int  # how many talon cards nobody has seen (0 if shown)
    talon_to: str | None  # where the talon goes (None during the auction)
    forced: list[int]  # shown talon cards that must be in the declarer's hand or aside
    talon_known: int  # mask of the shown talon
    aside_known: int  # mask of the aside cards the seat sees
    ranges: list[tuple[int, int] | None] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)  # past plays read as evidence
    tries: int = EVIDENCE_TRIES  # deals drawn at most for one sample
    dealing: QuickFirst = field(default_factory=QuickFirst)  # this decision's deals

    @classmethod
    def from_view(cls, view: View, read_plays: bool = False, tries: int = EVIDENCE_TRIES
                  ) -> Knowledge:  # fmt: skip
        """Read a (checked) view of the seat to act; with ``read_plays`` (the ``strong``
        level) the other seats' past plays weigh the sampled deals too
        (:mod:`celestix.sabacc.bots.inference`), drawing up to ``tries`` deals a sample."""
        seat = acting_seat(view)
        seats = len(view["hand_sizes"])
        declarer = -1 if view["declarer"] is None else int(view["declarer"])
        hand = mask_of(view["hand"])
        played_by = [0] * seats
        barred = [0] * seats
        tricks = [trick["plays"] for trick in view["played"]]
        if view["trick"]:
            tricks.append(view["trick"])
        gone = 0
        for plays in tricks:
            led = SUIT_OF_ID[CARD_ID[plays[0]["card"]]]
            for play in plays:
                card = CARD_ID[play["card"]]
                who = play["seat"]
                played_by[who] |= 1 << card
                gone |= 1 << card
                barred[who] |= shown_out(card, led)
        aside_seen = mask_of(view["aside"])
        talon_known = mask_of(view["talon"]) if view["talon"] is not None else 0
        destination = view["talon_to"]
        won = [int(t) for t in view["tricks"]]
        pile_half = sum(HALF[c] for c in ids_of(aside_seen))
        for trick in view["played"]:
            if trick["winner"] == declarer:
                pile_half += sum(HALF[CARD_ID[p["card"]]] for p in trick["plays"])
        hidden_aside = int(view["aside_size"]) - len(view["aside"])
        forced: list[int] = []
        talon_unseen = 0
        if destination is None or destination != TALON_HAND:
            talon_unseen = int(view["talon_size"])
            talon_known = 0
        elif seat != declarer:
            forced = ids_of(talon_known & ~gone & ~aside_seen)
        known = hand | gone | aside_seen
        for card in forced:
            known |= 1 << card
        pool = ids_of(ALL_CARDS & ~known)
        trick_cards = [CARD_ID[p["card"]] for p in view["trick"]]
        leader = trick_leader(view["trick"], view["played"], int(view["dealer"]), seats)
        rule = view["options"]["stakes"]
        ranges = [count_range(view["auction"], s, seats, rule) if s != seat else None
                  for s in range(seats)]  # fmt: skip
        evidence = play_evidence(tricks, seat, seats, declarer) if read_plays else []
        return cls(
            seat=seat, seats=seats, dealer=int(view["dealer"]), declarer=declarer, hand=hand,
            sizes=[int(n) for n in view["hand_sizes"]], barred=barred, played_by=played_by,
            trick=trick_cards, leader=leader, done=len(view["played"]),
            tricks=HAND_SIZE[seats], won=won, pile_half=pile_half, pool=pool,
            hidden_aside=hidden_aside, talon_unseen=talon_unseen, talon_to=destination,
            forced=forced, talon_known=talon_known, aside_known=aside_seen, ranges=ranges,
            evidence=evidence, tries=tries,
        )  # fmt: skip

    @property
    def left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return self.tricks - self.done

    @property
    def to_act(self) -> int:
        """The seat to act in the trick (the view's seat when it is asked to play)."""
        return (self.leader + len(self.trick)) % self.seats

    def alive(self) -> int:
        """Cards still in play: every hand (the seat's and the hidden ones) and the trick."""
        mask = self.hand
        for card in self.pool:
            mask |= 1 << card
        for card in self.forced:
            mask |= 1 << card
        for card in self.trick:
            mask |= 1 << card
        return mask

    def sample(self, rng: Rng) -> Deal:
        """A deal of the hidden cards consistent with the view, weighed by the auction."""
        best: Deal | None = None
        best_miss = NO_LIMIT
        for _ in range(self.tries):
            deal = self.deal(rng)
            miss = self._miss(deal)
            if miss == 0:
                return deal
            if rng.below(1 << min(20, miss // EVIDENCE_STEP)) == 0:
                return deal
            if miss < best_miss:
                best, best_miss = deal, miss
        assert best is not None
        return best

    def unbeatable(self, card: int) -> bool:
        """Whether ``card`` -- the seat's own card, or one already in the trick in
        progress -- wins the trick whatever the seats after this one hold: the best card
        of the trick with it, and no hidden card of the suit led above it (for a Sabacc:
        no higher Sabacc) that a later seat may hold, nor any Sabacc a later seat may
        trump a suit card with."""
        trick = self.trick if card in self.trick else [*self.trick, card]
        if trick[winning_index(trick)] != card:
            return False
        led = SUIT_OF_ID[trick[0]]
        hidden = 0
        for other in self.pool:
            hidden |= 1 << other
        above = ~((2 << card) - 1)
        for k in range(len(self.trick) + 1, self.seats):
            seat = (self.leader + k) % self.seats
            may = hidden & ~self.barred[seat]
            if seat == self.declarer:
                for other in self.forced:
                    may |= 1 << other
            if card >= FIRST_SABACC:
                if may & SABACC_MASK & above:
                    return False
            elif may & SUIT_MASKS[led] & above or may & SABACC_MASK:
                return False
        return True

    def trick_holder(self) -> int:
        """The seat whose card already wins the trick in progress whatever the seats
        still to play hold -- this one too: none of its legal cards beats it -- else -1."""
        if not self.trick:
            return -1
        best = winning_index(self.trick)
        card = self.trick[best]
        led = SUIT_OF_ID[self.trick[0]]
        if any(power(c, led) > power(card, led) for c in ids_of(legal_mask(self.hand, led))):
            return -1  # this seat can take the trick itself
        return (self.leader + best) % self.seats if self.unbeatable(card) else -1

    def _miss(self, deal: Deal) -> int:
        """How far the deal's hands, as dealt, stray from what the auction suggests, and
        :data:`EVIDENCE_STEP` for each past play read as evidence that they contradict."""
        miss = EVIDENCE_STEP * contradictions(deal.hands, self.evidence) if self.evidence else 0
        for s, bounds in enumerate(self.ranges):
            if bounds is None:
                continue
            dealt = deal.hands[s] | self.played_by[s]
            if s == self.declarer and self.talon_to == TALON_HAND:
                dealt = (dealt | deal.aside | self.aside_known) & ~self.talon_known
            count = hand_count(dealt)
            low, high = bounds
            if count < low:
                miss += low - count
            elif count >= high:
                miss += count - high + 1
        return miss

    def deal(self, rng: Rng) -> Deal:
        """A deal of the hidden cards respecting the voids, the aside and the talon (no
        evidence weighed; :class:`~celestix.bots.dealing.QuickFirst`)."""
        deal = self.dealing.deal(lambda respect: self._quick_deal(rng, respect),
                                 lambda: self._deal_respecting_voids(rng))  # fmt: skip
        if deal is None:
            raise MalformedError("view", "no deal of the hidden cards fits this view")
        return deal

    def _deal_respecting_voids(self, rng: Rng) -> Deal | None:
        """A deal respecting every void and the aside's and talon's constraints
        (:func:`~celestix.bots.dealing.constrained_deal`), or ``None`` if none does."""
        # the places: the other seats (their room), the hidden aside, the unseen talon
        places = [s for s in range(self.seats) if s != self.seat and self.sizes[s]]
        room = [self.sizes[s] for s in places]
        bars = [self.barred[s] for s in places]
        aside_place = talon_place = -1
        if self.hidden_aside:
            aside_place = len(places)
            places.append(-1)
            room.append(self.hidden_aside)
            bars.append(ALL_CARDS & ~FREE_MASK)
        if self.talon_unseen:
            talon_place = len(places)
            places.append(-2)
            room.append(self.talon_unseen)
            bars.append(0)
        cards = [*self.forced, *self.pool]
        allowed = [sum(1 << k for k, bar in enumerate(bars) if not bar >> card & 1)
                   for card in self.pool]  # fmt: skip
        forced_allowed = []
        for card in self.forced:
            # a shown talon card stays with the declarer: in its hand or its hidden aside
            mask = 0
            if self.declarer in places and not self.barred[self.declarer] >> card & 1:
                mask |= 1 << places.index(self.declarer)
            if aside_place >= 0 and FREE_MASK >> card & 1:
                mask |= 1 << aside_place
            forced_allowed.append(mask)
        where = constrained_deal([*forced_allowed, *allowed], room, rng)
        if where is None:
            return None
        hands = [0] * self.seats
        hands[self.seat] = self.hand
        aside = talon = 0
        for card, k in zip(cards, where, strict=True):
            if k == aside_place:
                aside |= 1 << card
            elif k == talon_place:
                talon |= 1 << card
            else:
                hands[places[k]] |= 1 << card
        return Deal(hands, aside, talon)

    def _quick_deal(self, rng: Rng, respect_voids: bool) -> Deal | None:
        """The quick deal: the shown talon's cards to the declarer (or its hidden aside),
        then the places with the least slack first, each taking the first cards of a
        shuffled pool it may hold (the voids only if ``respect_voids``); ``None`` if a
        place is left short."""
        seats = self.seats
        hands = [0] * seats
        hands[self.seat] = self.hand
        room = [0 if s == self.seat else self.sizes[s] for s in range(seats)]
        barred = [b if respect_voids else 0 for b in self.barred]
        aside = 0
        aside_room = self.hidden_aside
        declarer = self.declarer
        for card in rng.shuffled(self.forced):
            bit = 1 << card
            free = bool(FREE_MASK & bit) and aside_room > 0
            in_aside = free and (
                bool(barred[declarer] & bit) or rng.below(room[declarer] + aside_room) < aside_room
            )
            if in_aside:
                aside |= bit
                aside_room -= 1
            elif room[declarer]:
                hands[declarer] |= bit
                room[declarer] -= 1
            else:
                return None
        # slots: (seat or -1 for the aside, -2 for the talon, room, barred)
        slots = [(s, room[s], barred[s]) for s in range(seats) if room[s]]
        if aside_room:
            slots.append((-1, aside_room, ALL_CARDS & ~FREE_MASK))
        if self.talon_unseen:
            slots.append((-2, self.talon_unseen, 0))
        pool_mask = 0
        for card in self.pool:
            pool_mask |= 1 << card
        # the slot with the least slack (cards it may take less cards it needs) first
        slots.sort(key=lambda slot: ((pool_mask & ~slot[2]).bit_count() - slot[1], slot[0]))
        pool = rng.shuffled(self.pool)
        talon = 0
        for who, size, bar in slots:
            taken = 0
            rest = []
            got = 0
            for card in pool:
                if got < size and not bar >> card & 1:
                    taken |= 1 << card
                    got += 1
                else:
                    rest.append(card)
            if got < size:
                return None
            pool = rest
            if who >= 0:
                hands[who] |= taken
            elif who == -1:
                aside |= taken
            else:
                talon = taken
        return Deal(hands, aside, talon)


@dataclass
class Deal:
    """The hidden cards placed: every hand, the hidden aside, the unseen talon."""

    hands: list[int]
    aside: int
    talon: int
