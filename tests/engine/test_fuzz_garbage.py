"""Fuzz: every facade function called with garbage in each of its parameters.

Garbage is anything: plain JSON-like data, fractions (NaN and infinities too), whole
numbers of thousands of digits, values nested thousands deep, Python values that are
not JSON. Some parameters get a real input instead, so the garbage reaches past the
first check. See fuzz_support for what every call is held to.
"""

from __future__ import annotations

from typing import Any

from fuzz_support import GAMES, checked_call, fuzz_settings, garbage, real
from hypothesis import given
from hypothesis import strategies as st

from celestix import api


def maybe_real(data: st.DataObject, game: str, kind: str, label: str) -> Any:
    """A real input of ``kind`` half the time, else garbage."""
    if data.draw(st.booleans(), label=f"{label} is real"):
        return real(data, game, kind)
    return garbage(data, label)


def seat(data: st.DataObject) -> Any:
    return data.draw(st.integers(-1, 5)) if data.draw(st.booleans()) else garbage(data, "seat")


@fuzz_settings(200)
@given(st.data())
def test_new_game(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES)) if data.draw(st.booleans()) else garbage(data)
    known = game in GAMES if type(game) is str else False
    options = maybe_real(data, game, "options", "options") if known else garbage(data)
    seed = data.draw(st.integers(0, 2**53)) if data.draw(st.booleans()) else garbage(data)
    setup = maybe_real(data, game, "setups", "setup") if known else garbage(data)
    checked_call(api.new_game, game, options, seed, setup)


@fuzz_settings(200)
@given(st.data(), st.sampled_from(GAMES))
def test_state_functions(data: st.DataObject, game: str) -> None:
    state = maybe_real(data, game, "states", "state")
    checked_call(api.legal_actions, state, seat(data))
    checked_call(api.apply, state, garbage(data, "action"), seat(data))
    checked_call(api.view, state, seat(data))
    checked_call(api.winnable, state, garbage(data, "budget"))


@fuzz_settings(200)
@given(st.data(), st.sampled_from(GAMES))
def test_view_functions(data: st.DataObject, game: str) -> None:
    view = maybe_real(data, game, "acting", "view")
    level = data.draw(st.sampled_from(["random", "easy"])) if data.draw(st.booleans()) else None
    level = garbage(data, "level") if level is None else level
    seed = data.draw(st.integers(0, 99)) if data.draw(st.booleans()) else garbage(data, "seed")
    checked_call(api.bot_action, view, level, seed)
    checked_call(api.hint, view, level, seed)


@fuzz_settings(100)
@given(st.data())
def test_games_and_replay(data: st.DataObject) -> None:
    checked_call(api.games)
    checked_call(api.replay, garbage(data, "record"))
    if hasattr(api, "review"):
        checked_call(api.review, garbage(data, "record"), seat(data), garbage(data, "level"))
