"""Hints for Contract Sabacc: the searching player's advice, with reasons a person can read.

``hint(view, level, seed)`` returns ``{"action", "reason", "alternatives"}``. The action
is the one the level's search chooses (levels that do not search hint as ``normal``),
so a hint and ``bot_action`` with the same level and seed agree. ``alternatives`` lists
the recommended action first, then the next best choices, each with ``value`` and
``reason``. ``value`` is the seat's expected gain in chips for the round, in hundredths
of a chip, estimated over the sampled deals (wagers won or lost and bonuses, under the
table's ``stakes`` rule; a pass in the auction is valued as a defender against whoever would
then win the auction, or at 0 if nobody would). In the game's last round a bid is chosen by
the chance of ending with the most chips, which the reasons give.

The words say what a choice does (wins the trick whatever follows, loads points onto
the side's trick, voids a suit), from what the view shows; the numbers come from the
search.
"""

from __future__ import annotations

from celestix.bots.budget import rounded
from celestix.bots.chances import how_often, merge_alike
from celestix.sabacc.actions import cards_of
from celestix.sabacc.auction import BID_NAMES, PASS
from celestix.sabacc.bots.deals import Knowledge
from celestix.sabacc.bots.equity import EQUITY_UNITS
from celestix.sabacc.bots.fast import SCALE, WIN_UNITS
from celestix.sabacc.bots.search import (
    BUDGETS,
    BidEstimate,
    Budget,
    estimate_aside,
    estimate_bid,
    estimate_play,
)
from celestix.sabacc.cards import (
    CARD_ID,
    HALF_POINTS,
    SABACC,
    SUIT_OF,
    card_name,
    points_words,
    the_card,
)
from celestix.sabacc.cards import suit_name as _suit_name
from celestix.sabacc.legal import view_moves
from celestix.sabacc.state import Phase
from celestix.sabacc.tricks import winning_play
from celestix.sabacc.view import View
from celestix.shape import JsonDict
from celestix.table.judgement import alternative_reason

ALTERNATIVES = 4  # alternatives besides the recommendation, at most
HUNDREDTHS = 100


def hint(view: View, level: str, seed: int) -> JsonDict:
    """The advice of the ``level`` search for the view's seat (a view the facade checked)."""
    budget = BUDGETS.get(level, BUDGETS["normal"])
    moves = view_moves(view)
    phase = view["phase"]
    if phase == Phase.BID:
        return bid_hint(view, budget, seed)
    if phase == "aside":
        return aside_hint(view, budget, seed)
    return play_hint(view, cards_of(moves), budget, seed)


def _chips(total: int, samples: int) -> int:
    """A summed value (chips times SCALE) as hundredths of a chip per deal."""
    return rounded(HUNDREDTHS * total, SCALE * max(1, samples))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- card play ---------------------------------------------------------------------------


def play_hint(view: View, legal: list[str], budget: Budget, seed: int) -> JsonDict:
    """The recommended card, why, and the values of the main choices."""
    estimate = estimate_play(view, legal, budget, seed, value_one=True)
    know = Knowledge.from_view(view)
    n = estimate.samples
    order = sorted(range(len(estimate.cards)),
                   key=lambda i: (i != estimate.best, -estimate.totals[i], i))  # fmt: skip
    alternatives = []
    best = estimate.cards[estimate.best]
    best_reason = card_reason(view, know, best, legal)
    # how the contract fares after each card; where it fares alike after every card
    # compared, the hint says so once (audit 8: every line of the Why list ended "the
    # contract is beaten almost always", which told the cards apart in nothing)
    fares = {i: contract_words(know, estimate.made[i], n) for i in order[: ALTERNATIVES + 1]}
    alike = len(fares) > 1 and len(set(fares.values())) == 1
    for i in order[: ALTERNATIVES + 1]:
        card = estimate.cards[i]
        said = alternative_reason(card_reason(view, know, card, legal), best_reason,
                                  (the_card(card), the_card(best)))  # fmt: skip
        alternatives.append(
            {
                "action": {"type": "play", "card": card},
                "value": _chips(estimate.chips[i], n),
                "reason": _cap(said) if alike else f"{_cap(said)}; {fares[i]}",
            }
        )
    # cards whose lines say one thing are said of together ("...; likewise the Sabacc -12")
    shown = [estimate.cards[i] for i in order[: ALTERNATIVES + 1]]
    alternatives = merge_alike(alternatives, lambda k: the_card(shown[k]),
                               lambda k: [the_card(shown[k])])  # fmt: skip
    reason = _cap(best_reason)
    if len(legal) == 1:
        reason = f"{forced_reason(view, best)} {reason}"
    if alike:
        which = "card you play" if len(fares) == len(legal) else "of your best cards you play"
        reason += f". Whichever {which}, {fares[estimate.best]}"
    return {"action": {"type": "play", "card": best},
            "reason": f"Play {the_card(best)}. {reason}.",
            "alternatives": alternatives}  # fmt: skip


def contract_words(know: Knowledge, made: int, samples: int) -> str:
    """How the contract fares after a card, from the seat's side: the declarer's
    ``"the contract is made about half the time"``, a defender's ``"the contract is
    beaten almost always"`` (``made`` of the ``samples`` deals made it)."""
    if know.seat == know.declarer:
        return f"the contract is made {how_often(made, samples)}"
    return f"the contract is beaten {how_often(samples - made, samples)}"


def forced_reason(view: View, card: str) -> str:
    """Why ``card`` is the only card that may be played."""
    trick = view["trick"]
    if not trick or len(view["hand"]) == 1:
        return "It is your last card."
    led = SUIT_OF[trick[0]["card"]]
    if SUIT_OF[card] == led:
        kind = "Sabacc" if led == SABACC else _suit_name(led)
        return f"It is your only {kind} card and you must follow."
    return f"You have no {_suit_name(led)} and only one Sabacc, which you must play."


def sure_winner(know: Knowledge, card: str) -> bool:
    """Whether ``card``, played now, wins the trick whatever the later seats hold."""
    return know.unbeatable(CARD_ID[card])


def card_reason(view: View, know: Knowledge, card: str, legal: list[str]) -> str:
    """What playing ``card`` does, in a clause without its full stop."""
    name = the_card(card)
    trick = view["trick"]
    points = HALF_POINTS[card]
    declaring = know.seat == know.declarer
    if sure_winner(know, card):
        if not trick:
            return f"{name} wins this trick whatever follows"
        gained = sum(HALF_POINTS[p["card"]] for p in trick) + points
        return f"{name} wins this trick, and its {points_words(gained)}, whatever follows"
    if not trick:
        if SUIT_OF[card] == SABACC:
            if declaring:
                return f"leading {name} draws the defenders' Sabaccs"
            return f"leading {name} draws the declarer's Sabaccs"
        suit = _suit_name(SUIT_OF[card])
        if points <= 1:
            return f"{name} is a low lead in {suit} that keeps your strong cards"
        return f"leading {name} tries to win its {points_words(points)}"
    led = SUIT_OF[trick[0]["card"]]
    best = winning_play(trick)
    partner_winning = best["seat"] != know.declarer and not declaring
    if partner_winning and sure_winner_of_trick(know, best["card"]):
        # the card after the seat: a possessive reads wrong before "The Idiot"
        fellow = f"your fellow defender wins this trick with {the_card(best['card'])}"
        if points > 1:
            return f"{fellow}: {name} adds {points_words(points)} to your side's pile"
        return f"{fellow}: {name} keeps your winners"
    holder = know.trick_holder()
    if holder >= 0 and know.declarer >= 0 and (holder == know.declarer) != declaring:
        owner = "the declarer wins" if holder == know.declarer else "the defenders win"
        return (
            f"{owner} this trick with {the_card(best['card'])} whatever follows: {name} "
            f"gives it as few points as you can, keeping your better cards"
        )
    beats = winning_play([*trick, {"seat": know.seat, "card": card}])["card"] == card
    if beats:
        if SUIT_OF[card] == SABACC and led != SABACC:
            return f"you have no {_suit_name(led)}: {name} trumps the trick for now"
        return f"{name} takes the lead in this trick for now"
    if SUIT_OF[card] != led:
        return f"you cannot follow {_suit_name(led)}: {name} is discarded"
    return f"{name} cannot take this trick and costs least"


def sure_winner_of_trick(know: Knowledge, card: str) -> bool:
    """Whether ``card``, already in the trick, wins it whatever the later seats hold."""
    return know.unbeatable(CARD_ID[card])


# --- the aside ---------------------------------------------------------------------------


def aside_hint(view: View, budget: Budget, seed: int) -> JsonDict:
    """The recommended card to set aside, why, and the whole asides compared."""
    estimate = estimate_aside(view, budget, seed)
    n = estimate.samples
    hand = list(view["hand"])
    words = [aside_reason(hand, cards, label) for cards, label in
             zip(estimate.asides, estimate.labels, strict=True)]  # fmt: skip
    order = sorted(range(len(estimate.asides)),
                   key=lambda i: (i != estimate.best, -estimate.totals[i], i))  # fmt: skip
    alternatives = []
    for i in order[: ALTERNATIVES + 1]:
        cards = estimate.asides[i]
        made = f"; made {how_often(estimate.made[i], n)}" if n else ""
        alternatives.append(
            {
                "action": {"type": "aside", "card": cards[0]},
                "value": _chips(estimate.chips[i], n),
                "reason": f"{_cap(words[i])} (the aside: {card_list(cards)}){made}",
            }
        )
    # asides whose lines say one thing, but for their cards, are said of together
    shown = [estimate.asides[i] for i in order[: ALTERNATIVES + 1]]
    alternatives = merge_alike(
        alternatives,
        lambda k: f"setting aside {card_list(shown[k])}",
        lambda k: [card_list(shown[k])],
    )
    cards = estimate.asides[estimate.best]
    return {"action": {"type": "aside", "card": estimate.best_card}, "cards": cards,
            "reason": f"Set aside {these_cards(cards, short=True)}. {_cap(words[estimate.best])}.",
            "alternatives": alternatives}  # fmt: skip


def number_words(n: int) -> str:
    """A small count in words: ``"six"``."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[n] if n < len(words) else str(n)


def card_list(cards: list[str]) -> str:
    """``["13c", "0"]`` -> ``"the Mistress of coins and the Idiot"``."""
    names = [the_card(card) for card in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def these_cards(cards: list[str], short: bool = False) -> str:
    """An aside's cards: ``"these six: the Mistress of coins, ... and the 2 of staves"``,
    or one card by name. ``short``, the hint's headline, lists the names alone (``"these
    six: Mistress of coins, ..., 2 of staves"``): on a phone the headline lies over the
    table, and the articles took a line more from the felt (its cards cut at 375)."""
    if len(cards) == 1:
        return the_card(cards[0])
    names = ", ".join(card_name(card) for card in cards) if short else card_list(cards)
    return f"these {number_words(len(cards))}: {names}"


def aside_reason(hand: list[str], cards: list[str], label: str) -> str:
    """Why the whole aside ``cards`` (built as ``label`` says) is good: what the six do
    together, so that the headline and each compared aside speak of their own cards."""
    if label == "forced":
        if len(cards) > 1:
            return "Only Sabaccs are left to set aside: these are the weakest"
        return f"Only Sabaccs are left to set aside: {the_card(cards[0])} is the weakest"
    rest = [c for c in hand if c not in cards]
    voided = [s for s in "cfst" if any(SUIT_OF[c] == s for c in cards)
              and not any(SUIT_OF[c] == s for c in rest)]  # fmt: skip
    if voided and any(SUIT_OF[c] == SABACC for c in rest):
        suits = " and ".join(_suit_name(s) for s in voided)
        return f"it leaves you no {suits}, so you can trump them"
    banked = sum(HALF_POINTS[c] for c in cards)
    if banked > len(cards):  # more than ordinary cards, half a point each
        return f"it banks {points_words(banked)} in your pile"
    return "it keeps your strong cards in hand"


# --- bidding -----------------------------------------------------------------------------


def bid_hint(view: View, budget: Budget, seed: int) -> JsonDict:
    """The recommended bid, why, and the values of the legal bids."""
    estimate = estimate_bid(view, budget, seed)
    n = estimate.samples
    alternatives = []
    bids, values = estimate.bids, estimate.values
    highest = view["highest_bid"]
    rank = values if estimate.equities is None else estimate.equities  # what decided
    order = sorted(range(len(bids)), key=lambda i: (bids[i] != estimate.best, -rank[i], i))
    # the best bid first, then the next best as the bids run (Take up to Guard against,
    # then passing), as Precedence lists its bids
    listed = [order[0], *sorted(order[1 : ALTERNATIVES + 1])]
    shown = [estimate.bids[i] for i in listed]
    for i in listed:
        bid = estimate.bids[i]
        if bid == PASS:
            words = pass_words(highest, estimate.made[-1], n)
        else:
            words = f"made {how_often(estimate.made[i], n)}"
        if estimate.wins is not None:
            words += f"; {win_words(estimate.wins[i], n)}"
        elif estimate.equities is not None:
            words += f"; {game_words(estimate.equities[i], n)}"
        value = _chips(values[i], n)
        # (a clause, as Precedence's bids: it follows the bid's name, "Guard without: made
        # rarely"; audit 8 saw "Guard without: Made rarely")
        alternatives.append({"action": {"type": "bid", "bid": bid}, "value": value,
                             "reason": words})  # fmt: skip
    # a Take and a Push play alike: one line says it of both
    alternatives = merge_alike(
        alternatives,
        lambda k: "passing" if shown[k] == PASS else f"a {BID_NAMES[shown[k]]}",
    )
    if estimate.wins is not None:
        i = estimate.bids.index(estimate.best)
        name = "Pass" if estimate.best == PASS else f"Bid {BID_NAMES[estimate.best]}"
        reason = (
            f"{name}. In the last round only the final count matters, and this gives you "
            f"the best chance of ending with the most chips: {win_words(estimate.wins[i], n)}"
        )
    elif estimate.equities is not None and len(estimate.bids) > 1:
        reason = game_reason(estimate)
    elif estimate.best == PASS:
        if len(estimate.bids) == 1:
            reason = "Pass. No bid is left above the one made"
        else:
            i = max(range(len(estimate.bids) - 1), key=lambda k: (estimate.made[k], -k))
            reason = (
                f"Pass. As declarer you would make a {BID_NAMES[estimate.bids[i]]} only "
                f"{how_often(estimate.made[i], n)}: not enough for the chips a failed contract "
                "costs"
            )
            if highest is not None:
                reason += f"; {pass_words(highest, estimate.made[-1], n)}"
    else:
        i = estimate.bids.index(estimate.best)
        reason = (
            f"Bid {BID_NAMES[estimate.best]}. As declarer you would make it "
            f"{how_often(estimate.made[i], n)}"
        )
        if len(estimate.bids) > 1:
            reason += f"; {bid_difference(estimate)}"
    return {"action": {"type": "bid", "bid": estimate.best}, "reason": reason + ".",
            "alternatives": alternatives}  # fmt: skip


def bid_difference(estimate: BidEstimate) -> str:
    """Why the chosen bid beats the next best by the search's own figures (chips won on
    average over the deals): a higher bid wins more but is made less often."""
    n = estimate.samples
    values = estimate.values
    best = estimate.bids.index(estimate.best)
    runner = max((k for k in range(len(values)) if k != best), key=lambda k: (values[k], -k))
    gap = rounded(values[best] - values[runner], SCALE * max(1, n))
    name = BID_NAMES[estimate.best]
    if gap <= 0:
        better = f"a {name} is about as good as"
    else:
        better = (
            f"a {name} is about {gap} chip{'s' if gap != 1 else ''} a round better on average than"
        )
    if estimate.bids[runner] == PASS:
        return f"{better} passing"
    other = BID_NAMES[estimate.bids[runner]]
    if runner > best:  # (the bids run from the lowest up)
        return (
            f"a {other} would win more chips when made, but it is made only "
            f"{how_often(estimate.made[runner], n)}: {better} a {other}"
        )
    return (
        f"a {other} is made {how_often(estimate.made[runner], n)}, but wins fewer chips: "
        f"{better} a {other}"
    )


def win_words(wins: int, samples: int) -> str:
    """A last-round choice's share of the game's win, in words."""
    return (
        f"you end on top {how_often(wins, WIN_UNITS * max(1, samples))} (a tie counted as shared)"
    )


def game_reason(estimate: BidEstimate) -> str:
    """Why the bid (or pass) chosen for the game's sake is best, before the last round:
    how often the contract is made, and the chance of winning the game against the
    other course (the best bid, or passing)."""
    n = estimate.samples
    equities = estimate.equities
    assert equities is not None
    best = estimate.bids.index(estimate.best)
    bids = range(len(estimate.bids) - 1)
    if estimate.best == PASS:
        other = max(bids, key=lambda k: (equities[k], -k))
        name = BID_NAMES[estimate.bids[other]]
        odds = _against(equities[best], equities[other], n, f"if you bid a {name}")
        return (
            f"Pass. As declarer you would make a {name} {how_often(estimate.made[other], n)}; "
            f"with the rounds still to come, passing gives you the better chance of winning "
            f"the game: {odds}"
        )
    name = BID_NAMES[estimate.best]
    mine = equities[best]
    passing = equities[len(estimate.bids) - 1]
    odds = _against(mine, passing, n, "if you pass")
    return (
        f"Bid {name}. As declarer you would make it {how_often(estimate.made[best], n)}; "
        f"with the rounds still to come, bidding gives you the better chance of winning the "
        f"game: {odds}"
    )


def _against(chosen: int, other: int, samples: int, what: str) -> str:
    """The chosen course's chance of winning the game against the other's, in words that
    do not oversell: ``"about one time in four, against rarely if you pass"``."""
    whole = EQUITY_UNITS * max(1, samples)
    mine, theirs = how_often(chosen, whole), how_often(other, whole)
    if mine != theirs:
        return f"{mine}, against {theirs} {what}"
    if chosen > other:
        return f"{mine}, a little more often than {what}"
    return f"{mine}, about as often as {what}"


def game_words(equities: int, samples: int) -> str:
    """A choice's chance of winning the game (rounds still to come), in words."""
    return f"you win the game {how_often(equities, EQUITY_UNITS * max(1, samples))}"


def pass_words(highest: str | None, made: int, samples: int) -> str:
    """What passing means: no chips at stake yet, or defending the highest bid so far."""
    if highest is None:
        return "no one has bid: nothing is at stake yet"
    return f"as a defender against the {BID_NAMES[highest]}: it is made {how_often(made, samples)}"
