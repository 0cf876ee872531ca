"""Dealing hidden cards into places that each may take only some of them.

A searching player deals the cards it cannot see into the other hands (and, in Contract
Sabacc, a hidden aside or talon) so that every place gets exactly its number of cards
and no card goes where the view rules it out (a suit a player has shown out of, a card
that may not be set aside). Each game's sampler first tries its own quick deal; when
the constraints are tight (late in a hand, with several voids) that can fail again and
again, and :func:`constrained_deal` then deals one that respects every constraint
whenever one exists: before placing each card it checks Hall's condition -- for every
set of places, the cards that can go only there fit in their room -- so it never
paints itself into a corner.

Places are numbered ``0..k-1`` (``k`` is small: at most six in these games); a card's
*allowed* set is a bit mask over them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from celestix.rng import Rng

# Quick deals tried in a row before a decision's sampler stops trying them.
DEAL_TRIES = 20

D = TypeVar("D")


def slack(counts: dict[int, int], room: Sequence[int]) -> list[int] | None:
    """For every set of places (a bit mask), its room less the cards that can go only
    there, or ``None`` when the cards cannot fill the places exactly (their total is not
    the room's, or some set has less room than cards: Hall's condition fails). ``counts``
    maps an allowed set of places to how many cards have it.

    The room of each set and the cards that can go only there are summed over its
    subsets once (a sum over subsets: k 2^k steps for k places).
    """
    if sum(counts.values()) != sum(room):
        return None
    full = 1 << len(room)
    capacity = [0] * full
    for subset in range(1, full):
        lowest = subset & -subset
        capacity[subset] = capacity[subset ^ lowest] + room[lowest.bit_length() - 1]
    only_here = [0] * full
    for allowed, n in counts.items():
        only_here[allowed] += n
    for place in range(len(room)):
        bit = 1 << place
        for subset in range(full):
            if subset & bit:
                only_here[subset] += only_here[subset ^ bit]
    # the empty set too: a card with no place at all leaves it short
    out = [capacity[subset] - only_here[subset] for subset in range(full)]
    return out if min(out) >= 0 else None


def constrained_deal(allowed: Sequence[int], room: Sequence[int], rng: Rng) -> list[int] | None:
    """A place for each card (``allowed[i]``: the places card ``i`` may go), each place
    getting exactly ``room[p]`` cards, or ``None`` if no such deal exists.

    Cards with the fewest places go first; each goes to one of its places that still
    leaves a complete deal possible, chosen with probability proportional to the room
    left there (so with no constraints every deal is equally likely).

    Putting a card in place ``p`` takes one from the room of every set of places holding
    ``p``, and one from the cards that can go only there for the sets holding all its
    places: so it breaks Hall's condition exactly for a set with no slack left that holds
    ``p`` but not all the card's places, and the slack of every set is kept up to date
    card by card.
    """
    counts: dict[int, int] = {}
    for places in allowed:
        counts[places] = counts.get(places, 0) + 1
    spare = slack(counts, room)
    if spare is None:
        return None
    left = list(room)
    order = sorted(rng.shuffled(range(len(allowed))), key=lambda i: allowed[i].bit_count())
    out = [-1] * len(allowed)
    for card in order:
        places = allowed[card]
        tight = [subset for subset, extra in enumerate(spare) if not extra and places & ~subset]
        open_places = [p for p in range(len(left)) if places >> p & 1 and left[p]
                       and not any(subset >> p & 1 for subset in tight)]  # fmt: skip
        # Hall's condition held before this card, so at least one place keeps it
        p = by_room(open_places, left, rng)
        left[p] -= 1
        for subset in range(len(spare)):
            if subset >> p & 1 and places & ~subset:
                spare[subset] -= 1
        out[card] = p
    return out


def by_room(places: Sequence[int], room: Sequence[int], rng: Rng) -> int:
    """One of ``places`` with probability proportional to its ``room`` (what keeps a deal
    uniform when nothing else constrains it)."""
    pick = rng.below(sum(room[p] for p in places))
    for p in places:
        pick -= room[p]
        if pick < 0:
            return p
    raise AssertionError("unreachable: the picks add up to the room")


class QuickFirst:
    """How one decision's sampler deals: its game's quick deal while that works, then
    the deal that respects every constraint, then -- only when no deal respects the
    voids (a view that could not arise in play) -- a quick deal that ignores them.

    Once the quick deal has failed :data:`DEAL_TRIES` times in a row the position is a
    tight one, and the decision's later samples go straight to the careful deal.
    """

    def __init__(self) -> None:
        self.quick = True  # the quick deal is still worth trying

    def deal(self, quick: Callable[[bool], D | None], respecting: Callable[[], D | None]
             ) -> D | None:  # fmt: skip
        """A deal: ``quick(respect_voids)`` and ``respecting()`` return ``None`` when they
        fail; ``None`` here only if even a deal ignoring the voids failed."""
        if self.quick:
            for _ in range(DEAL_TRIES):
                found = quick(True)
                if found is not None:
                    return found
            self.quick = False
        found = respecting()
        if found is not None:
            return found
        for _ in range(DEAL_TRIES):
            found = quick(False)
            if found is not None:
                return found
        return None
