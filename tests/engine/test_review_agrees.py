"""Following the hint is never called a mistake by the review (issue 24, item 1).

Seat 0 plays a hand of Precedence and a round of Contract Sabacc by ``api.hint`` alone
(the others by the bots), then ``api.review`` judges seat 0's decisions at the same level:
the review searches each decision as the hint did (the same view, seed and sampled
deals), so no hinted decision costs anything, and no reason says the same thing of the
played card and the better one. Measured at "normal" and at "strong", the level the
page's hints and reviews use.
"""

from __future__ import annotations

from typing import Any

import pytest
from scale import scaled

from celestix import api
from celestix.precedence import review as precedence_review
from celestix.sabacc import review as sabacc_review

# The levels both use: the page's ("strong"), and "normal", which searches less.
LEVELS = ["normal", "strong"]
ROUND_KEY = {"precedence": "hand_number", "sabacc": "round"}
OPTIONS: dict[str, dict[str, Any] | None] = {"precedence": None, "sabacc": {"players": 3}}


@pytest.fixture(autouse=True)
def small_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small double-dummy budgets: the par is not what is tested here."""
    monkeypatch.setattr(precedence_review, "PAR_BUDGET", 2_000)
    monkeypatch.setattr(sabacc_review, "PAR_BUDGET", 2_000)


def hinted_hand(game: str, seed: int, level: str) -> tuple[dict[str, Any], set[int]]:
    """The first hand (round) with seat 0 following the hint: the record and the indices
    of the hinted actions."""
    state = api.new_game(game, OPTIONS[game], seed)
    record: dict[str, Any] = {"game": game, "seed": seed, "actions": []}
    if OPTIONS[game] is not None:
        record["options"] = OPTIONS[game]
    hinted = set()
    while not state["over"] and state[ROUND_KEY[game]] == 0:
        seat = state["to_act"]
        view = api.view(state, seat)
        if seat == 0:
            hinted.add(len(record["actions"]))
            action = api.hint(view, level)["action"]
        else:
            action = api.bot_action(view, "easy", len(record["actions"]))
        record["actions"].append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    return record, hinted


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", ["precedence", "sabacc"])
def test_the_review_never_charges_the_hint(game: str, level: str) -> None:
    charged = []
    judged = 0
    for seed in range(1, 1 + scaled(2)):
        record, hinted = hinted_hand(game, seed, level)
        review = api.review(record, 0, level, None, 0)
        for decision in review["decisions"]:
            assert decision["index"] in hinted
            judged += decision["choices"] > 1
            if decision["loss"] > 0:
                charged.append((seed, decision["reason"]))
        assert review["summary"]["total_loss"] == 0 or charged
    assert judged > 0
    assert charged == [], f"{len(charged)} of {judged} hinted decisions charged: {charged}"
