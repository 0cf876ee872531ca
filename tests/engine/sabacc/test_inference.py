"""Past plays read as evidence (the ``strong`` level): constructed tricks, and the sampler."""

from __future__ import annotations

from typing import Any

from sabacc.support import act, declare, fill_hands, new, play_until, suit

from celestix import api
from celestix.rng import Rng
from celestix.sabacc.bots.deals import Knowledge
from celestix.sabacc.bots.fast import HALF, SABACC_MASK, mask_of
from celestix.sabacc.bots.inference import contradictions, play_evidence
from celestix.sabacc.cards import CARD_ID

ORDINARY_SABACCS = mask_of([str(-n) for n in range(2, 21)])
COURT_CARDS = sum(1 << c for c in range(56) if HALF[c] > 1)


def plays(*cards: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": card} for seat, card in cards]


def test_a_play_onto_the_other_sides_sure_trick_rules_out_cheaper_cards() -> None:
    # the declarer (seat 0) leads The Idiot; seat 1 gives The Universe: it held no
    # ordinary Sabacc, or it would have given that
    [item] = play_evidence([plays((0, "0"), (1, "-21"))], 2, 4, 0)
    assert item == (1, ORDINARY_SABACCS, 0)


def test_a_play_onto_a_partners_sure_trick_rules_out_richer_cards() -> None:
    # seat 0, a defender, leads The Idiot; seat 1, its partner, has no Sabacc and gives
    # the 2 of coins: it held no court card and no Master (its richest would have gone)
    [item] = play_evidence([plays((0, "0"), (1, "2c"))], 3, 4, 2)
    seat, ruled_out, later = item
    assert (seat, later) == (1, 0)
    assert ruled_out == COURT_CARDS
    assert not ruled_out & SABACC_MASK  # it showed it had none: nothing to rule out there


def test_plays_that_settle_nothing_tell_nothing() -> None:
    # the Master of coins led by the declarer could be trumped by a later seat: not sure
    assert play_evidence([plays((0, "14c"), (1, "2c"))], 3, 4, 0) == []
    # a play that takes the trick
    assert play_evidence([plays((0, "-5"), (1, "-6"))], 3, 4, 0) == []
    # the seat's own plays
    assert play_evidence([plays((0, "0"), (1, "-21"))], 1, 4, 0) == []


def test_a_seat_that_later_plays_a_ruled_out_card_is_not_read() -> None:
    tricks = [plays((0, "0"), (1, "-21"), (2, "-3"), (3, "-4")),
              plays((0, "-1"), (1, "-2"))]  # fmt: skip
    # seat 1 played the -2, an ordinary Sabacc, after giving The Universe: it did not
    # play as the model says, so that play is left out
    assert all(item[0] != 1 or not item[1] & (1 << CARD_ID["-2"]) for item in
               play_evidence(tricks, 3, 4, 0))  # fmt: skip


def test_contradictions_count_the_hand_as_it_was() -> None:
    evidence = [(1, ORDINARY_SABACCS, 0), (2, COURT_CARDS, mask_of(["13c"]))]
    hands = [0, mask_of(["-21"]), 0, 0]
    # seat 2 played the Mistress of coins after its evidence: it held it then
    assert contradictions(hands, evidence) == 1
    assert contradictions([0, mask_of(["-5"]), 0, 0], evidence) == 2


def universe_given() -> dict[str, Any]:
    """Seat 0 declares Guard without and leads The Idiot; seat 1 gives The Universe (its
    only Sabacc). Seat 2, to play, holds most ordinary Sabaccs: only the -19 and -20 are
    out of its sight (with seat 3)."""
    hands = fill_hands(4, {0: ["0", "-17", "-18", "-1", *suit("c", range(1, 15))],
                           1: ["-21", *suit("f", range(1, 15)), "12s", "13s", "14s"],
                           2: [*(str(-n) for n in range(2, 17)), "9s", "10s", "11s"]},
                       suit("t", range(1, 7)))  # fmt: skip
    state = new(4, 1, {"dealer": 3, "hands": hands, "talon": suit("t", range(1, 7))})
    state, _ = declare(state, 0, "guard_without")
    state, _ = play_until(state, lambda s: s["phase"] == "play")
    state, _ = act(state, {"type": "play", "card": "0"})
    state, _ = act(state, {"type": "play", "card": "-21"})
    return state


def test_the_sampler_weighs_deals_by_the_evidence() -> None:
    view = api.view(universe_given(), 2)
    reading = Knowledge.from_view(view, read_plays=True, tries=12)
    blind = Knowledge.from_view(view)
    assert reading.evidence == [(1, ORDINARY_SABACCS, 0)] and not blind.evidence
    seat1_ordinary = [0, 0]
    for k in range(400):
        for i, know in enumerate((reading, blind)):
            deal = know.sample(Rng(k))
            seat1_ordinary[i] += bool(deal.hands[1] & ORDINARY_SABACCS)
    # without the evidence most deals give seat 1 the -19 or the -20 (291 of 400); with
    # it, a deal that does is kept half as often (weighed down, never refused)
    assert 240 < seat1_ordinary[1] < 340
    assert 0 < seat1_ordinary[0] < 0.8 * seat1_ordinary[1]
