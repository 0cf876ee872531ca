"""The searching levels (normal, strong) and the hints: legal, seeded, fair, within budget.

The searches run here with small budgets (the same code, fewer sampled deals) except
where a test says it uses a level's real budget.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import replace
from typing import Any

import pytest
from sabacc.support import fill_hands, sabacc_range
from scale import scaled

from celestix import api
from celestix.bots import dealing
from celestix.bots.chances import how_often
from celestix.cli.sabacc import game_options
from celestix.cli.sabacc_arena import arena, arena_deal, arena_game, game_report, report
from celestix.rng import Rng
from celestix.sabacc.bots import LEVELS, choose, search
from celestix.sabacc.bots.basic import hand_count as basic_hand_count
from celestix.sabacc.bots.deals import Knowledge, hand_count, ids_of, mask_of
from celestix.sabacc.bots.equity import EQUITY_UNITS
from celestix.sabacc.bots.hints import aside_reason, bid_hint, card_reason
from celestix.sabacc.cards import DECK, SABACC, SUIT_OF, sort_cards
from celestix.sabacc.flow import apply_action
from celestix.sabacc.legal import state_moves
from celestix.sabacc.setup import new_state
from celestix.sabacc.view import make_view

State = dict[str, Any]
Action = dict[str, Any]

SMALL = {
    "normal": replace(search.BUDGETS["normal"], work=40, min_samples=1, max_samples=2,
                      bid_samples=1, aside_work=40, aside_candidates=2),
    "strong": replace(search.BUDGETS["strong"], work=40, min_samples=1, max_samples=2,
                      bid_samples=1, aside_work=40, aside_candidates=3),
}  # fmt: skip


def small(view: State, level: str, seed: int) -> Action:
    """The action of ``level`` with a small budget (the real one for other levels)."""
    if level in SMALL:
        return search.choose(view, SMALL[level], seed)
    return choose(view, level, seed)


def walk(players: int, seed: int, steps: int, level: str = "easy") -> tuple[State, list[Any]]:
    """Round 0 of a game after up to ``steps`` actions of ``level`` and random bots
    (stopping before the round ends), with the actions taken. The first bidder opens
    with Take, so that most rounds are played out."""
    state = new_state(game_options(players), seed, None)
    rng = Rng(seed, 11)
    actions: list[Any] = []
    for _ in range(steps):
        seat = state["to_act"]
        view = make_view(state, seat)
        if view["phase"] == "bid" and not view["auction"]:
            action = {"type": "bid", "bid": "take"}
        else:
            action = choose(view, level if rng.below(4) else "random", seed + len(actions))
        after, _ = apply_action(state, action, seat)
        if after["round"] != 0 or after["over"]:
            break
        state = after
        actions.append((seat, action))
    return state, actions


# --- legal, seeded, within budget ----------------------------------------------------------


def test_every_level_plays_legally_in_thousands_of_positions() -> None:
    positions = 0
    seed = 0
    while positions < scaled(1500, 150):
        seed += 1
        players = 3 + seed % 3
        state = new_state(game_options(players), seed, None)
        rng = Rng(seed, 12)
        while state["round"] == 0 and not state["over"]:
            seat = state["to_act"]
            view = make_view(state, seat)
            legal = state_moves(state, seat)
            for level in LEVELS:
                assert small(view, level, seed + positions) in legal, (seed, level)
            positions += 1
            # bid boldly sometimes, so that rounds are played out
            if view["phase"] == "bid" and rng.below(3) == 0:
                action = legal[0]
            else:
                action = rng.choice(legal) if rng.below(4) == 0 else choose(view, "easy", 1)
            state, _ = apply_action(state, action, seat)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_real_budgets_play_legally_in_every_phase(level: str) -> None:
    phases = set()
    for seed in range(scaled(6, 3)):
        state, _ = walk(4, 40 + seed, [3, 8, 30, 60, 5, 45][seed % 6])
        seat = state["to_act"]
        view = make_view(state, seat)
        assert api.bot_action(view, level, seed) in state_moves(state, seat)
        phases.add(view["phase"])
    assert "play" in phases


def test_same_view_and_seed_same_choice() -> None:
    for seed in range(scaled(30, 6)):
        state, _ = walk(3 + seed % 3, 200 + seed, 5 + 7 * seed)
        view = make_view(state, state["to_act"])
        for level in SMALL:
            assert small(view, level, seed) == small(json.loads(json.dumps(view)), level, seed)


def test_searches_stop_at_their_budgets() -> None:
    state, _ = walk(4, 7, 30)
    assert state["phase"] == "play"
    view = make_view(state, state["to_act"])
    legal = [a["card"] for a in state_moves(state, state["to_act"])]
    budget = search.BUDGETS["normal"]
    tiny = search.estimate_play(view, legal, replace(budget, work=1, min_samples=3), 1, True)
    assert tiny.samples == 3
    capped = search.estimate_play(view, legal, replace(budget, work=10**9, max_samples=5), 1)
    assert capped.samples == 5
    real = search.estimate_play(view, legal, budget, 1, True)
    assert budget.min_samples <= real.samples < budget.max_samples
    more = search.estimate_play(view, legal, replace(budget, work=4 * budget.work), 1, True)
    assert more.samples > real.samples
    bidding, _ = walk(4, 3, 0)
    view = make_view(bidding, bidding["to_act"])
    assert search.estimate_bid(view, replace(budget, bid_samples=7), 2).samples == 7


def test_a_time_limit_stops_every_search_early() -> None:
    # the clock is checked after each sampled deal (off in every level: time_ms=None)
    budget = search.BUDGETS["normal"]
    timed = replace(budget, time_ms=0)
    state, _ = walk(4, 7, 30)
    view = make_view(state, state["to_act"])
    legal = [a["card"] for a in state_moves(state, state["to_act"])]
    assert search.estimate_play(view, legal, budget, 1, True).samples >= budget.min_samples
    assert search.estimate_play(view, legal, timed, 1, True).samples == 1
    aside, _ = walk(4, 7, 4)
    assert aside["phase"] == "aside"
    view = make_view(aside, aside["to_act"])
    assert search.estimate_aside(view, budget, 1).samples >= budget.min_samples
    assert search.estimate_aside(view, timed, 1).samples == 1
    bidding, _ = walk(4, 3, 0)
    view = make_view(bidding, bidding["to_act"])
    assert search.estimate_bid(view, budget, 2).samples == budget.bid_samples
    assert search.estimate_bid(view, timed, 2).samples == 1


def test_every_search_reads_the_view_as_its_budget_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # strong reads the other seats' plays and draws up to 12 deals a sample: in card play,
    # and (before, they read every view as normal does) the aside and the auction
    read: list[tuple[bool, int]] = []

    def from_view(view: Any, read_plays: bool = False, tries: int = 4) -> Knowledge:
        read.append((read_plays, tries))
        return reader(view, read_plays, tries)

    reader = Knowledge.from_view
    monkeypatch.setattr(Knowledge, "from_view", from_view)
    strong = replace(search.BUDGETS["strong"], work=200, aside_work=200, bid_samples=2)
    played, _ = walk(4, 7, 30)
    legal = [a["card"] for a in state_moves(played, played["to_act"])]
    search.estimate_play(make_view(played, played["to_act"]), legal, strong, 1, True)
    aside, _ = walk(4, 7, 4)
    search.estimate_aside(make_view(aside, aside["to_act"]), strong, 1)
    bidding, _ = walk(4, 3, 0)
    search.estimate_bid(make_view(bidding, bidding["to_act"]), strong, 2)
    assert read == [(True, 12)] * 3
    read.clear()
    search.estimate_bid(make_view(bidding, bidding["to_act"]), search.BUDGETS["normal"], 2)
    assert read == [(False, 4)]


@pytest.mark.parametrize(
    ("rule", "push", "defence"),
    [
        # everyone called Take: 1 each; after a Push 2 each, the declarer 4 x 2
        ("everyone", (14, 8), (7, 1)),
        # only the bidders staked: seat 1's Push 1 x 4 and seat 0's Take 1
        ("bidder", (5, 4), (4, 0)),
    ],
)
def test_the_search_values_a_bid_and_a_pass_with_the_tables_wagers(
    rule: str, push: tuple[int, int], defence: tuple[int, int]
) -> None:
    state = new_state(game_options(4, stakes=rule), 3, {"dealer": 1})  # seat 0 bids first
    state, _ = apply_action(state, {"type": "bid", "bid": "take"}, 0)
    view = make_view(state, 1)
    know = Knowledge.from_view(view)
    # (table, own wager) as declarer after a Push, and as a defender against the Take
    mine = search.declaring_outcome(view, know, 1, "push")
    assert (mine.table, mine.own_wager, mine.declarer) == (*push, 1)
    against = search.declaring_outcome(view, know, 0, None)
    assert (against.table, against.own_wager, against.declarer) == (*defence, 0)


def test_a_pass_is_valued_as_a_defender_against_whoever_would_declare() -> None:
    budget = replace(search.BUDGETS["normal"], bid_samples=12)
    state = new_state(game_options(4), 5, {"dealer": 1})  # seat 0 bids first
    first = search.estimate_bid(make_view(state, 0), budget, 1)
    # a pass still calls the later bids: it is worth something only in the sampled deals
    # where a later hand is one the basic thresholds would bid on
    assert 0 <= first.defended <= first.samples == 12
    assert first.defended or first.values[-1] == 0
    state, _ = apply_action(state, {"type": "bid", "bid": "guard"}, 0)
    estimate = search.estimate_bid(make_view(state, 1), budget, 1)
    assert estimate.bids[-1] == "pass" and estimate.defended == 12  # the Guard stands
    assert estimate.values[-1] != 0
    # the pass's count is how often the declarer made it in the sampled deals
    assert 0 <= estimate.made[-1] <= estimate.samples
    # the last to speak after three passes: a pass ends the round void, worth nothing
    state = new_state(game_options(4), 5, {"dealer": 1})
    for seat in range(3):
        state, _ = apply_action(state, {"type": "bid", "bid": "pass"}, seat)
    last = search.estimate_bid(make_view(state, 3), budget, 1)
    assert last.defended == 0 and last.values[-1] == 0 and last.made[-1] == 0


def test_in_the_last_round_the_auction_plays_for_the_win() -> None:
    budget = replace(search.BUDGETS["normal"], bid_samples=12)
    # the last round, seat 0 two chips behind everyone else with a middling hand, nobody
    # has bid
    hand = [*sabacc_range(16, 21), "14c", "13c", "2c", "3c", "2f", "3f", "4f", "2s", "3s",
            "4s", "2t", "5s"]  # fmt: skip
    talon = [f"{rank}f" for rank in range(8, 14)]
    setup = {"dealer": 1, "deals_done": 3, "chips": [94, 96, 96, 96], "ante_pot": 18,
             "hands": fill_hands(4, {0: hand}, talon), "talon": talon}  # fmt: skip
    state = new_state(game_options(4), 5, setup)
    view = make_view(state, 0)
    chips = search.estimate_bid(view, budget, 1)
    assert chips.wins is not None and len(chips.wins) == len(chips.bids)
    # a pass leaves seat 0 last unless another declarer falls; a made contract puts it
    # on top, so it bids where a count of chips would pass
    assert chips.wins[-1] < max(chips.wins[:-1])
    assert chips.best != "pass"
    assert max(chips.values[:-1]) < chips.values[-1]
    # ...while a round that is not the last is valued in chips
    earlier = make_view(new_state(game_options(4), 5, {"dealer": 1, "deals_done": 2}), 0)
    assert search.estimate_bid(earlier, budget, 1).wins is None


@pytest.mark.parametrize("players, seed", [(4, 31), (5, 29)])
def test_playing_for_the_game_bids_a_hand_the_chips_would_pass(players: int, seed: int) -> None:
    chips = replace(search.BUDGETS["normal"], bid_samples=12, play_for="chips")
    game = replace(chips, play_for="game")  # as the levels play
    assert search.BUDGETS["normal"].play_for == search.BUDGETS["strong"].play_for == "game"
    # the first round, everyone level: a hand that makes a Guard about half the time
    view = make_view(new_state(game_options(players), seed, {"dealer": 1}), 0)
    by_chips, by_game = search.estimate_bid(view, chips, 1), search.estimate_bid(view, game, 1)
    guard = by_chips.bids.index("guard")
    assert by_chips.made[guard] == by_game.made[guard] < 7  # the same sampled deals
    # in chips a Guard loses more often than the stakes allow (4 in 7, 5 in 9)...
    assert by_chips.best == "pass" and by_chips.equities is None
    assert by_chips.values[guard] < by_chips.values[-1]
    # ...but a made one puts the seat well ahead with rounds to come: its chance of
    # winning the game beats a pass's
    assert by_game.equities is not None and by_game.best == "guard"
    assert by_game.equities[guard] == max(by_game.equities) > by_game.equities[-1]
    hint = bid_hint(view, game, 1)
    assert hint["action"] == {"type": "bid", "bid": "guard"}
    often = how_often(by_game.made[guard], 12)
    # (i-words24) both chances said, so that a bid that only edges out a pass is not oversold
    mine = how_often(by_game.equities[guard], EQUITY_UNITS * 12)
    passing = how_often(by_game.equities[-1], EQUITY_UNITS * 12)
    odds = f"against {passing}" if mine != passing else "a little more often than"
    assert hint["reason"] == (
        f"Bid Guard. As declarer you would make it {often}; with the rounds still to come, "
        f"bidding gives you the better chance of winning the game: {mine}, {odds} if you pass."
    )
    assert "you win the game about" in hint["alternatives"][0]["reason"]
    # the last round is played for the win as before, with or without the option
    last = make_view(new_state(game_options(players), seed,
                               {"dealer": 1, "deals_done": players - 1}), 0)  # fmt: skip
    final = search.estimate_bid(last, game, 1)
    assert final.wins is not None and final.equities is None


def test_the_bidding_count_on_masks_is_the_basic_players() -> None:
    rng = Rng(9)
    for _ in range(scaled(300, 30)):
        hand = rng.shuffled(DECK)[: 15 + rng.below(10)]
        assert hand_count(mask_of(hand)) == basic_hand_count(hand)


# Pinned on CPython; the Pyodide run of this file must give the same digests.
PINNED_ROUNDS = {
    (4, 5): "31e6befb12feabde5e4bcc8aea815d03f1831040be1656458c5baede86d561e6",
    (3, 8): "ca8ee571c28f1756e7d07fd1d1701a400a94ee0e9f91bbae8c81e777333e7411",
}


def small_round_record(players: int, seed: int) -> str:
    """Every action and play estimate of a round where the small searches bid boldly."""
    state = new_state(game_options(players), seed, None)
    out: list[Any] = []
    while state["round"] == 0 and not state["over"]:
        seat = state["to_act"]
        view = make_view(state, seat)
        level = "normal" if seat % 2 == 0 else "strong"
        if view["phase"] == "bid" and not view["auction"]:
            action = {"type": "bid", "bid": "take"}  # so that the round is played
        else:
            action = small(view, level, len(out))
        if view["phase"] == "play":
            legal = [a["card"] for a in state_moves(state, seat)]
            estimate = search.estimate_play(view, legal, SMALL[level], len(out), True)
            out.append([estimate.cards, estimate.totals, estimate.samples])
        out.append(action)
        state, _ = apply_action(state, action, seat)
    return json.dumps(out, separators=(",", ":"))


@pytest.mark.parametrize("key", sorted(PINNED_ROUNDS))
def test_searches_are_pinned_across_pythons(key: tuple[int, int]) -> None:
    digest = hashlib.sha256(small_round_record(*key).encode()).hexdigest()
    assert digest == PINNED_ROUNDS[key]


# --- information-set fairness ------------------------------------------------------------


def redealt(state: State, actions: list[Any], seat: int, rng: Rng) -> State:
    """Round 0 with the cards ``seat`` cannot see dealt again consistently with its view,
    and the same actions replayed (the declarer's hidden aside cards swapped for the
    new ones); a replay that breaks a rule raises."""
    view = make_view(state, seat)
    know = Knowledge.from_view(view)
    deal = know.sample(rng)
    seats = know.seats
    declarer = know.declarer
    talon = know.talon_known if view["talon_to"] == "hand" else deal.talon
    hands = []
    for s in range(seats):
        dealt = deal.hands[s] | know.played_by[s]
        if s == declarer and view["talon_to"] == "hand":
            dealt = (dealt | deal.aside | know.aside_known) & ~talon
        hands.append(sort_cards([DECK[c] for c in ids_of(dealt)]))
    if view["talon_to"] == "hand":
        talon_cards = list(view["talon"])  # as shown, in the order dealt
    else:
        talon_cards = [DECK[c] for c in ids_of(talon)]
    setup = {"dealer": state["dealer"], "hands": hands, "talon": talon_cards}
    other = new_state(dict(state["options"]), state["seed"], setup)
    hidden = [DECK[c] for c in ids_of(deal.aside)]
    for who, taken in actions:
        action = taken
        if taken["type"] == "aside" and who != seat and SUIT_OF[taken["card"]] != SABACC:
            action = {"type": "aside", "card": hidden.pop(0)}
        other, _ = apply_action(other, action, who)
    return other


def test_when_the_quick_deal_fails_the_sampler_still_respects_every_void(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # with no quick tries, every deal is the one that checks Hall's condition; the round
    # replays legally on it (a card of a suit a seat showed out of would break a rule)
    monkeypatch.setattr(dealing, "DEAL_TRIES", 0)
    replayed = 0
    for seed in range(scaled(30, 6)):
        players = 3 + seed % 3
        state, actions = walk(players, 700 + seed, [20, 35, 50, 70][seed % 4])
        if state["phase"] != "play":
            continue
        for k in range(2):
            redealt(state, actions, state["to_act"], Rng(seed, k))
            replayed += 1
    assert replayed >= scaled(20, 4)


def test_the_choice_is_the_same_whatever_the_hidden_cards() -> None:
    compared = 0
    for seed in range(scaled(24, 4)):
        players = 3 + seed % 3
        state, actions = walk(players, 300 + seed, [2, 9, 14, 30, 41, 55][seed % 6])
        seat = state["to_act"]
        view = make_view(state, seat)
        mine = {level: small(view, level, seed) for level in SMALL}
        for k in range(2):
            other = redealt(state, actions, seat, Rng(seed, k))
            assert other["hands"][seat] == state["hands"][seat]
            assert make_view(other, seat) == view
            if other["hands"] == state["hands"]:
                continue
            for level in SMALL:
                assert small(view, level, seed) == mine[level]
                assert small(make_view(other, seat), level, seed) == mine[level]
            compared += 1
    assert compared >= scaled(24, 4)


def test_the_real_normal_level_is_fair_too() -> None:
    state, actions = walk(4, 404, 40)
    seat = state["to_act"]
    view = make_view(state, seat)
    assert view["phase"] == "play"
    chosen = api.bot_action(view, "normal", 3)
    for k in range(scaled(2, 1)):
        other = redealt(state, actions, seat, Rng(404, k))
        assert other["hands"] != state["hands"]
        assert api.bot_action(make_view(other, seat), "normal", 3) == chosen


# --- hints ---------------------------------------------------------------------------------


def test_hints_give_the_bots_action_with_reasons_and_values() -> None:
    phases = set()
    for seed in range(scaled(9, 3)):
        state, _ = walk(3 + seed % 3, 500 + seed, [1, 12, 35][seed % 3])
        seat = state["to_act"]
        view = api.view(state, seat)
        hint = api.hint(view, "normal", seed)
        aside = hint["action"]["type"] == "aside"
        assert set(hint) == {"action", "reason", "alternatives"} | ({"cards"} if aside else set())
        if aside:  # the whole aside, named in the reason, its first card the action
            assert hint["cards"][0] == hint["action"]["card"]
            assert hint["reason"].startswith("Set aside ")
        assert hint["action"] == api.bot_action(view, "normal", seed)
        assert hint["action"] in api.legal_actions(state, seat)
        assert isinstance(hint["reason"], str) and hint["reason"].endswith(".")
        assert hint["alternatives"][0]["action"] == hint["action"]
        for alternative in hint["alternatives"]:
            assert set(alternative) == {"action", "value", "reason"}
            assert type(alternative["value"]) is int
            assert alternative["reason"] and alternative["action"] in api.legal_actions(state, seat)
        phases.add(view["phase"])
    assert {"bid", "play"} <= phases


def test_the_idiot_is_said_to_win_whatever_follows() -> None:
    for seed in range(200):
        state, _ = walk(4, 600 + seed, 40)
        seat = state["to_act"]
        if state["phase"] != "play" or "0" not in state["hands"][seat]:
            continue
        view = make_view(state, seat)
        legal = [a["card"] for a in state_moves(state, seat)]
        if "0" in legal:
            reason = card_reason(view, Knowledge.from_view(view), "0", legal)
            # (a clause, capitalised where it is said)
            assert reason.startswith("the Idiot wins this trick")
            assert reason.endswith("whatever follows")
            return
    raise AssertionError("no position with The Idiot to play")


def test_an_aside_that_empties_a_suit_says_so() -> None:
    """The reason speaks of the whole aside: the suit its cards empty (never a suit named
    beside a card of another), or the points all six bank."""
    hand = ["3f", "2c", "5c", "7c", "9s", "10s", "-4", "-9", "-15"]
    assert aside_reason(hand, ["3f", "2c"], "void:1") == (
        "it leaves you no flasks, so you can trump them"
    )
    # the 3 of flasks goes, but the suit emptied is sabres: no card is named for it
    assert aside_reason(hand, ["3f", "9s", "10s"], "void:3") == (
        "it leaves you no flasks and sabres, so you can trump them"
    )
    assert aside_reason(["3f", "3s", "9s", "-4"], ["3f", "9s"], "low") == (
        "it leaves you no flasks, so you can trump them"
    )
    assert "banks 4 points" in aside_reason(["13c", "2c", "3c", "-3"], ["13c", "2c"], "bank")
    assert aside_reason(["2c", "3c", "4c"], ["2c", "3c"], "low") == (
        "it keeps your strong cards in hand"
    )


# --- the arena -----------------------------------------------------------------------------


def test_the_arena_runs_and_a_level_ties_with_itself() -> None:
    lines: list[str] = []
    args = argparse.Namespace(a="easy", b="basic", deals=2, jobs=1, seed=3)
    assert arena(args, {"players": 3}, lines.append) == 0
    assert "A wins 50.0% of deals" in lines[2] and "0 won, 2 tied, 0 lost" in lines[2]
    bad = argparse.Namespace(a="grandmaster", b="easy", deals=1, jobs=1, seed=1)
    assert arena(bad, {"players": 4}, lines.append) == 2
    result = arena_deal((5, "normal+work=50+bid_samples=2+aside_work=50+min_samples=1",
                         "easy", game_options(3)))  # fmt: skip
    assert len(result["rotations"]) == 3
    fake = [{"seed": 1, "times": {"a": {"play": [2.0]}, "b": {"play": [1.0]}},
             "rotations": [{"gain": g, "a_declared": g > 0, "a_made": g > 3,
                            "b_declared": False, "b_made": False} for g in gains]}
            for gains in ([4, 0, 0], [0, 0, 0], [-1, 0, 0])]  # fmt: skip
    lines = report("normal", "easy", fake, game_options(3), 1, 1, 1.0)
    assert "A wins 50.0% of deals" in lines[2] and "1 won, 1 tied, 1 lost" in lines[2]
    assert "Chips per round in a seat, A less B: +0.333" in lines[3]
    assert "A declared in 1 (11.1%), 100.0% made" in lines[4]


def test_the_whole_game_arena_scores_shares_of_the_games_win() -> None:
    lines: list[str] = []
    args = argparse.Namespace(a="easy", b="basic", deals=2, jobs=1, seed=3, whole_games=True)
    assert arena(args, {"players": 3}, lines.append) == 0
    assert "A wins 50.0% of games" in lines[2] and "0 won, 2 tied, 0 lost" in lines[2]
    assert "A's share of the game's win in a seat: 0.333" in lines[3]
    result = arena_game((5, "random", "easy", game_options(3)))
    assert len(result["rotations"]) == 3
    for rotation in result["rotations"]:
        # a whole game: every player dealt once (void rounds counted too)
        assert rotation["rounds"] == 3 and 0 <= rotation["void"] <= 3
        assert 0 <= rotation["share"] <= 1 and 0 <= rotation["b_share"] <= 1
    games = ([(1, 0), (0, 1), (0, 0)], [(1, 1), (0.5, 0), (0, 0)])  # (A's, B's) per seat
    fake = [{"seed": s, "times": {"a": {"play": [2.0]}, "b": {"play": [1.0]}},
             "reference": {"rounds": 3, "void": 1},
             "rotations": [{"share": a, "b_share": b, "chips": 2 * a - 1, "rounds": 3,
                            "void": 0} for a, b in shares]}
            for s, shares in enumerate(games)]  # fmt: skip
    lines = game_report("normal", "easy", fake, game_options(3), 1, 1, 1.0)
    assert "A wins 75.0% of games" in lines[2] and "1 won, 1 tied, 0 lost" in lines[2]
    assert "A's share of the game's win in a seat: 0.417" in lines[3]
    assert "Void rounds: with A seated 0 of 18 (0.0%); B everywhere 2 of 6 (33.3%)" in lines[4]


def test_a_pass_for_the_games_sake_says_what_the_best_bid_would_do() -> None:
    budget = replace(search.BUDGETS["normal"], bid_samples=12)
    state = new_state(game_options(4), 3, None)
    view = make_view(state, state["to_act"])
    estimate = search.estimate_bid(view, budget, 1)
    assert estimate.best == "pass" and estimate.equities is not None
    hint = bid_hint(view, budget, 1)
    assert hint["action"] == {"type": "bid", "bid": "pass"}
    assert hint["reason"].startswith("Pass. As declarer you would make a ")
    assert "passing gives you the better chance of winning the game" in hint["reason"]
