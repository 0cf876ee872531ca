"""The talon for each bid and the aside with its restrictions (RULES.md 3.3-3.4)."""

from __future__ import annotations

import pytest
from sabacc.support import (
    PLAY_SETUP,
    PLAY_TALON,
    act,
    declare,
    events_of,
    fill_hands,
    finish_round,
    new,
    sabacc_range,
)

from celestix import api
from celestix.errors import IllegalActionError

SETUP = PLAY_SETUP
TALON = PLAY_TALON


@pytest.mark.parametrize(("contract", "stake"), [("take", 1), ("push", 1), ("guard", 2)])
def test_take_push_guard_show_the_talon_and_add_it_to_the_hand(contract: str, stake: int) -> None:
    state = new(4, setup=SETUP)
    state, events = declare(state, 2, contract)
    shown = events_of(events, "talon_shown")[0]
    assert shown["cards"] == TALON and shown["declarer"] == 2 and shown["aside_size"] == 6
    assert state["phase"] == "aside" and state["to_act"] == 2
    assert len(state["hands"][2]) == 24 and set(TALON) <= set(state["hands"][2])
    assert state["wagers"] == [stake, stake, stake * 4, stake]  # everyone called the bid
    for seat in (None, 0, 1, 2, 3):
        view = api.view(state, seat)
        assert view["talon"] == TALON  # shown to all until the round ends
        assert view["aside_needed"] == 6 and view["talon_to"] == "hand"


def test_guard_without_puts_the_talon_unseen_into_the_declarers_pile() -> None:
    state = new(4, setup=SETUP)
    state, events = declare(state, 2, "guard_without")
    assert events_of(events, "talon_to_pile")[0] == {
        "type": "talon_to_pile", "pile": "declarer", "count": 6, "declarer": 2,
    }  # fmt: skip
    assert not any(card in str(events) for card in ("'-20'", "'14s'"))
    assert state["phase"] == "play" and state["to_act"] == 0
    assert len(state["hands"][2]) == 18
    assert state["wagers"] == [4, 4, 16, 4]
    for seat in (None, 0, 1, 2, 3):
        view = api.view(state, seat)
        assert view["talon"] is None  # unseen, even by the declarer
        assert view["pile_sizes"] == {"declarer": 6, "defenders": 0}
        assert view["aside_needed"] == 0
    state, events = finish_round(state)
    counted = events_of(events, "round_counted")[0]
    assert set(TALON) <= set(counted["pile"])
    assert counted["talon"] == TALON and counted["talon_to"] == "declarer"


def test_guard_against_puts_the_talon_unseen_into_the_defenders_pile() -> None:
    state = new(4, setup=SETUP)
    state, _ = declare(state, 2, "guard_against")
    assert state["phase"] == "play"
    assert state["wagers"] == [6, 6, 24, 6]
    view = api.view(state, 1)
    assert view["talon"] is None
    assert view["pile_sizes"] == {"declarer": 0, "defenders": 6}
    state, events = finish_round(state)
    counted = events_of(events, "round_counted")[0]
    assert not set(TALON) & set(counted["pile"])
    assert counted["talon_to"] == "defenders"
    # -21, 0, 14s and 14t are Honours (9 half-points each), -11 and -20 ordinary (1).
    assert counted["defenders_points"] >= 38
    assert counted["points"] + counted["defenders_points"] == 182


# --- the aside ----------------------------------------------------------------------

# Dealer 3, seat 0 declares: 17 Sabaccs and The Idiot; the talon has the four lowest
# Sabaccs and two ordinary cards.
FORCED_TALON = [*sabacc_range(1, 4), "1c", "2c"]
FORCED = {
    "dealer": 3,
    "hands": fill_hands(4, {0: [*sabacc_range(5, 21), "0"]}, FORCED_TALON),
    "talon": FORCED_TALON,
}


def aside_cards(state: dict[str, object]) -> list[str]:
    return [a["card"] for a in api.legal_actions(state, state["to_act"])]  # type: ignore[arg-type]


def test_aside_only_ordinary_cards_while_any_remain() -> None:
    state, _ = declare(new(4, setup=FORCED), 0, "take")
    assert aside_cards(state) == ["1c", "2c"]
    with pytest.raises(IllegalActionError) as error:
        act(state, {"type": "aside", "card": "-2"})
    assert error.value.rule == "aside-no-sabacc"
    assert "while other cards remain" in error.value.message


def test_aside_then_only_non_honour_sabaccs_each_shown_to_all() -> None:
    state, _ = declare(new(4, setup=FORCED), 0, "take")
    state, events = act(state, {"type": "aside", "card": "2c"})
    assert events == [
        {"type": "aside", "seat": 0, "card": None, "shown": False, "count": 1, "needed": 6}
    ]
    state, _ = act(state, {"type": "aside", "card": "1c"})
    legal = aside_cards(state)
    assert legal == sabacc_range(2, 20)  # no Magician, Universe or Idiot
    for honour in ("-1", "-21", "0"):
        with pytest.raises(IllegalActionError) as error:
            act(state, {"type": "aside", "card": honour})
        assert error.value.rule == "aside-no-honour"
    state, events = act(state, {"type": "aside", "card": "-7"})
    assert events[0]["card"] == "-7" and events[0]["shown"] is True
    assert api.view(state, 1)["aside"] == ["-7"]  # the ordinary cards stay hidden
    assert api.view(state, None)["aside"] == ["-7"]
    assert api.view(state, 0)["aside"] == ["2c", "1c", "-7"]
    assert api.view(state, 1)["aside_size"] == 3
    for card in ("-2", "-3"):
        state, events = act(state, {"type": "aside", "card": card})
    state, events = act(state, {"type": "aside", "card": "-4"})
    assert [e["type"] for e in events] == ["aside", "aside_done", "phase"]
    assert events[1]["shown"] == ["-7", "-2", "-3", "-4"]
    assert events[2]["phase"] == "play" and events[2]["to_act"] == 0
    assert state["phase"] == "play" and len(state["hands"][0]) == 18


def test_no_master_aside_while_other_cards_remain_and_never_after() -> None:
    talon = ["1c", "2c", *sabacc_range(15, 18)]
    hand = ["14c", "14f", "14s", "14t", *sabacc_range(1, 14)]
    setup = {"dealer": 3, "hands": fill_hands(4, {0: hand}, talon), "talon": talon}
    state, _ = declare(new(4, setup=setup), 0, "push")
    with pytest.raises(IllegalActionError) as error:
        act(state, {"type": "aside", "card": "14c"})
    assert error.value.rule == "aside-no-master"
    assert error.value.message == (
        "You may not set aside the Master of coins: no Master goes while other cards remain."
    )
    state, _ = act(state, {"type": "aside", "card": "1c"})
    state, _ = act(state, {"type": "aside", "card": "2c"})
    with pytest.raises(IllegalActionError) as error:
        act(state, {"type": "aside", "card": "14c"})
    assert error.value.rule == "aside-no-honour"
    assert aside_cards(state) == sabacc_range(2, 18)


def test_aside_of_a_card_not_held_or_in_the_wrong_phase() -> None:
    state, _ = declare(new(4, setup=FORCED), 0, "take")
    with pytest.raises(IllegalActionError) as error:
        act(state, {"type": "aside", "card": "3c"})
    assert error.value.rule == "not-in-hand"
    with pytest.raises(IllegalActionError) as error:
        act(state, {"type": "play", "card": "1c"})
    assert error.value.rule == "wrong-phase"


def test_the_aside_counts_for_the_declarer() -> None:
    state, _ = declare(new(4, setup=FORCED), 0, "take")
    for card in ["1c", "2c", "-2", "-3", "-4", "-5"]:
        state, _ = act(state, {"type": "aside", "card": card})
    state, events = finish_round(state)
    counted = events_of(events, "round_counted")[0]
    assert counted["aside"] == ["1c", "2c", "-2", "-3", "-4", "-5"]
    assert set(counted["aside"]) <= set(counted["pile"])
