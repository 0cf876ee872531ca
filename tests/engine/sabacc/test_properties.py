"""Property tests over random Contract Sabacc games (hypothesis), through the facade."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from sabacc.support import chip_total, dumps, every_card, is_sabacc
from scale import scaled

from celestix import api
from celestix.errors import RulesError
from celestix.rng import MAX_SEED
from celestix.sabacc.cards import CARD_CODES, DECK
from celestix.sabacc.legal import view_moves

State = dict[str, Any]
BIDS = ["take", "push", "guard", "guard_without", "guard_against", "pass"]

seeds = st.integers(0, MAX_SEED)
tables = st.sampled_from([3, 4, 5])
# A walk: how many steps, and a number from which every choice on the way is drawn.
walks = st.tuples(st.integers(1, 200), st.integers(0, 2**32))


def picks_of(walk: tuple[int, int]) -> list[int]:
    steps, salt = walk
    return [(salt * 7919 + k * 104729) % 1000003 for k in range(steps)]


@st.composite
def games(draw: st.DrawFn) -> State:
    """A new game: any table, options and seed, sometimes set up at a later round."""
    players = draw(tables)
    options = {
        "players": players,
        "start_chips": draw(st.sampled_from([0, 5, 100])),
        "ante": draw(st.sampled_from([0, 1, 3])),
        "ante_pot_at_end": draw(st.sampled_from(["divide", "carry"])),
        # chips are conserved under both values (walk() checks it at every step)
        "stakes": draw(st.sampled_from(["everyone", "bidder"])),
    }
    setup = None
    if draw(st.booleans()):
        setup = {
            "deals_done": draw(st.integers(0, players - 1)),
            "dealer": draw(st.integers(0, players - 1)),
        }
    return api.new_game("sabacc", options, draw(seeds), setup)


def knowable(state: State, seat: int | None) -> set[str]:
    """The cards ``seat`` may seen of in the round of ``state``."""
    known = {play["card"] for trick in state["played"] for play in trick["plays"]}
    known.update(play["card"] for play in state["trick"])
    if seat is not None:
        known.update(state["hands"][seat])
    void = state["over"] and state["declarer"] is None
    if state["contract"] in ("take", "push", "guard") or (state["over"] and not void):
        known.update(state["talon"])
    if (seat is not None and seat == state["declarer"]) or (state["over"] and not void):
        known.update(state["aside"])
    known.update(card for card in state["aside"] if is_sabacc(card))
    return known


QUOTED = re.compile(r'"(-?[0-9]+[cfst]?)"')


def cards_in(value: Any) -> set[str]:
    """Every card code written anywhere in a JSON value (as a string of its own)."""
    return {text for text in QUOTED.findall(json.dumps(value)) if text in CARD_CODES}


def check_views(state: State) -> None:
    """No view shows a card its seat may not seen; bots' legal actions match the engine's."""
    seats = len(state["chips"])
    for seat in [None, *range(seats)]:
        view = api.view(state, seat)
        # The last round's summary names the previous deal's cards, all shown when counted.
        current = {key: value for key, value in view.items() if key != "last_round"}
        leaked = cards_in(current) - knowable(state, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        summary = view["last_round"]
        if summary is not None and summary["void"]:
            assert cards_in(summary) == set(), "a void round's talon stays unseen"
        assert view["hand_sizes"] == [len(hand) for hand in state["hands"]]
        if seat is not None and seat == state["to_act"]:
            assert view_moves(view) == api.legal_actions(state, seat)


def illegal_candidates(state: State, legal: list[dict[str, Any]], pick: int) -> list[Any]:
    """A few well-formed actions that are not legal now."""
    kind = state["phase"]
    pool: list[dict[str, Any]] = [{"type": "bid", "bid": word} for word in BIDS]
    card = DECK[pick % len(DECK)]
    pool += [{"type": "aside", "card": card}, {"type": "play", "card": card}]
    if kind != "bid":
        pool += [{"type": kind, "card": c} for c in DECK[pick % 7 :: 7]]
    return [action for action in pool if action not in legal]


def walk(state: State, picks: list[int], check_each: bool = True) -> State:
    """Play ``picks`` through the facade, checking every invariant at every step."""
    total = chip_total(state)
    seats = len(state["chips"])
    for pick in picks:
        if state["over"]:
            assert all(api.legal_actions(state, s) == [] for s in range(seats))
            break
        seat = state["to_act"]
        legal = api.legal_actions(state, seat)
        assert legal, "a game in play always has a legal action"
        assert all(api.legal_actions(state, s) == [] for s in range(seats) if s != seat)
        before = dumps(state)
        for action in illegal_candidates(state, legal, pick)[:4]:
            try:
                api.apply(state, action, seat)
            except RulesError as error:
                assert error.kind == "illegal", error
            else:
                raise AssertionError(f"{action} was applied though not legal")
        result = api.apply(state, legal[pick % len(legal)], seat)
        assert dumps(state) == before, "apply changed its input"
        state = result["state"]
        assert result["events"]
        assert every_card(state) == Counter(DECK)
        assert chip_total(state) == total
        for event in result["events"]:
            if event["type"] == "round_counted":
                assert event["points"] + event["defenders_points"] == 182
                assert sum(event["tricks"]) == {3: 24, 4: 18, 5: 15}[seats]
        if check_each:
            check_views(state)
    return state


def advance(state: State, picks: list[int]) -> State:
    """Play ``picks`` through the facade without the per-step checks."""
    for pick in picks:
        if state["over"]:
            break
        seat = state["to_act"]
        legal = api.legal_actions(state, seat)
        state = api.apply(state, legal[pick % len(legal)], seat)["state"]
    return state


@settings(max_examples=scaled(25, 5))
@given(games(), walks)
def test_random_games_keep_every_invariant(state: State, steps: tuple[int, int]) -> None:
    walk(state, picks_of(steps))


@settings(max_examples=scaled(10, 3))
@given(games(), st.integers(0, 2**32))
def test_whole_random_games_end_with_winners(state: State, salt: int) -> None:
    state = walk(state, picks_of((4000, salt)), check_each=False)
    assert state["over"]
    best = max(state["chips"])
    assert state["winners"] == [s for s, c in enumerate(state["chips"]) if c == best]
    check_views(state)


@settings(max_examples=scaled(10, 3))
@given(games(), walks)
def test_same_seed_and_actions_same_game(state: State, steps: tuple[int, int]) -> None:
    picks = picks_of(steps)

    def run() -> str:
        current = state
        log: list[Any] = []
        for pick in picks:
            if current["over"]:
                break
            seat = current["to_act"]
            legal = api.legal_actions(current, seat)
            result = api.apply(current, legal[pick % len(legal)], seat)
            current = result["state"]
            log.append([result, api.view(current, seat), api.view(current, None)])
        return dumps(log)

    assert run() == run()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4) | st.sampled_from(DECK),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["bid", "aside", "play", "x"])}).flatmap(
        lambda base: st.fixed_dictionaries(
            {
                "type": st.just(base["type"]),
                "bid": st.sampled_from([*BIDS, "Take", 1]),
                "card": st.sampled_from([*DECK, "15c", 0]),
            }
        )
    ),
)


@settings(max_examples=scaled(100, 10))
@given(games(), st.integers(0, 60), actions)
def test_any_action_is_applied_or_refused_and_nothing_changes(
    state: State, steps: int, action: Any
) -> None:
    state = advance(state, [k * 31 for k in range(steps)])
    if state["over"]:
        return
    before = dumps(state)
    try:
        result = api.apply(state, action, state["to_act"])
    except RulesError as error:
        assert error.kind in ("malformed", "illegal"), error
    else:
        assert action in api.legal_actions(state, state["to_act"])
        assert every_card(result["state"]) == Counter(DECK)
    assert dumps(state) == before


@settings(max_examples=scaled(30, 5))
@given(games(), st.integers(0, 80), st.integers(0, 10**6), st.sampled_from(["random", "basic"]))
def test_bots_choose_legal_actions_from_views(
    state: State, steps: int, seed: int, level: str
) -> None:
    state = advance(state, [k * 17 + 3 for k in range(steps)])
    if state["over"]:
        return
    seat = state["to_act"]
    view = api.view(state, seat)
    action = api.bot_action(view, level, seed)
    assert action in api.legal_actions(state, seat)
    assert api.bot_action(view, level, seed) == action  # same view, level, seed
