"""How a level values one decision: the review's interface to the searches.

:func:`judge` takes a view, the action the seat took there, a level and a seed, and
returns the level's own choice (the action ``bot_action`` gives with that level and
seed) and what the action cost against it, in points for the seat's team (less the
opponents'), estimated over the same sampled deals the level plays from: the values the
hints show (:mod:`celestix.precedence.bots.hints`). Levels that do not search are
judged by ``normal``'s search, as their hints are.

Only this module reads the searches' estimates for the review, so a change to the
searches (other budgets, another search) reaches the review through it.
"""

from __future__ import annotations

from celestix.bots.budget import rounded
from celestix.precedence.actions import Action, cards_of, declarations_of
from celestix.precedence.bots.deals import Knowledge
from celestix.precedence.bots.fast import distinct, mask_of
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.bots.search import (
    BUDGETS,
    estimate_bid,
    estimate_declaration,
    estimate_play,
)
from celestix.precedence.cards import CARD_ID, DECK
from celestix.precedence.view import View
from celestix.table.judgement import Judgement


def judge(view: View, action: Action, level: str, seed: int) -> Judgement[Action]:
    """The level's choice in ``view`` and the cost of ``action`` (a legal action there)."""
    moves = legal_or_refuse(view)
    kind = action["type"]
    if len(moves) == 1:
        return Judgement(moves[0], 0, 0, 0, 1, 0, kind)
    budget = BUDGETS.get(level, BUDGETS["normal"])
    if action["type"] == "declare":
        declared = declarations_of(moves)
        index = declared.index(action)
        estimate = estimate_declaration(view, declared, budget, seed, also=index)
        n = 8 * max(1, estimate.samples)
        top = estimate.values[estimate.indices.index(estimate.best)]
        mine = estimate.also_value if estimate.also_value is not None else top
        return Judgement(declared[estimate.best], _gap(top, mine, n), rounded(top, n),
                         rounded(mine, n), len(moves), estimate.samples, kind)  # fmt: skip
    if action["type"] == "bid":
        bid = estimate_bid(view, budget, seed)
        n = max(1, bid.samples)
        top, mine = bid.values[bid.best], bid.values[action["tricks"]]
        best: Action = {"type": "bid", "tricks": bid.best}
        return Judgement(best, _gap(top, mine, n), rounded(top, n), rounded(mine, n),
                         len(moves), bid.samples, kind)  # fmt: skip
    legal = cards_of(moves)
    card = searched_card(view, legal, action["card"])
    play = estimate_play(view, legal, budget, seed, value_one=True, also=card)
    n = max(1, play.samples)
    top = play.totals[play.best]
    mine = play.totals[play.cards.index(card)] if card in play.cards else play.also_total
    best = {"type": "play", "card": play.cards[play.best]}
    return Judgement(best, _gap(top, mine, n), rounded(top, n), rounded(mine, n), len(moves),
                     play.samples, kind)  # fmt: skip


def searched_card(view: View, legal: list[str], card: str) -> str:
    """The card the search values for ``card``: the lowest of its run of cards that no
    card in play separates (they win and lose the same tricks)."""
    runs = distinct(mask_of(legal), Knowledge.from_view(view).alive())
    number = CARD_ID[card]
    same_suit = [c for c in runs if c // 13 == number // 13 and c <= number]
    return DECK[max(same_suit)] if same_suit else card


def _gap(top: int, mine: int, count: int) -> int:
    """The loss per deal, a whole number >= 0."""
    return max(0, rounded(top - mine, count))
