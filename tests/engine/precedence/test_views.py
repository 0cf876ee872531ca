"""Views and events: what each seat sees, and what a front end is told."""

from __future__ import annotations

import json
from typing import Any

import pytest
from precedence.support import (
    SPLIT,
    SPLIT_RUNS,
    act,
    bid_all,
    declare_all,
    events_of,
    later_hand,
    new,
    one,
    play_hand,
)

from celestix import api
from celestix.errors import MalformedError

PROTOCOL_KEYS = {"game", "phase", "to_act", "over", "seat", "hand", "hand_sizes", "trump",
                 "dealer", "hand_number", "melds", "bids", "tricks", "trick", "scores",
                 "excess", "chips", "hand_pot", "accord_pot", "winner"}  # fmt: skip


def hidden_cards(state: dict[str, Any], seat: int | None) -> set[str]:
    """Cards ``seat`` may not see: other hands, less their face-up meld cards."""
    hidden = set()
    for other in range(4):
        if other == seat:
            continue
        face_up = {c for meld in state["declarations"][other] or () for c in meld}
        hidden |= set(state["hands"][other]) - face_up
    return hidden


def assert_hides(state: dict[str, Any], seat: int | None) -> None:
    view = api.view(state, seat)
    text = json.dumps(view)
    for card in hidden_cards(state, seat):
        assert f'"{card}"' not in text, f"seat {seat} sees {card}"
    assert "seed" not in view


def in_play() -> dict[str, Any]:
    state = new(later_hand(SPLIT))
    state = declare_all(state, SPLIT_RUNS)
    state = bid_all(state, {1: 9, 2: 1, 3: 2, 0: 1})
    for _ in range(5):
        state, _ = act(state, api.legal_actions(state, state["to_act"])[0])
    return state


def test_views_have_the_protocol_keys() -> None:
    state = in_play()
    for seat in (None, 0, 1, 2, 3):
        view = api.view(state, seat)
        assert set(view) >= PROTOCOL_KEYS
        assert view["seat"] == seat and view["game"] == "precedence"
        assert view["hand_sizes"] == [len(hand) for hand in state["hands"]]
        assert view["trump"] == "Void"
        assert view["bids"] == [1, 9, 1, 2]
        assert view["tricks"] == state["taken"]
        assert view["trick"] == state["trick"]


def test_views_hide_other_hands() -> None:
    state = in_play()
    for seat in (None, 0, 1, 2, 3):
        assert_hides(state, seat)
    assert api.view(state, 2)["hand"] == state["hands"][2]
    assert api.view(state, None)["hand"] is None


def test_declared_melds_still_in_hand_are_shown() -> None:
    state = in_play()
    view = api.view(state, 1)
    # Seat 2 declared 2B-8B; it had to play 2B to trick 1 (void in Void).
    assert view["melds"][2] == [["3B", "4B", "5B", "6B", "7B", "8B"]]
    assert view["melds"][0] == [["9B", "TB", "OB", "MB", "PB", "EB"]]
    assert view["melds"][1] == [] and view["melds"][3] == []
    info = view["meld_info"][2][0]
    assert (info["kind"], info["label"], info["points"]) == ("run", "Run of 7", 6)
    assert info["cards"][0] == "2B" and "2B" not in info["remaining"]
    assert view["declared"] == [True] * 4
    assert view["meld_points"] == [6, 0, 6, 0] and view["team_meld_points"] == [12, 0]


def test_a_meld_whose_cards_are_all_played_is_dropped() -> None:
    state = new(later_hand(SPLIT))
    state = declare_all(state, {1: [["3V", "4V", "5V"]], **SPLIT_RUNS})
    state = bid_all(state, {1: 9, 2: 1, 3: 2, 0: 1})
    for _ in range(12):  # seat 1 must lead its three declared trumps first
        state, _ = act(state, api.legal_actions(state, state["to_act"])[0])
    view = api.view(state, 0)
    assert view["melds"][1] == []
    assert view["meld_info"][1][0]["remaining"] == []
    assert view["meld_points"][1] == 3


def test_view_before_declaring() -> None:
    view = api.view(new(), 3)
    assert view["melds"] == [[], [], [], []]
    assert view["meld_info"] == [None] * 4 and view["declared"] == [False] * 4
    assert view["bids"] == [None] * 4 and view["bid_limits"] == [13] * 4
    assert view["leader"] is None and view["last_trick"] is None


def test_view_extras_for_a_front_end() -> None:
    state = in_play()
    view = api.view(state, 0)
    assert view["leader"] == state["completed"][-1]["winner"]
    assert view["contracts"] == [2, 11] and view["team_tricks"] == [0, 1]
    assert view["bid_limits"] == [None] * 4
    done = view["completed_tricks"][0]
    assert done["number"] == 1 and done["leader"] == 1 and done["winner"] == 1
    assert done["card"] == "3V" and done["reason"] == "highest trump"
    assert view["last_trick"] == done
    assert view["wagers"] == {"ante": 1, "meld_wager": 2, "trick_credit": 1, "accord": 10}
    assert view["ledger"] == state["ledger"]
    assert view["excess_counted"] is True and view["audit_at"] == 10
    assert (view["target"], view["penalty"], view["variant"]) == (250, 10, "core")
    assert view["twelfth_rank"] == "StellarPilot" and view["rank_names"][11] == "StellarPilot"
    assert view["suit_names"] == ["Void", "Frontier", "Border", "Core"]
    assert view["trump_code"] == "V"


def test_frontier_names_the_voidpilot() -> None:
    view = api.view(new(variant="frontier"), 0)
    assert view["twelfth_rank"] == "Voidpilot"
    assert view["rank_names"][11] == "Voidpilot" and view["rank_names"][12] == "Emperor"
    assert view["excess_counted"] is False and view["audit_at"] is None


def test_views_are_fresh_objects() -> None:
    state = in_play()
    before = json.dumps(state)
    view = api.view(state, 0)
    again = json.dumps(view)
    view["hand"].clear()
    view["ledger"][0]["amount"] = 999
    view["completed_tricks"][0]["plays"].clear()
    view["melds"][2][0].clear()
    assert json.dumps(state) == before
    assert json.dumps(api.view(state, 0)) == again


def test_history_is_the_score_sheet() -> None:
    state = new(later_hand(SPLIT, scores=[5, 6]))
    state = bid_all(declare_all(state, SPLIT_RUNS), {1: 12, 2: 1, 3: 0, 0: 0})
    state, _ = play_hand(state)
    line = api.view(state, 0)["history"][-1]
    assert line == {"hand_number": 4, "dealer": 0, "trump": "Void", "contracts": [1, 12],
                    "tricks": [1, 12], "made": [True, True], "points": [22, 120],
                    "audits": [0, 0], "scores": [27, 126], "excess": [0, 0],
                    "pot": {"outcome": "won", "team": 1, "amount": 4 + 4 + 13}}  # fmt: skip


def test_events_tell_the_whole_hand() -> None:
    state = new(later_hand(SPLIT))
    state, events = act(state, {"type": "declare", "melds": []})
    assert events == [{"type": "declare", "seat": 1, "melds": [], "points": 0, "wager": 0,
                       "hand_pot": 4}]  # fmt: skip
    for _ in range(3):
        state, events = act(
            state, {"type": "declare", "melds": SPLIT_RUNS.get(state["to_act"], [])}
        )
    assert [e["type"] for e in events] == ["declare", "phase"]
    assert events[1] == {"type": "phase", "phase": "bid", "to_act": 1}
    state, events = act(state, {"type": "bid", "tricks": 12})
    assert events[0]["credit"] == 12 and events[0]["contract"] == 12 and events[0]["team"] == 1
    for _ in range(3):
        state, events = act(state, {"type": "bid", "tricks": 0 if state["to_act"] != 2 else 1})
    assert events[-1] == {"type": "phase", "phase": "play", "to_act": 1, "contracts": [1, 12]}
    state, events = act(state, {"type": "play", "card": "3V"})
    assert events == [{"type": "play", "seat": 1, "card": "3V", "declared": False,
                       "trick_number": 1}]  # fmt: skip
    all_events: list[dict[str, Any]] = []
    while state["hand_number"] == 4:
        state, events = act(state, api.legal_actions(state, state["to_act"])[0])
        all_events += events
    tricks = events_of(all_events, "trick")
    assert len(tricks) == 13
    assert tricks[-1]["team_tricks"] == [1, 12]
    assert sum(trick["winner"] in (0, 2) for trick in tricks) == 1
    assert [e["type"] for e in events] == [
        "play",
        "trick",
        "hand_scored",
        "hand_pot",
        "antes",
        "deal",
    ]
    scored = one(events, "hand_scored")
    assert set(scored["teams"][0]) == {
        "team", "seats", "bids", "contract", "tricks", "made", "contract_points", "overtricks",
        "meld_points", "melds_halved", "meld_points_scored", "hand_points", "excess_before",
        "excess_added", "audits", "audit_points", "excess_after", "score_before", "score_after",
    }  # fmt: skip
    assert (scored["hand_number"], scored["trump"], scored["variant"]) == (4, "Void", "core")
    deal = one(events, "deal")
    assert deal == {"type": "deal", "hand_number": 5, "dealer": 1, "trump": "Frontier",
                    "to_act": 2, "hand_sizes": [13, 13, 13, 13]}  # fmt: skip


def test_events_never_show_a_hand() -> None:
    state = new(later_hand(SPLIT))
    state = bid_all(declare_all(state, SPLIT_RUNS), {1: 12, 2: 1, 3: 0, 0: 0})
    state, events = play_hand(state)
    text = json.dumps([e for e in events if e["type"] in ("antes", "deal")])
    for hand in state["hands"]:
        for card in hand:
            assert f'"{card}"' not in text


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.pop("hand"),
        lambda v: v.update(hand=["XX"]),
        lambda v: v.update(phase="nap"),
        lambda v: v.update(seat=7),
        lambda v: v["melds"].append([]),
        lambda v: v.update(trick=[{"seat": 0}]),
        lambda v: v.update(bids=[None, 14, None, None]),
        lambda v: v["options"].update(variant="x"),
        lambda v: v.update(trump="Space"),
        lambda v: v.update(completed_tricks=[{"plays": [], "winner": 0}]),
    ],
)
def test_bad_views_are_refused_by_bots(change: Any) -> None:
    state = in_play()
    view = api.view(state, state["to_act"])
    change(view)
    with pytest.raises(MalformedError):
        api.bot_action(view, "basic", 1)


def test_a_spectator_cannot_act() -> None:
    with pytest.raises(MalformedError):
        api.bot_action(api.view(in_play(), None), "basic", 1)


def test_refusals_give_the_reason_apply_gives_for_every_card_that_may_not_go() -> None:
    """A front end says why a card is disabled, in the engine's own words."""
    checked = 0
    for seed in (3, 11):
        state = api.new_game("precedence", None, seed)
        while state["phase"] != "play":
            seat = state["to_act"]
            assert api.view(state, seat)["refusals"] == {}
            state = api.apply(state, api.legal_actions(state, seat)[0], seat)["state"]
        for _ in range(8 * 4):  # eight tricks
            seat = state["to_act"]
            view = api.view(state, seat)
            legal = {a["card"] for a in api.legal_actions(state, seat)}
            refusals: dict[str, Any] = view["refusals"]
            assert set(refusals) == set(view["hand"]) - legal
            for card, reason in refusals.items():
                with pytest.raises(api.RulesError) as refused:
                    api.apply(state, {"type": "play", "card": card}, seat)
                assert reason in str(refused.value) and reason.startswith("You must")
                checked += 1
            for other in range(4):
                if other != seat:
                    assert api.view(state, other)["refusals"] == {}
            state = api.apply(state, api.legal_actions(state, seat)[-1], seat)["state"]
    assert checked > 0
    assert api.view(api.new_game("precedence", None, 3), None)["refusals"] == {}


def test_a_view_without_its_refusals_is_refused() -> None:
    """Every view has every key: no engine that hands views to another ever made one
    without ``refusals`` (views are never saved: a page saves its record)."""
    view = api.view(in_play(), 0)
    del view["refusals"]
    with pytest.raises(MalformedError) as error:
        api.bot_action(view, "basic", 1)
    assert error.value.field == "view.refusals"
