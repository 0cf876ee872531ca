"""Finding a winning line fast: a hill climb over the decisions of the early passes.

A *line* is given by what it does at each decision point before the last pass (a waste
top some foundation wants): build it on the highest slot that wants it (the default),
on the lowest one, or hold it and deal on. The last pass is then played out always
building, and searched exhaustively (with a small cap) when that comes close. A line
is scored by the fewest cards it left unbuilt.

The climb starts from the line that always builds and repeatedly changes one to three
decisions drawn at random, keeping the change when the score is no worse; after a
long run without improvement it starts again from the default line. Winning lines
mostly differ from it in a few holds: a Queen, Jack, ... kept in the first pass for
its second slot (the foundations' late cards), or a low card kept for a foundation
that arrives later. The draws come from :class:`celestix.rng.Rng`, so the climb is
the same on every Python; it only ever *finds* wins (it proves nothing).
"""

from __future__ import annotations

from typing import Protocol

from celestix.patience.solver_search import BUILD_FIRST, BUILD_LAST, HOLD, LineMemo
from celestix.rng import Rng

# A line's last pass is searched exhaustively when its playout leaves at most this
# many cards, for at most this many nodes.
NEAR = 10
LAST_PASS_CAP = 250
# Changes per step (1 to this many), and steps without improvement before a restart.
MAX_CHANGES = 3
RESTART_AFTER = 300
# Out of ten changes, how many toggle a hold (the others toggle the foundation).
HOLD_TENTHS = 8


class LinePlayer(Protocol):
    """What the climb needs from a search: its node count and a way to play a line."""

    nodes: int

    def play_line(
        self, choices: list[int], near: int, cap: int, memo: LineMemo | None = None
    ) -> tuple[bool, int, LineMemo]:
        """``(won, fewest cards left, the line's record)``; see ``Search.play_line``."""
        ...


class Climb:
    """A climb that can be resumed: :meth:`run` goes on from where it stopped."""

    def __init__(self, rng: Rng):
        self.rng = rng
        self.choices: list[int] = []
        self.best = -1  # score of the current line (-1: not played yet)
        self.memo: LineMemo | None = None
        self.stall = 0

    def run(self, player: LinePlayer, end: int) -> bool:
        """Climb until a line wins (True; the player's path holds it) or ``end`` nodes."""
        rng = self.rng
        while player.nodes < end:
            if self.memo is None or self.stall >= RESTART_AFTER:
                self.choices, self.stall = [], 0
                won, self.best, self.memo = player.play_line([], NEAR, LAST_PASS_CAP)
                if won:
                    return True
                continue
            memo = self.memo
            met = len(memo.snapshots)
            trial = self.choices + [BUILD_LAST] * (met - len(self.choices))
            memo.start = met
            for _ in range(1 + rng.below(MAX_CHANGES)):
                d = rng.below(max(met, 1))
                if d >= len(trial):
                    trial.append(BUILD_LAST)
                memo.start = min(memo.start, d)
                if rng.below(10) < HOLD_TENTHS:
                    trial[d] = BUILD_LAST if trial[d] == HOLD else HOLD
                else:
                    trial[d] = BUILD_LAST if trial[d] == BUILD_FIRST else BUILD_FIRST
            won, score, trial_memo = player.play_line(trial, NEAR, LAST_PASS_CAP, memo)
            if won:
                return True
            if score <= self.best:
                self.stall = 0 if score < self.best else self.stall + 1
                self.best, self.choices, self.memo = score, trial, trial_memo
            else:
                self.stall += 1
        return False
