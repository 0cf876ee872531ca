"""How a level values one decision: the review's interface to the searches.

:func:`judge` takes a view, the action the seat took there, a level and a seed, and
returns the level's own choice (the action ``bot_action`` gives with that level and
seed) and what the action cost against it, in hundredths of a chip for the round,
estimated over the same sampled deals the level plays from: the values the hints show
(:mod:`celestix.sabacc.bots.hints`; wagers won or lost and bonuses, the table's stakes
as the view shows them). Levels that do not search are judged by ``normal``'s search,
as their hints are.

Only this module reads the searches' estimates for the review, so a change to the
searches (other budgets, another search, other stakes) reaches the review through it.
"""

from __future__ import annotations

from math import comb

from celestix.bots.budget import rounded
from celestix.sabacc.actions import Action, AsideAction, cards_of
from celestix.sabacc.aside import aside_choices, is_free
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.fast import SCALE
from celestix.sabacc.bots.search import BUDGETS, Budget, estimate_aside, estimate_bid, estimate_play
from celestix.sabacc.cards import CARD_ID, HALF_POINTS, SUIT_OF
from celestix.sabacc.legal import view_moves
from celestix.sabacc.view import View
from celestix.table.judgement import Judgement

HUNDREDTHS = 100


def judge(view: View, action: Action, level: str, seed: int) -> Judgement[Action]:
    """The level's choice in ``view`` and the cost of ``action`` (a legal action there)."""
    moves = view_moves(view)
    kind = action["type"]
    budget = BUDGETS.get(level, BUDGETS["normal"])
    if action["type"] == "aside":
        return _aside(view, action, budget, seed)
    if len(moves) == 1:
        return Judgement(moves[0], 0, 0, 0, 1, 0, kind)
    if action["type"] == "bid":
        bid = estimate_bid(view, budget, seed)
        top = bid.values[bid.bids.index(bid.best)]
        mine = bid.values[bid.bids.index(action["bid"])]
        return _verdict({"type": "bid", "bid": bid.best}, top, mine, bid.samples, len(moves), kind)
    legal = cards_of(moves)
    card = action["card"]
    play = estimate_play(view, legal, budget, seed, value_one=True)
    searched = searched_card(play.cards, card)
    if searched is None:  # a card the search leaves out: valued on the same deals
        play = estimate_play(view, legal, budget, seed, value_one=True, also=card)
        mine = play.also_chips
    else:
        mine = play.chips[play.cards.index(searched)]
    best: Action = {"type": "play", "card": play.cards[play.best]}
    return _verdict(best, play.chips[play.best], mine, play.samples, len(moves), kind)


def _aside(view: View, action: AsideAction, budget: Budget, seed: int) -> Judgement[Action]:
    """The whole aside is one decision (the page chooses it whole, the hint names it
    whole): ``action`` holds its ``cards``, judged from the view before the first of them
    against the level's own whole aside there, so that the hint's cards cost nothing.
    ``choices`` counts the whole asides the rules allow (1: forced)."""
    whole = completed_aside(view, action.get("cards", [action["card"]]))
    ways = aside_ways(view)
    if ways == 1:
        return Judgement({"type": "aside", "card": whole[0], "cards": whole}, 0, 0, 0, 1, 0,
                         "aside")  # fmt: skip
    aside = estimate_aside(view, budget, seed)  # (the hint's own search)
    same = [i for i, cards in enumerate(aside.asides) if sorted(cards) == sorted(whole)]
    top, samples = aside.chips[aside.best], aside.samples
    if same:
        mine = aside.chips[same[0]]
    else:  # an aside the search did not compare: valued on the same deals
        valued = estimate_aside(view, budget, seed, also=whole)
        top, mine, samples = valued.chips[aside.best], valued.also_chips, valued.samples
    cards = list(aside.asides[aside.best])
    best: AsideAction = {"type": "aside", "card": cards[0], "cards": cards}
    return _verdict(best, top, mine, samples, ways, "aside")


def aside_ways(view: View) -> int:
    """How many whole asides the rules allow from the view (the free cards first, then
    Sabaccs that are not Honours)."""
    need = int(view["aside_needed"]) - int(view["aside_size"])
    hand = view["hand"]
    free = sum(1 for card in hand if is_free(card))
    if free >= need:
        return comb(free, need)
    others = [card for card in hand if not is_free(card)]
    return comb(len(aside_choices(others)), need - free)


def completed_aside(view: View, cards: list[str]) -> list[str]:
    """A whole aside starting with ``cards`` (in that order), completed as the basic
    player would (a record that stops part way through the aside)."""
    need = int(view["aside_needed"]) - int(view["aside_size"])
    rest = [c for c in view["hand"] if c not in cards]
    chosen = list(cards[:need])
    while len(chosen) < need:
        other = basic.choose_aside(rest)
        chosen.append(other)
        rest.remove(other)
    return chosen


def searched_card(cards: list[str], card: str) -> str | None:
    """The card the search valued for ``card``: the strongest of its run of cards that
    play alike (``cards`` are the searched ones; a run's searched card is its highest);
    ``None`` for a card the search left out (its run is not searched)."""
    if card in cards:
        return card
    same = [c for c in cards if SUIT_OF[c] == SUIT_OF[card] and CARD_ID[c] > CARD_ID[card]
            and HALF_POINTS[c] == HALF_POINTS[card]]  # fmt: skip
    return min(same, key=CARD_ID.__getitem__) if same else None


def _verdict(best: Action, top: int, mine: int, samples: int, choices: int,
             kind: str) -> Judgement[Action]:  # fmt: skip
    """The judgement from summed values (chips times SCALE over ``samples`` deals)."""
    count = SCALE * max(1, samples)
    loss = max(0, rounded(HUNDREDTHS * (top - mine), count))
    return Judgement(best, loss, rounded(HUNDREDTHS * top, count),
                     rounded(HUNDREDTHS * mine, count), choices, samples, kind)  # fmt: skip
