"""Scoring a hand and the end of the game (RULES.md 1, "A hand" step 6, "End").

For a team with contract C, tricks taken T and meld points M:

* made (T >= C; a contract of 0 always makes): ``10*C + (T - C) + M``. Under Core
  rules the overtricks T - C are added to the team's Excess, and each time Excess
  reaches 10 the team loses 100 points and 10 Excess at once (the Imperial Audit);
* failed (T < C): ``-penalty*C + floor(M / 2)``.
"""

from __future__ import annotations

from typing import TypedDict

AUDIT_AT = 10
AUDIT_POINTS = 100


class TeamScore(TypedDict):
    """One team's hand, scored: the breakdown, ending with its new score and Excess."""

    team: int
    seats: list[int]
    bids: list[int]
    contract: int
    tricks: int
    made: bool
    contract_points: int
    overtricks: int
    meld_points: int
    melds_halved: bool
    meld_points_scored: int
    hand_points: int
    excess_before: int
    excess_added: int
    audits: int
    audit_points: int
    excess_after: int
    score_before: int
    score_after: int


def score_team(
    team: int,
    bids: tuple[int, int],
    tricks: int,
    meld_points: int,
    score: int,
    excess: int,
    penalty: int,
    with_excess: bool,
) -> TeamScore:
    """The full breakdown of one team's hand, ending with its new score and Excess."""
    contract = bids[0] + bids[1]
    made = tricks >= contract
    overtricks = tricks - contract if made else 0
    if made:
        contract_points = 10 * contract
        melds_scored = meld_points
    else:
        contract_points = -penalty * contract
        melds_scored = meld_points // 2
    excess_added = overtricks if with_excess else 0
    audits = (excess + excess_added) // AUDIT_AT
    excess_after = excess + excess_added - AUDIT_AT * audits
    hand_points = contract_points + overtricks + melds_scored
    audit_points = -AUDIT_POINTS * audits
    return {
        "team": team,
        "seats": [team, team + 2],
        "bids": list(bids),
        "contract": contract,
        "tricks": tricks,
        "made": made,
        "contract_points": contract_points,
        "overtricks": overtricks,
        "meld_points": meld_points,
        "melds_halved": not made,
        "meld_points_scored": melds_scored,
        "hand_points": hand_points,
        "excess_before": excess,
        "excess_added": excess_added,
        "audits": audits,
        "audit_points": audit_points,
        "excess_after": excess_after,
        "score_before": score,
        "score_after": score + hand_points + audit_points,
    }


def game_outcome(scores: list[int], target: int) -> str:
    """After a hand is scored: ``"on"``, ``"tie"`` (both at the target, equal) or ``"over"``."""
    if max(scores) < target:
        return "on"
    return "tie" if scores[0] == scores[1] else "over"


def leader(scores: list[int]) -> int:
    """The team with the higher score (scores known to differ)."""
    return 0 if scores[0] > scores[1] else 1
