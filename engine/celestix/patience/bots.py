"""Computer players for the patience, choosing from the view alone.

* ``random`` -- uniform over the legal moves.
* ``easy`` -- always builds when it can, on the rightmost foundation that takes the
  card, else deals, else redeals: the "always play" baseline. (Rightmost first opens
  the foundations early; leftmost first almost never wins.)
* ``normal`` and ``strong`` -- fair players: they use only what the view shows, and
  ``seen_stock``, the cards the player has already seen pass by. During the first
  pass the stock is unknown: ``normal`` plays as ``easy``; ``strong`` weighs building
  against holding by playing the choice out on sampled stocks (uniformly random
  orders of the unseen cards, drawn from ``Rng(seed)``) with the solver. From the
  second pass on the stock's order is known and both solve the position exactly
  (:mod:`celestix.patience.solver`, within a node budget per decision) and follow a
  winning line; when none is found they follow the line of the search that built the
  most cards (the solver's best effort; the ``easy`` move if it has none).

Every search is bounded by a node budget, never by the clock, so the same view,
level and seed give the same move on every Python.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from celestix.bots.levels import Levels, Player, random_player, refusing
from celestix.patience.cards import TWO_PACKS
from celestix.patience.flow import Move, legal_moves
from celestix.patience.solver import LOST, WON, Solution, solve_cards
from celestix.patience.view import View
from celestix.rng import Rng


@dataclass(frozen=True)
class Effort:
    """How hard a level thinks: solver nodes per decision, and first-pass sampling."""

    budget: int  # nodes for the known-order solve
    samples: int  # sampled stocks per first-pass choice (0: play as easy)
    sample_budget: int  # nodes per sampled solve


EFFORT = {
    "normal": Effort(budget=3_000, samples=0, sample_budget=0),
    "strong": Effort(budget=12_000, samples=8, sample_budget=800),
}
# Sampling for the values of a hint when the level itself does not sample.
HINT_SAMPLES = 8
HINT_BUDGET = 800


def easy_player(view: View, seed: int) -> Move:
    """The ``easy`` move: :func:`greedy_move` (the seed is not used)."""
    return greedy_move(legal_or_refuse(view))


def fair_player(effort: Effort) -> Player[View, Move]:
    """The fair player thinking with ``effort`` (``normal``, ``strong``)."""

    def play(view: View, seed: int) -> Move:
        moves = legal_or_refuse(view)
        if len(moves) == 1:
            return moves[0]
        return evaluate(view, moves, effort, seed, every_move=False)[0].move

    return play


@dataclass(frozen=True)
class Choice:
    """One move and what the search expects of it.

    ``value`` is the estimated chance of winning after the move, in percent:
    ``wins`` of ``trials`` sampled stocks during the first pass, else the solver's
    verdict on the known stock (100 winnable, 0 lost; ``status`` says which, and
    ``unknown`` is valued 50). ``line`` is a winning line from the position after the
    move, when the stock is known and one was found.
    """

    move: Move
    value: int
    wins: int = 0
    trials: int = 0
    status: str | None = None
    line: list[Move] | None = None


def evaluate(
    view: View, moves: list[Move], effort: Effort, seed: int, every_move: bool
) -> list[Choice]:
    """The moves with their values, the recommended one first.

    With ``every_move`` false only the recommendation is worked out when the stock is
    known (the bot's need); hints value every move.
    """
    if stock_known(view):
        return _known_choices(view, moves, effort.budget, every_move)
    samples = effort.samples or (HINT_SAMPLES if every_move else 0)
    if samples == 0:
        return [Choice(greedy_move(moves), 0)]
    return _sampled_choices(view, moves, samples, effort.sample_budget or HINT_BUDGET, seed)


def _known_choices(view: View, moves: list[Move], budget: int, every_move: bool) -> list[Choice]:
    """Choices when the whole stock is known: the solver on the real order."""
    root = solve_view(view, budget)
    if root.status == WON and root.line:
        best = root.line[0]
        first = Choice(best, 100, status=WON, line=root.line[1:])
    else:
        # No winning line found: follow the line that built the most cards.
        best = root.best[0] if root.best and root.best[0] in moves else greedy_move(moves)
        first = Choice(best, 0 if root.status == LOST else 50, status=root.status)
    if not every_move:
        return [first]
    others = []
    for move in moves:
        if move == best:
            continue
        if root.status == LOST:
            others.append(Choice(move, 0, status=LOST))
            continue
        after = play(view, move, view["seen_stock"])
        solution = solve_cards(
            after["stock"], after["waste"], after["foundations"], after["redeals_left"], budget
        )
        value = {WON: 100, LOST: 0}.get(solution.status, 50)
        others.append(Choice(move, value, status=solution.status, line=solution.line))
    if root.status != WON:
        # No line found from here: recommend the move valued best (on ties the first
        # move of the line that built the most cards).
        pool = [first, *others]
        first = max(pool, key=lambda c: (c.value, c is first))
        others = [c for c in pool if c is not first]
    others.sort(key=lambda c: -c.value)
    return [first, *others]


def _sampled_choices(
    view: View, moves: list[Move], samples: int, budget: int, seed: int
) -> list[Choice]:
    """Choices during the first pass: each move played out on the same sampled stocks."""
    stocks = sampled_stocks(view, samples, seed)
    order = sorted(range(len(moves)), key=lambda i: _preference(moves, moves[i]))
    choices = []
    for i in order:
        wins = 0
        for n, stock in enumerate(stocks):
            after = play(view, moves[i], stock)
            solution = solve_cards(
                after["stock"],
                after["waste"],
                after["foundations"],
                after["redeals_left"],
                budget,
                salt=n,
                probe_share=100,
            )
            wins += solution.status == WON
        choices.append(Choice(moves[i], round(100 * wins / samples), wins, samples))
    # Most wins first; on ties the easy move's order (rightmost build, then deal).
    return sorted(choices, key=lambda c: -c.wins)


def _preference(moves: list[Move], move: Move) -> int:
    """The easy bot's order: builds right to left, then deal or redeal."""
    if move["type"] == "build":
        return -int(move["to"])
    return 1


class Position(TypedDict):
    """The cards of a position, its stock in a known order (top first)."""

    stock: list[str]
    waste: list[str]
    foundations: list[list[str]]
    redeals_left: int


def play(view: View, move: Move, stock: Sequence[str]) -> Position:
    """The cards after ``move`` when the stock is ``stock`` (top first)."""
    waste = list(view["waste"])
    foundations = [list(pile) for pile in view["foundations"]]
    rest = list(stock)
    redeals = view["redeals_left"]
    if move["type"] == "deal":
        waste.append(rest.pop(0))
    elif move["type"] == "redeal":
        rest, waste = waste, []
        redeals -= 1
    else:
        foundations[move["to"]].append(waste.pop())
    return {"stock": rest, "waste": waste, "foundations": foundations, "redeals_left": redeals}


def view_moves(view: View) -> list[Move]:
    """The legal moves in the view (the same as the state's)."""
    return legal_moves(
        view["foundations"], view["waste"], view["stock_count"], view["redeals_left"]
    )


def greedy_move(moves: Sequence[Move]) -> Move:
    """Build on the rightmost foundation that takes the top card, else deal or redeal."""
    builds = [move for move in moves if move["type"] == "build"]
    return builds[-1] if builds else moves[0]


def stock_known(view: View) -> bool:
    """Whether the player has seen the whole stock's order (or the stock is empty)."""
    return bool(len(view["seen_stock"]) == view["stock_count"])


def solve_view(view: View, budget: int, probe_share: int | None = None) -> Solution:
    """The solver's answer for a view whose stock is known."""
    return solve_cards(
        view["seen_stock"],
        view["waste"],
        view["foundations"],
        view["redeals_left"],
        budget,
        probe_share=probe_share,
    )


def unseen_cards(view: View) -> list[str]:
    """The cards the stock holds but the player has not seen, in code order."""
    counts = Counter(TWO_PACKS)
    counts.subtract(view["waste"])
    for pile in view["foundations"]:
        counts.subtract(pile)
    return sorted(counts.elements())


def sampled_stocks(view: View, samples: int, seed: int) -> list[list[str]]:
    """``samples`` uniformly random orders of the unseen cards, from ``Rng(seed)``."""
    cards = unseen_cards(view)
    rng = Rng(seed)
    return [rng.shuffled(cards) for _ in range(samples)]


legal_or_refuse = refusing(view_moves)
TABLE = Levels(
    {
        "random": random_player(legal_or_refuse),
        "easy": easy_player,
        "normal": fair_player(EFFORT["normal"]),
        "strong": fair_player(EFFORT["strong"]),
    }
)
LEVELS = TABLE.names
choose = TABLE.choose
