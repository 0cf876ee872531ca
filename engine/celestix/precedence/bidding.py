"""Bidding (RULES.md 1, "A hand", step 4) and the partnerships.

Starting left of the dealer, each player bids once: 0 to 13 tricks, but never so much
that the team contract (the sum of the partners' bids) would pass 13. Each trick bid
costs the trick credit (paid by the flow, see :mod:`celestix.precedence.pots`).
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.precedence.cards import HAND_SIZE, SEATS

MAX_TRICKS = HAND_SIZE


def team_of(seat: int) -> int:
    """The team of ``seat``: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % SEATS


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of ``team``, lower first."""
    return team, team + 2


def bid_limit(bids: Sequence[int | None], seat: int) -> int:
    """The highest bid ``seat`` may make: 13 less what the partner has bid."""
    return MAX_TRICKS - (bids[partner_of(seat)] or 0)


def legal_bids(bids: Sequence[int | None], seat: int) -> list[int]:
    """Every bid ``seat`` may make, lowest first."""
    return list(range(bid_limit(bids, seat) + 1))


def bid_refusal(bids: Sequence[int | None], seat: int, tricks: int) -> tuple[str, str] | None:
    """Why ``seat`` may not bid ``tricks``: ``(rule, sentence)``, or ``None`` if it may."""
    if not 0 <= tricks <= MAX_TRICKS:
        return "bid-range", f"A bid is a whole number of tricks from 0 to 13, not {tricks}."
    limit = bid_limit(bids, seat)
    if tricks > limit:
        partner = bids[partner_of(seat)]
        return (
            "team-cap",
            f"Your partner bid {partner}: a bid above {limit} would raise the team "
            "contract above 13.",
        )
    return None


def contracts(bids: Sequence[int | None]) -> list[int]:
    """Each team's contract: the sum of its partners' bids made so far."""
    return [(bids[team] or 0) + (bids[team + 2] or 0) for team in (0, 1)]
