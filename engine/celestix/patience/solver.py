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

**Pruning that never loses a win.**

* *Same slot*: two foundations at the same slot want the same rank; building on the
  one further right is never worse (it ends later, and it opens its right neighbour).
* *Last copy*: when the top card is the last copy of its rank left, building it at
  once is never worse (no other copy could serve that foundation).
* *Final pass, no copy in the stock*: in the last pass, a wanted top card of a rank
  the stock no longer holds, that no other foundation needs except further left at
  the same slot, is built at once (holding it only blocks the cards under it).
* *Final-pass bounds*: in the last pass every waste card must be built after the ones
  above it. Cards that can fill only one slot, read from the top, must be spread
  over distinct foundations when their slots do not increase (a Hall count per
  window of slots), and the foundations must be able to reach each card's slot with
  the cards that can come off before it (the stock and the waste above it).
* A transposition table remembers positions shown lost.

**The search** spends a node budget (deterministic; no clock). Positions before the
last pass are first *probed*: random descents (their choices drawn from a hash of the
position, so a probe that finds a win from one position finds it again from the next
position on its line) ending in an exhaustive search of the last pass with a small
cap. What budget is left goes to an exhaustive depth-first search, which alone can
show a position lost. The result is ``winnable`` with a line of actions that wins,
``lost``, or ``unknown`` when the budget ran out first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from celestix.patience.cards import FOUNDATION_SIZE, FOUNDATIONS, RANKS
from celestix.rng import MASK64, mix64
from celestix.shape import JsonDict

DEFAULT_BUDGET = 20_000
# Share of the budget spent on probes before the exhaustive search (in percent).
PROBE_SHARE = 60
# Nodes each probe may spend on its last pass.
PROBE_FINAL_CAP = 400
# Build probabilities the probes draw from; the first probe always builds.
PROBE_BUILD_CHANCES = (0.95, 0.9, 0.85, 0.8, 0.7)

SLOTS = 20
WON = "winnable"
LOST = "lost"
UNKNOWN = "unknown"
# The rank each slot wants (A = 0 ... K = 12) and the other slot of the same rank.
_RANK_AT = tuple((12 - u) % 13 for u in range(SLOTS))
_TWIN = tuple(u + 13 if u + 13 < SLOTS else (u - 13 if u >= 13 else -1) for u in range(SLOTS))
_FAR = 99  # next slot of a full foundation
# Ranks A-6 fill one slot each (7-12); the others get theirs from the position.
_LOW_SLOTS = tuple(12 - r if r < 6 else -1 for r in range(13))

Step = tuple[str, int]  # ("deal", n) | ("redeal", 0) | ("build", k)


@dataclass(frozen=True)
class Solution:
    """What the solver found: ``status`` is ``winnable``, ``lost`` or ``unknown``."""

    status: str
    line: list[JsonDict] | None
    nodes: int
    # When no win was found: the line of the search that built the most cards (a
    # player's best effort; not part of the facade's answer).
    best: list[JsonDict] | None = None

    def to_json(self) -> JsonDict:
        """``{"status", "line", "nodes"}`` as the facade returns it."""
        return {"status": self.status, "line": self.line, "nodes": self.nodes}


class _BudgetSpentError(Exception):
    """The whole search's node budget is spent."""


class _ProbeCapError(Exception):
    """A probe's last-pass search reached its cap."""


def rank_index(card: str) -> int:
    """The rank of a card code as a number, Ace 0 to King 12."""
    return RANKS.index(card[0])


def solve_state(state: JsonDict, budget: int = DEFAULT_BUDGET) -> Solution:
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

    ``salt`` varies the probes' random choices; ``probe_share`` is the percentage of
    the budget spent on probes before the exhaustive search (default
    :data:`PROBE_SHARE`). The result is a function of the arguments alone.
    """
    counts = [len(pile) for pile in foundations]
    if all(c == FOUNDATION_SIZE for c in counts):
        return Solution(WON, [], 0)
    seq = [rank_index(card) for card in waste] + [rank_index(card) for card in stock]
    share = PROBE_SHARE if probe_share is None else probe_share
    search = _Search(seq, len(waste), counts, redeals_left, budget, salt, share)
    status = search.run()
    line = _actions(search.path) if status == WON else None
    best = None if status == WON else _actions(search.best_path)
    return Solution(status, line, search.nodes, best)


def _actions(steps: Sequence[Step]) -> list[JsonDict]:
    out: list[JsonDict] = []
    for kind, value in steps:
        if kind == "deal":
            out.extend({"type": "deal"} for _ in range(value))
        elif kind == "redeal":
            out.append({"type": "redeal"})
        else:
            out.append({"type": "build", "to": value})
    return out


def wanted_rank(counts: Sequence[int], k: int) -> int:
    """The rank foundation ``k`` wants now (-1 when full or not yet open)."""
    c = counts[k]
    if c >= FOUNDATION_SIZE or (c == 0 and k > 0 and counts[k - 1] == 0):
        return -1
    return (12 - k - c) % 13


def build_choices(counts: Sequence[int], rank: int) -> list[int]:
    """Foundations worth trying for a card of ``rank``: the rightmost per slot, by slot."""
    by_slot: dict[int, int] = {}
    for k in range(FOUNDATIONS):
        if wanted_rank(counts, k) == rank:
            by_slot[k + counts[k]] = k
    return [by_slot[slot] for slot in sorted(by_slot)]


def _wanted_mask(counts: Sequence[int]) -> int:
    mask = 0
    for k in range(FOUNDATIONS):
        r = wanted_rank(counts, k)
        if r >= 0:
            mask |= 1 << r
    return mask


class _Pass:
    """One pass's card sequence, with each suffix's exact code and 64-bit hash."""

    __slots__ = ("codes", "hashes", "seq")

    def __init__(self, seq: tuple[int, ...]):
        self.seq = seq
        n = len(seq)
        # codes[i] packs seq[i:] four bits a card behind a leading 1: equal codes, equal
        # stocks, whatever pass they came from.
        self.codes = [1] * (n + 1)
        self.hashes = [0x5EED] * (n + 1)
        for i in range(n - 1, -1, -1):
            self.codes[i] = (self.codes[i + 1] << 4) | seq[i]
            self.hashes[i] = mix64(self.hashes[i + 1] ^ (seq[i] + 1))


class _Search:
    """One search from a position, over ranks; counts its nodes against a budget.

    The waste is ``self.waste`` (ranks, bottom to top) with, for each depth, an exact
    code (``self.wcodes``) and a hash (``self.whashes``), so that a position's key,
    ``(stock code, waste code, counts, redeals)``, is exact and cheap whatever history
    led to it.
    """

    def __init__(
        self,
        seq: list[int],
        dealt: int,
        counts: list[int],
        redeals: int,
        budget: int,
        salt: int,
        probe_share: int,
    ):
        self.counts = list(counts)
        self.left = [0] * 13  # copies of each rank not yet on a foundation
        for k in range(FOUNDATIONS):
            for c in range(counts[k], FOUNDATION_SIZE):
                self.left[(12 - k - c) % 13] += 1
        self.budget = max(0, budget)
        self.nodes = 0
        self.salt = salt & MASK64
        self.lost: set[tuple[int, int, int, int]] = set()
        self.wants: dict[int, tuple[int, int, tuple[list[int], ...]]] = {}
        self.passes: dict[tuple[int, ...], _Pass] = {}
        self.path: list[Step] = []
        self.best_path: list[Step] = []  # the line that built the most cards so far
        self.best_left = sum(self.left) + 1
        self.cap = 0  # node count at which a probe's last-pass search stops
        self.first = self._pass(tuple(seq))
        self.dealt = dealt
        self.redeals = redeals
        self.probe_budget = self.budget * probe_share // 100
        self.waste: list[int] = []
        self.wcodes = [1]
        self.whashes = [0]
        for rank in seq[:dealt]:
            self._push(rank)

    # --- driver ------------------------------------------------------------------

    def run(self) -> str:
        try:
            if self.redeals > 0:
                probe = 0
                while self.nodes < self.probe_budget:
                    if self._probe(self.first, self.dealt, self.redeals, probe):
                        return WON
                    probe += 1
            self.cap = 0
            if self.redeals == 0 and self._playout(self.first, self.dealt):
                return WON
            stock_left = _stock_counts(self.first.seq, self.dealt) if self.redeals == 0 else None
            if self._exhaustive(self.first, self.dealt, self.redeals, stock_left):
                return WON
        except _BudgetSpentError:
            self.path.clear()
            return UNKNOWN
        return LOST

    def _pass(self, seq: tuple[int, ...]) -> _Pass:
        data = self.passes.get(seq)
        if data is None:
            data = self.passes[seq] = _Pass(seq)
        return data

    def _push(self, rank: int) -> None:
        self.waste.append(rank)
        self.wcodes.append((self.wcodes[-1] << 4) | rank)
        self.whashes.append(mix64(self.whashes[-1] ^ (rank + 1)))

    def _pop(self) -> int:
        self.wcodes.pop()
        self.whashes.pop()
        return self.waste.pop()

    def _truncate(self, depth: int) -> None:
        del self.waste[depth:]
        del self.wcodes[depth + 1 :]
        del self.whashes[depth + 1 :]

    def _note(self) -> None:
        """Remember the line to here if it has built more cards than any before."""
        left = sum(self.left)
        if left < self.best_left:
            self.best_left = left
            self.best_path = list(self.path)

    def _playout(self, cards: _Pass, i: int) -> bool:
        """Play the last pass out always building (rightmost foundation first), noting
        its progress for the best-effort line. True if that wins (the path then holds
        the line); else the position is restored."""
        counts, left, path = self.counts, self.left, self.path
        saved = (list(counts), list(left), list(self.waste), len(path))
        seq = cards.seq
        while True:
            ks = self._wants()[2][self.waste[-1]] if self.waste else []
            if ks:
                k = max(ks)
                counts[k] += 1
                left[self._pop()] -= 1
                path.append(("build", k))
            elif i < len(seq):
                j = min(self._next_wanted(seq, i), len(seq) - 1)
                for q in range(i, j + 1):
                    self._push(seq[q])
                path.append(("deal", j + 1 - i))
                i = j + 1
            else:
                break
        self._note()
        if not any(left):
            return True
        counts[:] = saved[0]
        left[:] = saved[1]
        self._truncate(0)
        for rank in saved[2]:
            self._push(rank)
        del path[saved[3] :]
        return False

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _BudgetSpentError
        if self.cap and self.nodes > self.cap:
            raise _ProbeCapError

    def _packed(self) -> int:
        f = 0
        for c in self.counts:
            f = f * 16 + c
        return f

    def _wants(self) -> tuple[int, int, tuple[list[int], ...]]:
        """``(packed counts, mask of wanted ranks, build choices by rank)``, cached."""
        packed = self._packed()
        info = self.wants.get(packed)
        if info is None:
            counts = self.counts
            choices = tuple(build_choices(counts, rank) for rank in range(13))
            info = self.wants[packed] = (packed, _wanted_mask(counts), choices)
        return info

    def _next_wanted(self, seq: tuple[int, ...], i: int) -> int:
        """The index of the next card in ``seq[i:]`` some foundation wants (or len)."""
        wanted = self._wants()[1]
        n = len(seq)
        while i < n and not (wanted >> seq[i]) & 1:
            i += 1
        return i

    def _redeal(self, cards: _Pass, i: int) -> _Pass:
        """The next pass: the waste turned over, then what the stock still held."""
        nxt = self._pass(tuple(self.waste) + cards.seq[i:])
        self._truncate(0)
        return nxt

    def _final_start_possible(self, cards: _Pass) -> bool:
        """The static test of a last pass about to start (remembered when it fails)."""
        key = (cards.codes[0], 1, self._packed(), 0)
        if key in self.lost:
            return False
        if final_pass_start_possible(cards.seq, self.counts):
            return True
        self.lost.add(key)
        return False

    # --- probes --------------------------------------------------------------------

    def _probe(self, cards: _Pass, i: int, red: int, n: int) -> bool:
        """One random descent to the last pass, then a capped exhaustive last pass."""
        counts, left = self.counts, self.left
        saved = (list(counts), list(left), list(self.waste), len(self.path))
        chance = 1.0 if n == 0 else PROBE_BUILD_CHANCES[n % len(PROBE_BUILD_CHANCES)]
        salt = mix64(self.salt ^ mix64(n))
        won = False
        try:
            while red > 0:
                self._tick()
                packed, _, choices = self._wants()
                ks = choices[self.waste[-1]] if self.waste else []
                if ks:
                    h = mix64(salt ^ cards.hashes[i] ^ mix64(self.whashes[-1] ^ packed))
                    if n == 0 or (h >> 11) / float(1 << 53) < chance:
                        k = ks[-1] if n == 0 else ks[(h & 0xFF) % len(ks)]
                        counts[k] += 1
                        left[self._pop()] -= 1
                        self.path.append(("build", k))
                        continue
                if not any(left):
                    won = True
                    return True
                j = self._next_wanted(cards.seq, i)
                if j < len(cards.seq):
                    for q in range(i, j + 1):
                        self._push(cards.seq[q])
                    self.path.append(("deal", j + 1 - i))
                    i = j + 1
                    continue
                if not self.waste and i == len(cards.seq):
                    return False
                self.path.append(("deal", len(cards.seq) - i))
                self.path.append(("redeal", 0))
                cards, i, red = self._redeal(cards, i), 0, red - 1
            if self._playout(cards, i):
                won = True
                return True
            self.cap = self.nodes + PROBE_FINAL_CAP
            if i == 0 and not self.waste and not self._final_start_possible(cards):
                return False
            won = self._exhaustive(cards, i, 0, _stock_counts(cards.seq, i))
            return won
        except _ProbeCapError:
            return False
        finally:
            self.cap = 0
            if not won:
                counts[:] = saved[0]
                left[:] = saved[1]
                self._truncate(0)
                for rank in saved[2]:
                    self._push(rank)
                del self.path[saved[3] :]

    # --- exhaustive search -----------------------------------------------------------

    def _exhaustive(self, cards: _Pass, i: int, red: int, stock_left: list[int] | None) -> bool:
        """Depth-first search for a win from this position; the waste is restored.

        ``stock_left`` counts the ranks in the stock during the last pass (else None).
        """
        self._tick()
        self._note()
        counts, left, waste = self.counts, self.left, self.waste
        packed, _, choices = self._wants()
        key = (cards.codes[i], self.wcodes[-1], packed, red)
        if key in self.lost:
            return False
        if stock_left is not None and waste and not final_pass_possible(waste, counts, stock_left):
            self.lost.add(key)
            return False
        if waste:
            t = waste[-1]
            ks = choices[t]
            if ks:
                forced = left[t] == 1 or (
                    stock_left is not None and stock_left[t] == 0 and _only_taker(counts, t, ks)
                )
                self._pop()
                left[t] -= 1
                try:
                    for k in ks:
                        counts[k] += 1
                        self.path.append(("build", k))
                        try:
                            if self._exhaustive(cards, i, red, stock_left):
                                return True
                        finally:
                            counts[k] -= 1
                        self.path.pop()
                finally:
                    left[t] += 1
                    self._push(t)
                if forced:
                    self.lost.add(key)
                    return False
        if not any(left):
            return True
        if self._deal_on(cards, i, red, stock_left):
            return True
        self.lost.add(key)
        return False

    def _deal_on(self, cards: _Pass, i: int, red: int, stock_left: list[int] | None) -> bool:
        """Deal up to the next wanted card, or redeal when the stock is out."""
        seq = cards.seq
        j = self._next_wanted(seq, i)
        depth = len(self.waste)
        if j < len(seq):
            new_left = None
            if stock_left is not None:
                new_left = list(stock_left)
                for q in range(i, j + 1):
                    new_left[seq[q]] -= 1
            for q in range(i, j + 1):
                self._push(seq[q])
            self.path.append(("deal", j + 1 - i))
            try:
                if self._exhaustive(cards, j + 1, red, new_left):
                    return True
            finally:
                self._truncate(depth)
            self.path.pop()
            return False
        if red == 0 or (not self.waste and i == len(seq)):
            return False
        saved = list(self.waste)
        nxt = self._redeal(cards, i)
        self.path.append(("deal", len(seq) - i))
        self.path.append(("redeal", 0))
        try:
            last = _stock_counts(nxt.seq, 0) if red == 1 else None
            if (last is None or self._final_start_possible(nxt)) and self._exhaustive(
                nxt, 0, red - 1, last
            ):
                return True
        finally:
            self._truncate(0)
            for rank in saved:
                self._push(rank)
        del self.path[-2:]
        return False


def _stock_counts(seq: Sequence[int], i: int) -> list[int]:
    out = [0] * 13
    for x in seq[i:]:
        out[x] += 1
    return out


def _only_taker(counts: Sequence[int], rank: int, ks: Sequence[int]) -> bool:
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
    at = [_FAR] * FOUNDATIONS
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
    slot_of = list(_LOW_SLOTS)
    lowest = _FAR
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
            ru = _RANK_AT[u]
            if slot_of[ru] == u and demand[ru] > need:
                need = demand[ru]
            if need < 0:  # noqa: PLR1730 (a hot loop: max() costs a call)
                need = 0
            if need == passes[u] and u < s:
                break
            if need > capacity[u]:
                return False
            passes[u] = need
            twin = _TWIN[u]
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
                    need[_RANK_AT[u]] += 1
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
    total = _stock_counts(seq, 0)
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
