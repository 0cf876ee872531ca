"""The searching computer players of Contract Sabacc (levels ``normal`` and ``strong``).

Every decision samples the hidden cards many times, consistently with what the view
shows (:meth:`deals.Knowledge.sample`: cards played, voids, the shown talon, the aside's
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
  defenders' pile), and each legal bid is valued in chips with the wagers the table's
  ``stakes`` rule puts on the table once it is bid (RULES.md 3.3): under ``everyone`` a
  made contract takes (n - 1) x W from the defenders and a lost one pays them n x W;
  under ``bidder`` a declarer gains only the others' stakes, so a bid must be nearly
  sure to pay. A pass is not free: the seat goes on calling the others' bids, so it is
  valued as a defender against whoever would then win the auction in each sampled deal
  (:func:`likely_declarer`: the strongest hand still bidding that the basic player's
  thresholds would bid on, else the highest bidder so far), at nothing if nobody would.
  In the game's last round the chips themselves no longer matter, only who ends with
  the most of them: each bid and the pass are then chosen by the share of the game's win
  they leave the seat over the sampled deals (a tie shares it), so a player behind bids
  where a chip count would pass. The earlier rounds are valued the same way
  (``play_for = "game"``, both levels; docs/BOTS.md, "Playing for the game"), by the
  chance of ending the game on top with the rounds still to come
  (:mod:`celestix.sabacc.bots.equity`): a contract that would put the seat well ahead
  is worth declaring a little less often than its chips' break-even. The arena variants
  ``normal-chips`` and ``strong-chips`` count chips instead, as the levels did before.

Values are chips times :data:`fast.SCALE` plus, to break ties, the side's half-points.
Every search stops at a budget of work (cards played in playouts plus solver positions)
or of sampled deals -- never of time -- so a seed and a level always give the same
choice on every Python (an optional time limit, ``time_ms``, off by default, can stop
them earlier); the sampling loop is the one the games share
(:mod:`celestix.bots.search`). Ties go to the cheaper choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from celestix.bots.bits import ids_of
from celestix.bots.budget import SearchBudget, rounded
from celestix.bots.search import deals, knowledge, search_cards, tally
from celestix.rng import Rng
from celestix.sabacc import actions
from celestix.sabacc.actions import Action
from celestix.sabacc.aside import TALON_DECLARER, TALON_HAND, TALON_TO
from celestix.sabacc.auction import BIDS, PASS, RANK, legal_bids
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.basic import threshold
from celestix.sabacc.bots.deals import EVIDENCE_TRIES, Deal, Knowledge, hand_count
from celestix.sabacc.bots.double_dummy import SabaccTricks
from celestix.sabacc.bots.equity import equity, spread_of
from celestix.sabacc.bots.fast import (
    CARDS,
    FREE_MASK,
    HALF,
    IDIOT_ID,
    SCALE,
    SUIT_OF_ID,
    WIN_HALF,
    WIN_UNITS,
    Outcome,
    Standing,
    cards_of,
    final_wagers,
    mask_of,
    playout,
    standing_after,
)
from celestix.sabacc.bots.legal import legal_or_refuse
from celestix.sabacc.cards import CARD_ID
from celestix.sabacc.legal import view_moves
from celestix.sabacc.state import Phase
from celestix.sabacc.view import View, acting_seat
from celestix.table.double_dummy import exact_values

PLAY_STREAM, ASIDE_STREAM, BID_STREAM = 1, 2, 3


@dataclass(frozen=True, kw_only=True)
class Budget(SearchBudget):
    """How hard a level searches (``bidding = "basic"``: the basic player's bids)."""

    aside_work: int  # cards played in playouts for an aside decision
    aside_candidates: int  # whole asides compared
    bid_margin: int = 0  # chips (times SCALE) a bid must be worth above passing
    # what the auction plays for before the last round: "game" (the chance of ending the
    # game on top, :mod:`celestix.sabacc.bots.equity`), or "chips"
    play_for: str = "game"


BUDGETS: dict[str, Budget] = {
    "normal": Budget(work=6000, min_samples=6, max_samples=200, solve_tricks=0,
                     bid_samples=32, aside_work=6000, aside_candidates=6, play_for="game",
                     deal_tries=EVIDENCE_TRIES),
    "strong": Budget(work=16000, min_samples=16, max_samples=1000, solve_tricks=3,
                     bid_samples=64, aside_work=48000, aside_candidates=8, play_for="game",
                     read_plays=1, deal_tries=12),
}  # fmt: skip
# Configurations measured against the levels in the arena (docs/BOTS.md).
VARIANTS: dict[str, Budget] = {
    "normal-basicbids": replace(BUDGETS["normal"], bidding="basic"),
    "strong-nosolve": replace(BUDGETS["strong"], solve_tricks=0),
    # the levels of issue 12 (the auction counted chips before the last round; strong
    # compared asides with a quarter of today's work, read no plays, solved 2 tricks)
    "normal-chips": replace(BUDGETS["normal"], play_for="chips"),
    "strong-chips": replace(
        BUDGETS["strong"],
        play_for="chips",
        aside_work=12000,
        read_plays=0,
        deal_tries=EVIDENCE_TRIES,
        solve_tricks=2,
    ),
    "strong-noplays": replace(BUDGETS["strong"], read_plays=0, deal_tries=EVIDENCE_TRIES),
}

# Every budget a name gives (see celestix.bots.budget.budget_of for changes to one).
NAMED: dict[str, Budget] = {**BUDGETS, **VARIANTS}


def choose(view: View, budget: Budget, seed: int) -> Action:
    """The searching player's action in this view."""
    moves = legal_or_refuse(view)
    if len(moves) == 1:
        return moves[0]
    phase = view["phase"]
    if phase == Phase.BID:
        if budget.bidding == "basic":
            return basic.choose(view)
        return {"type": "bid", "bid": estimate_bid(view, budget, seed).best}
    if phase == "aside":
        return {"type": "aside", "card": estimate_aside(view, budget, seed).best_card}
    played = estimate_play(view, actions.cards_of(moves), budget, seed)
    return {"type": "play", "card": played.cards[played.best]}


def outcome_of(view: View, know: Knowledge) -> Outcome:
    """What the end of this round is worth to the seat, from the wagers on the know."""
    wagers = [int(w) for w in view["wagers"]]
    return Outcome(know.seat, know.declarer, know.seats, sum(wagers), wagers[know.seat],
                   int(view["ante_pot"]), know.tricks)  # fmt: skip


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
    also_chips: int = 0  # summed chips of the card asked for with ``also``, if any

    def mean(self, i: int) -> int:
        """The average value of choice ``i`` in chips times SCALE."""
        return rounded(self.totals[i], self.samples)


@dataclass
class CardPlay:
    """A card decision's deals and what each card is worth in them (the game's
    :class:`~celestix.bots.search.Simulation`): a row of the seat's value, its chips
    (the value without the half-point tie-break) and 1 if the contract is made; the
    round played out by the policy, or solved exactly when ``solving``."""

    know: Knowledge
    outcome: Outcome
    solving: bool
    rules: SabaccTricks

    def sample(self, rng: Rng) -> Deal:
        return self.know.sample(rng)

    def values(
        self, deal: Deal, choices: Sequence[int], rng: Rng
    ) -> tuple[list[tuple[int, ...]], int]:
        know, outcome = self.know, self.outcome
        declarer, left = know.declarer, know.left
        sign = 1 if know.seat == declarer else -1
        half0 = know.pile_half + _half(deal.aside)
        if know.talon_to == TALON_DECLARER:
            half0 += _half(deal.talon)
        if self.solving:
            halves, nodes = exact_values(self.rules, list(deal.hands), [0] * know.seats, know.seat,
                                         list(know.trick), half0, left, choices)  # fmt: skip
            rows: list[tuple[int, ...]] = []
            for half in halves:
                value = outcome.value(half, know.won, -1, -1)
                rows.append((value, value - sign * half, half >= WIN_HALF))
            return rows, nodes
        rows = []
        work = 0
        for card in choices:
            won = list(know.won)
            half, last_seat, last, spent = playout(
                list(deal.hands), know.seats, declarer, know.leader, know.trick, half0, won,
                left, card,
            )  # fmt: skip
            value = outcome.value(half, won, last_seat, last)
            rows.append((value, value - sign * half, half >= WIN_HALF))
            work += spent
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

    A card that would give the other side's sure trick more points than the hand must
    is not considered. ``also``, a legal card that is not among the choices, is valued on
    the same deals without changing the search (its work is not counted): ``also_chips``.
    """
    know = knowledge(Knowledge.from_view, view, budget)
    holder = know.trick_holder()
    settled = holder >= 0 and know.declarer >= 0

    def keep(allowed: int) -> int:
        if settled and (holder == know.declarer) != (know.seat == know.declarer):
            # the other side has the trick for sure: give it as few points as the hand allows
            least = min(HALF[c] for c in ids_of(allowed))
            return sum(1 << c for c in ids_of(allowed) if HALF[c] == least)
        return allowed

    def simulation(solving: bool, rng: Rng) -> CardPlay:
        return CardPlay(know, outcome_of(view, know), solving,
                        SabaccTricks(know.seats, know.declarer))  # fmt: skip

    searched = search_cards(CARDS, know, legal, keep, simulation, 3, budget,
                            Rng(seed, PLAY_STREAM), value_one, also)  # fmt: skip
    choices, cards, tallied = searched.choices, searched.cards, searched.tallied
    if tallied is None:
        return PlayEstimate(cards, [0], [0], [0], 0, 0)
    samples = tallied.samples
    totals, chips, made = ([summed[k] for summed in tallied.sums] for k in range(3))
    # Of equal choices the cheapest. When the trick's winner is already sure, the card
    # only decides which points go with it: the choices within SETTLED_NOISE chips a deal
    # of the most chips over the sampled deals count as equal (the playouts' half-points
    # and later bonuses after them are noise), and onto a trick the seat's side holds the
    # richest goes (banked now, it cannot be captured later; never The Idiot, a sure
    # winner kept).
    bank = settled and know.declarer not in (know.seat, holder)
    scores = chips if settled else totals
    floor = max(scores) - (SETTLED_NOISE * samples if settled else 0)
    best = min((i for i in range(len(choices)) if scores[i] >= floor),
               key=lambda i: _tie_order(choices[i], bank))  # fmt: skip
    return PlayEstimate(cards, totals, made, chips, samples, best, tallied.also[1])


# Chips (times SCALE) a deal within which the choices for a sure trick count as equal
SETTLED_NOISE = SCALE // 8


def _tie_order(card: int, bank: bool) -> tuple[int, int]:
    """How early ``card`` comes among equally valued choices."""
    if bank:
        return (1, card) if card == IDIOT_ID else (-HALF[card], card)
    return (HALF[card], card)


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
    free = [c for c in hand if FREE_MASK >> CARD_ID[c] & 1]
    out: list[tuple[list[str], str]] = []
    seen: set[tuple[str, ...]] = set()

    def add(cards: list[str], label: str) -> None:
        key = tuple(sorted(cards, key=CARD_ID.__getitem__))
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
    by_suit = {s: sorted((c for c in free if SUIT_OF_ID[CARD_ID[c]] == s),
                         key=lambda c: (-HALF[CARD_ID[c]], -CARD_ID[c]))
               for s in range(4)}  # fmt: skip
    lengths = {s: sum(1 for c in hand if SUIT_OF_ID[CARD_ID[c]] == s) for s in range(4)}
    short = sorted((s for s in range(4) if by_suit[s] and len(by_suit[s]) == lengths[s]),
                   key=lambda s: (lengths[s], s))  # fmt: skip
    for s in short:
        if len(by_suit[s]) <= need:
            add(basic_fill(by_suit[s]), f"void:{s}")
    for i, s in enumerate(short):
        for t in short[i + 1 :]:
            if len(by_suit[s]) + len(by_suit[t]) <= need:
                add(basic_fill(by_suit[s] + by_suit[t]), f"void:{s}{t}")
    richest = sorted(free, key=lambda c: (-HALF[CARD_ID[c]], CARD_ID[c]))
    add(richest[:need], "bank")
    lowest = sorted(
        free, key=lambda c: (HALF[CARD_ID[c]], lengths[SUIT_OF_ID[CARD_ID[c]]], CARD_ID[c])
    )
    add(lowest[:need], "low")
    return out


@dataclass
class AsidePlay:
    """An aside decision's deals and what each whole aside (``masks[i]``) is worth in
    them, as :class:`CardPlay`'s rows: the round played out by the policy with the seat
    declaring, the seat to the dealer's left leading."""

    know: Knowledge
    outcome: Outcome
    masks: list[int]

    def sample(self, rng: Rng) -> Deal:
        return self.know.sample(rng)

    def values(
        self, deal: Deal, choices: Sequence[int], rng: Rng
    ) -> tuple[list[tuple[int, ...]], int]:
        know = self.know
        leader = (know.dealer + 1) % know.seats
        rows: list[tuple[int, ...]] = []
        work = 0
        for i in choices:
            mask = self.masks[i]
            hands = list(deal.hands)
            hands[know.seat] &= ~mask
            won = [0] * know.seats
            half, last_seat, last, plays = playout(
                hands, know.seats, know.seat, leader, [], know.pile_half + _half(mask),
                won, know.tricks,
            )  # fmt: skip
            value = self.outcome.value(half, won, last_seat, last)
            rows.append((value, value - half, half >= WIN_HALF))
            work += plays
        return rows, work


def estimate_aside(
    view: View, budget: Budget, seed: int, also: list[str] | None = None
) -> AsideEstimate:
    """Compare whole asides by playing sampled deals out with each.

    ``also``, another whole aside, is valued on the same deals too (its work is not
    counted, and it is not a candidate): ``also_total`` and ``also_chips``.
    """
    know = knowledge(Knowledge.from_view, view, budget)
    hand = list(view["hand"])
    need = int(view["aside_needed"]) - int(view["aside_size"])
    choices = actions.cards_of(view_moves(view))
    if not FREE_MASK >> CARD_ID[choices[0]] & 1:
        # only Sabaccs may go now: the weakest (never worth keeping less than another),
        # as many as are still to go
        candidates = [(aside_candidates(hand, need, 1)[0][0], "forced")]
    else:
        candidates = aside_candidates(hand, need, budget.aside_candidates)
    asides = [cards for cards, _ in candidates]
    labels = [label for _, label in candidates]
    if len(asides) == 1 and also is None:
        return AsideEstimate(asides, labels, [0], [0], [0], 0, 0)
    masks = [mask_of(a) for a in asides] + ([mask_of(also)] if also is not None else [])
    simulation = AsidePlay(know, outcome_of(view, know), masks)
    extra = len(asides) if also is not None else -1
    tallied = tally(simulation, range(len(asides)), 3, budget, Rng(seed, ASIDE_STREAM), extra,
                    budget.aside_work)  # fmt: skip
    samples = tallied.samples
    totals, chips, made = ([summed[k] for summed in tallied.sums] for k in range(3))
    also_values = tallied.also[:2]
    top = max(totals)
    best = next(i for i in range(len(asides)) if totals[i] == top)
    return AsideEstimate(asides, labels, totals, made, chips, samples, best, *also_values)


# --- bidding -----------------------------------------------------------------------------


@dataclass
class BidEstimate:
    """How the round goes with this seat as declarer (or as a defender, if it passes
    while another has bid), and what each bid is worth."""

    bids: list[str]  # the legal bids, pass last
    values: list[int]  # summed value of each over the samples (pass: as a defender)
    made: list[int]  # sampled deals in which the contract was made (pass: by another)
    samples: int
    best: str
    defended: int = 0  # sampled deals in which another player would declare after a pass
    wins: list[int] | None = None  # in the last round: summed shares of the game's win
    # before it, playing for the game: summed chances of winning it (EQUITY_UNITS)
    equities: list[int] | None = None

    def mean(self, i: int) -> int:
        """The average value of bid ``i`` in chips times SCALE."""
        return rounded(self.values[i], self.samples)


def declaring_outcome(view: View, know: Knowledge, declarer: int, bid: str | None) -> Outcome:
    """The seat's outcome once ``declarer`` wins the auction, after bidding ``bid`` (None:
    with the bids made so far), under the table's ``stakes`` rule."""
    final = final_wagers(view, declarer, bid)
    return Outcome(know.seat, declarer, know.seats, sum(final), final[know.seat],
                   int(view["ante_pot"]), know.tricks)  # fmt: skip


def _standing(view: View, know: Knowledge, declarer: int, bid: str | None) -> Standing:
    """As :func:`declaring_outcome`, valued as the game's last round is: by who ends on top."""
    return standing_after(view, know.seat, declarer, bid)


def void_share(view: View) -> int:
    """The seat's share of the game's win if the last round is void (chips unchanged)."""
    chips = [int(c) for c in view["chips"]]
    best = max(chips)
    return WIN_UNITS // chips.count(best) if chips[acting_seat(view)] == best else 0


def last_round(view: View) -> bool:
    """Whether this is the game's last round (every other player has dealt)."""
    return int(view["round"]) == int(view["rounds"]) - 1


def likely_declarer(view: View, know: Knowledge, deal: Deal) -> tuple[int, str | None] | None:
    """Who would win the auction if this seat passed, in a sampled deal: of the players
    still bidding, the one with the strongest hand that the basic player's thresholds
    would bid on above the highest bid so far (and the contract: the highest it supports),
    else the highest bidder so far (None for its bid: it stands), else nobody."""
    rule = view["options"]["stakes"]
    highest = view["highest_bid"]
    floor = -1 if highest is None else RANK[highest]
    best: tuple[int, int, str] | None = None
    for other in range(know.seats):
        if other == know.seat or view["passed"][other]:
            continue
        count = hand_count(deal.hands[other])
        contract = next((c for c in reversed(BIDS) if RANK[c] > floor
                         and count >= threshold(c, know.seats, rule)), None)  # fmt: skip
        if contract is not None and (best is None or count > best[0]):
            best = (count, other, contract)
    if best is not None:
        return best[1], best[2]
    bidder = view["highest_bidder"]
    return None if bidder is None or bidder == know.seat else (int(bidder), None)


def estimate_bid(view: View, budget: Budget, seed: int) -> BidEstimate:
    """Play sampled deals out and value each legal bid in chips: as declarer for a bid;
    for a pass, as a defender against whoever would then win the auction
    (:func:`likely_declarer`; nothing at stake if nobody would). In the game's last round
    each choice is also valued by the share of the game's win it leaves the seat
    (:class:`fast.Standing`), and that decides."""
    know = knowledge(Knowledge.from_view, view, budget)
    seat, seats = know.seat, know.seats
    bids = [b for b in legal_bids(view["highest_bid"]) if b != PASS] + [PASS]
    outcomes = [declaring_outcome(view, know, seat, bid) for bid in bids[:-1]]
    final = last_round(view)
    spread = 0.0 if final or budget.play_for != "game" else spread_of(
        seats, int(view["rounds"]) - int(view["round"]) - 1)  # fmt: skip
    standings = ([_standing(view, know, seat, bid) for bid in bids[:-1]]
                 if final or spread else [])  # fmt: skip
    ways = sorted({TALON_TO[b] for b in bids[:-1]})
    leader = (know.dealer + 1) % seats
    values = [0] * len(bids)
    made = [0] * len(bids)
    wins = [0] * len(bids)
    equities = [0] * len(bids)
    defended = 0  # sampled deals in which someone else would declare after a pass
    samples = 0
    count = budget.bid_samples if len(bids) > 1 else 0
    for deal in deals(know.sample, Rng(seed, BID_STREAM), count, budget):
        results = {way: _declared_round(know, deal, seat, way, leader) for way in ways}
        for i, bid in enumerate(bids[:-1]):
            half, won, last_seat, last = results[TALON_TO[bid]]
            values[i] += outcomes[i].value(half, won, last_seat, last) - half
            made[i] += half >= WIN_HALF
            if final:
                wins[i] += standings[i].share(half, won, last_seat, last)
            elif spread:
                equities[i] += standings[i].equity(half, won, last_seat, last, spread)
        other = likely_declarer(view, know, deal)
        if other is None:
            wins[-1] += void_share(view) if final else 0
            if spread:
                equities[-1] += equity([int(c) for c in view["chips"]], seat, spread)
        else:
            declarer, overbid = other
            defence = declaring_outcome(view, know, declarer, overbid)
            contract = overbid if overbid is not None else str(view["highest_bid"])
            half, won, last_seat, last = _declared_round(know, deal, declarer,
                                                         TALON_TO[contract], leader)  # fmt: skip
            values[-1] += defence.value(half, won, last_seat, last) + half
            made[-1] += half >= WIN_HALF
            if final:
                wins[-1] += _standing(view, know, declarer, overbid).share(
                    half, won, last_seat, last
                )
            elif spread:
                equities[-1] += _standing(view, know, declarer, overbid).equity(
                    half, won, last_seat, last, spread
                )
            defended += 1
        samples += 1
    best = PASS
    if len(bids) > 1:
        # the cheapest bid of the best value (a lower bid risks fewer chips)
        if final:
            top = max(wins[:-1])
            if top > wins[-1]:
                best = next(b for i, b in enumerate(bids[:-1]) if wins[i] == top)
        elif spread:
            top = max(equities[:-1])
            if top > equities[-1]:
                best = next(b for i, b in enumerate(bids[:-1]) if equities[i] == top)
        else:
            top = max(values[:-1])
            if top > values[-1] + budget.bid_margin * samples:
                best = next(b for i, b in enumerate(bids[:-1]) if values[i] == top)
    return BidEstimate(bids, values, made, samples, best, defended, wins if final else None,
                       equities if spread else None)  # fmt: skip


def _declared_round(
    know: Knowledge, deal: Deal, declarer: int, way: str, leader: int
) -> tuple[int, list[int], int, int]:
    """The sampled deal played out with ``declarer`` declaring so the talon goes ``way``
    (into the hand: the basic aside): the declarer's half-points, tricks won, the last
    trick's winner and card."""
    hands = list(deal.hands)
    half0 = 0
    if way == TALON_HAND:
        held = cards_of(hands[declarer] | deal.talon)
        aside = []
        for _ in range(know.talon_unseen):
            card = basic.choose_aside(held)
            held.remove(card)
            aside.append(card)
        hands[declarer] = mask_of(held)
        half0 = sum(HALF[CARD_ID[c]] for c in aside)
    elif way == TALON_DECLARER:
        half0 = _half(deal.talon)
    won = [0] * know.seats
    half, last_seat, last, _ = playout(hands, know.seats, declarer, leader, [], half0, won,
                                       know.tricks)  # fmt: skip
    return half, won, last_seat, last
