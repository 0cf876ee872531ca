"""``api.reseed``: each hand dealt from a seed of its own (friends checking a deal,
docs/FRIENDS.md), and records that note it (``reseeds``), replayed and reviewed."""

from __future__ import annotations

from typing import Any

import pytest

from celestix import api
from celestix.errors import IllegalActionError, MalformedError
from celestix.precedence.flow import deal as precedence_deal
from celestix.review.replayed import replayed
from celestix.rng import MAX_SEED
from celestix.sabacc.deal import deal as sabacc_deal

State = dict[str, Any]
HAND = {"precedence": "hand_number", "sabacc": "round"}


def to_last_move(game: str, seed: int) -> tuple[State, list[dict[str, Any]]]:
    """Random players play the first hand up to (not including) its last move."""
    state = api.new_game(game, None, seed)
    actions: list[dict[str, Any]] = []
    while True:
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "random", len(actions))
        after = api.apply(state, action, seat)["state"]
        if after[HAND[game]] != state[HAND[game]] or after["over"]:
            return state, actions
        actions.append({"seat": seat, "action": action})
        state = after


def last_move(state: State, seed: int) -> tuple[dict[str, Any], State]:
    seat = state["to_act"]
    action = api.bot_action(api.view(state, seat), "random", seed)
    return {"seat": seat, "action": action}, api.apply(state, action, seat)["state"]


def dealt(game: str, seed: int, state: State) -> list[list[str]]:
    """The hands the game deals from ``seed`` for the state's hand (or round)."""
    if game == "precedence":
        return precedence_deal(seed, state["hand_number"], state["dealer"])
    return sabacc_deal(seed, state["round"], state["dealer"], len(state["chips"]))[0]


@pytest.mark.parametrize("game", ["precedence", "sabacc"])
def test_the_next_hand_is_dealt_from_the_new_seed(game: str) -> None:
    before, actions = to_last_move(game, 404)
    kept = api.view(before, 0)
    state = api.reseed(before, 777)
    assert before["seed"] == 404  # the state given is not changed
    assert state["seed"] == 777
    # nothing dealt changes, and no view shows the seed
    assert {k: v for k, v in state.items() if k != "seed"} == {
        k: v for k, v in before.items() if k != "seed"
    }
    assert api.view(state, 0) == kept
    entry, after = last_move(state, 1)
    assert after[HAND[game]] == 1
    assert after["hands"] == dealt(game, 777, after)
    # another seed deals another hand; the hand's seed alone decides it
    _, other = last_move(api.reseed(before, 778), 1)
    assert other["hands"] == dealt(game, 778, other) != after["hands"]
    _, unchanged = last_move(before, 1)
    assert unchanged["hands"] == dealt(game, 404, unchanged) != after["hands"]

    record = {
        "game": game,
        "options": None,
        "seed": 404,
        "actions": [*actions, entry],
        "reseeds": [{"at": len(actions), "seed": 777}],
    }
    assert api.replay(record) == after
    assert replayed(record, api.new_game, api.apply, api.reseed).states[-1] == after
    assert api.replay({**record, "reseeds": []}) == unchanged
    # a reseed after the last action: the state as it ends, its seed changed
    later = [*record["reseeds"], {"at": len(actions) + 1, "seed": 5}]
    end = api.replay({**record, "reseeds": later})
    assert end == {**after, "seed": 5}


def test_the_first_hand_is_the_game_seeds_and_a_reseed_at_zero_changes_only_later_hands() -> None:
    state = api.new_game("precedence", None, 31)
    record = {"game": "precedence", "seed": 31, "actions": [], "reseeds": [{"at": 0, "seed": 9}]}
    assert api.replay(record)["hands"] == state["hands"]
    assert api.replay(record)["seed"] == 9


def test_a_review_follows_the_reseeds() -> None:
    before, actions = to_last_move("precedence", 55)
    entry, _ = last_move(api.reseed(before, 12), 1)
    record = {
        "game": "precedence",
        "seed": 55,
        "actions": [*actions, entry],
        "reseeds": [{"at": 10, "seed": 12}],
    }
    index = next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0)
    decision = api.review_decision(record, 0, index, "basic")
    assert decision["index"] == index


@pytest.mark.parametrize(
    ("reseeds", "field"),
    [
        ({"at": 0, "seed": 1}, "record.reseeds"),
        ([{"at": 0}], "record.reseeds[0].seed"),
        ([{"at": 0, "seed": 1, "why": 2}], "record.reseeds[0].why"),
        ([{"at": -1, "seed": 1}], "record.reseeds[0].at"),
        ([{"at": 3, "seed": 1}], "record.reseeds[0].at"),
        ([{"at": 1, "seed": 1}, {"at": 1, "seed": 2}], "record.reseeds[1].at"),
        ([{"at": 0, "seed": MAX_SEED + 1}], "record.reseeds[0].seed"),
        ([{"at": 0, "seed": True}], "record.reseeds[0].seed"),
    ],
)
def test_bad_reseeds_are_refused_naming_the_field(reseeds: Any, field: str) -> None:
    state = api.new_game("precedence", None, 8)
    actions = []
    for _ in range(2):
        seat = state["to_act"]
        action = api.legal_actions(state, seat)[0]
        actions.append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    record = {"game": "precedence", "seed": 8, "actions": actions, "reseeds": reseeds}
    with pytest.raises(MalformedError) as caught:
        api.replay(record)
    assert caught.value.field == field


def test_reseed_checks_its_input() -> None:
    state = api.new_game("precedence", None, 8)
    for seed in (-1, MAX_SEED + 1, 1.5, "7", None, True):
        with pytest.raises(MalformedError):
            api.reseed(state, seed)  # type: ignore[arg-type]
    with pytest.raises(MalformedError):
        api.reseed({**state, "hands": []}, 3)
    # the patience has one deal; a game over deals no more hands
    with pytest.raises(IllegalActionError, match="one deal"):
        api.reseed(api.new_game("patience", None, 8), 3)
    record = {"game": "patience", "seed": 8, "actions": [], "reseeds": [{"at": 0, "seed": 3}]}
    with pytest.raises(MalformedError, match="one deal"):
        api.replay(record)
    over = {**api.new_game("sabacc", {"players": 3}, 8), "over": True}
    with pytest.raises(api.RulesError):
        api.reseed(over, 3)
