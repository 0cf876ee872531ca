"""The searching computer players (levels ``normal`` and ``strong``).

Every decision samples the unseen cards many times, consistently with what the view
shows (:meth:`Knowledge.sample`: cards played, voids, face-up meld cards, bids as
evidence), and plays each sampled deal out for every choice (perfect-information
Monte Carlo, common deals for all choices so their difference is sharp):

* **Card play** -- each distinct legal card (cards no remaining card separates are one
  choice) is played in every sampled deal and the hand finished by the playout policy
  of :mod:`celestix.precedence.bots.fast`, or solved exactly once few tricks remain.
  A card that would overtake a partner's sure winner (one that no deal consistent
  with the view lets the later seats beat) is not considered: it can only trade a
  card for the lead, which the sampled deals, seen whole, overvalue.
  The value of an outcome is the hand's points for the team less the opponents'
  (:func:`~celestix.precedence.bots.fast.value_table`), so the search knows when a
  trick matters (making or breaking a contract) and when it only adds Excess.
* **Bidding** -- the hand is played out over sampled deals with every seat taking what
  it can; with the partner's bid known the bid maximises the team's expected points
  over the team's trick counts, else over this seat's own trick counts (the partner
  then completes the contract).
* **Declaration** -- the best few declarations by points less wagers are played out
  over the same deals; a declaration's value is its expected meld points (halved on a
  failed contract, which the search takes as one hand in eight) less its wagers and
  the tricks showing the cards costs (ten points a trick).

Searches stop at a budget of work -- cards played in playouts plus positions visited by
the solver -- so a seed and a level always give the same choice (an optional time
limit, off by default, can stop them earlier); the sampling loop is the one the games
share (:mod:`celestix.bots.search`). Ties go to the cheaper card (plain before
trump, low before high).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from celestix.bots.budget import SearchBudget, rounded
from celestix.bots.search import deals, knowledge, search_cards
from celestix.errors import MalformedError
from celestix.precedence.actions import Action, DeclareAction, cards_of, declarations_of
from celestix.precedence.bots import basic
from celestix.precedence.bots.deals import EVIDENCE_TRIES, Knowledge
from celestix.precedence.bots.double_dummy import PrecedenceTricks
from celestix.precedence.bots.fast import (
    CARDS,
    NO_GOALS,
    Chooser,
    Goals,
    _lowest,
    mask_of,
    playout,
    policy_card,
    random_chooser,
    team_points,
    value_table,
)
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.cards import HAND_SIZE, SEATS
from celestix.precedence.melds import declaration_points
from celestix.precedence.view import View
from celestix.rng import Rng
from celestix.table.double_dummy import exact_values

# Streams of the searches' generators, so the three decisions draw independent deals.
PLAY_STREAM, BID_STREAM, DECLARE_STREAM = 1, 2, 3
# A declared meld's points count in full on a made contract, half on a failed one.
MADE_EIGHTHS = 7


@dataclass(frozen=True, kw_only=True)
class Budget(SearchBudget):
    """How hard a level searches (``bidding = "basic"``: the basic bot's bid and
    declaration)."""

    declare_samples: int  # sampled deals for a declaration
    declare_choices: int  # declarations compared (the best by points less wagers)
    playouts: str = "policy"  # "policy" or "random" (uniform random playouts)


BUDGETS: dict[str, Budget] = {
    "normal": Budget(work=9000, min_samples=8, max_samples=300, solve_tricks=3,
                     bid_samples=120, declare_samples=24, declare_choices=4,
                     deal_tries=EVIDENCE_TRIES),
    "strong": Budget(work=30000, min_samples=24, max_samples=1200, solve_tricks=5,
                     bid_samples=320, declare_samples=64, declare_choices=6,
                     read_plays=1, deal_tries=12),
}  # fmt: skip
# Configurations measured against the levels in the arena (docs/BOTS.md).
VARIANTS: dict[str, Budget] = {
    "normal-random": replace(BUDGETS["normal"], playouts="random", solve_tricks=0),
    "normal-nosolve": replace(BUDGETS["normal"], solve_tricks=0),
    "normal-basicbids": replace(BUDGETS["normal"], bidding="basic"),
    "strong-random": replace(BUDGETS["strong"], playouts="random", solve_tricks=0),
    # strong as it was before issue 17 (no play evidence, four tricks solved)
    "strong-pimc": replace(
        BUDGETS["strong"],
        work=50000,
        min_samples=32,
        max_samples=2000,
        read_plays=0,
        deal_tries=EVIDENCE_TRIES,
        solve_tricks=4,
    ),
}


# Every budget a name gives (see celestix.bots.budget.budget_of for changes to one).
NAMED: dict[str, Budget] = {**BUDGETS, **VARIANTS}


@dataclass
class PlayEstimate:
    """The search's estimate of each distinct legal card."""

    cards: list[str]  # the choices, in deck order
    totals: list[int]  # summed value (team points less the opponents') over the samples
    samples: int
    best: int  # index of the chosen card
    also_total: int = 0  # summed value of the card asked for with ``also``, if any

    def mean(self, i: int) -> int:
        """The average value of choice ``i``, rounded to a whole point."""
        return rounded(self.totals[i], self.samples)


def choose(view: View, budget: Budget, seed: int) -> Action:
    """The searching player's action in this view."""
    moves = legal_or_refuse(view)
    if len(moves) == 1:
        return moves[0]
    phase = view["phase"]
    if phase == "declare":
        if budget.bidding == "basic":
            return basic.choose(view, seed)
        declared = declarations_of(moves)
        return declared[estimate_declaration(view, declared, budget, seed).best]
    if phase == "bid":
        if budget.bidding == "basic":
            return basic.choose(view, seed)
        return {"type": "bid", "tricks": estimate_bid(view, budget, seed).best}
    estimate = estimate_play(view, cards_of(moves), budget, seed)
    return {"type": "play", "card": estimate.cards[estimate.best]}


# --- card play ---------------------------------------------------------------------------


@dataclass
class CardPlay:
    """A card decision's deals and what each card is worth in them (the game's
    :class:`~celestix.bots.search.Simulation`): the hand played out by ``choose`` (the
    playout policy, or random cards), or solved exactly when ``solving``."""

    know: Knowledge
    table: list[int]  # team 0's points less team 1's by team 0's final tricks
    sign: int  # 1 for team 0, -1 for team 1
    goals: Goals
    solving: bool
    choose: Chooser
    rules: PrecedenceTricks

    def sample(self, rng: Rng) -> list[int]:
        return self.know.sample(rng)

    def values(
        self, deal: list[int], choices: Sequence[int], rng: Rng
    ) -> tuple[list[tuple[int, ...]], int]:
        know, table, sign = self.know, self.table, self.sign
        if self.solving:
            values, nodes = exact_values(
                self.rules, deal, list(know.face_up), know.seat, list(know.trick),
                know.taken[0], know.left, choices, table, self.rules.policy_first,
            )  # fmt: skip
            return [(sign * value,) for value in values], nodes
        rows: list[tuple[int, ...]] = []
        work = 0
        for card in choices:
            team0, plays = playout(
                list(deal), list(know.face_up), know.trump, know.seat, list(know.trick),
                list(know.taken), know.done, self.goals, card, None, self.choose,
            )  # fmt: skip
            rows.append((sign * table[team0],))
            work += plays
        return rows, work


def estimate_play(
    view: View,
    legal: list[str],
    budget: Budget,
    seed: int,
    value_one: bool = False,
    also: str | None = None,
) -> PlayEstimate:
    """Sample deals and value every distinct legal card by playing each deal out
    (:func:`celestix.bots.search.search_cards`).

    A single choice is not searched unless ``value_one`` asks for its value. ``also``, a
    legal card that is not among the choices (one the search leaves out), is valued on
    the same deals without changing the search (its work is not counted).
    """
    know = knowledge(Knowledge.from_view, view, budget)
    sure = know.partner_sure_winner()

    def keep(allowed: int) -> int:
        if sure >= 0 and allowed & ~know.beaters(sure):
            # Never overtake a partner's sure winner: it would only trade a card for the lead.
            return allowed & ~know.beaters(sure)
        return allowed

    def simulation(solving: bool, rng: Rng) -> CardPlay:
        return CardPlay(
            know,
            value_table(know.contracts, know.melds, know.penalty, know.excess_counted),
            1 if know.seat % 2 == 0 else -1,
            (know.contracts[0], know.contracts[1], know.excess_counted),
            solving,
            random_chooser(rng) if budget.playouts == "random" else policy_card,
            PrecedenceTricks(know.trump),
        )

    searched = search_cards(CARDS, know, legal, keep, simulation, 1, budget,
                            Rng(seed, PLAY_STREAM), value_one, also)  # fmt: skip
    tallied = searched.tallied
    if tallied is None:
        return PlayEstimate(searched.cards, [0], 0, 0)
    choices = searched.choices
    totals = [summed[0] for summed in tallied.sums]
    top = max(totals)
    tied = 0
    for card, total in zip(choices, totals, strict=True):
        if total == top:
            tied |= 1 << card
    best = choices.index(_lowest(tied, know.trump))
    return PlayEstimate(searched.cards, totals, tallied.samples, best, tallied.also[0])


# --- bidding -----------------------------------------------------------------------------


@dataclass
class BidEstimate:
    """Trick counts over sampled deals and the value of each bid."""

    team_tricks: list[int]  # how many sampled deals ended with t tricks for the team
    own_tricks: list[int]  # and with t tricks for the seat itself
    partner_bid: int | None
    values: list[int]  # summed team points of each legal bid (index = bid)
    samples: int
    best: int

    def made(self, bid: int) -> int:
        """In how many sampled deals the contract of ``bid`` would be made."""
        counts = self.own_tricks if self.partner_bid is None else self.team_tricks
        need = bid + (self.partner_bid or 0)
        return sum(counts[need:])


def estimate_bid(view: View, budget: Budget, seed: int) -> BidEstimate:
    """Play sampled deals out and pick the bid with the best expected points."""
    know = knowledge(Knowledge.from_view, view, budget)
    seat = know.seat
    team = seat % 2
    limit = view["bid_limits"][seat]
    if limit is None:
        raise MalformedError("view.bid_limits", "the seat to bid has no bid limit")
    team_counts = [0] * 14
    own_counts = [0] * 14
    leader = (know.dealer + 1) % SEATS
    samples = 0
    for hands in deals(know.sample, Rng(seed, BID_STREAM), budget.bid_samples, budget):
        by_seat = [0, 0, 0, 0]
        team0, _ = playout(
            hands, list(know.face_up), know.trump, leader, [], [0, 0], 0, NO_GOALS, -1, by_seat
        )
        team_counts[team0 if team == 0 else HAND_SIZE - team0] += 1
        own_counts[by_seat[seat]] += 1
        samples += 1
    partner_bid = know.bids[(seat + 2) % SEATS]
    melds = know.melds[team]
    values = []
    for bid in range(limit + 1):
        if partner_bid is None:
            # this seat's own tricks against its own bid; the partner adds its part
            value = sum(
                n * team_points(bid, t, 0, know.penalty, know.excess_counted)
                for t, n in enumerate(own_counts)
            )
        else:
            value = sum(
                n * team_points(partner_bid + bid, t, melds, know.penalty, know.excess_counted)
                for t, n in enumerate(team_counts)
            )
        values.append(value)
    top = max(values)
    best = values.index(top)  # the lowest of equal bids: less at stake
    return BidEstimate(team_counts, own_counts, partner_bid, values, samples, best)


# --- declaration -------------------------------------------------------------------------


@dataclass
class DeclarationEstimate:
    """The declarations compared and what each is worth."""

    indices: list[int]  # indices into the legal declarations
    points: list[int]  # meld points of each
    wagers: list[int]  # chips wagered on each
    tricks: list[int]  # the team's tricks summed over the sampled deals
    values: list[int]  # summed value in eighths of a point
    samples: int
    best: int  # index into the legal declarations
    also_value: int | None = None  # summed value of the declaration asked for with ``also``


def estimate_declaration(
    view: View, moves: list[DeclareAction], budget: Budget, seed: int, also: int | None = None
) -> DeclarationEstimate:
    """Compare the best few declarations by playing sampled deals out with each.

    ``also`` (an index into ``moves``) is valued on the same deals too, without being a
    candidate for the choice.
    """
    know = knowledge(Knowledge.from_view, view, budget)
    seat = know.seat
    wager = know.meld_wager
    seen_value = [
        basic.VALUE_SCALE * (declaration_points(move["melds"]) - wager * len(move["melds"]))
        - basic.EXPOSURE_COST * sum(len(meld) for meld in move["melds"])
        for move in moves
    ]
    ranked = sorted(range(len(moves)), key=lambda i: -seen_value[i])
    indices = ranked[: budget.declare_choices]
    if 0 not in indices:
        indices[-1] = 0  # always compare with declaring nothing
    indices.sort()
    valued = indices + ([also] if also is not None and also not in indices else [])
    points = [declaration_points(moves[i]["melds"]) for i in valued]
    wagers = [wager * len(moves[i]["melds"]) for i in valued]
    shown = [mask_of([card for meld in moves[i]["melds"] for card in meld]) for i in valued]
    tricks = [0] * len(valued)
    leader = (know.dealer + 1) % SEATS
    samples = 0
    for hands in deals(know.sample, Rng(seed, DECLARE_STREAM), budget.declare_samples, budget):
        for k, mask in enumerate(shown):
            declared = list(know.face_up)
            declared[seat] = mask
            team0, _ = playout(list(hands), declared, know.trump, leader, [], [0, 0], 0,
                               NO_GOALS)  # fmt: skip
            tricks[k] += team0 if seat % 2 == 0 else HAND_SIZE - team0
        samples += 1
    values = [
        samples * (MADE_EIGHTHS * p + (8 - MADE_EIGHTHS) * (p // 2) - 8 * w) + 80 * t
        for p, w, t in zip(points, wagers, tricks, strict=True)
    ]
    also_value = values[valued.index(also)] if also is not None else None
    n = len(indices)
    points, wagers, tricks, values = points[:n], wagers[:n], tricks[:n], values[:n]
    top = max(values)
    # on a tie, fewer cards shown, then the list order
    best = min(
        (k for k in range(n) if values[k] == top),
        key=lambda k: (shown[k].bit_count(), indices[k]),
    )
    return DeclarationEstimate(indices, points, wagers, tricks, values, samples, indices[best],
                               also_value)  # fmt: skip
