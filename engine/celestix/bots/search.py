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

Decisions that sample a fixed number of deals (bids, declarations) draw them from
:func:`deals`, under the same clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from celestix.bots.budget import Clock, SearchBudget
from celestix.rng import Rng

D = TypeVar("D")


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
