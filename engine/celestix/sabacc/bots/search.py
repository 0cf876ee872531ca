"""The searching computer players of Contract Sabacc (levels ``normal`` and ``strong``).

Every decision samples the hidden cards many times, consistently with what the view
shows (:meth:`deals.Table.sample`: cards played, voids, the shown talon, the aside's
Sabaccs, the auction as evidence), plays each sampled deal out for every choice with
the playout policy of :mod:`celestix.sabacc.bots.fast` (common deals for all choices,
so their difference is sharp), and takes the choice worth most in chips to the seat:

* **Card play** -- each distinct legal card (neighbours that no card in play separates
  count once) is played in every sampled deal and the round finished by the policy, or
  solved exactly (alpha-beta) once few tricks remain.
* **The aside** -- a few whole asides are built (the basic player's, voiding each short
  suit or two, banking the richest cards) and each is played out over the same sampled
  deals; the first card of the best one is set aside.
* **Bidding** -- the round is played out with this seat as declarer for each way the
  talon can go (into the hand, with the basic aside; into the declarer's pile; into the
  defenders' pile), and each legal bid is valued in chips from the share of deals made:
  a declarer who makes the contract takes back its own wager and stacks and gains only
  the others' stakes on the table (and any bonus), one who fails loses them all, so a
  bid must be nearly sure to pay. Passing is worth nothing either way.

Values are chips times :data:`fast.SCALE` plus, to break ties, the side's half-points.
Every search stops at a budget of work (cards played in playouts plus solver positions)
or of sampled deals -- never of time -- so a seed and a level always give the same
choice on every Python. Ties go to the cheaper choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from celestix.bots.bits import ids_of
from celestix.bots.budget import SearchBudget, rounded
from celestix.errors import MalformedError
from celestix.rng import Rng
from celestix.sabacc.aside import TALON_DECLARER, TALON_HAND, TALON_TO
from celestix.sabacc.auction import PASS, STAKES, legal_bids
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.deals import Table
from celestix.sabacc.bots.fast import (
    FREE_MASK,
    HALF,
    WIN_HALF,
    Outcome,
    cards_of,
    distinct,
    mask_of,
    playout,
    solve,
    winning_index,
)
from celestix.sabacc.bots.legal import legal_from_view, legal_or_refuse
from celestix.sabacc.cards import DECK, INDEX
from celestix.sabacc.view import View
from celestix.shape import JsonDict

PLAY_STREAM, ASIDE_STREAM, BID_STREAM = 1, 2, 3


@dataclass(frozen=True, kw_only=True)
class Budget(SearchBudget):
    """How hard a level searches (``bidding = "basic"``: the basic player's bids)."""

    aside_work: int  # cards played in playouts for an aside decision
    aside_candidates: int  # whole asides compared
    bid_margin: int = 0  # chips (times SCALE) a bid must be worth above passing


BUDGETS: dict[str, Budget] = {
    "normal": Budget(work=6000, min_samples=6, max_samples=200, solve_tricks=0,
                     bid_samples=32, aside_work=6000, aside_candidates=6),
    "strong": Budget(work=16000, min_samples=16, max_samples=1000, solve_tricks=2,
                     bid_samples=64, aside_work=12000, aside_candidates=8),
}  # fmt: skip
# Configurations measured against the levels in the arena (docs/BOTS.md).
VARIANTS: dict[str, Budget] = {
    "normal-basicbids": replace(BUDGETS["normal"], bidding="basic"),
    "strong-nosolve": replace(BUDGETS["strong"], solve_tricks=0),
}

# Every budget a name gives (see celestix.bots.budget.budget_of for changes to one).
NAMED: dict[str, Budget] = {**BUDGETS, **VARIANTS}


def choose(view: View, budget: Budget, seed: int) -> JsonDict:
    """The searching player's action in this view."""
    moves = legal_or_refuse(view)
    if len(moves) == 1:
        return moves[0]
    phase = view["phase"]
    if phase == "bidding":
        if budget.bidding == "basic":
            return basic.choose(view)
        return {"type": "bid", "bid": estimate_bid(view, budget, seed).best}
    if phase == "aside":
        return {"type": "aside", "card": estimate_aside(view, budget, seed).best_card}
    played = estimate_play(view, [m["card"] for m in moves], budget, seed)
    return {"type": "play", "card": played.cards[played.best]}


def outcome_of(view: View, table: Table) -> Outcome:
    """What the end of this round is worth to the seat, from the wagers on the table."""
    wagers = [int(w) for w in view["wagers"]]
    return Outcome(table.seat, table.declarer, table.seats, sum(wagers), wagers[table.seat],
                   int(view["ante_pot"]), table.tricks)  # fmt: skip


# --- card play ---------------------------------------------------------------------------


@dataclass
class PlayEstimate:
    """The search's estimate of each distinct legal card."""

    cards: list[str]  # the choices, strongest first
    totals: list[int]  # summed value over the samples
    made: list[int]  # in how many sampled deals the contract was made after each
    chips: list[int]  # summed chips (times SCALE) only, without the half-point tie-break
    samples: int
    best: int  # index of the chosen card

    def mean(self, i: int) -> int:
        """The average value of choice ``i`` in chips times SCALE."""
        return rounded(self.totals[i], self.samples)


def estimate_play(
    view: View, legal: list[str], budget: Budget, seed: int, value_one: bool = False
) -> PlayEstimate:
    """Sample deals and value every distinct legal card by playing each deal out."""
    table = Table.from_view(view)
    if (table.leader + len(table.trick)) % table.seats != table.seat:
        raise MalformedError("view.trick", "the trick does not come round to the seat")
    choices = distinct(mask_of(legal), table.alive())
    cards = [DECK[c] for c in choices]
    totals = [0] * len(choices)
    made = [0] * len(choices)
    chips = [0] * len(choices)
    if len(choices) == 1 and not value_one:
        return PlayEstimate(cards, totals, made, chips, 0, 0)
    outcome = outcome_of(view, table)
    seats, declarer, left = table.seats, table.declarer, table.left
    solving = left <= budget.solve_tricks
    rng = Rng(seed, PLAY_STREAM)
    work = samples = 0
    while budget.more(samples, work):
        deal = table.sample(rng)
        half0 = table.pile_half + _half(deal.aside)
        if table.talon_to == TALON_DECLARER:
            half0 += _half(deal.talon)
        for i, card in enumerate(choices):
            hands = list(deal.hands)
            if solving:
                counter = [0]
                hands[table.seat] &= ~(1 << card)
                trick = [*table.trick, card]
                leader = table.leader
                half, rest = half0, left
                if len(trick) == seats:
                    winner, gained = _finish(trick, leader, seats, declarer)
                    trick, leader, half, rest = [], winner, half + gained, left - 1
                half = solve(hands, seats, declarer, leader, trick, half, rest, counter)
                value = outcome.value(half, table.won, -1, -1)
                work += counter[0]
            else:
                won = list(table.won)
                half, last_seat, last, plays = playout(
                    hands, seats, declarer, table.leader, table.trick, half0, won, left, card
                )
                value = outcome.value(half, won, last_seat, last)
                work += plays
            totals[i] += value
            chips[i] += value - (half if table.seat == declarer else -half)
            if half >= WIN_HALF:
                made[i] += 1
        samples += 1
    top = max(totals)
    best = min((i for i in range(len(choices)) if totals[i] == top),
               key=lambda i: (HALF[choices[i]], choices[i]))  # fmt: skip
    return PlayEstimate(cards, totals, made, chips, samples, best)


def _finish(trick: list[int], leader: int, seats: int, declarer: int) -> tuple[int, int]:
    """The winner of a full trick and the half-points it brings the declarer."""
    winner = (leader + winning_index(trick)) % seats
    return winner, (sum(HALF[c] for c in trick) if winner == declarer else 0)


def _half(mask: int) -> int:
    return sum(HALF[c] for c in ids_of(mask))


# --- the aside ---------------------------------------------------------------------------


@dataclass
class AsideEstimate:
    """The whole asides compared and what each is worth."""

    asides: list[list[str]]  # each candidate, in the order its cards would go
    labels: list[str]  # how each was built, for people
    totals: list[int]
    made: list[int]
    chips: list[int]  # summed chips (times SCALE) only, without the half-point tie-break
    samples: int
    best: int
    also_total: int = 0  # the values of the aside asked for with ``also``, if any
    also_chips: int = 0

    @property
    def best_card(self) -> str:
        """The card to set aside now."""
        return self.asides[self.best][0]

    def mean(self, i: int) -> int:
        """The average value of aside ``i`` in chips times SCALE."""
        return rounded(self.totals[i], self.samples)


def aside_candidates(hand: list[str], need: int, limit: int) -> list[tuple[list[str], str]]:
    """Whole asides of ``need`` free cards worth comparing, with how each was built."""
    free = [c for c in hand if FREE_MASK >> INDEX[c] & 1]
    out: list[tuple[list[str], str]] = []
    seen: set[tuple[str, ...]] = set()

    def add(cards: list[str], label: str) -> None:
        key = tuple(sorted(cards, key=INDEX.__getitem__))
        if len(cards) == need and key not in seen and len(out) < limit:
            seen.add(key)
            out.append((cards, label))

    def basic_fill(start: list[str]) -> list[str]:
        rest = [c for c in hand if c not in start]
        chosen = list(start)
        while len(chosen) < need:
            card = basic.choose_aside(rest)
            chosen.append(card)
            rest.remove(card)
        return chosen

    add(basic_fill([]), "basic")
    by_suit = {s: sorted((c for c in free if _suit(c) == s),
                         key=lambda c: (-HALF[INDEX[c]], -INDEX[c])) for s in range(4)}  # fmt: skip
    lengths = {s: sum(1 for c in hand if _suit(c) == s) for s in range(4)}
    short = sorted((s for s in range(4) if by_suit[s] and len(by_suit[s]) == lengths[s]),
                   key=lambda s: (lengths[s], s))  # fmt: skip
    for s in short:
        if len(by_suit[s]) <= need:
            add(basic_fill(by_suit[s]), f"void:{s}")
    for i, s in enumerate(short):
        for t in short[i + 1 :]:
            if len(by_suit[s]) + len(by_suit[t]) <= need:
                add(basic_fill(by_suit[s] + by_suit[t]), f"void:{s}{t}")
    richest = sorted(free, key=lambda c: (-HALF[INDEX[c]], INDEX[c]))
    add(richest[:need], "bank")
    lowest = sorted(free, key=lambda c: (HALF[INDEX[c]], lengths[_suit(c)], INDEX[c]))
    add(lowest[:need], "low")
    return out


def _suit(card: str) -> int:
    index = INDEX[card]
    return 4 if index >= 56 else index // 14


def estimate_aside(
    view: View, budget: Budget, seed: int, also: list[str] | None = None
) -> AsideEstimate:
    """Compare whole asides by playing sampled deals out with each.

    ``also``, another whole aside, is valued on the same deals too (its work is not
    counted, and it is not a candidate): ``also_total`` and ``also_chips``.
    """
    table = Table.from_view(view)
    hand = list(view["hand"])
    need = int(view["aside_needed"]) - int(view["aside_size"])
    choices = [m["card"] for m in legal_from_view(view)]
    if not FREE_MASK >> INDEX[choices[0]] & 1:
        # only Sabaccs may go now: the weakest (never worth keeping less than another)
        candidates = [([basic.choose_aside(hand)], "forced")]
    else:
        candidates = aside_candidates(hand, need, budget.aside_candidates)
    asides = [cards for cards, _ in candidates]
    labels = [label for _, label in candidates]
    totals = [0] * len(asides)
    made = [0] * len(asides)
    chips = [0] * len(asides)
    if len(asides) == 1 and also is None:
        return AsideEstimate(asides, labels, totals, made, chips, 0, 0)
    outcome = outcome_of(view, table)
    masks = [mask_of(a) for a in asides]
    extra = [mask_of(also)] if also is not None else []
    also_values = [0, 0]
    rng = Rng(seed, ASIDE_STREAM)
    leader = (table.dealer + 1) % table.seats
    work = samples = 0
    while budget.more(samples, work, budget.aside_work):
        deal = table.sample(rng)
        for i, mask in enumerate(masks + extra):
            hands = list(deal.hands)
            hands[table.seat] &= ~mask
            won = [0] * table.seats
            half, last_seat, last, plays = playout(
                hands, table.seats, table.seat, leader, [], table.pile_half + _half(mask),
                won, table.tricks,
            )  # fmt: skip
            value = outcome.value(half, won, last_seat, last)
            if i == len(masks):
                also_values[0] += value
                also_values[1] += value - half
                continue
            totals[i] += value
            chips[i] += value - half
            made[i] += half >= WIN_HALF
            work += plays
        samples += 1
    top = max(totals)
    best = next(i for i in range(len(asides)) if totals[i] == top)
    return AsideEstimate(asides, labels, totals, made, chips, samples, best, *also_values)


# --- bidding -----------------------------------------------------------------------------


@dataclass
class BidEstimate:
    """How the round goes with this seat as declarer, and what each bid is worth."""

    bids: list[str]  # the legal bids, pass last
    values: list[int]  # summed value of each over the samples (pass: 0)
    made: list[int]  # sampled deals in which the contract was made
    samples: int
    best: str

    def mean(self, i: int) -> int:
        """The average value of bid ``i`` in chips times SCALE."""
        return rounded(self.values[i], self.samples)


def estimate_bid(view: View, budget: Budget, seed: int) -> BidEstimate:
    """Play sampled deals out as declarer and value each legal bid in chips."""
    table = Table.from_view(view)
    seat, seats = table.seat, table.seats
    bids = [b for b in legal_bids(view["highest_bid"]) if b != PASS] + [PASS]
    stakes = [0] * seats
    for entry in view["auction"]:
        if entry["bid"] != PASS:
            stakes[entry["seat"]] += STAKES[entry["bid"]]
    outcomes = []
    for bid in bids[:-1]:
        own = (stakes[seat] + STAKES[bid]) * seats
        others = sum(stakes) - stakes[seat]
        outcomes.append(Outcome(seat, seat, seats, own + others, own,
                                int(view["ante_pot"]), table.tricks))  # fmt: skip
    ways = sorted({TALON_TO[b] for b in bids[:-1]})
    rng = Rng(seed, BID_STREAM)
    leader = (table.dealer + 1) % seats
    values = [0] * len(bids)
    made = [0] * len(bids)
    samples = 0
    for _ in range(budget.bid_samples if len(bids) > 1 else 0):
        deal = table.sample(rng)
        results: dict[str, tuple[int, list[int], int, int]] = {}
        for way in ways:
            hands = list(deal.hands)
            half0 = 0
            if way == TALON_HAND:
                held = cards_of(hands[seat] | deal.talon)
                aside = []
                for _ in range(table.talon_unseen):
                    card = basic.choose_aside(held)
                    held.remove(card)
                    aside.append(card)
                hands[seat] = mask_of(held)
                half0 = sum(HALF[INDEX[c]] for c in aside)
            elif way == TALON_DECLARER:
                half0 = _half(deal.talon)
            won = [0] * seats
            half, last_seat, last, _ = playout(hands, seats, seat, leader, [], half0, won,
                                               table.tricks)  # fmt: skip
            results[way] = (half, won, last_seat, last)
        for i, bid in enumerate(bids[:-1]):
            half, won, last_seat, last = results[TALON_TO[bid]]
            values[i] += outcomes[i].value(half, won, last_seat, last) - half
            made[i] += half >= WIN_HALF
        samples += 1
    top = max(values[:-1], default=0)
    best = PASS
    if top > budget.bid_margin * samples and len(bids) > 1:
        # the cheapest bid of the best value (a lower bid risks fewer chips)
        best = next(b for i, b in enumerate(bids[:-1]) if values[i] == top)
    return BidEstimate(bids, values, made, samples, best)
