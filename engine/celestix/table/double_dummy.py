"""Double-dummy search for the trick games: every hand visible, both sides perfect.

A game describes its trick play with a :class:`TrickRules` (the legal cards, who wins
a trick and what it is worth, sure bounds, a move order); :class:`TrickSearch` answers
"does the maximising side gain at least ``target`` more from here?" (tricks in
Precedence, card points in Contract Sabacc) by alpha-beta over the cards, and
:func:`narrow` asks a few such questions until the value is known. What makes it fast
enough for Python:

* **equivalent cards merged** (the rules' ``distinct``): cards of a suit with no other
  card in play between them (and, where cards count, of equal value) play alike, so one
  of them is searched;
* **a transposition table with winning ranks** (the partition search of bridge
  double-dummy solvers): each search reports which cards' ranks decided it (a card that
  beat another of its suit in a trick, the top cards a sure bound rests on, and always
  the cards whose value differs from their suit's plain cards). Below the lowest such
  card of a suit the cards are only "small cards". A result is stored for the trick's
  start with the holders of the deciding cards and of every card above them, and serves
  every later position with the same leader, the same suit lengths (and face-up counts)
  in every hand and the same holders of those top cards, whoever holds which small
  card. The table keeps bounds, so the questions asked one after another share it;
* **sure bounds** before searching a trick (the rules' ``sure``: tricks that top cards
  win at once, the value left in play);
* **move ordering** (the rules' ``order``: a playout policy's card first).

A node is a card tried; a budget of nodes stops the search, never a clock, so the
answer (exact, or the bounds proved when the budget ran out) is the same on every
Python.

The searching players' solves of the last few tricks of each sampled deal use the same
rules with :func:`exact_values` (:class:`ExactSearch`): plain alpha-beta over every card,
for a value of the end that need not grow with the tricks or points taken (a Precedence
overtrick can cost), its positions the work the searches' budgets count. So each game
gives the solver only its :class:`TrickRules` (``precedence/bots/double_dummy.py``,
``sabacc/bots/double_dummy.py``); the two searches answer two questions, the par of a
hand from a trick's start (:func:`solve`, :func:`solve_line`: bounds from a budget of
nodes, the partition table and sure bounds, for a value that only grows with the gain)
and the exact value of each card of a sampled deal's last tricks (any value of the end).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

# Results kept for one bucket of the table (same leader and suit lengths); the oldest go.
BUCKET_SIZE = 12


class BudgetSpentError(Exception):
    """A search used up its node budget."""


class TrickRules(Protocol):
    """One game's trick play, for the search. Cards are numbers; a hand is a mask; the
    cards of each suit are numbered from its lowest to its highest."""

    seats: int
    # (first card number, cards in the suit) of each suit, in suit order
    suits: tuple[tuple[int, int], ...]
    # the cards whose own value differs from their suit's plain cards (always pinned)
    valued: int
    # per card number: 0 for a plain card, else a number (< 16) telling its value apart
    worth: tuple[int, ...]

    def legal(self, hand: int, declared: int, trick: Sequence[int]) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (empty: a lead)."""

    def distinct(self, legal: int, alive: int) -> list[int]:
        """One card of each run of ``legal`` cards that play alike."""

    def result(self, trick: Sequence[int]) -> tuple[int, int]:
        """A full trick's winning place (0 = the lead) and its value to the maximising
        side if that side wins it."""

    def beats_by_rank(self, trick: Sequence[int], place: int) -> bool:
        """Whether the trick's winner beat another card of its own suit in it."""

    def maximising(self, seat: int) -> bool:
        """Whether ``seat`` plays for the maximising side."""

    def sure(
        self, hands: Sequence[int], declared: Sequence[int], leader: int
    ) -> tuple[int, int, int]:
        """Bounds ``(low, high)`` on what the maximising side gains from a trick's start,
        and the cards whose ranks they rest on."""

    def order(
        self, hands: Sequence[int], moves: list[int], seat: int, trick: Sequence[int]
    ) -> list[int]:
        """``moves`` (distinct legal cards) in the order to try them."""


# A stored bound: (is a lower bound, the bound, per suit the top cards pinned, and the
# code of their holders)
Entry = tuple[bool, int, tuple[int, ...], tuple[int, ...]]
# One suit's layout as the table keeps it: (code of each card's worth and holder from the
# top, 8 bits a card; cards in play; those cards from the highest down; each seat's length
# and face-up count, then how many valued cards are in play)
Layout = tuple[int, int, tuple[int, ...], tuple[int, ...]]


class TrickSearch:
    """The boolean double-dummy search from one position at a trick's start.

    Each search method returns whether the maximising side makes its target and leaves
    in ``self.pinned`` the mask of the cards whose ranks decided it.
    """

    __slots__ = ("budget", "declared", "hands", "layouts", "leader", "nodes", "pinned",
                 "rules", "table")  # fmt: skip

    def __init__(
        self,
        rules: TrickRules,
        hands: Sequence[int],
        declared: Sequence[int],
        leader: int,
        budget: int,
    ):
        self.rules = rules
        self.hands = list(hands)
        self.declared = [declared[s] & hands[s] for s in range(rules.seats)]
        self.leader = leader
        self.budget = budget
        self.nodes = 0
        self.pinned = 0
        self.table: dict[tuple[object, ...], list[Entry]] = {}
        self.layouts: dict[tuple[int, int], Layout] = {}

    def at_least(self, target: int) -> bool:
        """Whether the maximising side gains at least ``target`` from here."""
        return self._trick(self.leader, target)

    def move_to(self, hands: Sequence[int], declared: Sequence[int], leader: int) -> None:
        """Search from another trick's start next (the table stays: its bounds hold for
        any position)."""
        self.hands = list(hands)
        self.declared = [declared[s] & hands[s] for s in range(self.rules.seats)]
        self.leader = leader

    # --- the table ----------------------------------------------------------------------

    def _layouts(self) -> list[Layout]:
        """Each suit's layout now (remembered by its holdings and face-up cards)."""
        hands = self.hands
        shown = 0
        for mask in self.declared:
            shown |= mask
        memo = self.layouts
        out = []
        for number, (first, size) in enumerate(self.rules.suits):
            full = (1 << size) - 1
            packed = shown >> first & full
            for hand in hands:
                packed = packed << size | (hand >> first & full)
            layout = memo.get((number, packed))
            if layout is None:
                layout = memo[(number, packed)] = describe_suit(
                    packed, first, size, len(hands), self.rules.worth
                )
            out.append(layout)
        return out

    def _lookup(self, leader: int, target: int) -> tuple[bool | None, tuple[object, ...],
                                                         list[Layout]]:  # fmt: skip
        """A stored bound that settles the target here: (made or None, bucket, layouts)."""
        layouts = self._layouts()
        bucket = (leader, *(layout[3] for layout in layouts))
        entries = self.table.get(bucket)
        if entries:
            for lower, value, counts, codes in entries:
                if (value >= target) if lower else (value < target):
                    for layout, m, code in zip(layouts, counts, codes, strict=True):
                        if layout[0] >> 8 * (layout[1] - m) != code:
                            break
                    else:
                        pinned = 0
                        for layout, m in zip(layouts, counts, strict=True):
                            if m:
                                pinned |= 1 << layout[2][m - 1]
                        self.pinned = pinned
                        return lower, bucket, layouts
        return None, bucket, layouts

    def _store(
        self, bucket: tuple[object, ...], layouts: list[Layout], lower: bool, value: int,
        pinned: int,
    ) -> None:  # fmt: skip
        """Keep a bound with the top cards its pinned cards call for."""
        pinned |= self.rules.valued
        counts = []
        codes = []
        for layout in layouts:
            code, n, cards, _ = layout
            m = 0  # the top cards down to the lowest pinned one
            for i in range(n):
                if pinned >> cards[i] & 1:
                    m = i + 1
            counts.append(m)
            codes.append(code >> 8 * (n - m))
        entries = self.table.setdefault(bucket, [])
        if len(entries) >= BUCKET_SIZE:
            del entries[0]
        entries.append((lower, value, tuple(counts), tuple(codes)))

    # --- the search -------------------------------------------------------------------

    def _trick(self, leader: int, target: int) -> bool:
        """At the start of a trick: does the maximising side gain ``target`` from here?"""
        if target <= 0:
            self.pinned = 0
            return True
        known, bucket, layouts = self._lookup(leader, target)
        if known is not None:
            return known
        low, high, pinned = self.rules.sure(self.hands, self.declared, leader)
        if low >= target or high < target:
            made = low >= target
            self._store(bucket, layouts, made, low if made else high, pinned)
            self.pinned = pinned
            return made
        made = self._play(leader, [], leader, target)
        pinned = self.pinned
        self._store(bucket, layouts, made, target if made else target - 1, pinned)
        self.pinned = pinned
        return made

    def _play(self, seat: int, trick: list[int], leader: int, target: int) -> bool:
        """Within a trick, ``seat`` to play: does the maximising side still make it?"""
        rules = self.rules
        hands = self.hands
        declared = self.declared
        alive = 0
        for hand in hands:
            alive |= hand
        for card in trick:
            alive |= 1 << card
        moves = rules.distinct(rules.legal(hands[seat], declared[seat], trick), alive)
        if len(moves) > 1:
            moves = rules.order(hands, moves, seat, trick)
        maximise = rules.maximising(seat)
        seats = rules.seats
        union = 0
        for card in moves:
            self.nodes += 1
            if self.nodes > self.budget:
                raise BudgetSpentError
            bit = 1 << card
            was_declared = declared[seat] & bit
            hands[seat] ^= bit
            declared[seat] &= ~bit
            trick.append(card)
            if len(trick) == seats:
                place, value = rules.result(trick)
                winner = (leader + place) % seats
                gained = value if rules.maximising(winner) else 0
                made = self._trick(winner, target - gained)
                pinned = self.pinned
                if rules.beats_by_rank(trick, place):
                    pinned |= 1 << trick[place]
            else:
                made = self._play((seat + 1) % seats, trick, leader, target)
                pinned = self.pinned
            trick.pop()
            hands[seat] |= bit
            declared[seat] |= was_declared
            if made == maximise:
                self.pinned = pinned
                return made
            union |= pinned
        self.pinned = union
        return not maximise


def describe_suit(packed: int, first: int, size: int, seats: int,
                  worth: Sequence[int]) -> Layout:  # fmt: skip
    """One suit's layout as the table keeps it, from ``packed``: the face-up cards, then
    each seat's holding (the last seat lowest), ``size`` bits each.

    Each card's code tells its worth (valued cards apart by their value, so a match
    never swaps a Mistress for a Master) and its holder; the count of valued cards in
    play is part of the bucket, so a position matching on the top cards has no valued
    card below them either.
    """
    full = (1 << size) - 1
    holdings = [packed >> size * (seats - 1 - seat) & full for seat in range(seats)]
    shown = packed >> size * seats & full
    alive = 0
    for holding in holdings:
        alive |= holding
    code = 0
    cards = []
    valued = 0
    while alive:
        rank = alive.bit_length() - 1
        alive ^= 1 << rank
        seat = next(s for s in range(seats) if holdings[s] >> rank & 1)
        value = worth[first + rank]
        valued += value > 0
        code = code << 8 | value << 4 | 2 * seat | (shown >> rank & 1)
        cards.append(first + rank)
    lengths = (*(h.bit_count() * 32 + (h & shown).bit_count() for h in holdings), valued)
    return code, len(cards), tuple(cards), lengths


@dataclass(frozen=True)
class Bounds:
    """What is known of a double-dummy value: ``low <= value <= high``."""

    low: int
    high: int
    nodes: int

    @property
    def exact(self) -> bool:
        """Whether the value is known exactly."""
        return self.low == self.high


def narrow(search: TrickSearch, low: int, high: int, guess: int) -> Bounds:
    """Narrow ``[low, high]``, which holds the value, by null-window tests from ``guess``.

    The next test moves one step the same way as the last result (the value is usually
    near a good guess, and tests near the value are the dear ones); the step doubles
    while the results keep going the same way and halves when they turn.
    """
    target = guess
    step = 1
    rising: bool | None = None
    while low < high:
        target = min(max(target, low + 1), high)
        try:
            made = search.at_least(target)
        except BudgetSpentError:
            break
        if made:
            low = target
        else:
            high = target - 1
        if rising is not None:
            step = step * 2 if rising == made else max(1, step // 2)
        rising = made
        target = low + step if made else high - step + 1
    return Bounds(low, high, search.nodes)


def top_run(hands: Sequence[int], trumps: int) -> tuple[int, list[int]]:
    """The seat holding the highest trump in play (``trumps``: the trump suit's mask) and
    the run of highest trumps it holds, highest first: each wins a trick whatever is
    played with it. ``(-1, [])`` when no trump is in play."""
    alive = 0
    for hand in hands:
        alive |= hand
    alive &= trumps
    if not alive:
        return -1, []
    card = alive.bit_length() - 1
    holder = next(s for s, hand in enumerate(hands) if hand >> card & 1)
    run = []
    while alive and hands[holder] >> card & 1:
        run.append(card)
        alive ^= 1 << card
        card = alive.bit_length() - 1
    return holder, run


def quick_cards(mine: int, others: int, suit: int, ruffers: Sequence[int]) -> list[int]:
    """The leader's cards of a suit (``suit``: its mask) that win a trick each, led one
    after another from the top: those above every other card of the suit in play
    (``others``: the other hands), as many as every hand in ``ruffers`` (those that
    could trump it; none for the trump suit itself) can follow to."""
    part = mine & suit
    rest = others & suit
    best = rest.bit_length() - 1  # the highest other card of the suit (-1: none)
    cards = []
    while part:
        card = part.bit_length() - 1
        if best > card:
            break
        cards.append(card)
        part ^= 1 << card
    top = len(cards)
    for hand in ruffers:
        if not top:
            break
        top = min(top, (hand & suit).bit_count())
    return cards[:top]


def ordered(moves: list[int], first: int, wins: Callable[[int], bool] | None) -> list[int]:
    """A move order for a trick game's rules: ``first`` (a playout policy's card), then
    the cards that win the trick now (``wins``; None on a lead), then the rest."""
    rest = [card for card in moves if card != first]
    if wins is None:
        return [first, *rest]
    return [first, *(c for c in rest if wins(c)), *(c for c in rest if not wins(c))]


def solve_line(
    rules: TrickRules,
    starts: Sequence[tuple[Sequence[int], Sequence[int], int, int, int | None]],
    budget: int,
) -> list[Bounds]:
    """The maximising side's gain from each of the trick starts of one play (``(hands,
    declared, leader, high, gained)``, ``gained`` what the side gained in the play from
    there to the next start, or to the end after the last; None if unknown), solved from
    the last to the first with one table, so that each solve finds the later ones'
    results; all of them share ``budget`` nodes. Each solve's first guess is the next
    start's value plus what was gained in between (exact when no one erred in between).
    Starts left when the budget is spent get ``[0, high]``."""
    out: list[Bounds] = []
    search: TrickSearch | None = None
    after: Bounds | None = None
    for hands, declared, leader, high, gained in reversed(starts):
        if after is not None and gained is not None:
            guess = after.low + gained
        else:
            guess = high // 2 if gained is None else gained
        if search is None:
            search = TrickSearch(rules, hands, declared, leader, budget)
        else:
            search.move_to(hands, declared, leader)
        if search.nodes >= budget:
            after = Bounds(0, high, search.nodes)
        else:
            after = narrow(search, 0, high, guess)
        out.append(after)
    out.reverse()
    return out


def solve(rules: TrickRules, hands: Sequence[int], declared: Sequence[int], leader: int,
          high: int, guess: int, budget: int) -> Bounds:  # fmt: skip
    """The maximising side's double-dummy gain from a trick's start, between 0 and
    ``high`` (bounds if ``budget`` nodes do not settle it); ``guess`` is tried first."""
    return narrow(TrickSearch(rules, hands, declared, leader, budget), 0, high, guess)


# --- plain alpha-beta for the searches' last tricks ----------------------------------------

# A move order: ``(hands, moves, seat, trick) -> moves`` sorted (as TrickRules.order)
Order = Callable[[Sequence[int], list[int], int, Sequence[int]], list[int]]


def exact_values(
    rules: TrickRules, hands: list[int], declared: list[int], seat: int, trick: list[int],
    gain: int, left: int, moves: Sequence[int], values: Sequence[int] | None = None,
    order: Order | None = None,
) -> tuple[list[int], int]:  # fmt: skip
    """The exact value of each of ``moves`` by ``seat`` to ``trick`` with ``left`` tricks
    to finish (this one included), the maximising side having gained ``gain``: the end
    valued by ``values[gain]`` (the gain itself if None), by :class:`ExactSearch` with
    ``order`` for its moves; and the positions searched. The searching players' solve of
    a sampled deal's last tricks (the lists are changed while searching, then restored)."""
    search = ExactSearch(rules, hands, declared, values, order)
    found = [search.search(seat, trick, gain, left, -(1 << 30), 1 << 30, [card]) for card in moves]
    return found, search.nodes


class ExactSearch:
    """Alpha-beta over every remaining card, for a value of the end that need not grow
    with what the maximising side gains (``values[gain]``, e.g. a hand's points by the
    tricks taken, where an overtrick may cost; the gain itself if ``values`` is None).

    It keeps no table and no sure bounds (a value that does not grow with the gain
    allows neither); ``order`` (if given) sorts the distinct moves. A node is a position
    searched.
    """

    __slots__ = ("declared", "distinct", "hands", "legal", "maximising", "nodes", "order",
                 "result", "seats", "values")  # fmt: skip

    def __init__(
        self,
        rules: TrickRules,
        hands: list[int],
        declared: list[int],
        values: Sequence[int] | None = None,
        order: Order | None = None,
    ):
        self.hands = hands
        self.declared = declared
        self.seats = rules.seats
        self.legal = rules.legal
        self.distinct = rules.distinct
        self.result = rules.result
        self.maximising = tuple(rules.maximising(seat) for seat in range(rules.seats))
        self.values = values
        self.order = order
        self.nodes = 0

    def search(
        self, seat: int, trick: list[int], gain: int, left: int, alpha: int, beta: int,
        moves: Sequence[int] | None = None,
    ) -> int:  # fmt: skip
        """The value with ``seat`` to play to ``trick`` and ``left`` tricks to finish
        (this one included), the maximising side having gained ``gain``; with ``moves``,
        the best of those cards (this position not counted as a node)."""
        hands = self.hands
        declared = self.declared
        if moves is None:
            self.nodes += 1
            if left == 0:
                return gain if self.values is None else self.values[gain]
            alive = 0
            for hand in hands:
                alive |= hand
            for card in trick:  # a card in the trick separates the cards around it
                alive |= 1 << card
            moves = self.distinct(self.legal(hands[seat], declared[seat], trick), alive)
            if self.order is not None:
                moves = self.order(hands, moves, seat, trick)
        maximise = self.maximising[seat]
        seats = self.seats
        last = len(trick) == seats - 1
        following = (seat + 1) % seats
        best = -(1 << 30) if maximise else 1 << 30
        for card in moves:
            bit = 1 << card
            was_declared = declared[seat] & bit
            hands[seat] &= ~bit
            declared[seat] &= ~bit
            trick.append(card)
            if last:
                place, worth = self.result(trick)
                winner = (following + place) % seats  # the leader was the seat after this
                won = gain + worth if self.maximising[winner] else gain
                value = self.search(winner, [], won, left - 1, alpha, beta)
            else:
                value = self.search(following, trick, gain, left, alpha, beta)
            trick.pop()
            hands[seat] |= bit
            declared[seat] |= was_declared
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
