"""The sampling search of the trick games' searching players (perfect-information Monte
Carlo), with each game's rules behind a small :class:`Simulation`.

A decision compares a few choices (cards, or whole asides) over common sampled deals of
the hidden cards: :func:`tally` draws a deal (:meth:`Simulation.sample`), has the game
value every choice in it (:meth:`Simulation.values`: a playout or an exact solve, each
choice's value a row of whole numbers, and the work spent), sums the rows, and goes on
while the budget allows (:meth:`SearchBudget.more`: sampled deals and work, never time,
so a seed gives the same choice on every Python) and the optional clock
(:attr:`SearchBudget.time_ms`, off in every level) has not run out. A choice asked for
aside (``also``: one the search leaves out, for a hint or a review) is valued on the
same deals without its work counting, so it never changes the search.

A card decision is the same in every trick game (:func:`search_cards`): the legal cards
as a mask, less those the game's own rule leaves out, one card of each run that plays
alike, each valued by :func:`tally` over the game's :class:`Simulation` -- solving
exactly once few tricks are left; what the seat knows is a :class:`Seat` and the deck
a :class:`Cards`. The game then chooses among the values by its own tie order.

Decisions that sample a fixed number of deals (bids, declarations) draw them from
:func:`deals`, under the same clock. Every decision reads the view as its budget says
(:func:`knowledge`: the other seats' plays as evidence or not, how many deals a sample
may draw).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from celestix.bots.bits import mask_of
from celestix.bots.budget import Clock, SearchBudget
from celestix.errors import MalformedError
from celestix.rng import Rng

D = TypeVar("D")
K = TypeVar("K")
V = TypeVar("V")


def knowledge(read: Callable[[V, bool, int], K], view: V, budget: SearchBudget) -> K:
    """What ``view`` tells a search with ``budget``: ``read`` (a game's
    ``Knowledge.from_view``) with the other seats' past plays read as evidence if the
    budget says so (:attr:`SearchBudget.read_plays`), drawing up to
    :attr:`SearchBudget.deal_tries` deals for a sample."""
    return read(view, bool(budget.read_plays), budget.deal_tries)


class Simulation(Protocol[D]):
    """What one game gives :func:`tally` for one decision: its deals and their values."""

    def sample(self, rng: Rng) -> D:
        """A deal of the hidden cards consistent with what the seat knows."""
        ...

    def values(
        self, deal: D, choices: Sequence[int], rng: Rng
    ) -> tuple[list[tuple[int, ...]], int]:
        """Each choice's value in ``deal`` (a row of whole numbers, the same width for
        every choice) and the work spent on them."""
        ...


@dataclass
class Tally:
    """The summed rows of the choices over the sampled deals."""

    sums: list[list[int]]  # per choice, its rows summed column by column
    also: list[int]  # the same for the choice asked for aside (zeros if none)
    samples: int


def tally(
    simulation: Simulation[D],
    choices: Sequence[int],
    width: int,
    budget: SearchBudget,
    rng: Rng,
    also: int = -1,
    limit: int | None = None,
) -> Tally:
    """Value ``choices`` (rows of ``width`` numbers) over the simulation's deals until
    ``budget`` (with ``limit`` for the work, if given) or its clock stops the search;
    ``also`` (>= 0) is valued on the same deals without its work counting."""
    sums = [[0] * width for _ in choices]
    extra = [0] * width
    clock = Clock(budget.time_ms)
    work = samples = 0
    while budget.more(samples, work, limit):
        if samples >= 1 and clock.out():
            break
        deal = simulation.sample(rng)
        rows, spent = simulation.values(deal, choices, rng)
        work += spent
        for summed, row in zip(sums, rows, strict=True):
            for k in range(width):
                summed[k] += row[k]
        if also >= 0:
            rows, _ = simulation.values(deal, [also], rng)
            for k in range(width):
                extra[k] += rows[0][k]
        samples += 1
    return Tally(sums, extra, samples)


def deals(sample: Callable[[Rng], D], rng: Rng, count: int, budget: SearchBudget) -> Iterator[D]:
    """``count`` deals drawn by ``sample``, fewer if ``budget``'s clock runs out (never
    before the first)."""
    clock = Clock(budget.time_ms)
    for drawn in range(count):
        if drawn >= 1 and clock.out():
            return
        yield sample(rng)


# --- a card decision ----------------------------------------------------------------------


class Seat(Protocol):
    """What a seat knows, as a card decision asks it (each game's ``deals.Knowledge``)."""

    seat: int

    @property
    def to_act(self) -> int:
        """The seat to act in the trick in progress."""
        ...

    @property
    def left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        ...

    def alive(self) -> int:
        """The cards still in play: every hand and the trick in progress."""
        ...


@dataclass(frozen=True)
class Cards:
    """A game's deck as a card decision needs it."""

    deck: Sequence[str]  # card codes by card number
    card_id: Mapping[str, int]  # card numbers by code
    distinct: Callable[[int, int], list[int]]  # one card of each run of (legal, alive)


@dataclass
class CardChoices:
    """A card decision's choices and, if they were searched, their summed values."""

    choices: list[int]  # card numbers, in the order the game's ``distinct`` gives
    cards: list[str]  # the same as codes
    tallied: Tally | None  # None: one choice, not searched


def search_cards(
    game: Cards,
    know: Seat,
    legal: Sequence[str],
    keep: Callable[[int], int],
    simulation: Callable[[bool, Rng], Simulation[D]],
    width: int,
    budget: SearchBudget,
    rng: Rng,
    value_one: bool = False,
    also: str | None = None,
) -> CardChoices:
    """Value the distinct cards of ``legal`` that ``keep`` (the game's rule, a mask of the
    legal cards to the mask worth searching) leaves, over the game's ``simulation(solving,
    rng)``, solving once :attr:`SearchBudget.solve_tricks` or fewer tricks are left.

    A single choice is not searched unless ``value_one`` asks for its value. ``also``, a
    legal card that is not among the choices (one ``keep`` or ``distinct`` leaves out), is
    valued on the same deals without changing the search (its work is not counted).
    """
    if know.to_act != know.seat:
        raise MalformedError("view.trick", "the trick does not come round to the seat")
    choices = game.distinct(keep(mask_of(legal, game.card_id)), know.alive())
    cards = [game.deck[card] for card in choices]
    if len(choices) == 1 and not value_one and also is None:
        return CardChoices(choices, cards, None)
    extra = game.card_id[also] if also is not None and also not in cards else -1
    played = simulation(know.left <= budget.solve_tricks, rng)
    return CardChoices(choices, cards, tally(played, choices, width, budget, rng, extra))
