"""What a seat may see (the check of a view handed to a bot is in ``view_check.py``).

Hidden from a seat: the other hands (their sizes only), the talon until it is shown
(Take, Push, Guard) or the round is counted, and the declarer's aside except its
Sabaccs (the declarer sees all of it). Once the game is over the last round's talon and
aside are shown to all, as they were when it was counted. Everything else is public:
the auction with every bid and stake, the wagers, the ledger, the cards of the tricks
played this round, the score piles' sizes.
"""

from __future__ import annotations

from celestix.errors import MalformedError
from celestix.sabacc import auction
from celestix.sabacc.aside import (
    TALON_DECLARER,
    TALON_DEFENDERS,
    TALON_HAND,
    aside_is_public,
    aside_refusal,
)
from celestix.sabacc.auction import Bid
from celestix.sabacc.counting import TARGET_HALF_POINTS, count
from celestix.sabacc.state import (
    Phase,
    RoundSummary,
    State,
    declarer_pile,
    talon_to,
    tricks_won,
)
from celestix.sabacc.tricks import play_refusal
from celestix.shape import ViewKeys
from celestix.table.ledger import Entry
from celestix.table.tricks import Play, Trick

VIEW_KEYS = (
    "game", "phase", "to_act", "over", "seat", "options", "hand", "hand_sizes", "dealer",
    "declarer", "contract", "wagers", "talon", "chips", "ante_pot", "tricks", "trick",
    "aside", "points", "winners", "round", "rounds", "deals_done", "auction", "highest_bid",
    "highest_bidder", "passed", "stakes", "talon_size", "talon_to", "aside_size",
    "aside_needed", "played", "last_trick", "pile_sizes", "target", "ledger", "last_round",
    "refusals",
)  # fmt: skip


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
    played: list[Trick]
    last_trick: Trick | None
    pile_sizes: dict[str, int]
    target: int
    ledger: list[Entry]
    last_round: RoundSummary | None
    refusals: dict[str, str]


def acting_seat(view: View) -> int:
    """The view's seat, for a player: a spectator's view cannot act."""
    seat = view["seat"]
    if seat is None:
        raise MalformedError("view.seat", "a spectator's view cannot act")
    return seat


def make_view(state: State, seat: int | None) -> View:
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
    played: list[Trick] = [
        {"plays": [play.copy() for play in trick["plays"]], "winner": trick["winner"]}
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
        "trick": [play.copy() for play in state["trick"]],
        "aside": list(aside),
        "points": count(declarer_pile(state)) if over and not void else None,
        "winners": list(state["winners"]),
        "round": state["round"],
        "rounds": seats,
        "deals_done": state["round"] + (1 if over else 0),
        "auction": [bid.copy() for bid in state["bids"]],
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
        "ledger": [entry.copy() for entry in state["ledger"]],
        "last_round": _copy_summary(state["last_round"]),
        "refusals": _refusals(state, seat),
    }
    return view


def _refusals(state: State, seat: int | None) -> dict[str, str]:
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


def _copy_summary(summary: RoundSummary | None) -> RoundSummary | None:
    """A copy of a round's summary (each of its lists and its bonus copied)."""
    if summary is None:
        return None
    out = summary.copy()
    out["tricks"] = list(summary["tricks"])
    out["talon"] = list(summary["talon"])
    out["aside"] = list(summary["aside"])
    out["chips"] = list(summary["chips"])
    bonus = summary["bonus"]
    out["bonus"] = None if bonus is None else bonus.copy()
    return out
