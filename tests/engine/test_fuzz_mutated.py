"""Fuzz: real states, views, records, setups and options of the three games, spoiled in
one to three places (a value replaced, deleted, inserted, retyped, nudged, swapped,
nested deeper, copied from elsewhere, a list made shorter or longer), through every
facade function that takes them.

Most spoiled inputs must be refused (a ``RulesError`` naming the field or rule); some
are still inputs that could arise in play and are answered. Either way the call is
held to the facade's promise (fuzz_support).
"""

from __future__ import annotations

from fuzz_support import GAMES, checked_call, clone, fuzz_settings, mutated, real
from hypothesis import given
from hypothesis import strategies as st

from celestix import api


@fuzz_settings(200)
@given(st.data(), st.sampled_from(GAMES))
def test_states(data: st.DataObject, game: str) -> None:
    original = real(data, game, "states")
    state = mutated(data, clone(original))
    seat = original["to_act"] if original["to_act"] is not None else 0
    checked_call(api.legal_actions, state, seat)
    checked_call(api.view, state, data.draw(st.sampled_from([None, 0, 1, 2])))
    actions = api.legal_actions(original, seat) if not original["over"] else []
    action = data.draw(st.sampled_from(actions)) if actions else {"type": "deal"}
    checked_call(api.apply, state, action, seat)
    checked_call(api.apply, original, mutated(data, dict(action)), seat)
    if game == "patience":
        checked_call(api.winnable, state, data.draw(st.sampled_from([None, 1, 500])))


@fuzz_settings(200)
@given(st.data(), st.sampled_from(GAMES))
def test_views(data: st.DataObject, game: str) -> None:
    view = mutated(data, real(data, game, "acting" if data.draw(st.booleans()) else "views"))
    level = data.draw(st.sampled_from(api.games()[GAMES.index(game)]["levels"]))
    seed = data.draw(st.sampled_from([None, 0, 12345]))
    checked_call(api.bot_action, view, level, seed)
    checked_call(api.hint, view, level, seed)


@fuzz_settings(100)
@given(st.data(), st.sampled_from(GAMES))
def test_records(data: st.DataObject, game: str) -> None:
    record = mutated(data, real(data, game, "records"))
    checked_call(api.replay, record)
    if hasattr(api, "review"):
        checked_call(api.review, record, data.draw(st.sampled_from([0, 1])), "random")


@fuzz_settings(200)
@given(st.data(), st.sampled_from(GAMES))
def test_setups_and_options(data: st.DataObject, game: str) -> None:
    options = real(data, game, "options")
    setup = real(data, game, "setups")
    if data.draw(st.booleans()):
        options = mutated(data, options)
    else:
        setup = mutated(data, setup)
    checked_call(api.new_game, game, options, data.draw(st.sampled_from([None, 7])), setup)
