"""The pots and the chips paid into them when a round starts and while it is bid.

Pots (ledger names): ``ante_pot``, the Ante Pot, and ``table``, the wagers in front of
the players. The engine writes these entries and the state check writes them again
from the bids to compare, so both use the functions here.

Who puts a bid's stake in front of them is the table option ``stakes`` (RULES.md 3.3):

* ``"everyone"`` (the default): every player calls every bid, as in Poker without
  folding -- the bidder, those still bidding and those who have passed -- so the wagers
  are always equal; one ledger entry per player, naming the bid (the bidder's says who
  bids pays, the others' that every player pays when it is bid).
* ``"bidder"``: only the bidder puts the stake in (one entry, as before the option).

Either way, when bidding ends the declarer adds a stack equal to their own wager for
each defender. (States and views made before the option existed are read as
``"bidder"``: sabacc/migrate.py.)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from celestix.sabacc.auction import BID_NAMES, STAKES, Bid
from celestix.table.ledger import Entry, pay_in
from celestix.table.seats import seats_from

ANTE_POT = "ante_pot"
TABLE = "table"
POTS = (ANTE_POT, TABLE)
CHIP_LIMIT = 10**12  # chips and pots stay far inside JavaScript's exact whole numbers

# The ledger's reasons, in sentences a newcomer reads beside the player, the chips and
# the pot (the page names the players; the engine never does). Older states' reasons are
# rewritten to these by sabacc/migrate.py.
ANTE_REASON = "Each player pays the ante into the Ante Pot as the round begins."
STACK_REASON = "The declarer puts in a stack equal to their own wager for one defender."


def stake_reason(name: str, own: bool) -> str:
    """The reason of a stake: the bidder's own (``own``), or a player's calling the bid."""
    if own:
        return f"Whoever bids {name} puts their stake on the table."
    return f"When {name} is bid, every player puts their stake on the table."


EVERYONE = "everyone"
BIDDER = "bidder"
STAKES_RULES = (EVERYONE, BIDDER)


def callers(bidder: int, seats: int, rule: str) -> list[int]:
    """Who puts a bid's stake in front of them, in order of play from the bidder."""
    return seats_from(bidder, seats) if rule == EVERYONE else [bidder]


def auction_wagers(bids: Sequence[Bid], seats: int, rule: str) -> list[int]:
    """The chips in front of each player after ``bids`` (the declarer's stacks apart)."""
    wagers = [0] * seats
    for entry in bids:
        stake = STAKES.get(entry["bid"], 0)
        if stake:
            for seat in callers(entry["seat"], seats, rule):
                wagers[seat] += stake
    return wagers


def with_stacks(wagers: Sequence[int], declarer: int | None) -> list[int]:
    """The wagers once the declarer has added a stack equal to their own wager for each
    defender (so the declarer has ``n`` times it in front of them)."""
    out = list(wagers)
    if declarer is not None:
        out[declarer] *= len(out)
    return out


def pay_antes(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int, first: int,
    ante: int,
) -> None:  # fmt: skip
    """Every player pays the ante into the Ante Pot, in order of play from ``first``."""
    for seat in seats_from(first, len(chips)):
        pay_in(ledger, chips, round_index, seat, ante, ANTE_POT, ANTE_REASON)


def pay_stake(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int, bidder: int,
    bid: str, stake: int, rule: str,
) -> list[int]:  # fmt: skip
    """The bid's stake goes in front of each player who calls it; those players."""
    paying = callers(bidder, len(chips), rule)
    name = BID_NAMES[bid]
    for seat in paying:
        pay_in(ledger, chips, round_index, seat, stake, TABLE,
               stake_reason(name, seat == bidder))  # fmt: skip
    return paying


def pay_matching_stacks(
    ledger: MutableSequence[Entry], chips: MutableSequence[int], round_index: int,
    declarer: int, wager: int, defenders: Sequence[int],
) -> None:  # fmt: skip
    """The declarer adds a stack equal to their own wager for each defender."""
    for _defender in defenders:
        pay_in(ledger, chips, round_index, declarer, wager, TABLE, STACK_REASON)
