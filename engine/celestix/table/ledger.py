"""The public chip ledger: one entry per chip movement.

An entry is ``{"hand", "seat", "amount", "pot", "dir", "reason"}``: in hand (or
round) ``hand``, seat ``seat`` paid ``amount`` chips into (``dir == "in"``) or took them
out of (``dir == "out"``) the pot named ``pot``, for ``reason``. Amounts are positive.
Entries are never changed once written, so states may share them. A movement between
two pots (no seat's chips change) is a pair of entries with ``seat`` null, written by
:func:`transfer`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, Literal, NoReturn, TypedDict

from celestix.errors import MalformedError
from celestix.shape import JsonDict, expect_dict, expect_int, expect_keys, expect_list, expect_str

Direction = Literal["in", "out"]


class Entry(TypedDict):
    """One chip movement (see above); ``seat`` is null for half of a transfer between pots."""

    hand: int
    seat: int | None
    amount: int
    pot: str
    dir: Direction
    reason: str


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
    direction: Direction,
    reason: str,
) -> Entry | None:
    if amount < 0:
        raise ValueError("chip movements are recorded with positive amounts")
    if amount == 0:
        return None
    chips[seat] += -amount if direction == "in" else amount
    entry: Entry = {"hand": hand, "seat": seat, "amount": amount, "pot": pot, "dir": direction,
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
    return _check_entries(value, field, seats, pots, transfers=False)


def check_ledger_with_transfers(
    value: object, field: str, seats: int, pots: Sequence[str]
) -> list[Entry]:
    """As :func:`check_ledger`, also accepting the entry pairs :func:`transfer` writes."""
    return _check_entries(value, field, seats, pots, transfers=True)


def transfer(
    ledger: MutableSequence[Entry], hand: int, amount: int, source: str, target: str, reason: str
) -> list[Entry]:
    """Move ``amount`` chips from pot ``source`` to pot ``target`` (no seat's chips change).

    Recorded as two entries with ``seat`` null: out of ``source``, then into ``target``
    (nothing for 0). Games that move chips between pots check their ledger with
    :func:`check_ledger_with_transfers`.
    """
    if amount < 0:
        raise ValueError("chip movements are recorded with positive amounts")
    if amount == 0:
        return []
    pair: list[Entry] = [
        {"hand": hand, "seat": None, "amount": amount, "pot": source, "dir": "out",
         "reason": reason},
        {"hand": hand, "seat": None, "amount": amount, "pot": target, "dir": "in",
         "reason": reason},
    ]  # fmt: skip
    ledger.extend(pair)
    return pair


def net_by_seat(entries: Iterable[Entry], seats: int) -> list[int]:
    """Chips each seat gained (taken out of pots minus paid in) over ``entries``."""
    totals = [0] * seats
    for entry in entries:
        seat = entry["seat"]
        if seat is not None:
            totals[seat] += entry["amount"] if entry["dir"] == "out" else -entry["amount"]
    return totals


def _check_entries(
    value: object, field: str, seats: int, pots: Sequence[str], transfers: bool
) -> list[Entry]:
    entries = expect_list(value, field)
    if not _entries_look_right(entries, seats, pots, transfers):
        _name_the_fault(entries, field, seats, pots, transfers)
    if transfers:
        _check_transfer_pairs(entries, field)
    if len(entries) > 1 and any(a["hand"] > b["hand"] for a, b in itertools.pairwise(entries)):
        raise MalformedError(field, "entries are not in hand order")
    return entries


def _entries_look_right(
    entries: list[Any], seats: int, pots: Sequence[str], transfers: bool
) -> bool:
    """A quick pass over the entries (a ledger is checked on every facade call)."""
    for entry in entries:
        if type(entry) is not dict or len(entry) != len(ENTRY_KEYS):
            return False
        hand, seat, amount = entry.get("hand"), entry.get("seat"), entry.get("amount")
        if type(hand) is not int or hand < 0 or type(amount) is not int or amount < 1:
            return False
        if not (type(seat) is int and 0 <= seat < seats) and not (transfers and seat is None):
            return False
        if entry.get("pot") not in pots or entry.get("dir") not in ("in", "out"):
            return False
        if type(entry.get("reason")) is not str:
            return False
    return True


def _name_the_fault(
    entries: list[Any], field: str, seats: int, pots: Sequence[str], transfers: bool
) -> NoReturn:
    """Raise the error that names the first faulty entry's field."""
    for i, raw in enumerate(entries):
        where = f"{field}[{i}]"
        entry = expect_dict(raw, where)
        expect_keys(entry, where, ENTRY_KEYS)
        expect_int(entry["hand"], f"{where}.hand", 0)
        if not (transfers and entry["seat"] is None):
            expect_int(entry["seat"], f"{where}.seat", 0, seats - 1)
        expect_int(entry["amount"], f"{where}.amount", 1)
        expect_str(entry["pot"], f"{where}.pot", pots)
        expect_str(entry["dir"], f"{where}.dir", ("in", "out"))
        expect_str(entry["reason"], f"{where}.reason")
    raise MalformedError(field, "an entry is malformed")


def _check_transfer_pairs(entries: list[Entry], field: str) -> None:
    """Entries with no seat come in pairs: out of one pot, then the same into another."""
    i = 0
    while i < len(entries):
        if entries[i]["seat"] is not None:
            i += 1
            continue
        first = entries[i]
        second = entries[i + 1] if i + 1 < len(entries) else None
        if (
            second is None
            or second["seat"] is not None
            or first["dir"] != "out"
            or second["dir"] != "in"
            or first["pot"] == second["pot"]
            or any(first[key] != second[key] for key in ("hand", "amount", "reason"))
        ):
            raise MalformedError(
                f"{field}[{i}]", "a transfer between pots is an entry out of one pot "
                "followed by the same entry into another"
            )  # fmt: skip
        i += 2


def reworded(ledger: object, reason: Callable[[JsonDict], str]) -> object:
    """An older state's ``ledger`` with each entry's reason as ``reason`` writes it today
    (a game's migration, at the facade's edge); anything that is not a list of entries is
    returned as it is, for the ledger check to refuse."""
    if type(ledger) is not list:
        return ledger
    return [dict(entry, reason=reason(entry)) if type(entry) is dict else entry for entry in ledger]
