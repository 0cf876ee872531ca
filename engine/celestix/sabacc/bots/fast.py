"""Trick play on bit masks for the searching players: a playout policy and its playouts.

Cards are numbers, their place in :data:`celestix.sabacc.cards.DECK` (0-55 the suit
cards, 14 per suit Ace to Master; 56-76 the Sabaccs -1 to -21; 77 The Idiot), so within
a suit and among the Sabaccs a higher number always beats a lower one. Hands are masks
(:mod:`celestix.bots.bits`).

* :func:`playout` -- play a round to its end, every hand known, with a quick and sound
  policy for every seat (:func:`policy_card`): load points onto a trick the side has
  for sure, win as cheaply as holds, lead certain winners, else throw the cheapest card.
* :func:`distinct` -- the legal cards that play differently (the searches and the
  exact solver, :func:`celestix.sabacc.bots.double_dummy.half_after`, try one card of
  each run of equivalent ones); :data:`CARDS`, the deck with it for the shared card
  search.
* :class:`Outcome` -- what a finished round is worth in chips to one seat, and
  :class:`Standing` -- what the game's last round is worth: a share of the game's win.

Integer arithmetic on plain ints and lists only, and no set is iterated, so results
are the same on every Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from celestix.bots import bits
from celestix.bots.bits import high, ids_of, low
from celestix.bots.search import Cards
from celestix.sabacc.auction import STAKES
from celestix.sabacc.bots.equity import equity
from celestix.sabacc.cards import CARD_ID, DECK, HALF_POINTS, SUITS
from celestix.sabacc.chips import auction_wagers, with_stacks
from celestix.sabacc.deal import HAND_SIZE
from celestix.sabacc.view import View

FIRST_SABACC = 56
SUIT_MASKS: tuple[int, ...] = (
    *(((1 << 14) - 1) << (14 * k) for k in range(len(SUITS))),
    ((1 << 22) - 1) << FIRST_SABACC,
)
SABACC_MASK = SUIT_MASKS[4]
ALL_CARDS = (1 << 78) - 1
HALF: tuple[int, ...] = tuple(HALF_POINTS[card] for card in DECK)
IDIOT_ID = 77
MAGICIAN_ID = FIRST_SABACC
# Each card's suit by card number: 0-3 for the suits, 4 for the Sabaccs.
SUIT_OF_ID: tuple[int, ...] = tuple(4 if c >= FIRST_SABACC else c // 14 for c in range(78))
# Free cards may be set aside: neither a Master nor a Sabacc.
MASTERS_MASK = sum(1 << (14 * s + 13) for s in range(4))
FREE_MASK = ((1 << FIRST_SABACC) - 1) & ~MASTERS_MASK
# Cards worth more than an ordinary card (Honours and court cards).
COUNTING_MASK = sum(1 << c for c in range(78) if HALF[c] > 1)
WIN_HALF = 92  # the declarer's target in half-points


def mask_of(cards: Iterable[str]) -> int:
    """The bit mask of card codes."""
    return bits.mask_of(cards, CARD_ID)


def cards_of(mask: int) -> list[str]:
    """The card codes of a mask, in deck order."""
    return [DECK[card] for card in ids_of(mask)]


def legal_mask(hand: int, led_suit: int) -> int:
    """The cards ``hand`` may play to a trick led in ``led_suit`` (-1 on a lead)."""
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    return (hand & SABACC_MASK) or hand


def shown_out(card: int, led_suit: int) -> int:
    """The cards a player shows it no longer holds by playing ``card`` to a trick led in
    ``led_suit``: none if it followed; the suit led if it did not; the Sabaccs too if it
    did not trump either."""
    suit = SUIT_OF_ID[card]
    if suit == led_suit:
        return 0
    return SUIT_MASKS[led_suit] | (SABACC_MASK if suit != 4 else 0)


def power(card: int, led_suit: int) -> int:
    """How strongly ``card`` plays in a trick led in ``led_suit`` (higher wins)."""
    if card >= FIRST_SABACC:
        return 100 + card
    return card if card // 14 == led_suit else -1


def winning_index(trick: Sequence[int]) -> int:
    """Which play of a (partial) trick is winning it (0 = the lead)."""
    led_suit = SUIT_OF_ID[trick[0]]
    best_k, best_power = 0, -2
    for k, card in enumerate(trick):
        p = power(card, led_suit)
        if p > best_power:
            best_k, best_power = k, p
    return best_k


def threat(hand: int, led_suit: int) -> int:
    """The strongest :func:`power` a seat holding ``hand`` can put on such a trick."""
    follow = hand & SUIT_MASKS[led_suit] if led_suit < 4 else 0
    if follow:
        return high(follow)
    sabaccs = hand & SABACC_MASK
    return 100 + high(sabaccs) if sabaccs else -1


def cheapest(mask: int) -> int:
    """The card of ``mask`` that costs least to lose: fewest points, then weakest."""
    ordinary = mask & ~COUNTING_MASK
    plain = ordinary & ~SABACC_MASK
    if plain:
        # the lowest ordinary suit card of the longest plain suit held
        best, best_len = -1, -1
        for s in range(4):
            part = plain & SUIT_MASKS[s]
            if part:
                length = (mask & SUIT_MASKS[s]).bit_count()
                if length > best_len:
                    best, best_len = low(part), length
        return best
    if ordinary:
        return low(ordinary)
    return min(ids_of(mask), key=lambda c: (HALF[c], c))


def richest(mask: int) -> int:
    """The card of ``mask`` worth most (the weakest of equal value)."""
    best, best_half = -1, -1
    while mask:
        bit = mask & -mask
        card = bit.bit_length() - 1
        if HALF[card] > best_half:
            best, best_half = card, HALF[card]
        mask ^= bit
    return best


def policy_card(
    hands: Sequence[int], seat: int, declarer: int, seats: int, trick: Sequence[int], left: int
) -> int:
    """The playout policy's card for ``seat`` (every hand known).

    ``left`` is how many tricks remain, this one included.
    """
    hand = hands[seat]
    if not trick:
        return _lead(hands, seat, declarer, seats, hand, left)
    led_suit = SUIT_OF_ID[trick[0]]
    legal = legal_mask(hand, led_suit)
    if legal & (legal - 1) == 0:
        return low(legal)
    leader = (seat - len(trick)) % seats
    best_k = winning_index(trick)
    best_power = power(trick[best_k], led_suit)
    best_seat = (leader + best_k) % seats
    mine = seat == declarer
    # the strongest card an opponent still to play can put on the trick
    danger = -1
    for k in range(len(trick) + 1, seats):
        other = (leader + k) % seats
        if (other == declarer) != mine:
            danger = max(danger, threat(hands[other], led_suit))
    if ((best_seat == declarer) == mine) and best_power > danger:
        # the side has the trick: load points (not The Idiot, a winner kept)
        load = legal & ~(1 << IDIOT_ID) or legal
        return richest(load)
    floor = max(best_power, danger)
    winners = 0
    for card in ids_of(legal):
        if power(card, led_suit) > floor:
            winners |= 1 << card
    if winners:
        card = low(winners)
        if card != IDIOT_ID:
            return card
        points = sum(HALF[c] for c in trick)
        if points >= 5 or left <= 2:
            return card
        rest = legal & ~(1 << IDIOT_ID)
        return cheapest(rest) if rest else card
    return cheapest(legal & ~(1 << IDIOT_ID) or legal)


def _lead(hands: Sequence[int], seat: int, declarer: int, seats: int, hand: int,
          left: int) -> int:  # fmt: skip
    """The card the policy leads."""
    mine = seat == declarer
    dangers = [-1] * 5
    for k in range(1, seats):
        other = (seat + k) % seats
        if (other == declarer) != mine:
            for s in range(5):
                dangers[s] = max(dangers[s], threat(hands[other], s))
    sure_rich, sure_rich_half = -1, -1
    for s in range(5):
        part = hand & SUIT_MASKS[s]
        if not part:
            continue
        top = high(part)
        if power(top, s) > dangers[s] and (top != IDIOT_ID or left <= 1):
            # every card of the suit above the opponents' best wins; lead the richest
            above = part
            while above:
                card = low(above)
                if power(card, s) > dangers[s]:
                    break
                above &= above - 1
            choice = richest(above)
            half = HALF[choice] + (2 if s == 4 and mine else 0)
            if half > sure_rich_half:
                sure_rich, sure_rich_half = choice, half
    if sure_rich >= 0:
        return sure_rich
    keep = hand & ~(1 << IDIOT_ID) or hand
    return cheapest(keep)


def playout(
    hands: list[int], seats: int, declarer: int, leader: int, trick: list[int],
    declarer_half: int, won: list[int], left: int, first: int = -1,
) -> tuple[int, int, int, int]:  # fmt: skip
    """Play to the end of the round with :func:`policy_card` (``hands`` and ``won`` change).

    ``first`` (if not -1) is the card the seat to play plays now. Returns the declarer's
    half-points, the last trick's winner and winning card, and the cards played.
    """
    plays = 0
    last = last_seat = -1
    trick = list(trick)
    while left > 0:
        seat = (leader + len(trick)) % seats
        if first >= 0:
            card, first = first, -1
        else:
            card = policy_card(hands, seat, declarer, seats, trick, left)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        plays += 1
        if len(trick) == seats:
            best_k = winning_index(trick)
            winner = (leader + best_k) % seats
            won[winner] += 1
            if winner == declarer:
                declarer_half += sum(HALF[c] for c in trick)
            last, last_seat = trick[best_k], winner
            leader = winner
            trick = []
            left -= 1
    return declarer_half, last_seat, last, plays


SCALE = 64  # one chip, in the units of Outcome.value (a half-point counts 1)


@dataclass(frozen=True)
class Outcome:
    """What a finished round is worth to one seat, in chips times :data:`SCALE`.

    The contract moves the chips on the table (``table``: every wager, the declarer's
    matching stacks included); the highest bonus earned is paid from the Ante Pot
    (``pot``). A small tie-break adds the seat's side's half-points, so that among
    choices that do not change the contract the search still prefers more card points.
    """

    seat: int
    declarer: int
    seats: int
    table: int
    own_wager: int  # chips this seat has in front of it (the declarer: its stacks too)
    pot: int
    tricks: int  # tricks in a round

    def value(self, declarer_half: int, won: Sequence[int], last_seat: int, last: int) -> int:
        """The seat's chip gain times :data:`SCALE`, plus the half-point tie-break."""
        declaring = self.seat == self.declarer
        if declarer_half >= WIN_HALF:
            chips = self.table - self.own_wager if declaring else -self.own_wager
            pot = self.pot
        else:
            share, rest = divmod(self.table, self.seats - 1)
            chips = -self.own_wager if declaring else share - self.own_wager
            pot = self.pot + rest
        bonus = self.bonus(won, last_seat, last, pot)
        side = declarer_half if declaring else -declarer_half
        return SCALE * (chips + bonus) + side

    def bonus(self, won: Sequence[int], last_seat: int, last: int, pot: int) -> int:
        """The bonus paid to this seat (RULES.md 3.8: only the highest one earned)."""
        seat, amount = bonus_paid(won, last_seat, last, self.tricks, pot)
        return amount if seat == self.seat else 0


def bonus_paid(
    won: Sequence[int], last_seat: int, last: int, tricks: int, pot: int
) -> tuple[int, int]:
    """Who is paid the round's bonus and how much (``(-1, 0)``: nobody)."""
    most = max(won)
    if most >= tricks - 3:
        return won.index(most), pot if most == tricks else 3 * pot // 4
    if last == MAGICIAN_ID:
        return last_seat, pot // 2
    if last == IDIOT_ID:
        return last_seat, pot // 4
    return -1, 0


WIN_UNITS = 60  # a whole game won, in the units of Standing.share (a tie of k: 60 / k)


@dataclass(frozen=True)
class Standing:
    """What the game's last round is worth to one seat: its share of the game's win.

    The game is won by the most chips once every player has dealt (a tie shares it), so
    in the last round a seat values an outcome by whether it leaves it with the most
    chips: :data:`WIN_UNITS` alone at the top, ``WIN_UNITS / k`` in a tie of ``k``, else
    0. ``chips`` are everyone's chips once the round's wagers (``wagers``, the declarer's
    stacks included) are in front of them; the Ante Pot's end is shared equally, so it
    changes no one's place and is left out.
    """

    seat: int
    declarer: int
    chips: tuple[int, ...]
    wagers: tuple[int, ...]
    pot: int
    tricks: int

    def final_chips(
        self, declarer_half: int, won: Sequence[int], last_seat: int, last: int
    ) -> list[int]:
        """Everyone's chips once the round is settled and its bonus paid."""
        seats = len(self.chips)
        chips = list(self.chips)
        table = sum(self.wagers)
        pot = self.pot
        if declarer_half >= WIN_HALF:
            chips[self.declarer] += table
        else:
            share, rest = divmod(table, seats - 1)
            for s in range(seats):
                if s != self.declarer:
                    chips[s] += share
            pot += rest
        seat, amount = bonus_paid(won, last_seat, last, self.tricks, pot)
        if seat >= 0:
            chips[seat] += amount
        return chips

    def equity(self, declarer_half: int, won: Sequence[int], last_seat: int, last: int,
               spread: float) -> int:  # fmt: skip
        """The seat's chance of winning the game with rounds still to come (their chips'
        ``spread``), in :data:`equity.EQUITY_UNITS`."""
        return equity(self.final_chips(declarer_half, won, last_seat, last), self.seat, spread)

    def share(self, declarer_half: int, won: Sequence[int], last_seat: int, last: int) -> int:
        """The seat's share of the game's win, in :data:`WIN_UNITS`."""
        chips = self.final_chips(declarer_half, won, last_seat, last)
        best = max(chips)
        if chips[self.seat] != best:
            return 0
        return WIN_UNITS // chips.count(best)


def final_wagers(view: View, declarer: int, bid: str | None) -> list[int]:
    """Everyone's wagers once ``declarer`` wins the auction after bidding ``bid`` (None:
    with the bids made so far), its stacks included, under the table's ``stakes`` rule."""
    made = list(view["auction"])
    if bid is not None:
        made.append({"seat": declarer, "bid": bid, "stake": STAKES.get(bid, 0)})
    seats = len(view["hand_sizes"])
    return with_stacks(auction_wagers(made, seats, view["options"]["stakes"]), declarer)


def standing_after(view: View, seat: int, declarer: int, bid: str | None) -> Standing:
    """What the round is worth to ``seat`` by the chips it leaves everyone, once
    ``declarer`` wins the auction after bidding ``bid`` (None: with the bids made so far)."""
    final = final_wagers(view, declarer, bid)
    now = [int(w) for w in view["wagers"]]
    chips = tuple(int(c) - (final[s] - now[s]) for s, c in enumerate(view["chips"]))
    return Standing(seat, declarer, chips, tuple(final), int(view["ante_pot"]),
                    HAND_SIZE[len(chips)])  # fmt: skip


def distinct(legal: int, alive: int) -> list[int]:
    """The legal cards, strongest first, one card for each run of equivalent ones.

    Two cards of a suit play alike when they are worth the same and no card still in
    play (``alive``: the hands and the trick in progress) lies between them; the
    stronger of a run is kept.
    """
    out: list[int] = []
    previous = -1
    for card in ids_of(legal):
        if (
            previous >= 0
            and SUIT_OF_ID[card] == SUIT_OF_ID[previous]
            and HALF[card] == HALF[previous]
            and not alive & ((1 << card) - (2 << previous)) & ~legal
        ):
            out[-1] = card
        else:
            out.append(card)
        previous = card
    out.reverse()
    return out


# The deck as the card search sees it (:func:`celestix.bots.search.search_cards`).
CARDS = Cards(DECK, CARD_ID, distinct)
