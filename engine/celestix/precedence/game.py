"""Precedence behind the facade."""

from __future__ import annotations

from typing import Any, ClassVar

from celestix.options import OptionSpec, OptionValue
from celestix.precedence import bots
from celestix.precedence.bots import hints
from celestix.precedence.check import check_state
from celestix.precedence.flow import apply_action
from celestix.precedence.moves import state_moves
from celestix.precedence.options import OPTION_SPECS
from celestix.precedence.setup import new_state
from celestix.precedence.view import make_view
from celestix.precedence.view_check import check_view
from celestix.registry import GameRules
from celestix.shape import JsonDict


class PrecedenceRules(GameRules):
    """Precedence, the Imperial trick-taking game of rank and command."""

    id: ClassVar[str] = "precedence"
    name: ClassVar[str] = "Precedence"
    summary: ClassVar[str] = (
        "The Imperial partnership game: declare melds, bid your tricks as a team, "
        "follow suit under a rotating trump, and beware the Imperial Audit."
    )
    seats: ClassVar[tuple[int, int]] = (4, 4)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    bot_levels: ClassVar[tuple[str, ...]] = bots.LEVELS

    def seat_count(self, options: dict[str, OptionValue]) -> int:
        return 4

    def new_game(
        self, options: dict[str, OptionValue], seed: int, setup: JsonDict | None
    ) -> JsonDict:
        return new_state(options, seed, setup)

    def check_state(self, state: JsonDict) -> int:
        return check_state(state)

    def legal_actions(self, state: JsonDict, seat: int) -> list[JsonDict]:
        return state_moves(state, seat)

    def apply(self, state: JsonDict, action: Any, seat: int) -> tuple[JsonDict, list[JsonDict]]:
        return apply_action(state, action, seat)

    def view(self, state: JsonDict, seat: int | None) -> JsonDict:
        return make_view(state, seat)

    def check_view(self, view: JsonDict) -> int | None:
        return check_view(view)

    def bot_action(self, view: JsonDict, level: str, seed: int) -> JsonDict:
        return bots.choose(view, level, seed)

    def hint(self, view: JsonDict, level: str, seed: int) -> JsonDict:
        return hints.hint(view, level, seed)


RULES = PrecedenceRules()
