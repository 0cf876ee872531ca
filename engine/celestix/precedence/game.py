"""Precedence behind the facade."""

from __future__ import annotations

from typing import ClassVar

from celestix.options import OptionSpec, OptionValue
from celestix.precedence import bots, review
from celestix.precedence.actions import Action
from celestix.precedence.bots import hints
from celestix.precedence.cards import SEATS
from celestix.precedence.check import check_state
from celestix.precedence.events import Event
from celestix.precedence.flow import apply_action
from celestix.precedence.legal import state_moves
from celestix.precedence.migrate import upgrade_state
from celestix.precedence.options import OPTION_SPECS
from celestix.precedence.setup import new_state
from celestix.precedence.state import STATE_VERSION, State
from celestix.precedence.view import View, make_view
from celestix.precedence.view_check import check_view
from celestix.registry import GameRules
from celestix.review.game import GameReview


class PrecedenceRules(GameRules[State, View, Action, Event]):
    """Precedence, the Imperial trick-taking game of rank and command."""

    id: ClassVar[str] = "precedence"
    name: ClassVar[str] = "Precedence"
    summary: ClassVar[str] = (
        "The Imperial partnership game: declare melds, bid your tricks as a team, "
        "follow suit under a rotating trump, and beware the Imperial Audit."
    )
    seats: ClassVar[tuple[int, int]] = (SEATS, SEATS)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    bot_levels: ClassVar[tuple[str, ...]] = bots.LEVELS
    version: ClassVar[int] = STATE_VERSION
    hand_field: ClassVar[str | None] = "hand_number"

    def seat_count(self, options: dict[str, OptionValue]) -> int:
        return SEATS

    new_game = staticmethod(new_state)
    check_state = staticmethod(check_state)
    upgrade_state = staticmethod(upgrade_state)
    legal_actions = staticmethod(state_moves)
    apply = staticmethod(apply_action)
    view = staticmethod(make_view)
    check_view = staticmethod(check_view)
    bot_action = staticmethod(bots.choose)
    hint = staticmethod(hints.hint)

    def reviewer(self) -> GameReview:
        return review.REVIEW


RULES = PrecedenceRules()
