"""Small patience positions and an independent brute-force solver, for the solver tests.

The brute force follows the rules text directly (cards as ranks, every legal move
tried, positions remembered); it shares no code with ``celestix.patience.solver``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from celestix import api
from celestix.patience.cards import BASE_RANKS, RANKS, SUITS
from celestix.patience.solver import rank_index
from celestix.rng import Rng

Counts = tuple[int, ...]
Ranks = tuple[int, ...]
BASES = [RANKS.index(rank) for rank in BASE_RANKS]


def wanted(counts: Counts, k: int) -> int:
    """The rank foundation k takes next (-1: full or not open), from the rules text."""
    c = counts[k]
    if c == 13 or (c == 0 and k > 0 and counts[k - 1] == 0):
        return -1
    return (BASES[k] - c) % 13


def built(counts: Counts, k: int) -> Counts:
    """The counts after one more card on foundation k."""
    return (*counts[:k], counts[k] + 1, *counts[k + 1 :])


def brute_force(stock: Ranks, counts: Counts, redeals: int, waste: Ranks = ()) -> bool:
    """Whether the position can be won: every move tried, positions remembered."""

    @cache
    def win(stock: Ranks, waste: Ranks, counts: Counts, red: int) -> bool:
        if sum(counts) == 104:
            return True
        if waste:
            for k in range(8):
                if wanted(counts, k) == waste[-1] and win(stock, waste[:-1], built(counts, k), red):
                    return True
        if stock:
            return win(stock[1:], (*waste, stock[0]), counts, red)
        return bool(red and waste) and win(waste, (), counts, red - 1)

    return win(stock, waste, counts, redeals)


def position(seed: int, size: int, passes_done: int) -> tuple[list[int], list[int]]:
    """A small position like those of real play: a deal played by a bot that builds with
    probability 4/5 for ``passes_done`` passes, then cut down to ``size`` stock cards by
    building random copies out of it."""
    rng = Rng(seed)
    order = [rank_index(card) for card in api.new_game("patience", seed=seed)["stock"]]
    counts = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(passes_done):
        waste: list[int] = []
        for rank in order:
            waste.append(rank)
            while waste and rng.below(5) != 0:
                takers = [k for k in range(8) if wanted(tuple(counts), k) == waste[-1]]
                if not takers:
                    break
                counts[takers[-1]] += 1
                waste.pop()
        order = waste
    while len(order) > size:
        open_ = [k for k in range(8) if wanted(tuple(counts), k) >= 0]
        k = rng.choice(open_)
        rank = wanted(tuple(counts), k)
        spots = [q for q, r in enumerate(order) if r == rank]
        order.pop(rng.choice(spots))
        counts[k] += 1
    return order, counts


def setup_state(
    stock: list[int], counts: list[int], redeals: int, waste: list[int] | None = None
) -> dict[str, object]:
    """A game placed at this position (the suits chosen in order)."""
    used: Counter[str] = Counter()

    def card(rank: int) -> str:
        for suit in SUITS:
            code = RANKS[rank] + suit
            if used[code] < 2:
                used[code] += 1
                return code
        raise AssertionError("a third copy")

    foundations = [[card((BASES[k] - i) % 13) for i in range(counts[k])] for k in range(8)]
    setup = {
        "stock": [card(rank) for rank in stock],
        "waste": [card(rank) for rank in waste or []],
        "foundations": foundations,
        "redeals_left": redeals,
    }
    return api.new_game("patience", {"redeals": 2}, 1, setup)


def wins(state: dict[str, object], line: list[dict[str, object]]) -> bool:
    """Whether playing ``line`` through the facade wins the game."""
    for action in line:
        state = api.apply(state, action, 0)["state"]
    return state["phase"] == "won"
