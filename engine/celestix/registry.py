"""The games the facade knows, and the interface each game implements.

A game joins the card room by subclassing :class:`GameRules` in its own package and
adding one line to :data:`GAME_MODULES`; the facade itself never changes. Game
packages are imported on first use, so a page that plays only the patience never
imports the trick-taking games.

``GameRules`` is generic over the game's own types of its state, view, action and
event (TypedDicts, e.g. :mod:`celestix.patience.state`'s ``State``), so mypy checks
each game's flow against them. What arrives at the facade is unchecked JSON: only
``check_state`` and ``check_view`` take it as such; the other methods are called with
what those checks have vouched for.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from celestix.errors import MalformedError
from celestix.options import OptionSpec, OptionValue
from celestix.shape import JsonDict

if TYPE_CHECKING:
    from celestix.review.game import GameReview

# game id -> module that defines ``RULES``, an instance of a GameRules subclass.
GAME_MODULES: dict[str, str] = {
    "patience": "celestix.patience.game",
    "precedence": "celestix.precedence.game",
    "sabacc": "celestix.sabacc.game",
}

# A game's own types of what its rules take and give (plain JSON objects all)
StateT = TypeVar("StateT", bound=Mapping[str, object])
ViewT = TypeVar("ViewT", bound=Mapping[str, object])
ActionT = TypeVar("ActionT", bound=Mapping[str, object])
EventT = TypeVar("EventT", bound=Mapping[str, object])


class GameRules(ABC, Generic[StateT, ViewT, ActionT, EventT]):
    """The rules of one game, as pure functions of plain-data states.

    Implementations never change a state or view they are given. The facade has
    already checked the game id, resolved options, the seed's range and seat numbers'
    types; the methods check everything game-specific and raise ``RulesError``.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    seats: ClassVar[tuple[int, int]]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    bot_levels: ClassVar[tuple[str, ...]]
    # The version of this engine's states (``state["version"]``); a record's ``version``
    # is the state version of the engine that wrote it (``upgrade_record``).
    version: ClassVar[int] = 1
    # The state's field that counts hands (rounds), for runners that check a state once
    # a hand (celestix.runner); None for a game of one hand.
    hand_field: ClassVar[str | None] = None

    def describe(self) -> JsonDict:
        """The game as ``games()`` lists it."""
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "seats": list(self.seats),
            "options": {spec.name: spec.describe() for spec in self.option_specs},
            "levels": list(self.bot_levels),
        }

    @abstractmethod
    def seat_count(self, options: dict[str, OptionValue]) -> int:
        """Number of seats at a table with these (resolved) options."""

    @abstractmethod
    def new_game(
        self, options: dict[str, OptionValue], seed: int, setup: JsonDict | None
    ) -> StateT:
        """A new state, from a setup when given (``setup`` is an unchecked object)."""

    @abstractmethod
    def check_state(self, state: JsonDict) -> int:
        """Raise ``MalformedError`` unless ``state`` could arise in play; return seats."""

    def upgrade_state(self, state: JsonDict) -> JsonDict:
        """``state`` in this engine's shape: a state an older engine made (an older
        ``version``) migrated, once, at the facade's edge before ``check_state`` runs;
        anything else as it is, for the check to judge. Games that never changed shape
        keep this default."""
        return state

    def upgrade_record(self, record: JsonDict) -> JsonDict:
        """``record`` as this engine replays it: a record whose ``version`` (already
        checked to be from 1 to :attr:`version`) is older, migrated once, at the
        facade's edge, before it is replayed; a record without a version is today's.
        Games whose records never changed meaning keep this default."""
        return record

    def upgrade_view(self, view: JsonDict) -> JsonDict:
        """``view`` in this engine's shape (one an older engine made, migrated), before
        ``check_view`` runs."""
        return view

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Every legal action of ``seat`` (empty when it is not that seat's turn)."""

    @abstractmethod
    def apply(self, state: StateT, action: Any, seat: int) -> tuple[StateT, list[EventT]]:
        """The state after ``seat`` (who is to act) takes ``action`` (unchecked), and its
        events."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may see (``None``: a spectator); a fresh object."""

    @abstractmethod
    def check_view(self, view: JsonDict) -> int | None:
        """Raise ``MalformedError`` unless ``view`` is a view of this game; return its seat."""

    @abstractmethod
    def bot_action(self, view: ViewT, level: str, seed: int) -> ActionT:
        """An action for the view's seat, chosen from the view alone."""

    def hint(self, view: ViewT, level: str, seed: int) -> JsonDict:
        """Advice for the view's seat: ``{"action", "reason", "alternatives"}``."""
        raise MalformedError("view.game", f"no hints for this game ({self.id}) yet")

    def winnable(self, state: StateT, budget: int | None) -> JsonDict:
        """Whether the (checked) state can still be won: ``{"status", "line", "nodes"}``.

        Only games whose outcome the state decides alone (the patience) have a solver.
        """
        raise MalformedError("state.game", f"no solver for this game ({self.id})")

    def reviewer(self) -> GameReview:
        """The game's review (``api.review``): its steps, how to run them, its report."""
        raise MalformedError("record.game", f"no review for this game ({self.id})")


# The rules of a game not known until run time (the facade's view of every game)
AnyRules = GameRules[Any, Any, Any, Any]

_loaded: dict[str, AnyRules] = {}


def rules_for(game: object, field: str = "game") -> AnyRules:
    """The rules of the game with id ``game``."""
    if not isinstance(game, str) or game not in GAME_MODULES:
        known = ", ".join(sorted(GAME_MODULES))
        raise MalformedError(field, f"unknown game {game!r} (known: {known})")
    rules = _loaded.get(game)
    if rules is None:
        module = importlib.import_module(GAME_MODULES[game])
        rules = module.RULES
        assert isinstance(rules, GameRules)
        _loaded[game] = rules
    return rules
