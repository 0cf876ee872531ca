"""The last-pass bounds never refuse a win (against brute force on small positions)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from patience.solver_cases import brute_force, position
from scale import scaled

from celestix.patience.solver_bounds import (
    final_pass_possible,
    final_pass_start_possible,
    stock_counts,
)
from celestix.rng import Rng


@settings(max_examples=scaled(60, 8))
@given(st.integers(1, 10**9), st.integers(6, 16))
def test_final_pass_possible_never_refuses_a_win(seed: int, size: int) -> None:
    # Deal part of a last pass that brute force can still win: the bound must agree.
    cards, counts = position(seed, size, 2)
    dealt = Rng(seed, 1).below(size + 1)
    waste, rest = cards[:dealt], cards[dealt:]
    if brute_force(tuple(rest), tuple(counts), 0, tuple(waste)):
        assert final_pass_possible(waste, counts, stock_counts(rest, 0))


@settings(max_examples=scaled(60, 8))
@given(st.integers(1, 10**9), st.integers(6, 18), st.integers(1, 2))
def test_final_pass_start_possible_never_refuses_a_win(seed: int, size: int, before: int) -> None:
    cards, counts = position(seed, size, before)
    if brute_force(tuple(cards), tuple(counts), 0):
        assert final_pass_start_possible(cards, counts)


def test_the_bounds_refuse_some_lost_last_passes() -> None:
    # They must be more than "always True": over these positions, each refuses some
    # that brute force finds lost.
    refused_waste = refused_start = 0
    for seed in range(1, 60):
        cards, counts = position(seed, 14, 2)
        if brute_force(tuple(cards), tuple(counts), 0):
            continue
        refused_start += not final_pass_start_possible(cards, counts)
        half = len(cards) // 2
        refused_waste += not final_pass_possible(
            cards[:half], counts, stock_counts(cards[half:], 0)
        )
    assert refused_start > 0 and refused_waste > 0
