"""What the player sees: everything but the order of the cards not yet seen.

A view holds the foundations (and ``foundation_info``: each one's base, count, cards
still needed and the rank it takes next), the waste, how many cards the stock holds,
the pass and the redeals left, and ``seen_stock``: the player's memory of the stock.
That is the stock's cards, top first, once their order has passed before the player:
from the second pass on the stock is the previous pass's waste turned over, so the
whole stock is listed; during the first pass it is empty. A view never shows a card
the player has not seen: two first-pass states that differ only in the stock's order
give the same view.
"""

from __future__ import annotations

from collections import Counter
from typing import TypedDict

from celestix.errors import MalformedError
from celestix.options import check_resolved
from celestix.patience.cards import (
    BASE_RANKS,
    CARD_CODES,
    FOUNDATION_SIZE,
    FOUNDATIONS,
    FULL_COUNTS,
    TWO_PACKS,
)
from celestix.patience.flow import pass_number
from celestix.patience.foundations import pile_problem, wanted_rank
from celestix.patience.state import (
    OPTION_SPECS,
    STATE_VERSION,
    Options,
    Phase,
    State,
    most_moves,
    phase_of,
)
from celestix.shape import (
    JsonDict,
    expect_bool,
    expect_cards,
    expect_int,
    expect_keys,
    expect_list,
    expect_str,
    same,
)

VIEW_KEYS = (
    "game", "phase", "to_act", "over", "seat", "options", "foundations", "foundation_info",
    "waste", "stock_count", "seen_stock", "redeals_left", "pass", "passes", "won", "lost",
    "moves",
)  # fmt: skip


class FoundationInfo(TypedDict):
    """A foundation at a glance: its base rank, how many cards it holds and still
    needs, and the rank it takes next (None once full)."""

    base: str
    count: int
    needed: int
    next: str | None


# A patience view (the keys of VIEW_KEYS), once check_view has vouched for it
View = TypedDict(
    "View",
    {
        "game": str,
        "phase": str,
        "to_act": int | None,
        "over": bool,
        "seat": int | None,
        "options": Options,
        "foundations": list[list[str]],
        "foundation_info": list[FoundationInfo],
        "waste": list[str],
        "stock_count": int,
        "seen_stock": list[str],
        "redeals_left": int,
        "pass": int,
        "passes": int,
        "won": bool,
        "lost": bool,
        "moves": int,
    },
)


def make_view(state: State, seat: int | None) -> View:
    """The view of ``state``: the stock as a count only. A fresh object."""
    foundations = [list(pile) for pile in state["foundations"]]
    passed = pass_number(state["options"], state["redeals_left"])
    return {
        "game": "patience",
        "phase": state["phase"],
        "to_act": state["to_act"],
        "over": state["over"],
        "seat": seat,
        "options": state["options"].copy(),
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
        # From the second pass on, the stock is the last pass's waste: already seen.
        "seen_stock": list(state["stock"]) if passed > 1 else [],
        "redeals_left": state["redeals_left"],
        "pass": passed,
        "passes": int(state["options"]["redeals"]) + 1,
        "won": state["phase"] == Phase.WON,
        "lost": state["phase"] == Phase.LOST,
        "moves": state["moves"],
    }


def check_view(view: JsonDict) -> int | None:
    """Raise ``MalformedError`` unless ``view`` could be a patience view; its seat.

    Every field is checked, and each one that follows from others (the foundations'
    info, the pass, the phase, ``won``/``lost``, ``to_act``) must be what they give.
    """
    expect_keys(view, "view", VIEW_KEYS)
    options = check_resolved(OPTION_SPECS, view["options"], "view.options")
    phase = expect_str(view["phase"], "view.phase", [p.value for p in Phase])
    over = expect_bool(view["over"], "view.over")
    piles = expect_list(view["foundations"], "view.foundations", FOUNDATIONS)
    for k, pile in enumerate(piles):
        expect_cards(pile, f"view.foundations[{k}]", CARD_CODES)
        problem = pile_problem(piles, k)
        if problem is not None:
            raise MalformedError(f"view.foundations[{k}]", problem)
    waste = expect_cards(view["waste"], "view.waste", CARD_CODES)
    stock_count = expect_int(view["stock_count"], "view.stock_count", 0, 104)
    seen = expect_cards(view["seen_stock"], "view.seen_stock", CARD_CODES)
    if seen and len(seen) != stock_count:
        raise MalformedError("view.seen_stock", "lists the whole stock or nothing")
    shown: Counter[str] = Counter(waste)
    shown.update(seen)
    for pile in piles:
        shown.update(pile)
    for card, count in sorted(shown.items()):
        if count > FULL_COUNTS[card]:
            raise MalformedError("view", f"{card} appears {count} times (two packs hold 2)")
    if sum(shown.values()) + (0 if seen else stock_count) != len(TWO_PACKS):
        raise MalformedError("view.stock_count", "the cards do not add up to 104")
    redeals = int(options["redeals"])
    redeals_left = expect_int(view["redeals_left"], "view.redeals_left", 0, redeals)
    expect_int(view["moves"], "view.moves", 0, most_moves(redeals - redeals_left))
    if bool(seen) is not (stock_count > 0 and pass_number(view["options"], redeals_left) > 1):
        raise MalformedError("view.seen_stock", "lists the whole stock from the second pass on")
    if options["start"] == "king" and not piles[0]:
        raise MalformedError("view.foundations[0]", "the king start begins with a King here")
    expected = phase_of(["?"] * stock_count, waste, piles, redeals_left)
    if phase != expected.value:
        raise MalformedError("view.phase", f"the cards say {expected.value!r}")
    if over is not (expected is not Phase.PLAY):
        raise MalformedError("view.over", "does not match the phase")
    seat = view["seat"]
    if seat not in (None, 0) or isinstance(seat, bool):
        raise MalformedError("view.seat", "the patience has one seat, 0")
    if view["to_act"] != (None if over else 0) or isinstance(view["to_act"], bool):
        raise MalformedError("view.to_act", "must be 0 while playing, else null")
    made = make_view(
        {"game": "patience", "version": STATE_VERSION, "phase": phase,
         "to_act": view["to_act"], "over": over, "options": view["options"], "seed": 0,
         "foundations": piles, "waste": waste, "stock": seen or ["?"] * stock_count,
         "redeals_left": redeals_left, "moves": view["moves"]},
        seat,
    )  # fmt: skip
    for key in ("foundation_info", "pass", "passes", "won", "lost"):
        if not same(view[key], made[key]):
            raise MalformedError(f"view.{key}", "does not agree with the cards and the options")
    return seat  # type: ignore[no-any-return]
