"""Trick play (RULES.md 3.5): the lead, following, Sabaccs, winners, score piles."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import PLAY_SETUP, act, declare, events_of, finish_round, new

from celestix import api
from celestix.errors import IllegalActionError


def start_play() -> dict[str, Any]:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "guard_without")
    return state


def playable(state: dict[str, Any]) -> list[str]:
    return [action["card"] for action in api.legal_actions(state, state["to_act"])]


def play(state: dict[str, Any], card: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return act(state, {"type": "play", "card": card})


def refused(state: dict[str, Any], card: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as error:
        play(state, card)
    return error.value


def test_the_player_to_the_dealers_right_leads_any_card() -> None:
    state = start_play()
    assert state["to_act"] == 0  # dealer 3's right
    assert playable(state) == state["hands"][0]


def test_follow_suit_then_sabacc_then_anything_and_no_duty_to_overtrump() -> None:
    state = start_play()
    state, events = play(state, "1c")
    assert events == [{"type": "play", "seat": 0, "card": "1c", "trick_number": 1}]
    # Seat 1 holds coins: it must follow.
    assert playable(state) == ["10c", "11c", "12c", "13c", "14c"]
    error = refused(state, "1s")
    assert error.rule == "follow-suit"
    assert error.message == "You must follow suit: you hold 5 cards of coins."
    state, _ = play(state, "10c")
    # Seat 2 has no coins but Sabaccs: it must play a Sabacc.
    assert all(card.startswith("-") for card in playable(state))
    error = refused(state, "1t")
    assert error.rule == "must-play-sabacc"
    assert "cannot follow coins" in error.message
    state, _ = play(state, "-12")
    # Seat 3 too; any of its Sabaccs, the lower ones included: no duty to overtrump.
    assert playable(state) == ["-8", "-9", "-10", "-19"]
    assert refused(state, "10f").rule == "must-play-sabacc"
    state, events = play(state, "-8")
    won = events_of(events, "trick")[0]
    assert won["winner"] == 2 and won["card"] == "-12" and won["number"] == 1
    assert won["pile"] == "declarer"
    assert won["reason"] == "The Sabacc -12 is the highest Sabacc in the trick."
    assert won["half_points"] == 4
    assert state["to_act"] == 2  # the winner leads
    assert state["played"][0]["winner"] == 2 and state["trick"] == []


def test_a_sabacc_led_must_be_answered_with_a_sabacc_else_anything() -> None:
    state = start_play()
    for card in ("1c", "10c", "-12", "-8"):
        state, _ = play(state, card)
    state, _ = play(state, "-1")  # seat 2 leads the Magician
    error = refused(state, "5t")
    assert error.rule == "sabacc-led"
    assert error.message == "A Sabacc was led: you must play a Sabacc, and you hold one."
    state, _ = play(state, "-9")
    # Seats 0 and 1 hold no Sabacc: anything goes.
    assert playable(state) == state["hands"][0]
    state, _ = play(state, "9f")
    assert playable(state) == state["hands"][1]
    state, events = play(state, "13s")
    won = events_of(events, "trick")[0]
    assert won["winner"] == 3 and won["card"] == "-9" and won["pile"] == "defenders"
    assert state["to_act"] == 3


def test_without_a_sabacc_the_highest_card_of_the_suit_led_wins() -> None:
    state = start_play()
    for card in ("1c", "10c", "-12", "-8", "-1", "-9", "9f", "13s"):
        state, _ = play(state, card)
    state, _ = play(state, "5t")  # seat 3 leads staves
    assert playable(state) == state["hands"][0]  # seats 0 and 1 hold no staves, no Sabacc
    state, _ = play(state, "3c")
    state, _ = play(state, "14c")
    # Seat 2 holds staves: it must follow, and cannot trump.
    assert playable(state) == ["1t", "2t", "3t", "4t"]
    state, events = play(state, "4t")
    won = events_of(events, "trick")[0]
    assert won["winner"] == 3 and won["card"] == "5t"
    assert won["reason"] == (
        "The 5 of staves is the highest card of staves, the suit led, and no Sabacc was played."
    )


def test_the_only_sabacc_in_a_trick_wins_it() -> None:
    state = start_play()
    for card in ("1c", "10c", "-12"):
        state, _ = play(state, card)
    state, events = play(state, "-19")  # overtrumping is allowed too
    assert events_of(events, "trick")[0]["winner"] == 3
    state = start_play()
    state, _ = play(state, "2c")
    state, _ = play(state, "14c")
    state, _ = play(state, "-7")
    state, events = play(state, "-10")
    assert events_of(events, "trick")[0]["card"] == "-10"


def test_cards_not_held_are_refused() -> None:
    state = start_play()
    error = refused(state, "10c")
    assert error.rule == "not-in-hand"
    assert error.message == "You do not hold the 10 of coins."


def test_a_round_plays_every_card_and_piles_hold_the_tricks() -> None:
    state = start_play()
    state, events = finish_round(state)
    tricks = events_of(events, "trick")
    assert len(tricks) == 18
    assert [t["number"] for t in tricks] == list(range(1, 19))
    counted = events_of(events, "round_counted")[0]
    declarer_tricks = sum(1 for t in tricks if t["winner"] == 2)
    assert counted["tricks"][2] == declarer_tricks
    assert len(counted["pile"]) == 6 + 4 * declarer_tricks  # talon + tricks
    assert counted["points"] + counted["defenders_points"] == 182
    # The next round was dealt by the player to the dealer's right.
    assert state["round"] == 1 and state["dealer"] == 0 and state["phase"] == "bid"
    assert state["played"] == [] and state["aside"] == []
