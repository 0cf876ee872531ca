"""A game's computer players by level: one dispatch for every game.

Each game's ``bots`` package makes one :class:`Levels` from its players (functions of
``(view, seed)``), its legal actions read off a view, and optionally the players of
its search budgets (arena variants, ``"normal+work=9000"``). ``choose`` is then the
same everywhere: an unknown level is a ``MalformedError`` naming ``level``, and a view
whose seat has no legal action a ``MalformedError`` naming ``view``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from celestix.bots.budget import SearchBudget, player, searcher
from celestix.errors import MalformedError
from celestix.rng import Rng

# A player and a legal-move function take a view (V) that the game's check_view vouched
# for, and give actions (A): plain JSON, or the game's own TypedDicts of them (e.g.
# celestix.precedence.view.View, celestix.precedence.actions.Action).
V = TypeVar("V", bound=Mapping[str, object])
A = TypeVar("A", bound=Mapping[str, object])
Player = Callable[[V, int], A]
Legal = Callable[[V], list[A]]
B = TypeVar("B", bound=SearchBudget)


def refusing(legal: Legal[V, A]) -> Legal[V, A]:
    """``legal``, refusing a view whose seat has no legal action."""

    def legal_or_refuse(view: V) -> list[A]:
        moves = legal(view)
        if not moves:
            raise MalformedError("view", "the seat has no legal action in this view")
        return moves

    return legal_or_refuse


def random_player(legal: Legal[V, A]) -> Player[V, A]:
    """The ``random`` level: a legal action drawn uniformly from ``Rng(seed)``."""

    def play(view: V, seed: int) -> A:
        return Rng(seed).choice(legal(view))

    return play


def _no_search(spec: str) -> None:
    return None


class Levels(Generic[V, A]):
    """The players of one game's levels (``V`` and ``A``: the game's types of a view
    and of an action)."""

    def __init__(
        self,
        players: Mapping[str, Player[V, A]],
        searcher: Callable[[str], Player[V, A] | None] = _no_search,
    ):
        self.players = dict(players)
        self.searcher = searcher

    @property
    def names(self) -> tuple[str, ...]:
        """The levels offered, in order."""
        return tuple(self.players)

    def player_of(self, level: str) -> Player[V, A] | None:
        """The player of a level, or of a search budget the game's searcher names;
        ``None`` if unknown."""
        found = self.players.get(level)
        return found if found is not None else self.searcher(level)

    def choose(self, view: V, level: str, seed: int) -> A:
        """The action of the player of ``level`` for the view's seat (a view the game's
        check_view vouched for)."""
        found = self.player_of(level)
        if found is None:
            raise MalformedError("level", f"unknown level {level!r}")
        return found(view, seed)


def searching_levels(
    legal_or_refuse: Legal[V, A],
    basic: Player[V, A],
    search: Callable[[V, B, int], A],
    named: Mapping[str, B],
) -> Levels[V, A]:
    """The levels of a trick game: ``random``; ``basic`` and ``easy``, its heuristic
    player; ``normal`` and ``strong``, its search with the budgets of those names in
    ``named`` (whose other budgets, and changed ones, the arena can name too)."""
    return Levels(
        {
            "random": random_player(legal_or_refuse),
            "basic": basic,
            "easy": basic,
            "normal": player(search, named["normal"]),
            "strong": player(search, named["strong"]),
        },
        searcher(named, search),
    )
