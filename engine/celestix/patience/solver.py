"""The patience solver: can this position still be won, given the real stock order?

This is a spoiler tool (it reads the stock's order); the fair computer player uses it
only on orders it has seen or sampled (see :mod:`celestix.patience.bots`).

**The model.** Suits never matter, so the search works on ranks (``A`` = 0 ... ``K`` =
12). Foundation *k* (0-7) is a pointer on one descending line of *slots*: slot *u*
wants rank ``(12 - u) % 13``, foundation *k* fills slots *k* to *k* + 12, one at a
time, and its next slot is ``k + count``. The relative order of the cards not yet
built never changes (a redeal turns the waste over back into dealing order), so a
position is: the current pass's card sequence, how far it has been dealt, which
dealt cards are still on the waste, the eight counts and the redeals left.

**Decision points.** Only a waste top that some foundation wants offers a choice:
build it (on which foundation), or hold it and deal on. Cards nobody wants are dealt
in one step. Holding is often right: it keeps that copy of the rank where the next
pass (or a chain later in this pass) needs it.

**Finding wins** (:mod:`celestix.patience.solver_climb`). Before the last pass, a hill
climb over lines: the line that always builds, then lines differing from the best so
far in a few decisions, each line's last pass played out and, when close, searched.

**Proving losses** (:mod:`celestix.patience.solver_search`): an exhaustive depth-first
search with exact position keys, pruning that never loses a win:

* *Same slot*: two foundations at the same slot want the same rank; building on the
  one further right is never worse (it ends later, and it opens its right neighbour).
* *Last copy*: when the top card is the last copy of its rank left, building it at
  once is never worse (no other copy could serve that foundation).
* *Last pass, no copy in the stock*: a wanted top card of a rank the stock no longer
  holds, that no other foundation needs except further left at the same slot, is
  built at once (holding it only blocks the cards under it).
* *Last-pass bounds* (:mod:`celestix.patience.solver_bounds`): counts showing that
  the waste cannot come off in order, or that a last pass about to start must leave
  cards on the waste that can never come off.
* A transposition table remembers positions shown lost.

The search spends a node budget (deterministic; no clock): the climb takes a share of
it, the exhaustive search the rest. The result is ``winnable`` with a line of actions
that wins, ``lost``, or ``unknown`` when the budget ran out first. Only the exhaustive
search proves a loss, and before the last pass it rarely can: the first passes'
holds branch far beyond any budget (see ``docs/BOTS.md``, Patience).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from celestix.patience.cards import FOUNDATION_SIZE, RANKS
from celestix.patience.flow import Move
from celestix.patience.solver_bounds import (
    final_pass_possible,
    final_pass_start_possible,
    stock_counts,
)
from celestix.patience.solver_climb import Climb
from celestix.patience.solver_search import (
    BudgetSpentError,
    CapError,
    Search,
    Step,
    build_choices,
    wanted_rank,
)
from celestix.patience.state import State
from celestix.rng import MASK64, Rng
from celestix.shape import JsonDict

__all__ = [
    "DEFAULT_BUDGET",
    "LOST",
    "UNKNOWN",
    "WON",
    "Solution",
    "build_choices",
    "final_pass_possible",
    "final_pass_start_possible",
    "rank_index",
    "solve_cards",
    "solve_state",
    "wanted_rank",
]

DEFAULT_BUDGET = 100_000
# Share of each round's nodes the climb spends (in percent), by redeals left: before
# the second pass the exhaustive search can almost never finish, from it on it often can.
PROBE_SHARE = 97
PROBE_SHARE_LATER = 50
# Nodes in the first round of climb and exhaustive search (each round doubles).
FIRST_ROUND = 1000

WON = "winnable"
LOST = "lost"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Solution:
    """What the solver found: ``status`` is ``winnable``, ``lost`` or ``unknown``."""

    status: str
    line: list[Move] | None
    nodes: int
    # When no win was found: the line of the search that built the most cards (a
    # player's best effort; not part of the facade's answer).
    best: list[Move] | None = None

    def to_json(self) -> JsonDict:
        """``{"status", "line", "nodes"}`` as the facade returns it."""
        return {"status": self.status, "line": self.line, "nodes": self.nodes}


def rank_index(card: str) -> int:
    """The rank of a card code as a number, Ace 0 to King 12."""
    return RANKS.index(card[0])


def solve_state(state: State, budget: int = DEFAULT_BUDGET) -> Solution:
    """Solve a patience state (its real stock order), spending at most ``budget`` nodes."""
    return solve_cards(
        state["stock"], state["waste"], state["foundations"], state["redeals_left"], budget
    )


def solve_cards(
    stock: Sequence[str],
    waste: Sequence[str],
    foundations: Sequence[Sequence[str]],
    redeals_left: int,
    budget: int = DEFAULT_BUDGET,
    salt: int = 0,
    probe_share: int | None = None,
) -> Solution:
    """Solve the position given by its cards: ``stock`` top first, ``waste`` bottom to top.

    ``salt`` varies the climb's random draws; ``probe_share`` is the percentage of each
    round the climb spends (default :data:`PROBE_SHARE` with two redeals or more left,
    else :data:`PROBE_SHARE_LATER`; 100: the climb alone, which never shows a loss).
    The result is a function of the arguments alone.
    """
    counts = [len(pile) for pile in foundations]
    if all(c == FOUNDATION_SIZE for c in counts):
        return Solution(WON, [], 0)
    seq = [rank_index(card) for card in waste] + [rank_index(card) for card in stock]
    if probe_share is None:
        share = PROBE_SHARE if redeals_left >= 2 else PROBE_SHARE_LATER
    else:
        share = max(0, min(100, probe_share))
    search = Search(seq, len(waste), counts, redeals_left, budget)
    status = _run(search, salt, share)
    line = _actions(search.path) if status == WON else None
    best = None if status == WON else _actions(search.best_path)
    return Solution(status, line, search.nodes, best)


def _run(search: Search, salt: int, share: int) -> str:
    """Alternate the climb and the exhaustive search, in rounds of growing size; the
    status.

    The exhaustive search keeps the positions it has shown lost from one round to the
    next, so a small position is decided in the first rounds whatever the budget, and
    the climb still gets ``share`` percent of every round.
    """
    climb = Climb(Rng(salt & MASK64, 0x50A7)) if search.redeals > 0 and share > 0 else None
    cards, i, red = search.first, search.dealt, search.redeals
    left = stock_counts(cards.seq, i) if red == 0 else None
    size = FIRST_ROUND
    try:
        if red == 0:
            search.tick()
            if search.playout(cards, i):
                return WON
        while True:
            if climb is not None and climb.run(search, search.nodes + size * share // 100):
                return WON
            if climb is not None and share >= 100:
                size *= 2
                continue
            depth = len(search.path)
            own = size if climb is None else max(1, size * (100 - share) // 100)
            search.cap = search.nodes + own
            try:
                return WON if search.exhaustive(cards, i, red, left) else LOST
            except CapError:
                del search.path[depth:]
            finally:
                search.cap = 0
            size *= 2
    except BudgetSpentError:
        search.path.clear()
        return UNKNOWN


def _actions(steps: Sequence[Step]) -> list[Move]:
    out: list[Move] = []
    for kind, value in steps:
        if kind == "deal":
            out.extend({"type": "deal"} for _ in range(value))
        elif kind == "redeal":
            out.append({"type": "redeal"})
        else:
            out.append({"type": "build", "to": value})
    return out
