"""Seat arithmetic.

Both trick-taking games number their seats in the direction of play, so "the next
player" is always ``(seat + 1) % n``; which way that is round the table (clockwise in
Precedence, counterclockwise in Contract Sabacc) is each game's own wording.
"""

from __future__ import annotations


def next_seat(seat: int, seats: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % seats


def seats_from(first: int, seats: int) -> list[int]:
    """Every seat once, in order of play, starting with ``first``."""
    return [(first + i) % seats for i in range(seats)]
