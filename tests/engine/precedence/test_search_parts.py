"""The search players' parts: the bitmask rules, the exact solver, the deal sampler."""

from __future__ import annotations

from typing import Any

import pytest
from precedence.support import act, bid_all, declare_all, fill, new
from scale import scaled

from celestix import api
from celestix.bots import dealing
from celestix.precedence.bots import search
from celestix.precedence.bots.deals import Knowledge, estimate20, mask_of
from celestix.precedence.bots.double_dummy import PrecedenceTricks
from celestix.precedence.bots.fast import (
    NO_GOALS,
    distinct,
    legal_mask,
    playout,
    random_chooser,
    team_points,
    trick_winner,
    value_table,
    wants_tricks,
)
from celestix.precedence.cards import CARD_ID, DECK, SUIT_BY_NAME
from celestix.precedence.scoring import score_team
from celestix.precedence.tricks import legal_plays, winning_play
from celestix.rng import Rng
from celestix.table.double_dummy import exact_values


def ids(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def random_position(seed: int, steps: int) -> dict[str, Any]:
    """A game after ``steps`` random actions (a new hand if it went past one)."""
    state = new(seed=seed)
    rng = Rng(seed, 9)
    for _ in range(steps):
        state, _ = act(state, rng.choice(api.legal_actions(state, state["to_act"])))
    return state


# --- the bitmask rules agree with the engine ------------------------------------------


def test_legal_cards_and_trick_winners_agree_with_the_engine() -> None:
    for seed in range(scaled(150, 15)):
        state = random_position(seed, 8 + seed % 50)
        if state["phase"] != "play":
            continue
        seat = state["to_act"]
        hand = state["hands"][seat]
        declared = {c for meld in state["declarations"][seat] or [] for c in meld if c in hand}
        led = CARD_ID[state["trick"][0]["card"]] // 13 if state["trick"] else -1
        expected = mask_of(legal_plays(hand, declared, state["trick"]))
        assert legal_mask(mask_of(hand), mask_of(sorted(declared)), led) == expected
        trump = SUIT_BY_NAME[api.view(state, seat)["trump"]]
        for done in state["completed"]:
            plays = done["plays"]
            cards = [CARD_ID[p["card"]] for p in plays]
            assert trick_winner(cards, plays[0]["seat"], trump) == done["winner"]
            assert winning_play(plays, trump)["seat"] == done["winner"]


def test_the_value_table_is_the_scoring_of_both_teams() -> None:
    for contracts, melds, excess in (([5, 6], [0, 8], True), ([0, 13], [12, 3], False)):
        table = value_table(contracts, melds, 10, excess)
        for t in range(14):
            team0 = score_team(0, (contracts[0], 0), t, melds[0], 0, 0, 10, excess)
            team1 = score_team(1, (contracts[1], 0), 13 - t, melds[1], 0, 0, 10, excess)
            # the Excess counted at 10 a unit in place of the Audits
            worth = [team0["hand_points"] - 10 * team0["excess_added"],
                     team1["hand_points"] - 10 * team1["excess_added"]]  # fmt: skip
            assert table[t] == worth[0] - worth[1]
    assert team_points(4, 6, 0, 10, True) == 40 + 2 - 20
    assert team_points(4, 3, 5, 10, True) == -40 + 2


def test_teams_want_tricks_until_only_excess_is_left() -> None:
    assert wants_tricks(NO_GOALS, 0, [9, 0], 4)
    assert wants_tricks((5, 5, True), 0, [4, 3], 6)  # own contract open
    assert wants_tricks((5, 5, True), 0, [5, 3], 5)  # the opponents can still be defeated
    assert not wants_tricks((5, 5, True), 0, [5, 5], 3)  # both made: only Excess left
    assert not wants_tricks((5, 8, True), 0, [6, 1], 6)  # they can no longer make 8
    assert wants_tricks((5, 5, False), 0, [5, 5], 3)  # no Excess: an overtrick is a point


# --- the exact solver --------------------------------------------------------------------


def brute_force(
    hands: list[int], declared: list[int], trump: int, seat: int, trick: list[int],
    taken0: int, done: int, values: list[int],
) -> int:  # fmt: skip
    """Plain minimax over every legal card, for checking the solver."""
    if done == 13:
        return values[taken0]
    led = trick[0] // 13 if trick else -1
    results = []
    for card in ids(legal_mask(hands[seat], declared[seat], led)):
        h, d = list(hands), list(declared)
        h[seat] &= ~(1 << card)
        d[seat] &= ~(1 << card)
        now = [*trick, card]
        if len(now) == 4:
            winner = trick_winner(now, (seat + 1) % 4, trump)
            results.append(brute_force(h, d, trump, winner, [], taken0 + (winner % 2 == 0),
                                       done + 1, values))  # fmt: skip
        else:
            results.append(brute_force(h, d, trump, (seat + 1) % 4, now, taken0, done, values))
    return max(results) if seat % 2 == 0 else min(results)


def solve_moves(
    hands: list[int], declared: list[int], trump: int, seat: int, trick: list[int],
    taken0: int, done: int, values: list[int], moves: list[int],
) -> tuple[list[int], int]:  # fmt: skip
    """The exact value of each move as the searches solve it (their move order)."""
    rules = PrecedenceTricks(trump)
    return exact_values(rules, hands, declared, seat, trick, taken0, 13 - done, moves, values,
                        rules.policy_first)  # fmt: skip


def endgame(seed: int, tricks: int) -> tuple[list[int], list[int], int]:
    """Hands of ``tricks`` cards each, some face up, and a trump, drawn from ``seed``."""
    rng = Rng(seed, 77)
    cards = rng.shuffled(list(range(52)))[: 4 * tricks]
    hands = [mask_of([DECK[c] for c in cards[s::4]]) for s in range(4)]
    declared = [hand & ~(hand & -hand) if rng.below(3) == 0 else 0 for hand in hands]
    return hands, declared, rng.below(4)


def test_the_solver_matches_plain_minimax() -> None:
    for seed in range(scaled(60, 8)):
        tricks = 2 + seed % 2
        hands, declared, trump = endgame(seed, tricks)
        done = 13 - tricks
        values = [(7 * t) % 11 - 5 for t in range(14)]  # not monotone: like Excess
        seat = seed % 4
        moves = ids(legal_mask(hands[seat], declared[seat], -1))
        solved, _ = solve_moves(list(hands), list(declared), trump, seat, [], 3, done, values,
                                moves)  # fmt: skip
        for card, value in zip(moves, solved, strict=True):
            h, d = list(hands), list(declared)
            h[seat] &= ~(1 << card)
            d[seat] &= ~(1 << card)
            assert value == brute_force(h, d, trump, (seat + 1) % 4, [card], 3, done, values)


def test_the_solver_matches_plain_minimax_within_a_trick() -> None:
    # A card already in the trick separates the cards around it (held 8 and 10, 9 led).
    for seed in range(scaled(60, 8)):
        hands, declared, trump = endgame(100 + seed, 3)
        leader = seed % 4
        trick: list[int] = []
        for k in range(1 + seed % 3):
            seat = (leader + k) % 4
            led = trick[0] // 13 if trick else -1
            card = ids(legal_mask(hands[seat], declared[seat], led))[-1]
            hands[seat] &= ~(1 << card)
            declared[seat] &= ~(1 << card)
            trick.append(card)
        seat = (leader + len(trick)) % 4
        moves = ids(legal_mask(hands[seat], declared[seat], trick[0] // 13))
        values = list(range(14))
        solved, _ = solve_moves(list(hands), list(declared), trump, seat, list(trick), 0, 10,
                                values, moves)  # fmt: skip
        for card, value in zip(moves, solved, strict=True):
            h, d = list(hands), list(declared)
            h[seat] &= ~(1 << card)
            d[seat] &= ~(1 << card)
            now = [*trick, card]
            if len(now) == 4:
                winner = trick_winner(now, leader, trump)
                want = brute_force(h, d, trump, winner, [], int(winner % 2 == 0), 11, values)
            else:
                want = brute_force(h, d, trump, (seat + 1) % 4, now, 0, 10, values)
            assert value == want


def test_the_search_keeps_cards_a_led_card_separates() -> None:
    # North leads the 9 of Void; East holds the 8 and the 10, which play differently.
    hands = fill({0: ["9V", "2F"], 1: ["8V", "TV"]})
    state = declare_all(new({"hands": hands, "dealer": 3}))
    state = bid_all(state, {0: 1, 1: 1, 2: 1, 3: 1})
    state, _ = act(state, {"type": "play", "card": "9V"})
    view = api.view(state, 1)
    legal = [move["card"] for move in api.legal_actions(state, 1)]
    know = Knowledge.from_view(view)
    searched = [DECK[c] for c in distinct(mask_of(legal), know.alive())]
    assert "8V" in searched and "TV" in searched
    estimate = search.estimate_play(view, legal, search.BUDGETS["normal"], 1)
    assert "8V" in estimate.cards and "TV" in estimate.cards


def test_equivalent_cards_are_searched_once() -> None:
    # 5V, 6V and 8V with 7V played: one choice; the 9V held by another seat splits off EV
    legal = mask_of(["5V", "6V", "8V", "EV"])
    remaining = mask_of(["5V", "6V", "8V", "EV", "9V", "2F"])
    assert [DECK[c] for c in distinct(legal, remaining)] == ["5V", "EV"]


def test_playouts_finish_the_hand() -> None:
    for seed in range(scaled(40, 5)):
        hands, declared, trump = endgame(seed, 13)
        by_seat = [0, 0, 0, 0]
        team0, plays = playout(list(hands), list(declared), trump, seed % 4, [], [0, 0], 0,
                               NO_GOALS, -1, by_seat)  # fmt: skip
        assert plays == 52 and sum(by_seat) == 13 and by_seat[0] + by_seat[2] == team0
        team0, plays = playout(list(hands), list(declared), trump, 0, [], [0, 0], 0, NO_GOALS,
                               choose=random_chooser(Rng(seed)))  # fmt: skip
        assert plays == 52 and 0 <= team0 <= 13


# --- the sampler -------------------------------------------------------------------------


def replays_legally(state: dict[str, Any], seat: int, hands: list[int]) -> bool:
    """Whether the hand so far could have been played from ``hands`` (now) plus the
    cards each seat has played: every play follows suit and the declared-first rule."""
    held = [set(ids(hands[s])) for s in range(4)]
    for done in [*state["completed"], {"plays": state["trick"]}]:
        for play in done["plays"]:
            held[play["seat"]].add(CARD_ID[play["card"]])
    declared = [{CARD_ID[c] for meld in melds or [] for c in meld}
                for melds in state["declarations"]]  # fmt: skip
    for done in [*state["completed"], {"plays": state["trick"]}]:
        trick: list[dict[str, Any]] = []
        for play in done["plays"]:
            s = play["seat"]
            hand = [DECK[c] for c in sorted(held[s])]
            live = {DECK[c] for c in declared[s] & held[s]}
            if play["card"] not in legal_plays(hand, live, trick):
                return False
            held[s].discard(CARD_ID[play["card"]])
            trick.append(play)
    return all(held[s] == set(ids(hands[s])) for s in range(4))


def test_sampled_deals_replay_legally_and_keep_what_is_seen() -> None:
    checked = 0
    for seed in range(scaled(120, 12)):
        state = random_position(seed, 12 + seed % 40)
        if state["phase"] != "play":
            continue
        seat = state["to_act"]
        view = api.view(state, seat)
        know = Knowledge.from_view(view)
        for sample in range(5):
            hands = know.sample(Rng(seed, sample))
            assert hands[seat] == mask_of(view["hand"])
            assert [h.bit_count() for h in hands] == view["hand_sizes"]
            for s in range(4):
                assert hands[s] & know.face_up[s] == know.face_up[s]
            assert replays_legally(state, seat, hands)
            checked += 1
    assert checked > 0


def test_when_the_quick_deal_fails_the_sampler_still_respects_every_void(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # with no quick tries left, every deal is the one that checks Hall's condition
    monkeypatch.setattr(dealing, "DEAL_TRIES", 0)
    checked = 0
    for seed in range(scaled(120, 12)):
        state = random_position(seed, 30 + seed % 20)
        if state["phase"] != "play":
            continue
        seat = state["to_act"]
        know = Knowledge.from_view(api.view(state, seat))
        for sample in range(3):
            hands = know.deal(Rng(seed, sample))
            assert [h.bit_count() for h in hands] == state_sizes(state)
            assert replays_legally(state, seat, hands)
            checked += 1
    assert checked > 0


def state_sizes(state: dict[str, Any]) -> list[int]:
    return [len(hand) for hand in state["hands"]]


def test_bids_weigh_the_sampled_deals() -> None:
    state = declare_all(new(seed=31))
    state = bid_all(state, {1: 0, 2: 1, 3: 9, 0: 0})
    # seat 1 is to lead; from its view seat 3 bid 9 and seat 0 bid 0
    view = api.view(state, 1)
    know = Knowledge.from_view(view)
    strength = [0, 0, 0, 0]
    for sample in range(scaled(200, 40)):
        hands = know.sample(Rng(5, sample))
        for s in (0, 2, 3):
            strength[s] += estimate20(hands[s], know.trump)
    assert strength[3] > strength[2] > strength[0]
