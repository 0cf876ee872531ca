"""The ``stakes`` option (RULES.md 3.3, Bidding), forced by setups at 3, 4 and 5 players
under both values: the wagers after each bid, the declarer's matching stacks, the
settlement of a made and of a failed contract, the remainder to the Ante Pot, a void
round; chip conservation as a property; and games from before the option."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sabacc.support import (
    bid,
    bids,
    chip_total,
    declare,
    events_of,
    fill_hands,
    finish_round,
    new,
    sabacc_range,
    suit,
)
from scale import scaled

from celestix import api
from celestix.errors import MalformedError
from celestix.rng import MAX_SEED
from celestix.sabacc.migrate import current_reason

State = dict[str, Any]
PLAYERS = [3, 4, 5]
RULES = ["everyone", "bidder"]
STAKE = {"take": 1, "push": 1, "guard": 2, "guard_without": 4, "guard_against": 6}
NAME = {"take": "Take", "push": "Push", "guard": "Guard", "guard_without": "Guard without"}
OLD_GAME = Path(__file__).with_name("old_game.json")


def called(players: int, rule: str, made: list[tuple[int, str]]) -> list[int]:
    """The wagers the rule gives after the bids ``made`` ([(seat, bid), ...])."""
    wagers = [0] * players
    for seat, word in made:
        for s in range(players) if rule == "everyone" else [seat]:
            wagers[s] += STAKE[word]
    return wagers


# --- the auction: wagers after each bid, the ledger, the matching stacks ----------------


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_wagers_after_each_bid_and_the_matching_stacks(players: int, rule: str) -> None:
    # Dealer 1: seat 0 bids first. Seat 0 takes, seat 1 pushes, the rest pass, seat 0
    # guards, seat 1 passes: seat 0 declares Guard.
    state = new(players, setup={"dealer": 1}, stakes=rule)
    start = list(state["chips"])
    script = ["take", "push", *["pass"] * (players - 2), "guard", "pass"]
    made: list[tuple[int, str]] = []
    for word in script:
        seat = state["to_act"]
        state, events = bid(state, word)
        if word != "pass":
            made.append((seat, word))
        event = events_of(events, "bid")[0]
        if word == "pass":
            assert event["callers"] == [] and event["stake"] == 0
        elif rule == "everyone":
            # every player calls the bid, in order of play from the bidder
            assert event["callers"] == [(seat + k) % players for k in range(players)]
        else:
            assert event["callers"] == [seat]
        if state["declarer"] is None:
            assert state["wagers"] == called(players, rule, made) == event["wagers"]
    wager = called(players, rule, made)
    if rule == "everyone":
        assert wager == [4] * players  # 1 + 1 + 2, equal for all: passing saved nobody
    else:
        assert wager == [3, 1] + [0] * (players - 2)
    # The declarer adds a stack equal to their own wager for each defender.
    assert state["declarer"] == 0 and state["contract"] == "guard"
    assert state["wagers"] == [players * wager[0], *wager[1:]]
    assert [start[s] - state["chips"][s] for s in range(players)] == state["wagers"]
    won = events_of(events, "auction_won")[0]
    assert won["wager"] == wager[0] and won["stacks"] == players - 1
    assert won["table"] == sum(state["wagers"]) and won["stakes"] == rule
    # The ledger: one entry per stake per player, each saying whether it calls a bid.
    stakes = [e for e in state["ledger"] if "their stake" in e["reason"]]
    expected = []
    for seat, word in made:
        for s in [(seat + k) % players for k in range(players)] if rule == "everyone" else [seat]:
            reason = (
                f"Whoever bids {NAME[word]} puts their stake on the table."
                if s == seat
                else f"When {NAME[word]} is bid, every player puts their stake on the table."
            )
            expected.append((s, STAKE[word], reason))
    assert [(e["seat"], e["amount"], e["reason"]) for e in stakes] == expected
    stacks = [e for e in state["ledger"] if "a stack" in e["reason"]]
    assert [(e["seat"], e["amount"], e["reason"]) for e in stacks] == [
        (0, wager[0], "The declarer puts in a stack equal to their own wager for one defender.")
        for _ in range(1, players)
    ]
    assert chip_total(state) == players * 100


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_a_void_round_returns_nothing_and_the_ante_pot_keeps_its_chips(
    players: int, rule: str
) -> None:
    state = new(players, seed=5, setup={"dealer": 0}, stakes=rule)
    state, events = bids(state, *["pass"] * players)
    void = events_of(events, "void_round")[0]
    assert void["returned"] == [0] * players  # nobody bid: nothing was put in
    assert all(e["callers"] == [] for e in events_of(events, "bid"))
    assert state["round"] == 1 and state["wagers"] == [0] * players
    assert state["chips"] == [98] * players and state["ante_pot"] == 2 * players
    assert not any(e["pot"] == "table" for e in state["ledger"])


# --- settling: a made and a failed contract, the remainder ------------------------------

# Hands nobody can take a trick from, and hands that can take none; each seat's first
# bid is its contract (dealer 1: seat 0 bids first, seat 2 leads).
STRONG = {3: [*sabacc_range(1, 21), "0", "14c", "14f"], 4: ["0", *sabacc_range(5, 21)],
          5: ["0", *sabacc_range(8, 21)]}  # fmt: skip
WEAK = {
    3: [f"{rank}{s}" for s in "cfst" for rank in range(1, 7)],
    4: [f"{rank}{s}" for s in "cfst" for rank in range(1, 5)] + ["5c", "5f"],
    5: [f"{rank}{s}" for s in "cfst" for rank in range(1, 4)] + ["4c", "4f", "4s"],
}
WEAK_TALON = {3: suit("c", range(7, 13)), 4: ["5s", "5t", "6c", "6f", "6s", "6t"],
              5: ["4t", "5c", "5f"]}  # fmt: skip


def setup_for(players: int, hand: list[str], talon: list[str]) -> State:
    return {"dealer": 1, "hands": fill_hands(players, {0: hand}, talon), "talon": talon}


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_a_made_contract_takes_the_table(players: int, rule: str) -> None:
    talon = suit("c", range(1, 7)) if players < 5 else suit("c", range(1, 4))
    state = new(players, setup=setup_for(players, STRONG[players], talon), stakes=rule)
    state, _ = declare(state, 0, "guard_without")
    w = STAKE["guard_without"]
    others = w if rule == "everyone" else 0
    assert state["wagers"] == [players * w] + [others] * (players - 1)
    before = list(state["chips"])
    state, events = finish_round(state)
    assert events_of(events, "round_counted")[0]["made"]
    settled = events_of(events, "wagers_settled")[0]
    table = players * w + (players - 1) * others
    assert settled["winner"] == "declarer" and settled["table"] == table
    assert settled["received"] == [table] + [0] * (players - 1)
    # A made contract takes (n - 1) x W from the defenders; under "bidder" only the
    # declarer's own chips come back.
    assert settled["net"] == [(players - 1) * others] + [-others] * (players - 1)
    assert settled["remainder"] == 0
    bonus = events_of(events, "bonus")[0]  # every trick: Grand Slam
    summary = state["last_round"]
    assert summary["chips"][0] == before[0] + table + bonus["amount"]
    assert summary["chips"][1:] == before[1:]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_a_failed_contract_pays_the_defenders_and_the_remainder_goes_to_the_ante_pot(
    players: int, rule: str
) -> None:
    talon = WEAK_TALON[players]
    state = new(players, setup=setup_for(players, WEAK[players], talon), stakes=rule)
    state, _ = declare(state, 0, "take")
    others = 1 if rule == "everyone" else 0
    assert state["wagers"] == [players] + [others] * (players - 1)
    pot = state["ante_pot"]
    before = list(state["chips"])
    state, events = finish_round(state)
    assert not events_of(events, "round_counted")[0]["made"]
    settled = events_of(events, "wagers_settled")[0]
    table = players + (players - 1) * others
    share, remainder = divmod(table, players - 1)
    assert remainder == 1  # an odd table at every size under both rules
    assert settled["winner"] == "defenders" and settled["table"] == table
    assert settled["received"] == [0] + [share] * (players - 1)
    assert settled["net"] == [-players] + [share - others] * (players - 1)
    assert settled["remainder"] == remainder and settled["ante_pot"] == pot + remainder
    if rule == "everyone":
        # A lost contract pays the defenders n x W between them.
        assert sum(settled["net"][1:]) + remainder == players
    transfer = [e for e in state["ledger"] if e["seat"] is None]
    assert [(e["pot"], e["dir"], e["amount"]) for e in transfer] == [
        ("table", "out", 1),
        ("ante_pot", "in", 1),
    ]
    bonus = events_of(events, "bonus")
    paid = bonus[0]["amount"] if bonus else 0
    assert not bonus or bonus[0]["ante_pot_before"] == pot + remainder
    summary = state["last_round"]
    assert summary["chips"][0] == before[0] - (paid if bonus and bonus[0]["seat"] == 0 else 0)
    assert sum(summary["chips"]) + summary["ante_pot"] == players * 100


# --- chips are conserved whatever is bid --------------------------------------------


@settings(max_examples=scaled(40, 8))
@given(
    st.sampled_from(PLAYERS),
    st.sampled_from(RULES),
    st.integers(0, MAX_SEED),
    st.lists(st.integers(0, 5), min_size=1, max_size=12),
)
def test_any_auction_keeps_every_chip_and_equal_wagers(
    players: int, rule: str, seed: int, picks: list[int]
) -> None:
    state = new(players, seed=seed, start_chips=50, ante=2, stakes=rule)
    made: list[tuple[int, str]] = []
    for pick in picks:
        if state["phase"] != "bid" or state["round"] != 0:
            break
        seat = state["to_act"]
        legal = api.legal_actions(state, seat)
        word = legal[pick % len(legal)]["bid"]
        state, _ = bid(state, word)
        assert chip_total(state) == players * 50
        if state["round"] != 0:
            break  # a void round: the next is dealt
        if word != "pass":
            made.append((seat, word))
        wagers = called(players, rule, made)
        if state["declarer"] is None:
            assert state["wagers"] == wagers
            if rule == "everyone":
                assert len(set(state["wagers"])) == 1
        else:
            d = state["declarer"]
            assert state["wagers"] == [players * w if s == d else w for s, w in enumerate(wagers)]
            assert sum(state["chips"]) + sum(state["wagers"]) + state["ante_pot"] == players * 50


# --- the state check ----------------------------------------------------------------


def test_a_state_whose_wagers_do_not_follow_its_stakes_option_is_refused() -> None:
    state, _ = bids(new(4, setup={"dealer": 0}), "take", "guard")
    switched = dict(state, options=dict(state["options"], stakes="bidder"))
    with pytest.raises(MalformedError) as error:
        api.view(switched, None)
    assert error.value.field == "state.wagers" and "stakes 'bidder'" in error.value.message
    # Wagers moved to match the other rule: the ledger still says everyone called.
    switched["wagers"] = [2, 0, 0, 1]
    switched["chips"] = [98, 99, 99, 98]
    with pytest.raises(MalformedError) as error:
        api.view(switched, None)
    assert error.value.field in ("state.chips", "state.ledger")
    dropped = dict(state, ledger=[e for e in state["ledger"] if e["seat"] != 1 or e["hand"]])
    with pytest.raises(MalformedError):
        api.view(dropped, None)


def test_a_state_that_started_with_chips_from_nowhere_is_refused() -> None:
    state = new(4, seed=2)
    grown = json.loads(json.dumps(state))
    grown["start"]["chips"][0] += 5
    grown["chips"][0] += 5
    with pytest.raises(MalformedError) as error:
        api.view(grown, None)
    assert error.value.field == "state.start"


# --- games from before the option ---------------------------------------------------


def old_game() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(OLD_GAME.read_text(encoding="utf-8"))
    return loaded


# The old game's ledger as this engine writes it: the file's ``ledger_sha256`` is the
# engine's of before the ledger's reasons named no seat ("matching stack for seat 2");
# the entries are the same but for those words (current_reason reads the old ones).
# Re-pinned when the reasons became sentences (state version 3): only the words changed
# (test_old_saves.py checks every entry but its reason is as saved); again when a card's
# own "The" became "the" inside a sentence ("with the Idiot"; only that reason changed);
# again when a stake's reason called its player "they" (state version 4: "puts their
# stake"; 4 of the 42 entries, and with "its" put back the digest of before returns).
LEDGER_SHA256 = "7623cd535ac53cf93333eeecbf00ed474e70a7d3fdba933ab220104aae3e66b1"


def ledger_digest(ledger: list[dict[str, Any]]) -> str:
    entries = [dict(entry, reason=current_reason(entry)) for entry in ledger]
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_state_saved_before_the_option_opens_and_plays_on_under_the_old_rule() -> None:
    old = old_game()
    state = old["state"]
    assert "stakes" not in state["options"]
    view = api.view(state, state["to_act"])
    assert view["options"]["stakes"] == "bidder"  # read as the rule it was played under
    assert api.bot_action(view, "normal", 3) in api.legal_actions(state, state["to_act"])
    assert state["version"] == 1
    for entry in old["record"]["actions"][old["state_moves"] :]:
        state = api.apply(state, entry["action"], entry["seat"])["state"]
        # migrated once, at the facade's edge: version 2 names its rule
        assert state["version"] == 4 and state["options"]["stakes"] == "bidder"
    final = old["final"]
    assert state["over"] and state["chips"] == final["chips"]
    assert state["ante_pot"] == final["ante_pot"]
    assert ledger_digest(state["ledger"]) == LEDGER_SHA256


def test_a_record_from_before_the_option_replays_under_the_old_rule_when_it_is_named() -> None:
    old = old_game()
    record = old["record"]
    assert "stakes" not in record["options"]
    # Named as what it was played under, or marked as written by a version-1 engine (the
    # page marks so the records it saved before records had a version), the record gives
    # the old engine's chips and ledger to the byte: migrated once, at the facade's edge.
    for named in (
        dict(record, options=dict(record["options"], stakes="bidder")),
        dict(record, version=1),
    ):
        replayed = api.replay(named)
        assert replayed["options"]["stakes"] == "bidder"
        assert replayed["chips"] == old["final"]["chips"]
        assert ledger_digest(replayed["ledger"]) == LEDGER_SHA256
    # Without a version, the record is today's and a left-out option takes its default
    # (PROTOCOL.md): the moves are all still legal, every player having called every bid.
    default = api.replay(record)
    assert default["options"]["stakes"] == "everyone" and default["over"]
    assert default["chips"] != old["final"]["chips"]
    assert sum(default["chips"]) + default["ante_pot"] == 400


def test_a_view_from_before_the_option_is_still_read_by_the_bots() -> None:
    state, _ = bids(new(4, seed=7, setup={"dealer": 0}, stakes="bidder"), "take")
    view = api.view(state, state["to_act"])
    del view["options"]["stakes"]
    assert api.bot_action(view, "easy", 1)["type"] == "bid"
    assert api.bot_action(view, "normal", 1)["type"] == "bid"
    view["options"]["stakes"] = "all"
    with pytest.raises(MalformedError) as error:
        api.bot_action(view, "easy", 1)
    assert error.value.field == "view.options.stakes"


def test_an_old_state_with_a_bad_option_is_still_refused() -> None:
    state = old_game()["state"]
    broken = dict(state, options=dict(state["options"], ante="1"))
    with pytest.raises(MalformedError) as error:
        api.view(broken, None)
    assert error.value.field == "state.options.ante"


def test_an_old_state_is_migrated_once_at_the_edge_and_its_ledger_reads_as_today() -> None:
    state = old_game()["state"]
    old_reasons = [e["reason"] for e in state["ledger"] if "seat" in e["reason"]]
    assert old_reasons  # the file's ledger names seats, as version 1 did
    legal = api.legal_actions(state, state["to_act"])
    after = api.apply(state, legal[0], state["to_act"])["state"]
    assert after["version"] == 4 and "stakes" not in state["options"]  # input untouched
    assert not [e for e in after["ledger"] if "by seat" in e["reason"] or "for seat" in e["reason"]]
    assert api.view(after, None)["options"]["stakes"] == "bidder"


@pytest.mark.parametrize("version", [0, 5, "2", True, None])
def test_a_state_of_an_unknown_version_is_refused(version: object) -> None:
    state = dict(old_game()["state"], version=version)
    with pytest.raises(MalformedError) as error:
        api.view(state, None)
    assert error.value.field == "state.version"


def test_a_current_state_claiming_version_1_without_the_option_history_is_checked() -> None:
    # a version-1 label on today's state: migrated (the option is already named) and valid
    state = new(4, seed=3, setup={"dealer": 0}, stakes="everyone")
    relabelled = dict(state, version=1)
    assert api.view(relabelled, 0) == api.view(state, 0)
