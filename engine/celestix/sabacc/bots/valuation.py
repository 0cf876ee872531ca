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

from celestix.bots.budget import rounded
from celestix.sabacc.bots import basic
from celestix.sabacc.bots.fast import SCALE
from celestix.sabacc.bots.search import BUDGETS, estimate_aside, estimate_bid, estimate_play
from celestix.sabacc.cards import CARD_ID, HALF_POINTS, SUIT_OF
from celestix.sabacc.legal import view_moves
from celestix.sabacc.view import View
from celestix.shape import JsonDict
from celestix.table.judgement import Judgement

HUNDREDTHS = 100


def judge(view: View, action: JsonDict, level: str, seed: int) -> Judgement:
    """The level's choice in ``view`` and the cost of ``action`` (a legal action there)."""
    moves = view_moves(view)
    kind = str(action["type"])
    if len(moves) == 1:
        return Judgement(moves[0], 0, 0, 0, 1, 0, kind)
    budget = BUDGETS.get(level, BUDGETS["normal"])
    if kind == "bid":
        bid = estimate_bid(view, budget, seed)
        top = bid.values[bid.bids.index(bid.best)]
        mine = bid.values[bid.bids.index(action["bid"])]
        return _verdict({"type": "bid", "bid": bid.best}, top, mine, bid.samples, len(moves), kind)
    if kind == "aside":
        card = str(action["card"])
        first = estimate_aside(view, budget, seed)
        containing = [i for i, cards in enumerate(first.asides) if card in cards]
        if containing:
            aside = first
            mine = max(aside.chips[i] for i in containing)
        else:
            aside = estimate_aside(view, budget, seed, also=completed_aside(view, card))
            mine = aside.also_chips
        best = {"type": "aside", "card": aside.best_card}
        return _verdict(best, aside.chips[aside.best], mine, aside.samples, len(moves), kind)
    legal = [move["card"] for move in moves]
    card = str(action["card"])
    play = estimate_play(view, legal, budget, seed, value_one=True)
    searched = searched_card(play.cards, card)
    if searched is None:  # a card the search leaves out: valued on the same deals
        play = estimate_play(view, legal, budget, seed, value_one=True, also=card)
        mine = play.also_chips
    else:
        mine = play.chips[play.cards.index(searched)]
    best = {"type": "play", "card": play.cards[play.best]}
    return _verdict(best, play.chips[play.best], mine, play.samples, len(moves), kind)


def completed_aside(view: View, card: str) -> list[str]:
    """A whole aside starting with ``card``, completed as the basic player would."""
    need = int(view["aside_needed"]) - int(view["aside_size"])
    rest = [c for c in view["hand"] if c != card]
    chosen = [card]
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


def _verdict(best: JsonDict, top: int, mine: int, samples: int, choices: int,
             kind: str) -> Judgement:  # fmt: skip
    """The judgement from summed values (chips times SCALE over ``samples`` deals)."""
    count = SCALE * max(1, samples)
    loss = max(0, rounded(HUNDREDTHS * (top - mine), count))
    return Judgement(best, loss, rounded(HUNDREDTHS * top, count),
                     rounded(HUNDREDTHS * mine, count), choices, samples, kind)  # fmt: skip
