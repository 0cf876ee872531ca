"""Property tests over random games (hypothesis): the invariants hold at every step."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from precedence.support import SPLIT, SPLIT_RUNS, later_hand
from scale import scaled

from celestix import api
from celestix.errors import IllegalActionError, MalformedError
from celestix.precedence.bots.fast import legal_mask, mask_of, trick_winner
from celestix.precedence.cards import CARD_ID, DECK
from celestix.precedence.check import check_state
from celestix.precedence.legal import view_moves
from celestix.precedence.options import trump_suit
from celestix.precedence.state import live_declared
from celestix.precedence.tricks import legal_plays
from celestix.rng import MAX_SEED, Rng

seeds = st.integers(0, MAX_SEED)
option_sets = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["core", "frontier"]),
        "target": st.sampled_from([250, 150]),
        "trump": st.sampled_from(["rotate", "Void", "Frontier", "Border", "Core"]),
        "penalty": st.integers(0, 20),
        "start_chips": st.integers(0, 200),
        "accord": st.integers(0, 15),
        "ante": st.integers(0, 3),
        "meld_wager": st.integers(0, 3),
        "trick_credit": st.integers(0, 2),
        "leftover_pot": st.sampled_from(["table", "winners"]),
    },
)
FEW = settings(max_examples=scaled(40, 5))


def check_invariants(state: dict[str, Any]) -> None:
    """Cards and chips conserved; exactly the seat to act has legal actions."""
    held = [card for hand in state["hands"] for card in hand]
    played = [p["card"] for done in state["completed"] for p in done["plays"]]
    played += [p["card"] for p in state["trick"]]
    assert sorted(held + played) == sorted(DECK)
    for seat in range(4):
        mine = [p for done in state["completed"] for p in done["plays"] if p["seat"] == seat]
        mine += [p for p in state["trick"] if p["seat"] == seat]
        assert len(state["hands"][seat]) + len(mine) == 13
    total = 4 * state["options"]["start_chips"]
    assert sum(state["chips"]) + state["hand_pot"] + state["accord_pot"] == total
    for seat in range(4):
        legal = api.legal_actions(state, seat)
        assert bool(legal) == (not state["over"] and seat == state["to_act"])


def random_walk(seed: int, options: dict[str, Any], steps: int) -> list[dict[str, Any]]:
    """States of a game played with random legal actions, checking each step."""
    state = api.new_game("precedence", options, seed)
    rng = Rng(seed, 7)
    states = [state]
    for _ in range(steps):
        if state["over"]:
            break
        seat = state["to_act"]
        legal = api.legal_actions(state, seat)
        view = api.view(state, seat)
        assert view_moves(view) == legal  # a bot's legal actions from the view alone
        action = rng.choice(legal)
        before = json.dumps(state)
        state = api.apply(state, action, seat)["state"]
        assert json.dumps(states[-1]) == before
        check_invariants(state)
        states.append(state)
    return states


@FEW
@given(seeds, option_sets, st.integers(1, 130))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any], steps: int) -> None:
    states = random_walk(seed, options, steps)
    assert len(states) > 1


@FEW
@given(seeds, option_sets, st.integers(0, 120), st.integers(0, 3))
def test_views_never_show_hidden_cards(seed: int, options: dict[str, Any], steps: int,
                                       seat: int) -> None:  # fmt: skip
    state = random_walk(seed, options, steps)[-1]
    view = api.view(state, seat)
    text = json.dumps(view)
    assert "seed" not in view
    for other in range(4):
        if other == seat:
            continue
        hidden = set(state["hands"][other]) - live_declared(state, other)
        for card in hidden:
            assert f'"{card}"' not in text
    assert view["hand"] == state["hands"][seat]


def illegal_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Well-formed actions the seat may not take now."""
    legal = api.legal_actions(state, seat)
    out: list[dict[str, Any]] = [{"type": kind} | extra for kind, extra in (
        ("declare", {"melds": []}), ("bid", {"tricks": 0}), ("play", {"card": "EV"}))]  # fmt: skip
    out = [action for action in out if action not in legal]
    out += [{"type": "play", "card": card} for card in DECK]
    out += [{"type": "bid", "tricks": n} for n in range(-1, 15)]
    out += [{"type": "declare", "melds": [state["hands"][(seat + 1) % 4][:3]]},
            {"type": "declare", "melds": [state["hands"][seat][:2]]}]  # fmt: skip
    return [action for action in out if action not in legal]


@FEW
@given(seeds, option_sets, st.integers(0, 130))
def test_illegal_actions_raise_and_change_nothing(seed: int, options: dict[str, Any],
                                                  steps: int) -> None:  # fmt: skip
    state = random_walk(seed, options, steps)[-1]
    if state["over"]:
        return
    seat = state["to_act"]
    before = json.dumps(state)
    for action in illegal_actions(state, seat):
        try:
            api.apply(state, action, seat)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted")
    for other in range(4):
        if other != seat:
            for action in api.legal_actions(state, seat)[:3]:
                try:
                    api.apply(state, action, other)
                except IllegalActionError as error:
                    assert error.rule == "turn"
                else:
                    raise AssertionError("a seat acted out of turn")
    assert json.dumps(state) == before


@settings(max_examples=scaled(10, 3))
@given(seeds, option_sets)
def test_same_seed_same_game(seed: int, options: dict[str, Any]) -> None:
    def play() -> str:
        state = api.new_game("precedence", options, seed)
        record = []
        count = 0
        while not state["over"] and count < 70:
            seat = state["to_act"]
            view = api.view(state, seat)
            action = api.bot_action(view, ["basic", "random"][seat % 2], seed % 1000 + count)
            result = api.apply(state, action, seat)
            record.append([view, action, result])
            state = result["state"]
            count += 1
        return json.dumps(record, sort_keys=True)

    assert play() == play()


@FEW
@given(seeds)
def test_the_split_deal_is_forced_whatever_is_played(seed: int) -> None:
    rng = Rng(seed)
    state = api.new_game("precedence", None, 1, later_hand(SPLIT))
    while state["phase"] != "play":
        seat = state["to_act"]
        legal = api.legal_actions(state, seat)
        if state["phase"] == "declare":
            melds = SPLIT_RUNS.get(seat)
            action = {"type": "declare", "melds": melds} if melds else rng.choice(legal)
        else:
            action = rng.choice(legal)
        state = api.apply(state, action, seat)["state"]
    while state["hand_number"] == 4:
        seat = state["to_act"]
        state = api.apply(state, rng.choice(api.legal_actions(state, seat)), seat)["state"]
    assert state["history"][-1]["tricks"] == [1, 12]


@FEW
@given(seeds)
def test_the_searches_bitmask_rules_play_a_hand_as_the_engine(seed: int) -> None:
    """Follow suit and declared cards first (fast.legal_mask) and the trick's winner
    (fast.trick_winner), card by card through a whole hand of random play."""
    rng = Rng(seed)
    state = api.new_game("precedence", None, seed)
    while state["phase"] != "play":
        seat = state["to_act"]
        state = api.apply(state, rng.choice(api.legal_actions(state, seat)), seat)["state"]
    hands = [mask_of(hand) for hand in state["hands"]]
    declared = [mask_of(live_declared(state, seat)) for seat in range(4)]
    trump = trump_suit(state["options"], state["hand_number"])
    trick: list[int] = []
    leader = state["to_act"]
    taken = [0, 0]
    while state["hand_number"] == 0 and not state["over"]:
        seat = state["to_act"]
        legal = [move["card"] for move in api.legal_actions(state, seat)]
        led = trick[0] // 13 if trick else -1
        assert legal_mask(hands[seat], declared[seat], led) == mask_of(legal)
        card = rng.choice(legal)
        hands[seat] &= ~(1 << CARD_ID[card])
        declared[seat] &= ~(1 << CARD_ID[card])
        trick.append(CARD_ID[card])
        result = api.apply(state, {"type": "play", "card": card}, seat)
        state = result["state"]
        if len(trick) == 4:
            winner = trick_winner(trick, leader, trump)
            assert [e["winner"] for e in result["events"] if e["type"] == "trick"] == [winner]
            taken[winner % 2] += 1
            trick, leader = [], winner
    assert not any(hands)
    assert taken == state["history"][-1]["tricks"]


@FEW
@given(seeds, st.integers(0, 40))
def test_the_state_checks_replay_of_plays_is_the_rule(seed: int, plays: int) -> None:
    """The state check's replay of past plays (follow suit, declared cards first, counted
    per suit) accepts a card exactly when the rule's own function, legal_plays, allows it."""
    rng = Rng(seed, 1)
    state = api.new_game("precedence", None, seed)
    while state["phase"] != "play" or plays > 0 or len(state["trick"]) == 3:
        if state["phase"] == "play":
            plays -= 1
        seat = state["to_act"]
        state = api.apply(state, rng.choice(api.legal_actions(state, seat)), seat)["state"]
    seat = state["to_act"]
    hand = state["hands"][seat]
    allowed = legal_plays(hand, live_declared(state, seat), state["trick"])
    played = api.apply(state, {"type": "play", "card": allowed[0]}, seat)["state"]
    for card in hand:
        rewritten = copy.deepcopy(played)
        rewritten["trick"][-1]["card"] = card
        rewritten["hands"][seat] = [c for c in hand if c != card]  # it played ``card``
        if card in allowed:
            assert check_state(rewritten) == 4
        else:
            with pytest.raises(MalformedError):
                check_state(rewritten)
