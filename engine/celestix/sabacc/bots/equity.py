"""A player's chance of winning the game from the chips after a round (its *equity*).

Contract Sabacc is won by the most chips once every player has dealt (RULES.md 3.9), not
by chips as such. In the last round the searching players value an outcome by whether it
leaves them on top (:meth:`fast.Standing.share`). Before it, the rounds still to come
move everyone's chips, so a lead is worth less than a sure win and a deficit can be made
up. :func:`equity` models each player's chips at the end as their chips now plus an
independent change of spread ``spread`` chips (the rounds left's), a binomial on a grid of
:data:`STEPS` + 1 points standing in for the normal curve (each point's weight spread
over the step around it), and gives the chance that the seat ends on top.

With every player level, that chance is 1 / n for each, and a round that leaves one
player well ahead is worth more to it than one round's chips say: a player who would win
the game with the lead it takes is right to declare a contract made a little less often
than the chips' break-even (4 times in 7 at four players). This is what keeps players
who count from passing round after round (issue 12).

The arithmetic is exact: integer weights, and the only floating-point operations are
those IEEE 754 rounds the same everywhere (no ``exp`` or ``erf``), so a seed gives the
same choice on CPython and in Pyodide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

STEPS = 64  # the binomial's trials: STEPS + 1 grid points for one player's change
EQUITY_UNITS = 1_000_000  # a sure win of the game
FINE = 1024  # parts of a grid step

# The spread (standard deviation, chips) of one player's chips over one round, by table
# size, as the searching players move them when they play for the game: measured with
# `normal` (which plays for the game) in every seat (docs/BOTS.md, "Playing for the game").
ROUND_SPREAD = {3: 6.0, 4: 7.0, 5: 4.7}


@lru_cache(maxsize=1)
def _weights() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The binomial's weights C(STEPS, k) and their running sums (below k, not at k)."""
    weights = tuple(math.comb(STEPS, k) for k in range(STEPS + 1))
    below = [0]
    for w in weights[:-1]:
        below.append(below[-1] + w)
    return weights, tuple(below)


def spread_of(seats: int, rounds_left: int, per_round: Mapping[int, float] = ROUND_SPREAD) -> float:
    """The spread of one player's chips over ``rounds_left`` more rounds (``per_round``:
    one round's, by table size, as the players at the table move them)."""
    return per_round[seats] * math.sqrt(rounds_left)


def equity(chips: Sequence[int], seat: int, spread: float) -> int:
    """The seat's chance (in :data:`EQUITY_UNITS`) of ending with the most chips, each
    player's chips moving by an independent change of standard deviation ``spread``."""
    return _equity(tuple(chips), seat, spread)


@lru_cache(maxsize=4096)  # an auction's samples end in a few chip counts, again and again
def _equity(chips: tuple[int, ...], seat: int, spread: float) -> int:
    if spread <= 0:
        best = max(chips)
        return EQUITY_UNITS // chips.count(best) if chips[seat] == best else 0
    weights, below = _weights()
    total = 1 << STEPS
    # a grid step: the binomial's standard deviation is sqrt(STEPS) / 2 steps
    step = spread / (math.sqrt(STEPS) / 2)
    others = [c for s, c in enumerate(chips) if s != seat]
    numerator = 0
    for k, weight in enumerate(weights):
        term = weight
        for other in others:
            # where the seat's value here falls among the other's grid points, each
            # point's weight spread evenly over the unit around it (in FINE parts)
            at = k + (chips[seat] - other) / step + 0.5
            level = math.floor(at)
            if level > STEPS:
                term *= FINE * total  # the other ends below the seat whatever happens
            elif level < 0:
                term = 0
                break
            else:
                part = math.floor((at - level) * FINE)
                term *= FINE * below[level] + part * weights[level]
        numerator += term
    denominator = total * int((FINE * total) ** len(others))  # int: for mypy's int ** int
    return numerator * EQUITY_UNITS // denominator
