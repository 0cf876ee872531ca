"""Necessary conditions for winning the last pass (bounds that never refuse a win).

In the last pass every card must be built, so the waste must come off top first,
each card after the ones above it, and cards dealt later join above them. The tests
here are counts over *slots* (see :mod:`celestix.patience.solver`): slot *u* wants
rank ``(12 - u) % 13``; foundation *k* fills slots *k* to *k* + 12, one at a time.
Each function returns False only when no line can win; the tests in
``tests/engine/patience/test_solver_bounds.py`` check that against brute force.
"""

from __future__ import annotations

from collections.abc import Sequence

from celestix.patience.cards import FOUNDATION_SIZE, FOUNDATIONS

SLOTS = 20
# The rank each slot wants (A = 0 ... K = 12) and the other slot of the same rank.
RANK_AT = tuple((12 - u) % 13 for u in range(SLOTS))
TWIN = tuple(u + 13 if u + 13 < SLOTS else (u - 13 if u >= 13 else -1) for u in range(SLOTS))
FAR = 99  # next slot of a full foundation
# Ranks A-6 fill one slot each (7-12); the others get theirs from the position.
LOW_SLOTS = tuple(12 - r if r < 6 else -1 for r in range(13))


def stock_counts(seq: Sequence[int], i: int) -> list[int]:
    """How many cards of each rank ``seq[i:]`` holds."""
    out = [0] * 13
    for x in seq[i:]:
        out[x] += 1
    return out


def only_taker(counts: Sequence[int], rank: int, ks: Sequence[int]) -> bool:
    """Whether every other foundation needing ``rank`` needs it at the same slot, further left.

    Then, in the last pass with no copy of ``rank`` left in the stock, building the
    wanted top card at once is never worse than holding it.
    """
    if len(ks) != 1:
        return False
    k0 = ks[0]
    s0 = k0 + counts[k0]
    for k in range(FOUNDATIONS):
        if k == k0 or counts[k] >= FOUNDATION_SIZE:
            continue
        at = k + counts[k]
        for slot in (12 - rank, 25 - rank):
            if at <= slot <= k + 12 and (slot != s0 or k > k0):
                return False
    return True


def final_pass_possible(
    waste: Sequence[int], counts: Sequence[int], stock_left: Sequence[int]
) -> bool:
    """False when the last pass certainly cannot clear this waste (necessary conditions).

    ``waste`` holds the waste's ranks, bottom to top; ``stock_left`` counts the ranks
    still in the stock.
    """
    arrivals = [0] * (SLOTS + 1)  # foundations whose next slot is u
    capacity = [0] * SLOTS  # foundations that may still fill slot u
    at = [FAR] * FOUNDATIONS
    for k in range(FOUNDATIONS):
        c = counts[k]
        if c < FOUNDATION_SIZE:
            at[k] = k + c
            arrivals[k + c] += 1
            for u in range(k + c, k + 13):
                capacity[u] += 1
    # The one slot each rank can still fill, or -1 while it can fill two: rank 12 - d
    # (d < 7) fills slot d while a foundation <= d has not passed it, and slot d + 13
    # while a foundation right of d has not passed that.
    slot_of = list(LOW_SLOTS)
    lowest = FAR
    for d in range(7):
        lowest = min(lowest, at[d])
        early = lowest <= d
        late = False
        for k in range(d + 1, FOUNDATIONS):
            if at[k] <= d + 13:
                late = True
                break
        if early != late:
            slot_of[12 - d] = d if early else d + 13
    # Chains: cards read top to bottom whose slots never increase need distinct
    # foundations; a foundation can serve slots <= x only if its next slot is <= x.
    longest = [0] * SLOTS  # longest such chain using slots <= u
    for rank in waste:
        u = slot_of[rank]
        if u >= 0:
            new = longest[u] + 1
            v = u
            while v < SLOTS and longest[v] < new:
                longest[v] = new
                v += 1
    reach = 0
    for x in range(SLOTS):
        reach += arrivals[x]
        if longest[x] > reach:
            return False
    # Supply: before the j-th waste card comes off, the cards at or above it must all
    # be built, using only those and the stock. passes[u] is the fewest foundations
    # that must fill slot u for that.
    demand = [0] * 13
    passes = [0] * (SLOTS + 1)
    for j in range(len(waste) - 1, -1, -1):
        r = waste[j]
        demand[r] += 1
        s = slot_of[r]
        if s < 0:
            continue
        u = s
        while u >= 0:
            need = passes[u + 1] - arrivals[u + 1]
            ru = RANK_AT[u]
            if slot_of[ru] == u and demand[ru] > need:
                need = demand[ru]
            if need < 0:  # noqa: PLR1730 (a hot loop: max() costs a call)
                need = 0
            if need == passes[u] and u < s:
                break
            if need > capacity[u]:
                return False
            passes[u] = need
            twin = TWIN[u]
            if need + (passes[twin] if twin >= 0 else 0) > demand[ru] + stock_left[ru]:
                return False
            u -= 1
    return True


def final_pass_start_possible(seq: Sequence[int], counts: Sequence[int]) -> bool:
    """False when the last pass, dealing ``seq`` to an empty waste, certainly fails.

    A card that no foundation can take when it is dealt (even if every earlier card
    of the pass served just that foundation) goes on the waste, and stays there at
    least until enough earlier cards exist to bring some foundation to it. The cards
    forced onto the waste together are a part of the real waste, in order, so the
    bounds of :func:`final_pass_possible` apply to them, with every other card of the
    pass counted as available.
    """
    n = len(seq)
    at = [k + counts[k] for k in range(FOUNDATIONS)]
    copies: list[list[int]] = [[] for _ in range(13)]
    for q, rank in enumerate(seq):
        copies[rank].append(q)
    earliest = [0] * n  # the fewest cards dealt before card q can be built
    for q, rank in enumerate(seq):
        best = n + 1
        for k in range(FOUNDATIONS):
            if counts[k] >= FOUNDATION_SIZE:
                continue
            for slot in (12 - rank, 25 - rank):
                if not at[k] <= slot <= k + 12:
                    continue
                need = [0] * 13
                for u in range(at[k], slot):
                    need[RANK_AT[u]] += 1
                when = q + 1
                for r in range(13):
                    m = need[r]
                    if m:
                        spots = copies[r]
                        # the m-th copy of r other than card q itself
                        idx = m - 1 if r != rank or spots.index(q) >= m else m
                        if idx >= len(spots):
                            when = n + 1
                            break
                        when = max(when, spots[idx] + 1)
                best = min(best, when)
        earliest[q] = best
    forced = [q for q in range(n) if earliest[q] > q + 1]
    total = stock_counts(seq, 0)
    for last in forced:
        present = [q for q in forced if q <= last and earliest[q] > last]
        if len(present) < 2:
            continue
        waste = [seq[q] for q in present]
        others = list(total)
        for rank in waste:
            others[rank] -= 1
        if not final_pass_possible(waste, counts, others):
            return False
    return True
