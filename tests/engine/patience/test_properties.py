"""Property tests over random patience games (hypothesis)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from celestix import api
from celestix.errors import RulesError
from celestix.patience.cards import TWO_PACKS
from celestix.rng import MAX_SEED

EVERY_ACTION = [{"type": "deal"}, {"type": "redeal"}] + [
    {"type": "build", "to": k} for k in range(8)
]

seeds = st.integers(0, MAX_SEED)
starts = st.sampled_from(["king", "no-king"])
redeals = st.integers(0, 3)


def all_cards(state: dict[str, object]) -> Counter[str]:
    counts: Counter[str] = Counter(state["stock"])  # type: ignore[arg-type]
    counts.update(state["waste"])  # type: ignore[arg-type]
    for pile in state["foundations"]:  # type: ignore[attr-defined]
        counts.update(pile)
    return counts


@given(seeds, starts, redeals, st.lists(st.integers(0, 1000), max_size=400))
def test_random_games_keep_every_invariant(
    seed: int, start: str, redeal_count: int, choices: list[int]
) -> None:
    state = api.new_game("patience", {"start": start, "redeals": redeal_count}, seed)
    for choice in choices:
        if state["over"]:
            assert api.legal_actions(state, 0) == []
            break
        legal = api.legal_actions(state, 0)
        assert legal, "a game in play always has a legal action"
        # Every action outside the legal list is refused and changes nothing.
        before = json.dumps(state)
        for action in EVERY_ACTION:
            if action not in legal:
                try:
                    api.apply(state, action, 0)
                except RulesError as error:
                    assert error.kind == "illegal"
                else:
                    raise AssertionError(f"{action} was not legal but applied")
        assert json.dumps(state) == before
        result = api.apply(state, legal[choice % len(legal)], 0)
        assert json.dumps(state) == before, "apply changed its input"
        state = result["state"]
        assert all_cards(state) == Counter(TWO_PACKS)
        assert result["events"]
        view = api.view(state, 0)
        assert view["stock_count"] == len(state["stock"])
        assert (
            sum(info["count"] for info in view["foundation_info"])
            + len(state["waste"])
            + len(state["stock"])
            == 104
        )


@given(seeds, st.lists(st.integers(0, 1000), max_size=150))
def test_same_seed_and_actions_same_game(seed: int, choices: list[int]) -> None:
    def run() -> tuple[str, list[str]]:
        state = api.new_game("patience", seed=seed)
        log = []
        for choice in choices:
            legal = api.legal_actions(state, 0)
            if not legal:
                break
            result = api.apply(state, legal[choice % len(legal)], 0)
            state = result["state"]
            log.append(json.dumps(result["events"]))
        return json.dumps(state), log

    assert run() == run()


@given(seeds, st.lists(st.integers(0, 1000), max_size=100))
def test_replay_reaches_the_same_state(seed: int, choices: list[int]) -> None:
    state = api.new_game("patience", seed=seed)
    actions = []
    for choice in choices:
        legal = api.legal_actions(state, 0)
        if not legal:
            break
        action = legal[choice % len(legal)]
        actions.append({"seat": 0, "action": action})
        state = api.apply(state, action, 0)["state"]
    record = {"game": "patience", "options": None, "seed": seed, "actions": actions}
    assert api.replay(record) == state


@given(seeds, st.integers(0, 60))
def test_first_pass_views_do_not_depend_on_the_unseen_stock_order(seed: int, deals: int) -> None:
    state = api.new_game("patience", seed=seed)
    for _ in range(deals):
        state = api.apply(state, {"type": "deal"}, 0)["state"]
    shuffled = dict(state, stock=sorted(state["stock"]))
    assert api.view(state, 0) == api.view(shuffled, 0)
    assert api.legal_actions(state, 0) == api.legal_actions(shuffled, 0)


@given(seeds, st.sampled_from(["random", "easy"]))
def test_bots_choose_legal_moves_to_the_end(seed: int, level: str) -> None:
    state = api.new_game("patience", seed=seed)
    while not state["over"]:
        action = api.bot_action(api.view(state, 0), level, seed)
        assert action in api.legal_actions(state, 0)
        state = api.apply(state, action, 0)["state"]
    assert state["phase"] in ("won", "lost")
