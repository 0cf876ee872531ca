"""Trick play on bitmasks for the search players: a playout policy and its playouts.

A hand is a 52-bit mask (bit ``i`` is card number ``i`` of
:mod:`celestix.precedence.cards`: suit ``i // 13``, rank ``i % 13``); so are the face-up
meld cards. Seats 0 and 2 are team 0, seats 1 and 3 team 1 (team = seat % 2).

* :func:`policy_card` -- a quick, sound card choice for a seat that sees every hand
  (the playout policy of the searches): keep a partner's sure winner (unblocking the
  partner's suit under it), win as cheaply as holds, lead sure winners and draw trump,
  lead low to the partner's winners, duck when the team no longer wants tricks.
* :func:`playout` -- play a position to the end with that policy (or another card
  chooser, e.g. :func:`random_chooser`); team 0's tricks.
* :func:`distinct` -- the legal cards that play differently (the searches and the
  exact solver, :func:`celestix.precedence.bots.double_dummy.solve_moves`, try one card
  of each run of equivalent ones); :data:`CARDS`, the deck with it for the shared card
  search.
* :func:`value_table` -- what each final trick count is worth to team 0 this hand.

Everything here is integer arithmetic on plain ints and lists, and no set is iterated,
so results are the same on every Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from celestix.bots import bits
from celestix.bots.bits import high, low
from celestix.bots.search import Cards
from celestix.precedence.cards import CARD_ID, DECK, HAND_SIZE, SEATS
from celestix.precedence.scoring import AUDIT_AT, AUDIT_POINTS
from celestix.rng import Rng

SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
ALL_CARDS = (1 << 52) - 1
# ABOVE[c]: the cards of c's suit that rank above c.
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
# The long-run cost of one unit of Excess in points: an Audit takes 100 points per 10.
EXCESS_COST = AUDIT_POINTS // AUDIT_AT
# Goals of a playout where nobody has bid yet: every team wants every trick.
NO_GOALS = (-1, -1, False)

Goals = tuple[int, int, bool]


def mask_of(cards: Iterable[str]) -> int:
    """The mask of card codes."""
    return bits.mask_of(cards, CARD_ID)


def legal_mask(hand: int, declared: int, led: int) -> int:
    """The cards ``hand`` may play: follow suit (``led`` is -1 on a lead), declared first."""
    allowed = hand
    if led >= 0:
        follow = hand & SUIT_MASKS[led]
        if follow:
            allowed = follow
    first = allowed & declared
    return first or allowed


def trick_winner(cards: Sequence[int], leader: int, trump: int) -> int:
    """The seat winning a trick of ``cards`` (in play order) led by ``leader``."""
    led = cards[0] // 13
    best, best_value = 0, -1
    for i, card in enumerate(cards):
        suit = card // 13
        value = 100 + card if suit == trump else card if suit == led else -1
        if value > best_value:
            best, best_value = i, value
    return (leader + best) % SEATS


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the card now winning a trick."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def can_beat(hand: int, card: int, led: int, trump: int) -> bool:
    """Whether a seat holding ``hand`` could beat ``card`` in a trick led in ``led``."""
    follow = hand & SUIT_MASKS[led]
    if follow:
        return card // 13 == led and bool(follow & ABOVE[card])
    trumps = hand & SUIT_MASKS[trump]
    if card // 13 == trump:
        return bool(trumps & ABOVE[card])
    return bool(trumps)


def wants_tricks(goals: Goals, team: int, taken: Sequence[int], left: int) -> bool:
    """Whether ``team`` still wants tricks with ``left`` tricks to play.

    A team wants tricks while its contract is still open and within reach, while the
    opponents' contract can still be defeated, and always when there is no Excess (an
    overtrick is then a point). Otherwise an extra trick only adds Excess (or, given
    to opponents who have made their contract, adds theirs), so it ducks.
    """
    if goals[0] < 0 or not goals[2]:
        return True
    mine, theirs = goals[team], goals[1 - team]
    if mine > taken[team] and taken[team] + left >= mine:
        return True
    return taken[1 - team] < theirs <= taken[1 - team] + left


def _lowest(mask: int, trump: int) -> int:
    """The cheapest card of ``mask``: lowest rank, plain before trump."""
    best, rank = -1, 99
    for suit in range(4):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = low(part)
            order = card % 13 + (13 if suit == trump else 0)
            if order < rank:
                best, rank = card, order
    return best


def _highest_plain(mask: int, trump: int) -> int:
    """The dearest card of ``mask`` to shed: highest plain rank, trump only if no plain."""
    best, rank = -1, -99
    for suit in range(4):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = high(part)
            order = card % 13 - (13 if suit == trump else 0)
            if order > rank:
                best, rank = card, order
    return best


def policy_card(
    hands: Sequence[int],
    legal: int,
    trump: int,
    seat: int,
    trick: Sequence[int],
    want: bool,
) -> int:
    """The playout policy's card for ``seat`` (``legal`` is its legal mask, not empty)."""
    if not legal & (legal - 1):
        return low(legal)
    tmask = SUIT_MASKS[trump]
    if not trick:
        return _policy_lead(hands, legal, trump, seat, want)
    led = trick[0] // 13
    # the card winning the trick so far, and its place in the trick
    best_i, best = 0, trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if beats(card, best, trump):
            best_i, best = i, card
    n = len(trick)
    partner_winning = (n - best_i) % 2 == 0
    winners = legal & ABOVE[best]
    if best // 13 != trump:
        winners |= legal & tmask
    if not want:
        losers = legal & ~winners
        return _highest_plain(losers, trump) if losers else _lowest(winners, trump)
    later_opponent = (seat + 1) % SEATS if n < SEATS - 1 else -1
    if partner_winning and (
        later_opponent < 0 or not can_beat(hands[later_opponent], best, led, trump)
    ):
        # the partner's card holds: keep the better cards, but unblock the suit
        top = _unblocking(hands[(seat + 2) % SEATS], legal, led, best)
        return top if top >= 0 else _lowest(legal, trump)
    if not winners:
        return _lowest(legal, trump)
    if later_opponent < 0:
        return _lowest(winners, trump)
    # the cheapest winner that the opponent still to play cannot beat
    opponent = hands[later_opponent]
    for part in (winners & ~tmask, winners & tmask):
        rest = part
        while rest:
            card = low(rest)
            if not can_beat(opponent, card, led, trump):
                return card
            rest &= rest - 1
    return _lowest(legal, trump)  # nothing holds: keep the high cards


def _unblocking(partner: int, legal: int, led: int, best: int) -> int:
    """The card that unblocks the partner's suit under its winning ``best``, or -1.

    Following suit under the partner's winner, a card that ranks below ``best`` but
    above every card of the suit the partner has left would later win a trick the
    partner leads in its suit and take the lead from it; when the partner holds at
    least as many cards of the suit, that card goes now.
    """
    mine = legal & SUIT_MASKS[led]
    theirs = partner & SUIT_MASKS[led]
    if not mine or not theirs or best // 13 != led:
        return -1
    top = high(mine)
    if high(theirs) < top < best and mine.bit_count() <= theirs.bit_count():
        return top
    return -1


def _policy_lead(hands: Sequence[int], legal: int, trump: int, seat: int, want: bool) -> int:
    """The playout policy's lead."""
    if not want:
        return _lowest(legal, trump)
    tmask = SUIT_MASKS[trump]
    mine = hands[seat]
    left, partner, right = (
        hands[(seat + 1) % SEATS],
        hands[(seat + 2) % SEATS],
        hands[(seat + 3) % SEATS],
    )
    others = left | partner | right
    opponent_trumps = (left | right) & tmask
    my_trumps = legal & tmask
    if my_trumps and opponent_trumps:
        top = high(my_trumps)
        if not others & ABOVE[top]:
            return top  # draw trump with the boss
    # a sure winner in a plain suit the opponents cannot ruff
    for suit in range(4):
        if suit == trump:
            continue
        part = legal & SUIT_MASKS[suit]
        if not part:
            continue
        top = high(part)
        if others & ABOVE[top]:
            continue
        smask = SUIT_MASKS[suit]
        if (not left & smask and left & tmask) or (not right & smask and right & tmask):
            continue
        return top
    # a low card to the partner's sure winner
    for suit in range(4):
        if suit == trump:
            continue
        smask = SUIT_MASKS[suit]
        part = legal & smask
        theirs = partner & smask
        if not part or not theirs:
            continue
        boss = not (left | right | mine) & ABOVE[high(theirs)]
        if boss and (left & smask or not left & tmask) and (right & smask or not right & tmask):
            return low(part)
    # low from the longest plain suit
    best, best_len = -1, -1
    for suit in range(4):
        part = legal & SUIT_MASKS[suit]
        if not part or suit == trump:
            continue
        length = (mine & SUIT_MASKS[suit]).bit_count()
        if length > best_len:
            best, best_len = low(part), length
    return best if best >= 0 else low(legal)


# A card chooser of a playout: ``(hands, legal, trump, seat, trick, want) -> card``, as
# :func:`policy_card` (``legal`` is the seat's legal mask, not empty; ``want``: whether
# the seat's team still wants tricks).
Chooser = Callable[[Sequence[int], int, int, int, Sequence[int], bool], int]


def random_chooser(rng: Rng) -> Chooser:
    """A chooser playing a uniformly random legal card (drawn from ``rng``)."""

    def choose(
        hands: Sequence[int], legal: int, trump: int, seat: int, trick: Sequence[int], want: bool
    ) -> int:
        pick = rng.below(legal.bit_count())
        while pick:
            legal &= legal - 1
            pick -= 1
        return low(legal)

    return choose


def playout(
    hands: list[int],
    declared: list[int],
    trump: int,
    seat: int,
    trick: list[int],
    taken: list[int],
    done: int,
    goals: Goals,
    first: int = -1,
    by_seat: list[int] | None = None,
    choose: Chooser = policy_card,
) -> tuple[int, int]:
    """Play to the end of the hand, every seat's card from ``choose`` (the policy).

    ``seat`` is to act in ``trick`` (the cards played so far, in order) and plays
    ``first`` if it is given; ``taken`` is the tricks each team has taken, ``done`` the
    tricks completed; ``by_seat``, if given, counts the tricks each seat takes. The lists
    are changed. Returns team 0's final tricks and the number of cards played.
    """
    plays = 0
    leader = (seat - len(trick)) % SEATS
    want0 = wants_tricks(goals, 0, taken, HAND_SIZE - done)
    want1 = wants_tricks(goals, 1, taken, HAND_SIZE - done)
    while done < HAND_SIZE:
        if first >= 0:
            card, first = first, -1
        else:
            led = trick[0] // 13 if trick else -1
            legal = legal_mask(hands[seat], declared[seat], led)
            card = choose(hands, legal, trump, seat, trick, want1 if seat & 1 else want0)
        bit = 1 << card
        hands[seat] &= ~bit
        declared[seat] &= ~bit
        trick.append(card)
        plays += 1
        if len(trick) < SEATS:
            seat = (seat + 1) % SEATS
            continue
        seat = leader = trick_winner(trick, leader, trump)
        taken[seat & 1] += 1
        if by_seat is not None:
            by_seat[seat] += 1
        done += 1
        trick = []
        want0 = wants_tricks(goals, 0, taken, HAND_SIZE - done)
        want1 = wants_tricks(goals, 1, taken, HAND_SIZE - done)
    return taken[0], plays


# --- equivalent cards -------------------------------------------------------------------


def distinct(legal: int, alive: int) -> list[int]:
    """One card of each run of ``legal`` cards that no other card in play separates.

    Two cards of a suit with no card between them still in play (``alive``: the hands
    and the trick in progress) win and lose the same tricks, so only the lowest of each
    such run is searched.
    """
    moves: list[int] = []
    previous = -2
    while legal:
        card = low(legal)
        legal &= legal - 1
        if previous >= 0 and card // 13 == previous // 13:
            between = alive & ABOVE[previous] & ~ABOVE[card] & ~(1 << card)
            if not between:
                previous = card
                continue
        moves.append(card)
        previous = card
    return moves


# The deck as the card search sees it (:func:`celestix.bots.search.search_cards`).
CARDS = Cards(DECK, CARD_ID, distinct)


# --- what a hand's tricks are worth -------------------------------------------------------


def team_points(contract: int, tricks: int, melds: int, penalty: int, excess_counted: bool) -> int:
    """A team's points for the hand, each overtrick's Excess at its long-run cost.

    Made: ``10*C + (T - C) + M``, less :data:`EXCESS_COST` per overtrick under Core rules
    (an Audit takes 100 points for every 10 Excess, so each unit costs 10 in the long
    run); failed: ``-penalty*C + M // 2``.
    """
    if tricks >= contract:
        over = tricks - contract
        return 10 * contract + over + melds - (EXCESS_COST * over if excess_counted else 0)
    return -penalty * contract + melds // 2


def value_table(
    contracts: Sequence[int],
    melds: Sequence[int],
    penalty: int,
    excess_counted: bool,
) -> list[int]:
    """``table[t]``: team 0's points less team 1's when team 0 ends with ``t`` tricks."""
    return [
        team_points(contracts[0], t, melds[0], penalty, excess_counted)
        - team_points(contracts[1], HAND_SIZE - t, melds[1], penalty, excess_counted)
        for t in range(14)
    ]
