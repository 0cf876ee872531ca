"""The pots and the chips paid into them when a round starts and while it is bid.

Pots (ledger names): ``ante_pot``, the Ante Pot, and ``table``, the wagers in front of
the players. The engine writes these entries and the state check writes them again
from the bids to compare, so both use the functions here.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from celestix.sabacc.auction import BID_NAMES
from celestix.table.ledger import Entry, pay_in
from celestix.table.seats import seats_from

ANTE_POT = "ante_pot"
TABLE = "table"
POTS = (ANTE_POT, TABLE)
CHIP_LIMIT = 10**12  # chips and pots stay far inside JavaScript's exact whole numbers


def pay_antes(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int, first: int,
    ante: int,
) -> None:  # fmt: skip
    """Every player pays the ante into the Ante Pot, in order of play from ``first``."""
    for seat in seats_from(first, len(chips)):
        pay_in(ledger, chips, round_index, seat, ante, ANTE_POT, "ante")


def pay_stake(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int, seat: int,
    bid: str, stake: int,
) -> None:  # fmt: skip
    """A bidder puts the bid's stake in front of them."""
    pay_in(ledger, chips, round_index, seat, stake, TABLE, f"stake: {BID_NAMES[bid]}")


def pay_matching_stacks(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int,
    declarer: int, wager: int, defenders: Sequence[int],
) -> None:  # fmt: skip
    """The declarer adds a stack equal to their own wager for each defender."""
    for _defender in defenders:
        pay_in(ledger, chips, round_index, declarer, wager, TABLE,
               "matching stack for a defender")  # fmt: skip
