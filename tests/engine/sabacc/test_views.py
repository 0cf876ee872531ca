"""Views: the protocol's keys, what each seat may see, and what a front end needs."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import (
    PLAY_SETUP,
    PLAY_TALON,
    act,
    declare,
    dumps,
    finish_round,
    new,
    play_until,
)

from celestix import api
from celestix.errors import MalformedError

PROTOCOL_KEYS = {
    "game", "phase", "to_act", "over", "seat", "hand", "hand_sizes", "dealer", "declarer",
    "contract", "wagers", "talon", "chips", "ante_pot", "tricks", "trick", "aside", "points",
    "winners",
}  # fmt: skip


def test_view_has_every_protocol_key_and_no_seed() -> None:
    state = new(4, seed=6)
    for seat in (None, 0, 3):
        view = api.view(state, seat)
        assert set(view) >= PROTOCOL_KEYS
        assert "seed" not in view and "hands" not in view
        assert view["seat"] == seat


def test_a_seat_sees_its_own_hand_only() -> None:
    state = new(4, seed=6)
    view = api.view(state, 2)
    assert view["hand"] == state["hands"][2]
    assert view["hand_sizes"] == [18, 18, 18, 18]
    text = dumps({k: v for k, v in view.items() if k != "last_round"})
    for seat in (0, 1, 3):
        assert not any(f'"{card}"' in text for card in state["hands"][seat])
    assert api.view(state, None)["hand"] == []
    assert api.view(state, 0)["talon"] is None  # face down while bidding


def test_view_during_the_auction_shows_bids_stakes_and_whose_turn() -> None:
    state = new(4, setup={"dealer": 0})
    state, _ = act(state, {"type": "bid", "bid": "take"})
    state, _ = act(state, {"type": "bid", "bid": "pass"})
    view = api.view(state, None)
    assert view["auction"] == [
        {"seat": 3, "bid": "take", "stake": 1},
        {"seat": 0, "bid": "pass", "stake": 0},
    ]
    assert view["highest_bid"] == "take" and view["highest_bidder"] == 3
    assert view["passed"] == [True, False, False, False]
    assert view["to_act"] == 1 and view["phase"] == "bid"
    assert view["wagers"] == [1, 1, 1, 1]  # stakes "everyone": every player called the Take
    assert view["options"]["stakes"] == "everyone" and view["stakes"]["take"] == 1
    assert view["stakes"]["guard_against"] == 6
    assert view["ledger"] == state["ledger"]
    assert view["round"] == 0 and view["rounds"] == 4 and view["deals_done"] == 0


def test_view_during_play_shows_tricks_and_pile_sizes() -> None:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "take")
    for card in ["1t", "2t", "3t", "4t", "-11", "-20"]:
        state, _ = act(state, {"type": "aside", "card": card})
    state, _ = play_until(state, lambda s: len(s["played"]) == 2 and len(s["trick"]) == 1)
    view = api.view(state, 0)
    assert view["talon"] == PLAY_TALON  # shown to all after a Take, until the round ends
    assert len(view["played"]) == 2 and view["last_trick"] == view["played"][-1]
    assert view["trick"] == state["trick"]
    assert view["tricks"] == [sum(1 for t in state["played"] if t["winner"] == s) for s in range(4)]
    declarer_tricks = view["tricks"][2]
    assert view["pile_sizes"] == {
        "declarer": 6 + 4 * declarer_tricks,
        "defenders": 4 * (2 - declarer_tricks),
    }
    assert view["aside"] == ["-11", "-20"]  # only the Sabaccs set aside are shown
    assert api.view(state, 2)["aside"] == ["1t", "2t", "3t", "4t", "-11", "-20"]
    assert view["aside_size"] == 6 and view["points"] is None and view["winners"] == []


def test_views_are_fresh_objects() -> None:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "guard_without")
    state, _ = play_until(state, lambda s: len(s["played"]) == 1)
    before = dumps(state)
    view = api.view(state, 1)
    view["hand"].clear()
    view["played"][0]["plays"][0]["card"] = "0"
    view["ledger"][0]["amount"] = 99
    view["options"]["players"] = 9
    assert dumps(state) == before


def test_last_round_summary_is_public() -> None:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "guard_without")
    state, _ = finish_round(state)
    summary: dict[str, Any] = api.view(state, 3)["last_round"]
    assert summary["round"] == 0 and summary["declarer"] == 2 and not summary["void"]
    assert summary["contract"] == "guard_without" and summary["talon"] == PLAY_TALON
    assert sum(summary["tricks"]) == 18 and summary["points"] is not None


def test_refusals_give_the_reason_apply_gives_for_every_card_that_may_not_go() -> None:
    """A front end shows why a card is disabled, in the engine's own words."""
    checked = {"aside": 0, "play": 0}
    for seed in (3, 11):
        state = new(4, seed=seed)
        state, _ = declare(state, (state["dealer"] + 1) % 4, "take")
        while not state["over"] and state["round"] == 0:
            seat = state["to_act"]
            view = api.view(state, seat)
            legal = {a["card"] for a in api.legal_actions(state, seat) if "card" in a}
            refusals: dict[str, Any] = view["refusals"]
            assert set(refusals) == set(view["hand"]) - legal
            for card, reason in refusals.items():
                try:
                    api.apply(state, {"type": state["phase"], "card": card}, seat)
                except api.RulesError as error:
                    assert reason in str(error)
                    checked[state["phase"]] += 1
                else:
                    raise AssertionError(f"{card} was refused but apply took it")
            for other in range(4):
                if other != seat:
                    assert api.view(state, other)["refusals"] == {}
            state, _ = act(state, api.legal_actions(state, seat)[-1])
    assert checked["aside"] > 0 and checked["play"] > 0
    assert api.view(new(4), None)["refusals"] == {}


def test_a_view_without_its_refusals_is_refused() -> None:
    """Every view has every key: no engine that hands views to another ever made one
    without ``refusals`` (views are never saved: a page saves its record)."""
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "take")
    view = api.view(state, 2)
    api.bot_action(view, "basic", 1)
    del view["refusals"]
    with pytest.raises(MalformedError) as error:
        api.bot_action(view, "basic", 1)
    assert error.value.field == "view.refusals"
