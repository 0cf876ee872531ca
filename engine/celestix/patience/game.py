"""The patience behind the facade."""

from __future__ import annotations

from typing import Any, ClassVar

from celestix.options import OptionSpec, OptionValue
from celestix.patience import bots, hints, review
from celestix.patience.flow import Event, Move, apply_move, legal_moves
from celestix.patience.setup import new_state
from celestix.patience.solver import DEFAULT_BUDGET, solve_state
from celestix.patience.state import OPTION_SPECS, STATE_VERSION, State, check_state
from celestix.patience.view import View, check_view, make_view
from celestix.registry import GameRules
from celestix.review.game import GameReview
from celestix.shape import JsonDict


class PatienceRules(GameRules[State, View, Move, Event]):
    """Precedence, the two-pack patience."""

    id: ClassVar[str] = "patience"
    name: ClassVar[str] = "Precedence patience"
    summary: ClassVar[str] = (
        "The two-pack patience: build eight foundations down from King to 6, "
        "round the corner, in three passes through the stock."
    )
    seats: ClassVar[tuple[int, int]] = (1, 1)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    bot_levels: ClassVar[tuple[str, ...]] = bots.LEVELS
    version: ClassVar[int] = STATE_VERSION

    def seat_count(self, options: dict[str, OptionValue]) -> int:
        return 1

    new_game = staticmethod(new_state)

    def check_state(self, state: JsonDict) -> int:
        return check_state(state, self.option_specs)

    def legal_actions(self, state: State, seat: int) -> list[Move]:
        return legal_moves(
            state["foundations"], state["waste"], len(state["stock"]), state["redeals_left"]
        )

    def apply(self, state: State, action: Any, seat: int) -> tuple[State, list[Event]]:
        return apply_move(state, action)

    view = staticmethod(make_view)
    check_view = staticmethod(check_view)
    bot_action = staticmethod(bots.choose)
    hint = staticmethod(hints.hint)

    def winnable(self, state: State, budget: int | None) -> JsonDict:
        return solve_state(state, DEFAULT_BUDGET if budget is None else budget).to_json()

    def reviewer(self) -> GameReview:
        return review.REVIEW


RULES = PatienceRules()
