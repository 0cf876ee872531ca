"""The state check: refuse any state that could not arise in play.

It runs on every facade call, so it is linear in the state's size and uses plain
loops. It checks the shape of every field, that the 52 cards are all there once, that
every card played was legal when it was played (follow suit, declared cards first)
and every trick went to its winner, that the declarations are melds from the seat's
own cards and the bids within the cap, that ``phase``, ``to_act``, ``over`` and
``winner`` agree with the rest, and that the chips are conserved: the ledger, replayed
from the opening balances, gives the chips and pots shown, which always add up to
4 x ``start_chips``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from celestix.errors import MalformedError
from celestix.options import check_resolved
from celestix.precedence.bidding import MAX_TRICKS
from celestix.precedence.cards import CARD_CODES, CARD_ID, HAND_SIZE, SEATS, SUIT_OF, SUITS
from celestix.precedence.melds import meld_kind
from celestix.precedence.options import (
    LEFTOVER_TO_WINNERS,
    OPTION_SPECS,
    counts_excess,
    trump_suit,
)
from celestix.precedence.records import MAX_AMOUNT, check_score_sheet, replay_ledger
from celestix.precedence.scoring import AUDIT_AT, game_outcome, leader
from celestix.precedence.state import STATE_KEYS, STATE_VERSION, TRICKS_PER_HAND, Phase
from celestix.precedence.tricks import winning_play
from celestix.rng import MAX_SEED
from celestix.shape import (
    expect_bool,
    expect_int,
    expect_keys,
    expect_list,
    expect_version,
    type_name,
)
from celestix.table.shapes import card_list, int_list, play_list

HAND_LIMIT = 1_000_000
PHASES = {phase.value: phase for phase in Phase}
TRICK_KEYS = {"plays", "winner"}


def check_state(state: Mapping[str, object]) -> int:
    """Raise ``MalformedError`` unless ``state`` could arise in play; return the seats (4)."""
    expect_keys(state, "state", STATE_KEYS)
    if state["game"] != "precedence":
        raise MalformedError("state.game", "not a Precedence state")
    expect_version(state["version"], STATE_VERSION)
    options = check_resolved(OPTION_SPECS, state["options"])
    expect_int(state["seed"], "state.seed", 0, MAX_SEED)
    hand_number = expect_int(state["hand_number"], "state.hand_number", 0, HAND_LIMIT)
    dealer = expect_int(state["dealer"], "state.dealer", 0, 3)
    phase = PHASES.get(state["phase"]) if isinstance(state["phase"], str) else None
    if phase is None:
        raise MalformedError("state.phase", f"unknown phase {state['phase']!r}")
    over = expect_bool(state["over"], "state.over")
    if over is not (phase is Phase.OVER):
        raise MalformedError("state.over", "must be true exactly when the phase is 'over'")

    hands = [card_codes(hand, f"state.hands[{s}]") for s, hand in enumerate(_four(state, "hands"))]
    declarations = _declarations(state)
    bids = check_bids(state["bids"], "state.bids")
    completed = _completed(state)
    trick = check_plays(state["trick"], "state.trick", SEATS - 1)
    taken = [
        expect_int(t, f"state.taken[{s}]", 0, TRICKS_PER_HAND)
        for s, t in enumerate(_four(state, "taken"))
    ]
    _check_cards(hands, declarations, completed, trick, dealer, trump_suit(options, hand_number))
    winners = [0] * SEATS
    for done in completed:
        winners[done["winner"]] += 1
    if taken != winners:
        raise MalformedError("state.taken", "does not match the winners of the tricks")
    _check_turn(state, phase, dealer, declarations, bids, completed, trick)

    excess_top = AUDIT_AT - 1 if counts_excess(options) else 0
    scores = _numbers(state["scores"], "state.scores", 2, -MAX_AMOUNT, MAX_AMOUNT)
    _numbers(state["excess"], "state.excess", 2, 0, excess_top)
    winner = state["winner"]
    outcome = game_outcome(scores, int(options["target"]))
    if over:
        if outcome != "over" or winner != leader(scores) or type(winner) is not int:
            raise MalformedError("state.winner", "must be the team with the higher score")
    elif winner is not None or outcome == "over":
        raise MalformedError("state.winner", "the game is not over: no winner yet")
    _check_chips(state, options, hand_number, over, declarations, bids)
    check_score_sheet(
        state["history"], "state.history", options, hand_number, dealer, over,
        state["scores"], state["excess"],
    )  # fmt: skip
    return SEATS


# --- shapes ------------------------------------------------------------------------------


def _four(state: Mapping[str, object], key: str) -> list[Any]:
    return expect_list(state[key], f"state.{key}", SEATS)


def card_codes(value: object, field: str) -> list[str]:
    """A list of card codes of this game."""
    return card_list(value, field, CARD_CODES)


def _numbers(value: object, field: str, length: int, low: int, high: int) -> list[int]:
    """A fresh list of the numbers (the ledger's replay changes it)."""
    return list(int_list(value, field, length, low, high))


def _declarations(state: Mapping[str, object]) -> list[list[list[str]] | None]:
    """Each seat's declaration: null, or melds in normal form."""
    return [
        None if melds is None else check_declaration(melds, f"state.declarations[{seat}]")
        for seat, melds in enumerate(_four(state, "declarations"))
    ]


def check_declaration(value: object, field: str) -> list[list[str]]:
    """A declaration: melds in normal form (each sorted, sorted among themselves)."""
    melds = expect_list(value, field)
    keys = []
    for i, meld in enumerate(melds):
        cards = card_codes(meld, f"{field}[{i}]")
        ids = [CARD_ID[card] for card in cards]
        if ids != sorted(ids) or meld_kind(cards) is None or len(set(ids)) != len(ids):
            raise MalformedError(f"{field}[{i}]", "not a meld in normal form")
        keys.append(ids)
    if keys != sorted(keys):
        raise MalformedError(field, "melds are not in normal form")
    return melds


def check_bids(value: object, field: str) -> list[int | None]:
    """Each seat's bid: null or 0-13, each team's contract at most 13."""
    bids = [
        None if bid is None else expect_int(bid, f"{field}[{seat}]", 0, MAX_TRICKS)
        for seat, bid in enumerate(expect_list(value, field, SEATS))
    ]
    for team in (0, 1):
        if (bids[team] or 0) + (bids[team + 2] or 0) > MAX_TRICKS:
            raise MalformedError(field, f"team {team}'s contract is above 13")
    return bids


def check_plays(value: object, field: str, most: int) -> list[dict[str, Any]]:
    """A list of at most ``most`` plays ``{"seat", "card"}``."""
    return play_list(value, field, SEATS, CARD_CODES, most=most)


def _completed(state: Mapping[str, object]) -> list[dict[str, Any]]:
    """This hand's finished tricks: four plays and a winner each (checked later)."""
    done = expect_list(state["completed"], "state.completed")
    if len(done) > TRICKS_PER_HAND:
        raise MalformedError("state.completed", "more than 13 tricks")
    for i, entry in enumerate(done):
        field = f"state.completed[{i}]"
        if type(entry) is not dict or entry.keys() != TRICK_KEYS:
            raise MalformedError(field, 'expected {"plays", "winner"}')
        if type(entry["winner"]) is not int or not 0 <= entry["winner"] < SEATS:
            raise MalformedError(f"{field}.winner", "not a seat")
        if len(check_plays(entry["plays"], f"{field}.plays", SEATS)) != SEATS:
            raise MalformedError(f"{field}.plays", "a finished trick holds 4 cards")
    return done


# --- the cards ---------------------------------------------------------------------------


def _check_cards(
    hands: list[list[str]],
    declarations: list[list[list[str]] | None],
    completed: list[dict[str, Any]],
    trick: list[dict[str, Any]],
    dealer: int,
    trump: int,
) -> None:
    """Every card once; each seat dealt 13; every play legal; every trick to its winner."""
    owner: dict[str, int] = {}
    counts = [0, 0, 0, 0]
    for seat, hand in enumerate(hands):
        last = -1
        for card in hand:
            number = CARD_ID[card]
            if number <= last:
                raise MalformedError(f"state.hands[{seat}]", "cards are not in sorted order")
            last = number
            owner[card] = seat
        counts[seat] = len(hand)
    tricks = [done["plays"] for done in completed]
    if trick:
        tricks.append(trick)
    for plays in tricks:
        for play in plays:
            card, seat = play["card"], play["seat"]
            if card in owner:
                raise MalformedError("state.completed", f"{card} is in play twice")
            owner[card] = seat
            counts[seat] += 1
    if len(owner) != 52 or counts != [HAND_SIZE] * SEATS:
        raise MalformedError("state.hands", "the 52 cards are not there once each, 13 a seat")

    declared: set[str] = set()
    for seat, melds in enumerate(declarations):
        for meld in melds or ():
            for card in meld:
                if owner[card] != seat or card in declared:
                    raise MalformedError(f"state.declarations[{seat}]", f"{card} is not theirs")
                declared.add(card)
    # Replay the plays with per-suit counts to check follow suit and declared-first.
    suits = [[0] * len(SUITS) for _ in range(SEATS)]
    shown = [[0] * len(SUITS) for _ in range(SEATS)]
    for card, seat in owner.items():
        suits[seat][SUIT_OF[card]] += 1
        if card in declared:
            shown[seat][SUIT_OF[card]] += 1
    lead = (dealer + 1) % SEATS
    for i, plays in enumerate(tricks):
        led = SUIT_OF[plays[0]["card"]]
        for position, play in enumerate(plays):
            seat, card = play["seat"], play["card"]
            suit = SUIT_OF[card]
            mine, face_up = suits[seat], shown[seat]
            if seat != (lead + position) % SEATS:
                raise MalformedError(f"state.completed[{i}]", "played out of turn")
            if position and mine[led]:
                if suit != led:
                    raise MalformedError(f"state.completed[{i}]", f"{card} did not follow suit")
                must = face_up[led]
            else:
                must = face_up[0] + face_up[1] + face_up[2] + face_up[3]
            mine[suit] -= 1
            if card in declared:
                face_up[suit] -= 1
            elif must:
                raise MalformedError(f"state.completed[{i}]", f"{card} broke declared-first")
        if len(plays) == SEATS:
            lead = winning_play(plays, trump)["seat"]
            if completed[i]["winner"] != lead:
                raise MalformedError(f"state.completed[{i}].winner", "not the trick's winner")


def _check_turn(
    state: Mapping[str, object],
    phase: Phase,
    dealer: int,
    declarations: list[list[list[str]] | None],
    bids: list[int | None],
    completed: list[dict[str, Any]],
    trick: list[dict[str, Any]],
) -> None:
    """The phase and the seat to act follow from what has been done."""
    order = [(dealer + 1 + k) % SEATS for k in range(SEATS)]
    declared = sum(d is not None for d in declarations)
    bid = sum(b is not None for b in bids)
    if any(declarations[s] is None for s in order[:declared]) or (
        any(bids[s] is None for s in order[:bid])
    ):
        raise MalformedError("state.declarations", "turns go round from the dealer's left")
    played = len(completed) * SEATS + len(trick)
    expected: tuple[Phase, int | None]
    if declared < SEATS:
        expected = (Phase.DECLARE, order[declared])
        busy = bid or played
    elif bid < SEATS:
        expected = (Phase.BID, order[bid])
        busy = played
    elif len(completed) < TRICKS_PER_HAND:
        leader_seat = (
            trick[0]["seat"] if trick else (completed[-1]["winner"] if completed else order[0])
        )
        expected = (Phase.PLAY, (leader_seat + len(trick)) % SEATS)
        busy = 0
    else:
        expected = (Phase.OVER, None)
        busy = len(trick)
    if busy or (phase, state["to_act"]) != expected:
        raise MalformedError(
            "state.to_act",
            f"phase {phase.value!r} with seat {state['to_act']!r} to act is "
            "not where this hand stands",
        )
    if type(state["to_act"]) is bool:
        raise MalformedError("state.to_act", "expected a seat number")


# --- chips and the record ------------------------------------------------------------------


def _check_chips(
    state: Mapping[str, object],
    options: dict[str, Any],
    hand_number: int,
    over: bool,
    declarations: list[list[list[str]] | None],
    bids: list[int | None],
) -> None:
    """Chips conserved and the ledger, replayed from the opening balances, right."""
    chips = _numbers(state["chips"], "state.chips", SEATS, -MAX_AMOUNT, MAX_AMOUNT)
    hand_pot = expect_int(state["hand_pot"], "state.hand_pot", 0, MAX_AMOUNT)
    accord_pot = expect_int(state["accord_pot"], "state.accord_pot", 0, MAX_AMOUNT)
    opening = state["opening"]
    if type(opening) is not dict:
        raise MalformedError("state.opening", f"expected an object, got {type_name(opening)}")
    expect_keys(opening, "state.opening", ("chips", "hand_pot", "accord_pot"))
    balance = _numbers(opening["chips"], "state.opening.chips", SEATS, -MAX_AMOUNT, MAX_AMOUNT)
    pots = {
        "hand": expect_int(opening["hand_pot"], "state.opening.hand_pot", 0, MAX_AMOUNT),
        "accord": expect_int(opening["accord_pot"], "state.opening.accord_pot", 0, MAX_AMOUNT),
    }
    if sum(balance) + pots["hand"] + pots["accord"] != SEATS * int(options["start_chips"]):
        raise MalformedError("state.opening", "chips are not conserved")
    replay_ledger(state["ledger"], "state.ledger", balance, pots, hand_number, over)
    if balance != chips or pots["hand"] != hand_pot or pots["accord"] != accord_pot:
        raise MalformedError("state.ledger", "does not account for the chips and pots shown")
    if over:
        if accord_pot:
            raise MalformedError("state.accord_pot", "the Accord Pot is paid out at the end")
        if hand_pot and options["leftover_pot"] == LEFTOVER_TO_WINNERS:
            raise MalformedError("state.hand_pot", "the winners took what was left in it")
        return
    melds = sum(len(d) for d in declarations if d)
    paid = (SEATS * int(options["ante"]) + melds * int(options["meld_wager"])
            + sum(b or 0 for b in bids) * int(options["trick_credit"]))  # fmt: skip
    if hand_pot < paid:
        raise MalformedError("state.hand_pot", f"holds less than this hand has paid in ({paid})")
