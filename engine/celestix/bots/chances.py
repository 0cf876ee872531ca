"""How the hints of every game say a sampled figure: a rounded percentage, or, where a
player should take it in at a glance (a hint's headline), a few plain words."""

from __future__ import annotations

from celestix.bots.budget import rounded


def percent(part: int, whole: int) -> int:
    """``part`` out of ``whole`` as a rounded percentage (0 of nothing is 0)."""
    return rounded(100 * part, max(1, whole))


def how_often(part: int, whole: int) -> str:
    """``part`` out of ``whole`` in words, e.g. ``"about half the time"``."""
    share = percent(part, whole)
    if share < 15:
        return "rarely"
    if share < 38:
        return "about one time in four"
    if share < 62:
        return "about half the time"
    if share < 88:
        return "about three times in four"
    return "almost always"
