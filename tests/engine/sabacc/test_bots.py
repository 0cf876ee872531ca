"""The computer players: levels, determinism, the basic heuristics, and marathons."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import PLAY_SETUP, act, declare, fill_hands, new, sabacc_range, suit
from scale import scaled

from celestix import api
from celestix.cli.sabacc import Stats, game_options
from celestix.runner import play
from celestix.sabacc import bots
from celestix.sabacc.bots.basic import (
    CHANCE_UNITS,
    LEAST_CHANCE,
    chance,
    choose_aside,
    choose_bid,
    choose_play,
    hand_count,
    threshold,
)
from celestix.sabacc.bots.seen import Seen
from celestix.sabacc.migrate import upgrade_view

State = dict[str, Any]


def test_levels() -> None:
    assert bots.LEVELS == ("random", "basic", "easy", "normal", "strong")
    state = new(4, seed=2)
    view = api.view(state, state["to_act"])
    for level in bots.LEVELS:
        assert api.bot_action(view, level, 5) in api.legal_actions(state, state["to_act"])


def test_random_bot_is_seeded_and_covers_the_choices() -> None:
    state = new(4, seed=2)
    view = api.view(state, state["to_act"])
    chosen = {api.bot_action(view, "random", seed)["bid"] for seed in range(60)}
    assert chosen == {"take", "push", "guard", "guard_without", "guard_against", "pass"}
    assert api.bot_action(view, "random", 7) == api.bot_action(view, "random", 7)
    # Without a seed, the view itself seeds the choice.
    assert api.bot_action(view, "random") == api.bot_action(view, "random")


def test_easy_plays_the_basic_heuristics() -> None:
    state = new(5, seed=12)
    view = api.view(state, state["to_act"])
    assert api.bot_action(view, "easy", 1) == api.bot_action(view, "basic", 2)


# --- bidding ------------------------------------------------------------------------

STRONG = [*sabacc_range(10, 21), "0", "14c", "13c", "14f", "14s", "12s"]
WEAK = [f"{rank}{s}" for s in "cfst" for rank in range(2, 6)] + ["1c", "1f"]
# A hand between the Take thresholds of the two stakes rules at four players.
MIDDLING = [*sabacc_range(13, 21), "14c", "13c", "12c", "14f", "2f", "3f", "2s", "3s", "2t"]


def bidding_view(hand: list[str], players: int = 4) -> dict[str, Any]:
    talon = {3: 6, 4: 6, 5: 3}[players]
    rest = [c for c in sabacc_range(1, 9) + suit("t", range(6, 15)) if c not in hand][:talon]
    setup = {"dealer": 1, "hands": fill_hands(players, {0: hand}, rest), "talon": rest}
    state = new(players, setup=setup)
    return api.view(state, 0)


def test_basic_bids_with_honours_sabaccs_and_long_suits_and_passes_weak_hands() -> None:
    assert hand_count(STRONG) > hand_count(WEAK)
    assert choose_bid(bidding_view(STRONG)) != "pass"
    assert choose_bid(bidding_view(WEAK)) == "pass"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_basic_bids_for_the_game_or_by_the_thresholds_of_the_stakes_rule(players: int) -> None:
    # Under "bidder" a made contract wins nothing from a silent table, so the basic player
    # wants a surer hand for every contract than under "everyone".
    for contract in ("take", "push", "guard", "guard_without", "guard_against"):
        assert threshold(contract, players, "bidder") > threshold(contract, players, "everyone")
    ladder = [threshold(c, players, "everyone") for c in ("take", "push", "guard")]
    assert ladder == sorted(ladder)  # a higher stake needs a stronger hand
    hand = {3: [*STRONG, *suit("c", range(2, 8))], 4: STRONG, 5: STRONG[3:]}[players]
    view = bidding_view(hand, players)
    count = hand_count(hand)
    view["options"]["stakes"] = "bidder"
    bid = choose_bid(view)
    if count < threshold("take", players, "bidder"):
        assert bid == "pass"
    else:
        assert bid != "pass" and count >= threshold(bid, players, "bidder")
    # Under "everyone", in the first round with equal chips: a contract made more often
    # than not is worth declaring for the game, a long shot is not.
    view["options"]["stakes"] = "everyone"
    bid = choose_bid(view)
    if chance(count, "take", players) > CHANCE_UNITS // 2:
        assert bid != "pass"
    if bid != "pass":
        assert chance(count, bid, players) >= LEAST_CHANCE


def test_the_basic_players_chance_grows_with_the_count() -> None:
    for players in (3, 4, 5):
        for contract in ("take", "guard_without", "guard_against"):
            chances = [chance(count, contract, players) for count in range(0, 120, 5)]
            assert chances == sorted(chances) and chances[0] < 50 and chances[-1] > 950
        # the talon in the hand helps most, in the defenders' pile least
        assert chance(45, "take", players) > chance(45, "guard_without", players)
        assert chance(45, "guard_without", players) > chance(45, "guard_against", players)


def first_auction_void(players: int, seed: int) -> bool:
    """Whether the first auction of game ``seed`` with ``easy`` in every seat is void."""
    ended: list[str] = []

    def observe(step: Any) -> None:
        ended.extend(e["type"] for e in step.events if e["type"] in ("void_round", "auction_won"))

    play("sabacc", ["easy"] * players, game_options(players), seed, observe=observe,
         until=lambda step: bool(ended))  # fmt: skip
    return ended == ["void_round"]


def test_easy_bids_for_the_game() -> None:
    # Seeds 1-120 at four players, the first round (the rounds after it are passed less
    # often: players behind bid more): the threshold player, declaring only contracts
    # made 61-69% of the time, left 79 of these auctions void; bidding for the game, 51.
    voids = sum(first_auction_void(4, seed) for seed in range(1, 121))
    assert voids <= 60  # at most half


def test_basic_bids_what_everyone_calls_and_passes_it_when_only_the_bidder_stakes() -> None:
    view = bidding_view(MIDDLING)
    count = hand_count(MIDDLING)
    assert threshold("take", 4, "everyone") <= count < threshold("take", 4, "bidder")
    assert choose_bid(view) != "pass"
    view["options"]["stakes"] = "bidder"
    assert choose_bid(view) == "pass"
    del view["options"]["stakes"]  # a view from before the option: read as "bidder"
    assert choose_bid(upgrade_view(view)) == "pass"  # (the facade's edge migrates it)


def test_basic_bid_never_below_the_highest_bid() -> None:
    view = bidding_view(STRONG)
    view["highest_bid"] = "guard_against"
    assert choose_bid(view) == "pass"


# --- the aside ----------------------------------------------------------------------


def test_basic_aside_empties_the_shortest_suit_points_first() -> None:
    hand = ["13c", "2c", *suit("f", range(1, 8)), *suit("s", range(1, 9)), "14t", "-5", "-9"]
    assert choose_aside(hand) == "13c"  # the Mistress of the short coins, safe in the pile
    assert choose_aside([c for c in hand if c != "13c"]) == "2c"


def test_basic_aside_takes_the_weakest_sabacc_when_forced() -> None:
    assert choose_aside(["14c", "-1", "-21", "0", "-7", "-3"]) == "-3"


# --- play ---------------------------------------------------------------------------


def play_view(moves: list[str]) -> dict[str, Any]:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "guard_without")
    for card in moves:
        state, _ = act(state, {"type": "play", "card": card})
    return api.view(state, state["to_act"])


def test_basic_wins_cheaply_when_nobody_can_beat_it() -> None:
    # Seat 3 is last to play to 1c, 10c, -12: any of its higher Sabaccs wins; -19 is its only one.
    view = play_view(["1c", "10c", "-12"])
    assert choose_play(view) == "-19"
    # Seat 2 third to 2c, 11c: it must trump; it holds the Magician but keeps it back.
    view = play_view(["2c", "11c"])
    assert choose_play(view) != "-1"


def test_basic_keeps_the_magician_out_of_a_lost_trick() -> None:
    view = play_view(["1c", "10c"])  # seat 2 must play a Sabacc; seat 3 may overtrump
    assert choose_play(view) != "-1"


def test_basic_leads_a_sure_winner_and_knows_shown_voids() -> None:
    view = play_view(["1c", "10c", "-12", "-8"])  # seat 2 won and leads
    seen = Seen.from_view(view)
    assert "c" in seen.voids[2] and "c" in seen.voids[3]
    assert seen.out_count["sabacc"] == 22 - 2 - len([c for c in view["hand"] if c.startswith("-")])
    assert choose_play(view) in view["hand"]


def test_basic_keeps_the_idiot_for_the_last_trick() -> None:
    hand = [*sabacc_range(5, 21), "0"]
    talon = [*sabacc_range(1, 4), "1c", "2c"]
    state = new(4, setup={"dealer": 3, "hands": fill_hands(4, {0: hand}, talon), "talon": talon})
    state, _ = declare(state, 0, "guard_without")
    played = []
    while not state["over"] and state["round"] == 0:
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "basic", 1)
        if seat == 0:
            played.append(action["card"])
        state, _ = act(state, action)
    assert played[-1] == "0"
    # The defenders hold no Sabacc (the four lowest are in the talon): seat 0 takes all.
    assert state["last_round"]["bonus"] == {"bonus": "grand_slam", "seat": 0, "amount": 4}


# --- marathons ----------------------------------------------------------------------

LEVEL_MIX = {
    3: ["basic", "random", "basic"],
    4: ["basic", "random", "basic", "random"],
    5: ["random", "basic", "random", "basic", "basic"],
}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_thousand_bot_games_without_an_error(players: int) -> None:
    """Whole games straight through the rules; every state checked at each deal and at
    the end (``runner.play`` with ``audit``)."""
    games = scaled(1000)
    stats = Stats()
    for seed in range(games):
        levels = LEVEL_MIX[players] if seed % 2 else ["basic"] * players
        final = play(
            "sabacc", levels, game_options(players), seed, audit=True, observe=stats.observe
        ).state
        assert final["over"] and final["winners"]
    assert stats.games == games
    assert stats.rounds == games * players
    assert stats.counted > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_games_through_the_facade(players: int) -> None:
    for seed in range(scaled(3)):
        final = play("sabacc", ["basic"] * players, game_options(players), seed, checked=True).state
        assert final["over"]
