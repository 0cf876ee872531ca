"""Whole games between computer players: the terminal simulator's and the tests' loop.

Bots see only views. By default the loop calls the engine's functions directly (the
facade's checks of every state would dominate a long run); ``checked=True`` sends
every call through :mod:`celestix.api` instead, and ``audit=True`` runs the full state
check after every hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from celestix import api
from celestix.options import OptionValue, resolve
from celestix.precedence.bots import choose
from celestix.precedence.check import check_state
from celestix.precedence.flow import apply_action
from celestix.precedence.options import OPTION_SPECS
from celestix.precedence.setup import new_state
from celestix.precedence.view import make_view
from celestix.rng import MAX_SEED
from celestix.shape import JsonDict


@dataclass
class Match:
    """How a bot game went."""

    state: JsonDict
    actions: int
    finished: bool


def bot_seed(seed: int, action: int) -> int:
    """The seed of the bot choosing the ``action``-th action of game ``seed``."""
    return (seed * 1_000_003 + action * 7_919) % (MAX_SEED + 1)


def play_match(
    levels: Sequence[str],
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 1,
    *,
    max_hands: int = 500,
    checked: bool = False,
    audit: bool = False,
) -> Match:
    """Play one game with the bot of ``levels[s]`` in seat ``s``, to its end or
    ``max_hands`` hands."""
    if checked:
        state = api.new_game("precedence", dict(options or {}), seed)
    else:
        state = new_state(resolve(OPTION_SPECS, dict(options or {})), seed, None)
    actions = 0
    hand = state["hand_number"]
    while not state["over"] and state["hand_number"] - hand < max_hands:
        seat = state["to_act"]
        if checked:
            view = api.view(state, seat)
            action = api.bot_action(view, levels[seat], bot_seed(seed, actions))
            state = api.apply(state, action, seat)["state"]
        else:
            view = make_view(state, seat)
            action = choose(view, levels[seat], bot_seed(seed, actions))
            before = state["hand_number"]
            state, _ = apply_action(state, action, seat)
            if audit and (state["over"] or state["hand_number"] != before):
                check_state(state)
        actions += 1
    return Match(state, actions, bool(state["over"]))
