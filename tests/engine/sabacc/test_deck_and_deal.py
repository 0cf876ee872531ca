"""The deck, the table, the deal and setups (RULES.md 3 "Table", "Deck", 3.1-3.2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from sabacc.support import every_card, fill_hands, new, sabacc_range, suit

from celestix import api
from celestix.errors import MalformedError
from celestix.rng import Rng
from celestix.sabacc import cards
from celestix.sabacc.cards import DECK, HALF_POINTS, HONOURS, SABACCS, card_name
from celestix.sabacc.tricks import strength, winning_play


def test_the_deck_has_78_cards_with_the_protocol_codes() -> None:
    assert len(DECK) == len(set(DECK)) == 78
    assert {"1c", "14c", "1t", "14t", "11s", "0", "-1", "-21"} <= set(DECK)
    assert sum(1 for card in DECK if card[-1] in "cfst") == 56
    assert len(SABACCS) == 22 and SABACCS[0] == "-1" and SABACCS[-1] == "0"
    assert "15c" not in DECK and "-22" not in DECK and "0c" not in DECK


def test_honours_are_the_magician_universe_idiot_and_masters() -> None:
    assert sorted(HONOURS) == sorted(["-1", "-21", "0", "14c", "14f", "14s", "14t"])


def test_card_values_in_half_points_add_up_to_182() -> None:
    assert HALF_POINTS["14c"] == HALF_POINTS["0"] == HALF_POINTS["-1"] == 9
    assert HALF_POINTS["-21"] == 9
    assert HALF_POINTS["13f"] == 7
    assert HALF_POINTS["12s"] == 5
    assert HALF_POINTS["11t"] == 3
    assert HALF_POINTS["10c"] == HALF_POINTS["1c"] == HALF_POINTS["-2"] == 1
    assert HALF_POINTS["-20"] == 1
    assert sum(HALF_POINTS.values()) == 182


def test_sabaccs_rank_from_the_magician_to_the_universe_then_the_idiot() -> None:
    led = "5c"
    order = [strength(card, led) for card in SABACCS]
    assert order == sorted(order) and len(set(order)) == 22
    assert strength("0", led) > strength("-21", led) > strength("-1", led) > strength("14c", led)
    # Off-suit cards cannot win; the suit led ranks Ace to Master.
    assert strength("14f", led) == 0
    assert strength("14c", led) > strength("13c", led) > strength("1c", led) > 0


def test_idiot_beats_the_universe_in_a_trick() -> None:
    plays = [{"seat": 0, "card": "-21"}, {"seat": 1, "card": "0"}, {"seat": 2, "card": "-20"}]
    assert winning_play(plays)["seat"] == 1


def test_card_names() -> None:
    assert card_name("14c") == "Master of coins"
    assert card_name("13f") == "Mistress of flasks"
    assert card_name("12s") == "Commander of sabres"
    assert card_name("11t") == "Legate of staves"
    assert card_name("1c") == "Ace of coins"
    assert card_name("-1") == "The Magician"
    assert card_name("-21") == "The Universe"
    assert card_name("0") == "The Idiot"
    assert card_name("-7") == "Sabacc -7"
    assert cards.points_text(91) == "45½" and cards.points_text(92) == "46"


@pytest.mark.parametrize(("players", "hand", "talon"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_deal_sizes(players: int, hand: int, talon: int) -> None:
    state = new(players, seed=11)
    assert [len(h) for h in state["hands"]] == [hand] * players
    assert len(state["talon"]) == talon
    assert every_card(state) == Counter(DECK)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 99, 2**53 - 1])
def test_first_dealer_from_the_seed_and_deal_one_card_at_a_time_from_dealers_right(
    players: int, seed: int
) -> None:
    state = new(players, seed=seed)
    dealer = Rng(seed).below(players)
    assert state["dealer"] == dealer
    deck = Rng(seed, 0).shuffled(DECK)
    size = {3: 24, 4: 18, 5: 15}[players]
    expected: list[list[str]] = [[] for _ in range(players)]
    for i, card in enumerate(deck[: size * players]):
        expected[(dealer + 1 + i) % players].append(card)
    assert state["hands"] == [sorted(h, key=DECK.index) for h in expected]
    assert state["talon"] == deck[size * players :]


def test_hands_are_kept_in_deck_order() -> None:
    state = new(4, seed=5)
    for hand in state["hands"]:
        assert hand == sorted(hand, key=DECK.index)


def test_each_round_is_shuffled_from_its_own_stream() -> None:
    first = new(4, seed=8)
    later = new(4, seed=8, setup={"deals_done": 2})
    assert later["round"] == 2
    assert later["dealer"] == (first["dealer"] + 2) % 4
    deck = Rng(8, 2).shuffled(DECK)
    assert later["talon"] == deck[72:]


def test_antes_are_paid_into_the_ante_pot_and_recorded() -> None:
    state = new(5, seed=3, ante=2, start_chips=50)
    assert state["chips"] == [48] * 5
    assert state["ante_pot"] == 10
    ante = "Each player pays the ante into the Ante Pot as the round begins."
    antes = [e for e in state["ledger"] if e["reason"] == ante]
    assert len(antes) == 5 and {e["pot"] for e in antes} == {"ante_pot"}
    # Paid in order of play from the dealer's right.
    assert [e["seat"] for e in antes] == [(state["dealer"] + 1 + k) % 5 for k in range(5)]


def test_games_lists_sabacc_with_its_options() -> None:
    games = {game["id"]: game for game in api.games()}
    sabacc = games["sabacc"]
    assert sabacc["seats"] == [3, 5]
    options = sabacc["options"]
    assert options["players"]["choices"] == [3, 4, 5] and options["players"]["default"] == 4
    assert options["start_chips"]["default"] == 100 and options["start_chips"]["min"] == 0
    assert options["ante"]["default"] == 1
    assert options["ante_pot_at_end"]["choices"] == ["divide", "carry"]
    assert options["ante_pot_at_end"]["default"] == "divide"
    assert options["stakes"]["choices"] == ["everyone", "bidder"]
    assert options["stakes"]["default"] == "everyone"
    assert "Every player puts in each bid's stake" in options["stakes"]["help"]
    assert all(option["help"] and option["label"] for option in options.values())
    assert sabacc["levels"] == ["random", "basic", "easy", "normal", "strong"]


# --- setups -------------------------------------------------------------------------


def test_setup_places_hands_talon_dealer_chips_pot_and_deals_done() -> None:
    talon = sabacc_range(1, 6)
    hands = fill_hands(4, {2: suit("c", range(1, 15)) + suit("f", range(1, 5))}, talon)
    setup = {
        "dealer": 1,
        "hands": hands,
        "talon": talon,
        "chips": [90, 80, 70, 60],
        "ante_pot": 32,
        "deals_done": 3,
    }
    state = new(4, seed=2, setup=setup, start_chips=83)  # 300 + 32 = 4 x 83
    assert state["dealer"] == 1 and state["round"] == 3
    assert state["hands"][2] == hands[2]
    assert state["talon"] == talon
    assert state["chips"] == [90, 80, 70, 60]
    assert state["ante_pot"] == 32
    assert state["to_act"] == 0  # left of the dealer
    assert state["start"] == {"chips": [91, 81, 71, 61], "ante_pot": 28}


def test_setup_chips_must_add_up_to_what_the_players_started_with() -> None:
    # A chip moved from seat 0 into the Ante Pot: 395 + 5 = 4 x 100, a table that can arise.
    state = new(4, setup={"chips": [98, 99, 99, 99], "ante_pot": 5})
    assert state["start"] == {"chips": [99, 100, 100, 100], "ante_pot": 1}
    with pytest.raises(MalformedError) as error:
        new(4, setup={"chips": [98, 99, 99, 99], "ante_pot": 6})
    assert error.value.field == "setup.chips"
    assert "add up to 401, but the table holds 400 (4 x start_chips)" in error.value.message


def test_setup_with_hands_only_leaves_the_talon_to_the_rest() -> None:
    talon = suit("t", range(9, 15))
    hands = fill_hands(4, {}, talon)
    state = new(4, seed=2, setup={"hands": hands})
    assert sorted(state["talon"]) == sorted(talon)


def test_setup_with_talon_only_deals_the_rest() -> None:
    talon = ["0", "-21", "-1", "14c", "14f", "14s"]
    state = new(4, seed=2, setup={"talon": talon})
    assert state["talon"] == talon
    assert every_card(state) == Counter(DECK)


def test_setup_left_out_is_as_in_a_normal_game() -> None:
    assert new(4, seed=9, setup={}) == new(4, seed=9)


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"colour": 1}, "setup.colour"),
        ({"dealer": 4}, "setup.dealer"),
        ({"dealer": -1}, "setup.dealer"),
        ({"dealer": True}, "setup.dealer"),
        ({"deals_done": 4}, "setup.deals_done"),
        ({"deals_done": "1"}, "setup.deals_done"),
        ({"chips": [1, 2, 3]}, "setup.chips"),
        ({"chips": [1, 2, 3, 4.5]}, "setup.chips[3]"),
        ({"chips": [1, 2, 3, 10**13]}, "setup.chips[3]"),
        ({"chips": [99, 99, 99, 98]}, "setup.chips"),  # 395 + 4 antes: a chip is missing
        ({"ante_pot": 5}, "setup.chips"),  # a chip more than the players started with
        ({"ante_pot": 3}, "setup.ante_pot"),  # this round's four antes are in it
        ({"ante_pot": -5}, "setup.ante_pot"),
        ({"talon": ["1c", "2c"]}, "setup.talon"),
        ({"talon": ["1c", "2c", "3c", "4c", "5c", "5c"]}, "setup.talon"),
        ({"talon": ["1c", "2c", "3c", "4c", "5c", "1x"]}, "setup.talon[5]"),
        ({"hands": [[], [], []]}, "setup.hands"),
        ({"hands": "1c"}, "setup.hands"),
        ([], "setup"),
    ],
)
def test_impossible_setups_are_malformed(setup: Any, field: str) -> None:
    with pytest.raises(MalformedError) as error:
        new(4, seed=1, setup=setup)
    assert error.value.field == field


def test_setup_cards_placed_twice_or_of_wrong_count_are_malformed() -> None:
    hands = fill_hands(4, {}, sabacc_range(1, 6))
    short = [hand[:-1] for hand in hands]
    with pytest.raises(MalformedError) as error:
        new(4, setup={"hands": short})
    assert error.value.field == "setup.hands[0]"
    doubled = [list(hand) for hand in hands]
    doubled[1][0] = doubled[0][0]
    with pytest.raises(MalformedError) as error:
        new(4, setup={"hands": doubled})
    assert error.value.field == "setup.hands[1]"
    with pytest.raises(MalformedError) as error:
        new(4, setup={"hands": hands, "talon": [hands[0][0], *sabacc_range(2, 6)]})
    assert error.value.field == "setup.talon"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 6}, "options.players"),
        ({"players": 2}, "options.players"),
        ({"players": "4"}, "options.players"),
        ({"start_chips": -1}, "options.start_chips"),
        ({"ante": -1}, "options.ante"),
        ({"ante": 1.5}, "options.ante"),
        ({"ante_pot_at_end": "keep"}, "options.ante_pot_at_end"),
        ({"stakes": "defenders"}, "options.stakes"),
        ({"stakes": True}, "options.stakes"),
        ({"trump": "Void"}, "options.trump"),
    ],
)
def test_bad_options(options: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedError) as error:
        api.new_game("sabacc", options, 1)
    assert error.value.field == field
