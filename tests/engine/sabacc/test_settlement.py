"""Counting, settling the wagers, the bonuses and the end of the game (RULES.md 3.6-3.9)."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import (
    act,
    bids,
    declare,
    events_of,
    fill_hands,
    finish_round,
    first_legal,
    new,
    preferring,
    sabacc_range,
    seat_policy,
    suit,
)

from celestix import api
from celestix.cli.sabacc import game_options
from celestix.runner import play
from celestix.sabacc.counting import TARGET_HALF_POINTS, count, made, pairing
from celestix.sabacc.settlement import bonus_amount, bonus_claims

State = dict[str, Any]


def last_legal(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[-1]


# --- counting -----------------------------------------------------------------------


def test_the_contract_needs_46_points_that_is_92_half_points() -> None:
    assert TARGET_HALF_POINTS == 92
    assert not made(91)
    assert made(92)
    assert count(["14c", "13f", "12s", "11t", "1c"]) == 9 + 7 + 5 + 3 + 1


def test_pairing_lays_the_pile_out_as_the_traditional_count() -> None:
    pile = ["1c", "13f", "2c", "14c", "3c", "0", "12s", "4c", "5c"]
    groups = pairing(pile)
    assert [g["label"] for g in groups] == [
        "Honour + ordinary card",
        "Honour + ordinary card",
        "Mistress + ordinary card",
        "Commander + ordinary card",
        "ordinary card",
    ]
    assert [g["half_points"] for g in groups] == [10, 10, 8, 6, 1]  # 5, 5, 4, 3, 1/2 points
    assert sum(g["half_points"] for g in groups) == count(pile)
    assert sorted(card for g in groups for card in g["cards"]) == sorted(pile)
    # With more counting cards than ordinary ones, a counting card counts alone.
    lone = pairing(["14c", "0", "1c"])
    assert [g["half_points"] for g in lone] == [10, 9]


# --- settling and bonuses, forced by setups -----------------------------------------

# Dealer 3 (seat 2 bids first, seat 0 leads): seat 0 holds 17 Sabaccs and The Idiot,
# the talon the four lowest Sabaccs and two ordinary cards.
GRAND_TALON = [*sabacc_range(1, 4), "1c", "2c"]
GRAND = {
    "dealer": 3,
    "hands": fill_hands(4, {0: [*sabacc_range(5, 21), "0"]}, GRAND_TALON),
    "talon": GRAND_TALON,
}


GRAND_WAGERS = {"everyone": [8, 2, 2, 2], "bidder": [4, 0, 1, 0]}


def grand_slam_round(
    last_card: str, stakes: str = "everyone"
) -> tuple[State, list[dict[str, Any]]]:
    state = new(4, setup=GRAND, stakes=stakes)
    # Seat 2 takes, seat 3 passes, seat 0 pushes, seat 1 passes, seat 2 passes.
    state, _ = bids(state, "take", "pass", "push", "pass", "pass")
    assert state["declarer"] == 0 and state["wagers"] == GRAND_WAGERS[stakes]
    for card in ["1c", "2c", "-2", "-3", "-4", "-5"]:
        state, _ = act(state, {"type": "aside", "card": card})
    order = [*sabacc_range(6, 21)[::-1], "-1", "0"]
    declarer = preferring(order, avoid_last=[last_card])
    return finish_round(state, seat_policy({0: declarer}))


@pytest.mark.parametrize(
    ("stakes", "table", "chips"),
    [("everyone", 14, [109, 97, 97, 97]), ("bidder", 5, [104, 99, 98, 99])],
)
def test_grand_slam_declarer_takes_the_table_and_the_whole_ante_pot(
    stakes: str, table: int, chips: list[int]
) -> None:
    state, events = grand_slam_round(last_card="0", stakes=stakes)
    assert all(t["winner"] == 0 for t in events_of(events, "trick"))
    counted = events_of(events, "round_counted")[0]
    assert counted["made"] and counted["tricks"] == [18, 0, 0, 0]
    settled = events_of(events, "wagers_settled")[0]
    assert settled["winner"] == "declarer" and settled["table"] == table
    assert settled["received"] == [table, 0, 0, 0] and settled["remainder"] == 0
    assert settled["wagers"] == GRAND_WAGERS[stakes]
    assert settled["net"] == [
        table - GRAND_WAGERS[stakes][0],
        *(-w for w in GRAND_WAGERS[stakes][1:]),
    ]
    bonus = events_of(events, "bonus")[0]
    assert (bonus["bonus"], bonus["seat"], bonus["amount"]) == ("grand_slam", 0, 4)
    # The Idiot won the last trick too, but only the highest bonus is paid.
    assert [c["bonus"] for c in bonus["claims"]] == ["grand_slam", "idiot_at_the_end"]
    assert [c["bonus"] for c in bonus["unpaid"]] == ["idiot_at_the_end"]
    summary = state["last_round"]
    assert summary["chips"] == chips and summary["ante_pot"] == 0
    assert summary["bonus"] == {"bonus": "grand_slam", "seat": 0, "amount": 4}
    kinds = [e["type"] for e in events]
    assert kinds.index("round_counted") < kinds.index("wagers_settled") < kinds.index("bonus")
    assert kinds[-2:] == ["antes", "deal"]


def test_grand_slam_beats_magician_at_the_end() -> None:
    _, events = grand_slam_round(last_card="-1")
    bonus = events_of(events, "bonus")[0]
    assert bonus["bonus"] == "grand_slam"
    assert [c["bonus"] for c in bonus["unpaid"]] == ["magician_at_the_end"]
    last = events_of(events, "trick")[-1]
    assert last["card"] == "-1"
    assert last["reason"] == "The Magician is the only Sabacc in the trick."


# Dealer 3, seat 0 declares Take with 15 high Sabaccs and three low coins; seat 1 holds the
# other coins, seat 2 the seven lowest Sabaccs.
SLAM_TALON = suit("f", range(1, 7))
SLAM = {
    "dealer": 3,
    "hands": [
        suit("c", range(1, 4)) + sabacc_range(8, 21) + ["0"],
        [*suit("c", range(4, 15)), "7f", *suit("s", range(1, 7))],
        sabacc_range(1, 7) + suit("f", range(8, 15)) + suit("s", range(7, 11)),
        suit("s", range(11, 15)) + suit("t", range(1, 15)),
    ],
    "talon": SLAM_TALON,
}


def test_slam_all_but_three_tricks_pays_three_quarters_and_beats_idiot_at_the_end() -> None:
    state, _ = declare(new(4, setup=SLAM, ante=5), 0, "take")
    for card in SLAM_TALON:
        state, _ = act(state, {"type": "aside", "card": card})
    order = [*sabacc_range(8, 21)[::-1], "1c", "2c", "3c"]
    chooser = seat_policy({0: preferring(order, avoid_last=["0"]), 1: last_legal})
    state, events = finish_round(state, chooser)
    counted = events_of(events, "round_counted")[0]
    assert counted["tricks"][0] == 15
    bonus = events_of(events, "bonus")[0]
    assert (bonus["bonus"], bonus["seat"]) == ("slam", 0)
    assert bonus["ante_pot_before"] == 20 and bonus["amount"] == 15  # 3/4 of 20
    assert [c["bonus"] for c in bonus["unpaid"]] == ["idiot_at_the_end"]
    assert events_of(events, "trick")[-1]["card"] == "0"


def test_idiot_at_the_end_alone_pays_a_quarter() -> None:
    # Dealer 3, seat 2 declares Guard without (the six top Sabaccs but The Idiot go into
    # its pile); seat 0 keeps The Idiot for the last trick.
    talon = sabacc_range(16, 21)
    hand = ["0", *sabacc_range(1, 8), *suit("c", range(1, 10))]
    setup = {"dealer": 3, "hands": fill_hands(4, {0: hand}, talon), "talon": talon}
    state, _ = declare(new(4, setup=setup, ante=3), 2, "guard_without")
    state, events = finish_round(state, seat_policy({0: preferring([], avoid_last=["0"])}))
    last = events_of(events, "trick")[-1]
    assert (last["winner"], last["card"]) == (0, "0")
    assert max(events_of(events, "round_counted")[0]["tricks"]) < 15  # no Slam
    bonus = events_of(events, "bonus")[0]
    assert (bonus["bonus"], bonus["seat"], bonus["unpaid"]) == ("idiot_at_the_end", 0, [])
    assert bonus["amount"] == bonus["ante_pot_before"] // 4 > 0


def test_magician_at_the_end_alone_pays_half() -> None:
    # Three players, dealer 2: seat 0 leads and declares Guard without. The top five
    # Sabaccs and The Idiot go unseen into its pile; it holds every other Sabacc and two
    # low cards of each suit; the others hold no Sabacc at all.
    talon = [*sabacc_range(17, 21), "0"]
    low = [f"{rank}{s}" for s in "cfst" for rank in (1, 2)]
    setup = {
        "dealer": 2,
        "hands": fill_hands(3, {0: [*sabacc_range(1, 16), *low]}, talon),
        "talon": talon,
    }
    state, _ = declare(new(3, setup=setup, ante=2), 0, "guard_without")
    # Seat 0 leads its low cards while the others can still beat them, then its Sabaccs.
    declarer = preferring([*low, *sabacc_range(2, 16)[::-1]], avoid_last=["-1"])

    def lead_where_seat_0_follows(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
        suits = {card[-1] for card in state["hands"][0]}
        if not state["trick"]:
            return next((a for a in legal if a["card"][-1] in suits), legal[0])
        return legal[0]

    chooser = seat_policy({0: declarer}, lead_where_seat_0_follows)
    state, events = finish_round(state, chooser)
    counted = events_of(events, "round_counted")[0]
    assert counted["tricks"][0] == 16  # its 16 Sabaccs, no more: no Slam (21 needed)
    last = events_of(events, "trick")[-1]
    assert (last["winner"], last["card"]) == (0, "-1")
    bonus = events_of(events, "bonus")[0]
    assert (bonus["bonus"], bonus["seat"], bonus["unpaid"]) == ("magician_at_the_end", 0, [])
    assert bonus["ante_pot_before"] == 6 and bonus["amount"] == 3


# Dealer 3, seat 2 declares Take with nothing but the ranks 1-6: it cannot win a trick.
HOPELESS_TALON = ["5s", "5t", "6c", "6f", "6s", "6t"]
HOPELESS_HAND = [f"{rank}{s}" for s in "cfst" for rank in range(1, 5)] + ["5c", "5f"]
HOPELESS = {
    "dealer": 3,
    "hands": fill_hands(4, {2: HOPELESS_HAND}, HOPELESS_TALON),
    "talon": HOPELESS_TALON,
}


@pytest.mark.parametrize(
    ("stakes", "wagers", "share"), [("everyone", [1, 1, 4, 1], 2), ("bidder", [0, 0, 4, 0], 1)]
)
def test_declarer_loses_defenders_divide_and_the_remainder_goes_to_the_ante_pot(
    stakes: str, wagers: list[int], share: int
) -> None:
    state, _ = declare(new(4, setup=HOPELESS, stakes=stakes), 2, "take")
    assert state["wagers"] == wagers
    state, events = finish_round(state)
    counted = events_of(events, "round_counted")[0]
    assert counted["points"] == 6 and not counted["made"]  # the aside's six ordinary cards
    assert counted["tricks"][2] == 0
    settled = events_of(events, "wagers_settled")[0]
    assert settled["winner"] == "defenders" and settled["table"] == sum(wagers)
    assert settled["received"] == [share, share, 0, share] and settled["remainder"] == 1
    assert settled["ante_pot"] == 5  # 4 antes + the remainder
    transfer = [e for e in state["ledger"] if e["seat"] is None]
    assert [(e["pot"], e["dir"], e["amount"]) for e in transfer] == [
        ("table", "out", 1),
        ("ante_pot", "in", 1),
    ]
    for bonus in events_of(events, "bonus"):
        assert bonus["ante_pot_before"] == 5  # worked out after the remainder


@pytest.mark.parametrize(
    ("stakes", "wagers", "share"),
    [("everyone", [6, 6, 24, 6], 14), ("bidder", [0, 0, 20, 1], 7)],
)
def test_a_declarer_loss_with_an_even_table_leaves_no_remainder(
    stakes: str, wagers: list[int], share: int
) -> None:
    state = new(4, setup=HOPELESS, stakes=stakes)
    # Seat 2 takes, seat 3 pushes, seat 0 and 1 pass, seat 2 bids Guard without, seat 3 passes.
    state, _ = bids(state, "take", "push", "pass", "pass", "guard_without", "pass")
    assert state["declarer"] == 2 and state["wagers"] == wagers
    state, events = finish_round(state)
    settled = events_of(events, "wagers_settled")[0]
    assert settled["table"] == 3 * share and settled["received"] == [share, share, 0, share]
    assert settled["remainder"] == 0


def test_bonus_claims_and_amounts() -> None:
    assert bonus_claims([18, 0, 0, 0], 0, "0") == [
        {"bonus": "grand_slam", "seat": 0},
        {"bonus": "idiot_at_the_end", "seat": 0},
    ]
    assert bonus_claims([0, 15, 2, 1], 1, "5c") == [{"bonus": "slam", "seat": 1}]
    assert bonus_claims([0, 14, 3, 1], 1, "5c") == []  # four tricks lost: no Slam
    assert bonus_claims([5, 5, 4, 4], 3, "-1") == [{"bonus": "magician_at_the_end", "seat": 3}]
    assert bonus_claims([5, 5, 4, 4], 2, "-2") == []
    assert [bonus_amount(b, 7) for b in ("grand_slam", "slam", "magician_at_the_end",
                                         "idiot_at_the_end")] == [7, 5, 3, 1]  # fmt: skip


# --- the 46-point line and the bonuses in real play ---------------------------------


def counted_rounds(players: int, games: int, level: str) -> list[list[dict[str, Any]]]:
    """The events of every counted round of ``games`` bot games, one list per round."""
    rounds: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] = []

    def observe(state: State, events: list[dict[str, Any]]) -> None:
        for event in events:
            current.append(event)
            if event["type"] in ("antes", "game_over"):
                if any(e["type"] == "round_counted" for e in current):
                    rounds.append(list(current))
                current.clear()

    for seed in range(games):
        play(
            "sabacc",
            [level] * players,
            game_options(players),
            seed,
            audit=True,
            observe=lambda step: observe(step.state, step.events),
        )
    return rounds


@pytest.fixture(scope="module")
def random_rounds() -> list[list[dict[str, Any]]]:
    # Basic declarers at three often land near the line (at four a pile always holds an
    # even number of cards, so an even count); random play at five often brings The
    # Magician home. These seeds reach 91 and 92 and both end bonuses.
    return (
        counted_rounds(3, 150, "basic")
        + counted_rounds(4, 40, "basic")
        + counted_rounds(5, 60, "random")
    )


def test_the_line_is_exactly_46_points_in_play(random_rounds: list[list[dict[str, Any]]]) -> None:
    seen = set()
    for events in random_rounds:
        counted = events_of(events, "round_counted")[0]
        settled = events_of(events, "wagers_settled")[0]
        assert counted["points"] + counted["defenders_points"] == 182
        assert counted["made"] is (counted["points"] >= 92)
        assert settled["winner"] == ("declarer" if counted["made"] else "defenders")
        if counted["points"] in (91, 92):
            seen.add(counted["points"])
    assert seen == {91, 92}, "the games should reach both sides of the line"


def test_every_bonus_earned_in_play_is_paid_highest_only(
    random_rounds: list[list[dict[str, Any]]],
) -> None:
    paid = set()
    for events in random_rounds:
        tricks = events_of(events, "trick")
        total = len(tricks)
        won: dict[int, int] = {}
        for trick in tricks:
            won[trick["winner"]] = won.get(trick["winner"], 0) + 1
        expected = None
        if max(won.values()) == total:
            expected = "grand_slam"
        elif max(won.values()) >= total - 3:
            expected = "slam"
        elif tricks[-1]["card"] == "-1":
            expected = "magician_at_the_end"
        elif tricks[-1]["card"] == "0":
            expected = "idiot_at_the_end"
        bonuses = events_of(events, "bonus")
        if expected is None:
            assert bonuses == []
            continue
        assert len(bonuses) == 1 and bonuses[0]["bonus"] == expected
        share = {"grand_slam": (1, 1), "slam": (3, 4), "magician_at_the_end": (1, 2),
                 "idiot_at_the_end": (1, 4)}[expected]  # fmt: skip
        assert bonuses[0]["amount"] == bonuses[0]["ante_pot_before"] * share[0] // share[1]
        paid.add(expected)
    assert {"magician_at_the_end", "idiot_at_the_end"} <= paid


# --- the end of the game ------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_game_ends_once_every_player_has_dealt(players: int) -> None:
    state = new(players, seed=21)
    dealers = []
    while not state["over"]:
        dealers.append(state["dealer"])
        assert api.view(state, 0)["deals_done"] == len(dealers) - 1
        state, events = bids(state, *["pass"] * players)
    assert sorted(dealers) == list(range(players))
    assert [(dealers[0] + k) % players for k in range(players)] == dealers
    assert events[-1]["type"] == "game_over"
    assert events_of(events, "ante_pot_divided")[0]["share"] == players
    # Every round void: every ante comes back.
    assert state["chips"] == [100] * players and state["ante_pot"] == 0
    assert state["winners"] == list(range(players))
    assert api.legal_actions(state, 0) == []
    view = api.view(state, 1)
    assert view["over"] and view["deals_done"] == players and view["points"] is None
    with pytest.raises(api.RulesError) as error:
        api.apply(state, {"type": "bid", "bid": "pass"}, 0)
    assert error.value.rule == "game-over"


def test_ante_pot_carried_into_the_next_game() -> None:
    state = new(4, seed=3, ante_pot_at_end="carry")
    while not state["over"]:
        state, events = bids(state, "pass", "pass", "pass", "pass")
    assert events_of(events, "ante_pot_carried") == [{"type": "ante_pot_carried", "ante_pot": 16}]
    assert state["ante_pot"] == 16 and state["chips"] == [96] * 4
    assert api.view(state, None)["ante_pot"] == 16


def test_ante_pot_divided_remainder_stays_unclaimed() -> None:
    setup = {"deals_done": 2, "ante_pot": 5, "chips": [9, 20, 20]}  # 54 = 3 x 18
    state = new(3, seed=3, setup=setup, start_chips=18)
    state, events = bids(state, "pass", "pass", "pass")
    assert events_of(events, "ante_pot_divided") == [
        {"type": "ante_pot_divided", "share": 1, "unclaimed": 2}
    ]
    assert state["chips"] == [10, 21, 21] and state["ante_pot"] == 2
    assert state["winners"] == [1, 2]
    over = events_of(events, "game_over")[0]
    assert over["winners"] == [1, 2] and over["rounds"] == 3


def test_a_counted_last_round_shows_its_points_talon_and_aside_to_all() -> None:
    setup = dict(GRAND, deals_done=3)
    state = new(4, setup=setup)
    state, _ = bids(state, "take", "pass", "push", "pass", "pass")
    for card in ["1c", "2c", "-2", "-3", "-4", "-5"]:
        state, _ = act(state, {"type": "aside", "card": card})
    state, events = finish_round(state, first_legal)
    assert state["over"] and state["phase"] == "over"
    counted = events_of(events, "round_counted")[0]
    for seat in (None, 1, 2):
        view = api.view(state, seat)
        assert view["points"] == counted["points"]
        assert view["talon"] == GRAND_TALON
        assert view["aside"] == ["1c", "2c", "-2", "-3", "-4", "-5"]
        assert len(view["played"]) == 18 and view["last_trick"] == view["played"][-1]
    assert state["winners"] == [0]


def test_the_bonus_says_the_tricks_won_and_a_last_round_bonus_checks() -> None:
    """(i-words24) The bonus event says how many tricks its winner took, of how many (the
    page's "Bryn took 15 of the 18 tricks (a Slam)"); a game whose last round paid a bonus
    is still checked as its cards say (the check's own settlement pays it again)."""
    state = new(4, setup={**GRAND, "deals_done": 3})
    state, _ = bids(state, "take", "pass", "push", "pass", "pass")
    for card in ["1c", "2c", "-2", "-3", "-4", "-5"]:
        state, _ = act(state, {"type": "aside", "card": card})
    order = [*sabacc_range(6, 21)[::-1], "-1", "0"]
    state, events = finish_round(state, seat_policy({0: preferring(order, avoid_last=["0"])}))
    bonus = events_of(events, "bonus")[0]
    assert (bonus["bonus"], bonus["tricks"], bonus["of"]) == ("grand_slam", 18, 18)
    assert state["over"]
    assert api.view(state, 0)["over"]  # the facade checks the finished game
