"""bench/patience_hints.py: how often following the patience's hint ends in a dead end
(issue 24, audit 7 F16)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.patience_hints import hint_move, play_deal, report
from celestix import api
from celestix.patience.bots import EFFORT, Effort

# The levels' code paths with budgets small enough to play whole deals in a test
QUICK = {"strong": Effort(budget=400, samples=2, sample_budget=60)}


@pytest.fixture
def quick_strong(monkeypatch: pytest.MonkeyPatch) -> None:
    for level, effort in QUICK.items():
        monkeypatch.setitem(EFFORT, level, effort)


@pytest.mark.usefixtures("quick_strong")
def test_the_bench_plays_what_the_pages_hint_says() -> None:
    """In every pass, at every choice: the hint's action as the page asks it (no seed:
    the view's own), which the bench reaches without valuing every move."""
    state = api.new_game("patience", {"redeals": 2}, 5)
    asked = {1: 0, 2: 0, 3: 0}
    while not state["over"]:
        view = api.view(state, 0)
        move, _ = hint_move(view)
        if len(api.legal_actions(state, 0)) > 1 and asked[view["pass"]] < 6:
            asked[view["pass"]] += 1
            assert move == api.hint(view)["action"], (view["pass"], view["moves"])
        state = api.apply(state, move, 0)["state"]
    assert all(asked.values()), asked  # (the game reached every pass with choices)


@pytest.mark.usefixtures("quick_strong")
def test_a_deal_followed_on_the_hint_says_how_it_ended() -> None:
    result = play_deal((3, "king", 1, 1_000))
    assert result["deal"] == 3 and isinstance(result["won"], bool)
    assert 1 <= result["built"] <= 104 and result["moves"] > 100
    assert result["opening"] in ("winnable", "lost", "unknown")
    if not result["won"]:  # the record of the dead end, and a word on the second pass
        assert len(result["actions"]) == result["moves"]
        assert len(result["passes"]) == 1


def test_the_report_counts_dead_ends_on_deals_shown_winnable() -> None:
    def deal(
        n: int, won: bool, opening: str, passes: list[str], found: Any = None
    ) -> dict[str, Any]:
        return {"deal": n, "won": won, "built": 104 if won else 80, "moves": 300,
                "seconds": 1.0, "opening": opening, "passes": passes, "found": found,
                "dropped": False}  # fmt: skip

    results = [
        deal(1, True, "unknown", []),  # won: shown winnable
        deal(2, False, "winnable", ["winnable", "unknown"], found=150),  # lost in pass 2
        deal(3, False, "winnable", ["lost", "lost"]),  # lost in the first pass
        deal(4, False, "unknown", ["unknown", "unknown"]),  # not shown winnable
    ]
    lines = report("king", 2, results)
    assert "the hint won 1 (25.0%); shown winnable 3" in lines[0]
    assert "dead ends on deals shown winnable: 2 of 3 = 66.7%" in lines[1]
    assert "a pass whose order the player knew: 1; lost at the end of the first pass: 1" in lines[1]
    assert "found a way to win and lost it: 1" in lines[1]
    assert lines[3] == "  dead ends: 2 (80, winnable/unknown), 3 (80, lost/lost)"
