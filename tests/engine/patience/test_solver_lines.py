"""The solver's lines: the cached build choices, and lines replayed from a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from patience.solver_cases import brute_force, position, setup_state, wins
from scale import scaled

from celestix.patience.solver import WON, solve_cards
from celestix.patience.solver_climb import LAST_PASS_CAP, NEAR
from celestix.patience.solver_search import (
    BUILD_FIRST,
    BUILD_LAST,
    HOLD,
    Search,
    _wants_of,
    build_choices,
    wanted_rank,
)

counts_lists = st.lists(st.integers(0, 13), min_size=8, max_size=8)


@given(counts_lists)
def test_cached_choices_are_build_choices(counts: list[int]) -> None:
    packed = 0
    for c in counts:
        packed = packed * 16 + c
    got_packed, mask, choices = _wants_of(counts, packed)
    assert got_packed == packed
    assert list(choices) == [build_choices(counts, rank) for rank in range(13)]
    assert mask == sum(1 << rank for rank in range(13) if build_choices(counts, rank))
    # every foundation that wants a rank is at the slot of one listed for it
    for k in range(8):
        rank = wanted_rank(counts, k)
        if rank >= 0:
            assert k + counts[k] in [j + counts[j] for j in choices[rank]]


def _search(cards: list[int], counts: list[int], redeals: int) -> Search:
    return Search(cards, 0, counts, redeals, 10**7)


@settings(max_examples=scaled(60, 8))
@given(
    st.integers(1, 10**9),
    st.integers(1, 2),
    st.lists(st.sampled_from([BUILD_LAST, HOLD, BUILD_FIRST]), max_size=40),
    st.integers(0, 39),
    st.sampled_from([BUILD_LAST, HOLD, BUILD_FIRST]),
)
def test_a_line_replayed_from_a_record_is_the_line(
    seed: int, redeals: int, parent: list[int], at: int, what: int
) -> None:
    cards, counts = position(seed, 30, 2 - redeals)
    first = _search(cards, counts, redeals)
    _, _, record = first.play_line(parent, NEAR, LAST_PASS_CAP)
    met = len(record.snapshots)
    trial = parent + [BUILD_LAST] * (met - len(parent))
    if met:
        at %= met
        trial[at] = what
        record.start = at
    fresh = _search(cards, counts, redeals)
    replayed = _search(cards, counts, redeals)
    won, score, own = fresh.play_line(trial, NEAR, LAST_PASS_CAP)
    won2, score2, own2 = replayed.play_line(trial, NEAR, LAST_PASS_CAP, record)
    assert (won, score) == (won2, score2)
    assert own.steps == own2.steps and own.snapshots == own2.snapshots
    assert fresh.path == replayed.path
    if not won:
        assert fresh.path == [] and fresh.counts == counts


@settings(max_examples=scaled(20, 4))
@given(st.integers(1, 10**9), st.integers(0, 2**32))
def test_the_climb_alone_finds_only_real_wins(seed: int, salt: int) -> None:
    # All of a small budget to the climb: whatever it says won is won, with a line that
    # wins through the facade; otherwise it claims nothing (no exhaustive search ran).
    cards, counts = position(seed, 24, 0)
    state = setup_state(cards, counts, 2)
    solution = solve_cards(
        state["stock"], [], state["foundations"], 2, 3000, salt=salt, probe_share=100
    )
    if solution.status == WON:
        assert solution.line is not None and wins(state, solution.line)
        assert brute_force(tuple(cards), tuple(counts), 2)
    else:
        assert solution.status == "unknown"
