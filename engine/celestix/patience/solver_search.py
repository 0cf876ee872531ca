"""The solver's search over one position: lines played out, and the exhaustive search.

Positions are over ranks (``A`` = 0 ... ``K`` = 12), as :mod:`celestix.patience.solver`
describes. :class:`Search` holds the position being explored (counts, waste, the
current pass's cards) and changes it in place as lines are tried, restoring it when
a line fails; when a line wins, ``path`` holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from celestix.patience.cards import FOUNDATION_SIZE, FOUNDATIONS
from celestix.patience.solver_bounds import (
    final_pass_possible,
    final_pass_start_possible,
    only_taker,
    stock_counts,
)

Step = tuple[str, int]  # ("deal", n) | ("redeal", 0) | ("build", k)
Key = tuple[int, int, int, int]
Wants = tuple[int, int, tuple[list[int], ...]]
_NO_TAKERS: list[int] = []  # shared by every rank no foundation wants (never changed)
# What one more card on foundation k adds to the packed counts (4 bits a foundation).
_PLACE = tuple(16 ** (FOUNDATIONS - 1 - k) for k in range(FOUNDATIONS))

# What a line does at a decision point (a waste top some foundation wants).
BUILD_LAST = 0  # build on the last foundation build_choices lists (the highest slot)
HOLD = 1  # deal on
BUILD_FIRST = 2  # build on the first one it lists (the lowest slot)


# A line's state at one of its decision points: counts, left, waste, the pass's
# cards, how far they are dealt, redeals left, packed counts, steps so far.
Snapshot = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int, int
]


@dataclass
class LineMemo:
    """A line's state at each of its decision points, and its steps, so that a line
    differing from it only from decision ``start`` on replays from there."""

    snapshots: list[Snapshot]
    steps: list[Step]
    start: int = 0


class BudgetSpentError(Exception):
    """The whole search's node budget is spent."""


class CapError(Exception):
    """A line's last-pass search reached its cap."""


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


def _wants_of(counts: Sequence[int], packed: int) -> Wants:
    """What :meth:`Search._wants` caches: the same as :func:`build_choices` for every
    rank at once, with the mask of the ranks some foundation wants."""
    found: dict[int, list[tuple[int, int]]] = {}
    mask = 0
    for k in range(FOUNDATIONS - 1, -1, -1):  # right to left: the rightmost per slot first
        c = counts[k]
        if c >= FOUNDATION_SIZE or (c == 0 and k > 0 and counts[k - 1] == 0):
            continue
        r = (12 - k - c) % 13
        slot = k + c
        takers = found.get(r)
        if takers is None:
            found[r] = [(slot, k)]
            mask |= 1 << r
        elif takers[0][0] != slot and (len(takers) == 1 or takers[1][0] != slot):
            takers.append((slot, k))
    choices = [_NO_TAKERS] * 13
    for r, takers in found.items():
        takers.sort()
        choices[r] = [k for _, k in takers]
    return (packed, mask, tuple(choices))


class Pass:
    """One pass's card sequence, with each suffix's exact code."""

    __slots__ = ("codes", "seq")

    def __init__(self, seq: tuple[int, ...]):
        self.seq = seq
        n = len(seq)
        # codes[i] packs seq[i:] four bits a card behind a leading 1: equal codes, equal
        # stocks, whatever pass they came from.
        self.codes = [1] * (n + 1)
        for i in range(n - 1, -1, -1):
            self.codes[i] = (self.codes[i + 1] << 4) | seq[i]


class Search:
    """One search from a position, over ranks; counts its nodes against a budget.

    The waste is ``self.waste`` (ranks, bottom to top) with, for each depth, an exact
    code (``self.wcodes``), so that a position's key, ``(stock code, waste code,
    counts, redeals)``, is exact and cheap whatever history led to it.
    """

    def __init__(self, seq: list[int], dealt: int, counts: list[int], redeals: int, budget: int):
        self.counts = list(counts)
        self.left = [0] * 13  # copies of each rank not yet on a foundation
        for k in range(FOUNDATIONS):
            for c in range(counts[k], FOUNDATION_SIZE):
                self.left[(12 - k - c) % 13] += 1
        self.budget = max(0, budget)
        self.nodes = 0
        self.lost: set[Key] = set()
        self.wants: dict[int, Wants] = {}
        self.passes: dict[tuple[int, ...], Pass] = {}
        self.path: list[Step] = []
        self.best_path: list[Step] = []  # the line that built the most cards so far
        self.best_left = sum(self.left) + 1
        self.line_left = 0  # fewest cards left on the line being played
        self.cap = 0  # node count at which a line's last-pass search stops
        self.first = self.pass_of(tuple(seq))
        self.dealt = dealt
        self.redeals = redeals
        self.waste: list[int] = []
        self.wcodes = [1]
        for rank in seq[:dealt]:
            self._push(rank)

    # --- position -------------------------------------------------------------------

    def pass_of(self, seq: tuple[int, ...]) -> Pass:
        """The (shared) :class:`Pass` of a card sequence."""
        data = self.passes.get(seq)
        if data is None:
            data = self.passes[seq] = Pass(seq)
        return data

    def _push(self, rank: int) -> None:
        self.waste.append(rank)
        self.wcodes.append((self.wcodes[-1] << 4) | rank)

    def _pop(self) -> int:
        self.wcodes.pop()
        return self.waste.pop()

    def _truncate(self, depth: int) -> None:
        del self.waste[depth:]
        del self.wcodes[depth + 1 :]

    def _restore(self, saved: tuple[list[int], list[int], list[int], int]) -> None:
        self.counts[:] = saved[0]
        self.left[:] = saved[1]
        self._truncate(0)
        for rank in saved[2]:
            self._push(rank)
        del self.path[saved[3] :]

    def _saved(self) -> tuple[list[int], list[int], list[int], int]:
        return (list(self.counts), list(self.left), list(self.waste), len(self.path))

    def _note(self) -> None:
        """Remember the line to here if it has built more cards than any before."""
        left = sum(self.left)
        self.line_left = min(self.line_left, left)
        if left < self.best_left:
            self.best_left = left
            self.best_path = list(self.path)

    def tick(self) -> None:
        """Count one node; stop the search (or a line's capped last pass) when spent."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetSpentError
        if self.cap and self.nodes > self.cap:
            raise CapError

    def _packed(self) -> int:
        f = 0
        for c in self.counts:
            f = f * 16 + c
        return f

    def _wants(self) -> Wants:
        """``(packed counts, mask of wanted ranks, build choices by rank)``, cached."""
        packed = self._packed()
        info = self.wants.get(packed)
        if info is None:
            info = self.wants[packed] = _wants_of(self.counts, packed)
        return info

    def _next_wanted(self, seq: tuple[int, ...], i: int) -> int:
        """The index of the next card in ``seq[i:]`` some foundation wants (or len)."""
        wanted = self._wants()[1]
        n = len(seq)
        while i < n and not (wanted >> seq[i]) & 1:
            i += 1
        return i

    def _build(self, k: int) -> None:
        self.counts[k] += 1
        self.left[self._pop()] -= 1
        self.path.append(("build", k))

    def _deal_to(self, seq: tuple[int, ...], i: int, j: int) -> int:
        """Deal ``seq[i:j]`` onto the waste (one step in the path); the new index."""
        for q in range(i, j):
            self._push(seq[q])
        self.path.append(("deal", j - i))
        return j

    def _redeal(self, cards: Pass, i: int) -> Pass:
        """The next pass: the waste turned over, then what the stock still held."""
        nxt = self.pass_of(tuple(self.waste) + cards.seq[i:])
        self._truncate(0)
        return nxt

    def final_start_possible(self, cards: Pass) -> bool:
        """The static test of a last pass about to start (remembered when it fails)."""
        key = (cards.codes[0], 1, self._packed(), 0)
        if key in self.lost:
            return False
        if final_pass_start_possible(cards.seq, self.counts):
            return True
        self.lost.add(key)
        return False

    # --- lines -------------------------------------------------------------------------

    def playout(self, cards: Pass, i: int) -> bool:
        """Play the last pass out always building (rightmost foundation first), noting
        its progress. True if that wins (the path then holds the line); else the
        position is unchanged."""
        counts, left, waste = list(self.counts), list(self.left), list(self.waste)
        packed, wants, seq = self._packed(), self.wants, cards.seq
        n = len(seq)
        steps: list[Step] = []
        while True:
            info = wants.get(packed)
            if info is None:
                info = wants[packed] = _wants_of(counts, packed)
            ks = info[2][waste[-1]] if waste else None
            if ks:
                k = ks[-1] if len(ks) == 1 else max(ks)
                counts[k] += 1
                packed += _PLACE[k]
                left[waste.pop()] -= 1
                steps.append(("build", k))
                continue
            if i >= n:
                break
            mask = info[1]
            j = i
            while j < n - 1 and not (mask >> seq[j]) & 1:
                j += 1
            waste.extend(seq[i : j + 1])
            steps.append(("deal", j + 1 - i))
            i = j + 1
        remaining = sum(left)
        self.line_left = min(self.line_left, remaining)
        if remaining < self.best_left:
            self.best_left = remaining
            self.best_path = self.path + steps
        if remaining:
            return False
        self.path.extend(steps)
        return True

    def play_line(
        self, choices: Sequence[int], near: int, cap: int, memo: LineMemo | None = None
    ) -> tuple[bool, int, LineMemo]:
        """Play the line ``choices`` describes and its last pass (from a position with a
        redeal left).

        At the n-th decision point before the last pass the line does ``choices[n]``
        (:data:`BUILD_LAST` past the end). The last pass is played out always
        building; if that leaves at most ``near`` cards, an exhaustive search of it
        follows, stopped after ``cap`` nodes. ``memo`` (a line's record, and the first
        decision where this line differs from it) saves replaying the common start.
        Returns ``(won, fewest cards left on the line, this line's record)``. A won
        line stays in ``path``; otherwise the position is restored.
        """
        # The passes before the last run on local copies (a tight loop: most of the
        # climb's time is spent here); the last pass runs on the search's own state.
        snaps: list[Snapshot]
        if memo is not None and 0 < memo.start < len(memo.snapshots):
            met = memo.start
            snaps = memo.snapshots[:met]
            c, lf, w, seq, i, red, packed, done = memo.snapshots[met]
            counts, left, waste, steps = list(c), list(lf), list(w), memo.steps[:done]
        else:
            met, snaps, steps = 0, [], []
            counts, left, waste = list(self.counts), list(self.left), list(self.waste)
            seq, i, red, packed = self.first.seq, self.dealt, self.redeals, self._packed()
        wants = self.wants
        n = len(seq)
        while red > 0:
            info = wants.get(packed)
            if info is None:
                info = wants[packed] = _wants_of(counts, packed)
            if waste:
                ks = info[2][waste[-1]]
                if ks:
                    self.nodes += 1
                    if self.nodes > self.budget:
                        raise BudgetSpentError
                    snaps.append(
                        (tuple(counts), tuple(left), tuple(waste), seq, i, red, packed, len(steps))
                    )
                    what = choices[met] if met < len(choices) else BUILD_LAST
                    met += 1
                    if what != HOLD:
                        k = ks[-1] if what == BUILD_LAST else ks[0]
                        counts[k] += 1
                        packed += _PLACE[k]
                        left[waste.pop()] -= 1
                        steps.append(("build", k))
                        continue
            mask = info[1]
            j = i
            while j < n and not (mask >> seq[j]) & 1:
                j += 1
            if j < n:
                waste.extend(seq[i : j + 1])
                steps.append(("deal", j + 1 - i))
                i = j + 1
                continue
            waste.extend(seq[i:])
            steps.append(("deal", n - i))
            if not waste:
                self.path.extend(steps)
                return True, 0, LineMemo(snaps, steps)
            steps.append(("redeal", 0))
            seq, i, red, n = tuple(waste), 0, red - 1, len(waste)
            waste = []
        record = LineMemo(snaps, steps)
        saved = self._saved()
        self.counts[:] = counts
        self.left[:] = left
        self._truncate(0)
        for rank in waste:
            self._push(rank)
        self.path.extend(steps)
        cards = self.pass_of(seq)
        self.line_left = sum(left)
        won = False
        try:
            self._note()
            self.tick()
            if self.playout(cards, i):
                won = True
                return True, 0, record
            if self.line_left > near or (
                i == 0 and not self.waste and not self.final_start_possible(cards)
            ):
                return False, self.line_left, record
            self.cap = self.nodes + cap
            try:
                won = self.exhaustive(cards, i, 0, stock_counts(cards.seq, i))
            except CapError:
                won = False
            return won, 0 if won else self.line_left, record
        finally:
            self.cap = 0
            if not won:
                self._restore(saved)

    # --- exhaustive search -----------------------------------------------------------

    def exhaustive(self, cards: Pass, i: int, red: int, stock_left: list[int] | None) -> bool:
        """Depth-first search for a win from this position; the waste is restored.

        ``stock_left`` counts the ranks in the stock during the last pass (else None).
        A position enters ``lost`` only once everything under it has been searched: a
        cap or the budget stops the search by an exception, which records nothing, so
        the table stays true across rounds and lines.
        """
        self.tick()
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
                    stock_left is not None and stock_left[t] == 0 and only_taker(counts, t, ks)
                )
                self._pop()
                left[t] -= 1
                try:
                    for k in ks:
                        counts[k] += 1
                        self.path.append(("build", k))
                        try:
                            if self.exhaustive(cards, i, red, stock_left):
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

    def _deal_on(self, cards: Pass, i: int, red: int, stock_left: list[int] | None) -> bool:
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
            self._deal_to(seq, i, j + 1)
            try:
                if self.exhaustive(cards, j + 1, red, new_left):
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
            last = stock_counts(nxt.seq, 0) if red == 1 else None
            if (last is None or self.final_start_possible(nxt)) and self.exhaustive(
                nxt, 0, red - 1, last
            ):
                return True
        finally:
            self._truncate(0)
            for rank in saved:
                self._push(rank)
        del self.path[-2:]
        return False
