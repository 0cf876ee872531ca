"""Options, setups and the state check: bad input of every kind is refused.

Rulings R13-R16 (setups) and the conservation of cards and chips.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from precedence.support import (
    SPLIT,
    act,
    bid_all,
    chips_total,
    declare_all,
    fill,
    later_hand,
    new,
    play_hand,
)

from celestix import api
from celestix.errors import IllegalActionError, MalformedError, RulesError
from celestix.precedence.flow import deal

# --- options ------------------------------------------------------------------------------


def precedence_entry() -> dict[str, Any]:
    return next(game for game in api.games() if game["id"] == "precedence")


def test_games_describes_every_option() -> None:
    entry = precedence_entry()
    assert entry["seats"] == [4, 4]
    assert entry["levels"] == ["random", "basic", "easy", "normal", "strong"]
    options = entry["options"]
    assert list(options) == [
        "variant",
        "target",
        "trump",
        "penalty",
        "start_chips",
        "accord",
        "ante",
        "meld_wager",
        "trick_credit",
        "leftover_pot",
    ]
    for spec in options.values():
        assert spec["label"] and spec["help"]
        assert "choices" in spec or ("min" in spec and "max" in spec)
    assert options["variant"]["choices"] == ["core", "frontier"]
    assert options["target"]["choices"] == [250, 150]
    assert options["trump"]["choices"] == ["rotate", "Void", "Frontier", "Border", "Core"]
    assert options["trump"]["default_when"] == {"option": "variant", "values": {"frontier": "Void"}}
    assert options["penalty"]["default_when"] == {"option": "variant", "values": {"frontier": 15}}
    defaults = {name: spec["default"] for name, spec in options.items()}
    assert defaults == {
        "variant": "core",
        "target": 250,
        "trump": "rotate",
        "penalty": 10,
        "start_chips": 100,
        "accord": 10,
        "ante": 1,
        "meld_wager": 2,
        "trick_credit": 1,
        "leftover_pot": "table",
    }
    assert all(options[name]["min"] == 0 for name in ("start_chips", "accord", "ante"))


def test_variant_dependent_defaults() -> None:
    assert new(variant="frontier")["options"]["trump"] == "Void"
    assert new(variant="frontier")["options"]["penalty"] == 15
    assert new()["options"]["trump"] == "rotate"
    assert new()["options"]["penalty"] == 10
    assert new(variant="frontier", trump="Border", penalty=11)["options"]["trump"] == "Border"


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"variant": "void"},
        {"variant": 1},
        {"target": 200},
        {"target": "250"},
        {"trump": "void"},
        {"penalty": -1},
        {"penalty": 2.5},
        {"ante": True},
        {"start_chips": -5},
        {"meld_wager": 10**7},
        {"leftover_pot": "kitty"},
    ],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(MalformedError) as caught:
        api.new_game("precedence", options, 1)
    assert caught.value.field is not None and caught.value.field.startswith("options.")


def test_options_change_the_chips() -> None:
    state = new(start_chips=50, accord=3, ante=2)
    assert state["chips"] == [45, 45, 45, 45]
    assert (state["hand_pot"], state["accord_pot"]) == (8, 12)
    assert chips_total(state) == 200


# --- new games and setups -----------------------------------------------------------------


def test_a_new_game() -> None:
    state = new(seed=42)
    assert (state["phase"], state["to_act"], state["over"], state["dealer"]) == (
        "declare",
        1,
        False,
        0,
    )
    assert state["hands"] == deal(42, 0, 0)
    assert sorted(len(hand) for hand in state["hands"]) == [13] * 4
    assert state["chips"] == [89] * 4 and state["hand_pot"] == 4 and state["accord_pot"] == 40
    stakes = [e for e in state["ledger"] if e["pot"] == "accord"]
    assert [(e["seat"], e["amount"], e["dir"]) for e in stakes] == [
        (1, 10, "in"),
        (2, 10, "in"),
        (3, 10, "in"),
        (0, 10, "in"),
    ]


def test_same_seed_same_deal_and_setup_deals_from_the_seed() -> None:
    assert new(seed=7) == new(seed=7)
    assert new(seed=7)["hands"] != new(seed=8)["hands"]
    state = new({"hand_number": 3, "scores": [10, 20]}, seed=7)
    assert state["hands"] == deal(7, 3, 3)
    assert state["dealer"] == 3  # R13


def test_every_setup_key() -> None:
    hands = fill({})
    setup = {
        "dealer": 2,
        "hand_number": 6,
        "hands": hands,
        "scores": [120, -40],
        "excess": [3, 9],
        "chips": [80, 100, 90, 70],
        "hand_pot": 20,
        "accord_pot": 40,
    }
    state = new(setup)
    assert state["dealer"] == 2 and state["hand_number"] == 6 and state["to_act"] == 3
    assert state["hands"] == [
        sorted(hand, key=lambda c: (("VFBC".index(c[1])), "23456789TOMPE".index(c[0])))
        for hand in hands
    ]
    assert state["scores"] == [120, -40] and state["excess"] == [3, 9]
    assert state["chips"] == [80, 100, 90, 70]
    assert state["hand_pot"] == 20 and state["accord_pot"] == 40
    assert api.view(state, 0)["trump"] == "Border"
    # The setup's ledger holds this hand's antes; the opening balances are before them.
    ante = "Each player pays the ante into the Hand Pot as the hand begins."
    assert [e["reason"] for e in state["ledger"]] == [ante] * 4
    assert state["opening"] == {"chips": [81, 101, 91, 71], "hand_pot": 16, "accord_pot": 40}


def test_null_setup_keys_are_left_out() -> None:
    assert new({"dealer": None, "hands": None}) == new()


BAD_SETUPS: list[tuple[dict[str, Any], str]] = [
    ({"dealer": 4}, "setup.dealer"),
    ({"dealer": "0"}, "setup.dealer"),
    ({"hand_number": -1}, "setup.hand_number"),
    ({"hand_number": 1.5}, "setup.hand_number"),
    ({"hands": [["EV"] * 13] * 4}, "setup.hands[0]"),
    ({"hands": fill({})[:3]}, "setup.hands"),
    ({"hands": [*fill({})[:3], fill({})[3][:12]]}, "setup.hands[3]"),
    ({"hands": [*fill({})[:3], [*fill({})[3][:12], "XX"]]}, "setup.hands[3][12]"),
    ({"hands": [*fill({})[:3], [*fill({})[3][:12], fill({})[0][0]]]}, "setup.hands[3]"),
    ({"scores": [10, 0]}, "setup.scores"),  # R14: hand 0 starts from 0
    ({"excess": [1, 0], "hand_number": 0}, "setup.excess"),
    ({"excess": [10, 0], "hand_number": 2}, "setup.excess[0]"),
    ({"scores": [260, 100], "hand_number": 2}, "setup.scores"),
    ({"scores": [1, 2, 3], "hand_number": 2}, "setup.scores"),
    ({"hand_pot": 5}, "setup.hand_pot"),  # hand 0 holds only the antes
    ({"hand_pot": 3, "hand_number": 2}, "setup.hand_pot"),  # less than the antes
    ({"chips": [89, 89, 89, 89], "hand_pot": 6, "hand_number": 2}, "setup.chips"),
    ({"chips": [100, 100, 100, 100]}, "setup.chips"),  # R15: 4 x start_chips in all
    ({"chips": [89, 89, 89]}, "setup.chips"),
    ({"chips": [89, 89, 89, "89"]}, "setup.chips[3]"),
    ({"accord_pot": 41}, "setup.chips"),
    ({"accord_pot": -1}, "setup.accord_pot"),
    ({"trump": "Void"}, "setup.trump"),
]


@pytest.mark.parametrize(("setup", "field"), BAD_SETUPS)
def test_impossible_setups(setup: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedError) as caught:
        new(setup)
    assert caught.value.field == field


def test_frontier_keeps_no_excess_in_setups() -> None:
    with pytest.raises(MalformedError):
        new({"hand_number": 1, "excess": [1, 0]}, variant="frontier")
    new({"hand_number": 1, "excess": [9, 0]})


def test_setup_tie_over_the_target_is_allowed() -> None:
    state = new({"hand_number": 9, "scores": [260, 260]})
    assert not state["over"]


# --- tampered states ----------------------------------------------------------------------


def midgame() -> dict[str, Any]:
    """Hand 4 of the SPLIT deal, 6 cards into the trick play, lowest legal cards played.

    Trick 1 was seat 1's 3V, seat 2's declared 2B, seat 3's 2C and seat 0's 2V.
    """
    state = new(later_hand(SPLIT, scores=[30, 40], excess=[1, 2]))
    state = declare_all(state, {2: [[rank + "B" for rank in "2345678"]]})
    state = bid_all(state, {1: 9, 2: 1, 3: 2, 0: 1})
    for _ in range(6):
        state, _ = act(state, api.legal_actions(state, state["to_act"])[0])
    return state


def tamper(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    state = copy.deepcopy(midgame())
    change(state)
    return state


def swap_cards(state: dict[str, Any]) -> None:
    state["hands"][0][0], state["hands"][3][0] = state["hands"][3][0], state["hands"][0][0]


TAMPERS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("missing key", lambda s: s.pop("ledger")),
    ("extra key", lambda s: s.update(extra=1)),
    ("other game", lambda s: s.update(game="patience")),
    ("version", lambda s: s.update(version=3)),
    ("option", lambda s: s["options"].update(target=300)),
    ("seed", lambda s: s.update(seed=-1)),
    ("phase", lambda s: s.update(phase="bid")),
    ("phase unknown", lambda s: s.update(phase="shuffle")),
    ("over", lambda s: s.update(over=True)),
    ("to_act", lambda s: s.update(to_act=(s["to_act"] + 1) % 4)),
    ("to_act bool", lambda s: s.update(to_act=True)),
    ("duplicate card", lambda s: s["hands"][0].append(s["hands"][1][0])),
    ("lost card", lambda s: s["hands"][0].pop()),
    ("bad card", lambda s: s["hands"][0].__setitem__(0, "1V")),
    ("unsorted hand", lambda s: s["hands"][3].reverse()),
    ("swapped cards", swap_cards),
    (
        "trick winner",
        lambda s: s["completed"][0].update(winner=(s["completed"][0]["winner"] + 1) % 4),
    ),
    ("taken", lambda s: s["taken"].__setitem__(0, s["taken"][0] + 1)),
    ("bid above cap", lambda s: s["bids"].__setitem__(1, 13)),
    ("bid type", lambda s: s["bids"].__setitem__(1, "9")),
    ("declaration", lambda s: s["declarations"].__setitem__(1, [["EC", "PC", "MC"]])),
    ("meld not normal", lambda s: s["declarations"][2][0].reverse()),
    ("chips", lambda s: s["chips"].__setitem__(0, s["chips"][0] + 1)),
    (
        "chips moved",
        lambda s: (
            s["chips"].__setitem__(0, s["chips"][0] + 5),
            s.update(hand_pot=s["hand_pot"] - 5),
        ),
    ),
    ("pot", lambda s: s.update(hand_pot=s["hand_pot"] + 1)),
    ("accord", lambda s: s.update(accord_pot=0)),
    ("ledger amount", lambda s: s["ledger"][0].update(amount=11)),
    ("ledger entry", lambda s: s["ledger"][0].pop("reason")),
    ("ledger pot", lambda s: s["ledger"][0].update(pot="side")),
    ("ledger order", lambda s: s["ledger"].insert(0, dict(s["ledger"][-1], hand=9))),
    ("ledger dated later", lambda s: s["ledger"][-1].update(hand=s["hand_number"] + 1)),
    (
        "ledger overdraws a pot",
        lambda s: s["ledger"].append(
            {
                "hand": s["hand_number"],
                "seat": 0,
                "amount": 10**6,
                "pot": "hand",
                "dir": "out",
                "reason": "theft",
            }
        ),
    ),
    ("opening", lambda s: s["opening"].update(hand_pot=s["opening"]["hand_pot"] + 1)),
    ("scores", lambda s: s["scores"].__setitem__(0, "30")),
    ("excess", lambda s: s["excess"].__setitem__(0, 10)),
    ("winner", lambda s: s.update(winner=0)),
    ("trick shape", lambda s: s["trick"].append({"seat": 0})),
    ("hands not a list", lambda s: s.update(hands={})),
    ("state history", lambda s: s["history"].append({"hand_number": 3})),
]


@pytest.mark.parametrize(("name", "change"), TAMPERS, ids=[name for name, _ in TAMPERS])
def test_tampered_states_are_refused(name: str, change: Callable[[dict[str, Any]], None]) -> None:
    state = tamper(change)
    for call in (
        lambda: api.view(state, 0),
        lambda: api.legal_actions(state, 0),
        lambda: api.apply(state, {"type": "play", "card": "EV"}, 0),
    ):
        with pytest.raises(MalformedError):
            call()


def rewrite_play(state: dict[str, Any], position: int, card: str) -> dict[str, Any]:
    """``state`` as if the ``position``-th card of trick 1 had been ``card`` instead."""
    bad = copy.deepcopy(state)
    play = bad["completed"][0]["plays"][position]
    hand = bad["hands"][play["seat"]]
    hand.remove(card)
    hand.append(play["card"])
    hand.sort(key=lambda c: ("VFBC".index(c[1]), "23456789TOMPE".index(c[0])))
    play["card"] = card
    return bad


def test_a_past_play_that_broke_a_rule_is_refused() -> None:
    state = midgame()
    assert [p["card"] for p in state["completed"][0]["plays"]] == ["3V", "2B", "2C", "2V"]
    # Seat 0 held the 2V: playing the 3F instead would not have followed suit.
    with pytest.raises(MalformedError, match="follow suit"):
        api.view(rewrite_play(state, 3, "3F"), 0)
    # Seat 2, void in Void, had to play a declared Border card before the 9F.
    with pytest.raises(MalformedError, match="declared-first"):
        api.view(rewrite_play(state, 1, "9F"), 0)
    # Seat 3 could play any Core card.
    assert api.view(rewrite_play(state, 2, "EC"), 0)["phase"] == "play"


def test_the_untampered_midgame_is_fine() -> None:
    state = midgame()
    assert api.view(state, 0)["phase"] == "play"
    assert json.loads(json.dumps(state)) == state


# --- bad actions and seats ----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        "play",
        {},
        {"type": "pass"},
        {"type": 1},
        {"type": "play"},
        {"type": "play", "card": 5},
        {"type": "play", "card": "EV", "seat": 0},
    ],
)
def test_malformed_actions(action: Any) -> None:
    state = midgame()
    before = json.dumps(state)
    with pytest.raises(MalformedError):
        api.apply(state, action, state["to_act"])
    assert json.dumps(state) == before


@pytest.mark.parametrize("seat", [-1, 4, "0", None, 1.0, True])
def test_bad_seats(seat: Any) -> None:
    state = midgame()
    with pytest.raises(MalformedError):
        api.apply(state, {"type": "play", "card": "EV"}, seat)
    with pytest.raises(MalformedError):
        api.legal_actions(state, seat)


def test_acting_out_of_turn() -> None:
    state = midgame()
    other = (state["to_act"] + 1) % 4
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, api.legal_actions(state, state["to_act"])[0], other)
    assert caught.value.rule == "turn"
    assert api.legal_actions(state, other) == []


def test_errors_are_rules_errors_and_value_errors() -> None:
    with pytest.raises(RulesError):
        new({"dealer": 9})
    assert issubclass(RulesError, ValueError)


def test_chips_are_conserved_through_a_hand() -> None:
    state = midgame()
    state, _ = play_hand(state)
    assert chips_total(state) == 400


def test_a_game_record_replays() -> None:
    state = new(later_hand(SPLIT), seed=3)
    actions = []
    for _ in range(20):
        seat = state["to_act"]
        action = api.legal_actions(state, seat)[-1]
        actions.append({"seat": seat, "action": action})
        state, _ = act(state, action)
    record = {"game": "precedence", "seed": 3, "setup": later_hand(SPLIT), "actions": actions}
    assert api.replay(record) == state
    actions[5]["seat"] = (actions[5]["seat"] + 1) % 4
    with pytest.raises(MalformedError) as caught:
        api.replay(record)
    assert caught.value.field == "record.actions[5]"
