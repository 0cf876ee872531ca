"""The budgets of the searching players, shared by the trick games.

A search samples deals of the hidden cards until a budget of *work* (cards played in
playouts plus solver positions) is spent, never of time, so a seed and a level give
the same choice on every Python (an optional clock, :class:`Clock`, off in every
level, can stop a search earlier). Each game's budget is a :class:`SearchBudget` with
fields of its own; the levels, the arena's variants and changes written after a name
(``"normal+work=9000+solve_tricks=4"``) all resolve through :func:`budget_of`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

B = TypeVar("B", bound="SearchBudget")
# A game's types of a view and of an action (plain JSON, or its own TypedDicts)
V = TypeVar("V", bound=Mapping[str, object])
A = TypeVar("A", bound=Mapping[str, object])


@dataclass(frozen=True, kw_only=True)
class SearchBudget:
    """What every game's search budget has."""

    work: int  # cards played in playouts plus solver positions, per card decision
    min_samples: int  # sampled deals at least, whatever the work
    max_samples: int  # and at most
    solve_tricks: int  # solve exactly once this many tricks or fewer remain (0: never)
    bid_samples: int  # sampled deals for a bid
    bidding: str = "search"  # "search" or "basic" (the basic player's bids)
    read_plays: int = 0  # 1: the other seats' past plays weigh the sampled deals too
    deal_tries: int  # deals drawn at most for one sample (the evidence: bids, plays)
    time_ms: int | None = None  # an optional time limit per decision (off in every level)

    def more(self, samples: int, work: int, limit: int | None = None) -> bool:
        """Whether to sample another deal after ``samples`` deals and ``work`` work
        (``limit`` instead of :attr:`work` for decisions with their own)."""
        if samples >= self.max_samples:
            return False
        return samples < self.min_samples or work < (self.work if limit is None else limit)


def budget_of(spec: str, named: Mapping[str, B]) -> B | None:
    """The budget ``spec`` names, or ``None``.

    ``spec`` is a name of ``named`` (a level or an arena variant) followed by any
    changes, e.g. ``"normal+work=9000+solve_tricks=4"`` or ``"strong+playouts=random"``:
    text for a field that holds text, digits for one that holds a number.
    """
    name, *changes = spec.split("+")
    budget = named.get(name)
    if budget is None:
        return None
    known = {field.name for field in fields(budget)}
    changed: dict[str, Any] = {}
    for change in changes:
        key, _, text = change.partition("=")
        if key not in known or not text:
            return None
        if isinstance(getattr(budget, key), str):
            changed[key] = text
        elif text.isdigit():
            changed[key] = int(text)
        else:
            return None
    return replace(budget, **changed)


def searcher(
    named: Mapping[str, B], choose: Callable[[V, B, int], A]
) -> Callable[[str], Callable[[V, int], A] | None]:
    """The players of the budgets :func:`budget_of` resolves: ``spec -> (view, seed) ->
    action``, ``None`` for a spec that names no budget."""

    def player_of(spec: str) -> Callable[[V, int], A] | None:
        budget = budget_of(spec, named)
        return None if budget is None else player(choose, budget)

    return player_of


def player(choose: Callable[[V, B, int], A], budget: B) -> Callable[[V, int], A]:
    """The player searching with ``budget``: a function of ``(view, seed)``."""

    def play(view: V, seed: int) -> A:
        return choose(view, budget, seed)

    return play


def rounded(total: int, count: int) -> int:
    """``total / count`` rounded to the nearest whole number, halves away from zero
    (0 for no count)."""
    if total < 0:
        return -rounded(-total, count)
    return (2 * total + count) // (2 * max(1, count))


class Clock:
    """An optional time limit of a search (never consulted when it is off)."""

    def __init__(self, time_ms: int | None):
        self.deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000

    def out(self) -> bool:
        """Whether the time is up."""
        return self.deadline is not None and time.perf_counter() >= self.deadline
