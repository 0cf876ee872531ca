"""The defenders work together against the declarer (issue 17): constructed positions.

Four players, dealer 3: seat 0 leads the first trick with The Idiot, which nothing can
beat. Seat 1, next to play, holds no Sabacc (so may play any card): two Masters and
sixteen ordinary coins and flasks.

* with seat 2 declaring, seat 0 is seat 1's fellow defender: seat 1 feeds the trick a
  Master (banked in the defenders' pile, it cannot be captured later);
* with seat 0 declaring, the trick is the declarer's: seat 1 keeps its honours and
  gives an ordinary card.
"""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import act, declare, fill_hands, new, play_until, suit
from scale import scaled

from celestix import api
from celestix.sabacc.cards import HALF_POINTS

LEADER = ["0", *suit("c", range(9, 14)), *suit("f", range(9, 14)), *suit("s", range(1, 7)), "14s"]
FEEDER = ["14c", "14f", *suit("c", range(1, 9)), *suit("f", range(1, 9))]
TALON = suit("t", range(1, 7))


def idiot_led(declarer: int) -> dict[str, Any]:
    """The position after seat 0 leads The Idiot, ``declarer`` having bid Take."""
    hands = fill_hands(4, {0: LEADER, 1: FEEDER}, TALON)
    state = new(4, 1, {"dealer": 3, "hands": hands, "talon": TALON})
    state, _ = declare(state, declarer, "take")
    state, _ = play_until(state, lambda s: s["phase"] == "play")
    assert state["to_act"] == 0 and "0" in state["hands"][0]
    state, _ = act(state, {"type": "play", "card": "0"})
    assert state["to_act"] == 1
    return state


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_defender_feeds_points_to_its_partners_sure_trick(level: str) -> None:
    view = api.view(idiot_led(2), 1)
    for seed in range(scaled(3, 1)):
        assert api.bot_action(view, level, seed)["card"] in ("14c", "14f")
    advice = api.hint(view, level, 1)
    # (and where the contract fares alike after every card compared, the hint says so
    # once, after the card's reason: "Whichever ..., the contract is beaten ...")
    said, _, fares = advice["reason"].partition(" Whichever ")
    assert said in (
        f"Play the Master of {suit}. Your fellow defender wins this trick with the Idiot: "
        f"the Master of "
        f"{suit} adds 4½ points to your side's pile."
        for suit in ("coins", "flasks")
    )
    assert not fares or " the contract is beaten " in fares, fares


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_defender_saves_its_honours_from_the_declarers_sure_trick(level: str) -> None:
    view = api.view(idiot_led(0), 1)
    for seed in range(scaled(3, 1)):
        card = api.bot_action(view, level, seed)["card"]
        assert HALF_POINTS[card] == 1, card  # an ordinary card: half a point
    advice = api.hint(view, level, 1)
    assert advice["reason"].startswith("Play the ")
    assert "The declarer wins this trick with the Idiot whatever follows" in advice["reason"]
    assert "gives it as few points as you can" in advice["reason"]


# The last to play can still take a trick nobody after it can beat: seat 3 declares
# Guard without (no aside) and plays last to the first trick, led by seat 0 with the 10
# of coins; seat 1 gives the Mistress of coins and seat 2 the 5. The declarer's Master of
# coins takes the trick and its 3½ points; a low coin would hand them to the defenders.
CAPTURER = ["14c", *suit("c", range(1, 5)), "6c", *suit("s", range(1, 13))]


def mistress_on_the_table() -> dict[str, Any]:
    hands = fill_hands(4, {0: ["10c", *suit("f", range(1, 14)), *suit("t", range(1, 5))],
                           1: ["13c", "14f", "13s", *suit("t", range(5, 15)),
                               *suit("c", [7, 8, 9, 11, 12])],
                           2: ["5c", *suit("s", [14]), *[str(-n) for n in range(1, 17)]],
                           3: CAPTURER}, TALON_OF_SABACCS)  # fmt: skip
    state = new(4, 1, {"dealer": 3, "hands": hands, "talon": TALON_OF_SABACCS})
    state, _ = declare(state, 3, "guard_without")
    for seat, card in ((0, "10c"), (1, "13c"), (2, "5c")):
        assert state["to_act"] == seat
        state, _ = act(state, {"type": "play", "card": card})
    return state


TALON_OF_SABACCS = [str(-n) for n in range(17, 22)] + ["0"]


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_last_to_play_takes_a_trick_it_can_win(level: str) -> None:
    view = api.view(mistress_on_the_table(), 3)
    for seed in range(scaled(3, 1)):
        assert api.bot_action(view, level, seed)["card"] == "14c"
    assert api.hint(view, level, 1)["reason"].startswith(
        "Play the Master of coins. The Master of coins wins this trick, and its 9 points, "
        "whatever follows"
    )
