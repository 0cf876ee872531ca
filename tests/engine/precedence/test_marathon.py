"""A thousand full bot games without an error (``CELESTIX_TEST_SCALE`` sizes the run).

The games run on the engine's functions with the full state check after every hand;
one game in fifty goes through the facade, checking every state, view and action.
Seats and options vary from game to game; every game has at least one team of
heuristic players, so it reaches the target. (The searching levels play whole games
in test_search_bots.py: a thousand of their games would take too long.)
"""

from __future__ import annotations

import pytest
from scale import scaled

from celestix.runner import play

LEVEL_SETS = [
    ("basic", "basic", "basic", "basic"),
    ("basic", "random", "basic", "random"),
    ("random", "basic", "random", "basic"),
    ("easy", "random", "easy", "basic"),
    ("basic", "easy", "random", "basic"),
]
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"variant": "frontier"},
    {"target": 150},
    {"trump": "Core", "ante": 0, "accord": 7},
    {"variant": "frontier", "trump": "rotate", "meld_wager": 0, "trick_credit": 3},
    {"leftover_pot": "winners", "start_chips": 20, "penalty": 5},
    {"variant": "frontier", "target": 150, "penalty": 30},
]


@pytest.mark.slow
def test_a_thousand_bot_games() -> None:
    games = scaled(1000)
    winners = [0, 0]
    for game in range(games):
        levels = LEVEL_SETS[game % len(LEVEL_SETS)]
        options = OPTION_SETS[game % len(OPTION_SETS)]
        match = play("precedence", levels, options, 10_000 + game, max_hands=300, audit=True,
                     checked=game % 50 == 0)  # fmt: skip
        state = match.state
        assert match.finished, f"game {game} did not end"
        scores = state["scores"]
        assert scores[state["winner"]] > scores[1 - state["winner"]]
        assert max(scores) >= state["options"]["target"]
        assert sum(state["chips"]) + state["hand_pot"] == 4 * state["options"]["start_chips"]
        assert state["accord_pot"] == 0
        winners[state["winner"]] += 1
    assert sum(winners) == games
