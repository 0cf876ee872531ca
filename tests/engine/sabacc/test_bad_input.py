"""Bad input of every kind: malformed actions, tampered states and views.

Each is refused with a ``RulesError`` naming the field or rule, and nothing changes.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from sabacc.support import PLAY_SETUP, act, declare, dumps, new, play_until

from celestix import api
from celestix.errors import IllegalActionError, InternalError, MalformedError
from celestix.sabacc.actions import parse_action
from celestix.sabacc.cards import CARD_ID

State = dict[str, Any]


def mid_play() -> State:
    """Seat 2 declares Guard without; three tricks and a card played."""
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "guard_without")
    state, _ = play_until(state, lambda s: len(s["played"]) == 3 and len(s["trick"]) == 1)
    return state


def mid_aside() -> State:
    state, _ = declare(new(4, setup=PLAY_SETUP), 2, "take")
    for card in ["1t", "2t"]:
        state, _ = act(state, {"type": "aside", "card": card})
    return state


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (None, "action"),
        ([], "action"),
        ("play", "action"),
        ({}, "action.type"),
        ({"type": "discard", "card": "1c"}, "action.type"),
        ({"type": 3}, "action.type"),
        ({"type": "play"}, "action.card"),
        ({"type": "play", "card": "1c", "extra": 1}, "action.extra"),
        ({"type": "play", "card": "15c"}, "action.card"),
        ({"type": "play", "card": 0}, "action.card"),
        ({"type": "play", "card": ["1c"]}, "action.card"),
        ({"type": "play", "card": "-0"}, "action.card"),
        ({"type": "bid"}, "action.bid"),
        ({"type": "bid", "bid": "Take"}, "action.bid"),
        ({"type": "bid", "bid": "guard-without"}, "action.bid"),
        ({"type": "bid", "bid": None}, "action.bid"),
        ({"type": "aside", "cards": ["1c"]}, "action.card"),
    ],
)
def test_malformed_actions_name_the_field(action: Any, field: str) -> None:
    state = mid_play()
    before = dumps(state)
    with pytest.raises(MalformedError) as error:
        api.apply(state, action, state["to_act"])
    assert error.value.field == field
    assert dumps(state) == before


@pytest.mark.parametrize(
    "action",
    [
        {"type": "bid", "bid": "pass"},
        {"bid": "guard_without", "type": "bid"},
        {"card": "1c", "type": "aside"},
        {"type": "play", "card": "0"},
    ],
)
def test_an_action_is_made_afresh_of_what_was_sent(action: dict[str, Any]) -> None:
    """The rules read an action of their own, its keys in one order, never the caller's
    object (which the caller may go on changing)."""
    made = parse_action(action)
    assert made == action and made is not action
    assert list(made) == ["type", "bid" if action["type"] == "bid" else "card"]


@pytest.mark.parametrize(
    ("make", "action", "rule"),
    [
        (mid_play, {"type": "bid", "bid": "take"}, "wrong-phase"),
        (mid_play, {"type": "aside", "card": "1c"}, "wrong-phase"),
        (mid_aside, {"type": "play", "card": "3t"}, "wrong-phase"),
        (mid_aside, {"type": "bid", "bid": "pass"}, "wrong-phase"),
        (mid_aside, {"type": "aside", "card": "1c"}, "not-in-hand"),
        (mid_aside, {"type": "aside", "card": "14s"}, "aside-no-master"),
    ],
)
def test_illegal_actions_name_the_rule(
    make: Callable[[], State], action: dict[str, Any], rule: str
) -> None:
    state = make()
    before = dumps(state)
    with pytest.raises(IllegalActionError) as error:
        api.apply(state, action, state["to_act"])
    assert error.value.rule == rule and error.value.message.endswith(".")
    assert dumps(state) == before


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True, 1.0])
def test_bad_seats(seat: Any) -> None:
    state = mid_play()
    with pytest.raises(MalformedError) as error:
        api.legal_actions(state, seat)
    assert error.value.field == "seat"


# --- tampered states ----------------------------------------------------------------


def _swap_first_two(cards: list[str]) -> None:
    cards[0], cards[1] = cards[1], cards[0]


def _break_follow_rule(state: State) -> None:
    # Seat 1 followed coins with 10c in trick 1; pretend it played 1s instead.
    plays = state["played"][0]["plays"]
    assert plays[1] == {"seat": 1, "card": "10c"}
    plays[1] = {"seat": 1, "card": "1s"}
    hand = state["hands"][1]
    hand.remove("1s")
    hand.insert(0, "10c")


def _first_bid(state: State, key: str, value: Any) -> None:
    state["bids"][0] = dict(state["bids"][0], **{key: value})


def _ledger_entry(state: State, index: int, key: str, value: Any) -> None:
    state["ledger"][index] = dict(state["ledger"][index], **{key: value})


TAMPERINGS: list[tuple[str, Callable[[State], None], str]] = [
    ("missing key", lambda s: s.pop("ledger"), "state.ledger"),
    ("unknown key", lambda s: s.update(cheat=1), "state.cheat"),
    ("version", lambda s: s.update(version=5), "state.version"),
    ("game", lambda s: s.update(game="sabacc2"), "state.game"),
    ("options", lambda s: s["options"].update(players=3), "state.dealer"),
    ("unknown option", lambda s: s["options"].update(trump="Void"), "state.options"),
    ("seed", lambda s: s.update(seed=-1), "state.seed"),
    ("round", lambda s: s.update(round=4), "state.round"),
    ("dealer", lambda s: s.update(dealer=7), "state.dealer"),
    ("over type", lambda s: s.update(over=1), "state.over"),
    ("card twice", lambda s: s["hands"][0].__setitem__(-1, s["hands"][1][-1]), "state"),
    ("card not a code", lambda s: s["hands"][0].__setitem__(0, "1x"), "state.hands[0][0]"),
    ("hand order", lambda s: _swap_first_two(s["hands"][0]), "state.hands[0]"),
    ("card missing", lambda s: s["hands"][3].pop(), "state"),
    ("talon size", lambda s: s["talon"].pop(), "state.talon"),
    ("chips", lambda s: s["chips"].__setitem__(0, s["chips"][0] + 1), "state.chips"),
    ("chips type", lambda s: s["chips"].__setitem__(0, 1.5), "state.chips[0]"),
    ("ante pot", lambda s: s.update(ante_pot=s["ante_pot"] + 1), "state.ante_pot"),
    ("wagers", lambda s: s["wagers"].__setitem__(0, 1), "state.wagers"),
    ("start", lambda s: s["start"]["chips"].__setitem__(1, 0), "state.chips"),
    ("ledger amount", lambda s: _ledger_entry(s, 0, "amount", 2), "state.chips"),
    ("ledger seat", lambda s: _ledger_entry(s, 0, "seat", 9), "state.ledger[0].seat"),
    ("ledger pot", lambda s: _ledger_entry(s, 0, "pot", "bank"), "state.ledger[0].pot"),
    ("ledger reason", lambda s: _ledger_entry(s, -1, "reason", "gift"), "state.ledger"),
    ("ledger dropped", lambda s: s["ledger"].pop(), "state.chips"),
    ("ledger transfer", lambda s: _ledger_entry(s, 0, "seat", None), "state.ledger[0]"),
    (
        "bid seat",
        lambda s: s["bids"].__setitem__(0, dict(s["bids"][0], seat=3)),
        "state.bids[0].seat",
    ),
    (
        "bid stake",
        lambda s: s["bids"].__setitem__(0, dict(s["bids"][0], stake=1)),
        "state.bids[0].stake",
    ),
    (
        "bid name",
        lambda s: s["bids"].__setitem__(0, dict(s["bids"][0], bid="raise")),
        "state.bids[0].bid",
    ),
    ("declarer", lambda s: s.update(declarer=1), "state.declarer"),
    ("contract", lambda s: s.update(contract="take"), "state.contract"),
    ("phase", lambda s: s.update(phase="bid"), "state.phase"),
    ("to act", lambda s: s.update(to_act=(s["to_act"] + 1) % 4), "state.to_act"),
    ("over", lambda s: s.update(over=True), "state.over"),
    ("winners", lambda s: s.update(winners=[0]), "state.winners"),
    ("trick winner", lambda s: s["played"][0].update(winner=0), "state.played[0].winner"),
    ("trick order", lambda s: _swap_first_two(s["played"][1]["plays"]), "state.played[1]"),
    ("trick size", lambda s: s["played"][0]["plays"].pop(), "state.played[0].plays"),
    ("follow rule", _break_follow_rule, "state.played[0]"),
    ("aside without talon", lambda s: s["aside"].append(s["hands"][2].pop()), "state.aside"),
    ("last round", lambda s: s.update(last_round={"round": 0}), "state.last_round.dealer"),
]


@pytest.mark.parametrize(("name", "tamper", "field"), TAMPERINGS, ids=[t[0] for t in TAMPERINGS])
def test_tampered_states_are_refused(
    name: str, tamper: Callable[[State], None], field: str
) -> None:
    state = json.loads(json.dumps(mid_play()))
    api.view(state, 0)  # the untouched state is fine
    tamper(state)
    with pytest.raises(MalformedError) as error:
        api.view(state, 0)
    assert error.value.field == field, error.value.message
    with pytest.raises(MalformedError):
        api.legal_actions(state, state["to_act"] if isinstance(state.get("to_act"), int) else 0)


def test_an_aside_that_broke_the_rules_is_refused() -> None:
    state = json.loads(json.dumps(mid_aside()))
    # Pretend the declarer set aside the Master of sabres while holding staves.
    hand = state["hands"][2]
    hand.remove("14s")
    hand.append("1t")
    hand.sort(key=CARD_ID.__getitem__)
    state["aside"][0] = "14s"
    with pytest.raises(MalformedError) as error:
        api.view(state, 0)
    assert error.value.field == "state.aside"


def test_a_state_that_is_not_an_object() -> None:
    states: list[Any] = [None, [], "state", {"game": "sabacc"}]
    for state in states:
        with pytest.raises(MalformedError):
            api.view(state, 0)


def test_every_tampered_leaf_is_refused_as_malformed_never_as_an_engine_fault() -> None:
    """A leaf given another value makes a state that could not arise, refused with a
    ``MalformedError``; only the seed may take any valid value (it deals the rounds
    still to come), and a leaf given its own value leaves the state as it was."""
    base = mid_play()
    values: list[Any] = [None, -1, 0, 5, 10**20, "x", "1c", True, [], {}, 1.5]
    accepted = []
    for path in leaf_paths(base):
        original = get_path(base, path)
        for value in values:
            state = copy.deepcopy(base)
            set_path(state, path, value)
            try:
                api.view(state, 0)
            except InternalError:  # pragma: no cover - the test fails here
                raise
            except MalformedError:
                continue
            if type(value) is not type(original) or value != original:
                accepted.append((path, value))
    assert accepted == [(("seed",), 0), (("seed",), 5)]


def get_path(state: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        state = state[key]
    return state


def leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a leaf of a JSON value (lists sampled at both ends)."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaf_paths(item, (*path, key))]
    if isinstance(value, list):
        if not value:
            return [path]
        picks = sorted({0, len(value) - 1})
        return [p for k in picks for p in leaf_paths(value[k], (*path, k))]
    return [path]


def set_path(state: Any, path: tuple[Any, ...], value: Any) -> None:
    target = state
    for key in path[:-1]:
        target = target[key]
    if path:
        target[path[-1]] = value


# --- views handed to bots -----------------------------------------------------------


def test_bot_action_refuses_bad_views() -> None:
    state = mid_play()
    view = api.view(state, state["to_act"])
    assert api.bot_action(view, "basic", 1) in api.legal_actions(state, state["to_act"])
    with pytest.raises(MalformedError):
        api.bot_action(api.view(state, None), "basic", 1)  # a spectator cannot act
    with pytest.raises(IllegalActionError):
        api.bot_action(api.view(state, (state["to_act"] + 1) % 4), "basic", 1)
    with pytest.raises(MalformedError) as error:
        api.bot_action(view, "grandmaster", 1)
    assert error.value.field == "level"
    for key, value, field in [
        ("hand", ["1c", "1c"], "view.hand"),
        ("hand", ["99z"], "view.hand[0]"),
        ("trick", [{"seat": 9, "card": "1c"}], "view.trick[0].seat"),
        ("played", [{"plays": [], "winner": 0}], "view.played[0].plays"),
        ("contract", "raise", "view.contract"),
        ("options", {"players": 6}, "view.options.players"),
        ("hand_sizes", [1, 2], "view.hand_sizes"),
    ]:
        bad = dict(view, **{key: value})
        with pytest.raises(MalformedError) as error:
            api.bot_action(bad, "basic", 1)
        assert error.value.field == field
    bad = dict(view)
    del bad["played"]
    with pytest.raises(MalformedError):
        api.bot_action(bad, "random", 1)
    empty = dict(view, hand=[])
    with pytest.raises(MalformedError) as error:
        api.bot_action(empty, "basic", 1)
    assert error.value.field == "view.hand"


def finished_game() -> State:
    """A game whose last round was played out (every round before it set aside)."""
    state = new(4, seed=12, setup={"deals_done": 3})
    state, _ = declare(state, state["to_act"], "guard_without")
    state, _ = play_until(state, lambda s: s["over"])
    copied: State = json.loads(json.dumps(state))
    return copied


def _move_payout(state: State, reason_start: str) -> None:
    """Give the first payout whose reason starts so to another seat, chips and all."""
    for k, entry in enumerate(state["ledger"]):
        if entry["seat"] is not None and entry["reason"].startswith(reason_start):
            other = (entry["seat"] + 1) % 4
            state["chips"][entry["seat"]] -= entry["amount"]
            state["chips"][other] += entry["amount"]
            state["ledger"][k] = dict(entry, seat=other)
            best = max(state["chips"])
            state["winners"] = [s for s, c in enumerate(state["chips"]) if c == best]
            return
    raise AssertionError(f"no payout for {reason_start}")


def _move_settlement(state: State) -> None:
    made = state["last_round"]["made"]
    _move_payout(state, "The declarer made" if made else "The declarer lost")


def _shift_points(state: State) -> None:
    state["last_round"]["points"] += 1


@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (lambda s: _move_payout(s, "At the end of the game the Ante Pot"), "state.ledger"),
        (_move_settlement, "state.ledger"),
        (_shift_points, "state.last_round"),
        (lambda s: s["last_round"].update(tricks=[18, 0, 0, 0]), "state.last_round"),
    ],
)
def test_a_finished_game_must_have_been_settled_as_its_cards_say(
    tamper: Callable[[State], None], field: str
) -> None:
    state = finished_game()
    assert state["over"]
    api.view(state, 0)
    tamper(state)
    with pytest.raises(MalformedError) as error:
        api.view(state, 0)
    assert error.value.field == field
