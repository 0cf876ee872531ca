"""Following the hint is never called a mistake by the review (issue 24, item 1).

Seat 0 plays a hand of Precedence and a round of Contract Sabacc by ``api.hint`` alone
(the others by the bots), then ``api.review`` judges seat 0's decisions at the same level:
the review searches each decision as the hint did (the same view, seed and sampled
deals), so no hinted decision costs anything, and no reason says the same thing of the
played card and the better one. Measured at "normal" and at "strong", the level the
page's hints and reviews use.

A Contract Sabacc aside is followed as the page follows it: the hint names six cards,
the person chooses those six and sets them aside (audit 6's fault 1: judged card by
card, the second card on was searched again from a view the hint never saw, and one
of the hint's own six was called a blunder). Over many deals and every table size, the
aside the hint names, and Precedence's declarations and bids at every seat, cost
nothing.
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
            actions = hinted_actions(api.hint(view, level))
        else:
            actions = [api.bot_action(view, "easy", len(record["actions"]))]
        state = played(state, record, seat, actions)
    return record, hinted


def hinted_actions(hint: dict[str, Any]) -> list[dict[str, Any]]:
    """What following ``hint`` sends, as the page does: a Sabacc aside's whole set of
    cards (chosen together, then set aside one by one), else the hint's action."""
    if "cards" in hint:
        return [{"type": "aside", "card": card} for card in hint["cards"]]
    return [hint["action"]]


def played(
    state: dict[str, Any], record: dict[str, Any], seat: int, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """The state after ``seat``'s ``actions``, each noted in the record."""
    for action in actions:
        record["actions"].append({"seat": seat, "action": action})
        state = api.apply(state, action, seat)["state"]
    return state


def bots_until(game: str, options: dict[str, Any] | None, seed: int,
               stop: Any) -> tuple[dict[str, Any], dict[str, Any]]:  # fmt: skip
    """The easy players from the deal until ``stop(state)`` (or the game's end): the
    state and its record."""
    state = api.new_game(game, options, seed)
    record: dict[str, Any] = {"game": game, "seed": seed, "actions": []}
    if options is not None:
        record["options"] = options
    while not state["over"] and not stop(state):
        seat = state["to_act"]
        action = api.bot_action(api.view(state, seat), "easy", len(record["actions"]))
        state = played(state, record, seat, [action])
    return state, record


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


# (level, players, asides): "normal" at every table size, and the page's "strong"
ASIDES = [("normal", 3, 8), ("normal", 4, 8), ("normal", 5, 6), ("strong", 4, 2)]


@pytest.mark.parametrize(("level", "players", "count"), ASIDES)
def test_setting_aside_the_hints_cards_costs_nothing(level: str, players: int,
                                                     count: int) -> None:  # fmt: skip
    """The easy players bid until an aside begins; the declarer sets aside the six cards
    the hint names, and the review judges that aside (one decision, from its first card)
    the best, at no cost."""
    options = {"players": players}
    judged = []
    seed = 0
    while len(judged) < scaled(count) and seed < 200:
        seed += 1
        state, record = bots_until("sabacc", options, seed, lambda s: s["phase"] == "aside")
        if state["over"]:
            continue
        seat = state["to_act"]
        first = len(record["actions"])
        hint = api.hint(api.view(state, seat), level)
        assert hint["reason"].startswith(f"Set aside these {NUMBERS[len(hint['cards'])]}: ")
        played(state, record, seat, hinted_actions(hint))
        review = api.review(record, seat, level, None, state["round"])
        asides = [d for d in review["decisions"] if d["kind"] == "aside"]
        assert [d["index"] for d in asides] == [first], "the aside is one decision"
        decision = asides[0]
        assert sorted(decision["action"]["cards"]) == sorted(hint["cards"])
        judged.append((seed, decision["mark"], decision["loss"], decision["reason"]))
    assert len(judged) == scaled(count)
    charged = [j for j in judged if j[1] not in ("best", "forced") or j[2] > 0]
    assert charged == [], f"{len(charged)} of {len(judged)} hinted asides charged: {charged}"


NUMBERS = {6: "six", 5: "five", 4: "four", 3: "three"}


@pytest.mark.parametrize("level", LEVELS)
def test_following_precedences_declaration_and_bid_hints_costs_nothing(level: str) -> None:
    """Every seat declares and bids as the hint says; each such decision is judged the
    level's own, at no cost (the declaration searched as the hint searched it, the
    declaration the person made valued on the same deals)."""
    judged = []
    for seed in range(1, 1 + scaled(6 if level == "normal" else 2)):
        state, record = bots_until("precedence", None, seed, lambda s: True)
        hinted: list[tuple[int, int]] = []
        while state["phase"] in ("declare", "bid"):
            seat = state["to_act"]
            hinted.append((len(record["actions"]), seat))
            state = played(
                state, record, seat, hinted_actions(api.hint(api.view(state, seat), level))
            )
        for index, seat in hinted:
            decision = api.review_decision(record, seat, index, level)
            judged.append((seed, decision["kind"], decision["mark"], decision["loss"],
                           decision["reason"]))  # fmt: skip
    assert {j[1] for j in judged} == {"declare", "bid"}
    charged = [j for j in judged if j[2] not in ("best", "forced") or j[3] > 0]
    assert charged == [], f"{len(charged)} of {len(judged)} hinted decisions charged: {charged}"
