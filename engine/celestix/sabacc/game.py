"""Contract Sabacc behind the facade."""

from __future__ import annotations

from typing import ClassVar

from celestix.options import OptionSpec
from celestix.registry import GameRules
from celestix.review.game import GameReview
from celestix.sabacc import bots, review
from celestix.sabacc.actions import Action
from celestix.sabacc.bots import hints
from celestix.sabacc.check import check_state
from celestix.sabacc.events import Event
from celestix.sabacc.flow import apply_action
from celestix.sabacc.legal import state_moves
from celestix.sabacc.migrate import upgrade_record, upgrade_state, upgrade_view
from celestix.sabacc.options import OPTION_SPECS, seat_count
from celestix.sabacc.setup import new_state
from celestix.sabacc.state import STATE_VERSION, State
from celestix.sabacc.view import View, make_view
from celestix.sabacc.view_check import check_view
from celestix.shape import JsonDict


class SabaccRules(GameRules[State, View, Action, Event]):
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
    version: ClassVar[int] = STATE_VERSION
    hand_field: ClassVar[str | None] = "round"

    seat_count = staticmethod(seat_count)
    new_game = staticmethod(new_state)

    def check_state(self, state: JsonDict) -> int:
        return check_state(state, self.option_specs)

    upgrade_state = staticmethod(upgrade_state)
    upgrade_record = staticmethod(upgrade_record)
    upgrade_view = staticmethod(upgrade_view)

    legal_actions = staticmethod(state_moves)
    apply = staticmethod(apply_action)
    view = staticmethod(make_view)
    check_view = staticmethod(check_view)
    bot_action = staticmethod(bots.choose)
    hint = staticmethod(hints.hint)

    def reviewer(self) -> GameReview:
        return review.REVIEW


RULES = SabaccRules()
