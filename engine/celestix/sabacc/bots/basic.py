"""The basic computer player: sound heuristics, no search.

* **Bidding** -- a point count of the hand (Honours, Sabaccs and big Sabaccs, court
  cards, long suits, voids and singletons backed by Sabaccs). When every player calls
  every bid (``stakes: "everyone"``) the count gives the chance of making each contract
  (:data:`CURVES`, fitted on simulated hands), and the bot bids for the game: the
  contract (above the bid so far) that leaves it the best chance of ending the game
  with the most chips (:mod:`celestix.sabacc.bots.equity`), if that beats passing.
  Under ``stakes: "bidder"`` it bids the highest contract whose threshold its count
  reaches (:data:`THRESHOLDS`, nearly sure things), else passes.
* **Aside** -- empties its shortest suits (to ruff them later), setting aside the
  counting cards of those suits first (they are then safe in its score pile); a
  Sabacc goes only when the rules force it, the weakest first.
* **Play** -- wins a trick cheaply when no one still to play can beat it; loads points
  (never The Idiot) onto a trick its side has won for sure; otherwise throws its
  cheapest card, keeping its Honours away from tricks they would lose. The Idiot,
  which always wins, is kept for the last trick (Idiot at the End) unless it captures
  an Honour; The Magician is played only where it wins or its side has the trick.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from celestix.sabacc.actions import Action
from celestix.sabacc.aside import TALON_TO, aside_choices, is_free
from celestix.sabacc.auction import BIDS, PASS, RANK
from celestix.sabacc.bots.equity import equity, spread_of
from celestix.sabacc.bots.fast import WIN_HALF, standing_after
from celestix.sabacc.bots.seen import Seen
from celestix.sabacc.cards import (
    HALF_POINTS,
    IDIOT,
    IS_HONOUR,
    MAGICIAN,
    MASTERS,
    RANK_OF,
    SABACC,
    SUIT_OF,
    SUITS,
    UNIVERSE,
)
from celestix.sabacc.chips import EVERYONE
from celestix.sabacc.deal import HAND_SIZE
from celestix.sabacc.state import Phase
from celestix.sabacc.tricks import playable, strength, winning_play
from celestix.sabacc.view import View, acting_seat
from celestix.table.tricks import Play

# The hand count each contract needs, per ``stakes`` rule and table size: the lowest count
# from which the basic player, declaring against basic players, makes the contract often
# enough to pay under that rule (``python -m celestix calibrate sabacc``, see
# ``cli/sabacc_calibrate.py`` and docs/BOTS.md: everyone, n / (2n - 1) plus a margin that
# grows with the stake; bidder, 88 to 94%).
THRESHOLDS: dict[str, dict[int, dict[str, int]]] = {
    "everyone": {
        3: {"take": 55, "push": 57, "guard": 58, "guard_without": 66, "guard_against": 73},
        4: {"take": 47, "push": 48, "guard": 50, "guard_without": 59, "guard_against": 65},
        5: {"take": 51, "push": 52, "guard": 53, "guard_without": 58, "guard_against": 61},
    },
    "bidder": {
        3: {"take": 67, "push": 70, "guard": 73, "guard_without": 77, "guard_against": 81},
        4: {"take": 59, "push": 62, "guard": 66, "guard_without": 68, "guard_against": 73},
        5: {"take": 61, "push": 63, "guard": 66, "guard_without": 67, "guard_against": 70},
    },
}
# The chance of making a contract from the hand's count, per table size and way the
# talon goes (into the hand: Take, Push, Guard; the declarer's pile: Guard without; the
# defenders' pile: Guard against): the logistic curve 1 / (1 + exp(-(a + b x count)))
# fitted by the same calibration (seeds 1-2,000 at three and four players, 1-1,000 at
# five), as (a, b).
CURVES: dict[int, dict[str, tuple[float, float]]] = {
    3: {"hand": (-5.938, 0.1184), "declarer": (-8.817, 0.1454), "defenders": (-13.820, 0.2036)},
    4: {"hand": (-5.203, 0.1210), "declarer": (-9.573, 0.1747), "defenders": (-13.287, 0.2140)},
    5: {"hand": (-7.623, 0.1566), "declarer": (-11.220, 0.2003), "defenders": (-13.112, 0.2251)},
}
# The spread (chips) of one player's chips over a round with the basic player in every
# seat, bidding for the game (``python -m celestix simulate sabacc --seats basic``, 200
# games: a game's spread over the square root of its rounds): the basic player's own
# games, as :data:`equity.ROUND_SPREAD` is the searching players'.
ROUND_SPREAD = {3: 5.5, 4: 4.9, 5: 2.8}
CHANCE_UNITS = 1000  # a sure contract, in the units of :func:`chance`
# The least chance of making a contract the basic player declares on, even where a long
# shot is its best chance of winning the game (a player behind in the last round): it
# plays for the game, but not on hands a person would call hopeless.
LEAST_CHANCE = 100
BIG_SABACC = 16  # -16 to -21 are "big" Sabaccs


# --- bidding ------------------------------------------------------------------------


def hand_count(hand: Sequence[str]) -> int:
    """The hand's bidding count: the higher, the stronger the hand."""
    sabaccs = [card for card in hand if SUIT_OF[card] == SABACC]
    score = 0
    for card in sabaccs:
        score += 2
        if card == UNIVERSE:
            score += 10
        elif card == IDIOT:
            score += 8
        elif card == MAGICIAN:
            score += {0: 0, 1: 0, 2: 0, 3: 0, 4: 2, 5: 5, 6: 7}.get(len(sabaccs) - 1, 9)
        elif RANK_OF[card] >= BIG_SABACC:
            score += 1
    for suit in SUITS:
        cards = [card for card in hand if SUIT_OF[card] == suit]
        ranks = {RANK_OF[card] for card in cards}
        if 14 in ranks:
            score += 6 + (3 if 13 in ranks else 0)
        elif 13 in ranks:
            score += 3
        score += 2 if 12 in ranks else 0
        score += 1 if 11 in ranks else 0
        score += 2 * max(0, len(cards) - 4)
        if len(sabaccs) >= 4:
            score += 6 if not cards else 3 if len(cards) == 1 else 0
    return score


def threshold(contract: str, seats: int, rule: str) -> int:
    """The count a hand needs to bid ``contract`` at a table of ``seats`` under ``rule``."""
    return THRESHOLDS[rule][seats][contract]


def chance(count: int, contract: str, seats: int) -> int:
    """The chance (in :data:`CHANCE_UNITS`) that a hand of bidding count ``count``
    makes ``contract`` at a table of ``seats``, as the calibration's curve gives it
    (rounded, so that every Python's ``exp`` gives the same whole number)."""
    a, b = CURVES[seats][TALON_TO[contract]]
    return round(CHANCE_UNITS / (1 + math.exp(-(a + b * count))))


def choose_bid(view: View) -> str:
    """The contract to bid above the bid so far, or pass (see the module's docstring)."""
    seats = len(view["hand_sizes"])
    rule = view["options"]["stakes"]
    score = hand_count(view["hand"])
    highest = view["highest_bid"]
    floor = -1 if highest is None else RANK[highest]
    higher = [contract for contract in BIDS if RANK[contract] > floor]
    if rule == EVERYONE:
        return game_bid(view, score, higher)
    for contract in reversed(higher):
        if score >= threshold(contract, seats, rule):
            return contract
    return PASS


def game_bid(view: View, score: int, contracts: Sequence[str]) -> str:
    """Of ``contracts`` and the pass, the one that leaves the seat the best chance of
    winning the game: a contract by its chance of being made (:func:`chance`) and the
    chips it leaves everyone made or lost (no bonus), the pass as if the round were void;
    each valued with the rounds still to come (:func:`equity.equity`; the ties go to the
    cheaper choice)."""
    seat = acting_seat(view)
    seats = len(view["hand_sizes"])
    spread = spread_of(seats, int(view["rounds"]) - int(view["round"]) - 1, ROUND_SPREAD)
    back = [int(c) + int(w) for c, w in zip(view["chips"], view["wagers"], strict=True)]
    best, top = PASS, equity(back, seat, spread) * CHANCE_UNITS
    no_tricks = [0] * seats
    for contract in contracts:
        standing = standing_after(view, seat, seat, contract)
        made = equity(standing.final_chips(WIN_HALF, no_tricks, -1, -1), seat, spread)
        lost = equity(standing.final_chips(0, no_tricks, -1, -1), seat, spread)
        p = chance(score, contract, seats)
        if p < LEAST_CHANCE:
            continue
        value = p * made + (CHANCE_UNITS - p) * lost
        if value > top:
            best, top = contract, value
    return best


# --- the aside ----------------------------------------------------------------------


def choose_aside(hand: Sequence[str]) -> str:
    """The card to set aside next."""
    choices = aside_choices(hand)
    if not is_free(choices[0]):
        return min(choices, key=RANK_OF.__getitem__)  # forced: the weakest Sabacc
    lengths = {suit: sum(1 for c in hand if SUIT_OF[c] == suit and is_free(c)) for suit in SUITS}

    def key(card: str) -> tuple[int, int, int]:
        # Shortest suit first; within it the most valuable card (safe in the pile).
        return (lengths[SUIT_OF[card]], -HALF_POINTS[card], -RANK_OF[card])

    return min(choices, key=key)


# --- play ---------------------------------------------------------------------------


def can_beat(seen: Seen, seat: int, card: str, led: str, strict: bool = False) -> bool:
    """Whether ``seat`` might still beat ``card`` in a trick led with ``led``.

    Unless ``strict``, a seat not known to be out of the suit led is taken to follow
    it while many of its cards are still out.
    """
    void = seen.voids[seat]
    led_suit = SUIT_OF[led]
    if SUIT_OF[card] == SABACC:
        follows = led_suit != SABACC and led_suit not in void and seen.out_count[led_suit] > 1
        if follows and not strict:
            return False
        return SABACC not in void and seen.top[SABACC] > RANK_OF[card]
    if led_suit not in void and seen.top[led_suit] > RANK_OF[card]:
        return True
    # It may have run out of the suit and hold a Sabacc.
    short = strict or led_suit in void or seen.out_count[led_suit] < seen.seats
    return short and SABACC not in void and seen.out_count[SABACC] > 0


def sure_winner(seen: Seen, trick: Sequence[Play], card: str) -> bool:
    """Whether ``card``, added to ``trick``, wins it whatever the others still hold.

    An Honour is risked only on certainty, never on a guess about who follows suit.
    """
    plays: list[Play] = [*trick, {"seat": seen.seat, "card": card}]
    if winning_play(plays)["card"] != card:
        return False
    led = plays[0]["card"]
    strict = IS_HONOUR[card]
    return not any(can_beat(seen, seat, card, led, strict) for seat in seen.still_to_play(trick))


def _cheapest(cards: Sequence[str], led: str | None) -> str:
    """The card that costs least to lose: fewest points, then weakest."""
    return min(cards, key=lambda c: (HALF_POINTS[c], strength(c, led) if led else RANK_OF[c], c))


def choose_play(view: View) -> str:
    """The card to play."""
    seen = Seen.from_view(view)
    trick = view["trick"]
    legal = playable(view["hand"], trick)
    if len(legal) == 1:
        return legal[0]
    last_trick = seen.done == HAND_SIZE[seen.seats] - 1
    keep = [c for c in legal if c != IDIOT or last_trick] or legal
    if not trick:
        return _lead(seen, keep)
    led = trick[0]["card"]
    best = winning_play(trick)
    trick_points = sum(HALF_POINTS[p["card"]] for p in trick)
    side_has_it = seen.same_side(best["seat"], seen.seat) and not any(
        can_beat(seen, seat, best["card"], led) for seat in seen.still_to_play(trick)
    )
    if side_has_it:
        # Load points onto a trick our side has for sure (not a winning Idiot: wasted).
        return max(keep, key=lambda c: (HALF_POINTS[c], -strength(c, led), c))
    if IDIOT in legal and any(IS_HONOUR[p["card"]] for p in trick):
        opponents = any(not seen.same_side(p["seat"], seen.seat) for p in trick)
        if opponents:
            return IDIOT
    sure = [c for c in keep if sure_winner(seen, trick, c)]
    if sure:
        return min(sure, key=lambda c: (strength(c, led), HALF_POINTS[c]))
    winners = [c for c in keep if winning_play([*trick, {"seat": seen.seat, "card": c}])["card"]
               == c and not IS_HONOUR[c]]  # fmt: skip
    if winners and trick_points >= 5:
        return max(winners, key=lambda c: strength(c, led))
    losers = [c for c in keep if c not in winners] or keep
    safe_losers = [c for c in losers if not IS_HONOUR[c]] or losers
    return _cheapest(safe_losers, led)


def _lead(seen: Seen, cards: Sequence[str]) -> str:
    """The card to lead."""
    declarer = seen.declarer == seen.seat
    sure = [c for c in cards if sure_winner(seen, [], c)]
    # Lead a certain winner: top Sabaccs first for the declarer (drawing the defenders'
    # Sabaccs protects The Magician), Masters and other sure suit cards otherwise.
    if sure:
        sabaccs = [c for c in sure if SUIT_OF[c] == SABACC]
        suits = [c for c in sure if SUIT_OF[c] != SABACC]
        if declarer and sabaccs and MAGICIAN in seen.hand:
            return max(sabaccs, key=RANK_OF.__getitem__)
        if suits:
            return max(suits, key=lambda c: (HALF_POINTS[c], RANK_OF[c]))
        if declarer:
            return max(sabaccs, key=RANK_OF.__getitem__)
    plain = [c for c in cards if SUIT_OF[c] != SABACC and c not in MASTERS]
    if plain:
        # The cheapest card of the longest suit; defenders avoid suits the declarer ruffs.
        ruffed = seen.voids[seen.declarer] if seen.declarer is not None else set()
        pool = plain
        if not declarer:
            pool = [c for c in plain if SUIT_OF[c] not in ruffed] or plain
        length = {s: sum(1 for c in seen.hand if SUIT_OF[c] == s) for s in SUITS}
        return min(pool, key=lambda c: (HALF_POINTS[c], -length[SUIT_OF[c]], RANK_OF[c]))
    sabaccs = [c for c in cards if SUIT_OF[c] == SABACC and not IS_HONOUR[c]]
    if sabaccs:
        return min(sabaccs, key=RANK_OF.__getitem__)
    return _cheapest(cards, None)


def choose(view: View) -> Action:
    """The basic bot's action in this view."""
    phase = view["phase"]
    if phase == Phase.BID:
        return {"type": "bid", "bid": choose_bid(view)}
    if phase == "aside":
        return {"type": "aside", "card": choose_aside(view["hand"])}
    return {"type": "play", "card": choose_play(view)}
