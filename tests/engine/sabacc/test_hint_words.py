"""(i-words24) The words of Contract Sabacc's bid hints: the chosen bid beside the next
best by the search's own figures, and the chance of winning the game said against the
other course without overselling it (five players: most bids lose)."""

from __future__ import annotations

from celestix import api
from celestix.bots.chances import how_often
from celestix.sabacc.auction import PASS
from celestix.sabacc.bots.equity import EQUITY_UNITS
from celestix.sabacc.bots.fast import SCALE
from celestix.sabacc.bots.hints import bid_difference
from celestix.sabacc.bots.search import BUDGETS, BidEstimate, estimate_bid


def test_a_bid_for_the_game_says_its_chance_against_passing() -> None:
    """At five players the hint once said a made bid "puts you well ahead: your best
    chance"; it now gives the chance of winning the game with the choice and without it,
    as the search computed them."""
    checked = 0
    for seed in range(6):
        state = api.new_game("sabacc", {"players": 5}, seed)
        view = api.view(state, state["to_act"])
        hint = api.hint(view, "normal", seed)
        estimate = estimate_bid(view, BUDGETS["normal"], seed)  # type: ignore[arg-type]
        if estimate.equities is None or estimate.wins is not None:
            continue
        reason = hint["reason"]
        assert "well ahead" not in reason and "your best chance" not in reason, reason
        whole = EQUITY_UNITS * estimate.samples
        chosen = estimate.bids.index(estimate.best)
        mine = how_often(estimate.equities[chosen], whole)
        assert f"winning the game: {mine}" in reason, reason
        if estimate.best != PASS:
            passing = how_often(estimate.equities[-1], whole)
            assert passing in reason.split(f"game: {mine}")[1] or "as often" in reason, reason
        checked += 1
    assert checked


def test_a_bid_says_why_it_beats_the_next_best() -> None:
    estimate = BidEstimate(
        bids=["take", "push", "guard", PASS],
        values=[2 * SCALE * 10, 5 * SCALE * 10, -3 * SCALE * 10, 0],
        made=[9, 7, 2, 4],
        samples=10,
        best="push",
    )
    words = bid_difference(estimate)
    assert words == (
        "a Take is made almost always, but wins fewer chips: a Push is about 3 chips a "
        "round better on average than a Take"
    )
    higher = BidEstimate(
        bids=["take", "push", "guard", PASS],
        values=[5 * SCALE * 10, 3 * SCALE * 10, 4 * SCALE * 10, 0],
        made=[9, 7, 2, 4],
        samples=10,
        best="take",
    )
    assert bid_difference(higher) == (
        "a Guard would win more chips when made, but it is made only about one time in "
        "four: a Take is about 1 chip a round better on average than a Guard"
    )
