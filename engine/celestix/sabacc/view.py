"""What a seat may see (the check of a view handed to a bot is in ``view_check.py``).

Hidden from a seat: the other hands (their sizes only), the talon until it is shown
(Take, Push, Guard) or the round is counted, and the declarer's aside except its
Sabaccs (the declarer sees all of it). Once the game is over the last round's talon and
aside are shown to all, as they were when it was counted. Everything else is public:
the auction with every bid and stake, the wagers, the ledger, the cards of the tricks
played this round, the score piles' sizes.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from celestix.errors import MalformedError
from celestix.sabacc import auction
from celestix.sabacc.aside import (
    TALON_DECLARER,
    TALON_DEFENDERS,
    TALON_HAND,
    aside_is_public,
    aside_refusal,
)
from celestix.sabacc.counting import TARGET_HALF_POINTS, count
from celestix.sabacc.state import Phase, declarer_pile, talon_to, tricks_won
from celestix.sabacc.tricks import play_refusal
from celestix.shape import (
    JsonDict,
    ViewKeys,
)
from celestix.table.ledger import Entry
from celestix.table.tricks import Play

VIEW_KEYS = (
    "game", "phase", "to_act", "over", "seat", "options", "hand", "hand_sizes", "dealer",
    "declarer", "contract", "wagers", "talon", "chips", "ante_pot", "tricks", "trick",
    "aside", "points", "winners", "round", "rounds", "deals_done", "auction", "highest_bid",
    "highest_bidder", "passed", "stakes", "talon_size", "talon_to", "aside_size",
    "aside_needed", "played", "last_trick", "pile_sizes", "target", "ledger", "last_round",
)  # fmt: skip
# Added later: views made before it are still read (a bot's view may lack it).
OPTIONAL_VIEW_KEYS = ("refusals",)


class Bid(TypedDict):
    """One bid or pass of the auction."""

    seat: int
    bid: str
    stake: NotRequired[int]  # (views made before the stakes option have none)


class PlayedTrick(TypedDict):
    """A finished trick of this round."""

    plays: list[Play]
    winner: int


class View(ViewKeys):
    """A Contract Sabacc view (:data:`VIEW_KEYS`), for the code that reads one:
    :func:`check_view` has vouched for a view passed to the bots."""

    hand: list[str]  # empty for a spectator
    hand_sizes: list[int]
    dealer: int
    declarer: int | None
    contract: str | None
    wagers: list[int]
    talon: list[str] | None  # None while hidden
    chips: list[int]
    ante_pot: int
    tricks: list[int]
    trick: list[Play]
    aside: list[str]
    points: int | None
    winners: list[int]
    round: int
    rounds: int
    deals_done: int
    auction: list[Bid]
    highest_bid: str | None
    highest_bidder: int | None
    passed: list[bool]
    stakes: dict[str, int]
    talon_size: int
    talon_to: str | None
    aside_size: int
    aside_needed: int
    played: list[PlayedTrick]
    last_trick: PlayedTrick | None
    pile_sizes: dict[str, int]
    target: int
    ledger: list[Entry]
    last_round: dict[str, Any] | None
    refusals: NotRequired[dict[str, str]]


def acting_seat(view: View) -> int:
    """The view's seat, for a player: a spectator's view cannot act."""
    seat = view["seat"]
    if seat is None:
        raise MalformedError("view.seat", "a spectator's view cannot act")
    return seat


def make_view(state: JsonDict, seat: int | None) -> JsonDict:
    """The view of ``state`` from ``seat`` (``None``: a spectator). A fresh object."""
    seats = len(state["chips"])
    declarer = state["declarer"]
    over = state["over"]
    destination = talon_to(state)
    void = over and declarer is None
    highest, highest_seat, passed = auction.summary(state["bids"], seats)
    talon_shown = destination == TALON_HAND or (over and not void)
    aside = state["aside"]
    if not (over or seat == declarer):
        aside = [card for card in aside if aside_is_public(card)]
    played: list[PlayedTrick] = [
        {"plays": [cast(Play, dict(play)) for play in trick["plays"]], "winner": trick["winner"]}
        for trick in state["played"]
    ]
    won = tricks_won(state)
    declarer_tricks = won[declarer] if declarer is not None else 0
    talon_size = len(state["talon"])
    view: View = {
        "game": "sabacc",
        "phase": state["phase"],
        "to_act": state["to_act"],
        "over": over,
        "seat": seat,
        "options": dict(state["options"]),
        "hand": list(state["hands"][seat]) if seat is not None else [],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "dealer": state["dealer"],
        "declarer": declarer,
        "contract": state["contract"],
        "wagers": list(state["wagers"]),
        "talon": list(state["talon"]) if talon_shown else None,
        "chips": list(state["chips"]),
        "ante_pot": state["ante_pot"],
        "tricks": won,
        "trick": [cast(Play, dict(play)) for play in state["trick"]],
        "aside": list(aside),
        "points": count(declarer_pile(state)) if over and not void else None,
        "winners": list(state["winners"]),
        "round": state["round"],
        "rounds": seats,
        "deals_done": state["round"] + (1 if over else 0),
        "auction": [cast(Bid, dict(bid)) for bid in state["bids"]],
        "highest_bid": highest,
        "highest_bidder": highest_seat,
        "passed": passed,
        "stakes": dict(auction.STAKES),
        "talon_size": talon_size,
        "talon_to": destination,
        "aside_size": len(state["aside"]),
        "aside_needed": talon_size if destination == TALON_HAND else 0,
        "played": played,
        "last_trick": played[-1] if played else None,
        "pile_sizes": {
            "declarer": len(state["aside"])
            + (talon_size if destination == TALON_DECLARER else 0)
            + seats * declarer_tricks,
            "defenders": (talon_size if destination == TALON_DEFENDERS else 0)
            + seats * (len(played) - declarer_tricks),
        },
        "target": TARGET_HALF_POINTS,
        "ledger": [dict(entry) for entry in state["ledger"]],
        "last_round": _copy_summary(state["last_round"]),
        "refusals": _refusals(state, seat),
    }
    return cast(JsonDict, view)


def _refusals(state: JsonDict, seat: int | None) -> dict[str, str]:
    """Why each card the seat holds may not go now: ``{card: explanation}``.

    Only for the seat to act while setting aside or playing (empty otherwise); the
    explanations are the ones ``apply`` gives when the card is tried, so a front end
    can show the reason beside a disabled card without holding any rule itself.
    """
    if seat is None or seat != state["to_act"]:
        return {}
    hand = state["hands"][seat]
    phase = state["phase"]
    out: dict[str, str] = {}
    for card in hand:
        if phase == Phase.ASIDE:
            refusal = aside_refusal(hand, card)
        elif phase == Phase.PLAY:
            refusal = play_refusal(hand, state["trick"], card)
        else:
            return {}
        if refusal is not None:
            out[card] = refusal[1]
    return out


def _copy_summary(summary: JsonDict | None) -> JsonDict | None:
    """A copy of a round's summary (its values are numbers, strings, lists and a dict)."""
    if summary is None:
        return None
    out: JsonDict = dict(summary)
    for key, value in summary.items():
        if type(value) is list:
            out[key] = list(value)
        elif type(value) is dict:
            out[key] = dict(value)
    return out
