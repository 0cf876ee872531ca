"""The game's public record, checked: the chip ledger and the score sheet.

A state and every view carry both, so the state check and the view check use these.
The ledger is replayed from the opening balances (nothing leaves the Accord Pot before
the game is over, no pot goes below zero); each line of the score sheet must be a hand
that could have been scored: its dealer and trump follow the rotation, its tricks add
up to 13, ``made`` follows the tricks and contracts, the Hand Pot went where the rules
send it, and each line's scores are the line before's plus the hand's points and
audits.
"""

from __future__ import annotations

from typing import Any

from celestix.errors import MalformedError
from celestix.precedence.bidding import MAX_TRICKS
from celestix.precedence.cards import SEATS, SUIT_NAMES
from celestix.precedence.options import counts_excess, trump_suit
from celestix.precedence.pots import ACCORD_POT, POTS, hand_pot_winner
from celestix.precedence.scoring import AUDIT_AT, AUDIT_POINTS
from celestix.precedence.state import TRICKS_PER_HAND
from celestix.shape import JsonDict, expect_bool, expect_int, expect_keys, expect_list, same
from celestix.table.ledger import Entry, check_ledger

# Chips, pots and scores stay within this (exact as JavaScript numbers, far beyond play).
MAX_AMOUNT = 1 << 50
HISTORY_KEYS = (
    "hand_number", "dealer", "trump", "contracts", "tricks", "made", "points", "audits",
    "scores", "excess", "pot",
)  # fmt: skip
POT_LINE_KEYS = ("outcome", "team", "amount")
# A team's meld points in one hand are at most 3 a card (a Quad: 12 for 4) of its 26.
MAX_MELD_POINTS = 78


def replay_ledger(
    value: object,
    field: str,
    chips: list[int],
    pots: dict[str, int],
    hand_number: int,
    over: bool,
) -> list[Entry]:
    """Check the ledger's entries and apply them to the opening balances (in place)."""
    entries = check_ledger(value, field, SEATS, POTS)
    if entries and entries[-1]["hand"] > hand_number:
        raise MalformedError(field, "an entry is dated after this hand")
    for i, entry in enumerate(entries):
        seat, amount, pot = entry["seat"], entry["amount"], entry["pot"]
        assert seat is not None  # (check_ledger: a seat pays or takes every chip)
        if amount > MAX_AMOUNT:
            raise MalformedError(f"{field}[{i}].amount", f"must be at most {MAX_AMOUNT}")
        if entry["dir"] == "in":
            chips[seat] -= amount
            pots[pot] += amount
            continue
        if pot == ACCORD_POT and not over:
            raise MalformedError(f"{field}[{i}]", "the Accord Pot is paid at the end")
        chips[seat] += amount
        pots[pot] -= amount
        if pots[pot] < 0:
            raise MalformedError(f"{field}[{i}]", "takes more than the pot holds")
    return entries


def check_score_sheet(
    value: object,
    field: str,
    options: dict[str, Any],
    hand_number: int,
    dealer: int,
    over: bool,
    scores: object,
    excess: object,
) -> list[JsonDict]:
    """The score sheet: one line per hand scored, the last one ending on ``scores`` and
    ``excess`` (the hand in play is ``hand_number``, dealt by ``dealer``)."""
    history = expect_list(value, field)
    if over and not history:
        raise MalformedError(field, "a finished game has scored its last hand")
    previous: JsonDict | None = None
    for i, raw in enumerate(history):
        where = f"{field}[{i}]"
        if type(raw) is not dict:
            raise MalformedError(where, "not a line of the score sheet")
        expect_keys(raw, where, HISTORY_KEYS)
        hand = hand_number - len(history) + i + (1 if over else 0)
        _check_line(raw, where, options, hand, (dealer - hand_number + hand) % SEATS)
        if previous is not None and any(
            raw["scores"][t] != previous["scores"][t] + raw["points"][t]
            - AUDIT_POINTS * raw["audits"][t]
            for t in (0, 1)
        ):  # fmt: skip
            raise MalformedError(f"{where}.scores", "are not the hand before's plus this hand's")
        previous = raw
    if history and (
        not same(history[-1]["scores"], scores) or not same(history[-1]["excess"], excess)
    ):
        raise MalformedError(field, "the last hand's scores are not the scores")
    return history


def _check_line(
    line: JsonDict, where: str, options: dict[str, Any], hand: int, dealer: int
) -> None:
    """One line of the score sheet: the hand ``hand``, dealt by ``dealer``."""
    if not same(line["hand_number"], hand):
        raise MalformedError(f"{where}.hand_number", f"expected {hand}")
    if not same(line["dealer"], dealer):
        raise MalformedError(f"{where}.dealer", "the deal passes to the left after each hand")
    if line["trump"] != SUIT_NAMES[trump_suit(options, hand)]:
        raise MalformedError(f"{where}.trump", "not the trump of that hand")
    contracts = _pair(line, where, "contracts", 0, MAX_TRICKS)
    tricks = _pair(line, where, "tricks", 0, TRICKS_PER_HAND)
    if sum(tricks) != TRICKS_PER_HAND:
        raise MalformedError(f"{where}.tricks", "a hand has 13 tricks")
    made = expect_list(line["made"], f"{where}.made", 2)
    for t in (0, 1):
        if expect_bool(made[t], f"{where}.made[{t}]") is not (tricks[t] >= contracts[t]):
            raise MalformedError(f"{where}.made[{t}]", "does not follow the tricks and contract")
    points = _pair(line, where, "points", -MAX_AMOUNT, MAX_AMOUNT)
    for t in (0, 1):
        contract, taken = contracts[t], tricks[t]
        if made[t]:
            melds = points[t] - 10 * contract - (taken - contract)
        else:
            melds = 2 * (points[t] + int(options["penalty"]) * contract)
        if not 0 <= melds <= MAX_MELD_POINTS + 1:
            raise MalformedError(f"{where}.points[{t}]", "not a score this hand could make")
    _pair(line, where, "audits", 0, 2 if counts_excess(options) else 0)
    _pair(line, where, "scores", -MAX_AMOUNT, MAX_AMOUNT)
    _pair(line, where, "excess", 0, AUDIT_AT - 1 if counts_excess(options) else 0)
    pot = line["pot"]
    if type(pot) is not dict:
        raise MalformedError(f"{where}.pot", "expected an object")
    expect_keys(pot, f"{where}.pot", POT_LINE_KEYS)
    expect_int(pot["amount"], f"{where}.pot.amount", 0, MAX_AMOUNT)
    team, _ = hand_pot_winner(made, tricks)
    if not same(pot["team"], team) or pot["outcome"] != ("carried" if team is None else "won"):
        raise MalformedError(f"{where}.pot", "the Hand Pot did not go where the tricks send it")


def _pair(line: JsonDict, where: str, key: str, low: int, high: int) -> list[int]:
    items = expect_list(line[key], f"{where}.{key}", 2)
    return [expect_int(item, f"{where}.{key}[{t}]", low, high) for t, item in enumerate(items)]
