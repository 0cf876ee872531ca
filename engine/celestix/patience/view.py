"""What the player sees: everything but the order of the stock."""

from __future__ import annotations

from celestix.errors import MalformedError
from celestix.patience.cards import BASE_RANKS, CARD_CODES, FOUNDATION_SIZE, FOUNDATIONS
from celestix.patience.foundations import wanted_rank
from celestix.patience.moves import pass_number
from celestix.patience.state import Phase
from celestix.shape import (
    JsonDict,
    expect_bool,
    expect_cards,
    expect_int,
    expect_keys,
    expect_list,
    expect_str,
)

VIEW_KEYS = (
    "game", "phase", "to_act", "over", "seat", "options", "foundations", "foundation_info",
    "waste", "stock_count", "redeals_left", "pass", "passes", "won", "lost", "moves",
)  # fmt: skip


def make_view(state: JsonDict, seat: int | None) -> JsonDict:
    """The view of ``state``: the stock as a count only. A fresh object."""
    foundations = [list(pile) for pile in state["foundations"]]
    return {
        "game": "patience",
        "phase": state["phase"],
        "to_act": state["to_act"],
        "over": state["over"],
        "seat": seat,
        "options": dict(state["options"]),
        "foundations": foundations,
        "foundation_info": [
            {
                "base": BASE_RANKS[k],
                "count": len(foundations[k]),
                "needed": FOUNDATION_SIZE - len(foundations[k]),
                "next": wanted_rank(foundations, k),
            }
            for k in range(FOUNDATIONS)
        ],
        "waste": list(state["waste"]),
        "stock_count": len(state["stock"]),
        "redeals_left": state["redeals_left"],
        "pass": pass_number(state),
        "passes": int(state["options"]["redeals"]) + 1,
        "won": state["phase"] == Phase.WON,
        "lost": state["phase"] == Phase.LOST,
        "moves": state["moves"],
    }


def check_view(view: JsonDict) -> int | None:
    """Raise ``MalformedError`` unless ``view`` has a patience view's shape; its seat."""
    expect_keys(view, "view", VIEW_KEYS)
    expect_str(view["phase"], "view.phase", [p.value for p in Phase])
    expect_bool(view["over"], "view.over")
    piles = expect_list(view["foundations"], "view.foundations", FOUNDATIONS)
    for k, pile in enumerate(piles):
        expect_cards(pile, f"view.foundations[{k}]", CARD_CODES)
    expect_cards(view["waste"], "view.waste", CARD_CODES)
    expect_int(view["stock_count"], "view.stock_count", 0, 104)
    expect_int(view["redeals_left"], "view.redeals_left", 0)
    seat = view["seat"]
    if seat not in (None, 0) or isinstance(seat, bool):
        raise MalformedError("view.seat", "the patience has one seat, 0")
    if view["to_act"] not in (None, 0) or isinstance(view["to_act"], bool):
        raise MalformedError("view.to_act", "must be 0 or null")
    return seat  # type: ignore[no-any-return]
