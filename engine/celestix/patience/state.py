"""The patience's state: its shape and the state check (a new game: setup.py).

A state is a JSON object::

    {"game": "patience", "version": 1, "phase": "play" | "won" | "lost",
     "to_act": 0 | null, "over": bool, "options": {"start", "redeals"}, "seed": int,
     "stock": [codes, top first], "waste": [codes, bottom to top],
     "foundations": [8 lists, bottom to top], "redeals_left": int, "moves": int}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypedDict

from celestix.errors import MalformedError
from celestix.options import OptionSpec, check_resolved
from celestix.patience.cards import (
    CARD_CODES,
    FOUNDATIONS,
    FULL_COUNTS,
    TWO_PACKS,
    rank,
)
from celestix.patience.foundations import all_full, pile_problem, wanted_rank
from celestix.rng import MAX_SEED
from celestix.shape import (
    JsonDict,
    StateKeys,
    expect_bool,
    expect_cards,
    expect_int,
    expect_keys,
    expect_list,
    expect_version,
)

STATE_VERSION = 1
STATE_KEYS = (
    "game", "version", "phase", "to_act", "over", "options", "seed",
    "stock", "waste", "foundations", "redeals_left", "moves",
)  # fmt: skip
MAX_REDEALS = 104

OPTION_SPECS = (
    OptionSpec(
        "start",
        "Start",
        "A King on the first foundation before the deal, or all 104 cards dealt and "
        "the first King you build starting the first foundation.",
        "king",
        choices=("king", "no-king"),
        labels={"king": "A King to start", "no-king": "No King"},
    ),
    OptionSpec(
        "redeals",
        "Redeals",
        "How many times the waste may be turned over to form a new stock "
        "(2 gives three passes through the stock).",
        2,
        minimum=0,
        # A pass that builds nothing leaves the stock as it was, so more redeals than
        # cards (104) would never be of use.
        maximum=MAX_REDEALS,
    ),
)


class Options(TypedDict):
    """A game's options, resolved (OPTION_SPECS)."""

    start: str
    redeals: int


class State(StateKeys):
    """A patience state (the keys of :data:`STATE_KEYS`), once :func:`check_state` has
    vouched for it."""

    options: Options
    stock: list[str]
    waste: list[str]
    foundations: list[list[str]]
    redeals_left: int
    moves: int


class Phase(StrEnum):
    """Where the game stands."""

    PLAY = "play"
    WON = "won"
    LOST = "lost"


def settle(state: State) -> State:
    """Set ``phase``, ``to_act`` and ``over`` from the cards (win and dead end)."""
    phase = phase_of(state["stock"], state["waste"], state["foundations"], state["redeals_left"])
    state["phase"] = phase.value
    state["over"] = phase is not Phase.PLAY
    state["to_act"] = None if state["over"] else 0
    return state


def phase_of(
    stock: list[str], waste: list[str], foundations: list[list[str]], redeals_left: int
) -> Phase:
    """Won when every foundation is full; lost at the dead end of RULES.md 2."""
    if all_full(foundations):
        return Phase.WON
    if stock or (redeals_left > 0 and waste):
        return Phase.PLAY
    top = waste[-1] if waste else None
    if top is not None and any(
        wanted_rank(foundations, k) == rank(top) for k in range(FOUNDATIONS)
    ):
        return Phase.PLAY
    return Phase.LOST


def check_state(state: JsonDict, option_specs: tuple[OptionSpec, ...]) -> int:
    """Raise ``MalformedError`` unless ``state`` could arise in play; return the seats (1)."""
    expect_keys(state, "state", STATE_KEYS)
    expect_version(state["version"], STATE_VERSION)
    options = check_resolved(option_specs, state["options"])
    expect_int(state["seed"], "state.seed", 0, MAX_SEED)
    expect_cards(state["stock"], "state.stock", CARD_CODES)
    expect_cards(state["waste"], "state.waste", CARD_CODES)
    piles = expect_list(state["foundations"], "state.foundations", FOUNDATIONS)
    for k, pile in enumerate(piles):
        expect_cards(pile, f"state.foundations[{k}]", CARD_CODES)
    redeals = int(options["redeals"])
    redeals_left = expect_int(state["redeals_left"], "state.redeals_left", 0, redeals)
    expect_int(state["moves"], "state.moves", 0, most_moves(redeals - redeals_left))
    expect_bool(state["over"], "state.over")
    check_layout(state, "state")
    expected = phase_of(state["stock"], state["waste"], piles, state["redeals_left"])
    if state["phase"] != expected.value:
        raise MalformedError("state.phase", f"the cards say {expected.value!r}")
    if state["over"] is not (expected is not Phase.PLAY):
        raise MalformedError("state.over", "does not match the phase")
    if state["to_act"] != (None if state["over"] else 0) or type(state["to_act"]) is bool:
        raise MalformedError("state.to_act", "must be 0 while playing, else null")
    return 1


def most_moves(redeals_used: int) -> int:
    """The most moves a game can have made after ``redeals_used`` redeals: each pass
    deals at most 104 cards, at most 104 are built, and each redeal is a move."""
    return len(TWO_PACKS) * (redeals_used + 2) + redeals_used


def check_layout(state: Mapping[str, Any], where: str) -> None:
    counts: Counter[str] = Counter(state["stock"])
    counts.update(state["waste"])
    for pile in state["foundations"]:
        counts.update(pile)
    check_counts(counts, where, complete=True)
    for k in range(FOUNDATIONS):
        problem = pile_problem(state["foundations"], k)
        if problem is not None:
            raise MalformedError(f"{where}.foundations[{k}]", problem)
    if state["options"]["start"] == "king" and not state["foundations"][0]:
        raise MalformedError(f"{where}.foundations[0]", "the king start begins with a King here")


def check_counts(counts: Counter[str], where: str, complete: bool) -> None:
    for card, count in sorted(counts.items()):
        if count > FULL_COUNTS[card]:
            raise MalformedError(where, f"{card} appears {count} times (two packs hold 2)")
    total = sum(counts.values())
    if complete and total != len(TWO_PACKS):
        raise MalformedError(where, f"holds {total} cards, not 104")


def copy_state(state: State) -> State:
    """A copy that shares no list with ``state``."""
    out = state.copy()
    out["options"] = state["options"].copy()
    out["stock"] = list(state["stock"])
    out["waste"] = list(state["waste"])
    out["foundations"] = [list(pile) for pile in state["foundations"]]
    return out
