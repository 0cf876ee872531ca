"""The actions of a round, phase by phase (RULES.md 3.3-3.9): bid, aside, play.

``apply_action`` checks the action's shape, that it belongs to the phase and that the
rules allow it, then changes a copy of the state and returns it with the events. When
the last card of a round is played (or everyone passes), the same call counts the
round, settles the wagers, pays the bonus and deals the next round -- or ends the game.

Events describe only what every seat may see: a card set aside that is not a Sabacc
and a talon that goes unseen into a score pile appear in them only once the round is
counted.
"""

from __future__ import annotations

from typing import Any

from celestix.errors import IllegalActionError
from celestix.sabacc import auction
from celestix.sabacc.aside import (
    TALON_HAND,
    TALON_TO,
    aside_choices,
    aside_is_public,
    aside_refusal,
)
from celestix.sabacc.cards import CARD_CODES, card_name, points_text, sort_cards
from celestix.sabacc.chips import pay_matching_stacks, pay_stake, with_stacks
from celestix.sabacc.counting import TARGET_HALF_POINTS, count, made, pairing
from celestix.sabacc.deal import HAND_SIZE, right_of
from celestix.sabacc.settlement import (
    close_ante_pot,
    pay_bonus,
    return_wagers,
    round_claims,
    round_summary,
    settle_wagers,
    winners,
)
from celestix.sabacc.state import (
    Phase,
    copy_state,
    deal_round,
    declarer_pile,
    defenders_pile,
    settle_position,
    talon_to,
    tricks_won,
)
from celestix.sabacc.tricks import play_refusal, playable, win_reason, winning_play
from celestix.shape import JsonDict, expect_card, expect_dict, expect_keys, expect_str

ACTION_TYPES = ("bid", "aside", "play")
PHASE_ACTION = {Phase.BIDDING: "bid", Phase.ASIDE: "aside", Phase.PLAY: "play"}
ACTION_WORDS = {"bid": "bid", "aside": "set a card aside", "play": "play a card"}
PHASE_HINT = {
    "bid": "The auction is on: bid or pass.",
    "aside": "The declarer is setting cards aside.",
    "play": "The cards are being played: play a card.",
}


def parse_action(action: Any) -> JsonDict:
    """``action`` checked for shape: a known type with exactly its keys and values."""
    checked = expect_dict(action, "action")
    kind = expect_str(checked.get("type"), "action.type", ACTION_TYPES)
    if kind == "bid":
        expect_keys(checked, "action", ["type", "bid"])
        expect_str(checked["bid"], "action.bid", auction.BID_CHOICES)
    else:
        expect_keys(checked, "action", ["type", "card"])
        expect_card(checked["card"], "action.card", CARD_CODES)
    return checked


def legal_actions(state: JsonDict, seat: int) -> list[JsonDict]:
    """Every legal action of ``seat`` (who is to act), in a fixed order."""
    phase = Phase(state["phase"])
    if phase is Phase.BIDDING:
        standing = auction.replay(state["bids"], state["dealer"], len(state["chips"]))
        return [{"type": "bid", "bid": bid} for bid in auction.legal_bids(standing.highest)]
    hand = state["hands"][seat]
    if phase is Phase.ASIDE:
        return [{"type": "aside", "card": card} for card in aside_choices(hand)]
    if phase is Phase.PLAY:
        return [{"type": "play", "card": card} for card in playable(hand, state["trick"])]
    return []


def apply_action(state: JsonDict, action: Any, seat: int) -> tuple[JsonDict, list[JsonDict]]:
    """The state after ``seat`` (who is to act) takes ``action``, and its events."""
    action = parse_action(action)
    phase = Phase(state["phase"])
    wanted = PHASE_ACTION.get(phase)
    if action["type"] != wanted:
        hint = PHASE_HINT[wanted] if wanted else "The game is over."
        doing = ACTION_WORDS[action["type"]]
        raise IllegalActionError("wrong-phase", f"You cannot {doing} now. {hint}")
    if wanted != "bid" and action["card"] not in state["hands"][seat]:
        raise IllegalActionError("not-in-hand", f"You do not hold {card_name(action['card'])}.")
    events: list[JsonDict] = []
    if phase is Phase.BIDDING:
        new = _bid(state, seat, action["bid"], events)
    elif phase is Phase.ASIDE:
        new = _aside(state, seat, action["card"], events)
    else:
        new = _play(state, seat, action["card"], events)
    return new, events


# --- the auction --------------------------------------------------------------------


def _bid(state: JsonDict, seat: int, bid: str, events: list[JsonDict]) -> JsonDict:
    seats = len(state["chips"])
    standing = auction.step(auction.replay(state["bids"], state["dealer"], seats), seat, bid)
    new = copy_state(state)
    stake = auction.STAKES.get(bid, 0)
    new["bids"].append({"seat": seat, "bid": bid, "stake": stake})
    paying: list[int] = []
    if stake:
        rule = new["options"]["stakes"]
        paying = pay_stake(new["ledger"], new["chips"], new["round"], seat, bid, stake, rule)
        for caller in paying:
            new["wagers"][caller] += stake
    events.append(
        {"type": "bid", "seat": seat, "bid": bid, "name": auction.BID_NAMES[bid], "stake": stake,
         "wager": new["wagers"][seat], "callers": paying, "wagers": list(new["wagers"]),
         "highest": standing.highest, "next": standing.to_bid}
    )  # fmt: skip
    if standing.void:
        _void_round(new, events)
    elif standing.declarer is not None:
        _auction_won(new, standing, events)
    else:
        settle_position(new)
    return new


def _auction_won(state: JsonDict, standing: auction.Auction, events: list[JsonDict]) -> None:
    """The declarer adds the matching stacks; the talon goes where the bid says."""
    seats = len(state["chips"])
    declarer = standing.declarer
    assert declarer is not None and standing.highest is not None
    contract = standing.highest
    state["declarer"] = declarer
    state["contract"] = contract
    wager = state["wagers"][declarer]
    defenders = [seat for seat in range(seats) if seat != declarer]
    pay_matching_stacks(state["ledger"], state["chips"], state["round"], declarer, wager, defenders)
    state["wagers"] = with_stacks(state["wagers"], declarer)
    others_passed = all(standing.passed[s] for s in range(seats) if s != declarer)
    events.append(
        {"type": "auction_won", "declarer": declarer, "contract": contract,
         "name": auction.BID_NAMES[contract], "wager": wager, "stacks": seats - 1,
         "wagers": list(state["wagers"]), "table": sum(state["wagers"]),
         "stakes": state["options"]["stakes"],
         "reason": "Everyone else passed." if others_passed
         else "Guard against is the highest bid: nobody can bid higher."}
    )  # fmt: skip
    destination = TALON_TO[contract]
    if destination == TALON_HAND:
        hand = state["hands"][declarer]
        state["hands"][declarer] = sort_cards(hand + state["talon"])
        events.append(
            {"type": "talon_shown", "cards": list(state["talon"]), "declarer": declarer,
             "to": TALON_HAND, "aside_size": len(state["talon"])}
        )  # fmt: skip
    else:
        events.append(
            {"type": "talon_to_pile", "pile": destination, "count": len(state["talon"]),
             "declarer": declarer}
        )  # fmt: skip
    settle_position(state)
    if state["phase"] == Phase.PLAY:
        events.append(_play_begins(state))


def _play_begins(state: JsonDict) -> JsonDict:
    return {"type": "play_begins", "leader": state["to_act"],
            "tricks": HAND_SIZE[len(state["chips"])]}  # fmt: skip


# --- the aside ----------------------------------------------------------------------


def _aside(state: JsonDict, seat: int, card: str, events: list[JsonDict]) -> JsonDict:
    refusal = aside_refusal(state["hands"][seat], card)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    new = copy_state(state)
    new["hands"][seat].remove(card)
    new["aside"].append(card)
    shown = aside_is_public(card)
    events.append(
        {"type": "aside", "seat": seat, "card": card if shown else None, "shown": shown,
         "count": len(new["aside"]), "needed": len(new["talon"])}
    )  # fmt: skip
    settle_position(new)
    if new["phase"] == Phase.PLAY:
        events.append(
            {"type": "aside_done", "count": len(new["aside"]),
             "shown": [c for c in new["aside"] if aside_is_public(c)]}
        )  # fmt: skip
        events.append(_play_begins(new))
    return new


# --- trick play ---------------------------------------------------------------------


def _play(state: JsonDict, seat: int, card: str, events: list[JsonDict]) -> JsonDict:
    refusal = play_refusal(state["hands"][seat], state["trick"], card)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    seats = len(state["chips"])
    new = copy_state(state)
    new["hands"][seat].remove(card)
    new["trick"].append({"seat": seat, "card": card})
    number = len(new["played"]) + 1
    events.append({"type": "play", "seat": seat, "card": card, "trick_number": number})
    if len(new["trick"]) == seats:
        plays = new["trick"]
        best = winning_play(plays)
        new["played"].append({"plays": plays, "winner": best["seat"]})
        new["trick"] = []
        cards = [play["card"] for play in plays]
        events.append(
            {"type": "trick", "number": number, "winner": best["seat"], "card": best["card"],
             "plays": [dict(play) for play in plays],
             "pile": "declarer" if best["seat"] == new["declarer"] else "defenders",
             "reason": win_reason(plays, best), "half_points": count(cards)}
        )  # fmt: skip
    settle_position(new)
    if new["phase"] == Phase.OVER:
        _finish_round(new, events)
    return new


# --- the end of a round -------------------------------------------------------------


def _void_round(state: JsonDict, events: list[JsonDict]) -> None:
    """Everyone passed: chips in front of players go back; the Ante Pot keeps its chips."""
    returned = return_wagers(state)
    events.append(
        {"type": "void_round", "round": state["round"], "dealer": state["dealer"],
         "returned": returned, "ante_pot": state["ante_pot"]}
    )  # fmt: skip
    _close_round(state, None, None, events)


def _finish_round(state: JsonDict, events: list[JsonDict]) -> None:
    """Count the declarer's pile, settle the wagers, pay the bonus, go on."""
    pile = declarer_pile(state)
    half = count(pile)
    won = made(half)
    destination = talon_to(state)
    events.append(
        {"type": "round_counted", "round": state["round"], "declarer": state["declarer"],
         "contract": state["contract"], "points": half, "points_text": points_text(half),
         "needed": TARGET_HALF_POINTS, "made": won, "defenders_points": count(
             defenders_pile(state)), "pile": sort_cards(pile), "pairing": pairing(pile),
         "talon": list(state["talon"]), "talon_to": destination,
         "aside": list(state["aside"]), "tricks": tricks_won(state)}
    )  # fmt: skip
    events.append(settle_wagers(state, won))
    bonus = pay_bonus(state, round_claims(state))
    if bonus is not None:
        events.append(bonus)
    _close_round(state, half, bonus, events)


def _close_round(
    state: JsonDict, half: int | None, bonus: JsonDict | None, events: list[JsonDict]
) -> None:
    """Record the round's summary, then deal the next round or end the game."""
    seats = len(state["chips"])
    state["last_round"] = round_summary(state, half, bonus)
    if state["round"] == seats - 1:
        events.append(close_ante_pot(state))
        state["winners"] = winners(state["chips"])
        settle_position(state)
        events.append(
            {"type": "game_over", "chips": list(state["chips"]), "winners": state["winners"],
             "ante_pot": state["ante_pot"], "rounds": seats}
        )  # fmt: skip
        return
    round_index = state["round"] + 1
    dealer = right_of(state["dealer"], seats)
    deal_round(state, round_index, dealer)
    events.append(
        {"type": "ante", "round": round_index, "ante": state["options"]["ante"],
         "ante_pot": state["ante_pot"]}
    )  # fmt: skip
    events.append(
        {"type": "deal", "round": round_index, "dealer": dealer,
         "hand_size": HAND_SIZE[seats], "talon_size": len(state["talon"]),
         "first_bidder": state["to_act"]}
    )  # fmt: skip
