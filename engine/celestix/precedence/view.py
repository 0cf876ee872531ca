"""What a seat sees: its own hand, every other hand as a count, and the whole table.

Declared meld cards still in hand are face up, so they are shown for every seat
(``melds``). Besides PROTOCOL.md's keys, the view carries what a front end needs so
that it holds no rules of its own: the trick leader, team contracts and tricks, each
completed trick of this hand with its winner and why, the bid limit of each seat yet
to bid, the names the variant gives the ranks, the wager amounts, the ledger and the
score sheet. It never holds the seed or another seat's hidden cards.
"""

from __future__ import annotations

from typing import Any, TypedDict

from celestix.errors import MalformedError
from celestix.precedence.bidding import bid_limit, contracts
from celestix.precedence.cards import SEATS, SUIT_NAMES, SUITS, rank_names, twelfth_rank_name
from celestix.precedence.melds import MeldInfo, describe_meld
from celestix.precedence.options import counts_excess, trump_suit
from celestix.precedence.scoring import AUDIT_AT
from celestix.precedence.state import Phase, ScoreLine, State, live_declared, trick_leader
from celestix.precedence.tricks import play_refusal, win_reason
from celestix.shape import ViewKeys
from celestix.table.ledger import Entry
from celestix.table.tricks import Play

VIEW_KEYS = (
    "game", "phase", "to_act", "over", "seat", "options", "variant", "twelfth_rank",
    "rank_names", "suit_names", "hand", "hand_sizes", "trump", "trump_code", "dealer",
    "hand_number", "leader", "declared", "melds", "meld_info", "meld_points",
    "team_meld_points", "bids", "bid_limits", "contracts", "tricks", "team_tricks", "trick",
    "completed_tricks", "last_trick", "scores", "excess", "excess_counted", "audit_at",
    "target", "penalty", "chips", "hand_pot", "accord_pot", "wagers", "ledger", "history",
    "winner", "refusals",
)  # fmt: skip
PHASE_VALUES = tuple(phase.value for phase in Phase)


class CompletedTrick(TypedDict):
    """A finished trick of this hand, as a view shows it."""

    number: int
    leader: int
    plays: list[Play]
    winner: int
    card: str
    reason: str
    reason_kind: str


class DeclaredMeld(MeldInfo):
    """A declared meld as a view shows it: with the cards of it still in hand (face up)."""

    remaining: list[str]


class View(ViewKeys):
    """A Precedence view (the keys of :data:`VIEW_KEYS`), for the code that reads one:
    :func:`check_view` has vouched for a view passed to the bots."""

    variant: str
    twelfth_rank: str
    rank_names: list[str]
    suit_names: list[str]
    hand: list[str] | None  # None for a spectator
    hand_sizes: list[int]
    refusals: dict[str, str]
    trump: str
    trump_code: str
    dealer: int
    hand_number: int
    leader: int | None
    declared: list[bool]
    melds: list[list[list[str]]]
    meld_info: list[list[DeclaredMeld] | None]
    meld_points: list[int]
    team_meld_points: list[int]
    bids: list[int | None]
    bid_limits: list[int | None]
    contracts: list[int]
    tricks: list[int]
    team_tricks: list[int]
    trick: list[Play]
    completed_tricks: list[CompletedTrick]
    last_trick: CompletedTrick | None
    scores: list[int]
    excess: list[int]
    excess_counted: bool
    audit_at: int | None
    target: int
    penalty: int
    chips: list[int]
    hand_pot: int
    accord_pot: int
    wagers: dict[str, int]
    ledger: list[Entry]
    history: list[ScoreLine]
    winner: int | None


def seat_and_hand(view: View) -> tuple[int, list[str]]:
    """The view's seat and its hand, for a player: a spectator's view cannot act."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise MalformedError("view.seat", "a spectator's view cannot act")
    return seat, hand


def make_view(state: State, seat: int | None) -> View:
    """The view of ``state`` for ``seat`` (``None``: a spectator). A fresh object."""
    options = state["options"]
    trump = trump_suit(options, state["hand_number"])
    hands = state["hands"]
    declared = [melds is not None for melds in state["declarations"]]
    meld_info: list[list[DeclaredMeld] | None] = []
    melds: list[list[list[str]]] = []
    for s in range(SEATS):
        held = set(hands[s])
        info: list[DeclaredMeld] | None = None
        live: list[list[str]] = []
        declaration = state["declarations"][s]
        if declaration is not None:
            info = []
            for meld in declaration:
                remaining = [card for card in meld if card in held]
                info.append({**describe_meld(meld), "remaining": remaining})
                if remaining:
                    live.append(list(remaining))
        meld_info.append(info)
        melds.append(live)
    meld_points = [sum(m["points"] for m in info or ()) for info in meld_info]
    completed: list[CompletedTrick] = []
    for number, done in enumerate(state["completed"], 1):
        plays = done["plays"]
        kind, words = win_reason(plays, trump)
        winner = done["winner"]
        completed.append(
            {
                "number": number,
                "leader": plays[0]["seat"],
                "plays": [play.copy() for play in plays],
                "winner": winner,
                "card": next(p["card"] for p in plays if p["seat"] == winner),
                "reason": words,
                "reason_kind": kind,
            }
        )
    bids = list(state["bids"])
    taken = list(state["taken"])
    playing = state["phase"] == Phase.PLAY.value
    resolved: dict[str, Any] = dict(options)
    view: View = {
        "game": "precedence",
        "phase": state["phase"],
        "to_act": state["to_act"],
        "over": state["over"],
        "seat": seat,
        "options": resolved,
        "variant": options["variant"],
        "twelfth_rank": twelfth_rank_name(options["variant"]),
        "rank_names": rank_names(options["variant"]),
        "suit_names": list(SUIT_NAMES),
        "hand": None if seat is None else list(hands[seat]),
        "hand_sizes": [len(hand) for hand in hands],
        "trump": SUIT_NAMES[trump],
        "trump_code": SUITS[trump],
        "dealer": state["dealer"],
        "hand_number": state["hand_number"],
        "leader": trick_leader(state) if playing else None,
        "declared": declared,
        "melds": melds,
        "meld_info": meld_info,
        "meld_points": meld_points,
        "team_meld_points": [meld_points[0] + meld_points[2], meld_points[1] + meld_points[3]],
        "bids": bids,
        "bid_limits": [None if bids[s] is not None else bid_limit(bids, s) for s in range(SEATS)],
        "contracts": contracts(bids),
        "tricks": taken,
        "team_tricks": [taken[0] + taken[2], taken[1] + taken[3]],
        "trick": [play.copy() for play in state["trick"]],
        "completed_tricks": completed,
        "last_trick": _copy_trick(completed[-1]) if completed else None,
        "scores": list(state["scores"]),
        "excess": list(state["excess"]),
        "excess_counted": counts_excess(options),
        "audit_at": AUDIT_AT if counts_excess(options) else None,
        "target": options["target"],
        "penalty": options["penalty"],
        "chips": list(state["chips"]),
        "hand_pot": state["hand_pot"],
        "accord_pot": state["accord_pot"],
        "wagers": {
            "ante": options["ante"],
            "meld_wager": options["meld_wager"],
            "trick_credit": options["trick_credit"],
            "accord": options["accord"],
        },
        "ledger": [entry.copy() for entry in state["ledger"]],
        "history": [_copy_line(line) for line in state["history"]],
        "winner": state["winner"],
        "refusals": _refusals(state, seat),
    }
    return view


def _copy_line(line: ScoreLine) -> ScoreLine:
    """A line of the score sheet that shares nothing with ``line`` (its lists and pot)."""
    copy = line.copy()
    copy["contracts"] = list(line["contracts"])
    copy["tricks"] = list(line["tricks"])
    copy["made"] = list(line["made"])
    copy["points"] = list(line["points"])
    copy["audits"] = list(line["audits"])
    copy["scores"] = list(line["scores"])
    copy["excess"] = list(line["excess"])
    copy["pot"] = line["pot"].copy()
    return copy


def _refusals(state: State, seat: int | None) -> dict[str, str]:
    """Why each card the seat holds may not go now: ``{card: explanation}``.

    Only for the seat to play (empty otherwise); the explanations are the ones ``apply``
    gives when the card is tried, so a front end can say why a card is disabled.
    """
    if seat is None or seat != state["to_act"] or state["phase"] != Phase.PLAY.value:
        return {}
    hand = state["hands"][seat]
    declared = live_declared(state, seat)
    variant = state["options"]["variant"]
    out: dict[str, str] = {}
    for card in hand:
        refusal = play_refusal(hand, declared, state["trick"], card, variant)
        if refusal is not None:
            out[card] = refusal[1]
    return out


def _copy_trick(done: CompletedTrick) -> CompletedTrick:
    copy = done.copy()
    copy["plays"] = [play.copy() for play in done["plays"]]
    return copy
