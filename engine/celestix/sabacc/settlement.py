"""Settling a round's wagers and paying its bonus (RULES.md 3.7-3.9).

* The declarer wins: they take every chip on the table (the Ante Pot excepted). Under
  ``stakes: "everyone"`` each player has the same wager W in front of them and the
  declarer n x W, so a made contract takes (n - 1) x W from the defenders and a lost
  one pays them n x W.
* The declarer loses: the defenders divide those chips evenly; a remainder goes into
  the Ante Pot before any bonus is worked out.
* Bonuses from the Ante Pot, at most one per round, only the highest (amounts round
  down): Grand Slam (a player won every trick) the whole pot; Slam (a player won all
  but at most three tricks, and not all) 3/4; Magician at the End (the last trick won
  with -1 The Magician) 1/2; Idiot at the End (the last trick won with 0 The Idiot) 1/4.
  *Ruling*: any player may earn a bonus, declarer or defender, by the tricks they won
  themselves; "a player won every trick" counts the tricks won by that one player,
  never a defenders' pile shared by several.
* At game end the Ante Pot is divided equally (a remainder stays in the pot,
  unclaimed) or carried into the next game (option ``ante_pot_at_end``).

Each function changes the state it is given (``flow`` hands it a copy) and returns the
event that tells the table what happened.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.sabacc.auction import BID_NAMES
from celestix.sabacc.cards import IDIOT, MAGICIAN
from celestix.sabacc.chips import ANTE_POT, TABLE
from celestix.sabacc.counting import TARGET_HALF_POINTS
from celestix.sabacc.events import (
    AntePotEndEvent,
    BonusEvent,
    Claim,
    WagersSettledEvent,
)
from celestix.sabacc.state import RoundSummary, State, tricks_won
from celestix.sabacc.tricks import winning_play
from celestix.table.ledger import pay_out, transfer
from celestix.table.seats import seats_from

# Highest first, with the share of the Ante Pot each pays (numerator, denominator).
BONUSES = ("grand_slam", "slam", "magician_at_the_end", "idiot_at_the_end")
BONUS_SHARES = {
    "grand_slam": (1, 1),
    "slam": (3, 4),
    "magician_at_the_end": (1, 2),
    "idiot_at_the_end": (1, 4),
}
BONUS_NAMES = {
    "grand_slam": "Grand Slam",
    "slam": "Slam",
    "magician_at_the_end": "Magician at the End",
    "idiot_at_the_end": "Idiot at the End",
}
SLAM_MISSES = 3  # a Slam may lose up to three tricks

# The ledger's reasons (as sabacc/chips.py's; older ones: sabacc/migrate.py).
VOID_REASON = "Everyone passed, so the round is void and each wager goes back to its player."
LOST_REASON = "The declarer lost the contract, so the defenders divide the chips on the table."
REMAINDER_REASON = (
    "The chips on the table that do not divide evenly among the defenders go into the Ante Pot."
)
DIVIDED_REASON = "At the end of the game the Ante Pot is divided equally among the players."
BONUS_REASONS = {
    "grand_slam": "Winning every trick earns the Grand Slam bonus: the whole Ante Pot.",
    "slam": "Winning all but at most three tricks earns the Slam bonus: three quarters of the "
    "Ante Pot.",
    "magician_at_the_end": "Winning the last trick with the Magician earns the Magician at the "
    "End bonus: half the Ante Pot.",
    "idiot_at_the_end": "Winning the last trick with the Idiot earns the Idiot at the End "
    "bonus: a quarter of the Ante Pot.",
}


def won_reason(name: str) -> str:
    """The reason of a made contract's chips (``name``: the bid's name)."""
    return f"The declarer made the {name} contract and takes every chip on the table."


def return_wagers(state: State) -> list[int]:
    """A void round: the chips in front of each player go back to them."""
    returned = list(state["wagers"])
    for seat, amount in enumerate(returned):
        pay_out(state["ledger"], state["chips"], state["round"], seat, amount, TABLE,
                VOID_REASON)  # fmt: skip
    state["wagers"] = [0] * len(returned)
    return returned


def settle_wagers(state: State, made: bool) -> WagersSettledEvent:
    """Move the chips on the table to the declarer (``made``) or the defenders."""
    seats = len(state["chips"])
    round_index = state["round"]
    declarer = state["declarer"]
    wagers = list(state["wagers"])
    table = sum(wagers)
    received = [0] * seats
    remainder = 0
    ledger, chips = state["ledger"], state["chips"]
    assert declarer is not None and state["contract"] is not None  # (a round was played)
    if made:
        name = BID_NAMES[state["contract"]]
        pay_out(ledger, chips, round_index, declarer, table, TABLE, won_reason(name))
        received[declarer] = table
    else:
        defenders = [s for s in seats_from(declarer + 1, seats) if s != declarer]
        share, remainder = divmod(table, len(defenders))
        for seat in defenders:
            pay_out(ledger, chips, round_index, seat, share, TABLE, LOST_REASON)
            received[seat] = share
        transfer(ledger, round_index, remainder, TABLE, ANTE_POT, REMAINDER_REASON)
        state["ante_pot"] += remainder
    state["wagers"] = [0] * seats
    return {
        "type": "wagers_settled",
        "winner": "declarer" if made else "defenders",
        "table": table,
        "wagers": wagers,
        "received": received,
        # what each player gained or lost on the wagers this round (received less put in)
        "net": [received[s] - wagers[s] for s in range(seats)],
        "remainder": remainder,
        "ante_pot": state["ante_pot"],
    }


def round_claims(state: State) -> list[Claim]:
    """The bonuses earned in the round of ``state``, whose every trick has been played."""
    last = state["played"][-1]
    return bonus_claims(tricks_won(state), last["winner"], winning_play(last["plays"])["card"])


def bonus_claims(tricks_won: Sequence[int], last_winner: int, last_card: str) -> list[Claim]:
    """Every bonus earned this round, highest first: ``[{"bonus", "seat"}, ...]``."""
    total = sum(tricks_won)
    claims: list[Claim] = []
    for seat, won in enumerate(tricks_won):
        if won == total:
            claims.append({"bonus": "grand_slam", "seat": seat})
        elif won >= total - SLAM_MISSES:
            claims.append({"bonus": "slam", "seat": seat})
    if last_card == MAGICIAN:
        claims.append({"bonus": "magician_at_the_end", "seat": last_winner})
    if last_card == IDIOT:
        claims.append({"bonus": "idiot_at_the_end", "seat": last_winner})
    return claims


def bonus_amount(bonus: str, ante_pot: int) -> int:
    """What ``bonus`` pays from an Ante Pot of ``ante_pot`` chips (rounded down)."""
    numerator, denominator = BONUS_SHARES[bonus]
    return ante_pot * numerator // denominator


def pay_bonus(state: State, claims: list[Claim]) -> BonusEvent | None:
    """Pay the highest bonus claimed, if any; its event lists every claim."""
    if not claims:
        return None
    best = claims[0]
    bonus, seat = best["bonus"], best["seat"]
    pot_before = state["ante_pot"]
    amount = bonus_amount(bonus, pot_before)
    pay_out(state["ledger"], state["chips"], state["round"], seat, amount, ANTE_POT,
            BONUS_REASONS[bonus])  # fmt: skip
    state["ante_pot"] -= amount
    return {
        "type": "bonus",
        "bonus": bonus,
        "name": BONUS_NAMES[bonus],
        "seat": seat,
        "amount": amount,
        "ante_pot_before": pot_before,
        "ante_pot": state["ante_pot"],
        "claims": claims,
        "unpaid": claims[1:],
        # the tricks the seat won, of how many (the words of a Slam: "took 10 of the 12")
        "tricks": tricks_won(state)[seat],
        "of": len(state["played"]),
    }


def close_ante_pot(state: State) -> AntePotEndEvent:
    """At game end: divide the Ante Pot equally, or leave it for the next game."""
    seats = len(state["chips"])
    pot = state["ante_pot"]
    if state["options"]["ante_pot_at_end"] == "carry":
        return {"type": "ante_pot_carried", "ante_pot": pot}
    share = pot // seats
    for seat in range(seats):
        pay_out(state["ledger"], state["chips"], state["round"], seat, share, ANTE_POT,
                DIVIDED_REASON)  # fmt: skip
    state["ante_pot"] -= share * seats
    return {"type": "ante_pot_divided", "share": share, "unclaimed": state["ante_pot"]}


def round_summary(state: State, half: int | None, bonus: BonusEvent | None) -> RoundSummary:
    """The round's summary, kept in the state as ``last_round`` once it is settled:
    ``half`` is the declarer's count (None for a void round), ``bonus`` the bonus event."""
    return {
        "round": state["round"],
        "dealer": state["dealer"],
        "void": half is None,
        "declarer": state["declarer"],
        "contract": state["contract"],
        "points": half,
        "made": None if half is None else half >= TARGET_HALF_POINTS,
        "tricks": tricks_won(state),
        "talon": [] if half is None else list(state["talon"]),  # a void round's stays unseen
        "aside": list(state["aside"]),
        "bonus": None
        if bonus is None
        else {"bonus": bonus["bonus"], "seat": bonus["seat"], "amount": bonus["amount"]},
        "chips": list(state["chips"]),
        "ante_pot": state["ante_pot"],
    }


def winners(chips: Sequence[int]) -> list[int]:
    """The seats with the most chips."""
    best = max(chips)
    return [seat for seat, amount in enumerate(chips) if amount == best]
