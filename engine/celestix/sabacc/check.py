"""``check_state``: refuse any state that could not arise in play.

Run on every facade call, so it is linear in the state's size. It checks, in order:
the shape of every field; the auction, replayed bid by bid; the 78 cards, each in
exactly one place; every hand's size; the aside and every card played against the
rules, working back from the cards still held; the trick order and winners; the
chips against the ledger (chips + wagers + Ante Pot are conserved, and this round's
antes, stakes and stacks are exactly as the bids and the ``stakes`` option say, and
the chips the game started with are players x ``start_chips``); and finally ``phase``,
``to_act``, ``over`` and ``winners`` against all of that.

The ``stakes`` option's part is in its own functions (
:func:`round_wagers`, :func:`_stake_entries`, :func:`_check_conservation`).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from celestix.errors import IllegalActionError, MalformedError
from celestix.options import OptionSpec, check_resolved
from celestix.rng import MAX_SEED
from celestix.sabacc import auction
from celestix.sabacc.aside import TALON_HAND, is_free
from celestix.sabacc.cards import CARD_CODES, CARD_ID, DECK_SIZE, IS_HONOUR, SUIT_INDEX
from celestix.sabacc.chips import (
    ANTE_POT,
    CHIP_LIMIT,
    POTS,
    TABLE,
    auction_wagers,
    pay_antes,
    pay_matching_stacks,
    pay_stake,
    with_stacks,
)
from celestix.sabacc.counting import count, made
from celestix.sabacc.deal import HAND_SIZE, TALON_SIZE, right_of
from celestix.sabacc.settlement import (
    BONUSES,
    close_ante_pot,
    pay_bonus,
    return_wagers,
    round_claims,
    round_summary,
    settle_wagers,
    winners,
)
from celestix.sabacc.shapes import card_list, int_list, play_list
from celestix.sabacc.state import (
    STATE_KEYS,
    STATE_VERSION,
    declarer_pile,
    talon_to,
)
from celestix.sabacc.tricks import winning_play
from celestix.sabacc.turns import position
from celestix.shape import (
    JsonDict,
    expect_bool,
    expect_cards,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_seat,
    expect_str,
    expect_version,
)
from celestix.table.ledger import check_ledger_with_transfers, net_by_pot, net_by_seat

SABACC_INDEX = 4
LAST_ROUND_KEYS = (
    "round", "dealer", "void", "declarer", "contract", "points", "made", "tricks", "talon",
    "aside", "bonus", "chips", "ante_pot",
)  # fmt: skip


def check_state(state: JsonDict, option_specs: tuple[OptionSpec, ...]) -> int:
    """Raise ``MalformedError`` unless ``state`` could arise in play; return the seats."""
    expect_keys(state, "state", STATE_KEYS)
    if state["game"] != "sabacc":
        raise MalformedError("state.game", "not a Contract Sabacc state")
    expect_version(state["version"], STATE_VERSION)
    options = check_resolved(option_specs, state["options"], "state.options")
    seats = int(options["players"])
    expect_int(state["seed"], "state.seed", 0, MAX_SEED)
    round_index = expect_int(state["round"], "state.round", 0, seats - 1)
    dealer = expect_seat(state["dealer"], seats, "state.dealer")
    expect_bool(state["over"], "state.over")
    # the rules read the table's size off the chips: checked before they run
    _chip_list(state["chips"], "state.chips", seats)

    standing = _check_auction(state, seats, dealer)
    _check_cards(state, seats)
    _check_tricks(state, seats, dealer)
    phase, to_act = position(state, standing)
    _check_chips(state, seats, standing, over=to_act is None)

    if state["phase"] != phase.value:
        raise MalformedError("state.phase", f"the round's record says {phase.value!r}")
    if state["to_act"] != to_act or isinstance(state["to_act"], bool):
        raise MalformedError("state.to_act", f"the round's record says {to_act!r}")
    if state["over"] is not (to_act is None):
        raise MalformedError("state.over", "does not match the phase")
    if state["over"] and round_index != seats - 1:
        raise MalformedError("state.round", "a finished round is followed by the next deal")
    expected_winners = winners(state["chips"]) if state["over"] else []
    if state["winners"] != expected_winners:
        raise MalformedError("state.winners", f"the chips say {expected_winners}")
    check_last_round(state["last_round"], "state.last_round", seats, state["over"], round_index)
    return seats


# --- the auction --------------------------------------------------------------------


def _check_auction(state: JsonDict, seats: int, dealer: int) -> auction.Auction:
    """Replay the bids; the declarer, contract and wagers must be what they give."""
    standing = replay_auction(state["bids"], "state.bids", seats, dealer)
    declarer = standing.declarer if standing.ended else None
    if state["declarer"] != declarer or isinstance(state["declarer"], bool):
        raise MalformedError("state.declarer", f"the bids say {declarer!r}")
    contract = standing.highest if declarer is not None else None
    if state["contract"] != contract:
        raise MalformedError("state.contract", f"the bids say {contract!r}")
    return standing


def replay_auction(value: object, field: str, seats: int, dealer: int) -> auction.Auction:
    """The auction that the bids ``value`` (each checked) make, from the dealer's right."""
    bids = expect_list(value, field)
    standing = auction.start(dealer, seats)
    for i, raw in enumerate(bids):
        where = f"{field}[{i}]"
        entry = expect_dict(raw, where)
        expect_keys(entry, where, ["seat", "bid", "stake"])
        bid = expect_str(entry["bid"], f"{where}.bid", auction.BID_CHOICES)
        if entry["seat"] != standing.to_bid or isinstance(entry["seat"], bool):
            raise MalformedError(f"{where}.seat", f"it was seat {standing.to_bid}'s turn")
        if entry["stake"] != auction.STAKES.get(bid, 0) or isinstance(entry["stake"], bool):
            raise MalformedError(f"{where}.stake", f"the stake of {bid} is wrong")
        try:
            standing = auction.step(standing, entry["seat"], bid)
        except IllegalActionError as error:
            raise MalformedError(where, error.message) from error
    return standing


# --- the cards ----------------------------------------------------------------------


def _check_cards(state: JsonDict, seats: int) -> None:
    """Every card in exactly one place; hands sorted and of the right sizes."""
    hands = expect_list(state["hands"], "state.hands", seats)
    for s, hand in enumerate(hands):
        card_list(hand, f"state.hands[{s}]")
        order = [CARD_ID[card] for card in hand]
        if not all(map(operator.lt, order, order[1:])):
            raise MalformedError(f"state.hands[{s}]", "a hand is kept in deck order")
    talon = card_list(state["talon"], "state.talon", TALON_SIZE[seats])
    aside = card_list(state["aside"], "state.aside")
    destination = talon_to(state)
    if aside and destination != TALON_HAND:
        raise MalformedError("state.aside", "only Take, Push and Guard have an aside")
    if len(aside) > len(talon):
        raise MalformedError("state.aside", f"the aside holds {len(talon)} cards")
    played = expect_list(state["played"], "state.played", None)
    for i, raw in enumerate(played):
        where = f"state.played[{i}]"
        if type(raw) is not dict or len(raw) != 2:
            expect_keys(expect_dict(raw, where), where, ["plays", "winner"])
        play_list(raw.get("plays"), f"{where}.plays", seats, seats)
        expect_seat(raw.get("winner"), seats, f"{where}.winner")
    trick = play_list(state["trick"], "state.trick", seats)
    if len(trick) >= seats:
        raise MalformedError("state.trick", f"a trick in progress has fewer than {seats} cards")
    if len(played) + (1 if trick else 0) > HAND_SIZE[seats]:
        raise MalformedError("state.played", f"a round has {HAND_SIZE[seats]} tricks")

    places: list[Sequence[str]] = [*hands, aside]
    places.extend([play["card"] for play in t["plays"]] for t in played)
    places.append([play["card"] for play in trick])
    if destination != TALON_HAND:
        places.append(talon)
    seen: set[str] = set()
    total = 0
    for cards in places:
        seen.update(cards)
        total += len(cards)
    if total != DECK_SIZE or len(seen) != DECK_SIZE:
        raise MalformedError("state", f"the {DECK_SIZE} cards must each be in one place")
    if destination == TALON_HAND:
        declarer = state["declarer"]
        held = set(hands[declarer]).union(aside)
        held.update(p["card"] for t in played for p in t["plays"] if p["seat"] == declarer)
        held.update(p["card"] for p in trick if p["seat"] == declarer)
        if not held.issuperset(talon):
            raise MalformedError("state.talon", "the talon went into the declarer's hand")

    in_trick = {play["seat"] for play in trick}
    for s, hand in enumerate(hands):
        expected = HAND_SIZE[seats] - len(played) - (1 if s in in_trick else 0)
        if destination == TALON_HAND and s == state["declarer"]:
            expected += len(talon) - len(aside)
        if len(hand) != expected:
            raise MalformedError(f"state.hands[{s}]", f"expected {expected} cards")


# --- trick play ---------------------------------------------------------------------


def _check_tricks(state: JsonDict, seats: int, dealer: int) -> None:
    """Turn order, winners, and every card legal when it was played (worked backwards)."""
    played, trick = state["played"], state["trick"]
    if (played or trick) and not _play_started(state):
        raise MalformedError("state.played", "no card is played before the aside is made")
    leader = right_of(dealer, seats)
    for i, entry in enumerate(played):
        _check_order(entry["plays"], leader, seats, f"state.played[{i}]")
        leader = winning_play(entry["plays"])["seat"]
        if entry["winner"] != leader:
            raise MalformedError(f"state.played[{i}].winner", f"seat {leader} won that trick")
    if trick:
        _check_order(trick, leader, seats, "state.trick")

    # What each seat held when it played: its hand now plus every card it played later.
    held = [[0] * 5 for _ in range(seats)]
    for s, hand in enumerate(state["hands"]):
        counts = held[s]
        for card in hand:
            counts[SUIT_INDEX[card]] += 1
    tricks = [*(entry["plays"] for entry in played), trick]
    for k in range(len(tricks) - 1, -1, -1):
        plays = tricks[k]
        for play in plays:
            held[play["seat"]][SUIT_INDEX[play["card"]]] += 1
        if not plays:
            continue
        led = SUIT_INDEX[plays[0]["card"]]
        for play in plays[1:]:
            suit = SUIT_INDEX[play["card"]]
            counts = held[play["seat"]]
            if suit != led and (counts[led] or (suit != SABACC_INDEX and counts[SABACC_INDEX])):
                raise MalformedError(
                    f"state.played[{k}]", f"seat {play['seat']} broke the rule of play"
                )
    _check_aside_rules(state)


def _play_started(state: JsonDict) -> bool:
    if state["declarer"] is None:
        return False
    return talon_to(state) != TALON_HAND or len(state["aside"]) == len(state["talon"])


def _check_order(plays: list[Any], leader: int, seats: int, where: str) -> None:
    for j, play in enumerate(plays):
        if play["seat"] != (leader + j) % seats:
            raise MalformedError(f"{where}", f"seat {(leader + j) % seats} was to play card {j}")


def _check_aside_rules(state: JsonDict) -> None:
    """A Master or Sabacc went aside only when nothing else was left, and no Honour."""
    aside = state["aside"]
    if not aside:
        return
    declarer = state["declarer"]
    free = sum(1 for card in state["hands"][declarer] if is_free(card))
    for entry in [*state["played"], {"plays": state["trick"]}]:
        free += sum(1 for p in entry["plays"] if p["seat"] == declarer and is_free(p["card"]))
    for card in reversed(aside):
        if is_free(card):
            free += 1
        elif free or IS_HONOUR[card]:
            raise MalformedError("state.aside", f"{card} could not have been set aside")


# --- chips --------------------------------------------------------------------------


def _check_chips(state: JsonDict, seats: int, standing: auction.Auction, over: bool) -> None:
    """Chips and pots agree with the ledger, and this round's entries with the bids
    (once the game is ``over``, the last round's settlement follows them)."""
    chips = _chip_list(state["chips"], "state.chips", seats)
    wagers = _chip_list(state["wagers"], "state.wagers", seats)
    expect_int(state["ante_pot"], "state.ante_pot", 0, CHIP_LIMIT)
    start = expect_dict(state["start"], "state.start")
    expect_keys(start, "state.start", ["chips", "ante_pot"])
    start_chips = _chip_list(start["chips"], "state.start.chips", seats)
    expect_int(start["ante_pot"], "state.start.ante_pot", 0, CHIP_LIMIT)

    settled = state["declarer"] is not None and len(state["played"]) == HAND_SIZE[seats]
    expected_wagers = [0] * seats if settled else round_wagers(state, seats, standing)
    if standing.void:
        expected_wagers = [0] * seats
    if wagers != expected_wagers:
        rule = state["options"]["stakes"]
        raise MalformedError(
            "state.wagers", f"the bids under stakes {rule!r} say {expected_wagers}"
        )

    ledger = check_ledger_with_transfers(state["ledger"], "state.ledger", seats, POTS)
    if ledger and ledger[-1]["hand"] > state["round"]:
        raise MalformedError("state.ledger", "an entry is dated after this round")
    gained = net_by_seat(ledger, seats)
    if any(start_chips[s] + gained[s] != chips[s] for s in range(seats)):
        raise MalformedError("state.chips", "the chips do not agree with the ledger")
    pots = net_by_pot(ledger)
    if start["ante_pot"] + pots.get(ANTE_POT, 0) != state["ante_pot"]:
        raise MalformedError("state.ante_pot", "the Ante Pot does not agree with the ledger")
    if pots.get(TABLE, 0) != sum(wagers):
        raise MalformedError("state.wagers", "the wagers do not agree with the ledger")
    _check_conservation(state, seats, start_chips)

    expected = _round_entries(state, seats, standing)
    first = len(ledger)
    while first > 0 and ledger[first - 1]["hand"] == state["round"]:
        first -= 1
    entries = ledger[first : first + len(expected)]
    if entries != expected or (len(ledger) - first > len(expected) and not over):
        rule = state["options"]["stakes"]
        raise MalformedError(
            "state.ledger", f"this round's entries do not match its bids under stakes {rule!r}"
        )
    if over:
        _check_last_settlement(state, seats, standing, ledger[first + len(expected) :])


def _check_last_settlement(
    state: JsonDict, seats: int, standing: auction.Auction, tail: list[JsonDict]
) -> None:
    """Once the game is over: the last round's settlement, bonus and the Ante Pot's end
    are exactly what its cards give, and so is its summary."""
    gained = net_by_seat(tail, seats)
    scratch: JsonDict = {
        "ledger": [],
        "chips": [state["chips"][s] - gained[s] for s in range(seats)],
        "ante_pot": state["ante_pot"] - net_by_pot(tail).get(ANTE_POT, 0),
        "round": state["round"],
        "declarer": state["declarer"],
        "contract": state["contract"],
        "wagers": round_wagers(state, seats, standing),
        "options": state["options"],
        "played": state["played"],  # (the bonus event says the tricks won)
    }
    half = None if standing.void else count(declarer_pile(state))
    bonus = None
    if half is None:
        return_wagers(scratch)
    else:
        settle_wagers(scratch, made(half))
        bonus = pay_bonus(scratch, round_claims(state))
    # The summary is taken with the scratch chips and pot: before the Ante Pot's end.
    summary = round_summary(
        dict(scratch, dealer=state["dealer"], played=state["played"], talon=state["talon"],
             aside=state["aside"]),
        half,
        bonus,
    )  # fmt: skip
    close_ante_pot(scratch)
    if scratch["ledger"] != tail:
        raise MalformedError("state.ledger", "the last round was not settled as its cards say")
    if state["last_round"] != summary:
        raise MalformedError("state.last_round", "does not match the last round's cards")


def _chip_list(value: object, field: str, seats: int) -> list[int]:
    return int_list(value, field, seats, CHIP_LIMIT)


def _round_entries(state: JsonDict, seats: int, standing: auction.Auction) -> list[JsonDict]:
    """This round's first ledger entries: antes, stakes, then the declarer's stacks."""
    ledger: list[JsonDict] = []
    chips = [0] * seats
    round_index, ante = state["round"], int(state["options"]["ante"])
    pay_antes(ledger, chips, round_index, right_of(state["dealer"], seats), ante)
    _stake_entries(state, ledger, chips)
    declarer = standing.declarer
    if declarer is not None:
        defenders = [seat for seat in range(seats) if seat != declarer]
        wager = auction_wagers(state["bids"], seats, state["options"]["stakes"])[declarer]
        pay_matching_stacks(ledger, chips, round_index, declarer, wager, defenders)
    return ledger


# --- the stakes option --------------------------------------------------------------


def round_wagers(state: JsonDict, seats: int, standing: auction.Auction) -> list[int]:
    """The wagers the bids give under the table's ``stakes`` (the stacks once bidding ended)."""
    wagers = auction_wagers(state["bids"], seats, state["options"]["stakes"])
    return with_stacks(wagers, standing.declarer if standing.ended else None)


def _stake_entries(state: JsonDict, ledger: list[JsonDict], chips: list[int]) -> None:
    """Write this round's stake entries as the bids and the ``stakes`` option give them."""
    rule = state["options"]["stakes"]
    for bid in state["bids"]:
        pay_stake(ledger, chips, state["round"], bid["seat"], bid["bid"], bid["stake"], rule)


def _check_conservation(state: JsonDict, seats: int, start_chips: list[int]) -> None:
    """The game started with players x ``start_chips`` in the chips and the Ante Pot (the
    ledger then moves them; PROTOCOL.md, Setups)."""
    held = sum(start_chips) + state["start"]["ante_pot"]
    expected = seats * int(state["options"]["start_chips"])
    if held != expected:
        raise MalformedError(
            "state.start", f"the game started with {held} chips, not {expected} (start_chips)"
        )


# --- the round before ---------------------------------------------------------------


def check_last_round(raw: object, where: str, seats: int, over: bool, round_index: int) -> None:
    """The summary of the round before (or of the last round, once the game is over)."""
    if raw is None:
        if over:
            raise MalformedError(where, "the last round's summary is missing")
        return
    summary = expect_dict(raw, where)
    expect_keys(summary, where, LAST_ROUND_KEYS)
    wanted = round_index if over else round_index - 1
    if summary["round"] != wanted or isinstance(summary["round"], bool):
        raise MalformedError(f"{where}.round", f"expected round {wanted}")
    expect_seat(summary["dealer"], seats, f"{where}.dealer")
    void = expect_bool(summary["void"], f"{where}.void")
    if void:
        for key in ("declarer", "contract", "points", "made", "bonus"):
            if summary[key] is not None:
                raise MalformedError(f"{where}.{key}", "a void round has none")
    else:
        expect_seat(summary["declarer"], seats, f"{where}.declarer")
        expect_str(summary["contract"], f"{where}.contract", auction.BIDS)
        points = expect_int(summary["points"], f"{where}.points", 0, 182)
        if summary["made"] is not (points >= 92):
            raise MalformedError(f"{where}.made", "does not match the points")
        if summary["bonus"] is not None:
            bonus = expect_dict(summary["bonus"], f"{where}.bonus")
            expect_keys(bonus, f"{where}.bonus", ["bonus", "seat", "amount"])
            expect_str(bonus["bonus"], f"{where}.bonus.bonus", BONUSES)
            expect_seat(bonus["seat"], seats, f"{where}.bonus.seat")
            expect_int(bonus["amount"], f"{where}.bonus.amount", 0, CHIP_LIMIT)
    tricks = expect_list(summary["tricks"], f"{where}.tricks", seats)
    total = sum(expect_int(t, f"{where}.tricks[{s}]", 0) for s, t in enumerate(tricks))
    if total != (0 if void else HAND_SIZE[seats]):
        raise MalformedError(f"{where}.tricks", "do not add up to the round's tricks")
    talon_size = 0 if void else TALON_SIZE[seats]
    expect_cards(summary["talon"], f"{where}.talon", CARD_CODES, talon_size)
    expect_cards(summary["aside"], f"{where}.aside", CARD_CODES)
    _chip_list(summary["chips"], f"{where}.chips", seats)
    expect_int(summary["ante_pot"], f"{where}.ante_pot", 0, CHIP_LIMIT)
