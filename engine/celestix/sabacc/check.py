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

from celestix.errors import IllegalActionError, MalformedError
from celestix.options import OptionSpec, check_resolved
from celestix.rng import MAX_SEED
from celestix.sabacc import auction
from celestix.sabacc.aside import TALON_HAND, is_free
from celestix.sabacc.auction import Bid
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
from celestix.sabacc.options import typed_options
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
    BonusPaid,
    Phase,
    RoundSummary,
    State,
    copy_state,
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
from celestix.table.ledger import Entry, check_ledger_with_transfers, net_by_pot, net_by_seat
from celestix.table.tricks import Play

SABACC_INDEX = 4
PHASE_VALUES = tuple(phase.value for phase in Phase)
LAST_ROUND_KEYS = (
    "round", "dealer", "void", "declarer", "contract", "points", "made", "tricks", "talon",
    "aside", "bonus", "chips", "ante_pot",
)  # fmt: skip
FOUND_KEYS = ("declarer", "contract", "points", "made")  # (none of a void round)


def check_state(raw: JsonDict, option_specs: tuple[OptionSpec, ...]) -> int:
    """Raise ``MalformedError`` unless ``raw`` could arise in play; return the seats."""
    state, standing = _shaped(raw, option_specs)
    seats = len(state["chips"])
    _check_cards(state, seats)
    _check_tricks(state, seats)
    phase, to_act = position(state, standing)
    _check_chips(state, seats, standing, over=to_act is None)

    if state["phase"] != phase.value:
        raise MalformedError("state.phase", f"the round's record says {phase.value!r}")
    if state["to_act"] != to_act:
        raise MalformedError("state.to_act", f"the round's record says {to_act!r}")
    if state["over"] is not (to_act is None):
        raise MalformedError("state.over", "does not match the phase")
    if state["over"] and state["round"] != seats - 1:
        raise MalformedError("state.round", "a finished round is followed by the next deal")
    expected_winners = winners(state["chips"]) if state["over"] else []
    if state["winners"] != expected_winners:
        raise MalformedError("state.winners", f"the chips say {expected_winners}")
    check_round_before(
        state["last_round"], "state.last_round", seats, state["over"], state["round"]
    )
    return seats


# --- the shape of every field -------------------------------------------------------


def _shaped(raw: JsonDict, option_specs: tuple[OptionSpec, ...]) -> tuple[State, auction.Auction]:
    """``raw`` as a :class:`State`, every field checked for its shape (and the round
    before's summary as a summary), with its auction replayed: the declarer and the
    contract must be what the bids give."""
    expect_keys(raw, "state", STATE_KEYS)
    if raw["game"] != "sabacc":
        raise MalformedError("state.game", "not a Contract Sabacc state")
    expect_version(raw["version"], STATE_VERSION)
    options = check_resolved(option_specs, raw["options"], "state.options")
    seats = int(options["players"])
    seed = expect_int(raw["seed"], "state.seed", 0, MAX_SEED)
    round_index = expect_int(raw["round"], "state.round", 0, seats - 1)
    dealer = expect_seat(raw["dealer"], seats, "state.dealer")
    over = expect_bool(raw["over"], "state.over")
    # the rules read the table's size off the chips: checked before they run
    chips = _chip_list(raw["chips"], "state.chips", seats)

    standing = replay_auction(raw["bids"], "state.bids", seats, dealer)
    declarer = standing.declarer if standing.ended else None
    if raw["declarer"] != declarer or isinstance(raw["declarer"], bool):
        raise MalformedError("state.declarer", f"the bids say {declarer!r}")
    contract = standing.highest if declarer is not None else None
    if raw["contract"] != contract:
        raise MalformedError("state.contract", f"the bids say {contract!r}")

    hands = [
        card_list(hand, f"state.hands[{s}]")
        for s, hand in enumerate(expect_list(raw["hands"], "state.hands", seats))
    ]
    talon = card_list(raw["talon"], "state.talon", TALON_SIZE[seats])
    aside = card_list(raw["aside"], "state.aside")
    played = expect_list(raw["played"], "state.played", None)
    for i, entry in enumerate(played):
        where = f"state.played[{i}]"
        if type(entry) is not dict or len(entry) != 2:
            expect_keys(expect_dict(entry, where), where, ["plays", "winner"])
        play_list(entry.get("plays"), f"{where}.plays", seats, seats)
        expect_seat(entry.get("winner"), seats, f"{where}.winner")
    trick = play_list(raw["trick"], "state.trick", seats)
    wagers = _chip_list(raw["wagers"], "state.wagers", seats)
    ante_pot = expect_int(raw["ante_pot"], "state.ante_pot", 0, CHIP_LIMIT)
    start = expect_dict(raw["start"], "state.start")
    expect_keys(start, "state.start", ["chips", "ante_pot"])
    start_chips = _chip_list(start["chips"], "state.start.chips", seats)
    start_pot = expect_int(start["ante_pot"], "state.start.ante_pot", 0, CHIP_LIMIT)
    ledger = check_ledger_with_transfers(raw["ledger"], "state.ledger", seats, POTS)
    phase = expect_str(raw["phase"], "state.phase", PHASE_VALUES)
    to_act = raw["to_act"]
    if to_act is not None:
        to_act = expect_seat(to_act, seats, "state.to_act")
    return {
        "game": "sabacc",
        "version": STATE_VERSION,
        "phase": phase,
        "to_act": to_act,
        "over": over,
        "options": typed_options(options),
        "seed": seed,
        "round": round_index,
        "dealer": dealer,
        "hands": hands,
        "talon": talon,
        "bids": raw["bids"],  # (each bid checked as the auction was replayed)
        "declarer": declarer,
        "contract": contract,
        "wagers": wagers,
        "aside": aside,
        "played": played,
        "trick": trick,
        "chips": chips,
        "ante_pot": ante_pot,
        "ledger": ledger,
        "start": {"chips": start_chips, "ante_pot": start_pot},
        "last_round": summary_shape(raw["last_round"], "state.last_round", seats),
        "winners": _seat_list(raw["winners"], "state.winners", seats),
    }, standing


# --- the auction --------------------------------------------------------------------


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


def _check_cards(state: State, seats: int) -> None:
    """Every card in exactly one place; hands sorted and of the right sizes."""
    hands, talon, aside = state["hands"], state["talon"], state["aside"]
    played, trick = state["played"], state["trick"]
    for s, hand in enumerate(hands):
        order = [CARD_ID[card] for card in hand]
        if not all(map(operator.lt, order, order[1:])):
            raise MalformedError(f"state.hands[{s}]", "a hand is kept in deck order")
    destination = talon_to(state)
    if aside and destination != TALON_HAND:
        raise MalformedError("state.aside", "only Take, Push and Guard have an aside")
    if len(aside) > len(talon):
        raise MalformedError("state.aside", f"the aside holds {len(talon)} cards")
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
    declarer = state["declarer"]
    if destination == TALON_HAND and declarer is not None:
        held = set(hands[declarer]).union(aside)
        held.update(p["card"] for t in played for p in t["plays"] if p["seat"] == declarer)
        held.update(p["card"] for p in trick if p["seat"] == declarer)
        if not held.issuperset(talon):
            raise MalformedError("state.talon", "the talon went into the declarer's hand")

    in_trick = {play["seat"] for play in trick}
    for s, hand in enumerate(hands):
        expected = HAND_SIZE[seats] - len(played) - (1 if s in in_trick else 0)
        if destination == TALON_HAND and s == declarer:
            expected += len(talon) - len(aside)
        if len(hand) != expected:
            raise MalformedError(f"state.hands[{s}]", f"expected {expected} cards")


# --- trick play ---------------------------------------------------------------------


def _check_tricks(state: State, seats: int) -> None:
    """Turn order, winners, and every card legal when it was played (worked backwards)."""
    played, trick = state["played"], state["trick"]
    if (played or trick) and not _play_started(state):
        raise MalformedError("state.played", "no card is played before the aside is made")
    leader = right_of(state["dealer"], seats)
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


def _play_started(state: State) -> bool:
    if state["declarer"] is None:
        return False
    return talon_to(state) != TALON_HAND or len(state["aside"]) == len(state["talon"])


def _check_order(plays: list[Play], leader: int, seats: int, where: str) -> None:
    for j, play in enumerate(plays):
        if play["seat"] != (leader + j) % seats:
            raise MalformedError(f"{where}", f"seat {(leader + j) % seats} was to play card {j}")


def _check_aside_rules(state: State) -> None:
    """A Master or Sabacc went aside only when nothing else was left, and no Honour."""
    aside = state["aside"]
    declarer = state["declarer"]
    if not aside or declarer is None:
        return
    free = sum(1 for card in state["hands"][declarer] if is_free(card))
    for plays in [*(entry["plays"] for entry in state["played"]), state["trick"]]:
        free += sum(1 for p in plays if p["seat"] == declarer and is_free(p["card"]))
    for card in reversed(aside):
        if is_free(card):
            free += 1
        elif free or IS_HONOUR[card]:
            raise MalformedError("state.aside", f"{card} could not have been set aside")


# --- chips --------------------------------------------------------------------------


def _check_chips(state: State, seats: int, standing: auction.Auction, over: bool) -> None:
    """Chips and pots agree with the ledger, and this round's entries with the bids
    (once the game is ``over``, the last round's settlement follows them)."""
    chips, wagers, start = state["chips"], state["wagers"], state["start"]
    start_chips = start["chips"]
    rule = state["options"]["stakes"]

    settled = state["declarer"] is not None and len(state["played"]) == HAND_SIZE[seats]
    expected_wagers = [0] * seats if settled else round_wagers(state["bids"], rule, seats, standing)
    if standing.void:
        expected_wagers = [0] * seats
    if wagers != expected_wagers:
        raise MalformedError(
            "state.wagers", f"the bids under stakes {rule!r} say {expected_wagers}"
        )

    ledger = state["ledger"]
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
        raise MalformedError(
            "state.ledger", f"this round's entries do not match its bids under stakes {rule!r}"
        )
    if over:
        _check_last_settlement(state, seats, standing, ledger[first + len(expected) :])


def _check_last_settlement(
    state: State, seats: int, standing: auction.Auction, tail: list[Entry]
) -> None:
    """Once the game is over: the last round's settlement, bonus and the Ante Pot's end
    are exactly what its cards give, and so is its summary."""
    gained = net_by_seat(tail, seats)
    # The state as its last round was counted: its chips and Ante Pot before the tail of
    # the ledger, its wagers still on the table; the settlement writes a new ledger.
    scratch = copy_state(state)
    scratch["ledger"] = []
    scratch["chips"] = [state["chips"][s] - gained[s] for s in range(seats)]
    scratch["ante_pot"] = state["ante_pot"] - net_by_pot(tail).get(ANTE_POT, 0)
    scratch["wagers"] = round_wagers(state["bids"], state["options"]["stakes"], seats, standing)
    half = None if standing.void else count(declarer_pile(state))
    bonus = None
    if half is None:
        return_wagers(scratch)
    else:
        settle_wagers(scratch, made(half))
        bonus = pay_bonus(scratch, round_claims(state))
    # The summary is taken with the scratch chips and pot: before the Ante Pot's end.
    summary = round_summary(scratch, half, bonus)
    close_ante_pot(scratch)
    if scratch["ledger"] != tail:
        raise MalformedError("state.ledger", "the last round was not settled as its cards say")
    if state["last_round"] != summary:
        raise MalformedError("state.last_round", "does not match the last round's cards")


def _chip_list(value: object, field: str, seats: int) -> list[int]:
    return int_list(value, field, seats, CHIP_LIMIT)


def _seat_list(value: object, field: str, seats: int) -> list[int]:
    """``value`` as a list of seats (a fault anywhere in it named by ``field``)."""
    if type(value) is not list or any(type(s) is not int or not 0 <= s < seats for s in value):
        raise MalformedError(field, "expected a list of seats")
    return value


def _round_entries(state: State, seats: int, standing: auction.Auction) -> list[Entry]:
    """This round's first ledger entries: antes, stakes, then the declarer's stacks."""
    ledger: list[Entry] = []
    chips = [0] * seats
    round_index, ante = state["round"], state["options"]["ante"]
    pay_antes(ledger, chips, round_index, right_of(state["dealer"], seats), ante)
    _stake_entries(state, ledger, chips)
    declarer = standing.declarer
    if declarer is not None:
        defenders = [seat for seat in range(seats) if seat != declarer]
        wager = auction_wagers(state["bids"], seats, state["options"]["stakes"])[declarer]
        pay_matching_stacks(ledger, chips, round_index, declarer, wager, defenders)
    return ledger


# --- the stakes option --------------------------------------------------------------


def round_wagers(
    bids: Sequence[Bid], rule: str, seats: int, standing: auction.Auction
) -> list[int]:
    """The wagers ``bids`` give under the table's ``stakes`` rule (the stacks once bidding
    ended)."""
    wagers = auction_wagers(bids, seats, rule)
    return with_stacks(wagers, standing.declarer if standing.ended else None)


def _stake_entries(state: State, ledger: list[Entry], chips: list[int]) -> None:
    """Write this round's stake entries as the bids and the ``stakes`` option give them."""
    rule = state["options"]["stakes"]
    for bid in state["bids"]:
        pay_stake(ledger, chips, state["round"], bid["seat"], bid["bid"], bid["stake"], rule)


def _check_conservation(state: State, seats: int, start_chips: list[int]) -> None:
    """The game started with players x ``start_chips`` in the chips and the Ante Pot (the
    ledger then moves them; PROTOCOL.md, Setups)."""
    held = sum(start_chips) + state["start"]["ante_pot"]
    expected = seats * state["options"]["start_chips"]
    if held != expected:
        raise MalformedError(
            "state.start", f"the game started with {held} chips, not {expected} (start_chips)"
        )


# --- the round before ---------------------------------------------------------------


def check_last_round(
    raw: object, where: str, seats: int, over: bool, round_index: int
) -> RoundSummary | None:
    """The summary of the round before (or of the last round, once the game is over)."""
    summary = summary_shape(raw, where, seats)
    check_round_before(summary, where, seats, over, round_index)
    return summary


def summary_shape(raw: object, where: str, seats: int) -> RoundSummary | None:
    """``raw`` as a round's summary, or None: each field of its type (what it says is
    :func:`check_round_before`'s)."""
    if raw is None:
        return None
    summary = expect_dict(raw, where)
    expect_keys(summary, where, LAST_ROUND_KEYS)
    round_index = expect_int(summary["round"], f"{where}.round", 0, seats - 1)
    dealer = expect_seat(summary["dealer"], seats, f"{where}.dealer")
    void = expect_bool(summary["void"], f"{where}.void")
    declarer, contract, points, won = (summary[key] for key in FOUND_KEYS)
    paid: BonusPaid | None = None
    if not void:
        declarer = expect_seat(declarer, seats, f"{where}.declarer")
        contract = expect_str(contract, f"{where}.contract", auction.BIDS)
        points = expect_int(points, f"{where}.points", 0, 182)
        won = expect_bool(won, f"{where}.made")
        if summary["bonus"] is not None:
            bonus = expect_dict(summary["bonus"], f"{where}.bonus")
            expect_keys(bonus, f"{where}.bonus", ["bonus", "seat", "amount"])
            paid = {
                "bonus": expect_str(bonus["bonus"], f"{where}.bonus.bonus", BONUSES),
                "seat": expect_seat(bonus["seat"], seats, f"{where}.bonus.seat"),
                "amount": expect_int(bonus["amount"], f"{where}.bonus.amount", 0, CHIP_LIMIT),
            }
    else:
        for key in (*FOUND_KEYS, "bonus"):
            if summary[key] is not None:
                raise MalformedError(f"{where}.{key}", "a void round has none")
    tricks = expect_list(summary["tricks"], f"{where}.tricks", seats)
    return {
        "round": round_index,
        "dealer": dealer,
        "void": void,
        "declarer": declarer,
        "contract": contract,
        "points": points,
        "made": won,
        "tricks": [expect_int(t, f"{where}.tricks[{s}]", 0) for s, t in enumerate(tricks)],
        "talon": expect_cards(summary["talon"], f"{where}.talon", CARD_CODES),
        "aside": expect_cards(summary["aside"], f"{where}.aside", CARD_CODES),
        "bonus": paid,
        "chips": _chip_list(summary["chips"], f"{where}.chips", seats),
        "ante_pot": expect_int(summary["ante_pot"], f"{where}.ante_pot", 0, CHIP_LIMIT),
    }


def check_round_before(
    summary: RoundSummary | None, where: str, seats: int, over: bool, round_index: int
) -> None:
    """The summary of the round before is there once a round has been settled and says
    what such a round could (once the game is over: the summary of its last round)."""
    if summary is None:
        if over:
            raise MalformedError(where, "the last round's summary is missing")
        return
    wanted = round_index if over else round_index - 1
    if summary["round"] != wanted:
        raise MalformedError(f"{where}.round", f"expected round {wanted}")
    points = summary["points"]
    if points is not None and summary["made"] is not made(points):
        raise MalformedError(f"{where}.made", "does not match the points")
    if sum(summary["tricks"]) != (0 if summary["void"] else HAND_SIZE[seats]):
        raise MalformedError(f"{where}.tricks", "do not add up to the round's tricks")
    talon_size = 0 if summary["void"] else TALON_SIZE[seats]
    if len(summary["talon"]) != talon_size:
        raise MalformedError(
            f"{where}.talon", f"expected {talon_size} items, got {len(summary['talon'])}"
        )
