"""The review's driver: the plan, the steps, and the whole review.

* :func:`start` checks the input (the record as ``replay`` checks it, the seat, the
  level, the seed, the hand) and returns a *job*: plain JSON holding the input, the
  plan of steps, the results so far and the progress.
* :func:`step` takes a job back, checks it (its input again, and that its plan and
  results could be this review's), runs the next step and returns the job after it;
  once every step is done the job holds the review (``"review"``).
* :func:`run` is the same review in one call (the facade's ``review``).
* :func:`decision` judges one decision on its own.

A job is what the page keeps between the worker's calls, so the review can show
progress and be cancelled between two steps. The same record, seat, level, seed and hand
give the same review whichever way it is run, on CPython and in Pyodide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from celestix.errors import MalformedError
from celestix.registry import AnyRules, rules_for
from celestix.review.game import GameReview
from celestix.review.replayed import Replayed
from celestix.rng import MAX_SEED
from celestix.shape import JsonDict, expect_dict, expect_int, expect_keys, expect_list, expect_str

JOB = "celestix-review"
JOB_VERSION = 1
# The facade's replay of a record, keeping every state (review.replayed with its new_game
# and apply).
Replay = Callable[[object], Replayed]
JOB_KEYS = ("job", "version", "record", "seat", "level", "seed", "hand", "steps", "decisions",
            "done", "results", "partial", "progress", "review")  # fmt: skip


@dataclass(frozen=True)
class Input:
    """A review's checked input."""

    game: Replayed
    rules: AnyRules
    reviewer: GameReview
    seat: int
    level: str
    seed: int | None
    hand: int | None


def check_input(replay: Replay, record: object, seat: object, level: object, seed: object,
                hand: object) -> Input:  # fmt: skip
    """The input checked: the record replays, the seat sits at its table, the level is the
    game's, the seed is a deal number or null, the hand is one the record reaches."""
    game = replay(record)
    first = game.states[0]
    rules = rules_for(first["game"], "record.game")
    reviewer = rules.reviewer()
    seats = rules.seat_count(first["options"])
    checked_seat = expect_int(seat, "seat", 0, seats - 1)
    checked_level = expect_str(level, "level", rules.bot_levels)
    checked_seed = None if seed is None else expect_int(seed, "seed", 0, MAX_SEED)
    checked_hand = None
    if hand is not None:
        checked_hand = expect_int(hand, "hand", 0)
        if checked_hand not in reviewer.hands(game):
            raise MalformedError("hand", f"the record has no hand {checked_hand}")
    return Input(game, rules, reviewer, checked_seat, checked_level, checked_seed, checked_hand)


def start(
    replay: Replay, record: object, seat: object, level: object, seed: object, hand: object
) -> JsonDict:
    """A new job for the review of ``seat``'s decisions in ``record``."""
    given = check_input(replay, record, seat, level, seed, hand)
    steps = given.reviewer.steps(given.game, given.seat, given.hand)
    job: JsonDict = {
        "job": JOB,
        "version": JOB_VERSION,
        "record": record,
        "seat": given.seat,
        "level": given.level,
        "seed": given.seed,
        "hand": given.hand,
        "steps": steps,
        "decisions": [s["index"] for s in steps if s["type"] == "decision"],
        "done": 0,
        "results": [],
        "partial": None,
        "progress": {"done": 0, "total": len(steps)},
        "review": None,
    }
    if not steps:
        job["review"] = given.reviewer.report(given.game, given.seat, given.hand, [], [])
    return job


def step(replay: Replay, job: object) -> JsonDict:
    """The job after its next step (unchanged once it holds the review)."""
    checked = expect_dict(job, "job")
    expect_keys(checked, "job", JOB_KEYS)
    if checked["job"] != JOB or checked["version"] != JOB_VERSION:
        raise MalformedError("job.job", "not a review job of this engine")
    given = check_input(replay, checked["record"], checked["seat"], checked["level"],
                        checked["seed"], checked["hand"])  # fmt: skip
    steps = given.reviewer.steps(given.game, given.seat, given.hand)
    if checked["steps"] != steps:
        raise MalformedError("job.steps", "not the steps of this review")
    done = expect_int(checked["done"], "job.done", 0, len(steps))
    results = expect_list(checked["results"], "job.results", done)
    for i, value in enumerate(results):
        given.reviewer.check(steps[i], value, True, f"job.results[{i}]")
    partial = checked["partial"]
    if partial is not None:
        if done == len(steps):
            raise MalformedError("job.partial", "the review is finished")
        given.reviewer.check(steps[done], partial, False, "job.partial")
    progress = expect_dict(checked["progress"], "job.progress")
    units = expect_int(progress.get("done"), "job.progress.done", 0)
    out = dict(checked)
    if done == len(steps):
        out["review"] = given.reviewer.report(given.game, given.seat, given.hand, steps, results)
        return out
    result = given.reviewer.step(given.game, given.seat, steps[done], given.level, given.seed,
                                 partial)  # fmt: skip
    if result.finished:
        results = [*results, result.value]
        done += 1
        out["partial"] = None
    else:
        out["partial"] = result.value
    out["results"] = results
    out["done"] = done
    units += 1
    out["progress"] = {"done": units, "total": units + result.left + len(steps) - done}
    if done == len(steps):
        out["review"] = given.reviewer.report(given.game, given.seat, given.hand, steps, results)
    return out


def run(
    replay: Replay, record: object, seat: object, level: object, seed: object, hand: object
) -> JsonDict:
    """The whole review in one call: every step of the plan, then the report."""
    given = check_input(replay, record, seat, level, seed, hand)
    steps = given.reviewer.steps(given.game, given.seat, given.hand)
    results = []
    for planned in steps:
        partial = None
        while True:
            result = given.reviewer.step(given.game, given.seat, planned, given.level,
                                         given.seed, partial)  # fmt: skip
            if result.finished:
                results.append(result.value)
                break
            partial = result.value
    return given.reviewer.report(given.game, given.seat, given.hand, steps, results)


def decision(replay: Replay, record: object, seat: object, index: object, level: object,
             seed: object) -> JsonDict:  # fmt: skip
    """One decision of ``seat`` judged (as the whole review judges it)."""
    given = check_input(replay, record, seat, level, seed, None)
    where = expect_int(index, "index", 0)
    planned = {"type": "decision", "index": where}
    if planned not in given.reviewer.steps(given.game, given.seat, None):
        raise MalformedError("index", f"action {where} of the record is not a decision of seat "
                             f"{given.seat} that this game reviews one by one")  # fmt: skip
    result = given.reviewer.step(given.game, given.seat, planned, given.level, given.seed, None)
    return result.value
