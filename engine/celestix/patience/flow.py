"""The three moves of the patience: deal, build and redeal (RULES.md 2, "Moves").

Legal moves depend only on what the player can see (foundations, the waste, how many
cards the stock holds, redeals left), so the same function serves states and views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NotRequired, TypedDict, cast

from celestix.errors import IllegalActionError
from celestix.patience.cards import FOUNDATION_SIZE, FOUNDATIONS, card_name
from celestix.patience.foundations import refusal, targets
from celestix.patience.state import Options, Phase, State, copy_state, settle
from celestix.shape import expect_dict, expect_int, expect_keys, expect_str

ACTION_TYPES = ("deal", "redeal", "build")


class Move(TypedDict):
    """An action: deal a card, redeal the waste, or build the waste's top card on the
    foundation ``to`` (a build only)."""

    type: Literal["deal", "redeal", "build"]
    to: NotRequired[int]


class DealEvent(TypedDict):
    type: Literal["deal"]
    card: str
    stock_count: int


RedealEvent = TypedDict(
    "RedealEvent",
    {"type": Literal["redeal"], "pass": int, "stock_count": int, "redeals_left": int},
)


class BuildEvent(TypedDict):
    type: Literal["build"]
    card: str
    to: int
    count: int
    full: bool


class WonEvent(TypedDict):
    type: Literal["won"]
    moves: int


class LostEvent(TypedDict):
    type: Literal["lost"]
    reason: str


Event = DealEvent | RedealEvent | BuildEvent | WonEvent | LostEvent


def legal_moves(
    foundations: Sequence[Sequence[str]], waste: Sequence[str], stock_count: int, redeals_left: int
) -> list[Move]:
    """Every legal move in this position, in a fixed order: deal, redeal, builds."""
    moves: list[Move] = []
    if stock_count:
        moves.append({"type": "deal"})
    elif redeals_left > 0 and waste:
        moves.append({"type": "redeal"})
    if waste:
        moves.extend({"type": "build", "to": k} for k in targets(foundations, waste[-1]))
    return moves


def parse_action(action: Any) -> Move:
    """``action`` checked for shape: a known type with exactly its keys."""
    checked = expect_dict(action, "action")
    kind = expect_str(checked.get("type"), "action.type", ACTION_TYPES)
    if kind == "build":
        expect_keys(checked, "action", ["type", "to"])
        expect_int(checked["to"], "action.to", 0, FOUNDATIONS - 1)
    else:
        expect_keys(checked, "action", ["type"])
    return cast(Move, checked)


def apply_move(state: State, action: Any) -> tuple[State, list[Event]]:
    """The state after ``action`` (unchecked) and its events; ``state`` itself is not
    changed."""
    move = parse_action(action)
    kind = move["type"]
    if kind == "deal":
        if not state["stock"]:
            raise IllegalActionError(
                "deal-empty-stock", "The stock is empty: redeal, or build from the waste."
            )
    elif kind == "redeal":
        if state["stock"]:
            raise IllegalActionError(
                "redeal-stock-not-empty", "You may redeal only once the stock is empty."
            )
        if state["redeals_left"] <= 0:
            allowed = state["options"]["redeals"]
            raise IllegalActionError(
                "redeal-limit",
                f"No redeal is left: {allowed} allowed in this game.",
            )
        if not state["waste"]:
            raise IllegalActionError("redeal-empty-waste", "The waste is empty: nothing to redeal.")
    else:
        if not state["waste"]:
            raise IllegalActionError("build-empty-waste", "The waste is empty: deal a card first.")
        reason = refusal(state["foundations"], move["to"], state["waste"][-1])
        if reason is not None:
            raise IllegalActionError(*reason)

    new = copy_state(state)
    new["moves"] += 1
    events: list[Event] = []
    if kind == "deal":
        card = new["stock"].pop(0)
        new["waste"].append(card)
        events.append({"type": "deal", "card": card, "stock_count": len(new["stock"])})
    elif kind == "redeal":
        new["stock"], new["waste"] = new["waste"], []
        new["redeals_left"] -= 1
        events.append(
            {
                "type": "redeal",
                "pass": pass_number(new["options"], new["redeals_left"]),
                "stock_count": len(new["stock"]),
                "redeals_left": new["redeals_left"],
            }
        )
    else:
        to = move["to"]
        card = new["waste"].pop()
        new["foundations"][to].append(card)
        size = len(new["foundations"][to])
        events.append(
            {
                "type": "build",
                "card": card,
                "to": to,
                "count": size,
                "full": size == FOUNDATION_SIZE,
            }
        )
    settle(new)
    if new["phase"] == Phase.WON:
        events.append({"type": "won", "moves": new["moves"]})
    elif new["phase"] == Phase.LOST:
        events.append({"type": "lost", "reason": dead_end_reason(new)})
    return new, events


def pass_number(options: Options, redeals_left: int) -> int:
    """Which pass through the stock this is: 1, then 2 after the first redeal, ..."""
    return options["redeals"] - redeals_left + 1


def dead_end_reason(state: State) -> str:
    """A sentence that says why the game is lost."""
    top = state["waste"][-1] if state["waste"] else None
    return "The stock is empty, no redeal is left" + (
        f" and the {card_name(top)} on the waste cannot be built." if top else "."
    )
