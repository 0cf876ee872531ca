"""The words of Precedence hints (celestix.precedence.bots.hints) in constructed positions:
the reason for a card is what the card does, from what the view shows."""

from __future__ import annotations

from typing import Any

from precedence.support import act, bid_all, declare_all, fill, later_hand, new, suit

from celestix import api
from celestix.bots.budget import rounded
from celestix.precedence.bots.hints import (
    card_reason,
    declare_sentence,
    forced_reason,
    meld_labels,
)
from celestix.precedence.bots.legal import legal_or_refuse
from celestix.precedence.bots.search import BUDGETS, estimate_bid, estimate_declaration
from celestix.precedence.bots.seen import Seen

State = dict[str, Any]
BIDS = {1: 1, 2: 5, 3: 1, 0: 5}


def after(setup: State, plays: list[str]) -> State:
    """The hand of ``setup``, nothing declared, the bids made, then ``plays``."""
    state = bid_all(declare_all(new(setup)), BIDS)
    for card in plays:
        state, _ = act(state, {"type": "play", "card": card})
    return state


def reason(state: State, card: str) -> str:
    """The hint's reason for the seat to act playing ``card``."""
    view = api.view(state, state["to_act"])
    legal = [move["card"] for move in api.legal_actions(state, state["to_act"])]
    assert card in legal
    face_up = [{c for meld in melds for c in meld} for melds in view["melds"]]
    return card_reason(Seen.from_view(view), card, legal, face_up, view["variant"])


def test_leading_trump_draws_the_last_trump_card() -> None:
    # seat 1 leads with every Void (trump) card but the 2
    state = after(later_hand(fill({1: [*suit("V", "3456789TOMPE"), "2F"]})), [])
    assert state["to_act"] == 1
    assert reason(state, "EV") == "Leading trump draws the last Void card"


def test_ruffing_over_an_opponents_trump_is_an_overtrump() -> None:
    hands = fill(
        {
            0: [*suit("V", "9TOMPE"), *suit("F", "2345678")],
            1: [*suit("B", "5789TOMPE"), *suit("C", "5678")],
            2: ["6B", *suit("C", "9TOMPE")],
            3: [*suit("V", "2345"), *suit("F", "9TOMPE"), *suit("C", "234")],
        }
    )
    state = after(later_hand(hands), ["5B", "6B", "4V"])  # seat 3 ruffed seat 2's 6B
    assert state["to_act"] == 0
    assert reason(state, "9V") == "You have no Border left: the 9 of Void overtrumps the 4 of Void"
    # with no trump on the trick yet, over an opponent's card, it trumps the trick
    state = after(later_hand(hands), ["7B", "6B", "9F"])
    assert reason(state, "9V") == "You have no Border left: the 9 of Void trumps the trick"
    # over the partner's card, which must win the trick (seat 0 plays last), it trumps that
    state = after(later_hand(hands), ["5B", "6B", "9F"])
    assert reason(state, "9V") == "The 9 of Void trumps your partner's 6 of Border"


def test_overtaking_a_partner_whose_card_may_be_beaten_says_so() -> None:
    # seat 2 leads the 10 of Frontier, seat 3 plays low, seat 1 is still to play
    hands = fill({0: ["EF", "3F"], 2: ["TF"], 3: ["2F"]})
    state = after(later_hand(hands, dealer=1), ["TF", "2F"])
    assert state["to_act"] == 0
    assert reason(state, "EF") == (
        "Your partner's 10 of Frontier could still be beaten: the Emperor of Frontier "
        "overtakes it to fight for the trick"
    )
    assert reason(state, "3F") == (
        "Your partner's 10 of Frontier is winning this trick: the 3 of Frontier does not "
        "overtake it"
    )


def test_melds_are_counted_in_words() -> None:
    assert meld_labels(["Triad"]) == "Triad"
    assert meld_labels(["Triad", "Triad"]) == "two Triads"
    assert meld_labels(["Quad", "Run of 3", "Run of 3"]) == "Quad and two Runs of 3"
    assert meld_labels(["Run of 4", "Triad"]) == "Run of 4 and Triad"


def declare_hint(cards: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The hint for the first seat to declare, holding ``cards``: the hint and the hand."""
    first = new({"hands": fill({})})["to_act"]
    state = new({"hands": fill({first: cards})})
    view = api.view(state, first)
    return api.hint(view, "strong"), view["hand"]


def test_the_declare_hint_names_each_meld_by_its_cards() -> None:
    # two Triads (the 6s and the StellarPilots) and a Run in Frontier beside the Pilot's
    hint, hand = declare_hint(["6V", "6B", "6C", "PV", "PB", "PF", "OF", "MF", "2C", "9V"])
    melds = hint["action"]["melds"]
    assert melds, hint["reason"]
    headline = hint["reason"].split(". ")[0] + "."
    names = {
        "6": "6s",
        "P": "StellarPilots",
    }
    for meld in melds:
        if len({card[0] for card in meld}) == 1:  # a Triad: its rank is named
            assert names[meld[0][0]] in headline, (meld, headline)
        else:  # the Run: its ends and its suit
            assert "of Frontier)" in headline, (meld, headline)
    assert "Triad." not in headline and "two Triads" not in hint["reason"]
    # the choices compared are told apart by their words, one line each
    reasons = [alt["reason"] for alt in hint["alternatives"]]
    assert len(set(reasons)) == len(reasons), reasons
    assert all(card in hand for meld in melds for card in meld)


def test_declare_sentences() -> None:
    held = ["6V", "6B", "6C", "6F", "PV", "PB", "PF", "4F", "5F"]
    assert declare_sentence([["6V", "6B", "6C"]], "stellar", held) == (
        "Declare your Triad of 6s without the 6 of Frontier."
    )
    both = declare_sentence([["6V", "6B", "6C", "6F"], ["PV", "PB", "PF"]], "stellar", held)
    assert both == "Declare your Quad of 6s and your Triad of StellarPilots."
    held = ["6V", "6B", "6C", "PV", "PB", "PF", "3F", "4F", "5F"]
    triads = declare_sentence([["6V", "6B", "6C"], ["PV", "PB", "PF"]], "stellar", held)
    assert triads == "Declare both Triads: the 6s and the StellarPilots."
    run = declare_sentence([["3F", "4F", "5F"]], "stellar", held)
    assert run == "Declare your Run of 3 (3 to 5 of Frontier)."


# --- i-words24: the declare and bid hints say the net and the difference ------------------


def first_view(phase: str, found: int = 1) -> tuple[dict[str, Any], int]:
    """The ``found``-th view of the seat to act in ``phase`` (bots acting in between),
    over the first deals, with the seed it came from."""
    for seed in range(40):
        state = api.new_game("precedence", {}, seed)
        while state["phase"] in ("declare", "bid"):
            view = api.view(state, state["to_act"])
            if view["phase"] == phase and len(api.legal_actions(state, state["to_act"])) > 1:
                found -= 1
                if not found:
                    return view, seed
            action = api.bot_action(view, "basic", 1)
            state = api.apply(state, action, state["to_act"])["state"]
    raise AssertionError(f"no {phase} view found")


def test_declaring_nothing_says_the_best_melds_net_in_the_searchs_figures() -> None:
    """ "Declare no melds." with the best meld's net against declaring nothing, in one figure
    (the search's own, the one the choice was made by), never "scores 3 for a wager of 2"
    beside a verdict that does not add up."""
    checked = 0
    for found in range(1, 30):
        view, seed = first_view("declare", found)
        hint = api.hint(view, "normal", seed)
        assert hint["action"] == api.bot_action(view, "normal", seed)
        if hint["action"]["melds"]:
            continue
        moves = legal_or_refuse(view)  # type: ignore[arg-type]
        estimate = estimate_declaration(view, moves, BUDGETS["normal"], seed)  # type: ignore[arg-type]
        n = estimate.samples
        nothing = estimate.indices.index(0)
        others = [k for k in range(len(estimate.indices)) if k != nothing]
        runner = max(others, key=lambda k: (estimate.values[k], -k))
        net = rounded(estimate.values[nothing] - estimate.values[runner], 8 * n)
        reason = hint["reason"]
        # the button's own words ("Declare no melds"; audit 8: "Declare nothing." beside it)
        assert reason.startswith("Declare no melds. No meld "), reason
        assert "worth its wager and the rule" not in reason
        if net == 0:
            assert "about as good as declaring nothing" in reason, reason
        else:
            assert (
                f"about {net} point{'s' if net != 1 else ''} worse than declaring nothing" in reason
            ), reason
        assert f"score {estimate.points[runner]}, against" in reason, reason
        checked += 1
        if checked == 2:
            return
    raise AssertionError("no hand to declare nothing from")


def test_the_bid_hint_says_why_its_bid_beats_the_next_best() -> None:
    """ "Bid 5." beside "Bid 4: made almost always": the hint says what the extra trick bid
    is worth against its risk, by the search's own values."""
    for found in (1, 2, 3):
        view, seed = first_view("bid", found)
        hint = api.hint(view, "normal", seed)
        estimate = estimate_bid(view, BUDGETS["normal"], seed)  # type: ignore[arg-type]
        best = estimate.best
        assert hint["action"] == {"type": "bid", "tricks": best}
        values = estimate.values
        runner = max((b for b in range(len(values)) if b != best),
                     key=lambda b: (values[b], -abs(b - best)))  # fmt: skip
        reason = hint["reason"]
        assert f"a bid of {runner} " in reason, reason
        assert "10 points" in reason, reason
        gap = rounded(values[best] - values[runner], estimate.samples)
        if gap > 0:
            assert f"bidding {best} is about {gap} point" in reason, reason
        else:
            assert "about even" in reason, reason


def forced(hand: list[str], declared: set[str], led: str | None) -> str:
    """The forced reason for the first card of ``hand``, the only legal one."""
    seen = Seen(
        seat=0,
        hand=hand,
        declared=declared,
        trick=[] if led is None else [(3, led)],
        bids=[5, 5, 5, 5],
        trump=0,
        dealer=3,
        done=1,
        taken=[0, 0, 0, 0],
        counts_excess=False,
    )
    return forced_reason(seen, hand[0])


def test_a_forced_card_is_explained_by_the_rule_that_left_it_alone() -> None:
    # following suit comes first: the one Border card, though declared, is forced by the lead
    assert forced(["EB", "EV", "EC", "7F"], {"EB", "EV", "EC"}, "7B") == (
        "It is your only Border card and you must follow suit."
    )
    assert forced(["3B", "4F"], set(), "7B") == (
        "It is your only Border card and you must follow suit."
    )
    # then the declared cards among those that follow
    assert forced(["EB", "3B", "7F"], {"EB"}, "7B") == (
        "You must follow suit, and it is your one declared Border card: declared cards must "
        "be played first."
    )
    # on a lead, or when the hand cannot follow, only the declared cards go
    assert forced(["EB", "3B", "7F"], {"EB"}, None) == "Declared cards must be played first."
    assert forced(["EB", "3F"], {"EB"}, "7C") == "Declared cards must be played first."
    assert forced(["3B"], set(), "7B") == "It is your only card."
