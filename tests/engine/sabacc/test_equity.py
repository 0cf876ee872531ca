"""The chance of winning the game from a round's chips (sabacc/bots/equity.py)."""

from __future__ import annotations

import pytest

from celestix.sabacc.bots.equity import EQUITY_UNITS, ROUND_SPREAD, equity, spread_of


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_level_players_share_the_game_alike(seats: int) -> None:
    chips = [100] * seats
    shares = [equity(chips, s, 8.0) for s in range(seats)]
    assert len(set(shares)) == 1
    # one in n, within the grid's approximation
    assert abs(shares[0] - EQUITY_UNITS // seats) < EQUITY_UNITS // 50


def test_with_no_round_left_the_most_chips_win_and_a_tie_shares() -> None:
    assert equity([104, 98, 99, 99], 0, 0.0) == EQUITY_UNITS
    assert equity([104, 98, 99, 99], 1, 0.0) == 0
    assert equity([103, 103, 97, 97], 1, 0.0) == EQUITY_UNITS // 2


def test_a_lead_is_worth_more_the_fewer_rounds_are_left() -> None:
    chips = [108, 98, 97, 97]
    chances = [equity(chips, 0, spread_of(4, left)) for left in (1, 2, 3)]
    assert EQUITY_UNITS > chances[0] > chances[1] > chances[2] > EQUITY_UNITS // 4
    # and the others' chances fall as the leader's rise; they add up to a whole game
    total = sum(equity(chips, s, spread_of(4, 1)) for s in range(4))
    assert abs(total - EQUITY_UNITS) <= EQUITY_UNITS // 500


def test_more_chips_never_lower_the_chance() -> None:
    others = [100, 96, 103]
    chances = [equity([own, *others], 0, 6.0) for own in range(80, 125)]
    assert chances == sorted(chances)
    assert chances[0] < EQUITY_UNITS // 100 and chances[-1] > EQUITY_UNITS * 99 // 100


def test_the_spread_grows_with_the_root_of_the_rounds_left() -> None:
    for seats, one in ROUND_SPREAD.items():
        assert spread_of(seats, 1) == one
        assert spread_of(seats, 4) == 2 * one
        assert spread_of(seats, 0) == 0


def test_the_arithmetic_is_exact_integers() -> None:
    # pinned: the same integers on CPython and in Pyodide (no exp or erf, whose last
    # bits may differ between C libraries)
    assert equity([101, 99, 100, 100], 0, 5.0) == 321130
    assert equity([107, 93, 100, 100, 100], 2, 5.5) == 119369
