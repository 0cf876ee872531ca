"""Contract Sabacc's review: decisions judged by the level's search, each round's par."""

from __future__ import annotations

from typing import Any

import pytest
from sabacc.support import fill_hands, sabacc_range
from scale import SCALE

from celestix import api
from celestix.sabacc import review
from celestix.sabacc.cards import HALF_POINTS

Record = dict[str, Any]


@pytest.fixture(autouse=True)
def small_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """A smaller double-dummy budget: the par is then known from a late trick only."""
    monkeypatch.setattr(review, "PAR_BUDGET", 20_000)


def first_round(seed: int, level: str) -> Record:
    """Round 0 of deal ``seed`` played by ``level`` at every seat, as a record."""
    state = api.new_game("sabacc", None, seed)
    record: Record = {"game": "sabacc", "seed": seed, "actions": []}
    while state["round"] == 0 and not state["over"]:
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), level, len(record["actions"]))
        record["actions"].append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    return record


@pytest.mark.skipif(
    SCALE < 1,
    reason="a whole round of strong play: CPython only (the pinned "
    "digests of test_review.py hold the review to the same results in Pyodide)",
)
def test_strong_play_loses_little_and_random_play_much() -> None:
    """Deal 5, round 0 (the strong players let seat 2 declare a Guard, every player
    calling it), reviewed at normal for every seat: played by strong the four lose 1.17
    chips in all (44, 73, 0 and 0 hundredths); played by random, 72.26 chips (4.20,
    4.13, 15.99 and 47.94). The bound follows the stakes: a Guard's are twice a Take's."""
    totals = {}
    for level in ("strong", "random"):
        record = first_round(5, level)
        totals[level] = sum(api.review(record, seat, "normal", 1)["summary"]["total_loss"]
                            for seat in range(4))  # fmt: skip
    assert totals["strong"] <= 400
    assert totals["random"] >= 10 * max(1, totals["strong"])


def test_a_passed_out_round_has_no_par() -> None:
    record = first_round(6, "strong")  # every seat passes
    found = api.review(record, 2, "normal", 1)
    assert found["par"] == []
    assert [d["kind"] for d in found["decisions"]] == ["bid"]
    assert found["unit"] == "hundredths of a chip"


def test_the_par_is_counted_from_the_real_deal() -> None:
    record = first_round(3, "easy")
    found = api.review(record, 0, "normal", 1)
    [par] = found["par"]
    state = api.replay(record)
    summary = state["last_round"]
    assert par["declarer"] == summary["declarer"] and par["contract"] == summary["contract"]
    assert par["made"] == {"points": summary["points"], "made": summary["made"]}
    # the last trick is forced: its par is the round's count
    assert par["tricks"][-1]["par"] == summary["points"]
    aside = sum(HALF_POINTS[card] for card in summary["aside"])
    assert par["par"]["low"] >= aside
    if par["par"]["points"] is not None:
        assert par["par"]["low"] <= par["par"]["points"] <= par["par"]["high"] or (
            par["par"]["from_trick"] != 1
        )
    assert "points" in par["reason"]


def test_each_decision_names_a_legal_best_and_a_reason() -> None:
    record = first_round(3, "easy")
    found = api.review(record, 3, "normal", 4)
    states = [api.new_game("sabacc", None, 3)]
    for entry in record["actions"]:
        states.append(api.apply(states[-1], entry["action"], entry["seat"])["state"])
    asides = [d for d in found["decisions"] if d["kind"] == "aside"]
    assert len(asides) == 1, "the aside is one decision"
    for decision in found["decisions"]:
        state = states[decision["index"]]
        best = decision["best"]
        if best["type"] == "aside":  # the whole aside: each of its cards goes in turn
            assert best["card"] == best["cards"][0]
            assert len(best["cards"]) == len(decision["action"]["cards"]) == 6
            for card in best["cards"]:
                move = {"type": "aside", "card": card}
                assert move in api.legal_actions(state, 3)
                state = api.apply(state, move, 3)["state"]
            continue
        assert best in api.legal_actions(state, 3)
        assert decision["reason"].endswith(".")
        assert decision["loss"] >= 0
        if decision["choices"] == 1:
            assert decision["loss"] == 0 and decision["reason"][:1].isupper()
            assert not decision["reason"].lower().startswith("forced")  # (the mark says it)
    assert found["summary"]["text"].endswith(".")


def test_the_review_counts_the_tables_stakes() -> None:
    """The same cards and actions under both stakes: the wagers the views show differ, and
    so do the values of the declarer's decisions in the play."""
    values = {}
    for stakes in ("everyone", "bidder"):
        record = first_round(3, "easy")
        record["options"] = {"stakes": stakes}
        api.replay(record)  # the same actions are legal under both
        found = api.review(record, int(api.replay(record)["last_round"]["declarer"]),
                           "normal", 1)  # fmt: skip
        values[stakes] = [d["value"] for d in found["decisions"] if d["kind"] == "play"]
    assert values["everyone"] != values["bidder"]


def test_in_the_last_round_a_bid_is_judged_by_the_chance_of_ending_on_top() -> None:
    """Seat 0, two chips behind everyone in the last round, passes where a contract could
    put it on top: the review's best is the level's bid, and the reason says why a bid
    worth fewer chips was better there."""
    hand = [*sabacc_range(16, 21), "14c", "13c", "2c", "3c", "2f", "3f", "4f", "2s", "3s",
            "4s", "2t", "5s"]  # fmt: skip
    talon = [f"{rank}f" for rank in range(8, 14)]
    setup = {"dealer": 1, "deals_done": 3, "chips": [94, 96, 96, 96], "ante_pot": 18,
             "hands": fill_hands(4, {0: hand}, talon), "talon": talon}  # fmt: skip
    record = {"game": "sabacc", "options": {"players": 4}, "seed": 5, "setup": setup,
              "actions": [{"seat": 0, "action": {"type": "bid", "bid": "pass"}}]}  # fmt: skip
    [decision] = api.review(record, 0, "normal", 1)["decisions"]
    assert decision["best"]["bid"] != "pass"
    reason = decision["reason"]
    assert "in the game's last round only ending with the most chips counts" in reason


def test_before_the_last_round_a_bid_is_judged_by_the_chance_of_winning_the_game() -> None:
    """Seat 0 passes the first bid of deal 31, where the level bids a Guard for the game
    though its chips are worth a little less than the pass: the review's best is the
    Guard, at no loss in chips, and the reason says why."""
    state = api.new_game("sabacc", {"players": 4}, 31)
    seat = state["to_act"]
    record = {"game": "sabacc", "options": {"players": 4}, "seed": 31,
              "actions": [{"seat": seat, "action": {"type": "bid", "bid": "pass"}}]}  # fmt: skip
    # (the seed the review drew for this decision before it searched with the hint's seed)
    [decision] = api.review(record, seat, "normal", 5953076372314889)["decisions"]
    assert decision["best"] == {"type": "bid", "bid": "guard"}
    assert decision["loss"] == 0 and decision["value"] > decision["best_value"]
    assert decision["reason"].endswith(
        "but the game is won by the most chips at the end, and a bid of Guard gave the best "
        "chance of winning the game with the rounds still to come."
    )


def test_the_par_never_blames_the_player_for_points_they_did_not_lose() -> None:
    """(i-words24) A defender whose decisions cost nothing is not told that "the defenders
    let points go"; a declarer whose did not is told the hidden cards did; each verdict
    says how many points."""
    par = {
        "hand": 0,
        "declarer": 1,
        "par": {"exact": True, "low": 80, "high": 80, "from_trick": 1, "points": 80,
                "made": False},
        "made": {"points": 97, "made": True},
        "reason": "",
    }  # fmt: skip
    defender = review.REVIEW.par_beside(par, 0, 0)["reason"]
    assert "your fellow defenders' play or cards nobody could see let 8½ points go" in defender
    assert "not your decisions" in defender and "partner" not in defender
    assert review.REVIEW.par_beside(par, 0, 5) is par
    short = {**par, "made": {"points": 70, "made": True}}
    declarer = review.REVIEW.par_beside(short, 1, 0)["reason"]
    assert "cards you could not see let 5 points go, not your decisions" in declarer, declarer
    assert "your play" not in declarer
