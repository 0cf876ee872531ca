"""Input a hostile caller could send (issue 14, items 7-9): each case is refused with a
``MalformedError`` naming the field, never another exception or an engine fault."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fuzz_support import DEEPEST

from celestix import api
from celestix.bridge import handle
from celestix.errors import MalformedError
from celestix.shape import MAX_DEPTH

HUGE = 10**5000


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def refused(call: Any, field: str) -> MalformedError:
    with pytest.raises(MalformedError) as error:
        call()
    assert error.value.field == field, error.value
    return error.value


def played(game: str, moves: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A state ``moves`` actions into a game (the basic bots playing)."""
    state = api.new_game(game, options, 5)
    for step in range(moves):
        seat = state["to_act"]
        level = "random" if game == "patience" else "basic"
        state = api.apply(state, api.bot_action(api.view(state, seat), level, step), seat)["state"]
    copy: dict[str, Any] = json.loads(json.dumps(state))
    return copy


def test_whole_numbers_of_thousands_of_digits() -> None:
    patience = api.new_game("patience", seed=1)
    refused(lambda: api.new_game("patience", seed=HUGE), "seed")
    refused(lambda: api.new_game("patience", {"redeals": HUGE}), "options.redeals")
    refused(lambda: api.view(patience, HUGE), "seat")
    refused(lambda: api.winnable(patience, HUGE), "budget")
    refused(lambda: api.apply(patience, {"type": "build", "to": HUGE}, 0), "action.to")
    refused(lambda: api.view(dict(patience, moves=HUGE), 0), "state.moves")
    refused(lambda: api.bot_action(api.view(patience, 0), "easy", -HUGE), "seed")
    # 18 digits is the most any input holds; 19 is refused before any check reads it
    refused(lambda: api.new_game("patience", seed=10**18), "seed")
    error = refused(lambda: api.new_game("patience", None, 1, {"x": 10**18}), "setup.x")
    assert "18 digits" in error.message


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 2_000, DEEPEST])
def test_values_nested_deeply(depth: int) -> None:
    patience = api.new_game("patience", seed=1)
    view = api.view(patience, 0)
    deep = nested(depth)
    where = "[0]" * (MAX_DEPTH - 1)  # the path to the container one level too deep
    refused(lambda: api.new_game(deep), "game[0]" + where)
    refused(lambda: api.apply(patience, {"type": deep}, 0), "action.type" + where)
    refused(lambda: api.view(dict(patience, extra=deep), 0), "state.extra" + where)
    refused(lambda: api.bot_action(dict(view, extra=deep)), "view.extra" + where)
    refused(lambda: api.replay({"game": "patience", "seed": 1, "actions": deep}),
            "record.actions" + where)  # fmt: skip


def test_values_as_deep_as_allowed_reach_the_checks() -> None:
    patience = api.new_game("patience", seed=1)
    refused(lambda: api.apply(patience, {"type": nested(MAX_DEPTH - 1)}, 0), "action.type")


@pytest.mark.parametrize(
    "value", [float("nan"), float("inf"), 1.0, 2.5, (1, 2), {1, 2}, b"x", {1: "a"}]
)
def test_values_that_are_not_plain_json(value: Any) -> None:
    patience = api.new_game("patience", seed=1)
    refused(lambda: api.apply(patience, {"type": "build", "to": value}, 0), "action.to")
    refused(lambda: api.new_game("patience", {"start": "king", "redeals": value}),
            "options.redeals")  # fmt: skip


@pytest.mark.parametrize("game", ["patience", "precedence", "sabacc"])
@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_the_version_is_exactly_the_number(game: str, version: Any) -> None:
    state = api.new_game(game, None, 3)
    refused(lambda: api.view(dict(state, version=version)), "state.version")


@pytest.mark.parametrize("game", ["patience", "precedence", "sabacc"])
@pytest.mark.parametrize("kind", [float, bool])
def test_to_act_is_a_seat_number(game: str, kind: type) -> None:
    state = api.new_game(game, None, 3)
    bad = dict(state, to_act=kind(state["to_act"]))
    with pytest.raises(MalformedError) as error:
        api.view(bad)
    assert error.value.field == "state.to_act", error.value


def test_a_precedence_ledger_entry_of_the_wrong_type() -> None:
    state = played("precedence", 8)
    state["ledger"][1]["pot"] = {}
    refused(lambda: api.view(state, 0), "state.ledger[1].pot")


@pytest.mark.parametrize("value", ["12", 10**15, -(10**15), None, [1, 2], True])
def test_every_line_of_the_precedence_score_sheet_is_checked(value: Any) -> None:
    state = played("precedence", 140, {"target": 250})
    assert len(state["history"]) >= 2
    for key in ("points", "scores", "tricks", "audits", "contracts", "excess"):
        bad = json.loads(json.dumps(state))
        bad["history"][0][key][0] = value
        with pytest.raises(MalformedError) as error:
            api.view(bad, 0)
        assert error.value.field.startswith("state.history["), error.value


def test_precedence_view_fields_that_follow_from_others() -> None:
    state = played("precedence", 8)
    view = api.view(state, state["to_act"])
    refused(lambda: api.bot_action(dict(view, team_meld_points=7), "strong"),
            "view.team_meld_points")  # fmt: skip
    refused(lambda: api.bot_action(dict(view, penalty=-5), "strong"), "view.penalty")
    refused(lambda: api.hint(dict(view, bid_limits=[99, 0, 0, 0])), "view.bid_limits")


def test_sabacc_view_auction_is_replayed() -> None:
    state = played("sabacc", 1)
    view = api.view(state, state["to_act"])
    view["auction"][0]["bid"] = "MC"
    refused(lambda: api.bot_action(view, "strong"), "view.auction[0].bid")


@pytest.mark.parametrize("chips", [[], [100, 100], [100] * 6])
def test_sabacc_chips_give_the_table_size(chips: list[int]) -> None:
    state = played("sabacc", 30, {"players": 3})
    refused(lambda: api.legal_actions(dict(state, chips=chips), 0), "state.chips")


def test_sabacc_view_hand_sizes_add_up() -> None:
    state = played("sabacc", 30)
    view = api.view(state, state["to_act"])
    sizes = list(view["hand_sizes"])
    sizes[(view["seat"] + 1) % len(sizes)] += 1
    with pytest.raises(MalformedError) as error:
        api.bot_action(dict(view, hand_sizes=sizes), "strong")
    assert error.value.field.startswith("view.hand_sizes")


def test_patience_redeals_and_moves_are_bounded() -> None:
    refused(lambda: api.new_game("patience", {"redeals": 105}), "options.redeals")
    assert api.new_game("patience", {"redeals": 104}, 1)["redeals_left"] == 104
    state = api.new_game("patience", seed=1)
    # no redeal used yet: at most 104 deals and 104 builds
    refused(lambda: api.view(dict(state, moves=209), 0), "state.moves")
    api.view(dict(state, moves=208), 0)
    refused(lambda: api.bot_action(dict(api.view(state, 0), moves=209)), "view.moves")


def test_patience_view_fields_that_follow_from_others() -> None:
    view = api.view(api.new_game("patience", seed=4), 0)
    for key, value in [("pass", 2), ("passes", 9), ("won", True), ("foundation_info", [])]:
        refused(lambda k=key, v=value: api.bot_action(dict(view, **{k: v})), f"view.{key}")


def test_bot_action_seeds_a_view_it_has_checked() -> None:
    view = api.view(api.new_game("patience", seed=4), 0)
    deep = dict(view, extra=nested(3_000))
    refused(lambda: api.bot_action(deep), "view.extra" + "[0]" * (MAX_DEPTH - 1))


STRICT = ['{"seat": NaN}', '{"seed": Infinity}', "[" * DEEPEST + "]" * DEEPEST, '{"a": -Infinity}']


@pytest.mark.parametrize("text", STRICT)
def test_the_bridge_reads_strict_json(text: str) -> None:
    response = json.loads(handle("view", text))
    assert response["ok"] is False
    assert response["error"]["kind"] == "malformed"
    assert response["error"]["field"] == "params"
