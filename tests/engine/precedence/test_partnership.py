"""Partnership play (issue 17): constructed positions for each behaviour.

* not trumping a partner's sure winner (the search, the hint's words);
* unblocking a partner's suit (the playout policy, the hint's words);
* leading back the partner's suit (the hint's words);
* bidding around the partner's bid (the bid and its hint);
* reading the partner's (and the opponents') plays as evidence (``strong``'s sampler).
"""

from __future__ import annotations

from typing import Any

import pytest
from precedence.support import act, bid_all, declare_all, fill, later_hand, new, suit
from scale import scaled

from celestix import api
from celestix.precedence.bots import hints
from celestix.precedence.bots.deals import Knowledge
from celestix.precedence.bots.fast import SUIT_MASKS, mask_of, policy_card
from celestix.precedence.bots.inference import contradictions
from celestix.precedence.bots.seen import Seen
from celestix.precedence.cards import CARD_ID
from celestix.rng import Rng

State = dict[str, Any]
NEED = {1: 1, 2: 5, 3: 1, 0: 5}  # team 0 needs 10 tricks: its contract is not safe


def position(
    hands: dict[int, list[str]],
    plays: list[str],
    *,
    dealer: int = 1,
    melds: dict[int, list[list[str]]] | None = None,
    bids: dict[int, int] | None = None,
) -> State:
    """Hand 4 (Void trump) with the cards given, declared and bid, then ``plays``."""
    state = new(later_hand(fill(hands), dealer=dealer))
    state = bid_all(declare_all(state, melds), bids or NEED)
    for card in plays:
        state, _ = act(state, {"type": "play", "card": card})
    return state


def reason_of(state: State, card: str) -> str:
    """The hint's words for ``card`` in the position (the seat to act)."""
    view = api.view(state, state["to_act"])
    face_up = [{c for meld in melds for c in meld} for melds in view["melds"]]
    legal = [move["card"] for move in api.legal_actions(state, state["to_act"])]
    return hints.card_reason(Seen.from_view(view), card, legal, face_up, view["variant"])


# --- not trumping a partner's sure winner ---------------------------------------------------

# The partner (seat 2) leads the Emperor of Frontier; the last seat (1) shows face-up
# Frontier cards, so must follow; seat 0 has no Frontier and holds two trumps.
NO_RUFF = {
    0: [*suit("V", "23"), *suit("B", "2345"), *suit("C", "2345678")],
    1: [*suit("F", "234"), "EB", "EC"],
    2: ["EF", "TB"],
    3: ["5F"],
}


def no_ruff_position() -> State:
    return position(NO_RUFF, ["EF", "5F"], melds={1: [suit("F", "234")]})


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_partners_sure_winner_is_not_trumped(level: str) -> None:
    state = no_ruff_position()
    assert state["to_act"] == 0
    view = api.view(state, 0)
    for seed in range(scaled(3, 1)):
        card = api.bot_action(view, level, seed)["card"]
        assert card[1] != "V", card  # Void is trump
    advice = api.hint(view, level, 1)
    assert advice["action"]["card"][1] != "V"
    assert advice["reason"].startswith("Play the ")
    assert (
        ". Your partner's Emperor of Frontier already wins this trick: you do not trump it"
        in advice["reason"]
    )


# --- unblocking -------------------------------------------------------------------------------


def test_the_playout_policy_unblocks_under_a_partners_winner() -> None:
    # seat 2 led the Emperor of Frontier, seat 3 followed; seat 0 holds the Voidpilot
    # (StellarPilot) and the 3 of Frontier; seat 1, still to play, must follow Frontier.
    ids = [CARD_ID[c] for c in ("EF", "4F")]
    mine = mask_of(["PF", "3F", "2B", "2C"])
    long_partner = mask_of(["MF", "OF", "TF", "9F", "3B"])
    opponent = mask_of(["5F", "6F", "4B"])
    hands = [mine, opponent, long_partner, mask_of(["7F", "5B"])]
    legal = mine & SUIT_MASKS[1]
    assert policy_card(hands, legal, 0, 0, ids, True) == CARD_ID["PF"]
    # a partner with one Frontier card left is not blocked: the low card goes
    hands[2] = mask_of(["9F", "3B", "4C", "5C", "6C"])
    assert policy_card(hands, legal, 0, 0, ids, True) == CARD_ID["3F"]


def test_the_hint_says_when_a_card_unblocks() -> None:
    hands = {
        2: [*suit("F", "9TOME")],
        0: ["PF", "3F"],
        3: ["4F"],
    }
    state = position(hands, ["EF", "4F"])
    assert state["to_act"] == 0
    assert reason_of(state, "PF") == (
        "Your partner's Emperor of Frontier wins this trick: the StellarPilot of Frontier "
        "goes under it, so that it cannot block your partner's Frontier later"
    )
    assert reason_of(state, "3F").startswith("Your partner's Emperor of Frontier")
    advice = api.hint(api.view(state, 0), "strong", 2)
    words = {alt["action"]["card"]: alt["reason"] for alt in advice["alternatives"]}
    assert "so that it cannot block your partner's Frontier" in words["PF"]


# --- leading back the partner's suit ---------------------------------------------------------


def test_the_hint_says_a_lead_returns_the_partners_suit() -> None:
    # the partner (seat 2) led Frontier to the first trick, seat 0 won it with the Emperor
    hands = {2: ["2F", "PF"], 3: ["3F"], 0: ["EF", "5F", "2B"], 1: ["4F"]}
    state = position(hands, ["2F", "3F", "EF", "4F"])
    assert state["to_act"] == 0
    assert reason_of(state, "5F") == ("The 5 of Frontier leads back your partner's suit, Frontier")
    assert "partner" not in reason_of(state, "2B")


# --- bidding around the partner's bid -------------------------------------------------------


def test_the_bid_counts_the_partners_bid() -> None:
    hand = [*suit("V", "9TO"), "EF", "EB", "2C", "3C", "4C", "5C", "6B", "7B", "8F", "9F"]
    state = declare_all(new(later_hand(fill({0: hand}), dealer=1)))
    # seat 2 (the partner) bids first, then seat 3, then seat 0
    low, _ = act(state, {"type": "bid", "tricks": 0})
    high, _ = act(state, {"type": "bid", "tricks": 7})
    bids = {}
    for name, before in (("low", low), ("high", high)):
        after, _ = act(before, {"type": "bid", "tricks": 2})
        assert after["to_act"] == 0
        advice = api.hint(api.view(after, 0), "normal", 3)
        partner = after["bids"][2]
        # the person's own bid first, then the team's contract with the partner's
        own = advice["action"]["tricks"]
        assert advice["reason"].startswith(f"Bid {own}. With your partner's bid of {partner}, ")
        assert f"your team's contract is {partner + own} tricks" in advice["reason"]
        bids[name] = advice["action"]["tricks"]
        assert api.bot_action(api.view(after, 0), "normal", 3) == advice["action"]
    # a partner who bid seven holds many of the tricks this hand would take against a
    # partner who bid nothing: the bid is no higher
    assert bids["high"] <= bids["low"]


# --- the partner's plays as evidence ---------------------------------------------------------


def test_a_partners_low_card_is_read_as_evidence() -> None:
    # seat 1 leads the 2 of Frontier, the partner (seat 2) follows with the 9 while the
    # Emperor is still out: under sound play it holds no lower Frontier card
    hands = {1: ["2F"], 2: ["9F"], 3: ["EF"], 0: ["TF", "2B"]}
    state = position(hands, ["2F", "9F", "EF"], dealer=0)
    assert state["to_act"] == 0
    view = api.view(state, 0)
    know = Knowledge.from_view(view, read_plays=True)
    low = mask_of(suit("F", "345678")) & know.unseen()  # those seat 0 cannot see
    assert low
    assert (2, low, -1, 0) in know.evidence
    assert not Knowledge.from_view(view).evidence
    counts = {}
    for read in (False, True):
        know = Knowledge.from_view(view, read_plays=read, tries=12)
        rng = Rng(5, 1)
        counts[read] = sum(bool(know.sample(rng)[2] & low) for _ in range(200))
    # a deal contradicting the play is kept half as often (of 200, 137 deals put a low
    # Frontier card with the partner without the evidence, 111 with it)
    assert counts[True] <= counts[False] - 20


def test_contradictions_count_each_play_ruled_out() -> None:
    low = mask_of(suit("F", "345"))
    top = mask_of(["EB"])
    evidence = [(2, low, -1, 0), (1, top, 2, 0)]  # seat 1 led a low Border card
    hands = [0, mask_of(["2F", "3F", "4F", "5F", "6B"]), mask_of(["3F"]), 0]
    # seat 2 holds a low Frontier card; seat 1's lead came from a shorter suit
    assert contradictions(hands, evidence, 0) == 2
    hands[2] = mask_of(["TF"])
    hands[1] = mask_of(["2F", "6B", "7B", "8B"])
    assert contradictions(hands, evidence, 0) == 0
    hands[1] = mask_of(["6B", "2V", "3V", "4V", "5V"])  # four trumps: it would lead one
    assert contradictions(hands, evidence, 0) == 1
