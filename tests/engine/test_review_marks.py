"""The review's marks and its summary agree (issue 24, audit 2 items 9, 13, 18): every
decision carries the engine's mark, from one set of thresholds per game
(celestix/review/marks.py); the summary names as costly exactly the decisions marked an
inaccuracy or worse, never one the marks call fine; the patience's decisions name their
card, so its list of costliest moves can name it."""

from __future__ import annotations

from typing import Any

import pytest

from celestix import api
from celestix.precedence import review as precedence_review
from celestix.precedence.review import PrecedenceReview
from celestix.review.marks import COSTLY, MARKS, Scale, mark_of
from celestix.sabacc import review as sabacc_review
from test_review import easy_record

Decision = dict[str, Any]


@pytest.fixture(autouse=True)
def small_par(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precedence_review, "PAR_BUDGET", 20_000)
    monkeypatch.setattr(sabacc_review, "PAR_BUDGET", 20_000)


def decision(index: int, loss: int, same: bool = False) -> Decision:
    action = {"type": "play", "card": "9V"}
    best = action if same else {"type": "play", "card": "4V"}
    value = 100
    found = {"index": index, "action": action, "best": best, "loss": loss, "reason": "",
             "hand": 0, "kind": "play", "choices": 3, "value": value,
             "best_value": value + loss}  # fmt: skip
    found["mark"] = mark_of(found, PrecedenceReview.scale)
    return found


def test_the_marks_by_the_loss() -> None:
    scale = Scale(inaccuracy=5, mistake=15, blunder=40)
    marks = [mark_of(decision(0, loss), scale) for loss in (0, 4, 5, 14, 15, 39, 40)]
    assert marks == ["fine", "fine", "inaccuracy", "inaccuracy", "mistake", "mistake",
                     "blunder"]  # fmt: skip
    assert mark_of(decision(0, 0, same=True), scale) == "best"
    assert mark_of(decision(0, 0, same=True), Scale(50, 50, 100, best=False)) == "fine"
    assert mark_of({**decision(0, 9), "choices": 1}, scale) == "forced"
    assert mark_of({**decision(0, 9), "value": None}, scale) == "unknown"


def test_a_decision_marked_fine_is_never_named_costly() -> None:
    """Losses under the inaccuracy's threshold: fine, and the summary names none of them
    (before, any loss was named among the costliest, beside a "Fine" mark)."""
    review = PrecedenceReview()
    small = [decision(0, 2), decision(1, 4), decision(2, 0, same=True)]
    summary = review.summary(None, small)  # type: ignore[arg-type]  # (no name is needed)
    assert summary["costliest"] == []
    assert summary["total_loss"] == 6
    assert "costliest" not in summary["text"] and "fine" in summary["text"]


@pytest.mark.parametrize(("game", "seat", "seed"), [("precedence", 0, 3), ("sabacc", 0, 4),
                                                    ("patience", 0, 10)])  # fmt: skip
def test_every_decision_has_the_engine_mark_and_the_summary_follows_it(
    game: str, seat: int, seed: int
) -> None:
    found = api.review(easy_record(game, seed), seat, "normal", 3)
    decisions = found["decisions"]
    assert decisions
    assert all(d["mark"] in MARKS for d in decisions)
    costly = {d["index"] for d in decisions if d["mark"] in COSTLY}
    named = set(found["summary"]["costliest"])
    assert named <= costly
    assert len(named) == min(len(costly), 3 if game != "patience" else len(costly))
    if game == "patience":
        # the card each move concerns: the waste's top card then (None: the waste empty)
        state = api.new_game("patience", None, seed)
        for d, entry in zip(decisions, easy_record(game, seed)["actions"], strict=False):
            waste = api.view(state, 0)["waste"]
            assert d["card"] == (waste[-1] if waste else None)
            state = api.apply(state, entry["action"], 0)["state"]
