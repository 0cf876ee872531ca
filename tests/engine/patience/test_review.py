"""The patience's review: the move after which a winnable deal could no longer be won."""

from __future__ import annotations

from typing import Any

import pytest
from scale import scaled

from celestix import api
from celestix.patience.review import checkpoints
from celestix.review.replayed import Replayed, replayed

Record = dict[str, Any]
RANKS = "A23456789TJQK"
SUITS = "SHDC"


def full_foundation(k: int) -> list[str]:
    """Foundation ``k`` complete (one suit a pair of foundations: each code twice)."""
    suit = SUITS[k // 2]
    return [RANKS[(12 - u) % 13] + suit for u in range(k, k + 13)]


def near_end(missing: dict[int, int], stock: list[str], redeals: int) -> dict[str, Any]:
    """A setup with every foundation full but the last ``missing[k]`` cards of some, those
    cards in ``stock`` (top first)."""
    foundations = [full_foundation(k) for k in range(8)]
    for k, count in missing.items():
        foundations[k] = foundations[k][: 13 - count]
    return {"foundations": foundations, "stock": stock, "waste": [], "redeals_left": redeals}


def play(setup: dict[str, Any] | None, seed: int, moves: list[dict[str, Any]],
         options: dict[str, Any] | None = None) -> Record:  # fmt: skip
    """A record: ``moves``, then the easy player to the end."""
    state = api.new_game("patience", options, seed, setup)
    record: Record = {"game": "patience", "seed": seed, "options": options, "setup": setup,
                      "actions": []}  # fmt: skip
    for move in moves:
        record["actions"].append({"seat": 0, "action": move})
        state = api.apply(state, move, 0)["state"]
    while not state["over"]:
        move = api.bot_action(api.view(state, 0), "easy", 1)
        record["actions"].append({"seat": 0, "action": move})
        state = api.apply(state, move, 0)["state"]
    return record


def states_of(record: Record) -> Replayed:
    """The record replayed with the facade's checks, every state kept."""
    return replayed(record, api.new_game, api.apply, api.reseed)


def status_at(record: Record, position: int) -> str:
    """The solver's verdict on the position before action ``position``."""
    return str(api.winnable(states_of(record).states[position])["status"])


# Foundations 6, 7 and 8 (bases 8, 7 and 6) lack their last 2, 2 and 3 cards; one redeal
# left. Holding at the twelfth move (the second pass's first choice) loses the deal:
# building there wins (found by exhaustive search over the ways to play it).
HOLD_LOSES = near_end({5: 2, 6: 2, 7: 3}, ["TD", "9D", "9C", "8C", "9C", "8C", "7C"], 1)
BEFORE = [{"type": "deal"}] * 7 + [{"type": "redeal"}] + [{"type": "deal"}] * 3


def test_a_constructed_losing_move_is_found_and_proved() -> None:
    record = play(HOLD_LOSES, 1, [*BEFORE, {"type": "deal"}], {"redeals": 1})
    found = api.review(record, 0)
    outcome = found["outcome"]
    assert outcome["status"] == "lost_at" and outcome["proved"]
    index = outcome["index"]
    assert index == len(BEFORE)
    assert record["actions"][index]["action"] == {"type": "deal"}
    assert outcome["best"]["type"] == "build"
    assert status_at(record, index) == "winnable"
    assert status_at(record, index + 1) == "lost"
    losses = {d["index"]: d["loss"] for d in found["decisions"]}
    assert losses[index] == 100 and sum(losses.values()) == 100
    # the solver's line from the losing move's position wins
    state = states_of(record).states[index]
    for move in outcome["line"]:
        state = api.apply(state, move, 0)["state"]
    assert state["phase"] == "won"


def test_building_there_wins_and_the_review_says_so() -> None:
    record = play(HOLD_LOSES, 1, [*BEFORE, {"type": "build", "to": 6}], {"redeals": 1})
    assert api.replay(record)["phase"] == "won"
    found = api.review(record, 0)
    assert found["outcome"]["status"] == "won"
    assert all(d["loss"] == 0 for d in found["decisions"])


def test_a_deal_lost_from_the_start() -> None:
    setup = near_end({6: 2, 7: 3}, ["8C", "8C", "7C", "9C", "9C"], 0)
    record = play(setup, 1, [], {"redeals": 0})
    found = api.review(record, 0)
    assert found["outcome"]["status"] == "never_winnable"
    assert status_at(record, 0) == "lost"
    assert all(d["loss"] == 0 for d in found["decisions"])


def test_a_game_still_in_play_that_can_be_won() -> None:
    state = api.new_game("patience", {"redeals": 1}, 1, HOLD_LOSES)
    record: Record = {"game": "patience", "seed": 1, "options": {"redeals": 1},
                      "setup": HOLD_LOSES, "actions": []}  # fmt: skip
    for move in BEFORE[:3]:
        record["actions"].append({"seat": 0, "action": move})
        state = api.apply(state, move, 0)["state"]
    found = api.review(record, 0)
    assert found["outcome"]["status"] == "winnable"
    assert found["outcome"]["line"]


@pytest.mark.parametrize("deal", [6, 8, 10][: scaled(3, 1)])
def test_real_deals_played_by_easy(deal: int) -> None:
    """Deals 6, 8 and 10, played by easy: the review proves where each was lost."""
    record = play(None, deal, [])
    found = api.review(record, 0)
    outcome = found["outcome"]
    assert outcome["status"] == "lost_at" and outcome["proved"]
    assert status_at(record, outcome["index"]) == "winnable"
    assert status_at(record, outcome["index"] + 1) == "lost"
    assert len(api.legal_actions(states_of(record).states[outcome["index"]], 0)) > 1


def test_the_search_asks_few_questions() -> None:
    """Deal 2, played by easy: about log2 of the choices going back from the end, as many
    halving the stretch found, plus the start."""
    record = play(None, 2, [])
    found = api.review(record, 0, "normal")
    choices = len(checkpoints(states_of(record)))
    assert found["outcome"]["probes"] <= 2 * choices.bit_length() + 2
    if found["outcome"]["status"] == "likely_lost_at":
        index = found["outcome"]["index"]
        assert status_at(record, index) == "winnable"
        assert not found["outcome"]["proved"]
        assert next(d for d in found["decisions"] if d["index"] == index)["loss"] == 50


def test_a_no_king_dead_end_says_what_it_can() -> None:
    """Audit 5 F5: a No King start has too many ways to go on for the solver to tell at
    the start; the review went no further and said nothing. Now it looks back from the
    end, where the solver decides quickly, and says where the deal was surely lost."""
    options = {"start": "no-king"}
    record = play(None, 2, [], options)
    assert api.replay(record)["phase"] == "lost"
    assert status_at(record, 0) == "unknown"
    found = api.review(record, 0)
    outcome = found["outcome"]
    assert outcome["probes"] > 1
    end = len(record["actions"])
    lost = outcome.get("lost_from")
    assert lost is not None and lost < end, outcome
    assert status_at(record, lost) == "lost"
    assert f"After move {lost} (" in outcome["text"]
    assert "could not be worked out" not in outcome["text"]
    judged = {d["index"]: d for d in found["decisions"]}
    assert all(judged[i]["value"] == 0 for i in range(lost, end) if judged[i]["choices"] > 1)
    if outcome.get("won_until"):
        assert_winnable_at(record, outcome)


def assert_winnable_at(record: Record, outcome: dict[str, Any]) -> None:
    """The position the review says the deal could last be won from is winnable: its line
    from there wins (a position along a winning line), or the solver says so."""
    won = outcome["won_until"]
    state = states_of(record).states[won]
    if outcome.get("left_at") != won:
        assert api.winnable(state)["status"] == "winnable"
        return
    for move in outcome["line"]:
        state = api.apply(state, move, 0)["state"]
    assert state["phase"] == "won"


# Audit 7 F16: deal 659521, "A King to start · 2 redeals", played by following the page's
# hint on every move (level strong, the seed drawn from the view) to a dead end at 90 of
# 104 cards. One character a move: d deal, r redeal, a digit build on that foundation
# (0 the first). The old review said only "The deal could be won from the start ... After
# move 310 (...) it could not be won any more", with 87 choices not judged.
HINTED_DEAD_END = (
    "ddddddddddddddddd1ddddddd2ddddd0ddddddddddddddddddddddddddd1dd3ddd2d4d3ddddddddd2ddd1d"
    "ddddd00dddddd5dddd4dddddd1d6dddddrd0dd7d5dddddddd7ddd4dddddd7ddddddddddd6dd7d3ddd2dd1"
    "dddddddd66dd03d7ddd5dd7ddd4ddddddddd3dd7dd2d2dddddd5ddddddd7drd6dd4d3d66dd5d7ddd7dd2d5"
    "d11d0dd55d1dddd4d6d6d5dd5d4d7dddddd4dd3d4d7dd2d33d2d2d1dd0dd3ddd6d1d5d1d6d00d445dd00d3"
)


def hinted_dead_end() -> Record:
    actions = [
        {"type": "deal"} if c == "d" else {"type": "redeal"} if c == "r" else
        {"type": "build", "to": int(c)} for c in HINTED_DEAD_END
    ]  # fmt: skip
    return {"game": "patience", "seed": 659521, "options": {"start": "king", "redeals": 2},
            "setup": None, "actions": [{"seat": 0, "action": a} for a in actions]}  # fmt: skip


def test_a_dead_end_on_the_hint_says_where_it_was_last_winnable_and_the_choices_after() -> None:
    """The review of a lost deal the solver cannot settle in the middle still teaches: the
    last move after which the deal could be won (a winning line the record followed that
    far), the choice there where a way to win went otherwise, the first position proved
    lost (asked with a small budget near the lost end), and which of the person's moves
    between were choices, each saying so."""
    record = hinted_dead_end()
    game = states_of(record)
    assert game.states[-1]["phase"] == "lost"
    found = api.review(record, 0)
    outcome = found["outcome"]
    assert outcome["status"] == "unknown"
    won, left, lost = outcome["won_until"], outcome.get("left_at"), outcome["lost_from"]
    assert won == left == 31  # was 0: the start's winning line plays the record's first 31
    assert lost <= 280  # was 310
    assert status_at(record, lost) == "lost"
    # a way to win from after move 31: the record's moves there were the line's
    moves = [a["action"] for a in record["actions"]]
    assert outcome["best"] == outcome["line"][0] != moves[left]
    assert_winnable_at(record, outcome)
    # the choices between: every move there with more than one legal move, and only those
    choices = outcome["choices"]
    assert choices == [
        i for i in range(left, lost) if len(api.legal_actions(game.states[i], 0)) > 1
    ]
    text = outcome["text"]
    assert text.startswith(
        "The deal could still be won after move 31. At move 32 you chose to build the Queen "
        "of Hearts on the King foundation; a way to win would leave the Queen of Hearts on the "
        "waste and deal instead."
    ), text
    assert f"After move {lost} (" in text
    assert (
        f"It was lost at one of your {len(choices)} choices from move 32 to move {choices[-1] + 1}"
        in text
    )
    judged = {d["index"]: d for d in found["decisions"]}
    assert judged[left]["reason"].startswith(
        "Build the Queen of Hearts on the King foundation: a way to win would leave the Queen "
        "of Hearts on the waste and deal here."
    )
    for i, decision in judged.items():
        if i in choices:
            assert decision["mark"] == "unknown"
            if i != left:
                assert (
                    f"one of your choices from move 32 to move {choices[-1] + 1}"
                    in decision["reason"]
                )
        else:
            assert decision["mark"] != "unknown", decision  # forced, or judged
            assert decision["value"] == (100 if i < left else 0) or decision["mark"] == "forced"
