"""The engine's side of the web bridge: JSON in, JSON out, never an exception."""

from __future__ import annotations

import json

from celestix.bridge import handle


def call(method: str, params: object) -> dict[str, object]:
    response: dict[str, object] = json.loads(handle(method, json.dumps(params)))
    return response


def test_a_round_trip() -> None:
    state = call("new_game", {"game": "patience", "seed": 9})["result"]
    turn = call("turn", {"state": state, "seat": 0})
    assert turn["ok"] is True
    result = turn["result"]
    assert isinstance(result, dict)
    assert result["legal"] == [{"type": "deal"}]
    assert result["view"]["stock_count"] == 103


def test_errors_come_back_as_type_kind_and_message() -> None:
    state = call("new_game", {"game": "patience", "seed": 9})["result"]
    response = call("apply", {"state": state, "action": {"type": "redeal"}, "seat": 0})
    assert response["ok"] is False
    error = response["error"]
    assert isinstance(error, dict)
    assert error["type"] == "IllegalActionError"
    assert error["kind"] == "illegal"
    assert error["rule"] == "redeal-stock-not-empty"
    assert "stock is empty" in str(error["message"])


def test_unknown_methods_and_parameters() -> None:
    assert call("delete_everything", {})["error"]["field"] == "method"  # type: ignore[index]
    error = call("games", {"verbose": True})["error"]
    assert error["field"] == "params.verbose"  # type: ignore[index]
    error = call("apply", {"state": {}})["error"]
    assert error["field"] in ("params.action", "params.seat")  # type: ignore[index]


def test_bad_json_is_answered() -> None:
    response = json.loads(handle("games", "{not json"))
    assert response["ok"] is False
    assert response["error"]["field"] == "params"


def test_version() -> None:
    assert call("version", {})["result"] == {"engine": "0.1.0"}


def test_play_and_bot_play_answer_in_one_round_trip() -> None:
    state = call("new_game", {"game": "precedence", "seed": 7})["result"]
    assert isinstance(state, dict)
    seat = state["to_act"]
    moved = call("bot_play", {"state": state, "level": "basic", "seed": 3, "viewer": 0})
    assert moved["ok"] is True
    result = moved["result"]
    assert isinstance(result, dict)
    assert result["seat"] == seat
    assert result["view"]["seat"] == 0
    assert result["events"][0]["type"] == "declare"
    # the same move through play gives the same state and events
    again = call("play", {"state": state, "action": result["action"], "seat": seat})["result"]
    assert isinstance(again, dict)
    assert again["state"] == result["state"]
    assert again["events"] == result["events"]
    assert again["view"]["seat"] is None and again["legal"] == []
    refused = call("play", {"state": state, "action": {"type": "bid", "tricks": 3}, "seat": seat})
    assert refused["ok"] is False
    over = dict(state, to_act=None)
    assert call("bot_play", {"state": over})["error"]["field"] == "state.to_act"  # type: ignore[index]
