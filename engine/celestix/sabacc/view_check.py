"""The check of a view handed to a bot: refuse any view that could not arise in play.

A view hides the other hands and part of the aside, so it cannot be replayed as a
state is. Instead every field is checked for its shape; the auction is replayed bid by
bid; the cards are accounted for (each seen at most once; each seat's hand, plays and,
for the declarer, the talon and the aside make its share; a talon taken into the hand
is in the declarer's hand, aside or tricks); every trick is played in turn and won by
its winning card; the chips add up; and the ledger and the summary of the round before
are checked as a state's are. Then every field that follows from others (the declarer
and the contract, the wagers, the phase and the seat to act, the pile sizes, the
refusals...) must be what :func:`~celestix.sabacc.view.make_view` makes from the rest.
"""

from __future__ import annotations

from collections.abc import Mapping

from celestix.errors import MalformedError
from celestix.options import check_resolved
from celestix.sabacc.aside import TALON_HAND, TALON_TO, aside_is_public
from celestix.sabacc.cards import DECK, DECK_SIZE
from celestix.sabacc.check import check_last_round, replay_auction, round_wagers
from celestix.sabacc.chips import CHIP_LIMIT, POTS
from celestix.sabacc.deal import HAND_SIZE, PLAYER_COUNTS, TALON_SIZE, right_of
from celestix.sabacc.options import OPTION_SPECS, typed_options
from celestix.sabacc.settlement import winners
from celestix.sabacc.shapes import card_list, int_list, play_list
from celestix.sabacc.state import STATE_VERSION, Phase, State
from celestix.sabacc.tricks import winning_play
from celestix.sabacc.turns import position
from celestix.sabacc.view import VIEW_KEYS, make_view
from celestix.shape import (
    JsonDict,
    expect_bool,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_seat,
    expect_str,
    same,
)
from celestix.table.ledger import check_ledger_with_transfers
from celestix.table.tricks import Play, Trick, seen_cards


def check_view(view: JsonDict) -> int | None:
    """Raise ``MalformedError`` unless ``view`` could be a Sabacc view; its seat."""
    expect_keys(view, "view", VIEW_KEYS)
    players = expect_dict(view["options"], "view.options").get("players")
    if players not in PLAYER_COUNTS or type(players) is not int:
        raise MalformedError("view.options.players", "expected 3, 4 or 5")
    options = check_resolved(OPTION_SPECS, view["options"], "view.options")
    seats = int(options["players"])
    seat = _seat_or_none(view["seat"], seats, "view.seat")
    _seat_or_none(view["to_act"], seats, "view.to_act")
    dealer = expect_seat(view["dealer"], seats, "view.dealer")
    round_index = expect_int(view["round"], "view.round", 0, seats - 1)
    over = expect_bool(view["over"], "view.over")
    expect_str(view["phase"], "view.phase", [p.value for p in Phase])
    standing = replay_auction(view["auction"], "view.auction", seats, dealer)
    declarer = standing.declarer if standing.ended else None
    contract = standing.highest if declarer is not None else None
    destination = None if contract is None else TALON_TO[contract]

    hand = _distinct(card_list(view["hand"], "view.hand"), "view.hand")
    sizes = expect_list(view["hand_sizes"], "view.hand_sizes", seats)
    for s, size in enumerate(sizes):
        expect_int(size, f"view.hand_sizes[{s}]", 0, HAND_SIZE[seats] + TALON_SIZE[seats])
    talon_size = expect_int(view["talon_size"], "view.talon_size", 0, 6)
    if talon_size != TALON_SIZE[seats]:
        raise MalformedError("view.talon_size", f"the talon holds {TALON_SIZE[seats]} cards")
    talon = None
    if view["talon"] is not None:
        talon = _distinct(card_list(view["talon"], "view.talon", talon_size), "view.talon")
    aside = _distinct(card_list(view["aside"], "view.aside"), "view.aside")
    aside_size = expect_int(view["aside_size"], "view.aside_size", 0, talon_size)
    if len(aside) > aside_size or (aside_size and destination != TALON_HAND):
        raise MalformedError("view.aside_size", "does not match the aside")
    played = _played(view["played"], seats, dealer)
    trick = play_list(view["trick"], "view.trick", seats)
    leader = played[-1]["winner"] if played else right_of(dealer, seats)
    if len(trick) >= seats:
        raise MalformedError("view.trick", f"a trick in progress has fewer than {seats} cards")
    _check_order(trick, leader, seats, "view.trick")
    chips = int_list(view["chips"], "view.chips", seats, CHIP_LIMIT)
    ante_pot = expect_int(view["ante_pot"], "view.ante_pot", 0, CHIP_LIMIT)
    ledger = check_ledger_with_transfers(view["ledger"], "view.ledger", seats, POTS)
    if ledger and ledger[-1]["hand"] > round_index:
        raise MalformedError("view.ledger", "an entry is dated after this round")
    last_round = check_last_round(view["last_round"], "view.last_round", seats, over, round_index)

    hidden_aside = _check_cards(view, seat, hand, sizes, talon, aside, aside_size, declarer,
                                destination, played, trick)  # fmt: skip
    settled = declarer is not None and len(played) == HAND_SIZE[seats]
    wagers = (
        [0] * seats
        if settled or standing.void
        else round_wagers(view["auction"], str(options["stakes"]), seats, standing)
    )
    if sum(chips) + sum(wagers) + ante_pot != seats * int(options["start_chips"]):
        raise MalformedError("view.chips", "chips are not conserved")
    # A state with what the view shows (the hidden cards stand in as placeholders; the
    # seed and the opening amounts, which a view hides, as 0 and as now), from which
    # make_view makes the view's derived fields.
    state: State = {
        "game": "sabacc",
        "version": STATE_VERSION,
        "phase": view["phase"],
        "to_act": view["to_act"],
        "over": over,
        "options": typed_options(options),
        "seed": 0,
        "round": round_index,
        "dealer": dealer,
        "hands": [
            list(hand) if s == seat else [f"?{s}.{k}" for k in range(sizes[s])]
            for s in range(seats)
        ],
        "talon": talon if talon is not None else [f"?t.{k}" for k in range(talon_size)],
        "bids": view["auction"],
        "declarer": declarer,
        "contract": contract,
        "wagers": wagers,
        "aside": aside + hidden_aside,
        "played": played,
        "trick": trick,
        "chips": chips,
        "ante_pot": ante_pot,
        "ledger": ledger,
        "start": {"chips": chips, "ante_pot": ante_pot},
        "last_round": last_round,
        "winners": winners(chips) if over else [],
    }
    phase, to_act = position(state, standing)
    if phase.value != view["phase"] or not same(view["to_act"], to_act):
        raise MalformedError("view.to_act", "not where this round stands")
    if over is not (phase is Phase.OVER) or (over and round_index != seats - 1):
        raise MalformedError("view.over", "does not match the phase")
    expected: Mapping[str, object] = make_view(state, seat)
    for key in VIEW_KEYS:
        if not same(view[key], expected[key]):
            raise MalformedError(f"view.{key}", "does not agree with the rest of the view")
    return seat


def _seat_or_none(value: object, seats: int, field: str) -> int | None:
    if value is None:
        return None
    return expect_int(value, field, 0, seats - 1)


def _distinct(cards: list[str], field: str) -> list[str]:
    if len(set(cards)) != len(cards):
        raise MalformedError(field, "a card appears twice")
    return cards


def _check_order(plays: list[Play], leader: int, seats: int, where: str) -> None:
    for j, play in enumerate(plays):
        if play["seat"] != (leader + j) % seats:
            raise MalformedError(where, f"seat {(leader + j) % seats} was to play card {j}")


def _played(value: object, seats: int, dealer: int) -> list[Trick]:
    """This round's finished tricks, each played in turn and won by its winning card."""
    played = expect_list(value, "view.played")
    if len(played) > HAND_SIZE[seats]:
        raise MalformedError("view.played", "too many tricks")
    leader = right_of(dealer, seats)
    for i, raw in enumerate(played):
        where = f"view.played[{i}]"
        expect_keys(expect_dict(raw, where), where, ["plays", "winner"])
        plays = play_list(raw["plays"], f"{where}.plays", seats, seats)
        _check_order(plays, leader, seats, where)
        leader = winning_play(plays)["seat"]
        if not same(raw["winner"], leader):
            raise MalformedError(f"{where}.winner", f"seat {leader} won that trick")
    return played


def _check_cards(
    view: JsonDict,
    seat: int | None,
    hand: list[str],
    sizes: list[int],
    talon: list[str] | None,
    aside: list[str],
    aside_size: int,
    declarer: int | None,
    destination: str | None,
    played: list[Trick],
    trick: list[Play],
) -> list[str]:
    """Every card seen at most once and each seat's share made up; the cards that stand
    for the part of the aside this seat cannot see (unseen cards that are not shown when
    set aside)."""
    seats = len(sizes)
    tricks = [*(entry["plays"] for entry in played), trick]
    owner, played_by = seen_cards(tricks, hand, seat, sizes, "view")
    plays_by = [len(cards) for cards in played_by]
    for card in aside:
        if card in owner:
            raise MalformedError("view.aside", f"{card} is in two places")
        owner[card] = declarer
    in_hand = destination == TALON_HAND
    if talon is not None and not in_hand:
        for card in talon:
            if card in owner:
                raise MalformedError("view.talon", f"{card} is in two places")
            owner[card] = None
    elif talon is not None:
        for card in talon:
            if owner.get(card, declarer) != declarer or (seat == declarer and card not in owner):
                raise MalformedError("view.talon", "the talon went into the declarer's hand")
    for s in range(seats):
        share = HAND_SIZE[seats] - plays_by[s]
        if in_hand and s == declarer:
            share += len(talon or ()) or TALON_SIZE[seats]
            share -= aside_size
        if sizes[s] != share:
            raise MalformedError(f"view.hand_sizes[{s}]", "the cards do not add up")
    hidden = aside_size - len(aside)
    if hidden and (seat == declarer or view["over"]):
        raise MalformedError("view.aside", "the declarer sees the whole aside")
    if any(not aside_is_public(card) for card in aside) and seat != declarer and not view["over"]:
        raise MalformedError("view.aside", "only the aside's Sabaccs are shown to others")
    unseen = [card for card in DECK if card not in owner and not aside_is_public(card)]
    if len(unseen) < hidden:
        raise MalformedError("view.aside_size", "more cards aside than could be hidden")
    total = sum(sizes) + sum(plays_by) + aside_size + (0 if in_hand else TALON_SIZE[seats])
    if total != DECK_SIZE:
        raise MalformedError("view.hand_sizes", f"the {DECK_SIZE} cards do not add up")
    return unseen[:hidden]
