"""The double-dummy solver (celestix.table.double_dummy) with each game's trick rules,
against plain minimax over every legal card on small endings: the par search and its
budget's bounds, and the alpha-beta that solves the searching players' last tricks."""

from __future__ import annotations

from precedence.test_search_parts import brute_force
from scale import scaled

from celestix.precedence.bots.double_dummy import PrecedenceTricks
from celestix.precedence.bots.fast import legal_mask, trick_winner
from celestix.rng import Rng
from celestix.sabacc.bots.double_dummy import SabaccTricks
from celestix.sabacc.bots.fast import HALF, SUIT_OF_ID, winning_index
from celestix.sabacc.bots.fast import legal_mask as sabacc_legal
from celestix.table.double_dummy import Bounds, exact_values, solve, solve_line


def ids(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def precedence_minimax(hands: list[int], declared: list[int], trump: int, leader: int) -> int:
    """Team 0's tricks from a trick's start by plain minimax (test_search_parts')."""
    left = hands[leader].bit_count()
    return brute_force(hands, declared, trump, leader, [], 0, 13 - left, list(range(14)))


def team_tricks(hands: list[int], declared: list[int], trump: int, leader: int, guess: int,
                budget: int = 200_000) -> Bounds:  # fmt: skip
    """Team 0's double-dummy tricks from a trick's start (bounds if the budget runs out)."""
    left = hands[leader].bit_count()
    return solve(PrecedenceTricks(trump), hands, declared, leader, left, guess, budget)


def declarer_points(hands: list[int], declarer: int, leader: int, guess: int) -> Bounds:
    """The declarer's double-dummy half-points from a trick's start."""
    total = sum(HALF[card] for hand in hands for card in ids(hand))
    return solve(SabaccTricks(len(hands), declarer), hands, [0] * len(hands), leader, total,
                 guess, 200_000)  # fmt: skip


def precedence_ending(seed: int) -> tuple[list[int], list[int], int, int]:
    """Hands of 2 to 4 cards (some face up), a trump and a leader, from ``seed``; every
    other deal keeps to two suits so that following and trumping are frequent."""
    rng = Rng(seed, 31)
    size = 2 + seed % 3
    pool = list(range(52)) if seed % 2 else list(range(26))
    cards = rng.shuffled(pool)[: 4 * size]
    hands = [sum(1 << c for c in cards[s * size : (s + 1) * size]) for s in range(4)]
    declared = [sum(1 << c for c in ids(h) if rng.below(5) == 0) for h in hands]
    return hands, declared, rng.below(4), rng.below(4)


def test_precedence_double_dummy_matches_minimax() -> None:
    for seed in range(scaled(120, 12)):
        hands, declared, trump, leader = precedence_ending(seed)
        want = precedence_minimax(hands, declared, trump, leader)
        found = team_tricks(hands, declared, trump, leader, seed % 3)
        assert (found.low, found.high) == (want, want), seed


def test_a_spent_budget_gives_bounds_that_hold() -> None:
    for seed in range(scaled(40, 6)):
        hands, declared, trump, leader = precedence_ending(1000 + seed)
        want = precedence_minimax(hands, declared, trump, leader)
        found = team_tricks(hands, declared, trump, leader, 0, budget=3 + seed)
        assert found.low <= want <= found.high
        assert found.nodes <= 4 + seed


def sabacc_minimax(hands: list[int], declarer: int, trick: list[int], leader: int) -> int:
    """The declarer's half-points from here by plain minimax."""
    seats = len(hands)
    if not any(hands) and not trick:
        return 0
    seat = (leader + len(trick)) % seats
    led = (4 if trick[0] >= 56 else trick[0] // 14) if trick else -1
    results = []
    for card in ids(sabacc_legal(hands[seat], led)):
        h = list(hands)
        h[seat] &= ~(1 << card)
        now = [*trick, card]
        if len(now) == seats:
            winner = (leader + winning_index(now)) % seats
            gained = sum(HALF[c] for c in now) if winner == declarer else 0
            results.append(gained + sabacc_minimax(h, declarer, [], winner))
        else:
            results.append(sabacc_minimax(h, declarer, now, leader))
    return max(results) if seat == declarer else min(results)


def sabacc_ending(seed: int) -> tuple[list[int], int, int]:
    """Three or four hands of 2 or 3 cards from a few suits, the Sabaccs and court cards
    among them; a declarer and a leader."""
    rng = Rng(seed, 32)
    seats = 3 + seed % 2
    size = 2 + seed % 2
    pool = [c for c in range(78) if c >= 56 or c // 14 in (seed % 4, (seed + 1) % 4)]
    cards = rng.shuffled(pool)[: seats * size]
    hands = [sum(1 << c for c in cards[s * size : (s + 1) * size]) for s in range(seats)]
    return hands, rng.below(seats), rng.below(seats)


def test_sabacc_double_dummy_matches_minimax() -> None:
    for seed in range(scaled(120, 12)):
        hands, declarer, leader = sabacc_ending(seed)
        want = sabacc_minimax(hands, declarer, [], leader)
        found = declarer_points(hands, declarer, leader, 10 + seed % 20)
        assert (found.low, found.high) == (want, want), seed


def test_sabacc_exact_values_match_minimax_within_a_trick() -> None:
    # The searching players' solve (plain alpha-beta) of each card of the seat to play,
    # a trick begun or not, and the par search from the trick's start agree with minimax.
    for seed in range(scaled(120, 12)):
        hands, declarer, leader = sabacc_ending(500 + seed)
        seats = len(hands)
        rules = SabaccTricks(seats, declarer)
        trick: list[int] = []
        for k in range(seed % seats):
            seat = (leader + k) % seats
            led = SUIT_OF_ID[trick[0]] if trick else -1
            card = ids(sabacc_legal(hands[seat], led))[-1]
            hands[seat] &= ~(1 << card)
            trick.append(card)
        seat = (leader + len(trick)) % seats
        moves = ids(sabacc_legal(hands[seat], SUIT_OF_ID[trick[0]] if trick else -1))
        left = hands[seat].bit_count()
        found, nodes = exact_values(rules, list(hands), [0] * seats, seat, list(trick), 7,
                                    left, moves)  # fmt: skip
        assert nodes > 0
        for card, value in zip(moves, found, strict=True):
            after = list(hands)
            after[seat] &= ~(1 << card)
            now = [*trick, card]
            if len(now) < seats:
                want = 7 + sabacc_minimax(after, declarer, now, leader)
            else:  # the card ends the trick
                winner = (leader + winning_index(now)) % seats
                gained = sum(HALF[c] for c in now) if winner == declarer else 0
                want = 7 + gained + sabacc_minimax(after, declarer, [], winner)
            assert value == want, seed
        if not trick:
            par = declarer_points(hands, declarer, leader, 0)
            best = max(found) if rules.maximising(seat) else min(found)
            assert (par.low, par.high) == (best - 7, best - 7), seed


def test_a_line_of_trick_starts_shares_one_table() -> None:
    # The same ending asked from two starts (the second after the first trick) agrees
    # with minimax at both.
    for seed in range(scaled(30, 4)):
        hands, declared, trump, leader = precedence_ending(2000 + seed)
        first = precedence_minimax(hands, declared, trump, leader)
        trick: list[int] = []
        later = list(hands)
        face = list(declared)
        seat = leader
        for _ in range(4):
            led = trick[0] // 13 if trick else -1
            card = ids(legal_mask(later[seat], face[seat], led))[0]
            later[seat] &= ~(1 << card)
            face[seat] &= ~(1 << card)
            trick.append(card)
            seat = (seat + 1) % 4
        winner = trick_winner(trick, leader, trump)
        second = precedence_minimax(later, face, trump, winner)
        left = hands[leader].bit_count()
        starts = [(hands, declared, leader, left, 0), (later, face, winner, left - 1, 0)]
        found = solve_line(PrecedenceTricks(trump), starts, 1_000_000)
        assert [(b.low, b.high) for b in found] == [(first, first), (second, second)]


def test_sabacc_rules_name_their_sides() -> None:
    rules = SabaccTricks(4, 2)
    assert [rules.maximising(s) for s in range(4)] == [False, False, True, False]
    assert PrecedenceTricks(0).maximising(2) and not PrecedenceTricks(0).maximising(3)
