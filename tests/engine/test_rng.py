"""The seeded generator is exactly the documented SplitMix64 + Fisher-Yates."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from celestix.rng import MAX_SEED, Rng


def test_splitmix64_reference_vectors() -> None:
    # Outputs of the reference splitmix64.c seeded with 1234567.
    rng = Rng(1234567)
    assert [rng.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_streams_give_independent_sequences() -> None:
    base = [Rng(42).next_u64() for _ in range(3)]
    assert [Rng(42, 0).next_u64() for _ in range(3)] != base
    assert Rng(42, 0).next_u64() != Rng(42, 1).next_u64()
    assert Rng(42, 3, 1).next_u64() == Rng(42, 3, 1).next_u64()


def test_shuffle_is_fisher_yates_from_the_end() -> None:
    items = list(range(10))
    expected = list(items)
    reference = Rng(99)
    for i in range(len(expected) - 1, 0, -1):
        j = reference.next_u64() % (i + 1)  # no rejection for such small bounds here
        expected[i], expected[j] = expected[j], expected[i]
    assert Rng(99).shuffled(items) == expected


@given(st.integers(0, MAX_SEED), st.integers(1, 1000))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert all(900 < counts[k] < 1100 for k in range(6))


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).below(0)


def test_random_is_a_unit_fraction() -> None:
    rng = Rng(3)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6
