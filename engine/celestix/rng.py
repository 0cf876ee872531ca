"""Seeded randomness that gives the same numbers on every Python.

Python's :mod:`random` is not promised to stay the same across versions, and the
engine must deal identical cards on CPython 3.11 and Pyodide's Python 3.14. So the
engine draws from its own generator, stated here exactly:

* **Generator** -- SplitMix64 (Steele, Lea and Flood, 2014). The 64-bit state
  advances by ``0x9E3779B97F4A7C15``; each output is the state mixed by
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
  z ^= z >> 31`` (all arithmetic modulo 2**64).
* **Keys** -- a generator is made from a key: a seed and any number of stream
  numbers (for example the hand number), all whole numbers >= 0. The starting state
  is ``seed``; each stream number ``k`` is folded in as ``state = mix(state ^ mix(k + 1))``,
  where ``mix`` is one SplitMix64 output step taken from that value. Different hands of
  one game therefore get independent, reproducible shuffles without storing any
  generator state in the game state.
* **Bounded draws** -- ``below(n)`` draws 64-bit outputs until one is less than
  ``2**64 - (2**64 % n)`` and returns it modulo ``n`` (no bias).
* **Shuffle** -- Fisher-Yates from the end: for ``i`` from ``len - 1`` down to ``1``,
  swap item ``i`` with item ``below(i + 1)``.

Seeds are whole numbers from 0 to 2**53 - 1, so they survive a trip through
JavaScript numbers unchanged.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MAX_SEED = (1 << 53) - 1


def mix64(value: int) -> int:
    """One SplitMix64 output step applied to ``value`` (a 64-bit avalanche)."""
    z = (value + GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """A SplitMix64 generator made from a seed and optional stream numbers."""

    __slots__ = ("_state",)

    def __init__(self, seed: int, *streams: int):
        state = seed & MASK64
        for stream in streams:
            state = mix64(state ^ mix64((stream + 1) & MASK64))
        self._state = state

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + GOLDEN_GAMMA) & MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform whole number in ``[0, n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` built from the top 53 bits of one output."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        out = list(items)
        self.shuffle(out)
        return out


def fresh_seed() -> int:
    """A new deal number for a game started without one (1 to 999,999,999)."""
    return 1 + secrets.randbelow(999_999_999)


def view_seed(view: object) -> int:
    """The seed a bot or a hint draws from a view when given none (the SHA-256 of the
    view's JSON, keys sorted): the same view gives the same seed, so a hint and the review
    of the same decision search the same sampled deals."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")
