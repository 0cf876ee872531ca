"""A new game of the patience: the opening layout shuffled from the seed, or placed as a
setup says."""

from __future__ import annotations

from collections import Counter

from celestix.errors import MalformedError
from celestix.options import OptionValue
from celestix.patience.cards import (
    CARD_CODES,
    FOUNDATIONS,
    TWO_PACKS,
    rank,
)
from celestix.patience.state import (
    STATE_VERSION,
    Phase,
    State,
    check_counts,
    check_layout,
    settle,
)
from celestix.rng import Rng
from celestix.shape import (
    expect_cards,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
)

SETUP_KEYS = ("stock", "waste", "foundations", "redeals_left")


def new_state(options: dict[str, OptionValue], seed: int, setup: object) -> State:
    """The opening layout, shuffled from ``seed``, or placed as ``setup`` says."""
    if setup is None:
        return _layout(options, seed, stock=None, waste=[], foundations=None, redeals_left=None)
    setup = expect_dict(setup, "setup")
    expect_keys(setup, "setup", optional=SETUP_KEYS)
    stock = expect_cards(setup["stock"], "setup.stock", CARD_CODES) if "stock" in setup else None
    waste = expect_cards(setup.get("waste", []), "setup.waste", CARD_CODES)
    foundations = None
    if "foundations" in setup:
        piles = expect_list(setup["foundations"], "setup.foundations", FOUNDATIONS)
        foundations = [
            expect_cards(pile, f"setup.foundations[{k}]", CARD_CODES)
            for k, pile in enumerate(piles)
        ]
    redeals_left = None
    if "redeals_left" in setup:
        redeals_left = expect_int(
            setup["redeals_left"], "setup.redeals_left", 0, int(options["redeals"])
        )
    return _layout(options, seed, stock, waste, foundations, redeals_left)


def _layout(
    options: dict[str, OptionValue],
    seed: int,
    stock: list[str] | None,
    waste: list[str],
    foundations: list[list[str]] | None,
    redeals_left: int | None,
) -> State:
    """Fill what a setup left out as a normal game would, then check the whole."""
    placed = Counter(waste)
    if stock is not None:
        placed.update(stock)
    if foundations is not None:
        for pile in foundations:
            placed.update(pile)
    check_counts(placed, "setup", complete=False)
    # The cards not placed, in shuffled order: the king start takes the topmost King.
    rest = Rng(seed).shuffled(TWO_PACKS)
    for card, count in placed.items():
        for _ in range(count):
            rest.remove(card)
    if foundations is None:
        foundations = [[] for _ in range(FOUNDATIONS)]
        if options["start"] == "king":
            king = next((card for card in rest if rank(card) == "K"), None)
            if king is None:
                raise MalformedError("setup", "the king start needs a King for foundation 1")
            rest.remove(king)
            foundations[0].append(king)
    if stock is None:
        stock, rest = rest, []
    if rest:
        raise MalformedError("setup", f"{len(rest)} cards are missing (104 in all)")
    state: State = {
        "game": "patience",
        "version": STATE_VERSION,
        "phase": Phase.PLAY.value,
        "to_act": 0,
        "over": False,
        "options": {"start": str(options["start"]), "redeals": int(options["redeals"])},
        "seed": seed,
        "stock": stock,
        "waste": waste,
        "foundations": foundations,
        "redeals_left": int(options["redeals"]) if redeals_left is None else redeals_left,
        "moves": 0,
    }
    check_layout(state, "setup")
    return settle(state)
