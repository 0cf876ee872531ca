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

from typing import Any

from celestix.precedence.bidding import team_seats
from celestix.precedence.cards import SEATS
from celestix.shape import JsonDict
from celestix.table import ledger
from celestix.table.seats import seats_from

HAND_POT = "hand"
ACCORD_POT = "accord"
POTS = (HAND_POT, ACCORD_POT)
POT_KEYS = {HAND_POT: "hand_pot", ACCORD_POT: "accord_pot"}

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


def pay_in(state: JsonDict, seat: int, amount: int, pot: str, reason: str) -> None:
    """``seat`` pays ``amount`` chips into ``pot`` (nothing happens for 0)."""
    if ledger.pay_in(state["ledger"], state["chips"], state["hand_number"], seat, amount, pot,
                     reason):  # fmt: skip
        state[POT_KEYS[pot]] += amount


def pay_out(state: JsonDict, seat: int, amount: int, pot: str, reason: str) -> None:
    """``seat`` takes ``amount`` chips out of ``pot`` (nothing happens for 0)."""
    if ledger.pay_out(state["ledger"], state["chips"], state["hand_number"], seat, amount, pot,
                      reason):  # fmt: skip
        state[POT_KEYS[pot]] -= amount


def pay_stakes(state: JsonDict) -> JsonDict:
    """Every player pays the accord stake (game start); the event."""
    stake = int(state["options"]["accord"])
    for seat in seats_from(state["dealer"] + 1, SEATS):
        pay_in(state, seat, stake, ACCORD_POT, ACCORD_STAKE_REASON)
    return {"type": "accord_stakes", "amount": stake, "accord_pot": state["accord_pot"]}


def pay_antes(state: JsonDict) -> JsonDict:
    """Every player pays the ante into the Hand Pot; the event."""
    ante = int(state["options"]["ante"])
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


def hand_pot_winner(teams: list[dict[str, Any]]) -> tuple[int | None, str]:
    """The team that takes the Hand Pot (or None: it carries over) and why, in words."""
    made = [team["made"] for team in teams]
    if made[0] and made[1]:
        best = 0 if teams[0]["tricks"] > teams[1]["tricks"] else 1
        return best, (
            "both teams made their contracts, and the pot goes to the one with more tricks "
            f"({teams[best]['tricks']} to {teams[1 - best]['tricks']})"
        )
    if made[0] or made[1]:
        best = 0 if made[0] else 1
        return best, "only that team made its contract"
    return None, "neither team made its contract: the pot carries over"


def split(state: JsonDict, team: int, pot: str, reason: str) -> tuple[list[JsonDict], int]:
    """Pay ``pot`` out evenly to both partners of ``team``; the shares and the odd chip."""
    amount = state[POT_KEYS[pot]]
    share = amount // 2
    shares = []
    for seat in team_seats(team):
        pay_out(state, seat, share, pot, reason)
        shares.append({"seat": seat, "amount": share})
    return shares, amount - 2 * share


def settle_hand_pot(state: JsonDict, teams: list[dict[str, Any]]) -> JsonDict:
    """Award or carry the Hand Pot after a hand is scored; the event."""
    team, why = hand_pot_winner(teams)
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


def award_at_end(state: JsonDict, team: int, pot: str, kind: str) -> JsonDict:
    """Pay ``pot`` to the team that won the game; an odd chip goes to the partner who
    comes first clockwise from the last dealer's left. The event."""
    amount = state[POT_KEYS[pot]]
    reason, odd_reason = AT_END_REASONS[pot]
    shares, odd = split(state, team, pot, reason)
    odd_seat = None
    if odd:
        odd_seat = odd_chip_seat(team, state["dealer"])
        pay_out(state, odd_seat, odd, pot, odd_reason)
        for share in shares:
            if share["seat"] == odd_seat:
                share["amount"] += odd
    return {"type": kind, "pot": pot, "team": team, "amount": amount,
            "shares": shares, "odd_chip_seat": odd_seat}  # fmt: skip
