"""The course of a hand, one named step per phase (RULES.md 1, "A hand").

``apply_action`` checks an action against the phase and the rules, then applies it to a
copy of the state: :func:`declare`, :func:`bid` or :func:`play`. The steps no player
takes -- antes and the deal (:func:`start_hand`), scoring, the pots and the end of the
game (:func:`finish_hand`) -- run inside the same call, so every state handed out waits
for a player's action or is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.errors import IllegalActionError
from celestix.precedence import pots
from celestix.precedence.actions import parse_action
from celestix.precedence.bidding import bid_refusal, contracts, team_of, team_seats
from celestix.precedence.cards import DECK, HAND_SIZE, SEATS, SUIT_NAMES, sort_cards
from celestix.precedence.events import (
    DealEvent,
    Event,
    GameOverEvent,
    HandPotEvent,
    HandScoredEvent,
    PhaseEvent,
)
from celestix.precedence.melds import declaration_points, describe_meld, normalise_declaration
from celestix.precedence.options import LEFTOVER_TO_WINNERS, counts_excess, trump_suit
from celestix.precedence.scoring import TeamScore, game_outcome, leader, score_team
from celestix.precedence.state import (
    TRICKS_PER_HAND,
    Phase,
    ScoreLine,
    State,
    copy_state,
    live_declared,
)
from celestix.precedence.tricks import play_refusal, win_reason, winning_play
from celestix.rng import Rng
from celestix.table.seats import next_seat

PHASE_ACTIONS = {Phase.DECLARE: "declare", Phase.BID: "bid", Phase.PLAY: "play"}
PHASE_WORDS = {
    Phase.DECLARE: "It is time to declare melds (an empty list declares none).",
    Phase.BID: "It is time to bid: how many tricks will you take?",
    Phase.PLAY: "It is time to play a card to the trick.",
}


def apply_action(state: State, action: object, seat: int) -> tuple[State, list[Event]]:
    """The state after ``seat`` (who is to act) takes ``action``, and its events."""
    move = parse_action(action)
    phase = Phase(state["phase"])
    if PHASE_ACTIONS[phase] != move["type"]:
        raise IllegalActionError("wrong-phase", PHASE_WORDS[phase])
    if move["type"] == "declare":
        return declare(state, move["melds"], seat)
    if move["type"] == "bid":
        return bid(state, move["tricks"], seat)
    return play(state, move["card"], seat)


# --- step 3: meld declaration ---------------------------------------------------------


def declare(state: State, melds: list[list[str]], seat: int) -> tuple[State, list[Event]]:
    """``seat`` declares ``melds`` (any order) and pays the meld wager for each."""
    normal = normalise_declaration(state["hands"][seat], melds, state["options"]["variant"])
    new = copy_state(state)
    new["declarations"][seat] = normal
    wager = new["options"]["meld_wager"]
    described = [describe_meld(meld) for meld in normal]
    for meld in described:
        pots.pay_in(new, seat, wager, pots.HAND_POT, pots.meld_reason(meld["label"]))
    events: list[Event] = [
        {
            "type": "declare",
            "seat": seat,
            "melds": described,
            "points": sum(m["points"] for m in described),
            "wager": wager * len(normal),
            "hand_pot": new["hand_pot"],
        }
    ]
    opened = pass_turn(new, seat, new["declarations"], Phase.BID)
    if opened:
        events.append(opened)
    return new, events


def pass_turn(
    new: State, seat: int, done: Sequence[object | None], then: Phase
) -> PhaseEvent | None:
    """After ``seat``'s turn: the next seat's turn, or once every seat has had one
    (``done``, each seat's declaration or bid, filled), phase ``then`` from the dealer's
    left and its event."""
    following = next_seat(seat, SEATS)
    if done[following] is None:
        new["to_act"] = following
        return None
    to_act = next_seat(new["dealer"], SEATS)
    new["phase"] = then.value
    new["to_act"] = to_act
    return {"type": "phase", "phase": then.value, "to_act": to_act}


# --- step 4: bidding -------------------------------------------------------------------


def bid(state: State, tricks: int, seat: int) -> tuple[State, list[Event]]:
    """``seat`` bids ``tricks`` and pays the trick credit for each trick bid."""
    refusal = bid_refusal(state["bids"], seat, tricks)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    new = copy_state(state)
    new["bids"][seat] = tricks
    credit = new["options"]["trick_credit"] * tricks
    pots.pay_in(new, seat, credit, pots.HAND_POT, pots.credit_reason(tricks))
    team = team_of(seat)
    events: list[Event] = [
        {
            "type": "bid",
            "seat": seat,
            "tricks": tricks,
            "credit": credit,
            "team": team,
            "contract": contracts(new["bids"])[team],
            "hand_pot": new["hand_pot"],
        }
    ]
    opened = pass_turn(new, seat, new["bids"], Phase.PLAY)
    if opened:
        opened["contracts"] = contracts(new["bids"])
        events.append(opened)
    return new, events


# --- step 5: trick play ----------------------------------------------------------------


def play(state: State, card: str, seat: int) -> tuple[State, list[Event]]:
    """``seat`` plays ``card``; a fourth card completes the trick, a 13th trick the hand."""
    declared = live_declared(state, seat)
    variant = state["options"]["variant"]
    refusal = play_refusal(state["hands"][seat], declared, state["trick"], card, variant)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    new = copy_state(state)
    new["hands"][seat].remove(card)
    new["trick"].append({"seat": seat, "card": card})
    events: list[Event] = [
        {
            "type": "play",
            "seat": seat,
            "card": card,
            "declared": card in declared,
            "trick_number": len(new["completed"]) + 1,
        }
    ]
    if len(new["trick"]) < SEATS:
        new["to_act"] = next_seat(seat, SEATS)
        return new, events
    trump = trump_suit(new["options"], new["hand_number"])
    plays = new["trick"]
    winner = winning_play(plays, trump)["seat"]
    kind, words = win_reason(plays, trump)
    new["completed"].append({"plays": plays, "winner": winner})
    new["trick"] = []
    new["taken"][winner] += 1
    events.append(
        {
            "type": "trick",
            "number": len(new["completed"]),
            "winner": winner,
            "card": next(p["card"] for p in plays if p["seat"] == winner),
            "reason": words,
            "reason_kind": kind,
            "plays": [p.copy() for p in plays],
            "taken": list(new["taken"]),
            "team_tricks": [new["taken"][0] + new["taken"][2], new["taken"][1] + new["taken"][3]],
        }
    )
    if len(new["completed"]) < TRICKS_PER_HAND:
        new["to_act"] = winner
        return new, events
    return new, events + finish_hand(new)


# --- step 6: scoring, the pots, the end of the game ---------------------------------------


def finish_hand(new: State) -> list[Event]:
    """Score the hand, settle the Hand Pot, then end the game or deal the next hand (in
    place); the events."""
    options = new["options"]
    teams: list[TeamScore] = []
    for team in (0, 1):
        seats = team_seats(team)
        bids = (new["bids"][seats[0]], new["bids"][seats[1]])
        assert bids[0] is not None and bids[1] is not None  # every seat has bid
        melds = [meld for s in seats for meld in new["declarations"][s] or ()]
        teams.append(
            score_team(
                team,
                (bids[0], bids[1]),
                new["taken"][seats[0]] + new["taken"][seats[1]],
                declaration_points(melds),
                new["scores"][team],
                new["excess"][team],
                options["penalty"],
                counts_excess(options),
            )
        )
        new["scores"][team] = teams[team]["score_after"]
        new["excess"][team] = teams[team]["excess_after"]
    summary: HandScoredEvent = {
        "type": "hand_scored",
        "hand_number": new["hand_number"],
        "dealer": new["dealer"],
        "trump": SUIT_NAMES[trump_suit(options, new["hand_number"])],
        "variant": options["variant"],
        "taken": list(new["taken"]),
        "teams": teams,
        "scores": list(new["scores"]),
    }
    pot = pots.settle_hand_pot(new, teams)
    events: list[Event] = [summary, pot]
    new["history"].append(score_line(summary, pot))
    outcome = game_outcome(new["scores"], options["target"])
    if outcome == "over":
        return events + end_game(new)
    if outcome == "tie":
        events.append(
            {
                "type": "tie",
                "scores": list(new["scores"]),
                "target": options["target"],
                "message": "Both teams reached the target with equal scores: another hand "
                "is played.",
            }
        )
    new["dealer"] = next_seat(new["dealer"], SEATS)
    new["hand_number"] += 1
    return events + start_hand(new)


def score_line(summary: HandScoredEvent, pot: HandPotEvent) -> ScoreLine:
    """The hand's line on the score sheet (``state["history"]``): the summary in short."""
    teams = summary["teams"]
    return {
        "hand_number": summary["hand_number"],
        "dealer": summary["dealer"],
        "trump": summary["trump"],
        "contracts": [team["contract"] for team in teams],
        "tricks": [team["tricks"] for team in teams],
        "made": [team["made"] for team in teams],
        "points": [team["hand_points"] for team in teams],
        "audits": [team["audits"] for team in teams],
        "scores": [team["score_after"] for team in teams],
        "excess": [team["excess_after"] for team in teams],
        "pot": {"outcome": pot["outcome"], "team": pot["team"], "amount": pot["amount"]},
    }


def end_game(new: State) -> list[Event]:
    """The game is over: the team with the higher score wins the Accord Pot (in place);
    the events."""
    winner = leader(new["scores"])
    awards: list[Event] = [pots.award_at_end(new, winner, pots.ACCORD_POT, "accord_pot")]
    if new["options"]["leftover_pot"] == LEFTOVER_TO_WINNERS and new["hand_pot"]:
        awards.append(pots.award_at_end(new, winner, pots.HAND_POT, "leftover_pot"))
    new["phase"] = Phase.OVER.value
    new["over"] = True
    new["to_act"] = None
    new["winner"] = winner
    over: GameOverEvent = {
        "type": "game_over",
        "winner": winner,
        "seats": list(team_seats(winner)),
        "scores": list(new["scores"]),
        "hands_played": len(new["history"]),
        "chips": list(new["chips"]),
        "unclaimed": new["hand_pot"],
    }
    return [*awards, over]


# --- steps 1 and 2: antes and the deal ---------------------------------------------------


def deal(seed: int, hand_number: int, dealer: int) -> list[list[str]]:
    """The four hands of hand ``hand_number``: a shuffle from ``Rng(seed, hand_number)``,
    dealt one card at a time from the dealer's left, each hand sorted."""
    deck = Rng(seed, hand_number).shuffled(DECK)
    hands: list[list[str]] = [[], [], [], []]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % SEATS].append(card)
    return [sort_cards(hand) for hand in hands]


def start_hand(new: State, hands: list[list[str]] | None = None) -> list[Event]:
    """Antes and the deal of ``new["hand_number"]`` (dealt from the seed unless given)."""
    events: list[Event] = [pots.pay_antes(new)]
    new["hands"] = (
        hands if hands is not None else deal(new["seed"], new["hand_number"], new["dealer"])
    )
    new["declarations"] = [None] * SEATS
    new["bids"] = [None] * SEATS
    new["completed"] = []
    new["trick"] = []
    new["taken"] = [0] * SEATS
    to_act = next_seat(new["dealer"], SEATS)
    new["phase"] = Phase.DECLARE.value
    new["to_act"] = to_act
    dealt: DealEvent = {
        "type": "deal",
        "hand_number": new["hand_number"],
        "dealer": new["dealer"],
        "trump": SUIT_NAMES[trump_suit(new["options"], new["hand_number"])],
        "to_act": to_act,
        "hand_sizes": [HAND_SIZE] * SEATS,
    }
    events.append(dealt)
    return events
