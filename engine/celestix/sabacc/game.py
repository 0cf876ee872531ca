"""Contract Sabacc behind the facade."""

from __future__ import annotations

from typing import Any, ClassVar

from celestix.options import OptionSpec, OptionValue
from celestix.registry import GameRules
from celestix.sabacc import bots
from celestix.sabacc.bots import hints
from celestix.sabacc.check import check_state
from celestix.sabacc.flow import apply_action, legal_actions
from celestix.sabacc.state import OPTION_SPECS, new_state, seat_count
from celestix.sabacc.view import make_view
from celestix.sabacc.view_check import check_view
from celestix.shape import JsonDict


class SabaccRules(GameRules):
    """Contract Sabacc, the trick-taking game of the 78-card Centran deck."""

    id: ClassVar[str] = "sabacc"
    name: ClassVar[str] = "Contract Sabacc"
    summary: ClassVar[str] = (
        "Three to five players bid for a contract with the 78-card Centran deck; the "
        "declarer plays alone against all the others to take 46 of the 91 card points."
    )
    seats: ClassVar[tuple[int, int]] = (3, 5)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    bot_levels: ClassVar[tuple[str, ...]] = bots.LEVELS

    def seat_count(self, options: dict[str, OptionValue]) -> int:
        return seat_count(options)

    def new_game(
        self, options: dict[str, OptionValue], seed: int, setup: JsonDict | None
    ) -> JsonDict:
        return new_state(options, seed, setup)

    def check_state(self, state: JsonDict) -> int:
        return check_state(state, self.option_specs)

    def legal_actions(self, state: JsonDict, seat: int) -> list[JsonDict]:
        return legal_actions(state, seat)

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


RULES = SabaccRules()
