"""The fast simulator agrees with the engine, and deals a seat's possible worlds."""

from __future__ import annotations

from collections import Counter

import pytest
from sabacc.support import declare, events_of, finish_round, new

from celestix import api
from celestix.rng import Rng
from celestix.sabacc import sim
from celestix.sabacc.bots.knowledge import read
from celestix.sabacc.cards import DECK


def test_masks_and_cards() -> None:
    cards = ["1c", "14t", "-1", "0", "13f"]
    mask = sim.mask_of(cards)
    assert mask.bit_count() == 5
    assert sim.cards_of(mask) == sorted(cards, key=DECK.index)
    assert sim.cards_of(sim.SABACC_MASK) == list(DECK[56:])
    assert [sim.suit_index(DECK.index(c)) for c in ("1c", "14f", "7s", "1t", "-3", "0")] == [
        0, 1, 2, 3, 4, 4,
    ]  # fmt: skip


def test_winner_and_legal_masks_match_the_rules() -> None:
    ids = [DECK.index(c) for c in ("5c", "14c", "-1", "13c")]
    assert sim.winner_offset(ids) == 2
    ids = [DECK.index(c) for c in ("-21", "0", "-20")]
    assert sim.winner_offset(ids) == 1
    ids = [DECK.index(c) for c in ("5c", "14f", "6c")]
    assert sim.winner_offset(ids) == 2
    hand = sim.mask_of(["1f", "2f", "-3"])
    assert sim.cards_of(sim.legal_mask(hand, [DECK.index("9c")])) == ["-3"]
    assert sim.cards_of(sim.legal_mask(hand, [DECK.index("9f")])) == ["1f", "2f"]
    assert sim.cards_of(sim.legal_mask(hand, [])) == ["1f", "2f", "-3"]


@pytest.mark.parametrize(("players", "seed", "contract"), [
    (3, 1, "take"), (4, 2, "guard_without"), (5, 3, "guard_against"), (4, 4, "push"),
])  # fmt: skip
def test_a_simulated_round_ends_as_the_engine_ends_it(
    players: int, seed: int, contract: str
) -> None:
    state, _ = declare(new(players, seed=seed), 1, contract)
    while state["phase"] == "aside":
        state = api.apply(state, api.legal_actions(state, 1)[0], 1)["state"]
    position = sim.from_state(state)
    sim.playout(position, sim.lowest_card)  # the first legal card, as finish_round plays
    _, events = finish_round(state)
    counted = events_of(events, "round_counted")[0]
    assert position.finished
    assert position.declarer_half == counted["points"]
    assert position.tricks_won == counted["tricks"]


def test_random_playouts_keep_the_deck_and_the_tricks() -> None:
    state, _ = declare(new(5, seed=9), 0, "guard_without")
    start = sim.from_state(state)
    rng = Rng(4)
    for _ in range(20):
        end = sim.playout(start.clone(), sim.random_policy(rng))
        assert end.finished and sum(end.tricks_won) == 15
        assert 0 <= end.declarer_half <= 182
    assert start.hands == [sim.mask_of(hand) for hand in state["hands"]]  # clones


def test_deal_unseen_respects_sizes_and_shown_voids() -> None:
    state, _ = declare(new(4, seed=5), 2, "guard_without")
    for _ in range(12):
        seat = state["to_act"]
        state = api.apply(state, api.legal_actions(state, seat)[-1], seat)["state"]
    view = api.view(state, 0)
    know = read(view)
    others = [s for s in range(4) if s != 0]
    # Seat 0 cannot see the other hands, nor the talon in the declarer's pile.
    unseen = sorted(know.outstanding, key=DECK.index)
    sizes = [view["hand_sizes"][s] for s in others] + [len(state["talon"])]
    voids = [know.void[s] for s in others] + [set()]
    rng = Rng(1)
    for _ in range(10):
        hands = sim.deal_unseen(unseen, sizes, voids, rng)
        assert hands is not None
        assert [len(h) for h in hands] == sizes
        assert Counter(c for h in hands for c in h) == Counter(unseen)
        for hand, void in zip(hands, voids, strict=True):
            barred = {sim.SUIT_NAME_INDEX[suit] for suit in void}
            assert not any(sim.suit_index(DECK.index(card)) in barred for card in hand)


def test_deal_unseen_refuses_sizes_that_do_not_add_up() -> None:
    with pytest.raises(ValueError):
        sim.deal_unseen(["1c", "2c"], [1], [set()], Rng(1))
    # An impossible constraint: every unseen card is of a suit the only hand lacks.
    assert sim.deal_unseen(["1c", "2c"], [2], [{"c"}], Rng(1), tries=3) is None


def test_position_clone_is_independent() -> None:
    state, _ = declare(new(4, seed=3), 0, "guard_against")
    position = sim.from_state(state)
    copy = position.clone()
    copy.play((copy.legal() & -copy.legal()).bit_length() - 1)
    assert position.trick == [] and len(copy.trick) == 1
    assert copy.to_play == (position.to_play + 1) % 4
    assert copy.hands[position.to_play] != position.hands[position.to_play]
