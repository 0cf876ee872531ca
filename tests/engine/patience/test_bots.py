"""The patience bots: legal moves everywhere, determinism, fairness, and strength."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale import scaled

from celestix import api
from celestix.patience import bots, hints
from celestix.patience.bots import EFFORT, LEVELS, Effort
from celestix.patience.cards import foundation_name
from celestix.rng import MAX_SEED, Rng

JsonDict = dict[str, object]
# The same code paths as the real levels, with budgets small enough for volume.
QUICK = {
    "normal": Effort(budget=300, samples=0, sample_budget=0),
    "strong": Effort(budget=400, samples=2, sample_budget=60),
}


@pytest.fixture
def quick_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    for level, effort in QUICK.items():
        monkeypatch.setitem(EFFORT, level, effort)


def positions(seed: int, count: int) -> Iterator[JsonDict]:
    """Positions of random-move games, every pass, both starts, redeal counts 0-3."""
    rng = Rng(seed)
    while count > 0:
        options = {"start": rng.choice(["king", "no-king"]), "redeals": rng.below(4)}
        state = api.new_game("patience", options, rng.below(MAX_SEED))
        while not state["over"] and count > 0:
            if rng.below(4) == 0:
                count -= 1
                yield state
            legal = api.legal_actions(state, 0)
            builds = [a for a in legal if a["type"] == "build"]
            # mostly build, so games reach the later passes
            pick = builds if builds and rng.below(10) < 8 else legal
            state = api.apply(state, rng.choice(pick), 0)["state"]


@pytest.mark.usefixtures("quick_levels")
def test_every_level_moves_legally_over_thousands_of_positions() -> None:
    checked = 0
    for state in positions(1, scaled(1000, 60)):
        legal = api.legal_actions(state, 0)
        view = api.view(state, 0)
        for level in LEVELS:
            assert api.bot_action(view, level, checked) in legal
        checked += 1
    assert checked == scaled(1000, 60)


def test_real_levels_move_legally_through_whole_games() -> None:
    for seed in range(scaled(1, 1)):
        for level in ("normal", "strong"):
            state = api.new_game("patience", seed=100 + seed)
            moves = 0
            while not state["over"] and moves < 40:
                action = api.bot_action(api.view(state, 0), level, moves)
                assert action in api.legal_actions(state, 0)
                state = api.apply(state, action, 0)["state"]
                moves += 1


@settings(max_examples=scaled(30, 5))
@given(st.integers(1, 10**9), st.integers(0, 250), st.sampled_from(LEVELS))
def test_same_view_level_and_seed_same_move(seed: int, steps: int, level: str) -> None:
    state = api.new_game("patience", seed=seed)
    for _ in range(steps):
        if state["over"]:
            return
        state = api.apply(state, bots.greedy_move(api.legal_actions(state, 0)), 0)["state"]
    if state["over"]:
        return
    view = api.view(state, 0)
    with pytest.MonkeyPatch.context() as patch:
        for name, effort in QUICK.items():
            patch.setitem(EFFORT, name, effort)
        assert api.bot_action(view, level, 5) == api.bot_action(dict(view), level, 5)


def test_recorded_choices_stay_the_same() -> None:
    # Recorded on CPython; the Pyodide run must choose the same (no clock, no hash
    # order, randomness only from Rng).
    # Deal 4's fifth card is a Queen: foundation 1 (on its King) and foundation 2 (base
    # Queen) both take it.
    first_pass = api.new_game("patience", seed=4)
    for _ in range(5):
        first_pass = api.apply(first_pass, {"type": "deal"}, 0)["state"]
    view = api.view(first_pass, 0)
    assert [a["type"] for a in api.legal_actions(first_pass, 0)] == ["deal", "build", "build"]
    assert api.bot_action(view, "strong", 11) == RECORDED_FIRST_PASS
    later = second_pass_state(4)
    assert api.bot_action(api.view(later, 0), "strong", 11) == RECORDED_SECOND_PASS
    assert api.bot_action(api.view(later, 0), "normal", 3) == RECORDED_SECOND_PASS_NORMAL


RECORDED_FIRST_PASS = {"type": "build", "to": 1}
RECORDED_SECOND_PASS = {"type": "deal"}
RECORDED_SECOND_PASS_NORMAL = {"type": "deal"}


def second_pass_state(seed: int) -> JsonDict:
    """The easy bot's game on deal ``seed`` at the start of the second pass."""
    state = api.new_game("patience", seed=seed)
    while state["redeals_left"] == 2:
        state = api.apply(state, bots.greedy_move(api.legal_actions(state, 0)), 0)["state"]
    return state


@settings(max_examples=scaled(20, 5))
@given(st.integers(1, 10**9), st.integers(0, 80), st.integers(0, 10**6))
def test_first_pass_choices_ignore_the_hidden_order(seed: int, deals: int, shuffle: int) -> None:
    # Two first-pass states that differ only in the stock's order give the same view,
    # and so the same move at every level.
    state = api.new_game("patience", seed=seed)
    for _ in range(deals):
        legal = api.legal_actions(state, 0)
        state = api.apply(state, bots.greedy_move(legal), 0)["state"]
        if state["over"] or state["redeals_left"] < 2:
            return
    other = dict(state, stock=Rng(shuffle).shuffled(state["stock"]))
    view = api.view(state, 0)
    assert view == api.view(other, 0)
    assert view["seen_stock"] == []
    with pytest.MonkeyPatch.context() as patch:
        for name, effort in QUICK.items():
            patch.setitem(EFFORT, name, effort)
        for level in LEVELS:
            assert api.bot_action(view, level, 1) == api.bot_action(api.view(other, 0), level, 1)


def test_seen_stock_is_the_whole_stock_from_the_second_pass_on() -> None:
    state = second_pass_state(7)
    view = api.view(state, 0)
    assert view["pass"] == 2
    assert view["seen_stock"] == state["stock"]
    state = api.apply(state, {"type": "deal"}, 0)["state"]
    assert api.view(state, 0)["seen_stock"] == state["stock"]


def test_a_view_with_a_wrong_memory_is_refused() -> None:
    view = api.view(second_pass_state(7), 0)
    broken = dict(view, seen_stock=view["seen_stock"][1:])
    with pytest.raises(api.RulesError, match="seen_stock"):
        api.bot_action(broken, "strong", 1)
    # The second pass starts with an empty waste: a third copy of a card the foundations
    # and the stock already hold both copies of replaces the stock's top card.
    assert view["waste"] == []
    shown = [card for pile in view["foundations"] for card in pile] + view["seen_stock"]
    third = next(c for c in shown if shown.count(c) == 2 and c != view["seen_stock"][0])
    doubled = dict(view, seen_stock=[third, *view["seen_stock"][1:]])
    with pytest.raises(api.RulesError):
        api.bot_action(doubled, "strong", 1)


def setup(ranks: str, counts: list[int], redeals: int) -> JsonDict:
    """A game placed at a position: foundation k holds counts[k] cards, the stock holds
    cards of ``ranks`` (top first); suits are chosen so that no code appears thrice."""
    used: dict[str, int] = {}

    def card(rank: str) -> str:
        for suit in "SHDC":
            if used.get(rank + suit, 0) < 2:
                used[rank + suit] = used.get(rank + suit, 0) + 1
                return rank + suit
        raise AssertionError("a third copy")

    order = "A23456789TJQK"
    foundations = [[card(order[(12 - k - i) % 13]) for i in range(counts[k])] for k in range(8)]
    stock = [card(rank) for rank in ranks]
    setup_ = {"stock": stock, "foundations": foundations, "redeals_left": redeals}
    return api.new_game("patience", {"redeals": 2}, 1, setup_)


def finish(state: JsonDict, level: str) -> bool:
    """Whether ``level`` wins from ``state``."""
    move = 0
    while not state["over"]:
        action = api.bot_action(api.view(state, 0), level, move)
        state = api.apply(state, action, 0)["state"]
        move += 1
    return state["phase"] == "won"


def test_the_fair_player_holds_where_easy_builds() -> None:
    # Foundation 8 needs J 10 9 8; the 8 under the 9 must wait for it, so the first 8
    # (wanted by foundations 7 and 8 at once) has to be held: easy builds it and loses.
    state = setup("Q892AJJ8TJ7T", [11, 13, 12, 12, 11, 13, 12, 8], 0)
    assert not finish(state, "easy")
    assert finish(state, "normal")
    assert finish(state, "strong")


def test_the_fair_player_wins_known_orders_easy_loses() -> None:
    # Second-pass positions whose whole stock the player has seen (so the view shows its
    # order), each winnable and lost by easy: normal solves the order and wins them all.
    won_only_by_normal = 0
    for ranks, counts in SECOND_PASS_POSITIONS:
        state = setup(ranks, counts, 1)
        assert api.view(state, 0)["seen_stock"] == state["stock"]
        normal = finish(state, "normal")
        easy = finish(state, "easy")
        assert normal
        won_only_by_normal += normal and not easy
    assert won_only_by_normal == len(SECOND_PASS_POSITIONS)


# Positions of test_solver.position(seed, 16, 1) for seeds 8, 17, 33, 34 and 83 (a deal
# played for a pass by a bot that builds with probability 4/5, cut down to 16 stock
# cards), with one redeal left: brute force wins each, the easy bot loses each.
SECOND_PASS_POSITIONS: list[tuple[str, list[int]]] = [
    ("Q89JT32TAK9JAQK4", [12, 8, 12, 13, 11, 8, 11, 13]),
    ("38Q92K2AJA34JKTQ", [10, 13, 11, 6, 13, 10, 12, 13]),
    ("352KQ88AQKJK7A94", [12, 12, 11, 5, 13, 13, 11, 11]),
    ("JTA9KK3584QTAQ22", [13, 7, 9, 13, 12, 13, 8, 13]),
    ("QJJT82J9A3KQTKT9", [13, 13, 13, 13, 6, 10, 7, 13]),
]


def every_move_said(advice: JsonDict, legal: list[JsonDict]) -> None:
    """A hint's alternatives say of every legal move: each is listed, or named where a
    move whose reason reads alike says "likewise building it on the Queen foundation"."""
    listed = [a["action"] for a in advice["alternatives"]]
    assert all(a in legal for a in listed) and len({str(a) for a in listed}) == len(listed)
    likewise = " ".join(a["reason"].partition("; likewise ")[2] for a in advice["alternatives"])
    for move in legal:
        if move not in listed:
            named = f"on {foundation_name(move['to'])}" if move["type"] == "build" else "dealing"
            assert named in likewise, (move, advice["alternatives"])


def test_hints_explain_the_fair_players_choice() -> None:
    # Known order: the hint recommends normal's move, says why, and values every move.
    state = setup("Q892AJJ8TJ7T", [11, 13, 12, 12, 11, 13, 12, 8], 0)
    while True:
        view = api.view(state, 0)
        legal = api.legal_actions(state, 0)
        advice = api.hint(view, "normal", 1)
        assert advice["action"] == api.bot_action(view, "normal", 1)
        every_move_said(advice, legal)
        if len(legal) > 1 and advice["action"]["type"] == "deal":
            break  # the hold the line needs
        state = api.apply(state, advice["action"], 0)["state"]
    assert advice["reason"].startswith("Leave the 8")
    assert advice["reason"].count("Leave the 8") == 1  # not "… and deal: Leave the 8 …: …"
    assert "the way to win builds it" in advice["reason"] or "needs it" in advice["reason"]
    values = {str(a["action"]): a["value"] for a in advice["alternatives"]}
    assert values[str({"type": "deal"})] == 100
    assert min(values.values()) == 0  # building the 8 now loses
    # First pass: values are shares of trial games with the face-down cards shuffled, and
    # the reason says so.
    first = api.new_game("patience", seed=4)
    for _ in range(5):
        first = api.apply(first, {"type": "deal"}, 0)["state"]
    with pytest.MonkeyPatch.context() as patch:
        for name, effort in QUICK.items():
            patch.setitem(EFFORT, name, effort)
        advice = api.hint(api.view(first, 0), "strong", 2)
    assert re.search(
        r"Played on from here \d+ times, with the face-down cards shuffled at random",
        advice["reason"],
    )
    every_move_said(advice, api.legal_actions(first, 0))
    assert all(0 <= a["value"] <= 100 for a in advice["alternatives"])


def _queen_view() -> JsonDict:
    """The Queen of Diamonds on the waste: the King foundation (started) and the empty
    Queen foundation both take it, or the player deals."""
    return {
        "waste": ["5C", "QD"],
        "foundations": [["KS"], [], [], [], [], [], [], []],
        "stock_count": 20,
        "seen_stock": [],
        "redeals_left": 2,
        "pass": 1,
    }


def test_the_hint_says_what_it_cannot_know() -> None:
    """Audit 7 F16: following the hint on every move can end in a dead end on a winnable
    deal (deal 659521, a King to start: 90 of 104 cards), and nothing said it could. Where
    the hint chooses without knowing (the first pass: it cannot see the face-down cards;
    later: it found no way to win among the ways it tried), its Why says so, in a sentence
    of its own after the reason (the page folds it under "Why?")."""
    view = _queen_view()
    on_queen, deal = {"type": "build", "to": 1}, {"type": "deal"}
    sampled = [bots.Choice(on_queen, 25, 2, 8), bots.Choice(deal, 0, 0, 8)]
    reason = hints.recommendation(view, sampled[0], sampled, 3)
    assert reason.endswith(". The hint cannot see the face-down cards: it plays the odds, so "
                           "a deal played its way can still end in a dead end.")  # fmt: skip
    searched = [
        bots.Choice(on_queen, 50, status="unknown"),
        bots.Choice(deal, 50, status="unknown"),
    ]
    reason = hints.recommendation(view, searched[0], searched, 3)
    assert reason.endswith(". The hint has seen the face-down cards go by, but it tries only "
                           "some of the ways to play on, so it may miss a way to win that is "
                           "left.")  # fmt: skip
    # where it knows (a way to win, or none left) or there is no choice: no such sentence
    for best, legal in (
        (bots.Choice(deal, 100, status="winnable", line=[]), 3),
        (bots.Choice(on_queen, 0, status="lost"), 3),
        (bots.Choice(deal, 0), 1),
    ):
        reason = hints.recommendation(view, best, [best], legal)
        assert "The hint" not in reason, reason


def test_the_hint_says_a_tie_is_a_tie() -> None:
    # Audit 4 P3: "won in 2 of 8 tries ..., against 2 if you build ..." compared equals.
    view = _queen_view()
    on_queen, on_king, deal = (
        {"type": "build", "to": 1},
        {"type": "build", "to": 0},
        {"type": "deal"},
    )
    choices = [
        bots.Choice(on_queen, 25, 2, 8),
        bots.Choice(on_king, 25, 2, 8),
        bots.Choice(deal, 0, 0, 8),
    ]
    reason = hints.recommendation(view, choices[0], choices, 3)
    tried = "Played on from here 8 times, with the face-down cards shuffled at random each time"
    assert reason == (
        "Build the Queen of Diamonds on the Queen foundation: it is as good as building the "
        f"Queen of Diamonds on the King foundation. {tried}, each won 2 of the 8 games. "
        + hints.PLAYS_THE_ODDS
    )
    assert "against" not in reason
    three = [choices[0], choices[1], bots.Choice(deal, 25, 2, 8)]
    assert hints.recommendation(view, three[0], three, 3) == (
        "Build the Queen of Diamonds on the Queen foundation: it is as good as 2 other moves, "
        f"and none is better. {tried}, each of them won 2 of the 8 games. " + hints.PLAYS_THE_ODDS
    )
    # Unequal counts keep the comparison, after what it means: the best chance.
    ahead = [bots.Choice(deal, 50, 4, 8), bots.Choice(on_queen, 25, 2, 8)]
    assert hints.recommendation(view, ahead[0], ahead, 3) == (
        "Leave the Queen of Diamonds on the waste and deal: it gives the best chance of "
        f"winning. {tried}, it won 4 of the 8 games; building the Queen of Diamonds on the "
        "Queen foundation won 2. " + hints.PLAYS_THE_ODDS
    )
    # A lead of one game in eight is a slight edge, and said so (audit 11: "the best
    # chance" on 3 of 8 against 2)
    edge = [bots.Choice(deal, 37, 3, 8), bots.Choice(on_queen, 25, 2, 8)]
    assert hints.recommendation(view, edge[0], edge, 3) == (
        "Leave the Queen of Diamonds on the waste and deal: it gives a slightly better chance "
        f"of winning than any other move. {tried}, it won 3 of the 8 games; building the Queen "
        "of Diamonds on the Queen foundation won 2. " + hints.PLAYS_THE_ODDS
    )
    # No move won a trial game: said as such, not as a tie at none.
    lost = [bots.Choice(on_queen, 0, 0, 8), bots.Choice(deal, 0, 0, 8)]
    assert hints.recommendation(view, lost[0], lost, 3) == (
        "Build the Queen of Diamonds on the Queen foundation: no move here is likely to win, "
        f"and this one is as good as any. {tried}, none of the moves won a game. "
        + hints.PLAYS_THE_ODDS
    )
    # the other moves' own lines in the why list
    assert hints.move_reason(view, ahead[1]) == (
        "Build the Queen of Diamonds on the Queen foundation: it won 2 of 8 games played on "
        "from here."
    )
    assert hints.move_reason(view, lost[1]).endswith(
        ": it won none of 8 games played on from here."
    )
