"""The public chip ledger: one entry per chip movement.

An entry is ``{"hand", "seat", "amount", "pot", "dir", "reason"}``: in hand (or
round) ``hand``, seat ``seat`` paid ``amount`` chips into (``dir == "in"``) or took them
out of (``dir == "out"``) the pot named ``pot``, for ``reason``. Amounts are positive.
Entries are never changed once written, so states may share them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any

from celestix.errors import MalformedError
from celestix.shape import expect_dict, expect_int, expect_keys, expect_list, expect_str

Entry = dict[str, Any]
ENTRY_KEYS = ("hand", "seat", "amount", "pot", "dir", "reason")


def pay_in(
    ledger: MutableSequence[Entry],
    chips: MutableSequence[int],
    hand: int,
    seat: int,
    amount: int,
    pot: str,
    reason: str,
) -> Entry | None:
    """Move ``amount`` chips from ``seat`` into ``pot``; record it (nothing for 0)."""
    return _move(ledger, chips, hand, seat, amount, pot, "in", reason)


def pay_out(
    ledger: MutableSequence[Entry],
    chips: MutableSequence[int],
    hand: int,
    seat: int,
    amount: int,
    pot: str,
    reason: str,
) -> Entry | None:
    """Move ``amount`` chips from ``pot`` to ``seat``; record it (nothing for 0)."""
    return _move(ledger, chips, hand, seat, amount, pot, "out", reason)


def _move(
    ledger: MutableSequence[Entry],
    chips: MutableSequence[int],
    hand: int,
    seat: int,
    amount: int,
    pot: str,
    direction: str,
    reason: str,
) -> Entry | None:
    if amount < 0:
        raise ValueError("chip movements are recorded with positive amounts")
    if amount == 0:
        return None
    chips[seat] += -amount if direction == "in" else amount
    entry = {"hand": hand, "seat": seat, "amount": amount, "pot": pot, "dir": direction,
             "reason": reason}  # fmt: skip
    ledger.append(entry)
    return entry


def net_by_pot(entries: Iterable[Entry]) -> dict[str, int]:
    """Chips each pot gained (in minus out) over ``entries``."""
    totals: dict[str, int] = {}
    for entry in entries:
        sign = 1 if entry["dir"] == "in" else -1
        totals[entry["pot"]] = totals.get(entry["pot"], 0) + sign * entry["amount"]
    return totals


def check_ledger(value: object, field: str, seats: int, pots: Sequence[str]) -> list[Entry]:
    """``value`` as a well-formed ledger of a table of ``seats`` with these pots."""
    entries = expect_list(value, field)
    for i, raw in enumerate(entries):
        where = f"{field}[{i}]"
        entry = expect_dict(raw, where)
        expect_keys(entry, where, ENTRY_KEYS)
        expect_int(entry["hand"], f"{where}.hand", 0)
        expect_int(entry["seat"], f"{where}.seat", 0, seats - 1)
        expect_int(entry["amount"], f"{where}.amount", 1)
        expect_str(entry["pot"], f"{where}.pot", pots)
        expect_str(entry["dir"], f"{where}.dir", ("in", "out"))
        expect_str(entry["reason"], f"{where}.reason")
    if len(entries) > 1 and any(a["hand"] > b["hand"] for a, b in itertools.pairwise(entries)):
        raise MalformedError(field, "entries are not in hand order")
    return entries
