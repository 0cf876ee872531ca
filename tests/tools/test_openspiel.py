"""The trick games as OpenSpiel games and OpenSpiel's ISMCTS as a player (issue 17)."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest

import bench.openspiel_bots as bots
import bench.openspiel_games as games
from celestix import api, runner
from celestix.precedence import legal as precedence_legal
from celestix.sabacc import legal as sabacc_legal

NAMES = ["python_celestix_precedence", "python_celestix_sabacc"]
LEGAL = {"precedence": precedence_legal.view_moves, "sabacc": sabacc_legal.view_moves}


def played(name: str, seed: int, stop: int | None = None) -> pyspiel.State:
    """A game dealt and played by uniformly random actions (``stop`` actions after the
    deal, or to the end)."""
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rs = np.random.RandomState(seed)
    actions = 0
    while not state.is_terminal() and (stop is None or actions < stop):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            state.apply_action(int(rs.choice(legal)))
            actions += 1
    return state


@pytest.mark.parametrize("name", NAMES)
def test_a_game_is_the_engines_game(name: str) -> None:
    state = played(name, 3)
    assert state.is_terminal()
    engine = state.engine
    returns = state.returns()
    assert len(returns) == 4
    if name.endswith("precedence"):
        assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1]
        assert engine["history"]
    else:
        assert int(engine["round"]) == 1 or engine["over"]
    # the engine accepts the deal and every action: replayed through the facade
    replay = api.new_game(engine["game"], state.options(), 1, state.setup_of(*deal_of(state)))
    for seat, action in state.actions:
        replay = api.apply(replay, action, seat)["state"]
    assert replay == engine


def deal_of(state: games.CelestixState) -> tuple[list[list[str]], list[str]]:
    seats = max(state.places) + 1
    hands: list[list[str]] = [[] for _ in range(seats)]
    talon: list[str] = []
    for place, card in zip(state.places, state.dealt, strict=True):
        (talon if place < 0 else hands[place]).append(state.deck[card])
    return hands, talon


@pytest.mark.parametrize(("name", "stop"), [(NAMES[0], 30), (NAMES[1], 12), (NAMES[1], 40)])
def test_resampling_keeps_the_seats_information(name: str, stop: int) -> None:
    state = played(name, 5, stop)
    player = state.current_player()
    draws = iter(np.random.RandomState(1).random_sample(20))
    for _ in range(3):
        other = state.resample_from_infostate(player, lambda: next(draws))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
    changed = [
        state.resample_from_infostate(player, lambda: next(draws)).engine["hands"]
        != state.engine["hands"]
        for _ in range(3)
    ]
    assert any(changed)


@pytest.mark.parametrize("game", ["precedence", "sabacc"])
def test_the_ismcts_player_is_legal_and_seeded(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "SIMULATIONS", 6)
    seen: list[tuple[str, dict[str, object]]] = []

    def observe(step: runner.Step) -> None:
        if step.seat == 1 and len(seen) < 4:
            seen.append((json.dumps(step.view), step.action))

    options = {"players": 4} if game == "sabacc" else {}
    levels = ["easy", "bench.openspiel_bots:ismcts", "easy", "bench.openspiel_bots:ismcts"]
    runner.play(game, levels, options, 9, max_hands=1, observe=observe,
                until=lambda step: len(seen) >= 4)  # fmt: skip
    assert seen
    for text, action in seen:
        view = json.loads(text)
        assert action in LEGAL[game](view)
        assert bots.ismcts(json.loads(text), 17) == bots.ismcts(view, 17)
