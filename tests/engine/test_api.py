"""The facade's own checks, common to every game (shown on the patience)."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from celestix import api
from celestix.errors import IllegalActionError, MalformedError, RulesError
from celestix.rng import MAX_SEED


def test_the_facades_examples_run_as_written() -> None:
    """The examples in the facade's docstring (doctest), here and in Pyodide."""
    results = doctest.testmod(api, raise_on_error=False, report=True)
    assert results.failed == 0
    assert results.attempted >= 4


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(api.RulesError, ValueError)


def test_games_describe_ids_seats_options_and_levels() -> None:
    games = {game["id"]: game for game in api.games()}
    patience = games["patience"]
    assert patience["seats"] == [1, 1]
    assert patience["options"]["start"]["default"] == "king"
    assert patience["options"]["start"]["choices"] == ["king", "no-king"]
    assert patience["options"]["redeals"]["default"] == 2
    assert patience["options"]["redeals"]["min"] == 0
    assert all(option["help"] for option in patience["options"].values())
    assert "easy" in patience["levels"]
    json.dumps(api.games())  # plain JSON


@pytest.mark.parametrize("game", ["chess", "", None, 3, "Patience"])
def test_unknown_game(game: Any) -> None:
    with pytest.raises(MalformedError) as error:
        api.new_game(game)
    assert error.value.field == "game"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"colour": "red"}, "options.colour"),
        ({"start": "queen"}, "options.start"),
        ({"start": 1}, "options.start"),
        ({"redeals": -1}, "options.redeals"),
        ({"redeals": "2"}, "options.redeals"),
        ({"redeals": True}, "options.redeals"),
        ({"redeals": 2.0}, "options.redeals"),
        ("king", "options"),
    ],
)
def test_bad_options_name_the_option(options: Any, field: str) -> None:
    with pytest.raises(MalformedError) as error:
        api.new_game("patience", options)
    assert error.value.field == field


def test_options_left_out_or_null_take_their_defaults() -> None:
    state = api.new_game("patience", {"redeals": None}, seed=1)
    assert state["options"] == {"start": "king", "redeals": 2}


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5, "12", True])
def test_bad_seeds(seed: Any) -> None:
    with pytest.raises(MalformedError) as error:
        api.new_game("patience", seed=seed)
    assert error.value.field == "seed"


def test_a_game_without_a_seed_gets_a_fresh_one() -> None:
    seeds = {api.new_game("patience")["seed"] for _ in range(5)}
    assert len(seeds) > 1
    assert all(isinstance(seed, int) and 0 < seed <= MAX_SEED for seed in seeds)


def tamper(state: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(state))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["game"], "chess", "state.game"),
        (["version"], 0, "state.version"),
        (["phase"], "won", "state.phase"),
        (["over"], True, "state.over"),
        (["over"], "no", "state.over"),
        (["to_act"], None, "state.to_act"),
        (["moves"], -1, "state.moves"),
        (["seed"], -5, "state.seed"),
        (["redeals_left"], 7, "state.redeals_left"),
        (["options", "start"], "queen", "state.options.start"),
        (["options", "extra"], 1, "state.options"),
        (["stock", 0], "QQ", "state.stock[0]"),
        (["stock"], KeyError, "state.stock"),
        (["foundations", 0], [], "state"),
        (["foundations", 1], ["JS"], "state"),
        (["foundations"], [[]] * 3, "state.foundations"),
        (["waste"], "none", "state.waste"),
        (["extra"], 1, "state.extra"),
    ],
)
def test_tampered_states_are_refused_by_every_function(
    path: list[Any], value: Any, field: str
) -> None:
    state = api.new_game("patience", seed=11)
    bad = tamper(state, path, value)
    for call in (
        lambda: api.legal_actions(bad, 0),
        lambda: api.apply(bad, {"type": "deal"}, 0),
        lambda: api.view(bad, 0),
    ):
        with pytest.raises(MalformedError) as error:
            call()
        assert error.value.field == field


def test_a_foundation_that_could_not_be_built_is_refused() -> None:
    state = api.new_game("patience", seed=11)
    jack = next(i for i, card in enumerate(state["stock"]) if card[0] == "J")
    bad = json.loads(json.dumps(state))
    bad["foundations"][1] = [bad["stock"].pop(jack)]
    with pytest.raises(MalformedError) as error:
        api.view(bad, 0)
    assert error.value.field == "state.foundations[1]"
    assert "must start with a Queen" in str(error.value)


def test_a_duplicated_card_is_refused() -> None:
    state = api.new_game("patience", seed=11)
    card = state["stock"][0]
    bad = tamper(state, ["stock", 1], card)
    bad = tamper(bad, ["stock", 2], card)
    with pytest.raises(MalformedError, match=r"appears [34] times"):
        api.view(bad, 0)


@pytest.mark.parametrize("state", [None, [], "state", {"game": "patience"}])
def test_states_that_are_not_states(state: Any) -> None:
    with pytest.raises(MalformedError):
        api.view(state, 0)


def test_not_your_turn_and_game_over_are_illegal() -> None:
    won = api.new_game(
        "patience",
        seed=1,
        setup={
            "foundations": [
                [r + "SHDC"[k % 4] for r in ranks]
                for k, ranks in enumerate(
                    [
                        "KQJT98765432A",
                        "QJT98765432AK",
                        "JT98765432AKQ",
                        "T98765432AKQJ",
                        "98765432AKQJT",
                        "8765432AKQJT9",
                        "765432AKQJT98",
                        "65432AKQJT987",
                    ]
                )
            ],
            "stock": [],
        },
    )
    assert won["over"] and won["phase"] == "won"
    with pytest.raises(IllegalActionError) as error:
        api.apply(won, {"type": "deal"}, 0)
    assert error.value.rule == "game-over"
    assert api.legal_actions(won, 0) == []


def test_view_for_a_spectator() -> None:
    state = api.new_game("patience", seed=1)
    assert api.view(state)["seat"] is None
    assert api.view(state, 0)["seat"] == 0


def test_replay_refuses_a_tampered_record_naming_the_action() -> None:
    record = {
        "game": "patience",
        "seed": 5,
        "actions": [
            {"seat": 0, "action": {"type": "deal"}},
            {"seat": 0, "action": {"type": "redeal"}},
        ],
    }
    with pytest.raises(MalformedError) as error:
        api.replay(record)
    assert error.value.field == "record.actions[1]"
    with pytest.raises(MalformedError) as error:
        api.replay({"game": "patience", "seed": 5, "actions": [{"seat": 0}]})
    assert error.value.field == "record.actions[0].action"
    with pytest.raises(MalformedError):
        api.replay({"game": "patience", "seed": 5})


def test_bot_action_checks_its_input() -> None:
    state = api.new_game("patience", seed=3)
    view = api.view(state, 0)
    with pytest.raises(MalformedError) as error:
        api.bot_action(view, "grandmaster")
    assert error.value.field == "level"
    with pytest.raises(MalformedError):
        api.bot_action(api.view(state), "easy")  # a spectator cannot act
    with pytest.raises(MalformedError):
        api.bot_action({"game": "patience"}, "easy")
    with pytest.raises(MalformedError):
        api.bot_action({**view, "seed": 1}, "easy")


def test_bot_action_without_seed_is_deterministic() -> None:
    state = api.new_game("patience", seed=3)
    view = api.view(state, 0)
    assert api.bot_action(view, "random") == api.bot_action(view, "random")
    assert api.bot_action(view, "random", 5) == api.bot_action(view, "random", 5)


def test_no_other_exception_type_escapes_on_garbage() -> None:
    state = api.new_game("patience", seed=3)
    garbage: list[Any] = [None, 1, "x", [], {}, {"type": None}, [1, 2], {"a": {"b": []}}]
    for value in garbage:
        for call in (
            lambda v=value: api.apply(state, v, 0),
            lambda v=value: api.view(v, 0),
            lambda v=value: api.legal_actions(v, v),
            lambda v=value: api.bot_action(v),
            lambda v=value: api.replay(v),
            lambda v=value: api.new_game("patience", v),
            lambda v=value: api.new_game("patience", None, None, v),
        ):
            try:
                call()
            except RulesError as error:
                assert error.kind != "internal", error
