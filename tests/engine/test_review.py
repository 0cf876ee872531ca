"""The review through the facade: input checks, the stepwise review, the bridge, and the
same reviews on CPython and in Pyodide (this file runs in both)."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest

from celestix import api
from celestix.bridge import handle
from celestix.errors import MalformedError
from celestix.precedence import review as precedence_review
from celestix.sabacc import review as sabacc_review

Record = dict[str, Any]


@pytest.fixture(autouse=True)
def small_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small double-dummy budgets, so that the reviews here stay quick (in Pyodide too)."""
    monkeypatch.setattr(precedence_review, "PAR_BUDGET", 20_000)
    monkeypatch.setattr(sabacc_review, "PAR_BUDGET", 20_000)


def easy_record(game: str, seed: int, first_hand_only: bool = True) -> Record:
    """A game (its first hand or round) played by the easy players, as a record."""
    state = api.new_game(game, None, seed)
    record: Record = {"game": game, "seed": seed, "actions": []}
    key = {"precedence": "hand_number", "sabacc": "round"}.get(game)
    while not state["over"] and (key is None or not first_hand_only or state[key] == 0):
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "easy", len(record["actions"]))
        record["actions"].append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    return record


def stepwise(record: Record, seat: int, level: str, seed: int | None,
             hand: int | None = None) -> tuple[dict[str, Any], list[dict[str, int]]]:  # fmt: skip
    """The review run step by step through the bridge's JSON, and each step's progress."""
    job = api.review_plan(record, seat, level, seed, hand)
    progress = [job["progress"]]
    while job["review"] is None:
        job = api.review_step(json.loads(json.dumps(job)))
        progress.append(job["progress"])
    return job["review"], progress


@pytest.mark.parametrize(("game", "seat"), [("precedence", 1), ("sabacc", 2), ("patience", 0)])
def test_the_stepwise_review_is_the_review(game: str, seat: int) -> None:
    record = easy_record(game, 10)
    whole = api.review(record, seat, "normal", 5)
    steps, progress = stepwise(record, seat, "normal", 5)
    assert steps == whole
    done = [p["done"] for p in progress]
    assert done == list(range(len(done)))
    assert all(p["done"] <= p["total"] for p in progress)
    assert progress[-1]["done"] == progress[-1]["total"]
    # a finished job stays finished
    job = api.review_plan(record, seat, "normal", 5)
    while job["review"] is None:
        job = api.review_step(job)
    assert api.review_step(job)["review"] == whole


def test_every_decision_of_the_seat_is_judged() -> None:
    record = easy_record("precedence", 4)
    found = api.review(record, 2, "normal", 1)
    indices = [i for i, entry in enumerate(record["actions"]) if entry["seat"] == 2]
    assert [d["index"] for d in found["decisions"]] == indices
    for decision in found["decisions"]:
        assert isinstance(decision["loss"], int) and decision["loss"] >= 0
        assert isinstance(decision["reason"], str) and decision["reason"]
        assert decision["action"]["type"] == record["actions"][decision["index"]]["action"]["type"]
        if decision["best"] == decision["action"]:
            assert decision["loss"] == 0
    one = api.review_decision(record, 2, indices[-3], "normal", 1)
    assert one == found["decisions"][-3]
    summary = found["summary"]
    assert summary["total_loss"] == sum(d["loss"] for d in found["decisions"])
    losses = sorted((d["loss"] for d in found["decisions"]), reverse=True)
    assert [d["loss"] for d in found["decisions"] if d["index"] in summary["costliest"]] != []
    assert sorted((next(d["loss"] for d in found["decisions"] if d["index"] == i)
                   for i in summary["costliest"]), reverse=True) == [
        loss for loss in losses[:3] if loss > 0
    ]  # fmt: skip


def test_one_hand_of_a_game() -> None:
    record = easy_record("precedence", 6, first_hand_only=False)
    hands = api.replay(record)["history"]
    assert len(hands) >= 2
    found = api.review(record, 0, "normal", 1, hand=1)
    assert found["hand"] == 1
    assert {d["hand"] for d in found["decisions"]} == {1}
    assert [p["hand"] for p in found["par"]] == [1]
    with pytest.raises(MalformedError) as refused:
        api.review(record, 0, "normal", 1, hand=len(hands) + 5)
    assert refused.value.field == "hand"


def test_the_same_review_for_the_same_input() -> None:
    record = easy_record("sabacc", 3)
    assert api.review(record, 1, "normal") == api.review(copy.deepcopy(record), 1, "normal")
    assert api.review(record, 1, "normal", 7) == api.review(record, 1, "normal", 7)


def test_a_tampered_record_is_refused_as_replay_refuses_it() -> None:
    record = easy_record("precedence", 2)
    tampered = copy.deepcopy(record)
    # a card the seat does not hold
    entry = next(e for e in tampered["actions"] if e["action"]["type"] == "play")
    seat = entry["seat"]
    held = api.replay(
        {**tampered, "actions": tampered["actions"][: tampered["actions"].index(entry)]}
    )
    entry["action"] = {"type": "play",
                       "card": next(c for h in held["hands"] for c in h if c not in
                                    held["hands"][seat])}  # fmt: skip
    with pytest.raises(MalformedError) as by_replay:
        api.replay(tampered)
    calls = [
        lambda: api.review(tampered, 0),
        lambda: api.review_plan(tampered, 0),
        lambda: api.review_decision(tampered, 0, 3),
    ]
    for call in calls:
        with pytest.raises(MalformedError) as by_review:
            call()
        assert (by_review.value.field, by_review.value.message) == (
            by_replay.value.field,
            by_replay.value.message,
        )
    for broken, field in [({**record, "actions": 3}, "record.actions"),
                          ({k: v for k, v in record.items() if k != "seed"}, "record.seed"),
                          ({**record, "game": "chess"}, "game")]:  # fmt: skip
        with pytest.raises(MalformedError) as refused:
            api.review(broken, 0)
        assert refused.value.field == field


def test_bad_review_input_is_refused() -> None:
    record = easy_record("patience", 3)
    for args, field in [((record, 1), "seat"), ((record, 0, "grandmaster"), "level"),
                        ((record, 0, "strong", -1), "seed"),
                        ((record, 0, "strong", None, 1), "hand")]:  # fmt: skip
        with pytest.raises(MalformedError) as refused:
            api.review(*args)
        assert refused.value.field == field
    with pytest.raises(MalformedError) as refused:
        api.review_decision(record, 0, 2)  # the patience is reviewed as a whole
    assert refused.value.field == "index"
    game = easy_record("precedence", 3)
    not_yours = next(i for i, e in enumerate(game["actions"]) if e["seat"] != 0)
    with pytest.raises(MalformedError) as refused:
        api.review_decision(game, 0, not_yours)
    assert refused.value.field == "index"


def test_a_job_the_review_did_not_make_is_refused() -> None:
    record = easy_record("precedence", 8)
    job = api.review_step(api.review_plan(record, 3, "normal", 2))
    assert job["done"] == 1
    broken = [
        ({**job, "job": "something"}, "job.job"),
        ({**job, "steps": job["steps"][1:]}, "job.steps"),
        ({**job, "done": 5}, "job.results"),
        ({**job, "results": [{**job["results"][0], "loss": -3}]}, "job.results[0].loss"),
        ({**job, "results": [{"index": 0}]}, "job.results[0]"),
        ({**job, "partial": {"probes": []}}, "job.partial"),
        ({**job, "seat": 7}, "seat"),
        ({k: v for k, v in job.items() if k != "progress"}, "job.progress"),
    ]
    for bad, field in broken:
        with pytest.raises(MalformedError) as refused:
            api.review_step(bad)
        assert refused.value.field == field, field


def test_the_bridge_answers_the_review_methods() -> None:
    record = easy_record("patience", 10)

    def call(method: str, params: dict[str, Any]) -> Any:
        response = json.loads(handle(method, json.dumps(params)))
        assert response["ok"], response
        return response["result"]

    job = call("review_plan", {"record": record, "seat": 0, "level": "normal"})
    while job["review"] is None:
        job = call("review_step", {"job": job})
    assert job["review"] == call("review", {"record": record, "seat": 0, "level": "normal"})
    refused = json.loads(handle("review", json.dumps({"record": {}, "seat": 0})))
    assert refused["ok"] is False and refused["error"]["kind"] == "malformed"


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


# Pinned on CPython; the Pyodide run of this file must give the same digests.
PINNED_REVIEWS = {
    ("precedence", 5, 0): "6258bf47145f05b17080430a070906bc4faec2919a6451476342aab8fb5757c6",
    ("sabacc", 3, 0): "0169c968db5f10a403df7b80f0be12ffb6c37b21c2cc8caa745084d55395d441",
    ("patience", 10, 0): "5ae2ec73534bb142405812668eea0dde9245add9a6f9e42e64e73a38c4b72d82",
}


@pytest.mark.parametrize("case", sorted(PINNED_REVIEWS))
def test_reviews_are_pinned_across_pythons(case: tuple[str, int, int]) -> None:
    game, seed, seat = case
    found = api.review(easy_record(game, seed), seat, "normal", 3)
    assert digest(found) == PINNED_REVIEWS[case]
