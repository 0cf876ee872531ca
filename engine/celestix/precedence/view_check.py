"""The check of a view handed to a bot: refuse any view that could not arise in play.

A view holds less than a state (the other hands are counts), so it cannot be replayed
as a state is; instead every field is checked for its shape, the cards are accounted
for (each seen at most once; each seat's hand and plays make 13; a meld card still
face up is in its owner's hand, one no longer face up was played by its owner), the
turns and the trick winners follow from the dealer and the plays, the chips add up,
and the ledger and the score sheet are checked as a state's are. Then every field that
follows from others (the names the variant gives, the meld points, the bid limits, the
contracts, the leader, each trick's reason, the wagers...) must be what
:func:`~celestix.precedence.view.make_view` makes from the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from celestix.errors import MalformedError
from celestix.options import check_resolved
from celestix.precedence.cards import HAND_SIZE, SEATS, SUIT_NAMES
from celestix.precedence.check import (
    HAND_LIMIT,
    card_codes,
    check_bids,
    check_declaration,
    check_plays,
)
from celestix.precedence.options import OPTION_SPECS, counts_excess, trump_suit, typed_options
from celestix.precedence.pots import POTS
from celestix.precedence.records import MAX_AMOUNT, check_score_sheet
from celestix.precedence.scoring import AUDIT_AT, game_outcome, leader
from celestix.precedence.state import STATE_VERSION, TRICKS_PER_HAND, Phase, State
from celestix.precedence.tricks import winning_play
from celestix.precedence.view import VIEW_KEYS, make_view
from celestix.shape import JsonDict, expect_bool, expect_int, expect_keys, expect_list, same
from celestix.table.ledger import check_ledger
from celestix.table.tricks import seen_cards

PHASE_VALUES = tuple(phase.value for phase in Phase)
MELD_INFO_KEYS = ("kind", "label", "cards", "points", "remaining")
DONE_KEYS = ("number", "leader", "plays", "winner", "card", "reason", "reason_kind")


def check_view(view: JsonDict) -> int | None:
    """Raise ``MalformedError`` unless ``view`` could be a Precedence view; its seat."""
    expect_keys(view, "view", VIEW_KEYS)
    options = check_resolved(OPTION_SPECS, view["options"], "view.options")
    if view["phase"] not in PHASE_VALUES or type(view["phase"]) is not str:
        raise MalformedError("view.phase", f"unknown phase {view['phase']!r}")
    phase = Phase(view["phase"])
    over = expect_bool(view["over"], "view.over")
    if over is not (phase is Phase.OVER):
        raise MalformedError("view.over", "must be true exactly when the phase is 'over'")
    seat = None if view["seat"] is None else expect_int(view["seat"], "view.seat", 0, 3)
    if view["to_act"] is not None:
        expect_int(view["to_act"], "view.to_act", 0, 3)
    dealer = expect_int(view["dealer"], "view.dealer", 0, 3)
    hand_number = expect_int(view["hand_number"], "view.hand_number", 0, HAND_LIMIT)
    trump = trump_suit(options, hand_number)
    if view["trump"] not in SUIT_NAMES:
        raise MalformedError("view.trump", f"{view['trump']!r} is not a suit")

    hand = None if seat is None else _distinct_cards(view["hand"], "view.hand")
    sizes = [
        expect_int(size, f"view.hand_sizes[{s}]", 0, HAND_SIZE)
        for s, size in enumerate(expect_list(view["hand_sizes"], "view.hand_sizes", SEATS))
    ]
    declared = [
        expect_bool(flag, f"view.declared[{s}]")
        for s, flag in enumerate(expect_list(view["declared"], "view.declared", SEATS))
    ]
    declarations = _declarations(view["meld_info"], declared)
    for s, live in enumerate(expect_list(view["melds"], "view.melds", SEATS)):
        for i, meld in enumerate(expect_list(live, f"view.melds[{s}]")):
            _distinct_cards(meld, f"view.melds[{s}][{i}]")
    bids = check_bids(view["bids"], "view.bids")
    for s, count in enumerate(expect_list(view["tricks"], "view.tricks", SEATS)):
        expect_int(count, f"view.tricks[{s}]", 0, TRICKS_PER_HAND)
    completed = _completed(view["completed_tricks"], trump)
    trick = check_plays(view["trick"], "view.trick", SEATS - 1)
    _check_turns(view, phase, dealer, declared, bids, completed, trick)
    _check_cards(seat, hand, sizes, declarations, completed, trick)

    scores = _numbers(view["scores"], "view.scores", 2, -MAX_AMOUNT, MAX_AMOUNT)
    excess_top = AUDIT_AT - 1 if counts_excess(options) else 0
    _numbers(view["excess"], "view.excess", 2, 0, excess_top)
    chips = _numbers(view["chips"], "view.chips", SEATS, -MAX_AMOUNT, MAX_AMOUNT)
    hand_pot = expect_int(view["hand_pot"], "view.hand_pot", 0, MAX_AMOUNT)
    accord_pot = expect_int(view["accord_pot"], "view.accord_pot", 0, MAX_AMOUNT)
    if sum(chips) + hand_pot + accord_pot != SEATS * int(options["start_chips"]):
        raise MalformedError("view.chips", "chips are not conserved")
    ledger = check_ledger(view["ledger"], "view.ledger", SEATS, POTS)
    if ledger and ledger[-1]["hand"] > hand_number:
        raise MalformedError("view.ledger", "an entry is dated after this hand")
    check_score_sheet(
        view["history"], "view.history", options, hand_number, dealer, over,
        view["scores"], view["excess"],
    )  # fmt: skip
    outcome = game_outcome(scores, int(options["target"]))
    if over:
        if outcome != "over" or not same(view["winner"], leader(scores)):
            raise MalformedError("view.winner", "must be the team with the higher score")
    elif view["winner"] is not None or outcome == "over":
        raise MalformedError("view.winner", "the game is not over: no winner yet")

    expected: Mapping[str, object] = make_view(
        _as_state(view, options, sizes, declarations, completed), seat
    )
    for key in VIEW_KEYS:
        if not same(view[key], expected[key]):
            raise MalformedError(f"view.{key}", "does not agree with the rest of the view")
    return seat


def _distinct_cards(value: object, field: str) -> list[str]:
    """A list of card codes, none twice."""
    cards = card_codes(value, field)
    if len(set(cards)) != len(cards):
        raise MalformedError(field, "a card appears twice")
    return cards


def _numbers(value: object, field: str, length: int, low: int, high: int) -> list[int]:
    items = expect_list(value, field, length)
    return [expect_int(item, f"{field}[{i}]", low, high) for i, item in enumerate(items)]


def _declarations(value: object, declared: list[bool]) -> list[list[list[str]] | None]:
    """Each seat's declared melds, from ``meld_info``: null until the seat has declared."""
    out: list[list[list[str]] | None] = []
    for s, raw in enumerate(expect_list(value, "view.meld_info", SEATS)):
        field = f"view.meld_info[{s}]"
        if raw is None or not declared[s]:
            if raw is not None or declared[s]:
                raise MalformedError(field, "there is meld information once a seat has declared")
            out.append(None)
            continue
        melds = []
        for i, entry in enumerate(expect_list(raw, field)):
            if type(entry) is not dict:
                raise MalformedError(f"{field}[{i}]", "expected an object")
            expect_keys(entry, f"{field}[{i}]", MELD_INFO_KEYS)
            melds.append(entry["cards"])
            remaining = card_codes(entry["remaining"], f"{field}[{i}].remaining")
            if type(entry["cards"]) is not list or remaining != [
                card for card in entry["cards"] if card in remaining
            ]:
                raise MalformedError(f"{field}[{i}].remaining", "not cards of the meld")
        out.append(check_declaration(melds, field))
    return out


def _completed(value: object, trump: int) -> list[JsonDict]:
    """This hand's finished tricks: four plays each, won by the card that wins them."""
    done = expect_list(value, "view.completed_tricks")
    if len(done) > TRICKS_PER_HAND:
        raise MalformedError("view.completed_tricks", "more than 13 tricks")
    for i, entry in enumerate(done):
        field = f"view.completed_tricks[{i}]"
        if type(entry) is not dict:
            raise MalformedError(field, "not a finished trick")
        expect_keys(entry, field, DONE_KEYS)
        if len(check_plays(entry["plays"], f"{field}.plays", SEATS)) != SEATS:
            raise MalformedError(f"{field}.plays", "a finished trick holds 4 cards")
        if not same(entry["winner"], winning_play(entry["plays"], trump)["seat"]):
            raise MalformedError(f"{field}.winner", "not the trick's winner")
    return done


def _check_turns(
    view: JsonDict,
    phase: Phase,
    dealer: int,
    declared: list[bool],
    bids: list[int | None],
    completed: list[JsonDict],
    trick: list[dict[str, Any]],
) -> None:
    """Declarations and bids go round from the dealer's left, each trick is led by the
    winner of the one before, and the seat to act is the one whose turn it is."""
    order = [(dealer + 1 + k) % SEATS for k in range(SEATS)]
    done_declaring = sum(declared)
    done_bidding = sum(bid is not None for bid in bids)
    if not all(declared[s] for s in order[:done_declaring]) or not all(
        bids[s] is not None for s in order[:done_bidding]
    ):
        raise MalformedError("view.declared", "turns go round from the dealer's left")
    lead = order[0]
    for i, entry in enumerate([*completed, {"plays": trick}]):
        for position, play in enumerate(entry["plays"]):
            if play["seat"] != (lead + position) % SEATS:
                where = "view.trick" if i == len(completed) else f"view.completed_tricks[{i}]"
                raise MalformedError(where, "played out of turn")
        lead = entry.get("winner", lead)
    played = len(completed) * SEATS + len(trick)
    expected: tuple[Phase, int | None]
    if done_declaring < SEATS:
        expected, busy = (Phase.DECLARE, order[done_declaring]), done_bidding or played
    elif done_bidding < SEATS:
        expected, busy = (Phase.BID, order[done_bidding]), played
    elif len(completed) < TRICKS_PER_HAND:
        expected, busy = (Phase.PLAY, (lead + len(trick)) % SEATS), 0
    else:
        expected, busy = (Phase.OVER, None), len(trick)
    if busy or phase is not expected[0] or not same(view["to_act"], expected[1]):
        raise MalformedError("view.to_act", "not where this hand stands")


def _check_cards(
    seat: int | None,
    hand: list[str] | None,
    sizes: list[int],
    declarations: list[list[list[str]] | None],
    completed: list[JsonDict],
    trick: list[dict[str, Any]],
) -> None:
    """Every card seen at most once; each seat's hand and plays make 13; meld cards
    face up are held by their owner, the others of the meld were played by it."""
    tricks = [*(entry["plays"] for entry in completed), trick]
    owner, played_by = seen_cards(tricks, hand or [], seat, sizes, "view")
    for s in range(SEATS):
        if sizes[s] + len(played_by[s]) != HAND_SIZE:
            raise MalformedError(f"view.hand_sizes[{s}]", "a seat's hand and plays make 13")
    for s, melds in enumerate(declarations):
        face_up = 0
        for card in (card for meld in melds or () for card in meld):
            if card in played_by[s]:
                continue  # played by its owner
            if s == seat and hand is not None and card in hand:
                face_up += 1
            elif s != seat and card not in owner:
                owner[card] = s
                face_up += 1
            else:
                raise MalformedError(f"view.meld_info[{s}]", f"{card} is not theirs")
        if face_up > sizes[s]:
            raise MalformedError(f"view.meld_info[{s}]", "more cards face up than in hand")


def _as_state(
    view: JsonDict,
    options: dict[str, Any],
    sizes: list[int],
    declarations: list[list[list[str]] | None],
    completed: list[JsonDict],
) -> State:
    """A state with what the view shows (the hidden cards stand in as placeholders, the
    seed, which a view hides, as 0), from which :func:`make_view` makes the view's
    derived fields."""
    hands: list[list[str]] = []
    played = {play["card"] for entry in completed for play in entry["plays"]}
    played.update(play["card"] for play in view["trick"])
    for s in range(SEATS):
        if s == view["seat"]:
            hands.append(list(view["hand"]))
            continue
        face_up = [c for meld in declarations[s] or () for c in meld if c not in played]
        hands.append(face_up + [f"?{s}.{k}" for k in range(sizes[s] - len(face_up))])
    return {
        "game": "precedence",
        "version": STATE_VERSION,
        "options": typed_options(options),
        "seed": 0,
        "opening": {
            "chips": view["chips"],
            "hand_pot": view["hand_pot"],
            "accord_pot": view["accord_pot"],
        },
        "phase": view["phase"],
        "to_act": view["to_act"],
        "over": view["over"],
        "hand_number": view["hand_number"],
        "dealer": view["dealer"],
        "hands": hands,
        "declarations": declarations,
        "bids": view["bids"],
        "completed": [{"plays": e["plays"], "winner": e["winner"]} for e in completed],
        "trick": view["trick"],
        "taken": view["tricks"],
        "scores": view["scores"],
        "excess": view["excess"],
        "chips": view["chips"],
        "hand_pot": view["hand_pot"],
        "accord_pot": view["accord_pot"],
        "ledger": view["ledger"],
        "history": view["history"],
        "winner": view["winner"],
    }
