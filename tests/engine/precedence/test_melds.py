"""Melds and the declaration (RULES.md 1, step 3; rulings R2-R4)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from precedence.support import act, fill, new, one, suit

from celestix import api
from celestix.errors import IllegalActionError, MalformedError
from celestix.precedence.cards import DECK
from celestix.precedence.melds import (
    candidate_melds,
    declarations,
    meld_kind,
    meld_points,
    normalise_declaration,
)


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        (["5V", "5F", "5B"], "triad"),
        (["5V", "5F", "5B", "5C"], "quad"),
        (["2V", "3V", "4V"], "run"),
        (["TB", "OB", "MB", "PB", "EB"], "run"),
        (["9C", "TC", "OC"], "run"),
        (["PV", "EV", "2V"], None),  # no wrapping: Emperor-2 is not consecutive
        (["2V", "3V", "5V"], None),
        (["2V", "3F", "4V"], None),
        (["5V", "5F"], None),
        (["2V", "3V"], None),
        (["5V", "5F", "6F"], None),
    ],
)
def test_meld_kinds(cards: list[str], kind: str | None) -> None:
    assert meld_kind(cards) == kind


def test_meld_points() -> None:
    assert meld_points("run", 3) == 3
    assert [meld_points("run", n) for n in range(4, 14)] == [6] * 10
    assert meld_points("triad", 3) == 5
    assert meld_points("quad", 4) == 12


def test_four_of_a_rank_give_four_triads_and_a_quad() -> None:
    melds = candidate_melds(["5V", "5F", "5B", "5C"])
    assert len(melds) == 5
    assert sum(len(meld) == 3 for meld in melds) == 4


def test_runs_inside_a_long_sequence() -> None:
    # 2-6: runs 2-4, 2-5, 2-6, 3-5, 3-6, 4-6
    assert len(candidate_melds(suit("V", "23456"))) == 6


def brute_force(hand: list[str]) -> list[list[list[str]]]:
    """Every set of disjoint melds, found the slow way."""
    melds = [
        list(meld)
        for n in range(3, 14)
        for meld in itertools.combinations(hand, n)
        if meld_kind(list(meld))
    ]
    found = []
    for size in range(len(hand) // 3 + 1):
        for chosen in itertools.combinations(melds, size):
            cards = [card for meld in chosen for card in meld]
            if len(cards) == len(set(cards)):
                found.append(normalise_declaration(hand, chosen))
    return found


def key(declaration: list[list[str]]) -> str:
    return "/".join(" ".join(meld) for meld in declaration)


@given(st.lists(st.sampled_from(DECK[:26]), min_size=8, max_size=10, unique=True))
def test_every_declaration_is_listed_once(hand: list[str]) -> None:
    listed = declarations(hand)
    assert listed[0] == []
    assert len({key(d) for d in listed}) == len(listed)
    assert sorted(map(key, listed)) == sorted(map(key, brute_force(hand)))


def test_declaration_order_is_fixed_and_normal() -> None:
    hand = [*suit("V", "2345"), "5F", "5B", "5C", *suit("C", "9TO"), "EF", "EB", "2F"]
    listed = declarations(hand)
    assert listed == declarations(list(reversed(hand)))
    for declaration in listed:
        assert declaration == normalise_declaration(hand, declaration)
    # [] first, then depth first over the sorted candidate melds
    assert listed[:3] == [[], [["2V", "3V", "4V"]], [["2V", "3V", "4V"], ["5V", "5F", "5B"]]]


def test_a_full_suit_lists_616_declarations() -> None:
    hand = suit("B")
    listed = declarations(hand)
    assert len(listed) == 616
    # Two adjacent Runs of 3 are a legal declaration (R2).
    assert [suit("B", "234"), suit("B", "567")] in listed


def test_legal_actions_list_every_declaration() -> None:
    hands = fill({1: [*suit("V", "234567"), "7F", "7B", "7C"]})
    state = new({"hands": hands})
    legal = api.legal_actions(state, 1)
    assert [move["melds"] for move in legal] == declarations(hands[1])
    assert all(move == {"type": "declare", "melds": move["melds"]} for move in legal)


def test_declaration_in_any_order_is_normalised() -> None:
    hands = fill({1: [*suit("V", "234"), "7F", "7B", "7C", "7V"]})
    state = new({"hands": hands})
    state, events = act(
        state, {"type": "declare", "melds": [["7C", "7V", "7F"], ["4V", "2V", "3V"]]}
    )
    assert state["declarations"][1] == [["2V", "3V", "4V"], ["7V", "7F", "7C"]]
    event = one(events, "declare")
    assert [m["kind"] for m in event["melds"]] == ["run", "triad"]
    assert [m["points"] for m in event["melds"]] == [3, 5]
    assert event["points"] == 8
    assert event["wager"] == 4


def test_triad_from_four_with_the_fourth_in_a_run() -> None:  # R2
    hands = fill({1: ["7V", "7F", "7B", "7C", "8C", "9C"]})
    state = new({"hands": hands})
    state, _ = act(state, {"type": "declare", "melds": [["7V", "7F", "7B"], ["7C", "8C", "9C"]]})
    assert state["declarations"][1] == [["7V", "7F", "7B"], ["7C", "8C", "9C"]]


def test_each_meld_pays_the_wager_into_the_hand_pot() -> None:
    hands = fill({1: [*suit("V", "234567"), "EF", "EB", "EC"]})
    state = new({"hands": hands}, meld_wager=3)
    pot = state["hand_pot"]
    melds = [suit("V", "234"), suit("V", "567"), ["EF", "EB", "EC"]]
    state, _ = act(state, {"type": "declare", "melds": melds})
    assert state["hand_pot"] == pot + 9
    assert state["chips"][1] == 100 - 10 - 1 - 9
    wagers = [e for e in state["ledger"] if e["reason"].endswith("costs the meld wager.")]
    assert [(e["seat"], e["amount"], e["pot"], e["dir"]) for e in wagers] == [
        (1, 3, "hand", "in")
    ] * 3


@pytest.mark.parametrize(
    ("melds", "rule"),
    [
        ([["2V", "3V", "4V"]], "meld-not-held"),
        ([["EF", "EB", "EC"], ["EC", "EV", "EF"]], "meld-card-twice"),
        ([["EF", "EB", "EC", "EF"]], "meld-card-twice"),
        ([["EF", "EB"]], "meld-shape"),
        ([[]], "meld-shape"),
        ([["PC", "EC", "2C"]], "meld-shape"),
        ([["EF", "EB", "PC"]], "meld-shape"),
    ],
)
def test_illegal_declarations(melds: list[list[str]], rule: str) -> None:
    hands = fill({1: ["EF", "EB", "EC", "PC", "2C", "EV"]})
    state = new({"hands": hands})
    with pytest.raises(IllegalActionError) as caught:
        api.apply(state, {"type": "declare", "melds": melds}, 1)
    assert caught.value.rule == rule


@pytest.mark.parametrize(
    "action",
    [
        {"type": "declare"},
        {"type": "declare", "melds": "EF EB EC"},
        {"type": "declare", "melds": [["EF", "EB", "XX"]]},
        {"type": "declare", "melds": [["ef", "eb", "ec"]]},
        {"type": "declare", "melds": ["EF"]},
        {"type": "declare", "melds": [], "extra": 1},
    ],
)
def test_malformed_declarations(action: dict[str, object]) -> None:
    state = new()
    with pytest.raises(MalformedError):
        api.apply(state, action, 1)


def test_declarations_go_round_from_the_dealers_left() -> None:
    state = new({"dealer": 2})
    order = []
    for _ in range(4):
        order.append(state["to_act"])
        state, _ = act(state, {"type": "declare", "melds": []})
    assert order == [3, 0, 1, 2]
    assert state["phase"] == "bid"
    assert state["to_act"] == 3
