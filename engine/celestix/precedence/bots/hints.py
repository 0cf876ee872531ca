"""Hints: the searching player's advice, with reasons a person can read.

``hint(view, level, seed)`` returns ``{"action", "reason", "alternatives"}``. The action
is the one the level's search chooses (levels that do not search hint as ``normal``),
so a hint and ``bot_action`` with the same level and seed agree. ``alternatives`` lists
the recommended action first, then the next best choices, each with ``value`` and
``reason``. Values are whole points, estimated over the sampled deals:

* card play -- the hand's points for the seat's team less the opponents' (each
  overtrick's Excess counted at its long-run cost of 10), as the search plays it;
* bid -- the team's points for the hand at that contract;
* declaration -- the melds' points less their wagers and the tricks that showing the
  cards costs (ten points a trick); the reasons net them in one figure against declaring
  nothing, the search's own.

The words describe what a card does (wins, ruffs, keeps a partner's winner, sheds),
from what the view shows; the numbers come from the search.
"""

from __future__ import annotations

from typing import cast

from celestix.bots.budget import rounded
from celestix.bots.chances import how_often, merge_alike
from celestix.precedence.actions import DeclareAction, cards_of, declarations_of
from celestix.precedence.bots.fast import wants_tricks
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.bots.search import (
    BUDGETS,
    BidEstimate,
    Budget,
    estimate_bid,
    estimate_declaration,
    estimate_play,
)
from celestix.precedence.bots.seen import Seen
from celestix.precedence.cards import (
    EMPEROR,
    HAND_SIZE,
    RANK_OF,
    SEATS,
    SUIT_NAMES,
    SUIT_OF,
    card_name,
    joined,
)
from celestix.precedence.melds import KIND_NAMES, meld_kind, meld_name
from celestix.precedence.tricks import follow_cards
from celestix.precedence.view import View
from celestix.shape import JsonDict
from celestix.table.judgement import alternative_reason
from celestix.table.tricks import Play

# How many alternatives besides the recommendation a hint lists at most.
ALTERNATIVES = 4
SMALL_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
# A holding of the suit led short enough for its top card to block the partner's suit.
UNBLOCK_LENGTH = 3


def hint(view: View, level: str, seed: int) -> JsonDict:
    """The advice of the ``level`` search for the view's seat (a view the facade checked)."""
    budget = BUDGETS.get(level, BUDGETS["normal"])
    moves = legal_or_refuse(view)
    if view["phase"] == "declare":
        return declaration_hint(view, declarations_of(moves), budget, seed)
    if view["phase"] == "bid":
        return bid_hint(view, budget, seed)
    return play_hint(view, cards_of(moves), budget, seed)


def _about_tricks(total: int, count: int) -> str:
    """``total / count`` tricks in words, e.g. ``"about 4 tricks"``, ``"less than half a
    trick"`` (exact integer rounding)."""
    tricks = rounded(total, max(1, count))
    if tricks == 0:
        return "less than half a trick"
    return f"about {tricks} trick{'s' if abs(tricks) != 1 else ''}"


# --- card play ---------------------------------------------------------------------------


def play_hint(view: View, legal: list[str], budget: Budget, seed: int) -> JsonDict:
    """The recommended card, why, and the values of the main choices."""
    estimate = estimate_play(view, legal, budget, seed, value_one=True)
    seen = Seen.from_view(view)
    face_up = [{card for meld in melds for card in meld} for melds in view["melds"]]
    variant = str(view["variant"])
    order = sorted(range(len(estimate.cards)), key=lambda i: (i != estimate.best,
                                                              -estimate.totals[i], i))  # fmt: skip
    alternatives = []
    best = estimate.cards[estimate.best]
    best_reason = card_reason(seen, best, legal, face_up, variant)
    shown = [estimate.cards[i] for i in order[: ALTERNATIVES + 1]]
    for i in order[: ALTERNATIVES + 1]:
        card = estimate.cards[i]
        said = card_reason(seen, card, legal, face_up, variant)
        names = (_the(card, variant), _the(best, variant))
        alternatives.append(
            {
                "action": {"type": "play", "card": card},
                "value": estimate.mean(i),
                "reason": alternative_reason(said, best_reason, names),
            }
        )
    # cards whose lines say one thing are said of together ("...; likewise the 6 of Void")
    alternatives = merge_alike(
        alternatives,
        lambda k: _the(shown[k], variant),
        lambda k: [_the(shown[k], variant)],
    )
    reason = _cap(best_reason) + "."
    if len(legal) == 1:
        forced = forced_reason(seen, best)
        # (the declared-cards-first rule said once, not twice)
        reason = forced if reason[:-1] == _meld_lead(best, variant) else f"{forced} {reason}"
    elif len(estimate.cards) > 1:
        gap = estimate.mean(estimate.best) - estimate.mean(order[1])
        if gap > 0:
            reason += (
                f" It scores about {gap} point{'s' if gap != 1 else ''} more than the next "
                "best card."
            )
    reason = f"Play {_the(best, variant)}. {reason}"
    return {"action": {"type": "play", "card": best}, "reason": reason,
            "alternatives": alternatives}  # fmt: skip


def forced_reason(seen: Seen, card: str) -> str:
    """Why a card is the only legal one, by the rules in the order they apply (tricks.py
    legal_plays): following suit first, then the declared cards among those."""
    if len(seen.hand) == 1:
        return "It is your only card."
    follows = follow_cards(seen.hand, [Play(seat=seat, card=played) for seat, played in seen.trick])
    suit = SUIT_NAMES[SUIT_OF[card]]
    if len(follows) == 1:
        return f"It is your only {suit} card and you must follow suit."
    if len(follows) < len(seen.hand):
        return (
            f"You must follow suit, and it is your one declared {suit} card: declared "
            "cards must be played first."
        )
    return "Declared cards must be played first."


def _the(card: str, variant: str) -> str:
    """``"the Emperor of Border"``."""
    return "the " + card_name(card, variant)


def _count(n: int, word: str) -> str:
    """``"the last two Void cards"``-style counting words."""
    number = SMALL_NUMBERS[n] if n < len(SMALL_NUMBERS) else str(n)
    return f"{number} {word} card{'s' if n != 1 else ''}"


def card_reason(
    seen: Seen, card: str, legal: list[str], face_up: list[set[str]], variant: str
) -> str:
    """What playing ``card`` does, in a sentence without its full stop."""
    out = seen.outstanding()
    name = _the(card, variant)
    trump = seen.trump
    suit = SUIT_OF[card]
    if not seen.trick:
        return _lead_reason(seen, card, legal, out, variant)
    winning = seen.winning()
    assert winning is not None
    who, best = winning
    led = SUIT_OF[seen.trick[0][1]]
    beats = seen.beats(card, best)
    best_name = _the(best, variant)
    if who == seen.partner and not beats:
        partners = f"Your partner's {card_name(best, variant)}"
        if suit == led and _unblocks(seen, card, best, led):
            return (
                f"{partners} wins this trick: {name} goes under it, so that it cannot "
                f"block your partner's {SUIT_NAMES[led]} later"
            )
        if _holds(seen, best, out, face_up):
            if suit not in (led, trump) and led != trump and _holds_trump(seen):
                return (
                    f"{partners} already wins this trick: you do not trump it, and "
                    f"{name} is discarded"
                )
            return f"{partners} already wins this trick: {name} keeps your better cards"
        return (
            f"Your partner's {card_name(best, variant)} is winning this trick: "
            f"{name} does not overtake it"
        )
    if beats:
        if who == seen.partner:
            partners = f"your partner's {card_name(best, variant)}"
            verb = "trumps" if suit == trump != SUIT_OF[best] else "overtakes"
            if _holds(seen, best, out, face_up):  # (only when no other card is legal)
                return f"{_cap(name)} {verb} {partners}"
            if _holds(seen, card, out, face_up):
                return (
                    f"{_cap(partners)} could still be beaten: {name} {verb} it, "
                    "and nothing left can beat it"
                )
            return (
                f"{_cap(partners)} could still be beaten: {name} {verb} it to fight for the trick"
            )
        if suit == trump and led != trump:
            if SUIT_OF[best] == trump:
                return f"You have no {SUIT_NAMES[led]} left: {name} overtrumps {best_name}"
            return f"You have no {SUIT_NAMES[led]} left: {name} trumps the trick"
        if len(seen.trick) == SEATS - 1:
            cheaper = [c for c in legal if seen.beats(c, best) and _cheaper(seen, c, card)]
            if not cheaper:
                return f"{_cap(name)} is the cheapest card that takes the trick"
            return f"{_cap(name)} takes the trick"
        if _holds(seen, card, out, face_up):
            return f"{_cap(name)} beats {best_name} and nothing left can beat it"
        return f"{_cap(name)} beats {best_name} for now"
    if not any(seen.beats(c, best) for c in legal):
        if suit != led:
            return f"You have no {SUIT_NAMES[led]}: {name} is discarded"
        return f"Nothing you hold beats {best_name}: {name} goes"
    if _ducking(seen):
        return f"Your contract is made: {name} lets the trick go rather than add to the Excess"
    return f"{_cap(name)} lets this trick go and keeps your winners"


def _lead_reason(seen: Seen, card: str, legal: list[str], out: list[str], variant: str) -> str:
    """What leading ``card`` does."""
    name = _the(card, variant)
    suit = SUIT_OF[card]
    trump = seen.trump
    if _ducking(seen):
        return (
            f"Your contract is made: leading {name} gives the lead away rather than add "
            "to the Excess"
        )
    if suit == trump:
        trumps_out = [c for c in out if SUIT_OF[c] == trump]
        mine = [c for c in seen.hand if SUIT_OF[c] == trump]
        if not trumps_out:
            return f"No trump is left against you: {name} is a sure winner"
        if seen.is_boss(card, out) and len(trumps_out) <= len(mine):
            if len(trumps_out) == 1:
                return f"Leading trump draws the last {SUIT_NAMES[trump]} card"
            if len(trumps_out) == 2:
                last = _count(len(trumps_out), SUIT_NAMES[trump])
                return f"Leading trump draws the last {last}"
            return f"Leading {name}, the highest trump left, draws the opponents' trumps"
        return f"Leading trump with {name} draws the opponents' trumps"
    if seen.is_boss(card, out):
        if _opponent_may_ruff(seen, suit, out):
            return (
                f"{_cap(name)} is the highest {SUIT_NAMES[suit]} left, but an opponent may trump it"
            )
        return f"{_cap(name)} is the highest {SUIT_NAMES[suit]} left: it should take the trick"
    if card in seen.declared:
        return _meld_lead(card, variant)
    if suit in seen.leads[seen.partner]:
        return f"{_cap(name)} leads back your partner's suit, {SUIT_NAMES[suit]}"
    lengths = [sum(1 for c in seen.hand if SUIT_OF[c] == s) for s in range(len(SUIT_NAMES))]
    if lengths[suit] == max(lengths[s] for s in range(len(SUIT_NAMES)) if s != trump):
        return f"{_cap(name)} leads from your longest suit, {SUIT_NAMES[suit]}"
    if RANK_OF[card] < EMPEROR - 3:
        return f"{_cap(name)} is a low lead that keeps your high cards"
    return f"{_cap(name)} gives the lead away"


def _meld_lead(card: str, variant: str) -> str:
    """Why a face-up meld card is led."""
    return f"{_cap(_the(card, variant))} is a face-up meld card, and those must go first"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cheaper(seen: Seen, card: str, than: str) -> bool:
    """Whether ``card`` is a cheaper card than ``than`` (plain before trump, then rank)."""
    mine = (SUIT_OF[card] == seen.trump, RANK_OF[card])
    other = (SUIT_OF[than] == seen.trump, RANK_OF[than])
    return mine < other


def _holds(seen: Seen, card: str, out: list[str], face_up: list[set[str]]) -> bool:
    """Whether ``card``, in the trick now, must win it whatever the later seats hold.

    A card still out that would beat it counts against it if a seat still to play
    may hold it (face up in that hand, or unseen and of a suit the seat has not shown
    out of) and may play it (a seat showing a face-up card of the suit led must follow).
    """
    led = SUIT_OF[seen.trick[0][1]]
    later = [(seen.seat + k) % SEATS for k in range(1, SEATS - len(seen.trick))]
    shown = set().union(*face_up)
    for other in out:
        higher = SUIT_OF[other] == SUIT_OF[card] and RANK_OF[other] > RANK_OF[card]
        ruff = SUIT_OF[other] == seen.trump != SUIT_OF[card]
        if not (higher or ruff):
            continue
        for s in later:
            holds = other in face_up[s] or (
                other not in shown and SUIT_OF[other] not in seen.voids[s]
            )
            follows = SUIT_OF[other] != led and any(SUIT_OF[c] == led for c in face_up[s])
            if holds and not follows:
                return False
    return True


def _unblocks(seen: Seen, card: str, best: str, led: int) -> bool:
    """Whether ``card``, following suit under the partner's winning ``best``, is an
    unblocking play: the seat's highest card of a short holding of the suit, played
    while it keeps a lower one."""
    mine = [c for c in seen.hand if SUIT_OF[c] == led]
    rank = RANK_OF[card]
    return (
        len(mine) <= UNBLOCK_LENGTH
        and rank == max(RANK_OF[c] for c in mine)
        and any(RANK_OF[c] < rank for c in mine)
        and rank < RANK_OF[best]
        and SUIT_OF[best] == led
    )


def _holds_trump(seen: Seen) -> bool:
    """Whether the seat holds a trump."""
    return any(SUIT_OF[c] == seen.trump for c in seen.hand)


def _opponent_may_ruff(seen: Seen, suit: int, out: list[str]) -> bool:
    """Whether an opponent has shown out of ``suit`` while trumps are still out."""
    if not any(SUIT_OF[o] == seen.trump for o in out):
        return False
    return any(suit in seen.voids[(seen.seat + k) % SEATS] and seen.trump not in
               seen.voids[(seen.seat + k) % SEATS] for k in (1, 3))  # fmt: skip


def _ducking(seen: Seen) -> bool:
    """Whether the team has nothing left to gain from tricks (only Excess)."""
    contracts = [seen.contract(0), seen.contract(1)]
    taken = [seen.team_taken(0), seen.team_taken(1)]
    left = HAND_SIZE - seen.done
    return not wants_tricks((contracts[0], contracts[1], seen.counts_excess), seen.team,
                            taken, left)  # fmt: skip


# --- bidding -----------------------------------------------------------------------------


def bid_hint(view: View, budget: Budget, seed: int) -> JsonDict:
    """The recommended bid, why, and the values of the bids around it."""
    estimate = estimate_bid(view, budget, seed)
    n = estimate.samples
    best = estimate.best
    counts = estimate.own_tricks if estimate.partner_bid is None else estimate.team_tricks
    average = _about_tricks(sum(t * c for t, c in enumerate(counts)), n)
    if estimate.partner_bid is None:
        reason = (
            f"Bid {best}. You should take {average}, and make a bid of {best} "
            f"{how_often(estimate.made(best), n)}"
        )
    else:
        contract = estimate.partner_bid + best
        reason = (
            f"Bid {best}. With your partner's bid of {estimate.partner_bid}, your team's "
            f"contract is {contract} tricks; your team should take {average} and make "
            f"{contract} {how_often(estimate.made(best), n)}"
        )
    reason += "; " + bid_difference(estimate)
    # the bids nearest the best, listed as the bids run (the best first, then 2, 3, 5, 6)
    nearest = sorted(range(len(estimate.values)), key=lambda b: (b != best, abs(b - best), b))
    bids = [best, *sorted(nearest[1 : ALTERNATIVES + 1])]
    alternatives = [
        {
            "action": {"type": "bid", "tricks": b},
            "value": rounded(estimate.values[b], n),
            "reason": f"made {how_often(estimate.made(b), n)}",
        }
        for b in bids
    ]
    # bids made as often are said of together ("made almost always; likewise a bid of 2"):
    # the reason above says what a trick bid more is worth
    alternatives = merge_alike(
        alternatives,
        lambda k: f"a bid of {bids[k]}",
    )
    return {"action": {"type": "bid", "tricks": best}, "reason": reason + ".",
            "alternatives": alternatives}  # fmt: skip


def bid_difference(estimate: BidEstimate) -> str:
    """Why the chosen bid beats the next best by value (the search's own figures): a
    trick bid more is worth 10 points when made, and loses when the contract fails."""
    n = estimate.samples
    best = estimate.best
    values = estimate.values
    others = [b for b in range(len(values)) if b != best]
    if not others:
        return "no other bid is allowed"
    runner = max(others, key=lambda b: (values[b], -abs(b - best)))
    gap = rounded(values[best] - values[runner], n)
    partner = estimate.partner_bid or 0
    points = f"about {gap} point{'s' if gap != 1 else ''}"
    if runner < best:
        why = (
            f"a bid of {runner} is safer, but each trick bid adds 10 points when the contract "
            f"is made, and {best + partner} is made {how_often(estimate.made(best), n)}"
        )
    else:
        why = (
            f"a bid of {runner} would add 10 points a trick when made, but a contract of "
            f"{runner + partner} is made only {how_often(estimate.made(runner), n)}, and a "
            "failed one loses points"
        )
    if gap <= 0:
        less = f", and {best} puts less at stake" if best < runner else ""
        return f"{why}: the two bids are about even{less}"
    return f"{why}: bidding {best} is {points} better"


# --- declaration -------------------------------------------------------------------------


def meld_labels(labels: list[str]) -> str:
    """Melds named for people: ``"Triad"``, ``"two Triads"``, ``"Quad and two Runs of 3"``."""
    counted: dict[str, int] = {}
    for label in labels:
        counted[label] = counted.get(label, 0) + 1
    words = []
    for label, n in counted.items():
        if n == 1:
            words.append(label)
        else:
            first, _, rest = label.partition(" ")
            plural = f"{first}s {rest}".rstrip()
            words.append(f"{SMALL_NUMBERS[n] if n < len(SMALL_NUMBERS) else n} {plural}")
    return " and ".join(words)


def declare_sentence(melds: list[list[str]], variant: str, held: list[str]) -> str:
    """The hint's first sentence for declaring ``melds``, each named by its cards:
    ``"Declare your Triad of 6s."``, ``"Declare both Triads: the 6s and the Officers."``."""
    names = [meld_name(meld, variant, held) for meld in melds]
    if len(melds) == 1:
        return f"Declare your {names[0]}."
    kinds = {meld_kind(meld) for meld in melds}
    kind = kinds.pop() if len(kinds) == 1 else None
    if kind is not None and kind in ("triad", "quad"):
        many = "both" if len(melds) == 2 else f"all {SMALL_NUMBERS[len(melds)]}"
        plural = f"{KIND_NAMES[kind]}s"
        rest = [name.split(" of ", 1)[1] for name in names]
        return f"Declare {many} {plural}: {joined([f'the {r}' for r in rest])}."
    return f"Declare {joined([f'your {name}' for name in names])}."


def declaration_hint(view: View, moves: list[DeclareAction], budget: Budget, seed: int) -> JsonDict:
    """The recommended declaration, why, and the values of the others compared; every
    meld is named by its cards, so no two choices read alike."""
    if len(moves) == 1:
        return {
            "action": moves[0],
            "reason": "Declare nothing: you hold no meld to declare.",
            "alternatives": [{"action": moves[0], "value": 0, "reason": "no meld"}],
        }
    variant = str(view["variant"])
    held = [str(card) for card in cast(list[str], view["hand"])]
    estimate = estimate_declaration(view, moves, budget, seed)
    n = max(1, estimate.samples)
    nothing = estimate.indices.index(0)
    words = []
    meld_names = []
    for k, index in enumerate(estimate.indices):
        melds = moves[index]["melds"]
        meld_names.append([f"the {meld_name(meld, variant, held)}" for meld in melds])
        if not melds:
            words.append("you show no meld and wager nothing")
            continue
        words.append(
            meld_words(
                joined(meld_names[-1]),
                len(melds),
                (estimate.points[k], estimate.wagers[k]),
                estimate.tricks[nothing] - estimate.tricks[k],
                estimate.values[k] - estimate.values[nothing],
                n,
            )
        )
    best = estimate.indices.index(estimate.best)
    order = sorted(range(len(estimate.indices)), key=lambda k: (k != best, -estimate.values[k], k))
    shown = order[: ALTERNATIVES + 1]
    alternatives = [
        {
            "action": moves[estimate.indices[k]],
            "value": rounded(estimate.values[k], 8 * n),
            "reason": _cap(words[k]),
        }
        for k in shown
    ]
    # declarations whose lines say one thing, but for their melds, are said of together
    alternatives = merge_alike(
        alternatives,
        lambda k: joined(meld_names[shown[k]]) or "declaring nothing",
        lambda k: meld_names[shown[k]],
    )
    melds = moves[estimate.best]["melds"]
    if melds:
        reason = f"{declare_sentence(melds, variant, held)} {_cap(words[best])}"
    else:
        # the best of the melds not chosen, with the figure that put it below nothing
        runner = next((k for k in order if k != best), None)
        if runner is None:
            reason = "Declare no melds. No meld is worth more than it costs"
        else:
            tie = estimate.values[runner] == estimate.values[best]
            gains = "gains more than" if tie else "is worth what"
            reason = f"Declare no melds. No meld {gains} it costs. {_cap(words[runner])}"
    return {"action": moves[estimate.best], "reason": reason + ".", "alternatives": alternatives}


def _about_half_tricks(total: int, count: int) -> str:
    """``total / count`` tricks to the nearest half, in words: ``"about half a trick"``,
    ``"about a trick and a half"``, ``"about 2 tricks"`` (exact integer rounding)."""
    halves = rounded(2 * total, max(1, count))
    whole, half = divmod(halves, 2)
    if whole == 0:
        return "about half a trick"
    count_words = "a trick" if whole == 1 else f"{whole} tricks"
    if not half:
        return f"about {count_words}"
    return f"about {count_words} and a half" if whole == 1 else f"about {whole} and a half tricks"


def meld_words(
    names: str, count: int, points_wager: tuple[int, int], lost: int, gain: int, samples: int
) -> str:
    """What declaring ``names`` (``count`` melds) does, netted in one figure, as the
    search valued it: ``"the Run of 3 (10 to Commander of Frontier) would score 3, against
    its wager of 2 chips and about half a trick: about 2 points worse than declaring
    nothing"``. ``lost`` is the tricks lost over the ``samples`` deals, ``gain`` the
    summed value against declaring nothing (eighths of a point, as the search sums it)."""
    points, wager = points_wager
    its = "its" if count == 1 else "their"
    costs = f"{its} wager of {wager} chips"
    if rounded(2 * lost, samples) > 0:
        costs += f" and {_about_half_tricks(lost, samples)}"
    net = rounded(gain, 8 * samples)
    if net == 0:
        verdict = "about as good as declaring nothing"
    else:
        worth = f"about {abs(net)} point{'s' if abs(net) != 1 else ''}"
        verdict = f"{worth} {'better' if net > 0 else 'worse'} than declaring nothing"
    return f"{names} would score {points}, against {costs}: {verdict}"
