"""The auction (RULES.md 3.3): bids, stakes, whose turn, and who the declarer is.

The auction is a list of ``{"seat", "bid", "stake"}`` in the order made. Everything
else -- whose turn it is, who has passed, the highest bid, whether bidding is over --
follows from that list: :func:`replay` works it out for the state and view checks,
and the actions take it from the state, which keeps whose turn it is (:func:`resume`).

* Bidding starts with the player to the dealer's left, ``(dealer - 1) % n``, then goes
  counterclockwise (``s -> (s + 1) % n``) round and round among those who have not passed.
* Each turn: a bid higher than the highest so far, or a pass; a passed player is out.
* Bidding ends when every player but the highest bidder has passed; if all pass, the
  round is void. Guard against (the highest bid) cannot be outbid, so the auction ends
  as soon as it is made (RULES.md 3.3: the others' passes are taken as read). No
  version of the engine ever asked for those passes, so no record holds them.

Who puts each bid's stake in front of them (the ``stakes`` option) is
:mod:`celestix.sabacc.chips`'s; the auction itself is the same under both values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from celestix.errors import IllegalActionError

PASS = "pass"
# Bids from lowest to highest, with each one's stake (put in front of every player who
# calls it: see chips.callers).
BIDS = ("take", "push", "guard", "guard_without", "guard_against")
STAKES = {"take": 1, "push": 1, "guard": 2, "guard_without": 4, "guard_against": 6}
BID_NAMES = {
    "take": "Take",
    "push": "Push",
    "guard": "Guard",
    "guard_without": "Guard without",
    "guard_against": "Guard against",
    PASS: "Pass",
}
BID_CHOICES = (*BIDS, PASS)
RANK = {bid: k for k, bid in enumerate(BIDS)}


class Bid(TypedDict):
    """One bid or pass of the auction, as states and views keep it (``stake``: what the
    bid puts in front of whoever calls it, 0 for a pass)."""

    seat: int
    bid: str
    stake: int


@dataclass(frozen=True)
class Auction:
    """Where an auction stands."""

    to_bid: int | None  # whose turn it is; None once bidding has ended
    ended: bool
    declarer: int | None  # the highest bidder once bidding has ended (None: void round)
    highest: str | None  # the highest bid so far
    highest_seat: int | None
    passed: tuple[bool, ...]

    @property
    def void(self) -> bool:
        """Everyone passed."""
        return self.ended and self.declarer is None


def first_bidder(dealer: int, seats: int) -> int:
    """The player to the dealer's left opens the bidding."""
    return (dealer - 1) % seats


def start(dealer: int, seats: int) -> Auction:
    """The auction before anyone has bid."""
    return Auction(first_bidder(dealer, seats), False, None, None, None, (False,) * seats)


def step(auction: Auction, seat: int, bid: str) -> Auction:
    """The auction after ``seat`` (who is to bid) makes ``bid``; refuses a bid too low."""
    refusal = bid_refusal(auction, bid)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    seats = len(auction.passed)
    passed = list(auction.passed)
    highest, highest_seat = auction.highest, auction.highest_seat
    if bid == PASS:
        passed[seat] = True
    else:
        highest, highest_seat = bid, seat
    active = [s for s in range(seats) if not passed[s]]
    if highest is None and not active:
        return Auction(None, True, None, None, None, tuple(passed))
    if highest == BIDS[-1] or active == [highest_seat]:
        return Auction(None, True, highest_seat, highest, highest_seat, tuple(passed))
    following = next(
        (seat + k) % seats for k in range(1, seats + 1) if not passed[(seat + k) % seats]
    )
    return Auction(following, False, None, highest, highest_seat, tuple(passed))


def replay(bids: Sequence[Bid], dealer: int, seats: int) -> Auction:
    """Where the auction stands after ``bids`` (each made by the seat whose turn it was)."""
    auction = start(dealer, seats)
    for entry in bids:
        auction = step(auction, entry["seat"], entry["bid"])
    return auction


def resume(bids: Sequence[Bid], to_bid: int, seats: int) -> Auction:
    """The auction under way after ``bids``, ``to_bid`` being the seat whose turn it is
    (as the state keeps it): read off the bids, without replaying them."""
    highest, highest_seat, passed = summary(bids, seats)
    return Auction(to_bid, False, None, highest, highest_seat, tuple(passed))


def summary(bids: Sequence[Bid], seats: int) -> tuple[str | None, int | None, list[bool]]:
    """The highest bid, its bidder and who has passed, read straight off the bids."""
    highest, highest_seat = None, None
    passed = [False] * seats
    for entry in bids:
        if entry["bid"] == PASS:
            passed[entry["seat"]] = True
        else:
            highest, highest_seat = entry["bid"], entry["seat"]
    return highest, highest_seat, passed


def legal_bids(highest: str | None) -> list[str]:
    """The bids open now: every bid above ``highest``, then pass."""
    floor = -1 if highest is None else RANK[highest]
    return [bid for bid in BIDS if RANK[bid] > floor] + [PASS]


def bid_refusal(auction: Auction, bid: str) -> tuple[str, str] | None:
    """Why ``bid`` may not be made now (a rule id and a sentence), or ``None``."""
    if auction.ended:
        return "auction-over", "The bidding is over."
    if bid != PASS and auction.highest is not None and RANK[bid] <= RANK[auction.highest]:
        name = BID_NAMES[auction.highest]
        return (
            "bid-too-low",
            f"You must bid higher than {name}, the highest bid so far, or pass.",
        )
    return None
