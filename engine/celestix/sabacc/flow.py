"""The actions of a round, phase by phase (RULES.md 3.3-3.9): bid, aside, play.

``apply_action`` checks the action's shape, that it belongs to the phase and that the
rules allow it, then changes a copy of the state and returns it with the events. When
the last card of a round is played (or everyone passes), the same call counts the
round, settles the wagers, pays the bonus and deals the next round -- or ends the game.
Each step sets whose turn it is from what it knows (``turns.set_turn``) and returns
its events; the legal actions are ``legal.py``'s, shared with the bots.

Events describe only what every seat may see: a card set aside that is not a Sabacc
and a talon that goes unseen into a score pile appear in them only once the round is
counted.
"""

from __future__ import annotations

from celestix.errors import IllegalActionError
from celestix.sabacc import auction
from celestix.sabacc.actions import parse_action
from celestix.sabacc.aside import TALON_HAND, TALON_TO, aside_is_public, aside_refusal
from celestix.sabacc.cards import points_text, sort_cards, the_card
from celestix.sabacc.chips import pay_matching_stacks, pay_stake, with_stacks
from celestix.sabacc.counting import TARGET_HALF_POINTS, count, made, pairing
from celestix.sabacc.deal import HAND_SIZE, right_of
from celestix.sabacc.events import BonusEvent, Event, PhaseEvent
from celestix.sabacc.rounds import deal_round
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
    State,
    copy_state,
    declarer_pile,
    defenders_pile,
    talon_to,
    tricks_won,
)
from celestix.sabacc.tricks import play_refusal, win_reason, winning_play
from celestix.sabacc.turns import after_the_aside, next_player, round_complete, set_turn

PHASE_ACTION = {Phase.BID: "bid", Phase.ASIDE: "aside", Phase.PLAY: "play"}
ACTION_WORDS = {"bid": "bid", "aside": "set a card aside", "play": "play a card"}
PHASE_HINT = {
    "bid": "The auction is on: bid or pass.",
    "aside": "The declarer is setting cards aside.",
    "play": "The cards are being played: play a card.",
}


def apply_action(state: State, action: object, seat: int) -> tuple[State, list[Event]]:
    """The state after ``seat`` (who is to act) takes ``action``, and its events."""
    move = parse_action(action)
    phase = Phase(state["phase"])
    wanted = PHASE_ACTION.get(phase)
    if move["type"] != wanted:
        hint = PHASE_HINT[wanted] if wanted else "The game is over."
        doing = ACTION_WORDS[move["type"]]
        raise IllegalActionError("wrong-phase", f"You cannot {doing} now. {hint}")
    if move["type"] == "bid":
        return _bid(state, seat, move["bid"])
    if move["card"] not in state["hands"][seat]:
        raise IllegalActionError("not-in-hand", f"You do not hold {the_card(move['card'])}.")
    if move["type"] == "aside":
        return _aside(state, seat, move["card"])
    return _play(state, seat, move["card"])


# --- the auction --------------------------------------------------------------------


def _bid(state: State, seat: int, bid: str) -> tuple[State, list[Event]]:
    seats = len(state["chips"])
    standing = auction.step(auction.resume(state["bids"], seat, seats), seat, bid)
    new = copy_state(state)
    stake = auction.STAKES.get(bid, 0)
    new["bids"].append({"seat": seat, "bid": bid, "stake": stake})
    paying: list[int] = []
    if stake:
        rule = new["options"]["stakes"]
        paying = pay_stake(new["ledger"], new["chips"], new["round"], seat, bid, stake, rule)
        for caller in paying:
            new["wagers"][caller] += stake
    events: list[Event] = [
        {"type": "bid", "seat": seat, "bid": bid, "name": auction.BID_NAMES[bid], "stake": stake,
         "wager": new["wagers"][seat], "callers": paying, "wagers": list(new["wagers"]),
         "highest": standing.highest, "next": standing.to_bid}
    ]  # fmt: skip
    if standing.void:
        events += _void_round(new)
    elif standing.declarer is not None:
        events += _auction_won(new, standing)
    else:
        set_turn(new, Phase.BID, standing.to_bid)
    return new, events


def _auction_won(state: State, standing: auction.Auction) -> list[Event]:
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
    events: list[Event] = [
        {"type": "auction_won", "declarer": declarer, "contract": contract,
         "name": auction.BID_NAMES[contract], "wager": wager, "stacks": seats - 1,
         "wagers": list(state["wagers"]), "table": sum(state["wagers"]),
         "stakes": state["options"]["stakes"],
         "reason": "Everyone else passed." if others_passed
         else "Guard against is the highest bid: nobody can bid higher."}
    ]  # fmt: skip
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
    phase, to_act = after_the_aside(state)
    set_turn(state, phase, to_act)
    if phase is Phase.PLAY:
        events.append(_play_begins(state))
    return events


def _play_begins(state: State) -> PhaseEvent:
    """The phase event, as Precedence's: play begins, the leader to act."""
    return {"type": "phase", "phase": Phase.PLAY.value, "to_act": state["to_act"],
            "tricks": HAND_SIZE[len(state["chips"])]}  # fmt: skip


# --- the aside ----------------------------------------------------------------------


def _aside(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    refusal = aside_refusal(state["hands"][seat], card)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    new = copy_state(state)
    new["hands"][seat].remove(card)
    new["aside"].append(card)
    shown = aside_is_public(card)
    events: list[Event] = [
        {"type": "aside", "seat": seat, "card": card if shown else None, "shown": shown,
         "count": len(new["aside"]), "needed": len(new["talon"])}
    ]  # fmt: skip
    phase, to_act = after_the_aside(new)
    set_turn(new, phase, to_act)
    if phase is Phase.PLAY:
        events.append(
            {"type": "aside_done", "count": len(new["aside"]),
             "shown": [c for c in new["aside"] if aside_is_public(c)]}
        )  # fmt: skip
        events.append(_play_begins(new))
    return new, events


# --- trick play ---------------------------------------------------------------------


def _play(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    refusal = play_refusal(state["hands"][seat], state["trick"], card)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    seats = len(state["chips"])
    new = copy_state(state)
    new["hands"][seat].remove(card)
    new["trick"].append({"seat": seat, "card": card})
    number = len(new["played"]) + 1
    events: list[Event] = [{"type": "play", "seat": seat, "card": card, "trick_number": number}]
    if len(new["trick"]) == seats:
        plays = new["trick"]
        best = winning_play(plays)
        new["played"].append({"plays": plays, "winner": best["seat"]})
        new["trick"] = []
        cards = [play["card"] for play in plays]
        events.append(
            {"type": "trick", "number": number, "winner": best["seat"], "card": best["card"],
             "plays": [play.copy() for play in plays],
             "pile": "declarer" if best["seat"] == new["declarer"] else "defenders",
             "reason": win_reason(plays, best), "half_points": count(cards)}
        )  # fmt: skip
    if round_complete(new):
        events += _finish_round(new)
    else:
        set_turn(new, Phase.PLAY, next_player(new))
    return new, events


# --- the end of a round -------------------------------------------------------------


def _void_round(state: State) -> list[Event]:
    """Everyone passed: chips in front of players go back; the Ante Pot keeps its chips."""
    returned = return_wagers(state)
    void: Event = {"type": "void_round", "round": state["round"], "dealer": state["dealer"],
            "returned": returned, "ante_pot": state["ante_pot"]}  # fmt: skip
    return [void, *_close_round(state, None, None)]


def _finish_round(state: State) -> list[Event]:
    """Count the declarer's pile, settle the wagers, pay the bonus, go on."""
    pile = declarer_pile(state)
    half = count(pile)
    won = made(half)
    destination = talon_to(state)
    events: list[Event] = [
        {"type": "round_counted", "round": state["round"], "declarer": state["declarer"],
         "contract": state["contract"], "points": half, "points_text": points_text(half),
         "needed": TARGET_HALF_POINTS, "made": won, "defenders_points": count(
             defenders_pile(state)), "pile": sort_cards(pile), "pairing": pairing(pile),
         "talon": list(state["talon"]), "talon_to": destination,
         "aside": list(state["aside"]), "tricks": tricks_won(state)}
    ]  # fmt: skip
    events.append(settle_wagers(state, won))
    bonus = pay_bonus(state, round_claims(state))
    if bonus is not None:
        events.append(bonus)
    return events + _close_round(state, half, bonus)


def _close_round(state: State, half: int | None, bonus: BonusEvent | None) -> list[Event]:
    """Record the round's summary, then deal the next round or end the game."""
    seats = len(state["chips"])
    state["last_round"] = round_summary(state, half, bonus)
    if state["round"] == seats - 1:
        closed = close_ante_pot(state)
        state["winners"] = winners(state["chips"])
        set_turn(state, Phase.OVER, None)
        return [
            closed,
            {"type": "game_over", "chips": list(state["chips"]), "winners": state["winners"],
             "ante_pot": state["ante_pot"], "rounds": seats},
        ]  # fmt: skip
    round_index = state["round"] + 1
    dealer = right_of(state["dealer"], seats)
    deal_round(state, round_index, dealer)
    return [
        {"type": "antes", "round": round_index, "amount": state["options"]["ante"],
         "ante_pot": state["ante_pot"]},
        {"type": "deal", "round": round_index, "dealer": dealer,
         "hand_size": HAND_SIZE[seats], "talon_size": len(state["talon"]),
         "to_act": state["to_act"]},
    ]  # fmt: skip
