"""Whole games between computer players, for any game: the simulators', the arenas'
and the tests' one loop.

* :func:`bot_seed` -- the one seed formula: the bot choosing the ``step``-th action
  of a game keyed ``key`` (usually the game's seed) gets
  ``mix64(key ^ mix64(step)) >> 11`` (:func:`celestix.rng.mix64`), a seed below
  2**53. The terminal's ``play`` gives its bots the same seeds.
* :func:`play` -- one game over ``registry.rules_for(game)``: straight through the
  rules (a long run would spend its time in the facade's checks of every state), with
  ``audit`` checking the state once a hand (:attr:`GameRules.hand_field`) and at the
  end, or ``checked`` sending every call through :mod:`celestix.api` as a front end
  does. Every step (the view, the action, the processor milliseconds the bot took,
  the new state and its events) can be observed, and ``until`` can stop the game early.
* :func:`run_jobs` -- the one process pool: jobs in parallel processes, in order,
  or one after another where processes cannot be made (Pyodide).

Game packages never import this module or the facade; the terminal (``celestix.cli``),
the tests and the benchmarks do.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from celestix import api
from celestix.options import OptionValue, resolve
from celestix.registry import rules_for
from celestix.rng import mix64
from celestix.shape import JsonDict

J = TypeVar("J")
R = TypeVar("R")


def bot_seed(key: int, step: int) -> int:
    """The seed of the bot choosing action number ``step`` of the game keyed ``key``."""
    return mix64(key ^ mix64(step)) >> 11


@dataclass
class Step:
    """One action of a bot game."""

    seat: int
    view: JsonDict  # what the bot saw
    action: JsonDict
    ms: float  # processor milliseconds the bot took to choose
    state: JsonDict  # the state after the action
    events: list[JsonDict]


@dataclass
class Played:
    """How a bot game went."""

    state: JsonDict  # the last state
    actions: int
    finished: bool  # the game is over (not stopped by ``until`` or ``max_hands``)


def play(
    game: str,
    levels: Sequence[str],
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 1,
    *,
    setup: JsonDict | None = None,
    key: int | None = None,
    checked: bool = False,
    audit: bool = False,
    max_hands: int | None = None,
    until: Callable[[Step], bool] | None = None,
    observe: Callable[[Step], None] | None = None,
) -> Played:
    """Play game ``seed`` of ``game`` with the bot of ``levels[s]`` in seat ``s``.

    Bots are seeded by :func:`bot_seed` from ``key`` (default: ``seed``). The game ends
    when it is over, when ``max_hands`` hands have been played, or when ``until(step)``
    says so after a step.
    """
    rules = rules_for(game)
    if checked:
        state = api.new_game(game, dict(options or {}), seed, setup)
    else:
        state = rules.new_game(resolve(rules.option_specs, dict(options or {})), seed, setup)
        if audit:
            rules.check_state(state)
    key = seed if key is None else key
    hands = rules.hand_field
    first = state[hands] if hands is not None else 0
    actions = 0
    while not state["over"]:
        if max_hands is not None and hands is not None and state[hands] - first >= max_hands:
            break
        seat = state["to_act"]
        view = api.view(state, seat) if checked else rules.view(state, seat)
        began = time.process_time()  # processor time: less sensitive to other load
        if checked:
            action = api.bot_action(view, levels[seat], bot_seed(key, actions))
        else:
            action = rules.bot_action(view, levels[seat], bot_seed(key, actions))
        took = 1000 * (time.process_time() - began)
        if checked:
            result = api.apply(state, action, seat)
            after, events = result["state"], result["events"]
        else:
            after, events = rules.apply(state, action, seat)
            new_hand = hands is not None and after[hands] != state[hands]
            if audit and (after["over"] or new_hand):
                rules.check_state(after)
        state = after
        actions += 1
        step = Step(seat, view, action, took, state, events)
        if observe is not None:
            observe(step)
        if until is not None and until(step):
            break
    return Played(state, actions, bool(state["over"]))


def run_jobs(
    function: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    progress: Callable[[list[R], int], None] | None = None,
) -> tuple[list[R], int]:
    """``function`` of every job, in order, in ``workers`` processes (one after another
    where processes cannot be made); ``progress(results so far, processes)`` after each.

    Returns the results and the number of processes used.
    """
    results: list[R] = []
    if workers > 1 and len(jobs) > 1:
        try:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for result in pool.imap(function, jobs, chunksize=1):
                    results.append(result)
                    if progress is not None:
                        progress(results, workers)
                return results, workers
        except (OSError, ImportError, NotImplementedError):
            results = []  # no processes here (e.g. Pyodide): play them in this one
    for job in jobs:
        results.append(function(job))
        if progress is not None:
            progress(results, 1)
    return results, 1
