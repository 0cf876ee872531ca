"""Saves made by older engines open and play on, migrated once at the facade's edge
(docs/ARCHITECTURE.md, "Old saves"): the ledger's reasons read as today's sentences,
Contract Sabacc's auction is in the phase "bid" and a stake's reason calls its player
"they".

The fixtures (tests/engine/saves) were made by the engine before the ledger's reasons
became sentences (Contract Sabacc's state version 2, Precedence's version 1): for each,
a state in the middle of a hand's play, the end of a game and the record; and by the
engine before Contract Sabacc's version 4 (its version 3: the auction's phase was
"bidding" and a stake "puts its stake"; a state and a view in the auction too).
Contract Sabacc's version-1 game (sabacc/old_game.json) is read in sabacc/test_stakes.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sentences import LEDGER_CARELESS

from celestix import api
from celestix.errors import MalformedError

SAVES = Path(__file__).with_name("saves")

# Every reason the old engines wrote (with a seat number before Sabacc's version 2), and
# the sentence each reads as now.
BID_WORDS = ("Take", "Push", "Guard", "Guard without", "Guard against")
OLD_REASONS = {
    "sabacc": {
        "ante": "Each player pays the ante into the Ante Pot as the round begins.",
        "stake: Guard": "Whoever bids Guard puts their stake on the table.",
        "stake: Guard without, calling the bid": (
            "When Guard without is bid, every player puts their stake on the table."
        ),
        "matching stack for a defender": (
            "The declarer puts in a stack equal to their own wager for one defender."
        ),
        "matching stack for seat 2": (
            "The declarer puts in a stack equal to their own wager for one defender."
        ),
        "won the Guard against": (
            "The declarer made the Guard against contract and takes every chip on the table."
        ),
        "defenders' share": (
            "The declarer lost the contract, so the defenders divide the chips on the table."
        ),
        "remainder of the wagers": (
            "The chips on the table that do not divide evenly among the defenders go into "
            "the Ante Pot."
        ),
        "wager returned: void round": (
            "Everyone passed, so the round is void and each wager goes back to its player."
        ),
        "bonus: Slam": (
            "Winning all but at most three tricks earns the Slam bonus: three quarters of "
            "the Ante Pot."
        ),
        "bonus: Magician at the End": (
            "Winning the last trick with the Magician earns the Magician at the End bonus: "
            "half the Ante Pot."
        ),
        "Ante Pot divided at game end": (
            "At the end of the game the Ante Pot is divided equally among the players."
        ),
        # version 3's, for every bid
        **{
            f"Whoever bids {name} puts its stake on the table.": (
                f"Whoever bids {name} puts their stake on the table."
            )
            for name in BID_WORDS
        },
        **{
            f"When {name} is bid, every player puts its stake on the table.": (
                f"When {name} is bid, every player puts their stake on the table."
            )
            for name in BID_WORDS
        },
    },
    "precedence": {
        "Accord Pot stake": (
            "Each player pays the accord stake into the Accord Pot as the game begins."
        ),
        "ante": "Each player pays the ante into the Hand Pot as the hand begins.",
        "meld wager: Run of 4": "Declaring a Run of 4 costs the meld wager.",
        "meld wager: Triad": "Declaring a Triad costs the meld wager.",
        "trick credit: 1 bid": "Bidding 1 trick costs the trick credit.",
        "trick credit: 5 bid": "Bidding 5 tricks costs the trick credit for each of them.",
        "Hand Pot won": "The team that won the Hand Pot splits it evenly between the partners.",
        "Accord Pot won": (
            "The team that won the game splits the Accord Pot evenly between the partners."
        ),
        "Accord Pot won: odd chip": (
            "The odd chip of the Accord Pot goes to the winning partner first clockwise from "
            "the last dealer's left."
        ),
        "Hand Pot left at the end": (
            "The team that won the game splits what is left in the Hand Pot between the partners."
        ),
        "Hand Pot left at the end: odd chip": (
            "The odd chip left in the Hand Pot goes to the winning partner first clockwise "
            "from the last dealer's left."
        ),
    },
}
TODAY = {"sabacc": 4, "precedence": 2, "patience": 1}
# The version of the fixtures made before the ledger's reasons were sentences
WORDS = {"sabacc": 2, "precedence": 1}


def saved(game: str) -> list[dict[str, Any]]:
    """The fixture's games (Sabacc: one per stakes rule)."""
    name = {"sabacc": "sabacc_v2.json", "precedence": "precedence_v1.json"}[game]
    data: dict[str, Any] = json.loads((SAVES / name).read_text(encoding="utf-8"))
    games: list[dict[str, Any]] = data.get("games", [data])
    return games


def reasons(state: dict[str, Any]) -> set[str]:
    return {entry["reason"] for entry in state["ledger"]}


def lone_entry(game: str, reason: str) -> dict[str, Any]:
    """An old game's end with one more entry of ``reason`` (a pair of the Ante Pot's and
    back, so the chips still add up) first: the words of an entry the fixtures lack."""
    state = saved(game)[0]["final"]
    pot = "ante_pot" if game == "sabacc" else "hand"
    entry = {"hand": 0, "seat": 0, "amount": 1, "pot": pot}
    paid = [dict(entry, dir="in", reason=reason), dict(entry, dir="out", reason=reason)]
    return dict(state, ledger=[*paid, *state["ledger"]])


@pytest.mark.parametrize("game", ["sabacc", "precedence"])
def test_an_old_save_opens_with_the_ledger_in_sentences(game: str) -> None:
    known = OLD_REASONS[game]
    for old in saved(game):
        for state in (old["mid"], old["final"]):
            assert state["version"] == WORDS[game]
            before = reasons(state)
            view = api.view(state, None)
            after = {entry["reason"] for entry in view["ledger"]}
            # the old labels are gone; each entry reads as a sentence the scan passes
            assert not before & after, before & after
            for reason in after:
                assert not [what for what, p in LEDGER_CARELESS.items() if p.search(reason)]
            for reason in before & set(known):
                assert known[reason] in after
            # the chips, pots and everything but the words are as saved
            assert [dict(e, reason="") for e in view["ledger"]] == [
                dict(e, reason="") for e in state["ledger"]
            ]


@pytest.mark.parametrize("game", ["sabacc", "precedence"])
def test_an_old_save_plays_on_in_todays_shape(game: str) -> None:
    for old in saved(game):
        state = old["mid"]
        seat = state["to_act"]
        after = api.apply(state, api.legal_actions(state, seat)[0], seat)["state"]
        assert after["version"] == TODAY[game]
        assert state["version"] == WORDS[game]  # the input untouched
        today = api.replay(
            dict(old["record"], actions=old["record"]["actions"][: old["mid_moves"]])
        )
        assert api.view(state, seat) == api.view(today, seat)
        # the old record replays to the end, with today's words
        final = api.replay(old["record"])
        assert final["chips"] == old["final"]["chips"]
        assert api.view(old["final"], None)["ledger"] == final["ledger"]


@pytest.mark.parametrize(
    ("game", "old"), [(game, old) for game, words in OLD_REASONS.items() for old in words]
)
def test_each_old_reason_reads_as_todays_sentence(game: str, old: str) -> None:
    state = lone_entry(game, old)
    new = api.view(state, None)["ledger"][0]["reason"]
    assert new == OLD_REASONS[game][old]


@pytest.mark.parametrize("game", ["sabacc", "precedence", "patience"])
def test_a_record_of_a_newer_or_unknown_version_is_refused(game: str) -> None:
    record = {"game": game, "seed": 1, "actions": []}
    assert api.replay(dict(record, version=1))["version"] == TODAY[game]
    for version in (0, TODAY[game] + 1, "1", None):
        with pytest.raises(MalformedError) as error:
            api.replay(dict(record, version=version))
        assert error.value.field == "record.version"


def sabacc_v3() -> dict[str, Any]:
    """The game the engine played before the auction's phase was called "bid"."""
    data: dict[str, Any] = json.loads((SAVES / "sabacc_v3.json").read_text(encoding="utf-8"))
    game: dict[str, Any] = data["games"][0]
    return game


def today_at(old: dict[str, Any], moves: int) -> dict[str, Any]:
    """Today's state after the first ``moves`` moves of the old game's record."""
    return api.replay(dict(old["record"], actions=old["record"]["actions"][:moves]))


def test_an_old_state_in_the_auction_opens_in_the_phase_bid() -> None:
    old = sabacc_v3()
    state = old["bidding"]
    assert (state["version"], state["phase"]) == (3, "bidding")
    seat = state["to_act"]
    view = api.view(state, seat)
    assert view["phase"] == "bid"
    today = today_at(old, old["bidding_moves"])
    assert today["phase"] == "bid"
    assert view == api.view(today, seat)
    assert api.legal_actions(state, seat) == api.legal_actions(today, seat)
    after = api.apply(state, api.legal_actions(state, seat)[0], seat)["state"]
    assert (after["version"], after["phase"]) == (4, "bid")
    assert (state["version"], state["phase"]) == (3, "bidding")  # the input untouched


def test_an_old_game_plays_on_and_its_record_replays() -> None:
    old = sabacc_v3()
    state = old["mid"]
    seat = state["to_act"]
    today = today_at(old, old["mid_moves"])
    assert api.view(state, seat) == api.view(today, seat)
    after = api.apply(state, api.legal_actions(state, seat)[0], seat)["state"]
    assert after == api.apply(today, api.legal_actions(today, seat)[0], seat)["state"]
    final = api.replay(old["record"])
    assert old["record"]["version"] == 3
    assert api.view(old["final"], None) == api.view(final, None)
    assert final["chips"] == old["final"]["chips"]


def test_a_view_an_older_engine_made_in_the_auction_is_read() -> None:
    """A host's view on a friend's page may come from an older engine (phase "bidding")."""
    old = sabacc_v3()
    view = old["bidding_view"]
    assert view["phase"] == "bidding"
    today = api.view(today_at(old, old["bidding_moves"]), view["seat"])
    for level in ("basic", "normal"):
        assert api.bot_action(view, level, 7) == api.bot_action(today, level, 7)
    assert api.hint(view, "normal", 7) == api.hint(today, "normal", 7)


def test_an_old_games_stakes_read_their_stake() -> None:
    """Version 3's stakes said "puts its stake"; version 4's say "their" (one migration
    from version 3 rewrites the phase and these words alike)."""
    old = sabacc_v3()
    for name in ("bidding", "mid", "final"):
        state = old[name]
        stakes = [e for e in state["ledger"] if "its stake" in e["reason"]]
        assert stakes, name
        ledger = api.view(state, None)["ledger"]
        assert not [e for e in ledger if "its stake" in e["reason"]], name
        assert [e["reason"] for e in ledger if "their stake" in e["reason"]] == [
            e["reason"].replace("its stake", "their stake") for e in stakes
        ]
        # everything but the words as saved
        assert [dict(e, reason="") for e in ledger] == [dict(e, reason="") for e in state["ledger"]]
