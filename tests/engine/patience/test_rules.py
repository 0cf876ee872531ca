"""Every rule and ruling of RULES.md section 2 (the patience), forced by setups."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from celestix import api
from celestix.errors import IllegalActionError, MalformedError, RulesError
from celestix.patience.cards import BASE_RANKS, PACK, RANKS, TWO_PACKS

DEAL = {"type": "deal"}
REDEAL = {"type": "redeal"}


def build(k: int) -> dict[str, object]:
    return {"type": "build", "to": k}


def foundation_run(base: str, length: int, suit: str = "S") -> list[str]:
    """``length`` cards built down from ``base``, round the corner, in one suit."""
    start = RANKS.index(base)
    return [RANKS[(start - i) % 13] + suit for i in range(length)]


def setup_state(
    foundations: list[list[str]],
    stock: list[str],
    waste: list[str] | None = None,
    redeals_left: int | None = None,
    rest_on: str = "stock",
    **options: object,
) -> dict[str, object]:
    """A game from a setup; the cards not named go under the stock (or the waste)."""
    placed = Counter(stock) + Counter(waste or [])
    for pile in foundations:
        placed.update(pile)
    rest = list((Counter(TWO_PACKS) - placed).elements())
    setup: dict[str, object] = {
        "foundations": foundations,
        "stock": stock + rest if rest_on == "stock" else stock,
        "waste": rest + (waste or []) if rest_on == "waste" else waste or [],
    }
    if redeals_left is not None:
        setup["redeals_left"] = redeals_left
    return api.new_game("patience", options=dict(options) or None, seed=7, setup=setup)


def empty_foundations() -> list[list[str]]:
    return [[] for _ in range(8)]


def play(state: dict[str, object], *actions: dict[str, object]) -> dict[str, object]:
    for action in actions:
        state = api.apply(state, action, 0)["state"]
    return state


# --- layout -----------------------------------------------------------------------


def test_king_start_puts_one_king_on_foundation_1_and_103_cards_in_stock() -> None:
    state = api.new_game("patience", seed=12345)
    assert [len(p) for p in state["foundations"]] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert state["foundations"][0][0][0] == "K"
    assert len(state["stock"]) == 103
    assert state["waste"] == []
    everything = state["stock"] + state["foundations"][0]
    assert Counter(everything) == Counter(TWO_PACKS)


def test_no_king_start_deals_all_104_cards() -> None:
    state = api.new_game("patience", options={"start": "no-king"}, seed=12345)
    assert state["foundations"] == empty_foundations()
    assert Counter(state["stock"]) == Counter(TWO_PACKS)


def test_base_ranks_are_king_to_six() -> None:
    assert BASE_RANKS == ("K", "Q", "J", "T", "9", "8", "7", "6")
    view = api.view(api.new_game("patience", seed=1), 0)
    assert [info["base"] for info in view["foundation_info"]] == list(BASE_RANKS)


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    a = api.new_game("patience", seed=99)
    b = api.new_game("patience", seed=99)
    c = api.new_game("patience", seed=100)
    assert a == b
    assert a["stock"] != c["stock"]


def test_the_shuffle_is_the_documented_splitmix64_fisher_yates() -> None:
    # Pinned: a change to the generator or the shuffle would change every shared deal.
    state = api.new_game("patience", seed=12345)
    assert state["foundations"][0] == ["KC"]
    assert state["stock"][:8] == ["8S", "4D", "2H", "6D", "5D", "QC", "AC", "7H"]


# --- dealing ----------------------------------------------------------------------


def test_deal_turns_the_top_stock_card_onto_the_waste() -> None:
    state = api.new_game("patience", seed=3)
    top = state["stock"][0]
    after = api.apply(state, DEAL, 0)
    assert after["state"]["waste"] == [top]
    assert after["state"]["stock"] == state["stock"][1:]
    assert after["events"] == [{"type": "deal", "card": top, "stock_count": 102}]


def test_only_the_top_waste_card_is_available() -> None:
    state = setup_state(
        [["KS"], [], [], [], [], [], [], []], stock=[], waste=["QH", "5C"], rest_on="waste"
    )
    # The Queen under the 5 cannot be built although foundation 1 wants a Queen.
    assert api.legal_actions(state, 0) == [REDEAL]
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, build(0), 0)
    assert error.value.rule == "build-down"


# --- building ---------------------------------------------------------------------


def test_started_foundation_builds_down_regardless_of_suit() -> None:
    state = setup_state([["KS"], [], [], [], [], [], [], []], stock=["QD", "JH"])
    state = play(state, DEAL, build(0), DEAL, build(0))
    assert state["foundations"][0] == ["KS", "QD", "JH"]


def test_building_is_round_the_corner() -> None:
    # Foundation 2 (base Queen) runs Q J ... 2 A and then takes a King.
    f2 = foundation_run("Q", 12)
    assert f2[-1] == "AS"
    state = setup_state([["KS"], f2, [], [], [], [], [], []], stock=["KH"])
    state = play(state, DEAL)
    assert {"type": "build", "to": 1} in api.legal_actions(state, 0)
    state = play(state, build(1))
    assert state["foundations"][1][-1] == "KH"
    assert len(state["foundations"][1]) == 13


def test_king_below_ace_on_the_king_foundation_is_not_allowed_when_full() -> None:
    f1 = foundation_run("K", 13)  # K ... A: full
    state = setup_state([f1, [], [], [], [], [], [], []], stock=["KH"])
    state = play(state, DEAL)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, build(0), 0)
    assert error.value.rule == "foundation-full"


def test_empty_foundation_takes_only_its_base_rank() -> None:
    state = setup_state([["KS"], [], [], [], [], [], [], []], stock=["JH"])
    state = play(state, DEAL)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, build(1), 0)
    assert error.value.rule == "foundation-base"
    assert "Queen" in str(error.value)


def test_a_foundation_starts_only_after_the_one_to_its_left() -> None:
    state = setup_state([["KS"], [], [], [], [], [], [], []], stock=["JH"])
    state = play(state, DEAL)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, build(2), 0)
    assert error.value.rule == "foundation-order"
    assert api.legal_actions(state, 0) == [DEAL]


def test_foundation_1_has_no_order_condition_in_the_no_king_start() -> None:
    state = setup_state(empty_foundations(), stock=["QC", "KD"], **{"start": "no-king"})
    state = play(state, DEAL)  # a Queen cannot start foundation 2 before foundation 1
    assert {"type": "build", "to": 1} not in api.legal_actions(state, 0)
    state = play(state, DEAL)
    assert {"type": "build", "to": 0} in api.legal_actions(state, 0)
    state = play(state, build(0))
    assert state["foundations"][0] == ["KD"]


def test_a_card_fitting_several_foundations_lets_the_player_choose() -> None:
    # Foundation 1 wants a Jack (K Q) and foundation 3 (base J) is open.
    state = setup_state([["KS", "QS"], ["QH"], [], [], [], [], [], []], stock=["JD"])
    state = play(state, DEAL)
    builds = [a for a in api.legal_actions(state, 0) if a["type"] == "build"]
    assert builds == [build(0), build(1), build(2)]
    for k in (0, 1, 2):
        assert play(state, build(k))["foundations"][k][-1] == "JD"


def test_foundation_info_says_what_each_foundation_needs() -> None:
    state = setup_state([["KS", "QS"], [], [], [], [], [], [], []], stock=[])
    info = api.view(state, 0)["foundation_info"]
    assert info[0] == {"base": "K", "count": 2, "needed": 11, "next": "J"}
    assert info[1] == {"base": "Q", "count": 0, "needed": 13, "next": "Q"}
    assert info[2]["next"] is None  # not open until foundation 2 starts


# --- redeals ----------------------------------------------------------------------


def test_redeal_turns_the_waste_over_so_the_first_card_dealt_is_on_top() -> None:
    state = setup_state([["KS"], [], [], [], [], [], [], []], stock=["2C", "3C", "4C"])
    rest = len(state["stock"]) - 3
    state = play(state, *[DEAL] * (rest + 3))
    assert state["stock"] == []
    waste = state["waste"]
    state = play(state, REDEAL)
    assert state["stock"] == waste
    assert state["stock"][:3] == ["2C", "3C", "4C"]
    assert state["waste"] == []
    assert state["redeals_left"] == 1


def test_redeal_only_when_the_stock_is_empty() -> None:
    state = api.new_game("patience", seed=5)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, REDEAL, 0)
    assert error.value.rule == "redeal-stock-not-empty"


def test_two_redeals_by_default_three_passes() -> None:
    state = api.new_game("patience", seed=8)
    passes = []
    while not state["over"]:
        legal = api.legal_actions(state, 0)
        action = DEAL if DEAL in legal else REDEAL if REDEAL in legal else legal[0]
        if action == REDEAL:
            passes.append(api.view(state, 0)["pass"])
        state = api.apply(state, action, 0)["state"]
    assert passes == [1, 2]
    assert state["redeals_left"] == 0
    view = api.view(state, 0)
    assert (view["pass"], view["passes"]) == (3, 3)


@pytest.mark.parametrize("redeals", [0, 1, 5])
def test_the_redeals_option(redeals: int) -> None:
    state = api.new_game("patience", options={"redeals": redeals}, seed=8)
    count = 0
    while not state["over"]:
        legal = api.legal_actions(state, 0)
        if REDEAL in legal:
            count += 1
            state = api.apply(state, REDEAL, 0)["state"]
        else:
            state = api.apply(state, DEAL if DEAL in legal else legal[0], 0)["state"]
    assert count == redeals


def test_no_redeal_left_is_refused_with_the_rule() -> None:
    state = setup_state(
        [["KS"], [], [], [], [], [], [], []],
        stock=[],
        waste=["2C", "5C"],
        redeals_left=0,
        rest_on="waste",
    )
    # Stock empty, no redeal left, top card 5 cannot be built: the game is lost.
    assert state["over"] and state["phase"] == "lost"
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, REDEAL, 0)
    assert error.value.rule == "game-over"


# --- win and dead end -------------------------------------------------------------


def test_building_the_last_card_wins() -> None:
    piles = [foundation_run(BASE_RANKS[k], 13, "SHDC"[k % 4]) for k in range(8)]
    last = piles[7].pop()
    state = setup_state(piles, stock=[last])
    state = play(state, DEAL)
    result = api.apply(state, build(7), 0)
    assert result["state"]["phase"] == "won" and result["state"]["over"]
    assert result["state"]["to_act"] is None
    assert result["events"][-1]["type"] == "won"
    assert api.view(result["state"], 0)["won"] is True
    assert api.legal_actions(result["state"], 0) == []


def test_dead_end_event_after_the_last_deal() -> None:
    rest = list((Counter(TWO_PACKS) - Counter(["KS", "5C", "4C"])).elements())
    state = setup_state(
        [["KS"], [], [], [], [], [], [], []], stock=["5C"], waste=[*rest, "4C"], redeals_left=0
    )
    assert state["phase"] == "play"
    result = api.apply(state, DEAL, 0)
    assert result["state"]["phase"] == "lost" and result["state"]["over"]
    assert result["events"][-1] == {
        "type": "lost",
        "reason": "The stock is empty, no redeal is left and the 5 of Clubs on the waste "
        "cannot be built.",
    }


def test_lost_only_when_stock_empty_no_redeal_and_top_unbuildable() -> None:
    common = {"foundations": [["KS"], [], [], [], [], [], [], []]}
    rest = list((Counter(TWO_PACKS) - Counter(["KS", "QH", "5C"])).elements())
    # The top card (a Queen) can be built: still playing.
    playing = api.new_game(
        "patience", seed=1, setup={**common, "stock": [], "waste": [*rest, "5C", "QH"],
                                   "redeals_left": 0},
    )  # fmt: skip
    assert playing["phase"] == "play"
    assert api.legal_actions(playing, 0) == [build(0), build(1)]
    # A redeal left: still playing.
    redeal = api.new_game(
        "patience", seed=1, setup={**common, "stock": [], "waste": [*rest, "QH", "5C"],
                                   "redeals_left": 1},
    )  # fmt: skip
    assert redeal["phase"] == "play"
    assert api.legal_actions(redeal, 0) == [REDEAL]
    lost = api.new_game(
        "patience", seed=1, setup={**common, "stock": [], "waste": [*rest, "QH", "5C"],
                                   "redeals_left": 0},
    )  # fmt: skip
    assert lost["phase"] == "lost" and lost["over"]


# --- views ------------------------------------------------------------------------


def test_view_shows_the_stock_only_as_a_count() -> None:
    state = api.new_game("patience", seed=21)
    view = api.view(state, 0)
    assert view["stock_count"] == 103
    assert "stock" not in view and "seed" not in view
    text = repr(sorted(view.items()))
    assert str(state["seed"]) not in text


def test_view_is_a_fresh_object() -> None:
    state = api.new_game("patience", seed=21)
    before = json.dumps(state)
    view = api.view(state, 0)
    view["foundations"][0].append("QS")
    view["waste"].append("QS")
    view["options"]["redeals"] = 9
    assert json.dumps(state) == before
    assert api.view(state, 0) != view


def test_states_differing_only_in_stock_order_look_the_same() -> None:
    state = api.new_game("patience", seed=21)
    other = dict(state)
    other["stock"] = list(reversed(state["stock"]))
    api.legal_actions(other, 0)  # a valid state too
    assert api.view(state, 0) == api.view(other, 0)
    assert api.view(state, None) == api.view(other, None)


# --- setups -----------------------------------------------------------------------


def test_setup_places_the_given_cards_and_deals_the_rest() -> None:
    state = api.new_game("patience", seed=4, setup={"waste": ["QS", "QH"]})
    assert state["waste"] == ["QS", "QH"]
    assert len(state["stock"]) == 101
    assert state["foundations"][0][0][0] == "K"


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"waste": ["QS", "QS", "QS"]}, "setup"),
        ({"stock": ["AS"] * 2 + list(PACK)}, "setup"),
        ({"foundations": [["QS"], [], [], [], [], [], [], []]}, "setup.foundations[0]"),
        ({"foundations": [["KS"], [], ["JS"], [], [], [], [], []]}, "setup.foundations[2]"),
        ({"foundations": [["KS", "JS"], [], [], [], [], [], [], []]}, "setup.foundations[0]"),
        ({"foundations": [[]] * 7}, "setup.foundations"),
        ({"stock": list(PACK)}, "setup"),
        ({"redeals_left": 3}, "setup.redeals_left"),
        ({"redeals_left": -1}, "setup.redeals_left"),
        ({"stock": ["ZZ"]}, "setup.stock[0]"),
        ({"tableau": []}, "setup.tableau"),
        ([], "setup"),
    ],
)
def test_impossible_setups_are_refused(setup: object, field: str) -> None:
    with pytest.raises(MalformedError) as error:
        api.new_game("patience", seed=1, setup=setup)  # type: ignore[arg-type]
    assert error.value.field == field


def test_king_start_setup_with_an_empty_first_foundation_is_refused() -> None:
    with pytest.raises(MalformedError):
        api.new_game("patience", seed=1, setup={"foundations": [[] for _ in range(8)]})
    # ... but it is the no-king start's opening.
    state = api.new_game(
        "patience", options={"start": "no-king"}, seed=1,
        setup={"foundations": [[] for _ in range(8)]},
    )  # fmt: skip
    assert len(state["stock"]) == 104


# --- bad actions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "build"}, "action.to"),
        ({"type": "build", "to": 8}, "action.to"),
        ({"type": "build", "to": True}, "action.to"),
        ({"type": "build", "to": "1"}, "action.to"),
        ({"type": "deal", "to": 1}, "action.to"),
        ({"type": "shuffle"}, "action.type"),
        ({}, "action.type"),
        ("deal", "action"),
        (None, "action"),
    ],
)
def test_malformed_actions_name_the_field(action: object, field: str) -> None:
    state = api.new_game("patience", seed=2)
    with pytest.raises(MalformedError) as error:
        api.apply(state, action, 0)  # type: ignore[arg-type]
    assert error.value.field == field


def test_build_from_an_empty_waste_is_illegal() -> None:
    state = api.new_game("patience", seed=2)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, build(1), 0)
    assert error.value.rule == "build-empty-waste"


def test_deal_from_an_empty_stock_is_illegal() -> None:
    state = setup_state(
        [["KS"], [], [], [], [], [], [], []], stock=[], waste=["5C"], rest_on="waste"
    )
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, DEAL, 0)
    assert error.value.rule == "deal-empty-stock"


@pytest.mark.parametrize("seat", [1, -1, True, "0", None])
def test_bad_seats(seat: object) -> None:
    state = api.new_game("patience", seed=2)
    with pytest.raises(RulesError):
        api.apply(state, DEAL, seat)  # type: ignore[arg-type]
