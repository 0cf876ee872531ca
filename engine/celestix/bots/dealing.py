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

from collections.abc import Sequence

from celestix.rng import Rng


def fits(counts: dict[int, int], room: Sequence[int]) -> bool:
    """Whether cards can fill the places exactly: ``counts`` maps an allowed set of
    places to how many cards have it; every place's ``room`` must be filled."""
    if sum(counts.values()) != sum(room):
        return False
    places = len(room)
    for subset in range(1 << places):  # the empty set too: a card with no place at all
        only_here = sum(n for allowed, n in counts.items() if allowed & ~subset == 0)
        if only_here > sum(room[p] for p in range(places) if subset >> p & 1):
            return False
    return True


def constrained_deal(allowed: Sequence[int], room: Sequence[int], rng: Rng) -> list[int] | None:
    """A place for each card (``allowed[i]``: the places card ``i`` may go), each place
    getting exactly ``room[p]`` cards, or ``None`` if no such deal exists.

    Cards with the fewest places go first; each goes to one of its places that still
    leaves a complete deal possible, chosen with probability proportional to the room
    left there (so with no constraints every deal is equally likely).
    """
    counts: dict[int, int] = {}
    for places in allowed:
        counts[places] = counts.get(places, 0) + 1
    left = list(room)
    if not fits(counts, left):
        return None
    order = sorted(rng.shuffled(range(len(allowed))), key=lambda i: allowed[i].bit_count())
    out = [-1] * len(allowed)
    for card in order:
        places = allowed[card]
        counts[places] -= 1
        open_places = []
        for p in range(len(left)):
            if places >> p & 1 and left[p]:
                left[p] -= 1
                if fits(counts, left):
                    open_places.append(p)
                left[p] += 1
        # Hall's condition held before this card, so at least one place keeps it
        p = by_room(open_places, left, rng)
        left[p] -= 1
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
