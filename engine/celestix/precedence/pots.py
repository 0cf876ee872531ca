"""Chips: the Accord Pot, the Hand Pot and the public ledger (RULES.md 1, "Chips", "Pots").

* Accord Pot: each player pays the accord stake at the start of the game; the team that
  wins the game takes it, split evenly; an odd chip goes to the winning partner who
  comes first clockwise from the last dealer's left.
* Hand Pot: antes, meld wagers and trick credits go in. It goes to the team that made
  its contract; if both made theirs, to the team with more tricks; if neither did, it
  carries over. A pot won is split evenly; an odd chip stays for the next hand.

Every movement goes through :func:`pay_in` / :func:`pay_out`, which write the ledger
entry (:mod:`celestix.table.ledger`) and keep the pot totals. The functions change the
state they are given: the flow passes a copy whose ``chips`` and ``ledger`` are its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from celestix.precedence.bidding import team_seats
from celestix.precedence.cards import SEATS
from celestix.precedence.events import (
    AntesEvent,
    AwardEvent,
    HandPotEvent,
    Share,
    StakesEvent,
)
from celestix.precedence.scoring import TeamScore
from celestix.precedence.state import State
from celestix.table import ledger
from celestix.table.seats import seats_from

Pot = Literal["hand", "accord"]
HAND_POT: Pot = "hand"
ACCORD_POT: Pot = "accord"
POTS: tuple[Pot, ...] = (HAND_POT, ACCORD_POT)

# The ledger's reasons, in sentences a newcomer reads beside the player, the chips and
# the pot (the page names the players). Older states' reasons: precedence/migrate.py.
ACCORD_STAKE_REASON = "Each player pays the accord stake into the Accord Pot as the game begins."
ANTE_REASON = "Each player pays the ante into the Hand Pot as the hand begins."
HAND_POT_REASON = "The team that won the Hand Pot splits it evenly between the partners."
ODD_CHIP = "goes to the winning partner first clockwise from the last dealer's left."
# What the team that won the game takes at the end, by pot: its share, its odd chip.
AT_END_REASONS = {
    ACCORD_POT: (
        "The team that won the game splits the Accord Pot evenly between the partners.",
        f"The odd chip of the Accord Pot {ODD_CHIP}",
    ),
    HAND_POT: (
        "The team that won the game splits what is left in the Hand Pot between the partners.",
        f"The odd chip left in the Hand Pot {ODD_CHIP}",
    ),
}


def meld_reason(label: str) -> str:
    """The reason of a meld's wager (``label``: ``"Triad"``, ``"Run of 4"``)."""
    return f"Declaring a {label} costs the meld wager."


def credit_reason(tricks: int) -> str:
    """The reason of a bid's trick credit."""
    if tricks == 1:
        return "Bidding 1 trick costs the trick credit."
    return f"Bidding {tricks} tricks costs the trick credit for each of them."


def in_pot(state: State, pot: Pot) -> int:
    """The chips ``pot`` holds."""
    return state["hand_pot"] if pot == HAND_POT else state["accord_pot"]


def _add(state: State, pot: Pot, amount: int) -> None:
    if pot == HAND_POT:
        state["hand_pot"] += amount
    else:
        state["accord_pot"] += amount


def pay_in(state: State, seat: int, amount: int, pot: Pot, reason: str) -> None:
    """``seat`` pays ``amount`` chips into ``pot`` (nothing happens for 0)."""
    if ledger.pay_in(state["ledger"], state["chips"], state["hand_number"], seat, amount, pot,
                     reason):  # fmt: skip
        _add(state, pot, amount)


def pay_out(state: State, seat: int, amount: int, pot: Pot, reason: str) -> None:
    """``seat`` takes ``amount`` chips out of ``pot`` (nothing happens for 0)."""
    if ledger.pay_out(state["ledger"], state["chips"], state["hand_number"], seat, amount, pot,
                      reason):  # fmt: skip
        _add(state, pot, -amount)


def pay_stakes(state: State) -> StakesEvent:
    """Every player pays the accord stake (game start); the event."""
    stake = state["options"]["accord"]
    for seat in seats_from(state["dealer"] + 1, SEATS):
        pay_in(state, seat, stake, ACCORD_POT, ACCORD_STAKE_REASON)
    return {"type": "accord_stakes", "amount": stake, "accord_pot": state["accord_pot"]}


def pay_antes(state: State) -> AntesEvent:
    """Every player pays the ante into the Hand Pot; the event."""
    ante = state["options"]["ante"]
    carried = state["hand_pot"]
    for seat in seats_from(state["dealer"] + 1, SEATS):
        pay_in(state, seat, ante, HAND_POT, ANTE_REASON)
    return {
        "type": "antes",
        "hand_number": state["hand_number"],
        "amount": ante,
        "carried": carried,
        "hand_pot": state["hand_pot"],
    }


def hand_pot_winner(made: Sequence[bool], tricks: Sequence[int]) -> tuple[int | None, str]:
    """The team that takes the Hand Pot (or None: it carries over) and why, in words;
    ``made`` and ``tricks``: whether each team made its contract, and its tricks."""
    if made[0] and made[1]:
        best = 0 if tricks[0] > tricks[1] else 1
        return best, (
            "both teams made their contracts, and the pot goes to the one with more tricks "
            f"({tricks[best]} to {tricks[1 - best]})"
        )
    if made[0] or made[1]:
        best = 0 if made[0] else 1
        return best, "only that team made its contract"
    return None, "neither team made its contract: the pot carries over"


def split(state: State, team: int, pot: Pot, reason: str) -> tuple[list[Share], int]:
    """Pay ``pot`` out evenly to both partners of ``team``; the shares and the odd chip."""
    amount = in_pot(state, pot)
    share = amount // 2
    shares: list[Share] = []
    for seat in team_seats(team):
        pay_out(state, seat, share, pot, reason)
        shares.append({"seat": seat, "amount": share})
    return shares, amount - 2 * share


def settle_hand_pot(state: State, teams: Sequence[TeamScore]) -> HandPotEvent:
    """Award or carry the Hand Pot after a hand is scored; the event."""
    team, why = hand_pot_winner([t["made"] for t in teams], [t["tricks"] for t in teams])
    amount = state["hand_pot"]
    if team is None:
        return {"type": "hand_pot", "outcome": "carried", "team": None, "amount": amount,
                "shares": [], "odd_chip": 0, "carried": amount, "reason": why}  # fmt: skip
    shares, odd = split(state, team, HAND_POT, HAND_POT_REASON)
    return {"type": "hand_pot", "outcome": "won", "team": team, "amount": amount,
            "shares": shares, "odd_chip": odd, "carried": state["hand_pot"],
            "reason": why}  # fmt: skip


def odd_chip_seat(team: int, dealer: int) -> int:
    """The partner of ``team`` who comes first clockwise from the dealer's left."""
    return next(seat for seat in seats_from(dealer + 1, SEATS) if seat % 2 == team)


def award_at_end(
    state: State, team: int, pot: Pot, kind: Literal["accord_pot", "leftover_pot"]
) -> AwardEvent:
    """Pay ``pot`` to the team that won the game; an odd chip goes to the partner who
    comes first clockwise from the last dealer's left. The event."""
    amount = in_pot(state, pot)
    reason, odd_reason = AT_END_REASONS[pot]
    shares, odd = split(state, team, pot, reason)
    odd_seat: int | None = None
    if odd:
        odd_seat = odd_chip_seat(team, state["dealer"])
        pay_out(state, odd_seat, odd, pot, odd_reason)
        for share in shares:
            if share["seat"] == odd_seat:
                share["amount"] += odd
    return {"type": kind, "pot": pot, "team": team, "amount": amount,
            "shares": shares, "odd_chip_seat": odd_seat}  # fmt: skip
